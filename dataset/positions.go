package dataset

import (
	"io"
	"slices"

	"github.com/apache/arrow-go/v18/parquet"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/replay"
)

// PositionsWriter writes positions.parquet (PositionsSchema, or
// the schema of the Lines WithLines) to an io.Writer.
//
// It is the largest file by far (a row per ply). Like games and flags it
// is written column by column (see Table): the plain columns (FEN,
// counters) batch by batch, the dictionary columns (game_id, side, the
// three move notations, capture) as dictionary indices over the row group.
type PositionsWriter struct {
	t *parquetw.Table

	fen             *parquetw.StringColumn
	ply, pliesToEnd *parquetw.Int32Column
	check           *parquetw.BoolColumn
	resultSTM       *parquetw.Int8Column

	gameID, side, iccs, wxf, chinese, capture *parquetw.DictColumn

	// extra appends the columns of the Lines (WithLines), else nil.
	extra func(p *board.Position, m board.Move)

	// notes holds, by notationKey, the dictionary indices (+1) of the WXF
	// (low 16 bits) and Chinese (high) text in the open row group; 0 when
	// unknown; nil in a partitioned dataset. noteKeys lists the keys set,
	// to clear them.
	notes    []uint32
	noteKeys []int32

	buf   []byte
	fw    fenWriter
	plies []replay.Ply
}

// Columns of positions.parquet.
const (
	colPly        = "ply"
	colFEN        = "fen"
	colSide       = "side"
	colMoveICCS   = "move_iccs"
	colMoveWXF    = "move_wxf"
	colMoveChines = "move_chinese"
	colCapture    = "capture"
	colCheck      = "gives_check"
	colResultSTM  = "result_stm"
	colPliesToEnd = "plies_to_end"
)

// NewPositionsWriter returns a writer of positions.parquet to w. Close
// must be called to complete the file (it does not close w).
func NewPositionsWriter(w io.Writer, opts ...Option) (*PositionsWriter, error) {
	return newPositionsWriter(w, newConfig(opts))
}

func newPositionsWriter(w io.Writer, cfg *config) (*PositionsWriter, error) {
	schema, plain, noStats := PositionsSchema, plainColumns[PositionsSchema], noStatsColumns[PositionsSchema]
	if l := cfg.lines; l != nil {
		schema = l.Schema()
		plain = append(slices.Clip(plain), l.Plain()...)
		noStats = append(slices.Clip(noStats), l.NoStats()...)
	}
	t, err := parquetw.NewTable(w, schema, &cfg.Config, cfg.RowGroupRows, plain, noStats, parquet.WithDataPageSize(parquetw.SmallPageSize))
	if err != nil {
		return nil, err
	}
	pw := &PositionsWriter{t: t, buf: make([]byte, 0, 128)}
	pw.gameID = t.DictCol(colGameID, 0)
	pw.ply = t.Int32Col(colPly)
	pw.fen = t.StringCol(colFEN)
	pw.side = t.DictCol(colSide, 2)
	pw.iccs = t.DictCol(colMoveICCS, 1<<14) // board.Move is 14 bits
	pw.wxf = t.DictCol(colMoveWXF, 0)
	pw.chinese = t.DictCol(colMoveChines, 0)
	pw.capture = t.DictCol(colCapture, 128) // FEN letters
	pw.check = t.BoolCol(colCheck)
	pw.resultSTM = t.Int8Col(colResultSTM)
	pw.pliesToEnd = t.Int32Col(colPliesToEnd)
	if cfg.lines != nil {
		pw.extra = cfg.lines.Columns(t)
	}
	if !cfg.byYear {
		// A partitioned dataset keeps up to maxOpen writers open: there
		// the arrays would add tens of MB, and the text is looked up.
		pw.notes = make([]uint32, notesLen)
		t.OnEndRowGroup = func() {
			// The next row group has new dictionaries.
			for _, k := range pw.noteKeys {
				pw.notes[k] = 0
			}
			pw.noteKeys = pw.noteKeys[:0]
		}
	}
	return pw, nil
}

// Rows returns the number of rows written so far.
func (pw *PositionsWriter) Rows() int64 { return pw.t.Rows() }

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (pw *PositionsWriter) Close() error { return pw.t.Close() }

// write appends the rows of a game's row (see gameRow.line).
func (pw *PositionsWriter) write(row *gameRow) error {
	start, plies, err := row.line(pw.plies[:0])
	if err != nil {
		return err
	}
	pw.plies = plies
	res, known := row.redResult()
	return pw.writePlies(row.id, start, plies, res, known)
}

// writePlies appends one row per ply of plies, a line played from start,
// of the game id; res is the result from Red's side (known false:
// unknown).
func (pw *PositionsWriter) writePlies(id string, start board.Position, plies []replay.Ply, res int8, known bool) error {
	if err := pw.t.Check(); err != nil {
		return err
	}
	p := start
	n := len(plies)
	pw.fw.reset(&p)
	for i, ply := range plies {
		m := ply.Move
		pw.gameID.AppendString(id)
		pw.ply.Append(int32(i))
		fen := pw.fen.Bytes(fenRoom)
		pw.fen.EndBytes(pw.fw.append(fen, &p)) // within capacity
		black := p.Side() == board.Black
		if k := int(p.Side()); !pw.side.AppendKey(k) {
			if black {
				pw.side.AddKey(k, []byte("black"))
			} else {
				pw.side.AddKey(k, []byte("red"))
			}
		}
		// The ICCS text depends on the move alone; WXF and Chinese also
		// on the position (the piece, and others on its file).
		if k := iccsKey(m); !pw.iccs.AppendKey(k) {
			pw.iccs.AddKey(k, notation.AppendICCS(pw.buf[:0], m, false))
		}
		pw.appendNotations(&p, m)
		if ply.Capture.IsEmpty() {
			pw.capture.AppendNull()
		} else if k := int(ply.Capture.FENLetter()); !pw.capture.AppendKey(k) {
			pw.capture.AddKey(k, []byte{byte(k)})
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
		if pw.extra != nil {
			pw.extra(&p, m)
		}
		p.MakeMove(m)
		pw.fw.moved(m)
		if err := pw.t.Added(); err != nil {
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
	k, ok := pw.fw.notationKey(m)
	ok = ok && pw.notes != nil
	if ok {
		if e := pw.notes[k]; e != 0 {
			pw.wxf.AppendIndex(int32(e&0xffff) - 1)
			pw.chinese.AppendIndex(int32(e>>16) - 1)
			return
		}
	}
	pw.buf = notation.AppendWXF(pw.buf[:0], p, m)
	w := pw.wxf.Index(pw.buf)
	pw.wxf.AppendIndex(w)
	pw.buf = notation.AppendChinese(pw.buf[:0], p, m, notation.ChineseStyle{})
	c := pw.chinese.Index(pw.buf)
	pw.chinese.AppendIndex(c)
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
// ok is false otherwise, and for invalid moves and empty squares. fw holds
// p's board (and counts the pieces of each file).
func (fw *fenWriter) notationKey(m board.Move) (k int32, ok bool) {
	if !m.Valid() {
		return 0, false
	}
	from, to := m.From(), m.To()
	pc := fw.b[from]
	if pc.IsEmpty() || !fw.alone(from) {
		return 0, false
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
