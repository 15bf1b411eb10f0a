package book

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
)

func realDAT(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(shareddata.Dir(t, "formats", "eleeye-BOOK.DAT"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRealDATWalk walks ElephantEye's own book from the start position
// and checks what it reaches against a second walk written apart: records
// decoded from the raw bytes into a map, locks kept up to date move by
// move (XOR of the moved and captured pieces) instead of computed from
// the board, depth first instead of breadth first.
func TestRealDATWalk(t *testing.T) {
	raw := realDAT(t)
	d, err := ParseDAT(raw)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len()*DATRecordSize != len(raw) {
		t.Fatalf("%d records from %d bytes", d.Len(), len(raw))
	}
	w, err := WalkFrom(d, board.StartPosition(), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := independentWalk(t, raw)
	if len(w.Records) != len(want) {
		t.Errorf("walk reached %d records, the independent walk %d", len(w.Records), len(want))
	}
	for i := range want {
		if !w.Records[i] {
			t.Errorf("record %d reached by the independent walk only", i)
		}
	}
	for _, il := range w.Illegal {
		t.Errorf("illegal book move %v (record %d) in %s", il.Move.Move, il.Move.Record, il.FEN)
	}
	if len(w.Records) == 0 {
		t.Fatal("nothing reached from the start position")
	}
	t.Logf("BOOK.DAT: %d records; from the start position %d positions visited, %d in the book (%d found as their mirror), %d records reached (%d not reached), all legal",
		d.Len(), w.Positions, w.Found, w.Mirrored, len(w.Records), d.Len()-len(w.Records))
}

type rawRec struct {
	index int
	move  board.Move
}

func independentWalk(t *testing.T, raw []byte) map[int]bool {
	byLock := map[uint32][]rawRec{}
	for i := 0; i+8 <= len(raw); i += 8 {
		lock := binary.LittleEndian.Uint32(raw[i:])
		mv := binary.LittleEndian.Uint16(raw[i+4:])
		// 16×16 squares: x = s&15 (3..11 = file a..i), y = s>>4 (3..12 = rank 9..0)
		sq := func(s byte) board.Square { return board.SquareAt(int(s&15)-3, 12-int(s>>4)) }
		byLock[lock] = append(byLock[lock], rawRec{i / 8, board.NewMove(sq(byte(mv)), sq(byte(mv>>8)))})
	}
	type node struct {
		p           board.Position
		lock, mlock uint32
	}
	tab := func(pc board.Piece, sq board.Square) uint32 { return eleeyeLocks[eleeyePiece(pc)][eleeyeSquare(sq)] }
	start := board.StartPosition()
	var l0, m0 uint32
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if pc := start.Piece(sq); !pc.IsEmpty() {
			l0 ^= tab(pc, sq)
			m0 ^= tab(pc, sq.Mirror())
		}
	}
	reached := map[int]bool{}
	seen := map[uint64]bool{start.Key(): true}
	stack := []node{{start, l0, m0}}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		recs, mirrored := byLock[n.lock], false
		if len(recs) == 0 {
			recs, mirrored = byLock[n.mlock], true
		}
		for _, r := range recs {
			reached[r.index] = true
			m := r.move
			if mirrored {
				m = m.Mirror()
			}
			if !n.p.IsLegal(m) {
				continue
			}
			pc, cap := n.p.Piece(m.From()), n.p.Piece(m.To())
			next := node{lock: n.lock ^ eleeyeSideLock ^ tab(pc, m.From()) ^ tab(pc, m.To()),
				mlock: n.mlock ^ eleeyeSideLock ^ tab(pc, m.From().Mirror()) ^ tab(pc, m.To().Mirror())}
			if !cap.IsEmpty() {
				next.lock ^= tab(cap, m.To())
				next.mlock ^= tab(cap, m.To().Mirror())
			}
			var err error
			if next.p, err = n.p.Play(m); err != nil {
				t.Fatal(err)
			}
			if k := next.p.Key(); !seen[k] {
				seen[k] = true
				stack = append(stack, next)
			}
		}
	}
	return reached
}

// TestRealDATBytes: the records read write back as the same bytes.
func TestRealDATBytes(t *testing.T) {
	raw := realDAT(t)
	d, err := ParseDAT(raw)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]Record, d.Len())
	for i := range recs {
		recs[i] = d.Record(i)
	}
	var buf bytes.Buffer
	if err := WriteRecords(&buf, recs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), raw) {
		t.Error("records written back differ from the file")
	}
	// The file is in the order WriteDAT writes: lock, then move.
	if !slices.IsSortedFunc(recs, func(a, b Record) int { return cmp.Or(cmp.Compare(a.Lock, b.Lock), cmp.Compare(a.Move, b.Move)) }) {
		t.Error("the real book is not sorted by lock, then move")
	}
}

func TestDATStartPosition(t *testing.T) {
	d, err := ParseDAT(realDAT(t))
	if err != nil {
		t.Fatal(err)
	}
	moves, err := d.Lookup(board.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) == 0 {
		t.Fatal("no move for the start position")
	}
	// Best first; the central cannon (either wing) leads in ElephantEye's book.
	if m := moves[0].Move.String(); m != "b2e2" && m != "h2e2" {
		t.Errorf("best move %s, want a central cannon", m)
	}
	for i := 1; i < len(moves); i++ {
		if moves[i].Value > moves[i-1].Value {
			t.Errorf("move %d value %d above the one before", i, moves[i].Value)
		}
	}
}

// TestDATMirroredLookup: a position the book keeps only as its mirror is
// found, with the moves mirrored back.
func TestDATMirroredLookup(t *testing.T) {
	d, err := ParseDAT(realDAT(t))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	// Find, among the positions one book move from the start, one held as
	// its mirror, and check its moves are legal in the position itself.
	start := board.StartPosition()
	first, _ := d.Lookup(start)
	for _, m := range first {
		p, _ := start.Play(m.Move)
		moves, err := d.Lookup(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, bm := range moves {
			if bm.Mirrored {
				n++
				if !bm.Legal {
					t.Errorf("%s: mirrored move %v not legal", p.FEN(), bm.Move)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no position after the first move is found mirrored (the book merges mirrors)")
	}
}

func TestDATWriteRead(t *testing.T) {
	start := board.StartPosition()
	h2e2, _ := board.ParseMove("h2e2")
	h7e7, _ := board.ParseMove("h7e7")
	p1, _ := start.Play(h2e2)
	entries := []Entry{
		{Position: start, Move: h2e2, Wins: 10, Draws: 5, Losses: 3},
		{Position: p1, Move: h7e7, Wins: 1, Draws: 0, Losses: 0},
	}
	var buf bytes.Buffer
	if err := WriteDAT(&buf, entries); err != nil {
		t.Fatal(err)
	}
	d, err := ParseDAT(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		moves, err := d.Lookup(e.Position)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != 1 || moves[0].Move != e.Move || moves[0].Value != int(DATValue(e)) || moves[0].Mirrored {
			t.Errorf("%s: got %+v, want %v value %d", e.Position.FEN(), moves, e.Move, DATValue(e))
		}
	}
	// The mirror of the first position is the start itself; the mirror of
	// p1 (b2e2 played) is found through the mirrored lookup.
	b2e2, _ := board.ParseMove("b2e2")
	q, _ := start.Play(b2e2)
	moves, _ := d.Lookup(q)
	if len(moves) != 1 || moves[0].Move.String() != "b7e7" || !moves[0].Mirrored || !moves[0].Legal {
		t.Errorf("mirrored lookup after b2e2: %+v", moves)
	}
}

func TestDATDamaged(t *testing.T) {
	raw := realDAT(t)
	swap := append([]byte(nil), raw...)
	copy(swap[800:808], raw[8000:8008]) // a record out of order
	offBoard := append([]byte(nil), raw...)
	binary.LittleEndian.PutUint16(offBoard[4:], 0) // from square 0: off the board
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", raw[:len(raw)-3], "truncated"},
		{"unsorted", swap, "not sorted"},
		{"move off the board", offBoard, "not a move on the board"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseDAT(tc.data)
			var fe *FormatError
			if !errors.Is(err, ErrDAT) || !errors.As(err, &fe) || !bytes.Contains([]byte(err.Error()), []byte(tc.want)) {
				t.Fatalf("err = %v, want ErrDAT saying %q", err, tc.want)
			}
			if fe.Offset < 0 || fe.Record < 0 {
				t.Errorf("error not positioned: %v", err)
			}
		})
	}
	// Flipped bytes anywhere: an error or a book, never a panic.
	for i := 0; i < len(raw); i += 997 {
		b := append([]byte(nil), raw...)
		b[i] ^= 0xa5
		if d, err := ParseDAT(b); err == nil {
			if _, err := WalkFrom(d, board.StartPosition(), 2000); err != nil {
				t.Errorf("flip at %d: walk: %v", i, err)
			}
		} else if !errors.Is(err, ErrDAT) {
			t.Errorf("flip at %d: %v does not wrap ErrDAT", i, err)
		}
	}
}
