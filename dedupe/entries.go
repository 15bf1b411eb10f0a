package dedupe

import (
	"encoding/binary"
	"fmt"

	"github.com/xqtool/xqtool/internal/spill"
)

// entries holds, while games are added, each game's hashes, plies, meta
// bits and record offset (what the columns hold once Finish has loaded
// them) in a temporary file of fixed-width entries, so that the index
// takes no memory per game during the pass: entryWidth bytes a game on
// disk, appended through a buffer.
type entries struct {
	f *spill.Fixed
	n int
	e [entryWidth]byte
}

// entryWidth is an entry: h, m, b, bm (8 bytes each), plies (4), meta (2),
// offset (8), little endian.
const entryWidth = 4*8 + 4 + 2 + 8

// entryWindow is the number of entries Finish reads at a time (184 KB).
const entryWindow = 4096

func (x *entries) add(dir string, h, m, b, bm uint64, n uint32, meta uint16, off int64) error {
	if x.f == nil {
		f, err := spill.CreateFixed(dir, "dedupe-index", entryWidth, entryWindow)
		if err != nil {
			return fmt.Errorf("dedupe: %w", err)
		}
		x.f = f
	}
	e := x.e[:]
	binary.LittleEndian.PutUint64(e[0:], h)
	binary.LittleEndian.PutUint64(e[8:], m)
	binary.LittleEndian.PutUint64(e[16:], b)
	binary.LittleEndian.PutUint64(e[24:], bm)
	binary.LittleEndian.PutUint32(e[32:], n)
	binary.LittleEndian.PutUint16(e[36:], meta)
	binary.LittleEndian.PutUint64(e[38:], uint64(off))
	if err := x.f.Append(e); err != nil {
		return fmt.Errorf("dedupe: %w", err)
	}
	x.n++
	return nil
}

// load pushes the plies, meta and offset of every entry into the index's
// columns, in order.
func (x *entries) load(ix *Index) error {
	for i := range x.n {
		e, err := x.f.Get(i)
		if err != nil {
			return fmt.Errorf("dedupe: %w", err)
		}
		if len(e) != entryWidth {
			return errCorrupt
		}
		ix.push(binary.LittleEndian.Uint32(e[32:]), binary.LittleEndian.Uint16(e[36:]),
			int64(binary.LittleEndian.Uint64(e[38:])))
	}
	return nil
}

// hashes returns the hashes of game i: of its start and main line, of
// their mirror, of its start and first minN plies, of their mirror. Reads
// that go forward cost one read a window.
func (x *entries) hashes(i int32) ([4]uint64, error) {
	e, err := x.f.Get(int(i))
	if err != nil {
		return [4]uint64{}, fmt.Errorf("dedupe: %w", err)
	}
	if len(e) != entryWidth {
		return [4]uint64{}, errCorrupt
	}
	return [4]uint64{binary.LittleEndian.Uint64(e[0:]), binary.LittleEndian.Uint64(e[8:]),
		binary.LittleEndian.Uint64(e[16:]), binary.LittleEndian.Uint64(e[24:])}, nil
}

func (x *entries) close() error {
	err := x.f.Close()
	x.f = nil
	return err
}
