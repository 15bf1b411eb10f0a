package explorer

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/xqtool/xqtool/board"
)

// Spool keeps games in a temporary file until the duplicate verdicts are
// known: the pipeline learns which games are copies only after the pass,
// so a sink that counts kept copies only adds each game to a Spool and,
// once the verdicts are in, reads them back (Each), sets Copy and adds
// them to the Builder. It keeps a game's first maxPly moves (about 2
// bytes each), its start position and its tags: tens of bytes per game on
// disk, nothing in memory.
type Spool struct {
	f      *os.File
	w      *bufio.Writer
	maxPly int
	n      int
	buf    []byte
}

// NewSpool returns an empty spool in dir ("" for os.TempDir) that keeps
// up to maxPly moves of each game (0: DefaultMaxPly).
func NewSpool(dir string, maxPly int) (*Spool, error) {
	if maxPly <= 0 {
		maxPly = DefaultMaxPly
	}
	f, err := os.CreateTemp(dir, "xqtool-explorer-*.spool")
	if err != nil {
		return nil, fmt.Errorf("explorer: %w", err)
	}
	return &Spool{f: f, w: bufio.NewWriterSize(f, 1<<16), maxPly: maxPly}, nil
}

// Len returns the number of games added.
func (s *Spool) Len() int { return s.n }

// Add appends g.
func (s *Spool) Add(g *Game) error {
	if s.w == nil {
		return ErrClosed
	}
	b := s.buf[:0]
	for _, str := range [...]string{g.ID, g.Source, g.Event, g.Site, g.Date, g.Round, g.Red, g.Black} {
		b = binary.AppendUvarint(b, uint64(len(str)))
		b = append(b, str...)
	}
	b = binary.AppendUvarint(b, uint64(max(g.Index, 0)))
	b = binary.AppendUvarint(b, uint64(max(g.Year, 0)))
	var flags byte
	if g.Copy {
		flags = 1
	}
	b = append(b, byte(g.Result), flags)
	pb := packBoard(&g.Start)
	b = append(b, pb[:]...)
	moves := g.Moves[:min(len(g.Moves), s.maxPly)]
	b = binary.AppendUvarint(b, uint64(len(moves)))
	for _, m := range moves {
		b = binary.LittleEndian.AppendUint16(b, uint16(m))
	}
	s.buf = b
	if _, err := s.w.Write(b); err != nil {
		return fmt.Errorf("explorer: spool: %w", err)
	}
	s.n++
	return nil
}

// Each reads the games back in the order they were added and calls fn
// with each game's number (0, 1, …) and the game, which is reused by the
// next call. It may be called more than once.
func (s *Spool) Each(fn func(num int, g *Game) error) error {
	if s.w == nil {
		return ErrClosed
	}
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("explorer: spool: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("explorer: spool: %w", err)
	}
	defer s.f.Seek(0, io.SeekEnd)
	r := bufio.NewReaderSize(s.f, 1<<16)
	var g Game
	var sbuf []byte
	for num := range s.n {
		if err := readSpooled(r, &g, &sbuf); err != nil {
			return fmt.Errorf("explorer: spool: game %d: %w", num, err)
		}
		if err := fn(num, &g); err != nil {
			return err
		}
	}
	return nil
}

func readSpooled(r *bufio.Reader, g *Game, sbuf *[]byte) error {
	uv := func() (uint64, error) {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return 0, corrupt(err)
		}
		return v, nil
	}
	for _, dst := range [...]*string{&g.ID, &g.Source, &g.Event, &g.Site, &g.Date, &g.Round, &g.Red, &g.Black} {
		n, err := uv()
		if err != nil {
			return err
		}
		if n > 1<<24 {
			return fmt.Errorf("%w: string of %d bytes", ErrCorrupt, n)
		}
		if cap(*sbuf) < int(n) {
			*sbuf = make([]byte, n)
		}
		b := (*sbuf)[:n]
		if _, err := io.ReadFull(r, b); err != nil {
			return corrupt(err)
		}
		*dst = string(b)
	}
	index, err := uv()
	if err != nil {
		return err
	}
	year, err := uv()
	if err != nil {
		return err
	}
	var fixed [2 + len(packedBoard{})]byte
	if _, err := io.ReadFull(r, fixed[:]); err != nil {
		return corrupt(err)
	}
	g.Index, g.Year = int(index), int(year)
	g.Result, g.Copy = Result(fixed[0]), fixed[1] == 1
	var pb packedBoard
	copy(pb[:], fixed[2:])
	g.Start, err = board.NewPositionRelaxed(pb.setup(), ^board.PositionErrorKinds(0))
	if err != nil {
		return fmt.Errorf("%w: start position: %w", ErrCorrupt, err)
	}
	n, err := uv()
	if err != nil {
		return err
	}
	if n > 1<<16 {
		return fmt.Errorf("%w: %d moves", ErrCorrupt, n)
	}
	g.Moves = g.Moves[:0]
	var mb [2]byte
	for range n {
		if _, err := io.ReadFull(r, mb[:]); err != nil {
			return corrupt(err)
		}
		g.Moves = append(g.Moves, board.Move(binary.LittleEndian.Uint16(mb[:])))
	}
	return nil
}

// Close removes the spool's file.
func (s *Spool) Close() error {
	if s.w == nil {
		return nil
	}
	s.w = nil
	err := s.f.Close()
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}
