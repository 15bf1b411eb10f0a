package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/pipeline"
)

// TestReadGamesSkipsFileLines: a report's lines for input files without
// games (kind "file") are not games.
func TestReadGamesSkipsFileLines(t *testing.T) {
	in := `{"kind":"file","source":"notes.txt","bytes":36,"format":"","status":"unreadable","problem":"unknown format"}
{"source":"a.pgn","index":0,"status":"ok"}
{"kind":"file","source":"b.txt","bytes":null,"format":"","status":"skipped","problem":"output of the run"}
`
	var got []string
	if err := ReadGames(strings.NewReader(in), func(g *Game) error {
		got = append(got, g.Source)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "a.pgn" {
		t.Errorf("games %q, want [a.pgn]", got)
	}
}

func TestReadGamesErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		line int
		is   error
	}{
		{"{\"source\":\"a\",\"status\":\"ok\"}\n\nnot json\n", 3, nil},
		{"{\"source\":\"a\",\"status\":\"ok\"}\n[1,2]\n", 2, nil},
		{"{}\n", 1, ErrNotReport},
	} {
		err := ReadGames(strings.NewReader(tc.in), func(*Game) error { return nil })
		var le *LineError
		if !errors.As(err, &le) || le.Line != tc.line {
			t.Errorf("%q: error %v, want one on line %d", tc.in, err, tc.line)
		}
		if tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("%q: error %v is not %v", tc.in, err, tc.is)
		}
	}
}

// TestAppendFlags: flags join a written line's flags array, whatever the
// details and tags hold (brackets, quotes, a tag named flags), and the
// line still decodes, with the flags in order.
func TestAppendFlags(t *testing.T) {
	late := []flags.Flag{flags.New(flags.Duplicate, 0, "", `copy of "a]b"#1 [x]`), flags.New(flags.TagsFilled, 0, "", "Red \\ ]")}
	for _, g := range []*Game{
		{Source: "a.pgn", Status: "ok", Tags: map[string]string{"flags": "[1]", "Event": `"]`}, Flags: []flags.Flag{}},
		{Source: "b].pgn", Status: "error", Tags: map[string]string{}, Flags: []flags.Flag{
			flags.New(flags.MissingTags, 0, "", `missing: "Red"]`), flags.New(flags.IllegalMove, 3, "red", `\"]`)},
			Tried: []string{"h2e2"}},
	} {
		var buf bytes.Buffer
		if err := NewWriter(&buf).Write(g); err != nil {
			t.Fatal(err)
		}
		out, err := appendFlags(buf.Bytes(), late)
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		want := append(append([]flags.Flag{}, g.Flags...), late...)
		if !slices.Equal(back.Flags, want) || back.Source != g.Source || !maps.Equal(back.Tags, g.Tags) || !slices.Equal(back.Tried, g.Tried) {
			t.Errorf("appended line %s", out)
		}
		if !bytes.HasSuffix(out, []byte("\n")) || bytes.Count(out, []byte("\n")) != 1 {
			t.Errorf("not one line: %q", out)
		}
	}
	if _, err := appendFlags([]byte(`{"source":"x"}`+"\n"), late); err == nil {
		t.Error("a line without flags was accepted")
	}
}

// TestLateWarningFlags: a late flag of severity warning (an annotator's)
// makes an ok game a warning; an info flag leaves it ok.
func TestLateWarningFlags(t *testing.T) {
	for _, tt := range []struct {
		late flags.Flag
		want analyze.Status
	}{
		{flags.New(flags.Duplicate, 0, "", "copy"), analyze.StatusOK},
		{flags.New(flags.SuspectMove, 3, "red", "a slip"), analyze.StatusWarning},
	} {
		var buf bytes.Buffer
		if err := NewWriter(&buf).Write(&Game{Source: "a.pgn", Status: analyze.StatusOK, Tags: map[string]string{}, Flags: []flags.Flag{}}); err != nil {
			t.Fatal(err)
		}
		late := []flags.Flag{tt.late}
		d := pipeline.Dup{Flags: late, State: pipeline.FinalState(analyze.StatusOK, late)}
		out, err := complete(buf.Bytes(), analyze.StatusOK, d)
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatal(err)
		}
		if back.Status != tt.want || len(back.Flags) != 1 || back.Flags[0] != tt.late {
			t.Errorf("%s: %s", tt.late.Code, out)
		}
	}
}
