package nnue

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// readPlain reads every block of a .plain file.
func readPlain(tb testing.TB, path string) []Entry {
	tb.Helper()
	out, err := ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestPackGolden packs every block of the shared records.plain and
// compares each record with the one Fairy-Stockfish's convert_bin wrote
// (records.bin): the first 71 bytes exactly, the padding byte 0 here.
func TestPackGolden(t *testing.T) {
	dir := shareddata.Dir(t, "nnue")
	entries := readPlain(t, filepath.Join(dir, "records.plain"))
	want, err := os.ReadFile(filepath.Join(dir, "records.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != RecordSize*len(entries) {
		t.Fatalf("records.bin has %d bytes, want %d records of %d", len(want), len(entries), RecordSize)
	}
	var got []byte
	for i := range entries {
		if got, err = AppendBin(got, &entries[i]); err != nil {
			t.Fatalf("block %d: %v", i+1, err)
		}
	}
	bad := 0
	for i := range entries {
		g, w := got[i*RecordSize:][:RecordSize], want[i*RecordSize:][:RecordSize]
		if !bytes.Equal(g[:RecordSize-1], w[:RecordSize-1]) || g[RecordSize-1] != 0 {
			if bad++; bad <= 5 {
				t.Errorf("block %d (%s): got\n%x\nwant\n%x", i+1, AppendFEN(nil, &entries[i].Pos), g, w)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d records differ", bad, len(entries))
	}
}

// TestPlainRoundTrip: writing the blocks read from records.plain gives
// the file back byte for byte.
func TestPlainRoundTrip(t *testing.T) {
	path := filepath.Join(shareddata.Dir(t, "nnue"), "records.plain")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	for _, e := range readPlain(t, path) {
		got = AppendPlain(got, &e)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("rewritten .plain differs from the file (%d vs %d bytes)", len(got), len(want))
	}
}

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // ICCS, "" for an error
	}{
		{"h3e3", "h2e2"},
		{"a10a9", "a9a8"},
		{"i1i10", "i0i9"},
		{"e2e2", ""},
		{"a0a1", ""},
		{"a11a1", ""},
		{"j1j2", ""},
		{"a1", ""},
		{"a1a2x", ""},
		{"a01a2", ""},
		{"", ""},
	} {
		m, err := ParseMove(tc.in)
		if tc.want == "" {
			if !errors.Is(err, ErrMove) {
				t.Errorf("ParseMove(%q) = %v, %v; want ErrMove", tc.in, m, err)
			}
			continue
		}
		if err != nil || m.String() != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", tc.in, m, err, tc.want)
		}
		if got := string(AppendMove(nil, m)); got != tc.in {
			t.Errorf("AppendMove(%v) = %q, want %q", m, got, tc.in)
		}
	}
}

const startBlock = "fen " + board.StartFEN + "\nmove h3e3\nscore 20\nply 0\nresult 0\ne\n"

// TestPlainErrors: each malformed block gives its sentinel and line.
func TestPlainErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		line     int
		err      error
	}{
		{"no move", "fen " + board.StartFEN + "\nscore 1\nply 0\nresult 0\ne\n", 5, ErrMissing},
		{"repeated", "fen " + board.StartFEN + "\nmove h3e3\nmove h3e3\n", 3, ErrKey},
		{"unknown key", "fen " + board.StartFEN + "\nbest h3e3\n", 2, ErrKey},
		{"fen not first", "move h3e3\n", 1, ErrKey},
		{"bad fen", "fen xyz\n", 1, ErrFEN},
		{"bad move", "fen " + board.StartFEN + "\nmove h3\n", 2, ErrMove},
		{"bad score", "fen " + board.StartFEN + "\nscore 1.5\n", 2, ErrNumber},
		{"bad ply", "fen " + board.StartFEN + "\nply -1\n", 2, ErrNumber},
		{"bad result", "fen " + board.StartFEN + "\nresult 2\n", 2, ErrNumber},
		{"illegal", strings.Replace(startBlock, "h3e3", "h3h9", 1), 6, ErrIllegal},
		{"no king", strings.Replace(startBlock, "RNBAKABNR", "RNBA1ABNR", 1), 6, ErrFEN},
		{"unfinished", "\n" + strings.TrimSuffix(startBlock, "e\n"), 6, ErrUnfinish},
		{"long line", "fen " + strings.Repeat("9/", maxLine), 1, ErrLineLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewPlainReader(strings.NewReader(tc.in))
			_, err := r.Next()
			var pe *PlainError
			if !errors.As(err, &pe) || pe.Line != tc.line || !errors.Is(err, tc.err) {
				t.Errorf("err = %v, want line %d: %v", err, tc.line, tc.err)
			}
		})
	}
}

func TestPlainBlankLinesAndCRLF(t *testing.T) {
	in := "\r\n" + strings.ReplaceAll(startBlock, "\n", "\r\n") + "\n" + startBlock
	r := NewPlainReader(strings.NewReader(in))
	for i := range 2 {
		e, err := r.Next()
		if err != nil || e.Score != 20 || e.Move.String() != "h2e2" {
			t.Fatalf("block %d: %+v, %v", i+1, e, err)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last block: %v, want io.EOF", err)
	}
}

// TestAppendBinFields: the fields after the position, clamping and the
// counters' bits, decoded by unpack.
func TestAppendBinFields(t *testing.T) {
	s, _ := board.ParseFEN(board.StartFEN)
	s.HalfMove, s.FullMove = 100, 300
	e := Entry{Pos: s, Move: board.NewMove(board.SquareAt(7, 2), board.SquareAt(4, 2)), Score: -40000, Ply: 599, Result: -1}
	rec, err := AppendBin(nil, &e)
	if err != nil {
		t.Fatal(err)
	}
	u := unpack(t, rec)
	if u.Score != -MaxScore || u.Ply != 599 || u.Result != -1 || u.Move != e.Move {
		t.Errorf("unpacked %+v", u)
	}
	if u.Pos != s {
		t.Errorf("position: got %s, want %s", AppendFEN(nil, &u.Pos), AppendFEN(nil, &s))
	}
}

func TestTooManyPieces(t *testing.T) {
	var s board.Setup
	for sq := range s.Board {
		s.Board[sq] = board.MakePiece(board.Red, board.Rook)
	}
	if _, err := AppendBin(nil, &Entry{Pos: s}); !errors.Is(err, ErrTooManyPieces) {
		t.Errorf("a board of 90 rooks: %v, want ErrTooManyPieces", err)
	}
}
