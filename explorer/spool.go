package explorer

import (
	"encoding/binary"
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/pipeline"
)

// appendGame encodes the game g for pipeline.Held: what the builder
// reads of it, with its first maxPly moves (about 2 bytes each), so that
// a sink can hold the games until the duplicate verdicts are known.
func appendGame(b []byte, g *Game, maxPly int) []byte {
	for _, s := range [...]string{g.ID, g.Source, g.Event, g.Site, g.Date, g.Round, g.Red, g.Black} {
		b = pipeline.AppendString(b, s)
	}
	b = pipeline.AppendUvarint(b, max(g.Index, 0))
	b = pipeline.AppendUvarint(b, max(g.Year, 0))
	b = pipeline.AppendUvarint(b, int(g.Result))
	pb := packBoard(&g.Start)
	b = append(b, pb[:]...)
	moves := g.Moves[:min(len(g.Moves), maxPly)]
	b = pipeline.AppendUvarint(b, len(moves))
	for _, m := range moves {
		b = binary.LittleEndian.AppendUint16(b, uint16(m))
	}
	return b
}

// decodeGame reads a game encoded by appendGame into g (its Moves are
// reused). Copy is left false.
func decodeGame(rec []byte, g *Game) error {
	d := pipeline.NewDecoder(rec)
	for _, dst := range [...]*string{&g.ID, &g.Source, &g.Event, &g.Site, &g.Date, &g.Round, &g.Red, &g.Black} {
		*dst = d.String()
	}
	g.Index, g.Year = d.Uvarint(), d.Uvarint()
	g.Result, g.Copy = Result(min(d.Uvarint(), int(BlackWin))), false
	var pb packedBoard
	copy(pb[:], d.Bytes(len(pb)))
	n := d.Uvarint()
	mb := d.Bytes(2 * n)
	if err := d.Err(); err != nil {
		return err
	}
	var err error
	if g.Start, err = board.NewPositionRelaxed(pb.setup(), ^board.PositionErrorKinds(0)); err != nil {
		return fmt.Errorf("%w: start position: %w", pipeline.ErrSpool, err)
	}
	g.Moves = g.Moves[:0]
	for i := range n {
		g.Moves = append(g.Moves, board.Move(binary.LittleEndian.Uint16(mb[2*i:])))
	}
	return nil
}
