package records

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/parse"
)

// TestAnnotatedPGN: notes go with the main line only (variations keep
// theirs), a NAG the record gives already is not repeated, an earlier
// [%eval] in a record's comment gives way to the note's, and the PGN reads
// back with the notes as comments and NAGs.
func TestAnnotatedPGN(t *testing.T) {
	const text = `[Event "notes"]
[Result "*"]
{the game} 1. 炮二平五? {[%eval 9.99] a human word} (1. 相三进五 {var}) 马８进７ 2. 马二进三 *
`
	reps := pgnReports(t, text)
	if len(reps) != 1 {
		t.Fatalf("%d games", len(reps))
	}
	notes := []PlyNote{
		{Comment: "[%eval 0.20,8]"},
		{Comment: "[%eval -0.35,8] mistake", NAG: 2}, // the record's "?" already
		{Comment: "[%eval 0.10,8]", NAG: 6},
		{Comment: "[%eval 0.40,8] }{ [x"}, // made safe
		{Comment: "beyond the main line"},
	}
	p, err := NewAnnotatedPGN(game(reps[0]), ICCS, notes)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := p.Write(&buf, nil); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	t.Log(out)
	for _, want := range []string{
		"{[%eval 0.20,8] the game}",
		"1. H2-E2? {[%eval -0.35,8] mistake a human word}",
		"G0-E2 {var} )",
		"H9-G7 $6 {[%eval 0.10,8]}",
		"{[%eval 0.40,8] ｝{ [x}",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, bad := range []string{"9.99", "$2", "beyond"} {
		if strings.Contains(out, bad) {
			t.Errorf("%q in\n%s", bad, out)
		}
	}
	rec, err := parse.NewPGNReader(strings.NewReader(out), "annotated.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	n1 := rec.Root.Children[0]
	n2 := n1.Children[0]
	if rec.Root.Comment != "[%eval 0.20,8] the game" || n1.Comment != "[%eval -0.35,8] mistake a human word" ||
		n2.Suffix != "$6" || n2.Comment != "[%eval 0.10,8]" {
		t.Errorf("read back: root %q, 1: %q %q, 2: %q %q", rec.Root.Comment, n1.Suffix, n1.Comment, n2.Suffix, n2.Comment)
	}
}
