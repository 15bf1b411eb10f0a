package parse

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
)

func TestDhtmlXQRealData(t *testing.T) {
	dir := textRecordsDir(t)
	byFile, files := textLoadExpected(t, dir, "dhtml")
	if len(files) == 0 {
		t.Skip("no DhtmlXQ games in expected.jsonl")
	}
	games := 0
	for _, file := range files {
		want := byFile[file]
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		recs := readAllRecords(t, NewDhtmlXQReader(f, file))
		f.Close()
		if len(recs) != len(want) {
			t.Errorf("%s: %d games, want %d", file, len(recs), len(want))
			continue
		}
		for i, rec := range recs {
			w := want[i]
			games++
			if got, exp := textEncClass(rec.Encoding), textEncClass(w.Encoding); got != exp {
				t.Errorf("%s#%d: encoding %s, want %s", file, i, rec.Encoding, w.Encoding)
			}
			// expected.jsonl keeps the DhtmlXQ field names; map them.
			mapped := make(map[string]any, len(w.Headers))
			for k, v := range w.Headers {
				s, _ := v.(string)
				if tn, ok := dhtmlTagNames[k]; ok {
					k = tn
					if tn == "Result" {
						s = NormalizeResult(s)
					}
				}
				mapped[k] = s
			}
			if d := textTagsDiff(rec.Tags, mapped); d != "" {
				t.Errorf("%s#%d: %s", file, i, d)
			}
			var moves []string
			for _, n := range rec.MainLine() {
				moves = append(moves, n.Move.String())
			}
			if strings.Join(moves, " ") != strings.Join(w.Moves, " ") {
				t.Errorf("%s#%d: moves\n got %v\nwant %v", file, i, moves, w.Moves)
			}
			fen := rec.FEN
			if fen == "" {
				fen = binStartPlacement + " w"
			}
			if gp, wp := strings.Fields(fen)[0], strings.Fields(w.InitFEN)[0]; gp != wp {
				t.Errorf("%s#%d: placement %s, want %s", file, i, gp, wp)
			}
			if rec.Notation != NotationCoords || rec.Format != FormatDhtmlXQ {
				t.Errorf("%s#%d: notation %q format %q", file, i, rec.Notation, rec.Format)
			}
		}
	}
	t.Logf("DhtmlXQ real data: %d files, %d games", len(files), games)
}

func TestDhtmlXQ(t *testing.T) {
	const std = "[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]"
	tests := []struct {
		name     string
		in       string
		games    int
		fen      string   // first game's FEN ("" = standard)
		main     []string // first game's main line
		tags     map[string]string
		variants int // alternatives to the main line's moves, counted over the tree
		comment  map[int]string
		problem  error
	}{
		{
			name:  "basic",
			in:    "[DhtmlXQ]" + std + "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_result]红胜[/DhtmlXQ_result][DhtmlXQ_place]北京[/DhtmlXQ_place][DhtmlXQ_open]中炮[/DhtmlXQ_open][DhtmlXQ_remark]某人[/DhtmlXQ_remark][/DhtmlXQ]",
			games: 1,
			fen:   binStartPlacement + " w",
			main:  []string{"h2e2", "h9g7"},
			tags:  map[string]string{"Result": "1-0", "Site": "北京", "Opening": "中炮", "Annotator": "某人"},
		},
		{
			name:  "html page and missing closing tags",
			in:    "<html><body><div>[DhtmlXQ][DhtmlXQ_title]t[DhtmlXQ_movelist]7747</div></body></html>",
			games: 1,
			main:  []string{"h2e2"},
			tags:  map[string]string{"Title": "t"},
		},
		{
			name:  "iframe separator",
			in:    "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQiFrame][DhtmlXQ_movelist]2625[/DhtmlXQ_movelist][/DhtmlXQ]",
			games: 2,
			main:  []string{"h2e2"},
		},
		{
			name:  "repeated field starts a game",
			in:    "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[DhtmlXQ_movelist]2625[/DhtmlXQ_movelist]",
			games: 2,
			main:  []string{"h2e2"},
		},
		{
			name:  "black first from binit",
			in:    "[DhtmlXQ][DhtmlXQ_binit]" + strings.Repeat("99", 4) + "49" + strings.Repeat("99", 15) + "40" + strings.Repeat("99", 11) + "[/DhtmlXQ_binit][DhtmlXQ_movelist]4041[/DhtmlXQ_movelist][/DhtmlXQ]",
			games: 1,
			fen:   "4k4/9/9/9/9/9/9/9/9/4K4 b",
			main:  []string{"e9e8"},
		},
		{
			name:  "fen wins over binit",
			in:    "[DhtmlXQ]" + std + "[DhtmlXQ_fen]4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1[/DhtmlXQ_fen][/DhtmlXQ]",
			games: 1,
			fen:   "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
		},
		{
			name: "variations, child before parent",
			// main: h2e2 h9g7 h0g2; branch 1 replaces ply 2 (b9c7, c3c4);
			// branch 2 hangs on branch 1 replacing ply 3 (b0c2).
			in:       "[DhtmlXQ][DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist][DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2][DhtmlXQ_move_0_2_1]10222625[/DhtmlXQ_move_0_2_1][/DhtmlXQ]",
			games:    1,
			main:     []string{"h2e2", "h9g7", "h0g2"},
			variants: 2,
		},
		{
			name:    "comments",
			in:      "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_comment0]开局||说明[/DhtmlXQ_comment0][DhtmlXQ_comment2]<b>好</b>&amp;棋[/DhtmlXQ_comment2][/DhtmlXQ]",
			games:   1,
			main:    []string{"h2e2", "h9g7"},
			comment: map[int]string{0: "开局\n说明", 2: "好&棋"},
		},
		{
			name:    "odd move list",
			in:      "[DhtmlXQ][DhtmlXQ_movelist]774770[/DhtmlXQ_movelist][/DhtmlXQ]",
			games:   1,
			main:    []string{"h2e2"},
			problem: ErrSyntax,
		},
		{
			name:    "truncated block",
			in:      "[DhtmlXQ][DhtmlXQ_movelist]7747",
			games:   1,
			main:    []string{"h2e2"},
			problem: ErrTruncated,
		},
		{
			name:  "no block",
			in:    "<html>[b]hello[/b]</html>",
			games: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs := readAllRecords(t, NewDhtmlXQReader(strings.NewReader(tt.in), "t"))
			if len(recs) != tt.games {
				t.Fatalf("%d games, want %d", len(recs), tt.games)
			}
			if tt.games == 0 {
				return
			}
			rec := recs[0]
			for i, r := range recs {
				if r.Index != i {
					t.Errorf("game %d has Index %d", i, r.Index)
				}
			}
			if rec.FEN != tt.fen {
				t.Errorf("FEN %q, want %q", rec.FEN, tt.fen)
			}
			var main []string
			for _, n := range rec.MainLine() {
				main = append(main, n.Move.String())
			}
			if strings.Join(main, " ") != strings.Join(tt.main, " ") {
				t.Errorf("main line %v, want %v", main, tt.main)
			}
			for k, v := range tt.tags {
				if got := rec.Tags.Value(k); got != v {
					t.Errorf("tag %s = %q, want %q", k, got, v)
				}
			}
			alts := 0
			stack := []*Node{&rec.Root}
			for len(stack) > 0 {
				n := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if len(n.Children) > 1 {
					alts += len(n.Children) - 1
				}
				stack = append(stack, n.Children...)
			}
			if alts != tt.variants {
				t.Errorf("%d alternatives, want %d", alts, tt.variants)
			}
			for ply, c := range tt.comment {
				n := &rec.Root
				if ply > 0 {
					n = rec.MainLine()[ply-1]
				}
				if n.Comment != c {
					t.Errorf("comment at ply %d = %q, want %q", ply, n.Comment, c)
				}
			}
			if tt.problem != nil {
				found := false
				for _, p := range rec.Problems {
					found = found || errors.Is(p, tt.problem)
				}
				if !found {
					t.Errorf("no %v problem in %v", tt.problem, rec.Problems)
				}
			} else if len(rec.Problems) > 0 {
				t.Errorf("unexpected problems %v", rec.Problems)
			}
		})
	}
}

// TestDhtmlXQVariationShape checks where a variation hangs.
func TestDhtmlXQVariationShape(t *testing.T) {
	in := "[DhtmlXQ][DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]10222625[/DhtmlXQ_move_0_2_1][/DhtmlXQ]"
	recs := readAllRecords(t, NewDhtmlXQReader(strings.NewReader(in), "t"))
	first := recs[0].Root.Children[0]
	if len(first.Children) != 2 {
		t.Fatalf("h2e2 has %d replies, want 2", len(first.Children))
	}
	alt := first.Children[1]
	if alt.Move != board.NewMove(board.SquareAt(1, 9), board.SquareAt(2, 7)) || len(alt.Children) != 1 ||
		alt.Children[0].Move.String() != "c3c4" {
		t.Errorf("variation = %v then %v", alt.Move, alt.Children)
	}
}
