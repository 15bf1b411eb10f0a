package book

import (
	"cmp"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"
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
	// ElephantEye and 象棋巫师 pack moves), no vmemo column.
	YFK
)

func (f Flavor) String() string {
	if f == YFK {
		return "YFK"
	}
	return "OBK"
}

// The key of a position. 冰河 and 勇芳 key positions with 64-bit Zobrist
// tables of their own that are published only as tables of numbers, with
// no generator to rebuild them from; this package does not carry them.
// It writes the position key of package board (board.Position.Key) and
// says so in a table of its own (xqtool_book: name 'vkey', value
// KeyName), and it looks positions up only in books that say so. A book
// written by another program is still read: its rows are listed by key
// (Rows), checked and counted.

// KeyName is what a book written here says of its vkey column.
const KeyName = "xqtool board.Position.Key"

// obkColumns are the columns of the book table in their order.
var obkColumns = []string{"id", "vkey", "vmove", "vscore", "vwin", "vdraw", "vlost", "vvalid", "vmemo", "vindex"}

// Row is a row of an OBK/YFK book table.
type Row struct {
	ID                  int64
	Key                 uint64
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
	db     *sql.DB
	path   string
	flavor Flavor
	table  string
	cols   map[string]bool
	keyed  bool // the vkey column holds KeyName keys
	lookup *sql.Stmt
}

// OpenSQLBook opens an OBK or YFK book (flavor says which byte order its
// moves have). It finds the table holding vkey and vmove columns (bhobk
// in OBK, pfBook in 鹏飞's copies, another name in YFK). A file that is
// not such a SQLite database gives an error wrapping ErrOBK.
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
		if err := db.QueryRow("SELECT value FROM xqtool_book WHERE name = 'vkey'").Scan(&v); err == nil && v == KeyName {
			b.keyed = true
		}
	}
	if b.lookup, err = db.Prepare("SELECT " + b.selectList() + " FROM " + quoteIdent(b.table) + " WHERE vkey = ? ORDER BY id"); err != nil {
		return nil, obkErr(path, -1, "%v", err)
	}
	return b, nil
}

// Close closes the book.
func (b *SQLBook) Close() error {
	if b.lookup != nil {
		b.lookup.Close()
	}
	return b.db.Close()
}

// Table returns the name of the book's table.
func (b *SQLBook) Table() string { return b.table }

// Keyed reports whether the book's keys are this package's (KeyName), so
// that positions can be looked up.
func (b *SQLBook) Keyed() bool { return b.keyed }

// ErrForeignKeys is returned by Lookup on a book whose vkey column holds
// another program's keys.
var ErrForeignKeys = errors.New("book: the book's vkey is another program's Zobrist key (冰河's or 勇芳's tables, not carried here): positions cannot be looked up, only its rows listed")

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
	var id, key, mv, score, win, draw, loss, valid, index sql.NullInt64
	var memo []byte
	if err := rows.Scan(&id, &key, &mv, &score, &win, &draw, &loss, &valid, &memo, &index); err != nil {
		return Row{}, obkErr(b.path, -1, "%v", err)
	}
	r := Row{ID: id.Int64, Key: uint64(key.Int64), RawMove: mv.Int64, Score: score.Int64,
		Wins: win.Int64, Draws: draw.Int64, Losses: loss.Int64, Valid: valid.Int64, Memo: string(memo), Index: index.Int64}
	if !key.Valid || !mv.Valid {
		return r, obkErr(b.path, r.ID, "vkey or vmove is NULL")
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

// Lookup returns the book moves of p: the rows of its key (OBK: those
// whose vvalid is not 0) or, when there are none, those of its mirror's,
// moves mirrored back; highest score first, then most games.
func (b *SQLBook) Lookup(p board.Position) ([]Move, error) {
	if !b.keyed {
		return nil, ErrForeignKeys
	}
	out, err := b.lookupKey(p, p.Key(), false)
	if err != nil || len(out) > 0 {
		return out, err
	}
	mp, err := p.Mirror()
	if err != nil {
		return nil, err
	}
	return b.lookupKey(p, mp.Key(), true)
}

func (b *SQLBook) lookupKey(p board.Position, key uint64, mirrored bool) ([]Move, error) {
	rows, err := b.lookup.Query(int64(key))
	if err != nil {
		return nil, obkErr(b.path, -1, "%v", err)
	}
	defer rows.Close()
	var out []Move
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
	}
	if err := rows.Err(); err != nil {
		return nil, obkErr(b.path, -1, "%v", err)
	}
	slices.SortStableFunc(out, func(a, b Move) int {
		return cmp.Or(cmp.Compare(b.Value, a.Value), cmp.Compare(b.Wins+b.Draws+b.Losses, a.Wins+a.Draws+a.Losses))
	})
	return out, nil
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

// WriteOBK writes entries as a 冰河 OBK book at path (replacing it): table
// bhobk with the columns 冰河 reads, a row per entry: vkey the position's
// key (KeyName), vmove packed as OBK packs it, vscore its weight
// (Entry.Weight), vwin, vdraw and vlost its games from the side that
// plays it, vvalid 1, vmemo its comment (NULL when none), vindex NULL;
// rows in key then move order, with an index on vkey.
func WriteOBK(path string, entries []Entry) (err error) {
	tmp := path + ".tmp"
	os.Remove(tmp)
	db, err := openSQLite(tmp, false)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(tmp)
		} else {
			err = os.Rename(tmp, path)
		}
	}()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, s := range []string{
		"CREATE TABLE bhobk([id] INTEGER PRIMARY KEY AUTOINCREMENT, [vkey] INTEGER, [vmove] INTEGER, [vscore] INTEGER, [vwin] INTEGER, [vdraw] INTEGER, [vlost] INTEGER, [vvalid] INTEGER, [vmemo] BLOB, [vindex] INTEGER)",
		"CREATE TABLE xqtool_book([name] TEXT PRIMARY KEY, [value] TEXT)",
	} {
		if _, err := tx.Exec(s); err != nil {
			return err
		}
	}
	if _, err := tx.Exec("INSERT INTO xqtool_book VALUES ('vkey', ?)", KeyName); err != nil {
		return err
	}
	type row struct {
		key uint64
		mv  int64
		e   *Entry
	}
	rows := make([]row, len(entries))
	for i := range entries {
		e := &entries[i]
		if !e.Move.Valid() {
			return fmt.Errorf("book: write OBK: %s: invalid move %v", e.Position.FEN(), e.Move)
		}
		rows[i] = row{e.Position.Key(), sqlBookValue(e.Move, OBK), e}
	}
	slices.SortFunc(rows, func(a, b row) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.mv, b.mv)) })
	ins, err := tx.Prepare("INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex) VALUES (?, ?, ?, ?, ?, ?, 1, ?, NULL)")
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, r := range rows {
		var memo any
		if r.e.Comment != "" {
			memo = []byte(r.e.Comment)
		}
		if _, err := ins.Exec(int64(r.key), r.mv, r.e.Weight(), r.e.Wins, r.e.Draws, r.e.Losses, memo); err != nil {
			return err
		}
	}
	if _, err := tx.Exec("CREATE INDEX idxkey ON bhobk(vkey)"); err != nil {
		return err
	}
	return tx.Commit()
}
