package explorer

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// pageJSON extracts and decodes the data of a page.
func pageJSON(t testing.TB, page []byte) *pageData {
	t.Helper()
	const open = `<script type="application/json" id="data">`
	i := bytes.Index(page, []byte(open))
	if i < 0 {
		t.Fatal("no data in the page")
	}
	rest := page[i+len(open):]
	j := bytes.Index(rest, []byte("</script>"))
	var raw struct {
		pageData
		Nodes [][5]json.RawMessage `json:"nodes"`
	}
	if err := json.Unmarshal(rest[:j], &raw); err != nil {
		t.Fatal(err)
	}
	pd := raw.pageData
	for _, n := range raw.Nodes {
		var games, code, name int
		var ex, moves []int
		for k, dst := range []any{&games, &code, &name, &ex, &moves} {
			if err := json.Unmarshal(n[k], dst); err != nil {
				t.Fatal(err)
			}
		}
		pd.Nodes = append(pd.Nodes, [5]any{games, code, name, ex, moves})
	}
	return &pd
}

func writePage(t testing.TB, data []byte, opt PageOptions) ([]byte, PageStats) {
	t.Helper()
	tr, err := NewTree(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	st, err := WritePage(&buf, tr, opt)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), st
}

// TestPageData walks the page's tree as its script does (play a move on
// the board shown, mirror the node's moves when the node is held as the
// mirror of the board shown) and checks every position reached against a
// lookup in the tree: the same moves, names and counts, in the board's
// own orientation (the first 500 positions met, breadth first). With mirrors merged, some nodes are met mirrored.
func TestPageData(t *testing.T) {
	if testing.Short() {
		t.Skip("long test skipped in -short mode")
	}
	games := realGames(t)
	for _, mirrors := range []bool{false, true} {
		data, _ := buildTree(t, games, Options{MergeMirrors: mirrors})
		page, st := writePage(t, data, PageOptions{MaxNodes: 3000})
		pd := pageJSON(t, page)
		tr, err := NewTree(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if st.Nodes != len(pd.Nodes) || st.Nodes > 3000 || st.Threshold < DefaultPageMinGames {
			t.Errorf("stats %+v with %d nodes", st, len(pd.Nodes))
		}
		type visit struct {
			n   int
			mir bool
			pos board.Position
		}
		start := board.StartPosition()
		if pd.Root != fenOf(&start) {
			t.Fatalf("root %s", pd.Root)
		}
		queue := []visit{{0, false, start}}
		seen := map[[2]int]bool{{0, 0}: true}
		mirrored, checked := 0, 0
		for len(queue) > 0 && checked < 500 {
			v := queue[0]
			queue = queue[1:]
			checked++
			nd := pd.Nodes[v.n]
			bk, err := tr.Lookup(v.pos)
			if err != nil {
				t.Fatal(err)
			}
			if nd[0].(int) != int(bk.Games) {
				t.Fatalf("node %d (%s): %d games, the tree says %d", v.n, fenOf(&v.pos), nd[0], bk.Games)
			}
			moves := nd[4].([]int)
			if len(moves) != 9*len(bk.Moves) {
				t.Fatalf("node %d: %d moves, the tree has %d", v.n, len(moves)/9, len(bk.Moves))
			}
			if v.mir {
				mirrored++
			}
			byMove := map[board.Move]Row{}
			for _, r := range bk.Moves {
				byMove[r.Move] = r
			}
			for j := 0; j < len(moves); j += 9 {
				m := board.Move(moves[j])
				name := pd.Str[moves[j+1]]
				if v.mir {
					m, name = m.Mirror(), pd.Str[moves[j+2]]
				}
				r, ok := byMove[m]
				if !ok || r.MoveChinese != name || r.Games != int64(moves[j+3]) || r.RedWins != int64(moves[j+4]) ||
					r.Draws != int64(moves[j+5]) || r.BlackWins != int64(moves[j+6]) {
					t.Fatalf("node %d move %d: %s %s %v, the tree has %+v", v.n, j/9, m, name, moves[j+3:j+7], r)
				}
				child, flip := moves[j+7], moves[j+8] == 1
				if child < 0 {
					continue
				}
				q := v.pos
				q.MakeMove(m)
				c := visit{child, v.mir != flip, q}
				k := [2]int{child, 0}
				if c.mir {
					k[1] = 1
				}
				if !seen[k] {
					seen[k] = true
					queue = append(queue, c)
				}
			}
		}
		if mirrors && mirrored == 0 {
			t.Error("no node met mirrored: the test does not test the flip")
		}
		t.Logf("mirrors %v: %d nodes, %d moves, threshold %d games, %d example games, %.0f kB; %d nodes checked (%d mirrored)",
			mirrors, st.Nodes, st.Moves, st.Threshold, st.Games, float64(st.Bytes)/1e3, checked, mirrored)
	}
}
