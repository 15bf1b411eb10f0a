package parse

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// mxqBuild writes an MXQ record of the given header fields and moves, its
// text in encoding e.
func mxqBuild(t *testing.T, e encoding.Encoding, header []string, moves ...string) []byte {
	t.Helper()
	var b []byte
	field := func(s string) {
		p, err := e.NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		b = append(append(b, byte(len(p))), p...)
	}
	for _, s := range header {
		field(s)
	}
	field("Moves")
	for _, m := range moves {
		field(m)
	}
	field("Ends")
	field("Comments棋End")
	return b
}

func TestMXQEncodingsAndResults(t *testing.T) {
	tests := []struct {
		enc         encoding.Encoding
		title       string
		red, result string
		encName     string
	}{
		{simplifiedchinese.GBK, "红方-胜-黑方", "红方", "1-0", EncGB18030},
		{simplifiedchinese.GBK, "红方-和-黑方", "红方", "1/2-1/2", EncGB18030},
		{simplifiedchinese.GBK, "红方-负-黑方", "红方", "0-1", EncGB18030},
		{traditionalchinese.Big5, "紅方-勝-黑方", "紅方", "1-0", EncBig5},
		{traditionalchinese.Big5, "紅方-負-黑方", "紅方", "0-1", EncBig5},
		{simplifiedchinese.GBK, "对局", "", "", EncGB18030},
	}
	for _, tt := range tests {
		data := mxqBuild(t, tt.enc, []string{"站", "2016年1月2日", tt.title, "1500", "1400", "", "", "", "", "", "好"}, "7C-4C", "7J-6H", "9Z-9A")
		if !mxqLooksLike(data) {
			t.Fatalf("%s: not detected", tt.title)
		}
		rd, _ := NewPlatformReader(FormatMXQ, bytes.NewReader(data), "t.mxq")
		rec, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		if rec.Tags.Value("Red") != tt.red || rec.Result != tt.result || rec.Encoding != tt.encName {
			t.Errorf("%s: red %q result %q encoding %s", tt.title, rec.Tags.Value("Red"), rec.Result, rec.Encoding)
		}
		if rec.Tags.Value("Date") != "2016.01.02" || rec.Root.Comment != "好\n棋" {
			t.Errorf("%s: date %q comment %q", tt.title, rec.Tags.Value("Date"), rec.Root.Comment)
		}
		// The third move is off the board: kept, with a problem.
		line := rec.MainLine()
		if len(line) != 3 || line[2].Move != 0 || len(rec.Problems) != 1 {
			t.Errorf("%s: %d moves, problems %v", tt.title, len(line), rec.Problems)
		}
	}
}

// A position list with a line longer than the reader takes gives a
// record and a positioned error, not a bare error.
func TestFENListLongLine(t *testing.T) {
	in := "[FEN_INDEX \"1\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n\n" + string(bytes.Repeat([]byte("x"), 2<<20)) + "\n"
	rd := NewFENListReader(bytes.NewReader([]byte(in)), "long.fen", FormatFEN)
	rec, err := rd.Next()
	if err != nil || rec.FEN == "" {
		t.Fatalf("first entry: %v %v", rec, err)
	}
	rec, err = rd.Next()
	var pe *Error
	if rec == nil || !errors.As(err, &pe) || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("long line: %v, %v", rec, err)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Fatalf("after the long line: %v", err)
	}
}
