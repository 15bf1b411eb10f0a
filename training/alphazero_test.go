package training

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

// This file reads the CSV files back the way cchess-alphazero's supervised
// learner does (cchess_alphazero/worker/sl.py, with the light environment
// it selects: environment/light_env/chessboard.py), written from its code
// and not from the writer's: its board is a 10×9 array of FEN letters with
// row 0 the first rank of its start FEN and Red in lower case, and moves
// are four digits x, y, x', y' of that array.

// slBoard is the learner's board: slBoard[y][x].
type slBoard [10][9]byte

// newSLBoard sets up the learner's start position (assign_fen of its
// init_fen: the FEN's first rank goes to row 0, and lower case is Red).
func newSLBoard() *slBoard {
	var b slBoard
	for y, row := range strings.Split("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "/") {
		x := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '9' {
				for range int(c - '0') {
					b[y][x] = '.'
					x++
				}
				continue
			}
			b[y][x] = c
			x++
		}
	}
	return &b
}

func swapcase(c byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// findRow is find_row: the row and column of the piece a WXF file or +/-
// names.
func (b *slBoard) findRow(piece, col byte) (row, column int) {
	switch piece {
	case 'h':
		piece = 'n'
	case 'H':
		piece = 'N'
	case 'e':
		piece = 'b'
	case 'E':
		piece = 'B'
	}
	row = -1
	if col >= '0' && col <= '9' {
		if isLower(piece) {
			column = int(col-'0') - 1
		} else {
			column = 9 - int(col-'0')
		}
		for i := range 10 {
			if b[i][column] == piece {
				return i, column
			}
		}
		return -1, column
	}
	first, second := -1, -1
	for j := range 9 {
		column = -1
		for i := range 10 {
			if b[i][j] == piece {
				if column == -1 {
					column, first = j, i
				} else if column == j {
					second = i
					break
				}
			}
		}
		if first != -1 && second != -1 {
			break
		}
	}
	if (isLower(piece) && col == '+') || (!isLower(piece) && col == '-') {
		return second, column
	}
	return first, column
}

// parseWXF is parse_WXF_move: the move a four-character WXF text stands
// for, as x, y, x', y'.
func (b *slBoard) parseWXF(wxf string) (sx, sy, dx, dy int) {
	p := swapcase(wxf[0])
	col, mov, dest := wxf[1], wxf[2], wxf[3]
	sy, sx = b.findRow(p, col)
	d := int(dest - '0')
	destCol := func() int {
		if isLower(p) {
			return d - 1
		}
		return 9 - d
	}
	up := (mov == '+' && isLower(p)) || (mov == '-' && !isLower(p))
	switch {
	case mov == '.' || mov == '=':
		return sx, sy, destCol(), sy
	case strings.IndexByte("hHeEaA", p) >= 0:
		dx = destCol()
		step := 1
		switch {
		case p == 'h' || p == 'H':
			if abs(dx-sx) != 2 {
				step = 2
			}
		case p == 'e' || p == 'E':
			step = 2
		}
		if up {
			return sx, sy, dx, sy + step
		}
		return sx, sy, dx, sy - step
	}
	if up {
		return sx, sy, sx, sy + d
	}
	return sx, sy, sx, sy - d
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// slGame is a game as the learner reads it.
type slGame struct {
	id, winner string
	// The columns the learner does not read.
	gameID, split, mirrored string
	red, black              []string // moves by turn (index turn-1)
}

// readSL reads gameinfo.csv and moves.csv by column name, as pandas does,
// and checks what the learner relies on: one row per game, one move per
// game, side and turn, turns numbered 1, 2, … on each side.
func readSL(t *testing.T, info, moves []byte) []slGame {
	t.Helper()
	read := func(name string, data []byte, cols ...string) ([][]string, map[string]int) {
		rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s: %v", name, err)
		}
		at := map[string]int{}
		for i, c := range rows[0] {
			at[c] = i
		}
		for _, c := range cols {
			if _, ok := at[c]; !ok {
				t.Fatalf("%s: no column %q in %v", name, c, rows[0])
			}
		}
		return rows[1:], at
	}
	irows, ic := read("gameinfo.csv", info, "gameID", "winner")
	mrows, mc := read("moves.csv", moves, "gameID", "turn", "side", "move")
	var games []slGame
	byID := map[string]int{}
	for _, r := range irows {
		id := r[ic["gameID"]]
		if _, err := strconv.Atoi(id); err != nil {
			t.Fatalf("gameID %q is not an integer", id)
		}
		if _, ok := byID[id]; ok {
			t.Fatalf("gameID %s twice in gameinfo.csv", id)
		}
		if w := r[ic["winner"]]; w != "red" && w != "black" && w != "draw" {
			t.Fatalf("game %s: winner %q", id, w)
		}
		byID[id] = len(games)
		games = append(games, slGame{id: id, winner: r[ic["winner"]]})
		if c, ok := ic["game_id"]; ok {
			games[len(games)-1].gameID = r[c]
		}
		if c, ok := ic["split"]; ok {
			games[len(games)-1].split = r[c]
		}
		if c, ok := ic["mirrored"]; ok {
			games[len(games)-1].mirrored = r[c]
		}
	}
	for _, r := range mrows {
		i, ok := byID[r[mc["gameID"]]]
		if !ok {
			t.Fatalf("moves.csv: game %q not in gameinfo.csv", r[mc["gameID"]])
		}
		turn, err := strconv.Atoi(r[mc["turn"]])
		if err != nil || turn < 1 {
			t.Fatalf("moves.csv: turn %q", r[mc["turn"]])
		}
		mv := r[mc["move"]]
		if len(mv) != 4 {
			t.Fatalf("moves.csv: move %q is not four characters", mv)
		}
		side := &games[i].red
		switch r[mc["side"]] {
		case "red":
		case "black":
			side = &games[i].black
		default:
			t.Fatalf("moves.csv: side %q", r[mc["side"]])
		}
		if turn != len(*side)+1 {
			t.Fatalf("game %s: %s turn %d after %d turns", games[i].id, r[mc["side"]], turn, len(*side))
		}
		*side = append(*side, mv)
	}
	return games
}

// slMoves replays g as the learner does (red then black, turn by turn;
// the learner itself stops before each side's last turn, see slUsed) and
// returns its moves as x, y, x', y' texts, with the board positions.
func slMoves(g slGame) []string {
	b := newSLBoard()
	var out []string
	for turn := range max(len(g.red), len(g.black)) {
		for _, side := range [][]string{g.red, g.black} {
			if turn >= len(side) {
				continue
			}
			sx, sy, dx, dy := b.parseWXF(side[turn])
			if sx < 0 || sy < 0 || sy > 9 || dy < 0 || dy > 9 || dx < 0 || dx > 8 {
				out = append(out, "????")
				return out
			}
			out = append(out, string([]byte{byte('0' + sx), byte('0' + sy), byte('0' + dx), byte('0' + dy)}))
			b[dy][dx], b[sy][sx] = b[sy][sx], '.'
		}
	}
	return out
}

// slFlip is flip_move.
func slFlip(a string) string {
	return string([]byte{'8' - a[0] + '0', '9' - a[1] + '0', '8' - a[2] + '0', '9' - a[3] + '0'})
}

// TestAlphaZeroCSVRealRecords runs the pipeline over the real records
// with an AlphaZeroSink (default filter, --mirror, a split), reads both
// files back as the learner does, and checks that they hold the default
// set's games from the standard start with a known result, in input order,
// each followed by its mirror; that every move the learner reads is the
// game's move; that the policy index the learner builds for it
// (build_policy through the trainer's own table, flipped for Black) is
// policy_2086 of the mirrored move (the learner's reader sees each game
// left-right mirrored, package doc); and the split and the counts.
func TestAlphaZeroCSVRealRecords(t *testing.T) {
	all := loadReal(t)
	labels := sharedLabels(t, "cchess-alphazero-2086.txt")
	label := map[string]int{}
	for i, l := range labels {
		label[l] = i
	}
	dir := t.TempDir()
	opt := Options{Mirror: true, Proportions: Proportions{80, 10, 10}, Seed: 7}
	sink, err := NewAlphaZeroSink(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Run(context.Background(), []string{shareddata.Dir(t, "records")}, runOptions(), sink); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	sl := readSL(t, read(GameInfoName), read(MovesName))
	splitter := opt.Splitter()
	var counts Counts
	i := 0
	// check compares the i-th game read back with moves, the game g
	// played (mirrored or not).
	check := func(g *realGame, moves []board.Move, mirrored bool) {
		s := sl[i]
		if s.gameID != g.ID || s.mirrored != fmt.Sprint(mirrored) {
			t.Fatalf("game %s of gameinfo.csv is %s mirrored %s, want %s mirrored %v", s.id, s.gameID, s.mirrored, g.ID, mirrored)
		}
		if want := splitter.Split(GroupKey(&g.Start, g.Moves, 0)).String(); s.split != want {
			t.Fatalf("%s: split %q, want %q", g.ID, s.split, want)
		}
		if want := map[Result]string{RedWin: "red", BlackWin: "black", Draw: "draw"}[g.Result]; s.winner != want {
			t.Fatalf("%s: winner %q, want %q", g.ID, s.winner, want)
		}
		got := slMoves(s)
		if len(got) != len(moves) {
			t.Fatalf("%s: %d moves read back, %d played", g.ID, len(got), len(moves))
		}
		p := board.StartPosition()
		for n, m := range moves {
			a := got[n]
			// The learner's x is 8 − the ICCS file.
			sq := func(x, y byte) board.Square { return board.SquareAt(8-int(x-'0'), int(y-'0')) }
			if a == "????" || board.NewMove(sq(a[0], a[1]), sq(a[2], a[3])) != m {
				t.Fatalf("%s ply %d: the learner reads %q as %s, the move is %v (%s)", g.ID, n+1, textOf(s, n), a, m, p.FEN())
			}
			if p.Side() == board.Black {
				a = slFlip(a)
			}
			idx, ok := label[a]
			if !ok {
				t.Fatalf("%s ply %d: the learner has no label %s", g.ID, n+1, a)
			}
			if want, _ := Space2086.Index(p.Side(), m.Mirror()); idx != want {
				t.Fatalf("%s ply %d: the learner's index %d, policy_2086 of the mirrored move %d", g.ID, n+1, idx, want)
			}
			p.MakeMove(m)
		}
		i++
	}
	discard := NewAlphaZeroWriter(io.Discard, io.Discard)
	for k := range all {
		g := &all[k]
		if r := (Filter{}).Check(&g.Game); r != Taken {
			counts.Add(r, 0)
			continue
		}
		if i == len(sl) || sl[i].gameID != g.ID {
			// Not written: the writer must refuse it.
			err := discard.Write(&g.Game)
			r, ok := reasonOf(err)
			if !ok {
				t.Fatalf("%s is in the default set but not written (Write: %v)", g.ID, err)
			}
			counts.Add(r, 0)
			continue
		}
		split := splitter.Split(GroupKey(&g.Start, g.Moves, 0))
		counts.Add(Taken, split)
		check(g, g.Moves, false)
		mirrored := make([]board.Move, len(g.Moves))
		for n, m := range g.Moves {
			mirrored[n] = m.Mirror()
		}
		if i < len(sl) && sl[i].gameID == g.ID {
			check(g, mirrored, true)
			counts.Mirrored++
		} else {
			counts.MirrorsLeft++
		}
	}
	if i != len(sl) {
		t.Fatalf("%d games read back, %d expected", len(sl), i)
	}
	if got := sink.Counts(); got != counts {
		t.Errorf("counts %+v, want %+v", got, counts)
	}
	t.Logf("%d games and %d mirrors written (train %d, valid %d, test %d); left out: %v", counts.Taken(), counts.Mirrored,
		counts.Split[Train], counts.Split[Valid], counts.Split[Test], counts.Lines())
	if counts.Taken() == 0 || counts.Split[Valid] == 0 || counts.Split[Test] == 0 {
		t.Fatal("no game or an empty split: the test proves nothing")
	}
}

// textOf returns the WXF text of ply n of s.
func textOf(s slGame, n int) string {
	if n%2 == 0 {
		return s.red[n/2]
	}
	return s.black[n/2]
}

// TestAlphaZeroCSVFormat pins the bytes of a short game and the games the
// writer leaves out.
func TestAlphaZeroCSVFormat(t *testing.T) {
	line := func(s string) []board.Move {
		var out []board.Move
		for _, f := range strings.Fields(s) {
			m, _ := board.ParseMove(f)
			out = append(out, m)
		}
		return out
	}
	var info, moves bytes.Buffer
	w := NewAlphaZeroWriter(&info, &moves)
	g := Game{ID: "0123abcd", Start: board.StartPosition(), Moves: line("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"), Result: RedWin}
	if err := w.Write(&g); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g    Game
		want error
	}{
		{Game{ID: "x", Start: board.StartPosition(), Moves: g.Moves}, ErrNoResultCSV},
		{Game{ID: "x", Start: board.StartPosition(), Result: Draw}, ErrNoMoves},
		{Game{ID: "x", Start: func() board.Position {
			p, _ := board.PositionFromFEN("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
			return p
		}(), Moves: line("d0d1"), Result: Draw}, ErrNotStandardStart},
	} {
		if err := w.Write(&c.g); !errors.Is(err, c.want) {
			t.Errorf("%v: got %v", c.want, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := info.String(), "gameID,winner,game_id,split,mirrored\n1,red,0123abcd,train,false\n"; got != want {
		t.Errorf("gameinfo.csv:\n%s\nwant\n%s", got, want)
	}
	want := "gameID,turn,side,move\n1,1,red,C2.5\n1,1,black,h8+7\n1,2,red,H2+3\n1,2,black,r9.8\n1,3,red,R1.2\n1,3,black,h2+3\n"
	if got := moves.String(); got != want {
		t.Errorf("moves.csv:\n%s\nwant\n%s", got, want)
	}
}

// TestLearnerWXFForms: the text the learner's reader needs where standard
// WXF would be misread: two advisors on a file, three pawns on a file, and
// doubled pawns on two files.
func TestLearnerWXFForms(t *testing.T) {
	for _, c := range []struct {
		fen, move, want string
		ok              bool
	}{
		// Two red advisors on file d (WXF 6): standard A6-5 names the rear
		// one for the learner (the lowest rank), so the front one is A+-5.
		{"3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1", "d2e1", "A+-5", true},
		{"3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1", "d0e1", "A6+5", true},
		// Rooks on one file: the standard +/- form.
		{"3k5/9/9/9/9/R8/9/R8/9/4K4 w - - 0 1", "a4a5", "R++1", true},
		{"3k5/9/9/9/9/R8/9/R8/9/4K4 w - - 0 1", "a2a3", "R-+1", true},
		// Black rooks: Black's front is the lower rank.
		{"r3k4/9/r8/9/9/9/9/9/9/3K5 b - - 0 1", "a7a6", "r++1", true},
		// Three red pawns on file e: the learner sees the two lowest only;
		// the top one cannot be named.
		{"3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1", "e7e8", "", false},
		{"3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1", "e5d5", "P-.6", true},
		// Doubled pawns on files c and g: the learner's +/- finds file g
		// first (from i to a), so the front pawn of file c cannot be named,
		// the rear one can by its file.
		{"3k5/9/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1", "g7g8", "P++1", true},
		{"3k5/9/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1", "c7c8", "", false},
		{"3k5/9/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1", "c6b6", "P7.8", true},
	} {
		p, err := board.PositionFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := board.ParseMove(c.move)
		if !p.IsLegal(m) {
			t.Fatalf("%s %s is not legal", c.fen, c.move)
		}
		got, ok := learnerWXF(&p, m)
		if ok != c.ok || got != c.want {
			t.Errorf("%s %s: %q %v, want %q %v", c.fen, c.move, got, ok, c.want, c.ok)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestAlphaZeroWriterIOError(t *testing.T) {
	w := NewAlphaZeroWriter(errWriter{}, io.Discard)
	g := Game{ID: "x", Start: board.StartPosition(), Moves: []board.Move{board.NewMove(board.SquareAt(7, 2), board.SquareAt(4, 2))}, Result: Draw}
	_ = w.Write(&g)
	if err := w.Close(); !errors.Is(err, io.ErrClosedPipe) {
		t.Fatalf("Close: %v", err)
	}
	if err := w.Write(&g); !errors.Is(err, io.ErrClosedPipe) {
		t.Fatalf("Write after an error: %v", err)
	}
}
