package annotate

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/spill"
)

// gameStore holds the games added to an Annotator in temporary files, so
// that its memory does not grow with them: a record a game (its id,
// result, the side to move at its start, whether it was cut, a tag of
// the caller's, its moves and the keys of its positions: about 10 bytes a
// ply) and a fixed-width file of the records' offsets (8 bytes a game).
// Games read in the order added cost one read a buffer.
type gameStore struct {
	dir  string
	f    *spill.File
	offs *spill.Fixed
	n    int
	buf  []byte
	rd   *spill.Reader
	next int // the game rd reads next
}

// gameEntry is one game read back.
type gameEntry struct {
	g    Game // Start holds no position: side is its side to move
	side board.Color
	keys []uint64
	cut  bool
	tag  int
}

// errGames means the temporary file of the games did not read back.
var errGames = fmt.Errorf("annotate: games: %w", spill.ErrCorrupt)

func (s *gameStore) add(g *Game, keys []uint64, cut bool, tag int) error {
	if s.f == nil {
		f, err := spill.Create(s.dir, "annotate-games")
		if err != nil {
			return fmt.Errorf("annotate: %w", err)
		}
		offs, err := spill.CreateFixed(s.dir, "annotate-offsets", 8, 4096)
		if err != nil {
			f.Close()
			return fmt.Errorf("annotate: %w", err)
		}
		s.f, s.offs = f, offs
	}
	off, err := s.f.Append(s.encode(g, keys, cut, tag))
	if err != nil {
		return fmt.Errorf("annotate: %w", err)
	}
	var e [8]byte
	binary.LittleEndian.PutUint64(e[:], uint64(off))
	if err := s.offs.Append(e[:]); err != nil {
		return fmt.Errorf("annotate: %w", err)
	}
	s.n++
	return nil
}

// encode returns the record of a game (in s.buf).
func (s *gameStore) encode(g *Game, keys []uint64, cut bool, tag int) []byte {
	b := spill.AppendUvarint(s.buf[:0], tag)
	b = spill.AppendString(b, g.ID)
	b = spill.AppendString(b, g.Result)
	side, c := byte(g.Start.Side()), byte(0)
	if cut {
		c = 1
	}
	b = append(b, side, c)
	b = spill.AppendUvarint(b, len(g.Moves))
	for _, m := range g.Moves {
		b = binary.LittleEndian.AppendUint16(b, uint16(m))
	}
	for _, k := range keys {
		b = binary.LittleEndian.AppendUint64(b, k)
	}
	s.buf = b
	return b
}

// get reads game i into ge (its slices are new).
func (s *gameStore) get(i int, ge *gameEntry) error {
	if i < 0 || i >= s.n {
		return fmt.Errorf("annotate: no game %d", i)
	}
	var rec []byte
	var err error
	if s.rd == nil || i != s.next {
		if err := s.f.Flush(); err != nil {
			return fmt.Errorf("annotate: %w", err)
		}
		e, err := s.offs.Get(i)
		if err != nil {
			return fmt.Errorf("annotate: %w", err)
		}
		if len(e) != 8 {
			return errGames
		}
		s.rd = s.f.Reader(int64(binary.LittleEndian.Uint64(e)), 64<<10)
	}
	rec, err = s.rd.Next()
	if err != nil {
		s.rd = nil
		if errors.Is(err, spill.ErrCorrupt) {
			return errGames
		}
		return fmt.Errorf("annotate: %w", err)
	}
	s.next = i + 1
	return decodeGame(rec, ge)
}

func decodeGame(rec []byte, ge *gameEntry) error {
	d := spill.NewDecoder(rec)
	ge.tag = d.Uvarint()
	ge.g.ID = d.String()
	ge.g.Result = d.String()
	sc := d.Bytes(2)
	n := d.Uvarint()
	if d.Failed() || sc[0] > 1 || sc[1] > 1 || n < 0 || d.Rest() != 2*n+8*(n+1) {
		return errGames
	}
	ge.side, ge.cut = board.Color(sc[0]), sc[1] == 1
	b := d.Bytes(d.Rest())
	ge.g.Moves = make([]board.Move, n)
	for j := range ge.g.Moves {
		ge.g.Moves[j] = board.Move(binary.LittleEndian.Uint16(b[2*j:]))
	}
	b = b[2*n:]
	ge.keys = make([]uint64, n+1)
	for j := range ge.keys {
		ge.keys[j] = binary.LittleEndian.Uint64(b[8*j:])
	}
	return nil
}

// close removes the files.
func (s *gameStore) close() error {
	s.rd = nil
	err := s.offs.Close()
	if s.f != nil {
		if cerr := s.f.Close(); err == nil {
			err = cerr
		}
	}
	s.f, s.offs = nil, nil
	return err
}
