package explorer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
)

// PositionEntry is one position of a list: an entry of a .fen/.xfen
// position list, or the start position of a game of any record file.
type PositionEntry struct {
	// Name is the entry's Event tag, else its FEN_INDEX tag, else "#n"
	// (1-based).
	Name string
	// FEN is the position as the list gives it ("" for the standard start).
	FEN string
	// Position is the position; Err says why there is none.
	Position board.Position
	Err      error
}

// positionListMax bounds the size of a position list read into memory.
const positionListMax = 256 << 20

// ReadPositions reads the positions of the list r (any format package
// parse detects; a position list gives one entry a position, a game file
// the start position of each game). An entry whose FEN is not a position
// is kept with its Err; an error is returned only when r cannot be read
// or holds no entry.
func ReadPositions(r io.Reader, name string) ([]PositionEntry, error) {
	data, err := io.ReadAll(io.LimitReader(r, positionListMax+1))
	if err != nil {
		return nil, err
	}
	if len(data) > positionListMax {
		return nil, fmt.Errorf("%s: a position list larger than %d bytes", name, positionListMax)
	}
	f := parse.Detect(data[:min(len(data), parse.DetectSize)], name)
	if f == "" {
		return nil, fmt.Errorf("%s: %w", name, parse.ErrUnsupported)
	}
	rd, err := parse.NewReader(f, bytes.NewReader(data), int64(len(data)), name)
	if err != nil {
		return nil, err
	}
	var out []PositionEntry
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		var pe *parse.Error
		if rec == nil || err != nil && !errors.As(err, &pe) {
			return out, err
		}
		e := PositionEntry{Name: rec.Tags.Value("Event"), FEN: rec.FEN}
		if e.Name == "" {
			e.Name = rec.Tags.Value("FEN_INDEX")
		}
		if e.Name == "" {
			e.Name = "#" + strconv.Itoa(len(out)+1)
		}
		switch {
		case err != nil:
			e.Err = err
		case rec.FEN == "":
			e.Position = board.StartPosition()
		default:
			e.Position, e.Err = ParsePosition(rec.FEN)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w", name, parse.ErrNoGame)
	}
	return out, nil
}

// ReadPositionFile reads the positions of the list in the file at path
// (ReadPositions).
func ReadPositionFile(path string) ([]PositionEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadPositions(f, path)
}

// Queries returns a query of base for each position of entries, with
// Mirror set as given, and its name and FEN ("name FEN"); the entries
// that are not positions are returned apart.
func Queries(entries []PositionEntry, base Query, mirror bool) (queries []Query, names []string, bad []PositionEntry) {
	names = []string{}
	for _, e := range entries {
		if e.Err != nil {
			bad = append(bad, e)
			continue
		}
		q := base
		q.Position, q.HasPosition, q.Mirror = e.Position, true, mirror
		queries = append(queries, q)
		names = append(names, e.Name+" "+e.Position.FEN())
	}
	return queries, names, bad
}
