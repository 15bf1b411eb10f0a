package progress

import (
	"bytes"
	"testing"
	"time"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/pipeline"
)

// TestNoTerminal: without a terminal there is no bar; annotate's search
// logs a line when it is over (and every LogEvery), nothing when quiet or
// when every position was cached; an engine fault is one line.
func TestNoTerminal(t *testing.T) {
	var buf bytes.Buffer
	if New(&buf, false) != nil || New(&buf, true) != nil {
		t.Fatal("a bar on a buffer")
	}
	s := NewSearch(&buf, false)
	s.Phase(pipeline.PhaseWriting, 10)
	s.Done(3, 3)
	s.Search(annotate.Progress{ToSearch: 0})
	s.Search(annotate.Progress{ToSearch: 4, Searched: 1})
	if buf.Len() != 0 {
		t.Fatalf("printed before the search is over or a minute passed: %q", buf.String())
	}
	s.Search(annotate.Progress{ToSearch: 4, Searched: 3, Failed: 1, Rate: 2, ETA: 1500 * time.Millisecond})
	s.Log("engine 1: died")
	s.End()
	want := "xqtool: searched 4 of 4 positions (1 failed), 2.00 positions/s, 2s left\nxqtool: engine 1: died\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
	buf.Reset()
	q := NewSearch(&buf, true)
	q.Search(annotate.Progress{ToSearch: 4, Searched: 4})
	if buf.Len() != 0 {
		t.Errorf("quiet: %q", buf.String())
	}
}
