package dataset

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/internal/testgames"
)

const fuzzPGN = `[Event "A"]
[Red "甲"]
[Black "乙"]
[Result "1-0"]
1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0

[Event "B"]
[FEN "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"]
1. R5+8 1-0

[Event "C"]
1. 炮二平五 炮二平五 *
`

// fuzzGames returns a games.parquet of a few games.
func fuzzGames(f *testing.F) []byte {
	var buf bytes.Buffer
	gw, err := NewGamesWriter(&buf)
	if err != nil {
		f.Fatal(err)
	}
	for _, row := range rowsOf(pgnReports(f, fuzzPGN)) {
		if err := gw.write(row); err != nil {
			f.Fatal(err)
		}
	}
	if err := gw.Close(); err != nil {
		f.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzReader reads arbitrary bytes as a games.parquet through Reader: an
// error, never a panic (package duplicates fuzzes its Find too).
func FuzzReader(f *testing.F) {
	good := fuzzGames(f)
	testgames.AddParquetSeeds(f, good)
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "games.parquet"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open([]string{dir})
		if err == nil {
			for {
				if _, err := r.Next(); err != nil {
					if err != io.EOF {
						t.Log(err)
					}
					break
				}
			}
			r.Close()
		}
	})
}

// fuzzFlags returns the flags.parquet of the games of fuzzGames.
func fuzzFlags(f *testing.F) []byte {
	var buf bytes.Buffer
	fw, err := NewFlagsWriter(&buf)
	if err != nil {
		f.Fatal(err)
	}
	for _, row := range rowsOf(pgnReports(f, fuzzPGN)) {
		if err := fw.write(row); err != nil {
			f.Fatal(err)
		}
	}
	if err := fw.Close(); err != nil {
		f.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzSource reads a dataset through Source (the pipeline's reader of
// datasets): arbitrary bytes as its flags.parquet beside a good
// games.parquet, and as its games.parquet: an error, never a panic.
func FuzzSource(f *testing.F) {
	games, fl := fuzzGames(f), fuzzFlags(f)
	f.Add(fl, false)
	f.Add(fl[:len(fl)/2], false)
	f.Add(games, true)
	f.Add([]byte("PAR1PAR1"), false)
	f.Fuzz(func(t *testing.T, data []byte, asGames bool) {
		dir := t.TempDir()
		g, fd := games, data
		if asGames {
			g, fd = data, fl
		}
		if err := os.WriteFile(filepath.Join(dir, GamesName+".parquet"), g, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, FlagsName+".parquet"), fd, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Source{}.OpenDatasets([]string{dir}, nil)
		if err != nil {
			return
		}
		defer r.Close()
		for {
			if _, err := r.Next(); err != nil {
				if err != io.EOF {
					t.Log(err)
				}
				break
			}
		}
	})
}
