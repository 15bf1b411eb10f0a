package repair

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
)

const slipPGN = "[Event \"e\"]\n[Date \"2024.01.01\"]\n[Red \"r\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n" +
	"1. 炮二平五 马８进７ 2. 马二退三 {a comment} 车９平８ 3. 车一平二 马２进３\n" +
	"4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 车二平三 炮９退１ 1/2-1/2\n"

func readRecord(t *testing.T, text string) *parse.Record {
	t.Helper()
	rec, err := parse.NewPGNReader(strings.NewReader(text), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestStepAsks(t *testing.T) {
	rec := readRecord(t, slipPGN)
	d := pipeline.Draft{Report: analyze.Analyze(rec, nil, analyze.Options{}), Tags: rec.Tags}
	before := d.Report
	Step(Options{}, false).Apply(&d)
	if d.Report != before {
		t.Fatal("asking replaced the report")
	}
	i := slices.IndexFunc(d.Report.Flags, func(f flags.Flag) bool { return f.Code == flags.IllegalMove })
	if i < 0 || !strings.HasSuffix(d.Report.Flags[i].Detail, "; did you mean 马二进三 (进/退)?") {
		t.Errorf("flags %v", d.Report.Flags)
	}
}

func TestStepRepairs(t *testing.T) {
	rec := readRecord(t, slipPGN)
	d := pipeline.Draft{Report: analyze.Analyze(rec, nil, analyze.Options{}), Tags: rec.Tags}
	Step(Options{}, true).Apply(&d)
	r := d.Report
	if r.Game.Fail != nil || len(r.Game.Plies) != 12 || r.Status != analyze.StatusWarning {
		t.Fatalf("repaired game: fail %v, %d plies, status %s", r.Game.Fail, len(r.Game.Plies), r.Status)
	}
	want := flags.New(flags.Repaired, 3, "red", `ply 3: written "马二退三", repaired to "马二进三" (direction 进/退)`)
	if !slices.Contains(r.Flags, want) || r.HasCode(flags.IllegalMove) {
		t.Errorf("flags %v", r.Flags)
	}
	if n := r.Record.MainLine()[2]; n.Text != "马二进三" || n.Comment != CommentPrefix+"written 马二退三 (direction 进/退)\na comment" {
		t.Errorf("repaired node %q {%s}", n.Text, n.Comment)
	}
	if got := rec.MainLine()[2]; got.Text != "马二退三" || got.Comment != "a comment" {
		t.Errorf("the record read was changed: %q {%s}", got.Text, got.Comment)
	}
	if !sameTags(d.Tags, r.Record.Tags) {
		t.Error("the draft's tags are not the repaired record's")
	}
}

func TestStepCleanGame(t *testing.T) {
	rec := readRecord(t, strings.Replace(slipPGN, "马二退三", "马二进三", 1))
	d := pipeline.Draft{Report: analyze.Analyze(rec, nil, analyze.Options{}), Tags: rec.Tags}
	before, flagsBefore := d.Report, slices.Clone(d.Report.Flags)
	for _, apply := range []bool{false, true} {
		Step(Options{}, apply).Apply(&d)
		if d.Report != before || !slices.Equal(d.Report.Flags, flagsBefore) {
			t.Errorf("apply %v: a clean game was changed", apply)
		}
	}
}

// TestRecordEdits makes every kind of repair on records with comments and
// variations: the copy replays to the repaired line, says what was
// written, keeps every variation, and leaves the record read unchanged.
func TestRecordEdits(t *testing.T) {
	tests := []struct {
		name, pgn string
		check     func(t *testing.T, out *parse.Record)
	}{
		{
			name: "text", pgn: "1. 炮二平五 马８进７ 2. 马二退三 {c} (2. 兵七进一) 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六\n",
			check: func(t *testing.T, out *parse.Record) {
				line := out.MainLine()
				if line[2].Text != "马二进三" || !strings.HasPrefix(line[2].Comment, CommentPrefix+"written 马二退三") || len(line[1].Children) != 2 {
					t.Errorf("ply 3 %q {%s}, %d children before it", line[2].Text, line[2].Comment, len(line[1].Children))
				}
			},
		},
		{
			name: "missing", pgn: "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 马２进３ (3. 兵七进一) 4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 车二平三\n",
			check: func(t *testing.T, out *parse.Record) {
				line := out.MainLine()
				if line[4].Text != "车一平二" || !strings.Contains(line[4].Comment, "missing ply") {
					t.Errorf("ply 5 %q {%s}", line[4].Text, line[4].Comment)
				}
				// The variation written beside 马２进３ stays beside it.
				if len(line[4].Children) != 2 || line[4].Children[1].Text != "兵七进一" {
					t.Errorf("children of the inserted move: %d", len(line[4].Children))
				}
			},
		},
		{
			name: "extra", pgn: "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六 {once} 车二进六 {twice} 炮８平９ 6. 车二平三 炮９退１ 7. 马八进七\n",
			check: func(t *testing.T, out *parse.Record) {
				line := out.MainLine()
				if len(line) != 13 || !strings.Contains(line[8].Comment, "车二进六 written here and removed (extra ply), with its comment") {
					t.Errorf("%d plies; ply 9 {%s}", len(line), line[8].Comment)
				}
			},
		},
		{
			name: "swapped", pgn: "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 车二平三 炮９退１ 7. 马七进六 士４进５ 8. 马八进七 炮９平７ 9. 车三平四 马７进８ 10. 炮八平七 车１平２ 11. 车九平八 炮２进４ 12. 马六进四 车８进２\n",
			check: func(t *testing.T, out *parse.Record) {
				line := out.MainLine()
				if line[12].Text != "马八进七" || line[14].Text != "马七进六" || !strings.Contains(line[12].Comment, "swapped with ply 15") {
					t.Errorf("plies 13, 15: %q {%s}, %q", line[12].Text, line[12].Comment, line[14].Text)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := readRecord(t, tt.pgn)
			orig := writtenTree(&rec.Root)
			g := replay.Replay(rec, replay.Options{})
			res := Find(rec, g, Options{})
			if !res.Repaired() {
				t.Fatalf("not repaired: %+v", res.Candidates)
			}
			out := Record(rec, res)
			if got := writtenTree(&rec.Root); got != orig {
				t.Errorf("the record read changed:\n%s\n%s", orig, got)
			}
			g2 := replay.Replay(out, replay.Options{})
			var moves []board.Move
			for _, p := range g2.Plies {
				moves = append(moves, p.Move)
			}
			if g2.Fail != nil || !slices.Equal(moves, res.Line) {
				t.Errorf("the repaired record replays to %v (fail %v), the search said %v", moves, g2.Fail, res.Line)
			}
			if strings.Count(writtenTree(&out.Root), "[") != strings.Count(orig, "[") {
				t.Errorf("variations lost:\n%s\n%s", orig, writtenTree(&out.Root))
			}
			tt.check(t, out)
			rec.Release() // the copy shares nothing with it
			if g3 := replay.Replay(out, replay.Options{}); g3.Fail != nil || len(g3.Plies) != len(moves) {
				t.Error("the copy changed when the record was released")
			}
		})
	}
}

// writtenTree writes a move tree as text, variations in brackets.
func writtenTree(n *parse.Node) string {
	var sb strings.Builder
	for i, k := range n.Children {
		if i > 0 {
			sb.WriteString("[")
		}
		sb.WriteString(Written{Text: k.Text, Move: k.Move}.String() + "{" + k.Comment + "} ")
		sb.WriteString(writtenTree(k))
		if i > 0 {
			sb.WriteString("]")
		}
	}
	return sb.String()
}

// TestRecordCoordinates repairs a binary record: the copy keeps
// coordinates, not text.
func TestRecordCoordinates(t *testing.T) {
	in := inNotation(t, "coords")
	in.Line[14] = Written{Move: board.NewMove(board.SquareAt(2, 2), board.SquareAt(3, 5))}
	rec := &parse.Record{Format: parse.FormatXQF, Notation: parse.NotationCoords}
	n := &rec.Root
	for _, w := range in.Line {
		k := &parse.Node{Move: w.Move}
		n.Children = []*parse.Node{k}
		n = k
	}
	out := Record(rec, Search(in, Options{}))
	if out == nil {
		t.Fatal("not repaired")
	}
	k := out.MainLine()[14]
	if k.Text != "" || k.Move.String() != "c2d4" || !strings.Contains(k.Comment, "written c2d5") {
		t.Errorf("ply 15: %q %v {%s}", k.Text, k.Move, k.Comment)
	}
}

// TestPipelineRun runs the step in a pipeline over a directory, checking
// that no sink sees a changed game and that the repaired record survives
// the recycling of records.
func TestPipelineRun(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		text := slipPGN
		if i%2 == 1 {
			text = strings.Replace(text, "马二退三", "马二进三", 1)
		}
		if err := os.WriteFile(filepath.Join(dir, string(rune('a'+i))+".pgn"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var sink countSink
	sum, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{Workers: 2, CheckSinks: true,
		Steps: []pipeline.Step{Step(Options{}, true)}}, &sink)
	if err != nil {
		t.Fatal(err)
	}
	if sum.ByCode[flags.Repaired] != 10 || sum.ByCode[flags.IllegalMove] != 0 || sink.plies != 20*12 {
		t.Errorf("by code %v, %d plies seen", sum.ByCode, sink.plies)
	}
}

type countSink struct {
	pipeline.NopSink
	mu    sync.Mutex
	plies int
}

func (s *countSink) Game(g *pipeline.Game) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.plies += g.Plies()
	return nil
}
