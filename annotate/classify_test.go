package annotate

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/flags"
)

// line builds the rows and evaluations of a game whose positions have the
// given evaluations from red's point of view ("cp N", "mate N", "mated" for
// a finished game, "-" for none), red to move first.
func line(t *testing.T, result string, evals ...string) (*Game, []Row, []*Eval) {
	t.Helper()
	g := &Game{ID: "g", Result: result}
	rows := make([]Row, len(evals))
	es := make([]*Eval, len(evals))
	m, _ := board.ParseMove("a0a1")
	for i, s := range evals {
		side := board.Color(i % 2)
		rows[i] = Row{GameID: "g", Ply: i, Side: side}
		if i+1 < len(evals) {
			rows[i].Move = m
			g.Moves = append(g.Moves, m)
		}
		if s == "-" {
			es[i] = &Eval{Err: "none"}
			continue
		}
		if s == "mated" {
			es[i] = &Eval{Outcome: board.Checkmate}
			continue
		}
		kind, num, _ := strings.Cut(s, " ")
		n, err := strconv.Atoi(num)
		if err != nil {
			t.Fatal(s)
		}
		var sc engine.Score
		if kind == "mate" {
			sc = engine.MateIn(n)
		} else {
			sc = engine.CP(n)
		}
		// The engine's score is from the side to move.
		es[i] = &Eval{Score: sc.Red(side), Best: m}
	}
	return g, rows, es
}

func TestClasses(t *testing.T) {
	th := DefaultThresholds
	for _, tt := range []struct {
		loss int
		want string
	}{{-20, ""}, {0, ""}, {49, ""}, {50, ClassInaccuracy}, {99, ClassInaccuracy}, {100, ClassMistake}, {299, ClassMistake}, {300, ClassBlunder}, {2000, ClassBlunder}} {
		if got := th.Class(tt.loss); got != tt.want {
			t.Errorf("loss %d: %q, want %q", tt.loss, got, tt.want)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name    string
		result  string
		evals   []string
		losses  []string // per move: loss or "-" (not computed)
		classes []string
		flags   []string // code@ply/severity
		cut     bool
		best    bool // every move played is the engine's best move
	}{
		{
			name:  "red blunders, black holds",
			evals: []string{"cp 100", "cp -300", "cp -300"},
			// Red lost 400; black's move kept -300 (a loss of 0 for black).
			losses: []string{"400", "0"}, classes: []string{ClassBlunder, ""},
		},
		{
			name:   "black's inaccuracy and mistake (from black's side)",
			evals:  []string{"cp 0", "cp 0", "cp 60", "cp 60", "cp 200"},
			losses: []string{"0", "60", "0", "140"}, classes: []string{"", ClassInaccuracy, "", ClassMistake},
		},
		{
			name:   "a slower mate and a won position kept are no loss",
			evals:  []string{"mate 3", "cp 1500", "mate 2", "cp 2000"},
			losses: []string{"0", "0", "0"}, classes: []string{"", "", ""},
		},
		{
			name:   "a move that lets the other side mate",
			evals:  []string{"cp 50", "mate -2", "mate -1", "mate -1", "mated"},
			losses: []string{"1050", "0", "0", "0"}, classes: []string{ClassBlunder, "", "", ""},
		},
		{
			name:   "the engine's own best move loses nothing (the horizon of separate searches)",
			evals:  []string{"cp 800", "cp 100", "cp 90"},
			best:   true,
			losses: []string{"0", "-10"}, classes: []string{"", ""},
		},
		{
			name:   "no loss across a missing evaluation",
			evals:  []string{"cp 0", "-", "cp -500"},
			losses: []string{"-", "-"}, classes: []string{"", ""},
		},
		{
			name:   "red throws away a win and black gives it back",
			evals:  []string{"cp 700", "cp -200", "cp 700", "cp 720"},
			losses: []string{"900", "900", "-20"}, classes: []string{ClassBlunder, ClassBlunder, ""},
			flags: []string{"suspect_move@1/warning"},
		},
		{
			name:   "black throws away a win and red gives it back",
			evals:  []string{"cp -100", "mate -4", "cp 0", "cp -900"},
			losses: []string{"900", "1000", "900"}, classes: []string{ClassBlunder, ClassBlunder, ClassBlunder},
			flags: []string{"suspect_move@2/warning"},
		},
		{
			name:   "a thrown-away win not given back is only a blunder",
			evals:  []string{"cp 700", "cp -200", "cp -150"},
			losses: []string{"900", "50"}, classes: []string{ClassBlunder, ClassInaccuracy},
		},
		{
			name:   "declared 1-0, black is winning at the end",
			result: "1-0", evals: []string{"cp 0", "cp -1200"},
			losses: []string{"1000"}, classes: []string{ClassBlunder},
			flags: []string{"result_contradicted@1/warning"},
		},
		{
			name:   "declared 0-1, red mates",
			result: "0-1", evals: []string{"cp 0", "cp 0", "mate 2"},
			losses: []string{"0", "1000"}, classes: []string{"", ClassBlunder},
			flags: []string{"result_contradicted@2/warning"},
		},
		{
			name:   "declared a draw in a decided position",
			result: "1/2-1/2", evals: []string{"cp 0", "mate -3"},
			losses: []string{"1000"}, classes: []string{ClassBlunder},
			flags: []string{"draw_contradicted@1/info"},
		},
		{
			name:   "a game cut short (MaxPly) is not judged on its result",
			result: "1-0", evals: []string{"cp 0", "cp -1200"}, cut: true,
			losses: []string{"1000"}, classes: []string{ClassBlunder},
		},
		{
			name:   "declared 1-0, red winning: agreed",
			result: "1-0", evals: []string{"cp 0", "cp 1500"},
			losses: []string{"-1000"}, classes: []string{""},
		},
		{
			name:   "declared 1-0, the game is level: a resignation or a loss on time, no flag",
			result: "1-0", evals: []string{"cp 0", "cp -300"},
			losses: []string{"300"}, classes: []string{ClassBlunder},
		},
		{
			name:   "a finished game is analyze's (result_mismatch)",
			result: "0-1", evals: []string{"cp 0", "mated"},
			losses: []string{"-1000"}, classes: []string{""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, rows, evals := line(t, tt.result, tt.evals...)
			if !tt.best {
				// The engine prefers another move than the one played.
				other, _ := board.ParseMove("i0i1")
				for _, e := range evals {
					e.Best = other
				}
			}
			fs := DefaultThresholds.classify(g, rows, evals, tt.cut)
			for i := range tt.losses {
				got := "-"
				if rows[i].HasLoss {
					got = strconv.Itoa(rows[i].Loss)
				}
				if got != tt.losses[i] || rows[i].Class != tt.classes[i] {
					t.Errorf("move %d: loss %s class %q, want %s %q", i+1, got, rows[i].Class, tt.losses[i], tt.classes[i])
				}
			}
			var got []string
			for _, f := range fs {
				got = append(got, string(f.Code)+"@"+strconv.Itoa(f.Ply)+"/"+string(f.Severity))
				if f.Detail == "" || strings.Contains(f.Detail, "\n") {
					t.Errorf("detail %q", f.Detail)
				}
				t.Log(f.Detail)
			}
			if strings.Join(got, " ") != strings.Join(tt.flags, " ") {
				t.Fatalf("flags %v, want %v", got, tt.flags)
			}
			// The flags are also on their rows.
			for _, f := range fs {
				at := f.Ply
				if f.Code == flags.SuspectMove {
					at = f.Ply - 1 // the row of the position the move was played from
				}
				if !slices.Contains(rows[at].Flags, string(f.Code)) {
					t.Errorf("flag %s not on row %d", f.Code, at)
				}
			}
		})
	}
}
