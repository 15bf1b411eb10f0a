package training

import (
	"encoding/binary"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/pipeline"
)

// GameSink is the part of a training-data sink that decides which games
// are written: it holds each game of a run (pipeline.Held) during the pass (its
// id, start position, moves, result, whether it is clean, its split:
// about 2 bytes a ply), and at Finish, with the duplicate verdicts, hands
// the games the options' filter takes (and their mirrors with
// Options.Mirror) to its write function, in input order, and counts them.
//
// The write function may refuse a game with an error wrapping one of the
// sentinels of a Reason (ErrNotStandardStart, ErrNoResultCSV,
// ErrUnreadableMove, ErrNoMoves): the game is counted as left out for that
// reason (a mirror as MirrorsLeft); any other error ends the run.
type GameSink struct {
	pipeline.NopSink
	opt        Options
	splitter   Splitter
	groupPlies int
	write      func(*Game) error
	held       *pipeline.Held
	counts     Counts

	g    Game
	buf  []byte
	mbuf []board.Move
}

// NewGameSink returns a sink that hands the games opt takes to write.
func NewGameSink(opt Options, write func(*Game) error) *GameSink {
	return &GameSink{opt: opt, splitter: opt.Splitter(), write: write}
}

// Counts returns the games written, by split, and those left out, by
// reason (complete after Finish).
func (s *GameSink) Counts() Counts { return s.counts }

// Start takes the run's duplicate MinPlies for the split groups.
func (s *GameSink) Start(info pipeline.Info) error {
	s.groupPlies = info.Duplicates.MinPlies
	var err error
	s.held, err = pipeline.NewHeld(info.TempDir)
	return err
}

// Game holds what the writers need of the game.
func (s *GameSink) Game(g *pipeline.Game) error {
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
func (s *GameSink) Finish(v *pipeline.Verdicts) error {
	return s.held.Each(v, func(rec []byte, _ int, d pipeline.Dup) error {
		if d.Drop {
			return nil
		}
		if err := s.decode(rec); err != nil {
			return err
		}
		Verdict(&s.g, d)
		return s.take()
	})
}

// Close removes the held games (Commit and Abort of the sinks that embed
// it).
func (s *GameSink) Close() {
	if s.held != nil {
		s.held.Close()
	}
}

// take writes the decoded game (and its mirror) and counts it.
func (s *GameSink) take() error {
	g := &s.g
	r := s.opt.Filter.Check(g)
	if r == Taken {
		err := s.write(g)
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
	err = s.write(&m)
	if _, ok := reasonOf(err); ok {
		s.counts.MirrorsLeft++
		return nil
	}
	if err == nil {
		s.counts.Mirrored++
	}
	return err
}

// decode reads a held game into s.g.
func (s *GameSink) decode(rec []byte) error {
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
		// The replay may have accepted the start with its faults: so do
		// we (it is written by the same FEN writer, so it reads back).
		st, err := board.ParseFEN(fen)
		if err == nil {
			g.Start, err = board.NewPositionRelaxed(st, st.Validate())
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
