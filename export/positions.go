package export

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// PositionsWriter writes positions.parquet (PositionsSchema) to an
// io.Writer.
//
// It is the largest file by far (a row per ply) and drives its colFile
// itself (games and flags go through a colTable): the plain columns are built in Arrow batches and
// written to the open row group batch by batch, and the dictionary columns
// (game_id, side, the three move notations, capture) are collected as
// dictionary indices over the row group (see dictColumn).
type PositionsWriter struct {
	cfg    *config
	f      *colFile
	rows   int   // rows in the batch builders
	total  int64 // rows written
	closed bool
	err    error // first error; the writer is unusable after it

	fen             *array.StringBuilder
	ply, pliesToEnd *array.Int32Builder
	check           *array.BooleanBuilder
	resultSTM       *array.Int8Builder
	dataLen         int // FEN bytes of the last batch

	gameID, side, iccs, wxf, chinese, capture *dictColumn

	def []int16
	buf []byte
	fw  fenWriter
}

// Columns of PositionsSchema.
const (
	posGameID = iota
	posPly
	posFEN
	posSide
	posICCS
	posWXF
	posChinese
	posCapture
	posCheck
	posResultSTM
	posPliesToEnd
)

// NewPositionsWriter returns a writer of positions.parquet to w. Close
// must be called to complete the file (it does not close w).
func NewPositionsWriter(w io.Writer, opts ...Option) (*PositionsWriter, error) {
	return newPositionsWriter(w, newConfig(opts))
}

func newPositionsWriter(w io.Writer, cfg *config) (*PositionsWriter, error) {
	f, err := newColFile(w, PositionsSchema, cfg, cfg.rowGroupRows, parquet.WithDataPageSize(colPageSize))
	if err != nil {
		return nil, err
	}
	mem := cfg.mem
	pw := &PositionsWriter{
		cfg: cfg, f: f, buf: make([]byte, 0, 128),
		fen: array.NewStringBuilder(mem), gameID: newDictColumn(mem, 0),
		ply: array.NewInt32Builder(mem), pliesToEnd: array.NewInt32Builder(mem),
		check: array.NewBooleanBuilder(mem), resultSTM: array.NewInt8Builder(mem),
		side:    newDictColumn(mem, 2),
		iccs:    newDictColumn(mem, 1<<14), // board.Move is 14 bits
		wxf:     newDictColumn(mem, 0),
		chinese: newDictColumn(mem, 0),
		capture: newDictColumn(mem, 128), // FEN letters
	}
	pw.reserve()
	return pw, nil
}

// reserve makes room in the batch builders for a batch, string data as
// large as the last batch's: the builders give their buffers to the
// arrays of each batch, and growing them value by value costs more.
func (pw *PositionsWriter) reserve() {
	n := pw.cfg.batchRows
	pw.fen.Reserve(n)
	pw.fen.ReserveData(pw.dataLen)
	pw.ply.Reserve(n)
	pw.pliesToEnd.Reserve(n)
	pw.check.Reserve(n)
	pw.resultSTM.Reserve(n)
}

// Write appends one row per ply of the valid main-line prefix of the game;
// a game that could not be read or replayed adds nothing.
func (pw *PositionsWriter) Write(r *analyze.Report) error {
	return pw.write(newGame(r))
}

// Rows returns the number of rows written so far.
func (pw *PositionsWriter) Rows() int64 { return pw.total + int64(pw.rows) }

// checkErr returns the sticky error, or errClosed after Close.
func (pw *PositionsWriter) checkErr() error {
	if pw.err != nil {
		return pw.err
	}
	if pw.closed {
		return errClosed
	}
	return nil
}

// added counts a row and writes out the batch when it is full, and the
// row group when it reaches the row bound.
func (pw *PositionsWriter) added() error {
	pw.rows++
	if pw.rows < pw.cfg.batchRows && pw.f.rgRows+int64(pw.rows) < pw.cfg.rowGroupRows {
		return nil
	}
	if err := pw.flush(); err != nil {
		return err
	}
	if pw.f.rgRows >= pw.cfg.rowGroupRows || pw.f.compressedBytes() >= pw.cfg.rowGroupBytes {
		return pw.closeRowGroup()
	}
	return nil
}

// flush writes the batch of plain columns to the open row group.
func (pw *PositionsWriter) flush() error {
	if pw.rows == 0 {
		return nil
	}
	pw.dataLen = pw.fen.DataLen()
	cols := [...]struct {
		col int
		b   array.Builder
	}{
		{posPly, pw.ply}, {posFEN, pw.fen}, {posCheck, pw.check},
		{posResultSTM, pw.resultSTM}, {posPliesToEnd, pw.pliesToEnd},
	}
	var err error
	for _, c := range cols {
		arr := c.b.NewArray()
		if err == nil {
			var def []int16
			if PositionsSchema.Field(c.col).Nullable {
				pw.def = defLevels(pw.def, arr)
				def = pw.def
			}
			err = pw.f.write(c.col, arr, def)
		}
		arr.Release()
	}
	pw.f.rgRows += int64(pw.rows)
	pw.total += int64(pw.rows)
	pw.rows = 0
	if err != nil {
		pw.err = fmt.Errorf("export: %w", err)
		return pw.err
	}
	if !pw.closed {
		pw.reserve()
	}
	return nil
}

// closeRowGroup writes the dictionary columns of the open row group and
// closes it.
func (pw *PositionsWriter) closeRowGroup() error {
	if pw.f.rgRows == 0 {
		return nil
	}
	cols := [...]struct {
		col int
		c   *dictColumn
	}{
		{posGameID, pw.gameID}, {posSide, pw.side}, {posICCS, pw.iccs}, {posWXF, pw.wxf}, {posChinese, pw.chinese}, {posCapture, pw.capture},
	}
	var err error
	for _, c := range cols {
		arr := c.c.array()
		if err == nil {
			var def []int16
			if PositionsSchema.Field(c.col).Nullable {
				pw.def = defLevels(pw.def, arr)
				def = pw.def
			}
			err = pw.f.write(c.col, arr, def)
		}
		arr.Release()
	}
	if err == nil {
		err = pw.f.closeRowGroup()
	}
	if err != nil {
		pw.err = fmt.Errorf("export: %w", err)
	}
	return pw.err
}

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (pw *PositionsWriter) Close() error {
	if pw.closed {
		return pw.err
	}
	pw.closed = true
	err := pw.err
	if err == nil {
		err = pw.flush()
	}
	if err == nil {
		err = pw.closeRowGroup()
	}
	if cerr := pw.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("export: %w", cerr)
	}
	for _, b := range []array.Builder{pw.fen, pw.ply, pw.pliesToEnd, pw.check, pw.resultSTM} {
		b.Release()
	}
	for _, c := range []*dictColumn{pw.gameID, pw.side, pw.iccs, pw.wxf, pw.chinese, pw.capture} {
		c.release()
	}
	pw.err = err
	return err
}

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
	if err := pw.checkErr(); err != nil {
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
		pw.gameID.appendString(g.id)
		pw.ply.Append(int32(i + 1))
		pw.buf = pw.fw.append(pw.buf[:0], &p)
		pw.fen.BinaryBuilder.Append(pw.buf)
		black := p.Side() == board.Black
		if k := int(p.Side()); !pw.side.appendKey(k) {
			if black {
				pw.side.addKey(k, []byte("black"))
			} else {
				pw.side.addKey(k, []byte("red"))
			}
		}
		// The ICCS text depends on the move alone; WXF and Chinese also
		// on the position (the piece, and others on its file).
		if k := iccsKey(m); !pw.iccs.appendKey(k) {
			pw.iccs.addKey(k, appendICCS(pw.buf[:0], m))
		}
		pw.buf = notation.AppendWXF(pw.buf[:0], &p, m)
		pw.wxf.appendText(pw.buf)
		pw.buf = notation.AppendChinese(pw.buf[:0], &p, m, notation.ChineseStyle{})
		pw.chinese.appendText(pw.buf)
		if ply.Capture.IsEmpty() {
			pw.capture.appendNull()
		} else if k := int(ply.Capture.FENLetter()); !pw.capture.appendKey(k) {
			pw.capture.addKey(k, []byte{byte(k)})
		}
		pw.check.Append(ply.Check)
		switch {
		case !known:
			pw.resultSTM.AppendNull()
		case black:
			pw.resultSTM.Append(-res)
		default:
			pw.resultSTM.Append(res)
		}
		pw.pliesToEnd.Append(int32(n - i))
		p.MakeMove(m)
		pw.fw.moved(&p, m)
		if err := pw.added(); err != nil {
			return err
		}
	}
	return nil
}

// iccsKey returns the dictionary key of m's ICCS text: m itself, 0
// (written "0000", like every invalid move) when invalid.
func iccsKey(m board.Move) int {
	if !m.Valid() {
		return 0
	}
	return int(m)
}
