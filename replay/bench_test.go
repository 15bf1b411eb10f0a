package replay_test

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// BenchmarkReplay replays every real record (main line and variations),
// read into memory first, and reports plies/s: the replay stage of
// validate alone (notation resolution, legality, check and keys).
func BenchmarkReplay(b *testing.B) {
	dir := recordsDir(b)
	var recs []*parse.Record
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec != nil && it.Err == nil {
			recs = append(recs, it.Rec)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	plies := 0
	for _, r := range recs {
		plies += len(replay.Replay(r, replay.Options{}).Plies)
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	for b.Loop() {
		for _, r := range recs {
			replay.Replay(r, replay.Options{})
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies)/float64(b.N), "ns/ply")
	// CPU time of the process (GC included) per ply: steadier than the
	// wall clock on a shared machine.
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(plies)/float64(b.N), "cpu-ns/ply")
}

// BenchmarkParseReplay parses and replays every game of the real PGN
// records from its raw text (split from the files once, beforehand), and
// hands the record and the game back as validate does: the per-game work
// of packages parse, notation, replay and board on the PGN path, warm in
// the cache as in a pass, in CPU-ns per replayed ply.
func BenchmarkParseReplay(b *testing.B) {
	dir := recordsDir(b)
	var raws []*parse.RawGame
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(strings.ToLower(filepath.Ext(path)), ".pgn") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		r := parse.NewPGNReader(bytes.NewReader(data), path)
		for {
			g, err := r.NextRaw()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			raws = append(raws, g)
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	plies := 0
	for _, g := range raws {
		if rec := g.Parse(); rec != nil {
			plies += len(replay.Replay(rec, replay.Options{}).Plies)
		}
	}
	if plies == 0 {
		b.Fatal("no ply replayed")
	}
	cpu0 := cputime.Process()
	for b.Loop() {
		for _, g := range raws {
			rec := g.Parse()
			if rec == nil {
				continue
			}
			replay.Replay(rec, replay.Options{}).Release()
			rec.Release()
		}
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(plies)/float64(b.N), "cpu-ns/ply")
}
