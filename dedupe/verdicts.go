package dedupe

import (
	"encoding/binary"
	"fmt"

	"github.com/xqtool/xqtool/internal/spill"
)

// verdictWidth is a game's verdict in the temporary file of the
// verdicts: kind (1 byte), kept copy, cluster size, plies, kept copy's
// plies (4 bytes each, little endian).
const verdictWidth = 1 + 4*4

// verdictWindow is the number of verdicts read at a time (68 KB).
const verdictWindow = 4096

// storeVerdicts writes each game's verdict to a temporary file of
// fixed-width entries, read back by Verdict through a window, and
// releases the per-game arrays and columns: once Finish has decided, the
// index keeps nothing per game in memory (the names, fills and pairs of
// the clusters stay).
func (ix *Index) storeVerdicts() error {
	fin := ix.fin
	x, err := spill.CreateFixed(ix.opt.TempDir, "dedupe-verdicts", verdictWidth, verdictWindow)
	if err != nil {
		return fmt.Errorf("dedupe: %w", err)
	}
	var e [verdictWidth]byte
	for i := range int32(len(fin.kept)) {
		k := fin.kept[i]
		e[0] = byte(fin.kind[i])
		binary.LittleEndian.PutUint32(e[1:], uint32(k))
		binary.LittleEndian.PutUint32(e[5:], uint32(fin.count[k]))
		binary.LittleEndian.PutUint32(e[9:], fin.n.at(i))
		binary.LittleEndian.PutUint32(e[13:], fin.n.at(k))
		if err := x.Append(e[:]); err != nil {
			x.Close()
			return fmt.Errorf("dedupe: %w", err)
		}
	}
	if err := x.Flush(); err != nil {
		x.Close()
		return fmt.Errorf("dedupe: %w", err)
	}
	fin.x = x
	fin.free()
	ix.n.free()
	ix.meta.free()
	ix.off.free()
	return nil
}

// verdict returns the verdict of game num.
func (f *finished) verdict(num int) (Verdict, error) {
	e, err := f.x.Get(num)
	if err != nil {
		return Verdict{}, fmt.Errorf("dedupe: %w", err)
	}
	if len(e) != verdictWidth || e[0] > byte(Mirror) {
		return Verdict{}, errCorrupt
	}
	k := int32(binary.LittleEndian.Uint32(e[1:]))
	v := Verdict{Kind: Kind(e[0]), Kept: int(k), Copies: int(binary.LittleEndian.Uint32(e[5:])),
		Plies: int(binary.LittleEndian.Uint32(e[9:])), KeptPlies: int(binary.LittleEndian.Uint32(e[13:]))}
	if v.Copies > 1 {
		v.KeptRef = f.refs[k]
		if int(k) == num {
			v.Fills = f.fills[k]
		}
		v.NamePairs = f.pairs[int32(num)]
	}
	return v, nil
}

// free releases the arrays of a finished index (kept is best's storage).
func (f *finished) free() {
	freeChunk(f.kind)
	freeChunk(f.kept)
	freeChunk(f.count)
	f.kind, f.kept, f.count, f.n = nil, nil, nil, nil
}
