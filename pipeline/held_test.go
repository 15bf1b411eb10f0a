package pipeline_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/xqtool/xqtool/pipeline"
)

// holder holds "game N source#index" for every game and "file NAME" for
// every file, and reads them back with their verdicts.
type holder struct {
	pipeline.NopSink
	held *pipeline.Held
	want []string
	got  []string
	dups map[int]pipeline.Dup
}

func (h *holder) Start(info pipeline.Info) (err error) {
	h.held, err = pipeline.NewHeld(info.TempDir)
	return err
}

func (h *holder) Game(g *pipeline.Game) error {
	rec := fmt.Sprintf("game %d %s#%d", g.Num(), g.Source(), g.Index())
	h.want = append(h.want, rec)
	return h.held.Add(g.Num(), []byte(rec))
}

func (h *holder) File(f pipeline.File) error {
	rec := "file " + f.Source
	h.want = append(h.want, rec)
	return h.held.AddOther([]byte(rec))
}

func (h *holder) Finish(v *pipeline.Verdicts) error {
	h.dups = map[int]pipeline.Dup{}
	return h.held.Each(v, func(rec []byte, num int, d pipeline.Dup) error {
		h.got = append(h.got, string(rec))
		if num >= 0 {
			h.dups[num] = d
		} else if !reflect.DeepEqual(d, pipeline.Dup{}) {
			return fmt.Errorf("a record of no game with a verdict: %+v", d)
		}
		return nil
	})
}

func (h *holder) Commit() error { return h.held.Close() }
func (h *holder) Abort()        { h.held.Close() }

// TestHeld: a sink's held records come back in the order held, each
// game's with its number and the verdict Verdicts.Of gives it (final
// state included), the others with none.
func TestHeld(t *testing.T) {
	h := &holder{}
	c := &collector{}
	run(t, defaultOptions(), []string{filepath.Join("..", "sample")}, h, c)
	if !reflect.DeepEqual(h.got, h.want) {
		t.Fatalf("held %d records, got back %d:\n%q\n%q", len(h.want), len(h.got), h.want, h.got)
	}
	if len(h.dups) != len(c.dups) {
		t.Fatalf("%d verdicts held, %d games", len(h.dups), len(c.dups))
	}
	copies := 0
	for num, d := range c.dups {
		if !reflect.DeepEqual(h.dups[num], d) || d.State == "" {
			t.Errorf("game %d: verdict %+v, Verdicts.Of says %+v", num, h.dups[num], d)
		}
		if len(d.Flags) > 0 {
			copies++
		}
	}
	if copies == 0 {
		t.Error("no game with a verdict's flag: the test compares nothing")
	}
}
