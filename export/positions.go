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

	// notes holds, by notationKey, the dictionary indices (+1) of the WXF
	// (low 16 bits) and Chinese (high) text in the open row group; 0 when
	// unknown; nil in a partitioned dataset. noteKeys lists the keys set,
	// to clear them.
	notes    []uint32
	noteKeys []int32

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
	if !cfg.byYear {
		// A partitioned dataset keeps up to maxOpen writers open: there
		// the arrays would add tens of MB, and the text is looked up.
		pw.notes = make([]uint32, notesLen)
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
// row group when it reaches the row or byte bound.
func (pw *PositionsWriter) added() error {
	pw.rows++
	if pw.rows < pw.cfg.batchRows && pw.f.rgRows+int64(pw.rows) < pw.cfg.rowGroupRows {
		return nil
	}
	if err := pw.flush(); err != nil {
		return err
	}
	end := pw.f.rgRows >= pw.cfg.rowGroupRows
	if !end {
		var err error
		if end, err = pw.f.reaches(0, pw.cfg.rowGroupBytes); err != nil {
			pw.err = fmt.Errorf("export: %w", err)
			return pw.err
		}
	}
	if end {
		return pw.closeRowGroup()
	}
	return nil
}

// flush hands the batch of plain columns to the encoder.
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
		if perr := pw.f.put(c.col, c.b.NewArray()); err == nil {
			err = perr
		}
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

// closeRowGroup hands the dictionary columns of the open row group to
// the encoder and ends the row group.
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
		if perr := pw.f.put(c.col, c.c.array()); err == nil {
			err = perr
		}
	}
	// The next row group has new dictionaries.
	for _, k := range pw.noteKeys {
		pw.notes[k] = 0
	}
	pw.noteKeys = pw.noteKeys[:0]
	if eerr := pw.f.endRowGroup(); err == nil {
		err = eerr
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
			pw.iccs.addKey(k, notation.AppendICCS(pw.buf[:0], m, false))
		}
		pw.appendNotations(&p, m)
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

// appendNotations appends the WXF and Chinese text of m in p.
//
// Formatting both and looking the text up in the dictionaries was a fifth
// of the writer's own work. Mostly the text depends on the move and the
// piece alone (see notationKey): the two dictionary indices are then kept
// in pw.notes by that key for the row group, and the text is formatted
// once per key.
func (pw *PositionsWriter) appendNotations(p *board.Position, m board.Move) {
	k, ok := notationKey(p, m)
	ok = ok && pw.notes != nil
	if ok {
		if e := pw.notes[k]; e != 0 {
			pw.wxf.appendIndex(int32(e&0xffff) - 1)
			pw.chinese.appendIndex(int32(e>>16) - 1)
			return
		}
	}
	pw.buf = notation.AppendWXF(pw.buf[:0], p, m)
	w := pw.wxf.index(pw.buf)
	pw.wxf.appendIndex(w)
	pw.buf = notation.AppendChinese(pw.buf[:0], p, m, notation.ChineseStyle{})
	c := pw.chinese.index(pw.buf)
	pw.chinese.appendIndex(c)
	// Both notations have a few thousand texts at most: the indices fit
	// in 16 bits (else the text is looked up every time).
	if ok && w < 0xffff && c < 0xffff {
		pw.notes[k] = uint32(w+1) | uint32(c+1)<<16
		pw.noteKeys = append(pw.noteKeys, k)
	}
}

// notesLen is the number of keys of notationKey.
const notesLen = board.Squares * board.Squares << 4

// notationKey returns the key of the WXF and Chinese text of m in p when
// the text depends on the move and the piece alone: the piece is the only
// one of its kind and side on its file, so that neither notation qualifies
// it by its place among others (front, rear, the pawns of several files).
// ok is false otherwise, and for invalid moves and empty squares.
func notationKey(p *board.Position, m board.Move) (k int32, ok bool) {
	if !m.Valid() {
		return 0, false
	}
	from, to := m.From(), m.To()
	pc := p.Piece(from)
	if pc.IsEmpty() {
		return 0, false
	}
	x := from.File()
	for r := range board.Ranks {
		if sq := board.SquareAt(x, r); sq != from && p.Piece(sq) == pc {
			return 0, false
		}
	}
	return (int32(from)*board.Squares+int32(to))<<4 | int32(pc&15), true
}

// iccsKey returns the dictionary key of m's ICCS text: m itself, 0
// (written "0000", like every invalid move) when invalid.
func iccsKey(m board.Move) int {
	if !m.Valid() {
		return 0
	}
	return int(m)
}
