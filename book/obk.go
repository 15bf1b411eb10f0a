package book

import (
	"cmp"
	"database/sql"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// Flavor tells the two SQLite book layouts apart: the same table columns,
// the bytes of vmove the other way round.
type Flavor int

const (
	// OBK is 冰河 (BHGUI)'s book: table bhobk, vmove's from-square in the
	// high byte, the to-square in the low byte.
	OBK Flavor = iota
	// YFK is 勇芳's book: vmove's from-square in the low byte (as
	// ElephantEye and 象棋巫师 pack moves), no vmemo column, vvalid the id
	// of a comment in table ltext.
	YFK
)

func (f Flavor) String() string {
	if f == YFK {
		return "YFK"
	}
	return "OBK"
}

// OldKeyName is what a book written by an earlier xqtool says of its vkey
// column in its table xqtool_book (name 'vkey'): its keys are
// board.Position.Key, not 冰河's. Such a book is still looked up by those
// keys; books are now written with OBKKey.
const OldKeyName = "xqtool board.Position.Key"

// obkColumns are the columns of the book table in their order.
var obkColumns = []string{"id", "vkey", "vmove", "vscore", "vwin", "vdraw", "vlost", "vvalid", "vmemo", "vindex"}

// Row is a row of an OBK/YFK book table.
type Row struct {
	ID  int64
	Key uint64
	// KeyRounded is true when vkey held the key as a floating-point
	// number, its value rounded to 53 bits (a key of 2⁶³ or more written
	// by 冰河's SQL, docs/books.md): Key is that value, its low bits lost.
	KeyRounded          bool
	Move                board.Move // decoded from vmove by the book's flavor
	RawMove             int64
	Score               int64
	Wins, Draws, Losses int64
	Valid               int64
	Memo                string
	Index               int64
}

// SQLBook is an open OBK or YFK book.
type SQLBook struct {
	db       *sql.DB
	path     string
	flavor   Flavor
	table    string
	cols     map[string]bool
	oldKeys  bool // the vkey column holds board.Position.Key (OldKeyName)
	lookup   *sql.Stmt
	comments *sql.Stmt // YFK: the text of an ltext row by id; nil when none
}

// OpenSQLBook opens an OBK or YFK book (flavor says which byte order its
// moves have). It finds the table holding vkey and vmove columns (bhobk
// in OBK and YFK, pfBook in 鹏飞's copies). A file that is not such a
// SQLite database gives an error wrapping ErrOBK.
func OpenSQLBook(path string, flavor Flavor) (b *SQLBook, err error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	db, err := openSQLite(path, true)
	if err != nil {
		return nil, obkErr(path, -1, "%v", err)
	}
	defer func() {
		if err != nil {
			db.Close()
		}
	}()
	b = &SQLBook{db: db, path: path, flavor: flavor, cols: map[string]bool{}}
	tables, err := queryStrings(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
	if err != nil {
		return nil, obkErr(path, -1, "%v", err)
	}
	for _, t := range tables {
		cols, err := queryStrings(db, "SELECT name FROM pragma_table_info(?)", t)
		if err != nil {
			return nil, obkErr(path, -1, "table %s: %v", t, err)
		}
		if slices.Contains(cols, "vkey") && slices.Contains(cols, "vmove") {
			b.table = t
			for _, c := range cols {
				b.cols[c] = true
			}
			break
		}
	}
	if b.table == "" {
		return nil, obkErr(path, -1, "no table with vkey and vmove columns (tables: %s)", strings.Join(tables, ", "))
	}
	if slices.Contains(tables, "xqtool_book") {
		var v string
		if err := db.QueryRow("SELECT value FROM xqtool_book WHERE name = 'vkey'").Scan(&v); err == nil && v == OldKeyName {
			b.oldKeys = true
		}
	}
	// A key is looked for as an integer (its 64 bits as a signed number,
	// as 鹏飞's and 勇芳's books and xqtool hold it), as the number SQLite
	// makes of its unsigned decimal (what 冰河's own SQL, vkey=%I64u,
	// compares: a key of 2⁶³ or more becomes a floating-point number), and
	// as a floating-point number with the key's bits (docs/books.md).
	if b.lookup, err = db.Prepare("SELECT " + b.selectList() + " FROM " + quoteIdent(b.table) +
		" WHERE vkey IN (?1, CAST(?2 AS NUMERIC), ?3) ORDER BY id"); err != nil {
		return nil, obkErr(path, -1, "%v", err)
	}
	if flavor == YFK && slices.Contains(tables, "ltext") {
		if b.comments, err = db.Prepare("SELECT lma FROM ltext WHERE rowid = ?"); err != nil {
			b.comments = nil // an ltext without lma: no comments
		}
	}
	return b, nil
}

// Close closes the book.
func (b *SQLBook) Close() error {
	if b.lookup != nil {
		b.lookup.Close()
	}
	if b.comments != nil {
		b.comments.Close()
	}
	return b.db.Close()
}

// Table returns the name of the book's table.
func (b *SQLBook) Table() string { return b.table }

// OldKeys reports whether the book was written by an earlier xqtool with
// board.Position.Key as its keys (OldKeyName); it is looked up by those.
func (b *SQLBook) OldKeys() bool { return b.oldKeys }

func (b *SQLBook) selectList() string {
	var s []string
	for _, c := range obkColumns {
		if b.cols[c] {
			s = append(s, "["+c+"]")
		} else {
			s = append(s, "NULL")
		}
	}
	return strings.Join(s, ", ")
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// Rows calls fn with every row of the book table, in id order, each row
// checked (a move off the board, a negative count: an error naming the
// row).
func (b *SQLBook) Rows(fn func(Row) error) error {
	rows, err := b.db.Query("SELECT " + b.selectList() + " FROM " + quoteIdent(b.table) + " ORDER BY id")
	if err != nil {
		return obkErr(b.path, -1, "%v", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := b.scan(rows)
		if err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return obkErr(b.path, -1, "%v", err)
	}
	return nil
}

func (b *SQLBook) scan(rows *sql.Rows) (Row, error) {
	var id, mv, score, win, draw, loss, valid, index sql.NullInt64
	var key any
	var memo []byte
	if err := rows.Scan(&id, &key, &mv, &score, &win, &draw, &loss, &valid, &memo, &index); err != nil {
		return Row{}, obkErr(b.path, -1, "%v", err)
	}
	r := Row{ID: id.Int64, RawMove: mv.Int64, Score: score.Int64,
		Wins: win.Int64, Draws: draw.Int64, Losses: loss.Int64, Valid: valid.Int64, Memo: string(memo), Index: index.Int64}
	var ok bool
	r.Key, r.KeyRounded, ok = vkeyValue(key)
	if !ok {
		return r, obkErr(b.path, r.ID, "vkey %v is not a key", key)
	}
	if !mv.Valid {
		return r, obkErr(b.path, r.ID, "vmove is NULL")
	}
	m, ok := sqlBookMove(mv.Int64, b.flavor)
	if !ok {
		return r, obkErr(b.path, r.ID, "vmove %d is not a move on the board", mv.Int64)
	}
	r.Move = m
	if r.Wins < 0 || r.Draws < 0 || r.Losses < 0 {
		return r, obkErr(b.path, r.ID, "negative game count (win %d, draw %d, loss %d)", r.Wins, r.Draws, r.Losses)
	}
	return r, nil
}

// vkeyValue is the key a vkey value holds: an integer's 64 bits; a
// floating-point number of 2⁶³ up to 2⁶⁴, the number SQLite made of an
// unsigned decimal (rounded: the low bits are lost); any other
// floating-point number, its bits. ok is false for NULL, text or blobs.
func vkeyValue(v any) (key uint64, rounded, ok bool) {
	switch v := v.(type) {
	case int64:
		return uint64(v), false, true
	case float64:
		if v >= 1<<63 && v < 1<<64 {
			return uint64(v), true, true
		}
		return math.Float64bits(v), false, true
	}
	return 0, false, false
}

// Lookup returns the book moves of p: the rows of its key (OBK: those
// whose vvalid is not 0) or, when there are none, those of its mirror's,
// moves mirrored back; highest score first, then most games. The key is
// OBKKey (board.Position.Key in a book with OldKeyName).
func (b *SQLBook) Lookup(p board.Position) ([]Move, error) {
	key := b.keyOf
	out, err := b.lookupKey(p, key(&p), false)
	if err != nil || len(out) > 0 {
		return out, err
	}
	mp, err := p.Mirror()
	if err != nil {
		return nil, err
	}
	return b.lookupKey(p, key(&mp), true)
}

func (b *SQLBook) keyOf(p *board.Position) uint64 {
	if b.oldKeys {
		return p.Key()
	}
	return OBKKey(p)
}

func (b *SQLBook) lookupKey(p board.Position, key uint64, mirrored bool) ([]Move, error) {
	var bits any // NULL: never equal
	if key >= 1<<63 {
		if f := math.Float64frombits(key); !math.IsNaN(f) {
			bits = f
		}
	}
	rows, err := b.lookup.Query(int64(key), strconv.FormatUint(key, 10), bits)
	if err != nil {
		return nil, obkErr(b.path, -1, "%v", err)
	}
	defer rows.Close()
	var out []Move
	var ids []int64 // YFK: the comment ids of out's moves
	for rows.Next() {
		r, err := b.scan(rows)
		if err != nil {
			return nil, err
		}
		if b.flavor == OBK && b.cols["vvalid"] && r.Valid == 0 {
			continue // a move the book's author disabled
		}
		m := r.Move
		if mirrored {
			m = m.Mirror()
		}
		out = append(out, Move{Move: m, Value: int(r.Score), Counts: true, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses,
			Comment: r.Memo, Record: int(r.ID), Mirrored: mirrored, Legal: p.IsLegal(m)})
		if b.flavor == YFK {
			ids = append(ids, r.Valid)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, obkErr(b.path, -1, "%v", err)
	}
	rows.Close() // the one connection is free for the comments
	for i, id := range ids {
		out[i].Comment = b.comment(id)
	}
	slices.SortStableFunc(out, func(a, b Move) int {
		return cmp.Or(cmp.Compare(b.Value, a.Value), cmp.Compare(b.Wins+b.Draws+b.Losses, a.Wins+a.Draws+a.Losses))
	})
	return out, nil
}

// comment is the text of YFK's comment id (a row of ltext), "" when none.
func (b *SQLBook) comment(id int64) string {
	if b.comments == nil || id <= 0 {
		return ""
	}
	var s sql.NullString
	if err := b.comments.QueryRow(id).Scan(&s); err != nil {
		return ""
	}
	return s.String
}

// sqlBookMove decodes vmove: two squares of ElephantEye's 16×16 board,
// the from-square in the high byte (OBK) or the low byte (YFK).
func sqlBookMove(v int64, f Flavor) (board.Move, bool) {
	if v < 0 || v > 0xffff {
		return board.NoMove, false
	}
	u := uint16(v)
	if f == OBK {
		u = u>>8 | u<<8
	}
	return eleeyeBoardMove(u)
}

// sqlBookValue encodes a move as vmove.
func sqlBookValue(m board.Move, f Flavor) int64 {
	u := eleeyeMove(m)
	if f == OBK {
		u = u>>8 | u<<8
	}
	return int64(u)
}

func obkErr(path string, row int64, format string, args ...any) error {
	return &FormatError{Err: ErrOBK, Record: int(row), Offset: -1, Msg: path + ": " + fmt.Sprintf(format, args...)}
}

func queryStrings(db *sql.DB, q string, args ...any) ([]string, error) {
	rows, err := db.Query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
