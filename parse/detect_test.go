package parse

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		head string
		file string
		want Format
	}{
		{"xqf magic", "XQ\x12\x00", "a.bin", FormatXQF},
		{"xqf version too high", "XQ\x40abc", "a.txt", ""},
		{"cbr magic", "CCBridge Record\x00", "a", FormatCBR},
		{"cbl magic", "CCBridgeLibrary\x00", "a", FormatCBL},
		{"cbl marker", "CCBridge\x15\x00\x00\x00", "a", FormatCBL},
		{"cbf", "\xef\xbb\xbf<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">", "a", FormatCBF},
		{"dhtml in html", "<html><div>[DhtmlXQ][DhtmlXQ_movelist]7747", "a.html", FormatDhtmlXQ},
		{"pgn tags", "[Game \"Chinese Chess\"]\n", "a", FormatPGN},
		{"pgn lower tag", "\n\n[Fen 'x']\n", "a", FormatPGN},
		{"wxf keywords", "FORMAT  WXF\nRED a ; 1 ;;\n", "a", FormatPGN},
		{"bare chinese moves", "1. 炮二平五 马８进７\n2. 马二进三", "a.txt", FormatPGN},
		{"bare iccs moves", "1. h2e2 h9g7 2. h0g2", "a", FormatPGN},
		{"pgn by extension", "", "x/a.PGN", FormatPGN},
		{"xqf by extension", "garbage", "a.xqf", FormatXQF},
		{"binary junk", "\x00\x01\x02\x03", "a", ""},
		{"prose", "hello world, nothing here", "a.txt", ""},
		{"content beats extension", "CCBridge Record\x00", "a.pgn", FormatCBR},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect([]byte(tt.head), tt.file); got != tt.want {
				t.Errorf("Detect(%q, %q) = %q, want %q", tt.head, tt.file, got, tt.want)
			}
		})
	}
}

// TestDetectRealData checks Detect on every file listed in expected.jsonl.
func TestDetectRealData(t *testing.T) {
	dir := textRecordsDir(t)
	byFile, files := textLoadExpected(t, dir, "pgn", "dhtml", "xqf", "cbr", "cbl", "cbf")
	wantFormat := map[string]Format{"pgn": FormatPGN, "dhtml": FormatDhtmlXQ, "xqf": FormatXQF, "cbr": FormatCBR, "cbl": FormatCBL, "cbf": FormatCBF}
	for _, file := range files {
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		head := make([]byte, DetectSize)
		n, _ := io.ReadFull(f, head)
		f.Close()
		// Content only: a name without extension.
		if got, want := Detect(head[:n], "noext"), wantFormat[byFile[file][0].Format]; got != want {
			t.Errorf("%s: Detect = %q, want %q", file, got, want)
		}
	}
}

func TestNewReader(t *testing.T) {
	r, err := NewReader(FormatPGN, strings.NewReader("[Event \"e\"]\n1. h2e2 h9g7 1-0\n"), -1, "a.pgn")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Next()
	if err != nil || rec.Result != "1-0" || len(rec.MainLine()) != 2 {
		t.Fatalf("Next = %+v, %v", rec, err)
	}
	if _, err := NewReader("zip", strings.NewReader(""), 0, "a"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unknown format: err = %v, want ErrUnsupported", err)
	}
	// A binary format over a plain io.Reader is read into memory.
	if _, err := NewReader(FormatXQF, io.MultiReader(bytes.NewReader([]byte("XQ\x0a"))), 3, "a.xqf"); err != nil {
		t.Errorf("xqf over io.Reader: %v", err)
	}
}

// TestNewReaderRealData opens every real text file through Detect and
// NewReader and counts the games.
func TestNewReaderRealData(t *testing.T) {
	dir := textRecordsDir(t)
	byFile, files := textLoadExpected(t, dir, "pgn", "dhtml")
	for _, file := range files {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		f := Detect(b[:min(len(b), DetectSize)], file)
		r, err := NewReader(f, bytes.NewReader(b), int64(len(b)), file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		recs := readAllRecords(t, r)
		if len(recs) != len(byFile[file]) {
			t.Errorf("%s (%s): %d games, want %d", file, f, len(recs), len(byFile[file]))
		}
	}
}

// TestDetectRealDataNotPlatform checks that no file of the real records
// (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, and the files no reader reads) is taken
// for one of the platform formats or a position list.
func TestDetectRealDataNotPlatform(t *testing.T) {
	if _, err := os.Stat(binTestRecords); err != nil {
		t.Skipf("shared test data not available: %v", err)
	}
	n := 0
	head := make([]byte, 8192)
	err := filepath.WalkDir(binTestRecords, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		k, _ := io.ReadFull(f, head)
		f.Close()
		n++
		switch fm := Detect(head[:k], p); fm {
		case FormatMXQ, FormatCHE, FormatCCM, FormatCHN, FormatPFC, FormatXGF, FormatFEN, FormatXFEN:
			t.Errorf("%s detected as %s", p, fm)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no real record found")
	}
}
