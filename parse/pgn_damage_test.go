package parse

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestPGNSplitAndControls: where one game ends and the next begins when no
// move text separates them, and what control bytes in move text become.
func TestPGNSplitAndControls(t *testing.T) {
	type game struct {
		event string
		main  string
	}
	tests := []struct {
		name     string
		in       string
		want     []game
		problems []string // of the first game
	}{
		{"tags only, then a game with the same layout",
			"[Event \"a\"]\n[Site \"x\"]\n[Event \"b\"]\n[Site \"y\"]\n1. h2e2 h9g7 1-0\n",
			[]game{{"a", ""}, {"b", "h2e2 h9g7"}}, nil},
		{"a tag written twice in a row is one game's",
			"[Event \"a\"]\n[Event \"b\"]\n\n1. h2e2\n",
			[]game{{"a", "h2e2"}}, nil},
		{"blank line, then an Event tag",
			"[Site \"x\"]\n[Red \"r\"]\n\n[Event \"b\"]\n1. h2e2\n",
			[]game{{"", ""}, {"b", "h2e2"}}, nil},
		{"blank line, then a repeated name",
			"[Event \"a\"]\n[Red \"r\"]\n\n[Red \"q\"]\n1. h2e2\n",
			[]game{{"a", ""}, {"", "h2e2"}}, nil},
		{"blank line, then a new name is the same tag section",
			"[Event \"a\"]\n\n[Red \"q\"]\n1. h2e2\n",
			[]game{{"a", "h2e2"}}, nil},
		{"the next file glued after the result",
			"[Event \"a\"]\n1. h2e2 h9g7 1-0[Event \"b\"]\n1. h0g2\n",
			[]game{{"a", "h2e2 h9g7"}, {"b", "h0g2"}}, nil},
		{"a Game tag glued after a move",
			"[Event \"a\"]\n1. h2e2 h9g7[Game \"Chinese Chess\"]\n[Event \"b\"]\n1. h0g2\n",
			[]game{{"a", "h2e2 h9g7"}, {"b", "h0g2"}}, nil},
		{"a bracket in move text is not a glued game",
			"[Event \"a\"]\n1. h2e2 [Site \"x\"] h9g7\n",
			[]game{{"a", "h2e2 h9g7"}}, []string{"2:9: syntax error", "2:15: syntax error"}},
		{"NUL inside a move word",
			"[Event \"a\"]\n1. 炮二\x00平五 马８进７\n",
			[]game{{"a", "炮二平五 马８进７"}}, []string{"2:6: syntax error: control byte 0x00 in move text dropped"}},
		{"a NUL before a tag",
			"[Game \"Chinese Chess\"]\n\x00[Event \"a\"]\n[Site \"x\"]\n1. h2e2\n",
			[]game{{"a", "h2e2"}}, []string{"2:1: syntax error: control byte 0x00 before a tag dropped"}},
		{"a run of control bytes between moves",
			"[Event \"a\"]\n1. h2e2\x01\x02\x7f h9g7\n",
			[]game{{"a", "h2e2 h9g7"}}, []string{"2:8: syntax error: control byte 0x01 in move text dropped"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rd := NewPGNReader(strings.NewReader(tt.in), "t.pgn")
			var got []game
			var first *Record
			for {
				rec, err := rd.Next()
				if err == io.EOF {
					break
				}
				if rec == nil {
					t.Fatal(err)
				}
				if first == nil {
					first = rec
				}
				ev, _ := rec.Tags.Get("Event")
				var moves []string
				for _, n := range rec.MainLine() {
					moves = append(moves, n.Text)
				}
				got = append(got, game{ev, strings.Join(moves, " ")})
			}
			if len(got) != len(tt.want) {
				t.Fatalf("games %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("game %d: %q, want %q", i+1, got[i], tt.want[i])
				}
			}
			var probs []string
			for _, p := range first.Problems {
				s := p.Error()
				probs = append(probs, s[strings.Index(s, ": game 1: ")+len(": game 1: "):])
			}
			if len(probs) != len(tt.problems) {
				t.Fatalf("problems %q, want %q", probs, tt.problems)
			}
			for i := range probs {
				if !strings.HasPrefix(probs[i], tt.problems[i]) {
					t.Errorf("problem %q, want %q…", probs[i], tt.problems[i])
				}
			}
		})
	}
}

// TestDetectStrayNUL: a file that starts like PGN stays PGN whatever bytes
// follow; a NUL before anything that looks like a record leaves it unknown.
func TestDetectStrayNUL(t *testing.T) {
	for _, tt := range []struct {
		head string
		want Format
	}{
		{"[Event \"a\"]\n1. 炮二平五\x00 马８进７\n", FormatPGN},
		{"1. 炮二平五 马８进７ 2. 马二进三\x00\n", FormatPGN},
		{"\x00[Event \"a\"]\n", ""},
	} {
		if got := Detect([]byte(tt.head), "x.bin"); got != tt.want {
			t.Errorf("Detect(%q) = %q, want %q", tt.head, got, tt.want)
		}
	}
}

// TestWeakEncodingIsAProblem: a tags-only Big5 game is decoded right and
// carries an ErrEncoding problem; with move text it carries none.
func TestWeakEncodingIsAProblem(t *testing.T) {
	for _, tt := range []struct {
		text string
		weak bool
	}{
		{"[Event \"第00局 結論\"]\n", true},
		{"[Event \"第00局 結論\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n", false},
	} {
		raw := mustEncode(t, big5Enc, tt.text)
		rec, err := NewPGNReader(strings.NewReader(string(raw)), "t.pgn").Next()
		if rec == nil {
			t.Fatal(err)
		}
		if ev, _ := rec.Tags.Get("Event"); ev != "第00局 結論" || rec.Encoding != EncBig5 {
			t.Errorf("%q: Event %q in %s", tt.text, ev, rec.Encoding)
		}
		weak := false
		for _, p := range rec.Problems {
			weak = weak || errors.Is(p, ErrEncoding)
		}
		if weak != tt.weak {
			t.Errorf("%q: weak %v, want %v (%v)", tt.text, weak, tt.weak, rec.Problems)
		}
	}
}

// TestPGNFirstControl checks the eight-bytes-at-a-time search against a
// byte loop, with every byte value inserted at every place.
func TestPGNFirstControl(t *testing.T) {
	base := "1. 炮二平五 马８进７\r\n2. h2e2 {x} 1-0\t\f\v  \x80\xff\x7e"
	for pos := 0; pos <= len(base); pos++ {
		for c := range 256 {
			s := base[:pos] + string(byte(c)) + base[pos:]
			for from := 0; from <= len(s); from += 3 {
				want := len(s)
				for k := from; k < len(s); k++ {
					if pgnControl[s[k]] {
						want = k
						break
					}
				}
				if got := pgnFirstControl(s, from); got != want {
					t.Fatalf("pgnFirstControl(%q, %d) = %d, want %d", s, from, got, want)
				}
			}
		}
	}
}

// FuzzPGNDamaged reads a PGN text with one byte inserted (a control byte
// most often) and glued to a copy of itself as `cat` would, checking the
// reader's invariants: no panic, no runaway loop, games in bounds.
func FuzzPGNDamaged(f *testing.F) {
	for _, s := range []string{
		"[Event \"a\"]\n[Site \"x\"]\n1. 炮二平五 马８进７ 1-0",
		"[Game \"Chinese Chess\"]\n[Event \"a\"]\n\n",
		"[Event \"a\"]\n1. h2e2 h9g7 1-0[Event \"b\"]\n1. h0g2\n",
		"[TitleA \"\r\n\xcb\xc4\"]\r\n[Event \"\"]\r\n",
	} {
		f.Add([]byte(s), uint16(14), byte(0))
	}
	f.Fuzz(func(t *testing.T, b []byte, at uint16, c byte) {
		if len(b) > 64<<10 {
			return
		}
		i := int(at) % (len(b) + 1)
		d := append(append(append([]byte(nil), b[:i]...), c), b[i:]...)
		d = append(d, d...)
		textDrainTimed(t, NewPGNReader(bytes.NewReader(d), "fuzz"), len(d))
	})
}
