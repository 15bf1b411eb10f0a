package tournament

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/pipeline"
)

// observer records what the sinks after the annotators see of each game.
type observer struct {
	pipeline.NopSink
	dups map[int]pipeline.Dup
}

func (o *observer) Finish(v *pipeline.Verdicts) error {
	o.dups = map[int]pipeline.Dup{}
	for num := range v.Len() {
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		o.dups[num] = d
	}
	return nil
}

// kept runs a Sink whose games stay readable after the run (Commit does
// not remove its files): the caller calls Abort.
type kept struct{ *Sink }

func (k kept) Commit() error { return nil }

// run runs the sink over inputs with duplicate detection, and returns it
// and what a later sink saw; its games stay readable until the test ends.
func run(t testing.TB, opt Options, inputs ...string) (*Sink, *observer) {
	t.Helper()
	s := runKept(t, opt, inputs...)
	t.Cleanup(s.Abort)
	return s.Sink, s.obs
}

// keptSink is a Sink run by runKept, with what a later sink saw.
type keptSink struct {
	*Sink
	obs *observer
}

// runKept runs the sink as run does; the caller calls Abort.
func runKept(t testing.TB, opt Options, inputs ...string) keptSink {
	t.Helper()
	s := NewSink(opt)
	o := &observer{}
	if _, err := pipeline.Run(context.Background(), inputs, pipeline.Options{Workers: 1}, kept{s}, o); err != nil {
		t.Fatal(err)
	}
	return keptSink{s, o}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if realSink != nil {
		realSink.Abort()
	}
	os.Exit(code)
}

// pgnDir writes files (name → PGN text) into a temporary directory.
func pgnDir(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
