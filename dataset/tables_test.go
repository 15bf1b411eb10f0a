package dataset

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestWriterTables: a table written beside the datasets (WriteTable)
// joins the dataset on Close, and a dataset closed without it removes an
// earlier one; a name that is no such table is refused, and a write's
// error aborts nothing else.
func TestWriterTables(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	content := func(text string) func(io.Writer, memory.Allocator) error {
		return func(out io.Writer, mem memory.Allocator) error {
			if mem == nil {
				return errors.New("no allocator")
			}
			_, err := io.WriteString(out, text)
			return err
		}
	}
	if err := w.WriteTable(PlayersName, content("players")); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteTable(EventsName, content("events")); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{FilesName, GamesName, "other", "../players"} {
		if err := w.WriteTable(bad, content("x")); err == nil {
			t.Errorf("WriteTable(%q): no error", bad)
		}
	}
	if err := w.WriteTable(EventsName, func(io.Writer, memory.Allocator) error { return errors.New("failed") }); err == nil {
		t.Error("a failed write: no error")
	}
	if err := w.WriteTable(EventsName, content("events again")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{PlayersName: "players", EventsName: "events again"} {
		b, err := os.ReadFile(filepath.Join(dir, name+".parquet"))
		if err != nil || string(b) != want {
			t.Errorf("%s.parquet: %q, %v; want %q", name, b, err, want)
		}
	}
	w, err = Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteTable(EventsName, content("events")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, PlayersName+".parquet")); err == nil {
		t.Error("players.parquet of an earlier run left in place")
	}
	if _, err := os.Stat(filepath.Join(dir, EventsName+".parquet")); err != nil {
		t.Error(err)
	}
}
