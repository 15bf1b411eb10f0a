package book

import (
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestOBKKeyPublished pins OBKKey on keys published apart from its table:
// the start position's key, read from a real 冰河 book
// (walker8088/XqMagicF docs/冰河开局库结构说明.txt: "7101337512282506414
// 表示初始局面"), and the example key of 冰河's own sample reader bhobk.c
// (unsigned __int64 key=15265892774299731920, quoted in the same file),
// which is the position after 兵七进一 炮8平5 炮二平三 卒3进1, Red to
// move (found by searching the positions four plies deep; none other of
// the 3.4 million has it).
func TestOBKKeyPublished(t *testing.T) {
	for _, tc := range []struct {
		moves []string
		key   uint64
	}{
		{nil, 7101337512282506414},
		{[]string{"c3c4", "h7e7", "h2g2", "g6g5"}, 15265892774299731920},
	} {
		ps := playLine(t, tc.moves...)
		p := ps[len(ps)-1]
		if got := OBKKey(&p); got != tc.key {
			t.Errorf("%v: OBKKey = %d, want %d", tc.moves, got, tc.key)
		}
	}
}

// TestOBKKeySide: the side to move changes the key by the one number
// of Red to move; the mirror of a symmetric position has its key.
func TestOBKKeySide(t *testing.T) {
	red := board.StartPosition()
	s := red.Setup()
	s.Side = board.Black
	black, err := board.NewPosition(s)
	if err != nil {
		t.Fatal(err)
	}
	if OBKKey(&red)^OBKKey(&black) != obkRedKey {
		t.Errorf("start, Red and Black to move: keys differ by %#x, want %#x", OBKKey(&red)^OBKKey(&black), obkRedKey)
	}
	m, err := red.Mirror()
	if err != nil {
		t.Fatal(err)
	}
	if OBKKey(&m) != OBKKey(&red) {
		t.Error("the start position's mirror has another key")
	}
}

// TestOBKKeyForms: a book written by another program is looked up
// whichever way it holds a key: the start position's row of a real book
// (vkey 7101337512282506414, vmove 43687 炮二平五, 3487 won, 7327 drawn,
// 3772 lost, as a public reader's test quotes it); a key of 2⁶³ or more
// as 冰河's SQL writes it (its unsigned decimal in the statement, a
// floating-point number in SQLite), as a signed integer (鹏飞, 勇芳,
// cchess), and as a floating-point number holding the key's bits
// (reported of a real book).
func TestOBKKeyForms(t *testing.T) {
	ps := playLine(t, "c3c4", "h7e7", "h2g2", "g6g5")
	big := OBKKey(&ps[4]) // 15265892774299731920
	b0c2 := sqlBookValue(mustMove(t, "b0c2"), OBK)
	for name, tc := range map[string]struct {
		vkey    string // the vkey of the row, in the statement
		args    []any  // bound to its ? when it has one
		rounded bool
	}{
		"unsigned decimal": {fmt.Sprintf("%d", big), nil, true},
		"signed":           {"?", []any{int64(big)}, false},
		"bits":             {"?", []any{math.Float64frombits(big)}, false},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "b.obk")
			makeBook(t, path,
				sqlStmt{s: obkSchema},
				sqlStmt{s: "INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex) VALUES (7101337512282506414, 43687, 5, 3487, 7327, 3772, 1, NULL, 1)"},
				sqlStmt{fmt.Sprintf("INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex) VALUES (%s, %d, 3, 1, 2, 3, 1, CAST('马八进七' AS BLOB), 5)", tc.vkey, b0c2), tc.args},
				sqlStmt{s: "INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex) VALUES (7101337512282506414, 38278, 1, 0, 0, 1, 0, NULL, 1)"},
			)
			b, err := OpenSQLBook(path, OBK)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			// The start position: its one valid row (the other has vvalid 0).
			moves, err := b.Lookup(ps[0])
			if err != nil || len(moves) != 1 || moves[0].Move.String() != "h2e2" || moves[0].Wins != 3487 || moves[0].Draws != 7327 || moves[0].Losses != 3772 || !moves[0].Legal {
				t.Errorf("start: %+v %v", moves, err)
			}
			moves, err = b.Lookup(ps[4])
			if err != nil || len(moves) != 1 || moves[0].Move.String() != "b0c2" || !moves[0].Legal || moves[0].Comment != "马八进七" {
				t.Errorf("after c3c4 h7e7 h2g2 g6g5 (key %d): %+v %v", big, moves, err)
			}
			var rows []Row
			if err := b.Rows(func(r Row) error { rows = append(rows, r); return nil }); err != nil {
				t.Fatal(err)
			}
			// The unsigned decimal keeps the key rounded to a double.
			if len(rows) != 3 || rows[0].Key != 7101337512282506414 || rows[1].KeyRounded != tc.rounded ||
				(tc.rounded && max(rows[1].Key, big)-min(rows[1].Key, big) > 1<<11) || (!tc.rounded && rows[1].Key != big) {
				t.Errorf("Rows %+v, want keys 7101337512282506414 and %d", rows, big)
			}
		})
	}
}

// TestOBKWrittenKeys: WriteOBK keys rows by OBKKey, a key of 2⁶³ or more
// held as 冰河's SQL holds it (the number SQLite makes of its unsigned
// decimal); WriteYFK as a signed integer.
func TestOBKWrittenKeys(t *testing.T) {
	ps := playLine(t, "c3c4", "h7e7", "h2g2", "g6g5")
	entries := []Entry{
		{Position: ps[0], Move: mustMove(t, "c3c4"), Wins: 1},
		{Position: ps[4], Move: mustMove(t, "b0c2"), Draws: 1},
	}
	dir := t.TempDir()
	for _, f := range []Flavor{OBK, YFK} {
		path := filepath.Join(dir, "b."+strings.ToLower(f.String()))
		if err := WriteSQLBook(path, entries, f); err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		var n int
		q := "SELECT count(*) FROM bhobk WHERE vkey = 7101337512282506414 OR vkey = " // the key as a literal, as 冰河's SQL writes it
		lit := "15265892774299731920"
		if f == YFK {
			lit = "-3180851299409819696"
		}
		if err := db.QueryRow(q + lit).Scan(&n); err != nil || n != 2 {
			t.Errorf("%v: %d rows found by the literal keys (%v), want 2", f, n, err)
		}
		db.Close()
	}
}

func mustMove(t *testing.T, s string) board.Move {
	t.Helper()
	m, err := board.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
