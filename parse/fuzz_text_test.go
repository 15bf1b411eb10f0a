package parse

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// textFuzzSeeds adds up to n real files whose format is one of formats
// (from ../../shared/testdata, when present) to the corpus.
func textFuzzSeeds(f *testing.F, n int, formats ...string) {
	dir := shareddata.Path("records")
	if _, err := os.Stat(filepath.Join(dir, "expected.jsonl")); err != nil {
		return
	}
	byFile, files := textLoadExpected(f, dir, formats...)
	_ = byFile
	step := max(1, len(files)/n)
	for i := 0; i < len(files) && n > 0; i += step {
		b, err := os.ReadFile(filepath.Join(dir, files[i]))
		if err != nil || len(b) > 256<<10 {
			continue
		}
		f.Add(b)
		n--
	}
}

// textDrainTimed is textDrain with a deadline, so that a runaway loop
// becomes a failing (and saved) fuzz input rather than a silent stall.
func textDrainTimed(t *testing.T, r Reader, inputLen int) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		textDrain(t, r, inputLen)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		panic("reader did not finish within 10s")
	}
}

// textDrain reads every record of r, checking the reader's invariants.
func textDrain(t *testing.T, r Reader, inputLen int) {
	t.Helper()
	for i := 0; ; i++ {
		if i > inputLen+1 {
			t.Fatalf("more games (%d) than input bytes (%d)", i, inputLen)
		}
		rec, err := r.Next()
		if err == io.EOF {
			if rec != nil {
				t.Fatal("record with io.EOF")
			}
			// EOF is sticky.
			if _, err := r.Next(); err != io.EOF {
				t.Fatalf("Next after EOF: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if rec.Index != i {
			t.Fatalf("game %d has Index %d", i, rec.Index)
		}
		for _, p := range rec.Problems {
			if p.Err == nil || p.Error() == "" {
				t.Fatalf("empty problem %#v", p)
			}
		}
		if rec.Pos.Offset < 0 || rec.Pos.Offset > int64(inputLen)+4 {
			t.Fatalf("game offset %d outside input of %d bytes", rec.Pos.Offset, inputLen)
		}
	}
}

func FuzzPGNReader(f *testing.F) {
	for _, s := range []string{
		"[Event \"a\"]\n1. 炮二平五 马８进７ (1... 炮８平５ {c}) 2. 马二进三 1-0\n",
		"1. h2e2 ((((((((",
		"FORMAT WXF\nSTART{\n1. C2.5 c8.5\n}END\n",
		"[Fen 'x']\n{unterminated",
		"\ufeff[A \"\"]\n1...\n",
		"\xff\xfe[\x00E\x00",
		"[E \"x\n\"]\n1. h0h1 )))",
		"1.12.3 15+1 +P+1 Ｃ２＝５ ½-½",
		"1. 炮二平五 马８上７ 2. 好 x (2... 坏 3. C25) 3... y 4. h2e2",
	} {
		f.Add([]byte(s))
	}
	textFuzzSeeds(f, 8, "pgn")
	f.Fuzz(func(t *testing.T, b []byte) {
		textDrainTimed(t, NewPGNReader(bytes.NewReader(b), "fuzz"), len(b))
	})
}

func FuzzDhtmlXQReader(f *testing.F) {
	for _, s := range []string{
		"[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1][/DhtmlXQ]",
		"[DhtmlXQ_binit]99[DhtmlXQ_movelist]7[DhtmlXQ_comment1_5]x",
		"[DhtmlXQ_move_1_1_1]7747[DhtmlXQ_move_2_1_2]7747[DhtmlXQ_move_1_1_3]",
		"[DhtmlXQiFrame][DhtmlXQHTML][/DhtmlXQHTML][/DhtmlXQ]",
	} {
		f.Add([]byte(s))
	}
	textFuzzSeeds(f, 4, "dhtml")
	f.Fuzz(func(t *testing.T, b []byte) {
		textDrainTimed(t, NewDhtmlXQReader(bytes.NewReader(b), "fuzz"), len(b))
	})
}

func FuzzDecodeText(f *testing.F) {
	for _, s := range []string{"", "abc", "炮二平五", "\xef\xbb\xbfx", "\xff\xfex\x00", "\x81\x20", "\xa4\x40\xb0\xa8"} {
		f.Add([]byte(s))
	}
	textFuzzSeeds(f, 4, "pgn")
	f.Fuzz(func(t *testing.T, b []byte) {
		s, enc, replaced := DecodeText(b)
		switch enc {
		case EncASCII, EncUTF8, EncUTF8BOM, EncGB18030, EncBig5, EncUTF16LE:
		default:
			t.Fatalf("encoding %q", enc)
		}
		if (enc == EncASCII || enc == EncUTF8) && (replaced || s != string(b)) {
			t.Fatalf("%s text changed", enc)
		}
		d := NewTextDecoder(b)
		d.Decode(b)
		d.Decode(b[len(b)/2:])
	})
}

func FuzzDetect(f *testing.F) {
	for _, s := range []string{"XQ\x12", "CCBridge\x15\x00\x00\x00", "<ChineseChessRecord", "[DhtmlXQ", "[Event \"\"]", "1. h2e2 h9g7",
		"GL\xd0\x07\xd4\x07\x01\x00Tue Dec", "<n m=\"\"/>", "[FEN_INDEX \"1\"]", "1 1 21 32 1 0 1 2 2 0 1 0"} {
		f.Add([]byte(s), "a.pgn")
	}
	f.Fuzz(func(t *testing.T, b []byte, name string) {
		got := Detect(b, name)
		switch got {
		case "", FormatPGN, FormatXQF, FormatDhtmlXQ, FormatCBR, FormatCBL, FormatCBF:
		case FormatMXQ, FormatCHE, FormatCCM, FormatCHN, FormatPFC, FormatXGF, FormatFEN, FormatXFEN:
			fuzzPlatform(t, got, b) // the reader of what Detect says reads it
		default:
			t.Fatalf("Detect = %q", got)
		}
		if got == FormatPGN || got == FormatDhtmlXQ {
			r, err := NewReader(got, bytes.NewReader(b), int64(len(b)), name)
			if err != nil {
				t.Fatal(err)
			}
			textDrain(t, r, len(b))
		}
	})
}

// TestTextPathological feeds hostile shapes to the text readers: each
// must finish (no runaway loop) well within pathologicalBound. The inputs
// are 2^16–2^18 units long, so quadratic work on them takes minutes while
// linear work takes milliseconds: the bound is generous enough for a
// loaded machine and still catches the blow-ups it is there for (speed
// itself is measured in benchmarks, not here).
const pathologicalBound = 30 * time.Second

func TestTextPathological(t *testing.T) {
	for name, in := range map[string]string{
		"parens":      "1. h2e2 " + strings.Repeat("(", 1<<18),
		"closeparens": strings.Repeat(")", 1<<18),
		"fwparen":     strings.Repeat("（", 1<<18),
		"braces":      strings.Repeat("{", 1<<18),
		"quotes":      "[A " + strings.Repeat("\"", 1<<18),
		"qbr":         "[A " + strings.Repeat("\"]", 1<<16),
		"brackets":    strings.Repeat("[", 1<<18),
		"tags":        strings.Repeat("[A \"b\"]\n", 1<<16),
		"games":       strings.Repeat("[A \"b\"]\n1. h2e2\n", 1<<16),
		"junk":        strings.Repeat("x ", 1<<16),
		"numbers":     strings.Repeat("1.", 1<<16),
		"nl":          strings.Repeat("\n", 1<<18),
		"lines":       strings.Repeat("a\n", 1<<16),
		"colon":       strings.Repeat("：", 1<<18),
		"dollar":      strings.Repeat("$", 1<<18),
		"semis":       strings.Repeat(";\n", 1<<16),
		"pct":         strings.Repeat("%\n", 1<<16),
		"bigline":     "[A \"" + strings.Repeat("x", 1<<18),
		"open":        "[A \"\n" + strings.Repeat("x\n", 1<<16),
		"wxf":         "FORMAT x\n" + strings.Repeat("RED x\n", 1<<16),
	} {
		start := time.Now()
		textDrain(t, NewPGNReader(strings.NewReader(in), "p"), len(in))
		if d := time.Since(start); d > pathologicalBound {
			t.Errorf("%s: %v", name, d)
		}
		start = time.Now()
		textDrain(t, NewDhtmlXQReader(strings.NewReader(strings.ReplaceAll(in, "[", "[DhtmlXQ_a]")), "p"), len(in)*12)
		if d := time.Since(start); d > pathologicalBound {
			t.Errorf("dhtml %s: %v", name, d)
		}
	}
}
