package export

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// PositionsWriter writes positions.parquet (PositionsSchema) to an
// io.Writer.
type PositionsWriter struct {
	t *table

	gameID, fen, side, iccs, wxf, chinese, capture *array.StringBuilder
	ply, pliesToEnd                                *array.Int32Builder
	check                                          *array.BooleanBuilder
	resultSTM                                      *array.Int8Builder
	buf                                            []byte
	fw                                             fenWriter
}

// NewPositionsWriter returns a writer of positions.parquet to w. Close
// must be called to complete the file (it does not close w).
func NewPositionsWriter(w io.Writer, opts ...Option) (*PositionsWriter, error) {
	return newPositionsWriter(w, newConfig(opts))
}

func newPositionsWriter(w io.Writer, cfg *config) (*PositionsWriter, error) {
	t, err := newTable(w, PositionsSchema, cfg)
	if err != nil {
		return nil, err
	}
	f := t.rb.Fields()
	pw := &PositionsWriter{t: t, buf: make([]byte, 0, 128)}
	s := func(i int) *array.StringBuilder { return f[i].(*array.StringBuilder) }
	pw.gameID, pw.ply, pw.fen, pw.side = s(0), f[1].(*array.Int32Builder), s(2), s(3)
	pw.iccs, pw.wxf, pw.chinese, pw.capture = s(4), s(5), s(6), s(7)
	pw.check = f[8].(*array.BooleanBuilder)
	pw.resultSTM = f[9].(*array.Int8Builder)
	pw.pliesToEnd = f[10].(*array.Int32Builder)
	return pw, nil
}

// Write appends one row per ply of the valid main-line prefix of the game;
// a game that could not be read or replayed adds nothing.
func (pw *PositionsWriter) Write(r *analyze.Report) error {
	return pw.write(newGame(r))
}

// Rows returns the number of rows written so far.
func (pw *PositionsWriter) Rows() int64 { return pw.t.Rows() }

// Close completes the file and releases the builders.
func (pw *PositionsWriter) Close() error { return pw.t.Close() }

// redResult returns the result from Red's side: +1, 0, −1, ok false when
// unknown. The result decided by the final position wins over the
// declared one.
func redResult(r *analyze.Report) (int8, bool) {
	res := r.ResultByPosition
	if res == "" {
		res = r.Declared()
	}
	switch res {
	case analyze.ResultRed:
		return 1, true
	case analyze.ResultBlack:
		return -1, true
	case analyze.ResultDraw:
		return 0, true
	}
	return 0, false
}

func (pw *PositionsWriter) write(g game) error {
	if err := pw.t.check(); err != nil {
		return err
	}
	gm := g.r.Game
	if gm == nil || !gm.HasStart {
		return nil
	}
	res, known := redResult(g.r)
	p := gm.Start
	n := len(gm.Plies)
	pw.fw.reset(&p)
	for i, ply := range gm.Plies {
		m := ply.Move
		pw.gameID.Append(g.id)
		pw.ply.Append(int32(i + 1))
		pw.buf = pw.fw.append(pw.buf[:0], &p)
		pw.fen.BinaryBuilder.Append(pw.buf)
		if p.Side() == board.Black {
			pw.side.Append("black")
		} else {
			pw.side.Append("red")
		}
		pw.buf = appendICCS(pw.buf[:0], m)
		pw.iccs.BinaryBuilder.Append(pw.buf)
		pw.buf = notation.AppendWXF(pw.buf[:0], &p, m)
		pw.wxf.BinaryBuilder.Append(pw.buf)
		pw.buf = notation.AppendChinese(pw.buf[:0], &p, m, notation.ChineseStyle{})
		pw.chinese.BinaryBuilder.Append(pw.buf)
		if ply.Capture.IsEmpty() {
			pw.capture.AppendNull()
		} else {
			pw.buf = append(pw.buf[:0], ply.Capture.FENLetter())
			pw.capture.BinaryBuilder.Append(pw.buf)
		}
		pw.check.Append(ply.Check)
		switch {
		case !known:
			pw.resultSTM.AppendNull()
		case p.Side() == board.Black:
			pw.resultSTM.Append(-res)
		default:
			pw.resultSTM.Append(res)
		}
		pw.pliesToEnd.Append(int32(n - i))
		p.MakeMove(m)
		pw.fw.moved(&p, m)
		if err := pw.t.added(); err != nil {
			return err
		}
	}
	return nil
}
