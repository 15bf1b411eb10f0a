package dedupe

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// line returns n pseudo-random moves (the index does not check legality)
// that never touch file e, so no line is its own mirror.
func line(seed uint64, n int) []board.Move {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]board.Move, n)
	sq := func() board.Square {
		f := r.IntN(8)
		if f >= 4 {
			f++
		}
		return board.SquareAt(f, r.IntN(10))
	}
	for i := range out {
		from, to := sq(), sq()
		for to == from {
			to = sq()
		}
		out[i] = board.NewMove(from, to)
	}
	return out
}

// lopsided is the start position without Red's a-file pawn: its mirror
// differs from it.
func lopsided() board.Setup {
	s := start()
	s.Board[board.SquareAt(0, 3)] = board.NoPiece
	return s
}

func start() board.Setup { p := board.StartPosition(); return p.Setup() }

// g builds a clean, complete game with a name.
func g(name string, moves []board.Move) Game {
	return Game{Source: name, Start: start(), Moves: moves, Complete: true, Clean: true}
}

// run adds games, finishes and returns the verdicts.
func run(t *testing.T, opt Options, games ...Game) []Verdict {
	t.Helper()
	ix := New(opt)
	defer ix.Close()
	for i := range games {
		if n, err := ix.Add(&games[i]); err != nil || n != i {
			t.Fatalf("Add %d = %d, %v", i, n, err)
		}
	}
	if err := ix.Finish(); err != nil {
		t.Fatal(err)
	}
	out := make([]Verdict, len(games))
	for i := range games {
		v, err := ix.Verdict(i)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = v
	}
	return out
}

// want is the expected verdict of one game: kind and kept game number.
type want struct {
	kind Kind
	kept int
}

func check(t *testing.T, got []Verdict, wants ...want) {
	t.Helper()
	for i, w := range wants {
		if got[i].Kind != w.kind || got[i].Kept != w.kept {
			t.Errorf("game %d: %v of %d, want %v of %d", i, got[i].Kind, got[i].Kept, w.kind, w.kept)
		}
	}
}

func TestKinds(t *testing.T) {
	a := line(1, 60)
	b := line(2, 60)
	mirrored := func(s board.Setup) board.Setup { return s.Mirror() }
	tests := []struct {
		name  string
		games []Game
		want  []want
	}{
		{"exact", []Game{g("a", a), g("b", b), g("a2", a)},
			[]want{{None, 0}, {None, 1}, {Exact, 0}}},
		{"exact, short", []Game{g("a", a[:3]), g("a2", a[:3])},
			[]want{{None, 0}, {Exact, 0}}},
		{"prefix, kept copy later", []Game{g("p", a[:30]), g("a", a)},
			[]want{{Prefix, 1}, {None, 1}}},
		{"prefix at the minimum", []Game{g("a", a), g("p", a[:20])},
			[]want{{None, 0}, {Prefix, 0}}},
		{"prefix below the minimum", []Game{g("a", a), g("p", a[:19])},
			[]want{{None, 0}, {None, 1}}},
		{"mirror", []Game{g("a", a), {Source: "m", Start: mirrored(start()), Moves: MirrorMoves(a), Complete: true, Clean: true}},
			[]want{{None, 0}, {Mirror, 0}}},
		{"mirror and prefix", []Game{g("m", MirrorMoves(a)[:25]), g("a", a)},
			[]want{{Mirror, 1}, {None, 1}}},
		{"mirror below the minimum", []Game{g("m", MirrorMoves(a)[:10]), g("a", a[:10])},
			[]want{{None, 0}, {None, 1}}},
		{"chain of three", []Game{g("p30", a[:30]), g("a", a), g("p45", a[:45])},
			[]want{{Prefix, 1}, {None, 1}, {Prefix, 1}}},
		{"chain of three, mirrored middle", []Game{g("p30", a[:30]), g("m45", MirrorMoves(a[:45])), g("a", a)},
			[]want{{Prefix, 2}, {Mirror, 2}, {None, 2}}},
		{"other start", []Game{g("a", a), {Source: "x", Start: lopsided(), Moves: a, Complete: true, Clean: true}},
			[]want{{None, 0}, {None, 1}}},
		{"mirror of a lopsided start", []Game{
			{Source: "x", Start: lopsided(), Moves: a, Complete: true, Clean: true},
			{Source: "mx", Start: mirrored(lopsided()), Moves: MirrorMoves(a), Complete: true, Clean: true},
			{Source: "half", Start: mirrored(lopsided()), Moves: a, Complete: true, Clean: true}},
			[]want{{None, 0}, {Mirror, 0}, {None, 2}}},
		{"side to move differs", []Game{g("a", a), {Source: "x", Start: board.Setup{Board: start().Board, Side: board.Black}, Moves: a, Complete: true, Clean: true}},
			[]want{{None, 0}, {None, 1}}},
		{"incomplete never joins", []Game{g("a", a), {Source: "x", Start: start(), Moves: a, Clean: false}},
			[]want{{None, 0}, {None, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, run(t, Options{}, tt.games...), tt.want...)
		})
	}
}

// selfMirror is a line of king and adviser-free moves on file e only:
// its mirror is itself.
func selfMirror(n int) []board.Move {
	e := func(r int) board.Square { return board.SquareAt(4, r) }
	cycle := []board.Move{board.NewMove(e(0), e(1)), board.NewMove(e(9), e(8)), board.NewMove(e(1), e(0)), board.NewMove(e(8), e(9))}
	out := make([]board.Move, n)
	for i := range out {
		out[i] = cycle[i%4]
	}
	return out
}

func TestSelfMirror(t *testing.T) {
	s := selfMirror(24)
	if !slices.Equal(MirrorMoves(s), s) {
		t.Fatal("not its own mirror")
	}
	// Alone, a game that is its own mirror has no copy.
	check(t, run(t, Options{}, g("s", s)), want{None, 0})
	// Twice it is an exact copy, not a mirror one.
	check(t, run(t, Options{}, g("s", s), g("s2", s)), want{None, 0}, want{Exact, 0})
	// A prefix of it is a prefix.
	check(t, run(t, Options{}, g("p", s[:21]), g("s", s)), want{Prefix, 1}, want{None, 1})
}

func TestDiverging(t *testing.T) {
	a := line(1, 80)
	b := append(slices.Clone(a[:40]), line(3, 30)...) // 70 plies, leaves a at ply 41
	p := a[:30]                                       // prefix of both
	got := run(t, Options{}, g("b", b), g("p", p), g("a", a))
	// a and b are different games; p joins the longest (a).
	check(t, got, want{None, 0}, want{Prefix, 2}, want{None, 2})
	if got[0].Copies != 1 || got[2].Copies != 2 {
		t.Errorf("copies %d, %d; want 1, 2", got[0].Copies, got[2].Copies)
	}
}

func TestKeptCopyRule(t *testing.T) {
	a := line(1, 60)
	dirty := g("long", a)
	dirty.Clean = false
	// 1. Clean before longer: the clean prefix is kept.
	check(t, run(t, Options{}, dirty, g("short", a[:30])), want{Prefix, 1}, want{None, 1})
	// 3. More tags, 4. a declared result, 5. input order.
	tagged := g("tagged", a)
	tagged.Tags[0], tagged.Tags[4] = "Event", "Red"
	result := g("result", a)
	result.Result = true
	check(t, run(t, Options{}, g("plain", a), result, tagged),
		want{Exact, 2}, want{Exact, 2}, want{None, 2})
	check(t, run(t, Options{}, g("plain", a), result), want{Exact, 1}, want{None, 1})
	check(t, run(t, Options{}, g("one", a), g("two", a)), want{None, 0}, want{Exact, 0})
}

func TestRefsAndFills(t *testing.T) {
	a := line(1, 60)
	kept := g("kept.pgn", a)
	kept.Index = 4
	kept.Tags = [7]string{"", "", "", "", "胡荣华", "", "1-0"}
	kept.Result = true
	short := g("short.pgn", a[:40])
	short.Tags = [7]string{"全国赛", "1976", "", "", "胡榮華", "杨官璘", ""}
	copy2 := g("copy.pgn", a[:50])
	copy2.Index = 2
	copy2.Tags = [7]string{"", "1977", "上海", "", "", "", ""}
	same := func(x, y string) bool { return x == "胡榮華" && y == "胡荣华" }
	got := run(t, Options{FillTags: true, SameName: same}, short, kept, copy2)
	if want := (Ref{Source: "kept.pgn", Index: 4}); got[0].KeptRef != want || got[1].KeptRef != want {
		t.Errorf("KeptRef %v, %v; want %v", got[0].KeptRef, got[1].KeptRef, want)
	}
	// Fills come from the copies in kept-copy order: copy.pgn (50
	// plies) before short.pgn (40).
	wantFills := []Fill{
		{"Event", "全国赛", Ref{Source: "short.pgn", Index: 0}},
		{"Date", "1977", Ref{Source: "copy.pgn", Index: 2}},
		{"Site", "上海", Ref{Source: "copy.pgn", Index: 2}},
		{"Black", "杨官璘", Ref{Source: "short.pgn", Index: 0}},
	}
	if !slices.Equal(got[1].Fills, wantFills) {
		t.Errorf("fills %v, want %v", got[1].Fills, wantFills)
	}
	if got[0].Fills != nil {
		t.Errorf("a copy has fills: %v", got[0].Fills)
	}
	if want := [][2]string{{"胡榮華", "胡荣华"}}; !slices.Equal(got[0].NamePairs, want) {
		t.Errorf("name pairs %v, want %v", got[0].NamePairs, want)
	}
	if got[2].NamePairs != nil {
		t.Errorf("name pairs of copy.pgn: %v", got[2].NamePairs)
	}
}

func TestErrors(t *testing.T) {
	ix := New(Options{})
	defer ix.Close()
	if _, err := ix.Verdict(0); err != ErrNotFinished {
		t.Errorf("Verdict before Finish: %v", err)
	}
	if err := ix.Finish(); err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Add(&Game{}); err != ErrFinished {
		t.Errorf("Add after Finish: %v", err)
	}
	if _, err := ix.Verdict(0); err == nil {
		t.Error("Verdict of a game never added: no error")
	}
	ix.Close()
	if _, err := ix.Verdict(0); err != ErrClosed {
		t.Errorf("Verdict after Close: %v", err)
	}
}

// related reports, by brute force, whether games x and y are copies.
func related(x, y *Game, minN int) bool {
	if !x.Complete || !y.Complete || len(x.Moves) == 0 || len(y.Moves) == 0 {
		return false
	}
	if len(x.Moves) > len(y.Moves) {
		x, y = y, x
	}
	rx, ry := head{side: byte(x.Start.Side)}, head{side: byte(y.Start.Side)}
	for i := range rx.board {
		rx.board[i], ry.board[i] = byte(x.Start.Board[i]), byte(y.Start.Board[i])
	}
	if sameStart(&ry, &rx, false) && hasPrefix(y.Moves, x.Moves, false) &&
		(len(x.Moves) == len(y.Moves) || len(x.Moves) >= minN) {
		return true
	}
	return len(x.Moves) >= minN && sameStart(&ry, &rx, true) && hasPrefix(y.Moves, x.Moves, true)
}

// TestProperty: on random collections of copies, the kept copies
// (what --dedupe writes) never hold two copies of one game, and a game
// that is dropped always has a true copy (its kept copy).
func TestProperty(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 1))
		bases := [][]board.Move{line(seed*10+1, 70), line(seed*10+2, 50)}
		// A third base shares an opening of 25 plies with the first.
		bases = append(bases, append(slices.Clone(bases[0][:25]), line(seed*10+3, 40)...))
		var games []Game
		for i := range 30 {
			m := bases[r.IntN(len(bases))]
			m = m[:1+r.IntN(len(m))]
			st := start()
			if r.IntN(4) == 0 {
				m = MirrorMoves(m)
			}
			gm := g(fmt.Sprint(i), m)
			gm.Start = st
			gm.Complete = r.IntN(10) != 0
			gm.Clean = r.IntN(5) != 0
			gm.Tags[0] = []string{"", "e"}[r.IntN(2)]
			games = append(games, gm)
		}
		got := run(t, Options{}, games...)
		allClean := true
		for _, gm := range games {
			allClean = allClean && gm.Clean
		}
		for i, v := range got {
			if v.Kind == None {
				if v.Kept != i {
					t.Fatalf("seed %d: game %d kept but names %d", seed, i, v.Kept)
				}
				continue
			}
			if !related(&games[i], &games[v.Kept], DefaultMinPlies) {
				t.Fatalf("seed %d: game %d dropped as %v of %d, which is no copy of it", seed, i, v.Kind, v.Kept)
			}
			if got[v.Kept].Kind != None {
				t.Fatalf("seed %d: game %d names %d, which is not kept", seed, i, v.Kept)
			}
		}
		for i := range got {
			for j := i + 1; j < len(got); j++ {
				if got[i].Kind != None || got[j].Kind != None {
					continue
				}
				// Two kept games are never copies of equal length, nor
				// (when every game is clean, so the longest copy is
				// kept) copies at all.
				x, y := &games[i], &games[j]
				if related(x, y, DefaultMinPlies) && (allClean || len(x.Moves) == len(y.Moves)) {
					t.Fatalf("seed %d: games %d and %d are copies and both kept", seed, i, j)
				}
			}
		}
	}
}

// TestChunks: copies far apart (in different chunks of the columns) are
// found, and verdicts past the first chunk are right.
func TestChunks(t *testing.T) {
	const n = 2<<chunkBits + 5
	a, b := line(1, 40), line(2, 40)
	games := make([]Game, n)
	for i := range games {
		games[i] = Game{Source: "x", Index: i, Start: start(), Complete: i%7 != 0} // no moves: takes no part
	}
	games[3] = g("a", a)
	games[1<<chunkBits+1] = g("b", b)
	games[n-1] = g("a2", a)
	games[n-2] = g("bp", b[:25])
	got := run(t, Options{}, games...)
	check(t, got[:4], want{None, 0}, want{None, 1}, want{None, 2}, want{None, 3})
	if v := got[n-1]; v.Kind != Exact || v.Kept != 3 || v.KeptRef != (Ref{Source: "a", Index: 0}) {
		t.Errorf("last game: %+v", v)
	}
	if v := got[n-2]; v.Kind != Prefix || v.Kept != 1<<chunkBits+1 {
		t.Errorf("prefix of b: %+v", v)
	}
}

func TestParseKind(t *testing.T) {
	for k := None; k <= Mirror; k++ {
		if got := ParseKind(k.String()); got != k {
			t.Errorf("ParseKind(%q) = %v", k.String(), got)
		}
	}
	if ParseKind("other") != None {
		t.Error("other text is not None")
	}
}

// TestShortLinePlayers: a line shorter than MinPlies played by other
// players is another game (two games of one event that share an
// opening), not a copy; a name that is missing, or written another way
// (script, a place before it), could be the same player, so such games
// stay copies. From MinPlies plies on, the players do not matter.
func TestShortLinePlayers(t *testing.T) {
	short, long := line(1, 10), line(2, 20)
	game := func(red, black string, moves []board.Move) Game {
		x := g(red+"-"+black, moves)
		x.Tags[0], x.Tags[4], x.Tags[5] = "甲级联赛", red, black
		return x
	}
	got := run(t, Options{},
		game("甲一", "乙二", short),
		game("丁四", "戊五", short),     // other players: another game
		game("丁四", "", short),       // could be game 1
		game("", "", short),         // could be any: the first
		game("上海萬春林", "胡榮華", short), // other players than 0 and 1
		game("萬春林", "胡荣华", short),   // the same as 4, written otherwise
		game("甲一", "乙二", long),
		game("丁四", "戊五", long),  // a long line: a copy whoever plays it
		game("乙二", "甲一", short), // the players of 0, colours swapped
	)
	check(t, got, want{None, 0}, want{None, 1}, want{Exact, 1}, want{Exact, 0},
		want{None, 4}, want{Exact, 4}, want{None, 6}, want{Exact, 6}, want{Exact, 0})
}

func TestSamePlayer(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"甲一", "丁四", false},
		{"甲一", "", true},
		{"萬春林", "上海万春林", true},
		{"胡榮華", "胡荣华", true},
		{"HU RongHua", "上海 胡榮華", true}, // scripts: only the corpus can tell
		{"新加坡黃俊明", "黃俊銘", true},        // one character mistyped
		{"王天一", "郑惟桐", false},
		{"甲一", "甲二", false}, // two characters: no tolerance
		{"Hu Ronghua", "Lu Qin", false},
		{"中国胡荣华", "上海胡榮華", true},  // another place before the name
		{"辽宁卜风波", "大連 卜鳳波", true}, // another place, one character mistyped
		{"胡荣华特大", "上海胡荣华", true},  // a title after, a place before
		{"广东吕钦", "北京王天一", false},
		{"小红", "胡荣华", true}, // a placeholder names no one
	} {
		if got := samePlayer(tt.a, tt.b); got != tt.want {
			t.Errorf("samePlayer(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestShortLineManyPlayers: a short line played by more pairs of players
// than a game is compared with (maxClasses) still finds the class of its
// players, by their names.
func TestShortLineManyPlayers(t *testing.T) {
	short := line(3, 6)
	han := []rune("赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜")
	var games []Game
	var wants []want
	for i := range maxClasses + 6 {
		x := g("many", short)
		// Two-character names, each pair its own: no tolerance applies.
		x.Tags[4] = string([]rune{han[i%len(han)], han[i/len(han)]})
		x.Tags[5] = "丙丁"
		games = append(games, x)
		wants = append(wants, want{None, i})
	}
	last := games[len(games)-1]
	last.Source = "again"
	games = append(games, last)
	wants = append(wants, want{Exact, len(games) - 2})
	check(t, run(t, Options{}, games...), wants...)
}
