package training

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
)

// File names of the alphazero-csv output.
const (
	GameInfoName = "gameinfo.csv"
	MovesName    = "moves.csv"
)

// AlphaZeroSink writes the alphazero-csv files of a run (xqtool export
// --training --format alphazero-csv): gameinfo.csv and moves.csv in a
// directory, through AlphaZeroWriter, the games the options' filter takes
// (and their mirrors with Options.Mirror), each with its split.
//
// Which games are taken depends on the duplicate verdicts (only kept
// copies by default), so the sink holds each game (pipeline.Held) during the
// pass (its id, start position, moves, result, whether it is clean, its
// split: about 2 bytes a ply) and writes both files at Finish, in input
// order. They are written to temporary names and moved into place by
// Commit.
type AlphaZeroSink struct {
	pipeline.NopSink
	dir        string
	opt        Options
	splitter   Splitter
	groupPlies int
	info, mv   *output.File
	w          *AlphaZeroWriter
	held       *pipeline.Held
	counts     Counts

	g    Game
	buf  []byte
	mbuf []board.Move
}

// NewAlphaZeroSink starts the alphazero-csv files in dir (created if
// needed).
func NewAlphaZeroSink(dir string, opt Options) (*AlphaZeroSink, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	s := &AlphaZeroSink{dir: dir, opt: opt, splitter: opt.Splitter()}
	var err error
	if s.info, err = output.Open(filepath.Join(dir, GameInfoName), nil); err != nil {
		return nil, err
	}
	if s.mv, err = output.Open(filepath.Join(dir, MovesName), nil); err != nil {
		s.info.Abort()
		return nil, err
	}
	s.w = NewAlphaZeroWriter(s.info, s.mv)
	return s, nil
}

// Counts returns the games written, by split, and those left out, by
// reason (complete after Finish).
func (s *AlphaZeroSink) Counts() Counts { return s.counts }

// Start takes the run's duplicate MinPlies for the split groups.
func (s *AlphaZeroSink) Start(info pipeline.Info) error {
	s.groupPlies = info.Duplicates.MinPlies
	var err error
	s.held, err = pipeline.NewHeld(info.TempDir)
	return err
}

// Game holds what the files need of the game.
func (s *AlphaZeroSink) Game(g *pipeline.Game) error {
	GameOf(g, &s.g)
	s.g.Split = s.splitter.Split(GroupKey(&s.g.Start, s.g.Moves, s.groupPlies))
	b := pipeline.AppendString(s.buf[:0], s.g.ID)
	fen := "" // the standard start, or no start at all when there is no move
	if len(s.g.Moves) > 0 && s.g.Start.Key() != startKey {
		fen = s.g.Start.FEN()
	}
	b = pipeline.AppendString(b, fen)
	b = append(b, byte(s.g.Result), byte(s.g.Split), boolByte(s.g.Clean))
	b = pipeline.AppendUvarint(b, len(s.g.Moves))
	for _, m := range s.g.Moves {
		b = binary.LittleEndian.AppendUint16(b, uint16(m))
	}
	s.buf = b
	return s.held.Add(g.Num(), b)
}

// Finish writes the games the filter takes, with the verdicts.
func (s *AlphaZeroSink) Finish(v *pipeline.Verdicts) error {
	return s.held.Each(v, func(rec []byte, _ int, d pipeline.Dup) error {
		if d.Drop {
			return nil
		}
		if err := s.decode(rec); err != nil {
			return err
		}
		Verdict(&s.g, d)
		return s.write()
	})
}

// write writes the decoded game (and its mirror) and counts it.
func (s *AlphaZeroSink) write() error {
	g := &s.g
	r := s.opt.Filter.Check(g)
	if r == Taken {
		err := s.w.Write(g)
		if rr, ok := reasonOf(err); ok {
			r = rr
		} else if err != nil {
			return err
		}
	}
	s.counts.Add(r, g.Split)
	if r != Taken || !s.opt.Mirror {
		return nil
	}
	m := *g
	var err error
	m.Start, s.mbuf, err = Mirror(g.Start, g.Moves, s.mbuf)
	if err != nil {
		return err
	}
	m.Moves, m.Mirrored = s.mbuf, true
	// The learner's reader is not symmetric: where pawns are doubled on
	// two files, the mirror may have a move it misreads.
	switch err := s.w.Write(&m); {
	case err == nil:
		s.counts.Mirrored++
	case errors.Is(err, ErrUnreadableMove):
		s.counts.MirrorsLeft++
	default:
		return err
	}
	return nil
}

// decode reads a held game into s.g.
func (s *AlphaZeroSink) decode(rec []byte) error {
	d := pipeline.NewDecoder(rec)
	g := &s.g
	*g = Game{ID: d.String(), Moves: g.Moves[:0], Kept: true}
	fen := d.String()
	b := d.Bytes(3)
	n := d.Uvarint()
	mv := d.Bytes(2 * n)
	if err := d.Err(); err != nil {
		return err
	}
	g.Result, g.Split, g.Clean = Result(b[0]), Split(b[1]), b[2] == 1
	for i := range n {
		g.Moves = append(g.Moves, board.Move(binary.LittleEndian.Uint16(mv[2*i:])))
	}
	g.Start = board.StartPosition()
	if fen != "" {
		var err error
		if g.Start, err = board.PositionFromFEN(fen); err != nil {
			// A start the replay accepted with its faults: no standard
			// start either way.
			g.Start = board.Position{}
		}
	}
	return nil
}

// Commit completes both files and moves them into place.
func (s *AlphaZeroSink) Commit() error {
	s.held.Close()
	if err := s.w.Close(); err != nil {
		s.Abort()
		return err
	}
	if err := s.info.Commit(); err != nil {
		s.mv.Abort()
		return err
	}
	return s.mv.Commit()
}

// Abort removes the temporary files.
func (s *AlphaZeroSink) Abort() {
	s.held.Close()
	s.info.Abort()
	s.mv.Abort()
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
