package positions

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/training"
)

// pythonWithNumPy returns a Python 3 that imports NumPy: $XQTOOL_PYTHON,
// python3 on the PATH, or the system's /usr/bin/python3 (where the
// distribution's python3-numpy installs it).
func pythonWithNumPy(t *testing.T) string {
	t.Helper()
	cands := []string{os.Getenv("XQTOOL_PYTHON"), "python3", "/usr/bin/python3"}
	for _, c := range cands {
		if c == "" {
			continue
		}
		if err := exec.Command(c, "-c", "import numpy").Run(); err == nil {
			return c
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no python3 with numpy (CI installs python3-numpy)")
	}
	t.Skip("no python3 with numpy: the independent V6 reader cannot run")
	return ""
}

// expectWriter writes what the independent reader checks of each record.
type expectWriter struct {
	w *bufio.Writer
}

func (e *expectWriter) Write(r *Record) error {
	res := map[training.Result]string{training.RedWin: "1-0", training.BlackWin: "0-1", training.Draw: "1/2-1/2"}[r.Game.Result]
	b, err := json.Marshal(map[string]string{"fen": r.Pos().FEN(), "move": r.Played.String(), "result": res})
	if err != nil {
		return err
	}
	e.w.Write(b)
	return e.w.WriteByte('\n')
}
func (e *expectWriter) Commit() error { return e.w.Flush() }
func (e *expectWriter) Abort()        {}

// TestPX0Independent writes the px0 chunks of two folders of the real
// records and has them read by an independent reader written from the
// trainer's field list (testdata/readv6.py, Python and NumPy): for every
// record the pieces of the first history step against the position's FEN
// from the side to move, the one-hot policy against the played move (by
// the trainer's own move table), the result against the game's.
func TestPX0Independent(t *testing.T) {
	py := pythonWithNumPy(t)
	table := filepath.Join(shareddata.Dir(t, "policy"), "px0-lc0-2062.txt")
	records := shareddata.Dir(t, "records")
	dir := t.TempDir()
	ef, err := os.Create(filepath.Join(dir, "expect.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	opt := Options{Training: allGames}
	px, err := NewSink(opt, PX0Files(filepath.Join(dir, "px0"), ""))
	if err != nil {
		t.Fatal(err)
	}
	ex, err := NewSink(opt, func(training.Split) (Writer, error) { return &expectWriter{w: bufio.NewWriter(ef)}, nil })
	if err != nil {
		t.Fatal(err)
	}
	inputs := []string{filepath.Join(records, "xqbase__eleeye"), filepath.Join(records, "maksimKorzh__wukong-xiangqi")}
	if _, err := pipeline.Run(context.Background(), inputs, runOptions(), px, ex); err != nil {
		t.Fatal(err)
	}
	chunks, err := filepath.Glob(filepath.Join(dir, "px0", "train", "chunk-*.gz"))
	if err != nil || len(chunks) == 0 {
		t.Fatalf("no chunks: %v", err)
	}
	args := append([]string{filepath.Join("..", "px0", "testdata", "readv6.py"), table, ef.Name()}, chunks...)
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("readv6.py: %v\n%s", err, out)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	want := px.Positions().Written[training.Train]
	if err != nil || n != want || n == 0 {
		t.Fatalf("readv6.py checked %q records, want %d", out, want)
	}
	t.Logf("%d records in %d chunks read and checked", n, len(chunks))
}
