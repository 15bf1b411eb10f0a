package corpus

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/xqtool/xqtool/parse"
)

// TestEncodingHintFromDirectory: a file whose text cannot tell GB18030
// from Big5 takes the encoding of an earlier file of its directory that
// could, and is still flagged as a weak choice; alone it gets GB18030.
func TestEncodingHintFromDirectory(t *testing.T) {
	game, err := traditionalchinese.Big5.NewEncoder().String("[Event \"全國個人賽\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0\n")
	if err != nil {
		t.Fatal(err)
	}
	// 0xB0A1 is a common character in both readings: a tie.
	tie := "[Event \"\xb0\xa1\"]\n"
	dir := t.TempDir()
	for name, text := range map[string]string{"a/1.pgn": game, "a/2.pgn": tie, "b/2.pgn": tie} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, raw := range []bool{false, true} {
		walkHinted(t, dir, raw)
	}
}

func walkHinted(t *testing.T, dir string, raw bool) {
	encs := map[string]string{}
	weak := map[string]bool{}
	err := (&Walker{Raw: raw}).Walk(context.Background(), []string{dir}, func(it Item) error {
		it.Load()
		if it.Rec == nil {
			t.Fatalf("no game: %v", it.File)
		}
		rel, _ := filepath.Rel(dir, it.Rec.Source)
		rel = filepath.ToSlash(rel)
		encs[rel] = it.Rec.Encoding
		for _, p := range it.Rec.Problems {
			weak[rel] = weak[rel] || errors.Is(p, parse.ErrEncoding)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a/1.pgn": parse.EncBig5, "a/2.pgn": parse.EncBig5, "b/2.pgn": parse.EncGB18030}
	for f, enc := range want {
		if encs[f] != enc || weak[f] != (f != "a/1.pgn") {
			t.Errorf("raw %v: %s: %s (weak %v), want %s (weak %v)", raw, f, encs[f], weak[f], enc, f != "a/1.pgn")
		}
	}
}
