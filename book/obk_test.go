package book

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
)

func playLine(t testing.TB, moves ...string) []board.Position {
	t.Helper()
	p := board.StartPosition()
	out := []board.Position{p}
	for _, s := range moves {
		m, err := board.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func smallEntries(t testing.TB) []Entry {
	ps := playLine(t, "h2e2", "h9g7")
	mv := func(s string) board.Move { m, _ := board.ParseMove(s); return m }
	return []Entry{
		{Position: ps[0], Move: mv("h2e2"), Wins: 30, Draws: 20, Losses: 10, Comment: "中炮"},
		{Position: ps[0], Move: mv("c3c4"), Wins: 5, Draws: 9, Losses: 6},
		{Position: ps[1], Move: mv("h9g7"), Wins: 12, Draws: 7, Losses: 15},
		{Position: ps[2], Move: mv("h0g2"), Wins: 1},
	}
}

func TestOBKWriteRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.obk")
	entries := smallEntries(t)
	if err := WriteOBK(path, entries); err != nil {
		t.Fatal(err)
	}
	b, err := OpenSQLBook(path, OBK)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Table() != "bhobk" || b.OldKeys() {
		t.Fatalf("table %q old keys %v", b.Table(), b.OldKeys())
	}
	checkEntries(t, b, entries, true)
	// The start position's moves come best first (by vscore).
	moves, _ := b.Lookup(board.StartPosition())
	if len(moves) != 2 || moves[0].Move.String() != "h2e2" {
		t.Errorf("start: %+v", moves)
	}
	// After b2e2 (the mirror of h2e2) the book answers through the mirror.
	q := playLine(t, "b2e2")[1]
	moves, _ = b.Lookup(q)
	if len(moves) != 1 || moves[0].Move.String() != "b9c7" || !moves[0].Mirrored || !moves[0].Legal {
		t.Errorf("mirrored: %+v", moves)
	}
	// vmove packs the from-square in the high byte: h2e2 is 0xaaa7, as in
	// 冰河's books (the start position's main move is vmove 43687).
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int64
	if err := db.QueryRow("SELECT vmove FROM bhobk WHERE vmemo = CAST('中炮' AS BLOB)").Scan(&v); err != nil || v != 0xaaa7 {
		t.Errorf("vmove of h2e2 = %#x (%v), want 0xaaa7", v, err)
	}
	n := 0
	if err := b.Rows(func(Row) error { n++; return nil }); err != nil || n != len(entries) {
		t.Errorf("Rows: %d rows, %v", n, err)
	}
}

// TestYFKByteOrder: the same file read as YFK swaps the squares of every
// move.
func TestYFKByteOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.obk")
	if err := WriteOBK(path, smallEntries(t)); err != nil {
		t.Fatal(err)
	}
	b, err := OpenSQLBook(path, YFK)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var got []string
	if err := b.Rows(func(r Row) error { got = append(got, r.Move.String()); return nil }); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(got, " "), "e2h2") {
		t.Errorf("read as YFK: %v, want h2e2 read as e2h2", got)
	}
}

func TestOBKDamaged(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.obk")
	if err := WriteOBK(good, smallEntries(t)); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]byte{
		"empty":      {},
		"not sqlite": []byte("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
		"truncated":  raw[:len(raw)/2],
		"header":     raw[:100],
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(dir, name+".obk")
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			err := readWholeSQLBook(p)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrOBK) {
				t.Errorf("%v does not wrap ErrOBK", err)
			}
		})
	}
	// Flipped bytes: an error or a book, never a panic.
	for i := 0; i < len(raw); i += len(raw) / 40 {
		b := append([]byte(nil), raw...)
		b[i] ^= 0x5a
		p := filepath.Join(dir, "flip.obk")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := readWholeSQLBook(p); err != nil && !errors.Is(err, ErrOBK) {
			t.Errorf("flip at %d: %v does not wrap ErrOBK", i, err)
		}
	}
}

// readWholeSQLBook opens a book, reads every row and walks it from the
// start position.
func readWholeSQLBook(path string) error {
	b, err := OpenSQLBook(path, OBK)
	if err != nil {
		return err
	}
	defer b.Close()
	if err := b.Rows(func(Row) error { return nil }); err != nil {
		return err
	}
	_, err = WalkFrom(b, board.StartPosition(), 1000)
	return err
}

// TestYFKWriteRead: a tree written as a YFK and read back gives the same
// moves and counts; its moves are packed from-square low.
func TestYFKWriteRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.yfk")
	entries := smallEntries(t)
	if err := WriteYFK(path, entries); err != nil {
		t.Fatal(err)
	}
	b, err := OpenSQLBook(path, YFK)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	checkEntries(t, b, entries, false)
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM bhobk WHERE vmove = 0xa7aa AND vvalid = 1").Scan(&n); err != nil || n != 1 {
		t.Errorf("h2e2 as YFK's vmove 0xa7aa: %d rows (%v), want 1", n, err)
	}
	if err := db.QueryRow("SELECT count(*) FROM pragma_table_info('bhobk') WHERE name = 'vmemo'").Scan(&n); err != nil || n != 0 {
		t.Errorf("YFK has a vmemo column (%v)", err)
	}
}

// TestYFKComment: YFK's vvalid is the id of its comment in table ltext.
func TestYFKComment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.yfk")
	makeBook(t, path,
		sqlStmt{s: "CREATE TABLE bhobk([id] INTEGER PRIMARY KEY AUTOINCREMENT, [vkey] INTEGER, [vmove] INTEGER, [vscore] INTEGER, [vwin] INTEGER, [vdraw] INTEGER, [vlost] INTEGER, [vvalid] INTEGER, [vindex] INTEGER)"},
		sqlStmt{s: "CREATE TABLE ltext([id] INTEGER PRIMARY KEY AUTOINCREMENT, [lma] TEXT)"},
		sqlStmt{s: "INSERT INTO ltext(id, lma) VALUES (1, ''), (2, '中炮')"},
		sqlStmt{s: "INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vindex) VALUES (7101337512282506414, 42922, 9, 1, 1, 1, 2, NULL)"},
	)
	b, err := OpenSQLBook(path, YFK)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	moves, err := b.Lookup(board.StartPosition())
	if err != nil || len(moves) != 1 || moves[0].Move.String() != "h2e2" || moves[0].Comment != "中炮" {
		t.Errorf("%+v %v", moves, err)
	}
}

// TestOldKeysBook: a book written by an earlier xqtool (board keys, said
// in xqtool_book) is looked up by those keys.
func TestOldKeysBook(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.obk")
	start := board.StartPosition()
	makeBook(t, path,
		sqlStmt{s: obkSchema},
		sqlStmt{s: "CREATE TABLE xqtool_book([name] TEXT PRIMARY KEY, [value] TEXT)"},
		sqlStmt{"INSERT INTO xqtool_book VALUES ('vkey', ?)", []any{OldKeyName}},
		sqlStmt{"INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid) VALUES (?, 43687, 5, 1, 2, 3, 1)", []any{int64(start.Key())}},
	)
	b, err := OpenSQLBook(path, OBK)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	moves, err := b.Lookup(start)
	if err != nil || !b.OldKeys() || len(moves) != 1 || moves[0].Move.String() != "h2e2" {
		t.Errorf("%+v %v", moves, err)
	}
}

// obkSchema is the table of an OBK book as 冰河 makes it.
const obkSchema = "CREATE TABLE bhobk([id] INTEGER PRIMARY KEY AUTOINCREMENT, [vkey] INTEGER, [vmove] INTEGER, [vscore] INTEGER, [vwin] INTEGER, [vdraw] INTEGER, [vlost] INTEGER, [vvalid] INTEGER, [vmemo] BLOB, [vindex] INTEGER)"

// sqlStmt is a statement and its arguments.
type sqlStmt struct {
	s    string
	args []any
}

// makeBook makes a book at path as another program would: the statements
// run on a new SQLite database.
func makeBook(t *testing.T, path string, stmts ...sqlStmt) {
	t.Helper()
	db, err := openSQLite(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q.s, q.args...); err != nil {
			t.Fatal(err)
		}
	}
}

// checkEntries looks every entry up in b: its move is found, legal, not
// through the mirror, with its games and weight (and its comment when
// comments is true, else none).
func checkEntries(t *testing.T, b *SQLBook, entries []Entry, comments bool) {
	t.Helper()
	for _, e := range entries {
		moves, err := b.Lookup(e.Position)
		if err != nil {
			t.Fatal(err)
		}
		want := e.Comment
		if !comments {
			want = ""
		}
		found := false
		for _, m := range moves {
			if m.Move == e.Move {
				found = true
				if !m.Counts || m.Wins != e.Wins || m.Draws != e.Draws || m.Losses != e.Losses || m.Value != int(e.Weight()) || m.Comment != want || !m.Legal || m.Mirrored {
					t.Errorf("%v: got %+v, want %+v", e.Move, m, e)
				}
			}
		}
		if !found {
			t.Errorf("%s: %v not found in %+v", e.Position.FEN(), e.Move, moves)
		}
	}
}
