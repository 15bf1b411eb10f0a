package corpus

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/parse"
)

// dumpTree writes every field of every node of rec's move tree. A node
// reached twice (a stale link in a reused block would make a cycle) fails
// the test at once.
func dumpTree(t *testing.T, b *strings.Builder, rec *parse.Record) {
	seen := map[*parse.Node]bool{}
	var walk func(n *parse.Node, depth int)
	walk = func(n *parse.Node, depth int) {
		if seen[n] {
			t.Fatalf("%s#%d: node %q reached twice", rec.Source, rec.Index, n.Text)
		}
		seen[n] = true
		fmt.Fprintf(b, "%d %q %v %d %q %q %v %d\n", depth, n.Text, n.Move, n.Number, n.Suffix, n.Comment, n.Pos, len(n.Children))
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	fmt.Fprintf(b, "# %s %d %v %q\n", rec.Source, rec.Index, rec.Format, rec.FEN)
	walk(&rec.Root, 0)
}

// TestReleaseReusesCleanly reads the sample corpus (and the real records,
// when present) twice: keeping every record, then releasing each record
// after dumping it, so that later records are built in the cleared blocks
// of earlier ones. Every tree must come out the same, and a released
// record must be empty.
func TestReleaseReusesCleanly(t *testing.T) {
	paths := []string{filepath.Join("..", "sample")}
	if real := shareddata.Path("records"); dirExists(real) {
		paths = append(paths, real)
	} else {
		t.Logf("real records not found at %s (they sit beside the repository in CI): sample only", real)
	}
	read := func(release bool) (string, int) {
		var b strings.Builder
		n := 0
		w := &Walker{Raw: true}
		err := w.Walk(context.Background(), paths, func(it Item) error {
			it.Load()
			if it.Rec == nil {
				return nil
			}
			n++
			dumpTree(t, &b, it.Rec)
			if release {
				rec := it.Rec
				rec.Release()
				if len(rec.Root.Children) != 0 || rec.Source != "" {
					t.Fatalf("a released record still holds its game")
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return b.String(), n
	}
	kept, n := read(false)
	released, m := read(true)
	again, _ := read(true) // the pools are warm now
	if n != m || kept != released || kept != again {
		t.Fatalf("trees differ once records are released (%d and %d games)", n, m)
	}
	t.Logf("%d games read alike", n)
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
