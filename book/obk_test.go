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
	if b.Table() != "bhobk" || !b.Keyed() {
		t.Fatalf("table %q keyed %v", b.Table(), b.Keyed())
	}
	for _, e := range entries {
		moves, err := b.Lookup(e.Position)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range moves {
			if m.Move == e.Move {
				found = true
				if !m.Counts || m.Wins != e.Wins || m.Draws != e.Draws || m.Losses != e.Losses || m.Value != int(e.Weight()) || m.Comment != e.Comment || !m.Legal || m.Mirrored {
					t.Errorf("%v: got %+v, want %+v", e.Move, m, e)
				}
			}
		}
		if !found {
			t.Errorf("%s: %v not found in %+v", e.Position.FEN(), e.Move, moves)
		}
	}
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

// TestForeignOBK: a book without this package's key note is listed, not
// looked up.
func TestForeignOBK(t *testing.T) {
	path := filepath.Join(t.TempDir(), "foreign.obk")
	db, err := openSQLite(path, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"CREATE TABLE bhobk([id] INTEGER PRIMARY KEY AUTOINCREMENT, [vkey] INTEGER, [vmove] INTEGER, [vscore] INTEGER, [vwin] INTEGER, [vdraw] INTEGER, [vlost] INTEGER, [vvalid] INTEGER, [vmemo] BLOB, [vindex] INTEGER)",
		"INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex) VALUES (7101337512282506414, 43687, 5, 3487, 7327, 3772, 1, NULL, 1)",
	} {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	b, err := OpenSQLBook(path, OBK)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.Lookup(board.StartPosition()); !errors.Is(err, ErrForeignKeys) {
		t.Errorf("Lookup: %v, want ErrForeignKeys", err)
	}
	var rows []Row
	if err := b.Rows(func(r Row) error { rows = append(rows, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Move.String() != "h2e2" || rows[0].Key != 7101337512282506414 || rows[0].Wins != 3487 {
		t.Errorf("rows %+v", rows)
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
	if b.Keyed() {
		if _, err := WalkFrom(b, board.StartPosition(), 1000); err != nil {
			return err
		}
	}
	return nil
}
