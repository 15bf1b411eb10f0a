package explorer

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/dedupe/duplicates"
)

// ErrDataset is wrapped by the errors of a dataset that lacks a file or
// column this package reads, or holds a value it cannot read.
var ErrDataset = errors.New("explorer: not a dataset of xqtool export")

// DatasetGames reads the games of the export datasets under dir (a
// dataset, its year partitions, a directory of shards; see dataset.Open)
// and calls fn with each: the start position, the valid main line, the
// declared result, the year and the tags. A game is a Copy when its
// duplicate_kind is set; a duplicates.parquet that "xqtool dedupe" wrote
// in dir (copies across shards) decides instead, for the games it lists.
// The Game passed to fn is reused by the next call. A game whose record
// could not be read (no start_fen) is read from the standard start with
// no move; one whose start could not be built and that has no move is
// passed over, as FromGame does; one whose start position or moves
// cannot be read is skipped with its error reported by bad (nil: the
// error ends the read).
func DatasetGames(dir string, fn func(g *Game) error, bad func(err error) error) error {
	r, err := dataset.Open([]string{dir})
	if err != nil {
		return err
	}
	defer r.Close()
	copies, err := duplicates.ReadCopies(filepath.Join(dir, duplicates.Name))
	if err != nil {
		return err
	}
	if bad == nil {
		bad = func(err error) error { return err }
	}
	var g Game
	for {
		dg, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		start, moves, err := dg.Line()
		switch {
		case dg.StartFEN == "" && len(dg.MovesICCS) == 0:
			start, err = board.StartPosition(), nil
		case errors.Is(err, dataset.ErrNoStart) && len(dg.MovesICCS) == 0:
			continue // no position and no move: nothing to count (as FromGame)
		}
		if err == nil {
			if err = legal(start, moves); err != nil {
				err = dg.Errorf("%w", err)
			}
		}
		if err != nil {
			if err := bad(fmt.Errorf("%w: %w", ErrDataset, err)); err != nil {
				return err
			}
			continue
		}
		g = Game{ID: dg.GameID, Source: dg.Source, Index: dg.Index, Start: start, Moves: moves,
			Result: ParseResult(dg.Result), Year: dg.Year,
			Event: dg.Event, Site: dg.Site, Date: dg.Date, Round: dg.Round, Red: dg.Red, Black: dg.Black,
			Copy: dg.DuplicateKind != ""}
		if copyOf, listed := copies[g.ID]; listed {
			g.Copy = copyOf
		}
		if err := fn(&g); err != nil {
			return err
		}
	}
}

// legal checks that the moves are legal, played from start.
func legal(start board.Position, moves []board.Move) error {
	p := start
	for i, m := range moves {
		if !p.IsLegal(m) {
			return fmt.Errorf("ply %d: %s is not legal", i+1, m)
		}
		p.MakeMove(m)
	}
	return nil
}
