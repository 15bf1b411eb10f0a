package board

import (
	"bufio"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

var perftFull = flag.Bool("perft.full", false, "run every perft row, including those above 5M nodes")

// TestPerftTSV checks every row of shared/testdata/perft.tsv; rows above
// 5M nodes run only with -perft.full (make perft-full).
func TestPerftTSV(t *testing.T) {
	f, err := os.Open(filepath.Join(shareddata.Dir(t), "perft.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 3 {
			t.Fatalf("bad row %q", line)
		}
		depth, _ := strconv.Atoi(cols[1])
		want, _ := strconv.ParseUint(cols[2], 10, 64)
		if want > 5_000_000 && !*perftFull {
			continue
		}
		if testing.Short() && want > 500_000 {
			continue
		}
		rows++
		t.Run(cols[0]+"/"+cols[1], func(t *testing.T) {
			p, err := PositionFromFEN(cols[0])
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("perft(%d) = %d, want %d", depth, got, want)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows == 0 {
		t.Fatal("no perft rows run")
	}
}

func TestPerftStartShallow(t *testing.T) {
	// Published values, independent of the shared data.
	want := []uint64{1, 44, 1920, 79666}
	p := StartPosition()
	for d, w := range want {
		if got := p.Perft(d); got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
	}
}

func TestRejectedFENs(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want PositionErrorKinds
	}{
		{"red in check, black to move", "rnbakabnr/9/4c4/p1p1C1p1p/9/9/P1P3P1P/1C5c1/9/RNBAKABNR b", ErrOppositeCheck},
		{"black in check, red to move", "4k4/9/9/9/9/9/9/9/4R4/4K4 w", ErrOppositeCheck},
		{"advisor off its points", "4k4/9/9/9/9/9/9/4n4/3A5/3K5 w", ErrAdvisorPoint},
		{"kings facing", "4k4/9/9/9/9/9/9/9/9/4K4 w", ErrKingsFacing},
		{"no red king", "4k4/9/9/9/9/9/9/9/9/9 w", ErrMissingKing},
		{"two red kings", "4k4/9/9/9/9/9/9/9/3K5/5K3 w", ErrTooManyKings},
		{"king outside palace", "4k4/9/9/9/9/9/9/9/9/K8 w", ErrKingOutsidePalace},
		{"three rooks", "3k5/9/9/9/9/9/9/9/RRR6/4K4 w", ErrTooManyPieces},
		{"six pawns", "3k5/9/9/9/9/PPPPPP3/9/9/9/4K4 w", ErrTooManyPieces},
		{"elephant off its points", "3k5/9/9/9/9/9/9/9/4B4/4K4 w", ErrBishopPoint},
		{"elephant across the river", "3k5/9/9/9/2B6/9/9/9/9/4K4 w", ErrBishopPoint},
		{"pawn behind start rank", "3k5/9/9/9/9/9/9/P8/9/4K4 w", ErrPawnPoint},
		{"pawn on an odd file before the river", "3k5/9/9/9/9/9/1P7/9/9/4K4 w", ErrPawnPoint},
		{"black pawn behind start rank", "3k5/p8/9/9/9/9/9/9/9/4K4 w", ErrPawnPoint},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := PositionFromFEN(tt.fen)
			var pe *PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("PositionFromFEN(%q) error = %v, want *PositionError", tt.fen, err)
			}
			if pe.Kinds&tt.want == 0 {
				t.Errorf("kinds = %v, want %v", pe.Kinds, tt.want)
			}
			if !errors.Is(err, ErrInvalidPosition) {
				t.Errorf("errors.Is(err, ErrInvalidPosition) = false")
			}
		})
	}
}

func TestRelaxed(t *testing.T) {
	s, err := ParseFEN("4k4/9/9/9/9/9/9/4n4/3A5/3K5 w")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewPositionRelaxed(s, ErrAdvisorPoint); err != nil {
		t.Errorf("relaxed: %v", err)
	}
	s, _ = ParseFEN("4k4/9/9/9/9/9/9/9/9/4K4 w")
	if _, err := NewPositionRelaxed(s, ^PositionErrorKinds(0)); err == nil {
		t.Error("kings facing must never be relaxed")
	}
}

func TestParseFEN(t *testing.T) {
	tests := []struct {
		in      string
		wantFEN string
		wantErr error
	}{
		{StartFEN, StartFEN, nil},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", StartFEN, nil},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", StartFEN, nil},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1", StartFEN, nil},
		{"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w", StartFEN, nil},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7", nil},
		{"", "", ErrFENEmpty},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "", ErrFENRanks},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "", ErrFENFiles},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "", ErrFENFiles},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "", ErrFENPiece},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "", ErrFENSide},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "", ErrFENCounter},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s, err := ParseFEN(tt.in)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.FEN(); got != tt.wantFEN {
				t.Errorf("FEN() = %q, want %q", got, tt.wantFEN)
			}
		})
	}
}

// randomPositions plays random legal games from the start position and a
// few midgame positions and calls f on every position reached.
func randomPositions(t testing.TB, games, maxPlies int, seed uint64, f func(p *Position, line []Move)) {
	rng := rand.New(rand.NewPCG(seed, seed^0x5851))
	starts := []string{
		StartFEN,
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
		"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
		"C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
	}
	for g := 0; g < games; g++ {
		p, err := PositionFromFEN(starts[g%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		var line []Move
		for ply := 0; ply < maxPlies; ply++ {
			f(&p, line)
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			line = append(line, m)
			p.MakeMove(m)
		}
	}
}

// TestLegalMovesMatchIsLegal checks, on random positions, that the
// generated list equals the set of all 90×90 pairs accepted by IsLegal
// (which takes a separate, unoptimised path).
func TestLegalMovesMatchIsLegal(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	positions := 0
	randomPositions(t, games, 150, 1, func(p *Position, line []Move) {
		positions++
		gen := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			if gen[m] {
				t.Fatalf("%s: duplicate move %v", p.FEN(), m)
			}
			gen[m] = true
		}
		n := 0
		for from := Square(0); from < Squares; from++ {
			for to := Square(0); to < Squares; to++ {
				m := NewMove(from, to)
				legal := p.IsLegal(m)
				if legal != gen[m] {
					t.Fatalf("%s: move %v: IsLegal = %v, generated = %v (line %v)", p.FEN(), m, legal, gen[m], line)
				}
				if legal {
					n++
				}
			}
		}
		if n != len(gen) {
			t.Fatalf("%s: count mismatch", p.FEN())
		}
	})
	t.Logf("%d positions checked", positions)
}

// TestZobristIncremental plays random games and compares the incremental
// key with a from-scratch key after every move and after every unmake.
func TestZobristIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for g := 0; g < 300; g++ {
		p := StartPosition()
		type st struct {
			m Move
			u Undo
		}
		var stack []st
		for ply := 0; ply < 200; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			u := p.MakeMove(m)
			stack = append(stack, st{m, u})
			if p.Key() != p.ComputeKey() {
				t.Fatalf("game %d ply %d: incremental key %x != computed %x", g, ply, p.Key(), p.ComputeKey())
			}
			q, err := PositionFromFEN(p.FEN())
			if err != nil {
				t.Fatalf("FEN round trip of reached position %s: %v", p.FEN(), err)
			}
			if q.Key() != p.Key() {
				t.Fatalf("key differs after FEN round trip")
			}
		}
		for i := len(stack) - 1; i >= 0; i-- {
			p.UnmakeMove(stack[i].m, stack[i].u)
			if p.Key() != p.ComputeKey() {
				t.Fatalf("game %d: key wrong after unmake", g)
			}
		}
		if p.FEN() != StartFEN {
			t.Fatalf("unmake did not restore the start: %s", p.FEN())
		}
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want Outcome
	}{
		{"start", StartFEN, Ongoing},
		// Red rook on the 9th rank, the black king is mated (rook
		// protected by the flying-general file control of the red king).
		// Black king on d9: d8 is covered by the rook, e9 would face the
		// red king; not in check, no move: stalemate (困毙), a loss.
		{"rook stalemate", "3k5/R8/9/9/9/9/9/9/9/4K4 b", Stalemate},
		{"double rook mate", "R2k5/1R7/9/9/9/9/9/9/9/4K4 b", Checkmate},
		{"king can move", "3k5/9/4R4/9/9/9/9/9/9/4K4 b", Ongoing},
		{"pawn checks, king captures", "3k5/3P5/9/9/9/9/9/9/9/5K3 b", Ongoing},
		// Rook on e8 protected by the rook on e7, pawns on d8 and f8
		// covering d9 and f9.
		{"rook and pawns mate", "4k4/3PRP3/4R4/9/9/9/9/9/9/3K5 b", Checkmate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := PositionFromFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Outcome(); got != tt.want {
				t.Errorf("Outcome() = %v, want %v (moves %v)", got, tt.want, p.LegalMoves())
			}
		})
	}
}

func TestCheckMoveReasons(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		move string
		want error
	}{
		{"no piece", StartFEN, "e4e5", ErrNoPiece},
		{"wrong side", StartFEN, "h7e7", ErrWrongSide},
		{"horse leg", StartFEN, "b0d1", ErrBlocked},
		{"own piece", StartFEN, "a0a3", ErrOwnPiece},
		{"bad path", StartFEN, "h2g4", ErrBadPath},
		{"cannon captures without a screen", StartFEN, "h2h7", ErrBlocked},
		{"elephant eye", "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w", "c0e2", ErrBlocked},
		{"elephant across river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4e6", ErrBadPath},
		{"pawn sideways before river", StartFEN, "c3d3", ErrBadPath},
		{"pawn backwards", "3k5/9/9/4P4/9/9/9/9/9/4K4 w", "e6e5", ErrBadPath},
		{"flying general", "3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", ErrFlyingGeneral},
		{"self check", "3k5/9/9/9/9/9/9/9/3r5/4K4 w", "e0d0", ErrSelfCheck},
		{"king out of palace", "4k4/9/9/9/9/9/9/9/9/3K5 w", "d0c0", ErrBadPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := PositionFromFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			err = p.CheckMove(m)
			if !errors.Is(err, tt.want) || !errors.Is(err, ErrIllegalMove) {
				t.Errorf("CheckMove(%s) = %v, want %v", tt.move, err, tt.want)
			}
			if _, err := p.Play(m); err == nil {
				t.Errorf("Play accepted %s", tt.move)
			}
		})
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "4k4/9/9/9/9/9/9/9/4R4/4K4 w", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 12 40", "9/9/9/9/9/9/9/9/9/9", "///"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		s, err := ParseFEN(fen)
		if err != nil {
			return
		}
		out := s.FEN()
		s2, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("written FEN %q does not parse: %v", out, err)
		}
		if s2 != s {
			t.Fatalf("round trip changed the setup: %q -> %q", fen, out)
		}
		p, err := NewPosition(s)
		if err != nil {
			return
		}
		if p.FEN() != out {
			t.Fatalf("position FEN %q != setup FEN %q", p.FEN(), out)
		}
		// Any valid position must support move generation.
		for _, m := range p.LegalMoves() {
			if !p.IsLegal(m) {
				t.Fatalf("%s: generated %v not legal", out, m)
			}
		}
	})
}

func TestAppendLegalMovesOf(t *testing.T) {
	randomPositions(t, 20, 100, 9, func(p *Position, _ []Move) {
		all := p.LegalMoves()
		for k := King; k <= Pawn; k++ {
			var want []Move
			for _, m := range all {
				if p.Piece(m.From()).Kind() == k {
					want = append(want, m)
				}
			}
			got := p.AppendLegalMovesOf(nil, KindSetOf(k))
			if len(got) != len(want) {
				t.Fatalf("%s kind %v: %v, want %v", p.FEN(), k, got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s kind %v: %v, want %v", p.FEN(), k, got, want)
				}
			}
		}
	})
}

// TestCheckMoveInCheckMatchesCheckMove checks, on random positions (and the
// same boards with the other side to move, built with relaxed rules), that
// CheckMoveInCheck with the true check status returns exactly what
// CheckMove returns for every pair of squares.
func TestCheckMoveInCheckMatchesCheckMove(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 10
	}
	same := func(a, b error) bool {
		if a == nil || b == nil {
			return a == nil && b == nil
		}
		ea, oka := a.(*MoveError)
		eb, okb := b.(*MoveError)
		return oka && okb && *ea == *eb
	}
	check := func(p *Position) {
		inCheck := p.InCheck()
		for from := Square(0); from < Squares; from++ {
			for to := Square(0); to < Squares; to++ {
				m := NewMove(from, to)
				if got, want := p.CheckMoveInCheck(m, inCheck), p.CheckMove(m); !same(got, want) {
					t.Fatalf("%s %v (in check %v): CheckMoveInCheck = %v, CheckMove = %v", p.FEN(), m, inCheck, got, want)
				}
			}
		}
	}
	randomPositions(t, games, 150, 3, func(p *Position, _ []Move) {
		check(p)
		s := p.Setup()
		s.Side = s.Side.Other()
		if q, err := NewPositionRelaxed(s, ^PositionErrorKinds(0)); err == nil {
			check(&q)
		}
	})
}

// TestInCheckAfterMatchesInCheck checks, on random positions reached by
// legal moves, that InCheckAfter after every legal move equals InCheck.
func TestInCheckAfterMatchesInCheck(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	check := func(p *Position, _ []Move) {
		for _, m := range p.LegalMoves() {
			q := *p
			q.MakeMove(m)
			want := q.InCheck()
			if got := q.InCheckAfter(m, false); got != want {
				t.Fatalf("%s then %v: InCheckAfter = %v, InCheck = %v", p.FEN(), m, got, want)
			}
			if got := q.InCheckAfter(m, true); got != want {
				t.Fatalf("%s then %v: InCheckAfter(attacked before) = %v, InCheck = %v", p.FEN(), m, got, want)
			}
		}
	}
	// A king move that gives check: the red king was the screen of its
	// cannon (e0) and steps aside (a king never gives check as a screen:
	// it would face the other king).
	for _, fen := range []string{
		"4k4/9/9/9/4p4/9/9/9/4K4/4C4 w - - 0 1",
	} {
		p, err := PositionFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		checks := 0
		for _, m := range p.LegalMoves() {
			q := p
			q.MakeMove(m)
			if q.InCheck() && p.Piece(m.From()).Kind() == King {
				checks++
			}
		}
		if checks == 0 {
			t.Fatalf("%s: no king move gives check", fen)
		}
		check(&p, nil)
	}
	randomPositions(t, games, 150, 5, check)
}

// TestHasLegalMoveMatchesLegalMoves checks HasLegalMove against the
// generated list on random positions, including the positions reached by
// playing each legal move (where mates and stalemates occur).
func TestHasLegalMoveMatchesLegalMoves(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	ends := 0
	randomPositions(t, games, 150, 7, func(p *Position, _ []Move) {
		for _, m := range append(p.LegalMoves(), NoMove) {
			q := *p
			if m != NoMove {
				q.MakeMove(m)
			}
			want := len(q.LegalMoves()) > 0
			if !want {
				ends++
			}
			if got := q.HasLegalMove(); got != want {
				t.Fatalf("%s: HasLegalMove = %v, want %v", q.FEN(), got, want)
			}
		}
	})
	if ends == 0 {
		t.Log("no position without a legal move was met")
	}
}

// TestMayGiveCheck checks that every legal move that gives check (or
// leaves the kings facing) passes MayGiveCheck, on random positions, and
// that the filter rejects most moves (it is worth calling).
func TestMayGiveCheck(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	var moves, checks, passed int
	randomPositions(t, games, 150, 11, func(p *Position, _ []Move) {
		for _, m := range p.LegalMoves() {
			moves++
			may := p.MayGiveCheck(m)
			if may {
				passed++
			}
			q := *p
			q.MakeMove(m)
			if q.InCheck() {
				checks++
				if !may {
					t.Fatalf("%s: %v gives check, MayGiveCheck is false", p.FEN(), m)
				}
			}
		}
	})
	t.Logf("%d moves, %d checks, %d passed the filter", moves, checks, passed)
	if checks == 0 || passed > moves*3/4 {
		t.Errorf("%d moves, %d checks, %d passed the filter: a test that cannot fail or a filter that filters little", moves, checks, passed)
	}
}

// TestAppendCheckCandidates checks that the candidates are exactly the
// pseudo-legal moves MayGiveCheck accepts, on random positions.
func TestAppendCheckCandidates(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	randomPositions(t, games, 150, 13, func(p *Position, _ []Move) {
		var want []Move
		for _, m := range p.genPseudo(nil) {
			if p.MayGiveCheck(m) {
				want = append(want, m)
			}
		}
		got := p.AppendCheckCandidates(nil)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: candidates %v, want %v", p.FEN(), got, want)
		}
	})
}

// TestPassMatchesSetup checks Pass against the position built again from
// the setup with the other side to move (what it replaces): the same
// position and key.
func TestPassMatchesSetup(t *testing.T) {
	check := func(p *Position) {
		s := p.Setup()
		s.Side = s.Side.Other()
		want, werr := NewPositionRelaxed(s, ^PositionErrorKinds(0))
		got, ok := p.Pass()
		if ok != (werr == nil) {
			t.Fatalf("%s: Pass ok %v, NewPositionRelaxed error %v", p.FEN(), ok, werr)
		}
		if ok && got != want {
			t.Fatalf("%s: Pass gives %s (key %x), want %s (key %x)", p.FEN(), got.FEN(), got.Key(), want.FEN(), want.Key())
		}
	}
	randomPositions(t, 40, 150, 3, func(p *Position, _ []Move) { check(p) })
	// After this pass the side not to move is in check (no legal
	// position, but a relaxed setup and a null move allow it).
	s, err := ParseFEN("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPositionRelaxed(s, ^PositionErrorKinds(0))
	if err != nil {
		t.Fatal(err)
	}
	check(&p)
}

// TestAppendLegalCapturesAndTo checks AppendLegalCaptures and
// AppendLegalMovesTo against AppendLegalMoves filtered, order included.
func TestAppendLegalCapturesAndTo(t *testing.T) {
	randomPositions(t, 60, 150, 5, func(p *Position, _ []Move) {
		var buf [MaxMoves]Move
		all := p.AppendLegalMoves(buf[:0])
		var caps []Move
		to := map[Square][]Move{}
		for _, m := range all {
			if !p.Piece(m.To()).IsEmpty() {
				caps = append(caps, m)
			}
			to[m.To()] = append(to[m.To()], m)
		}
		var b2 [MaxMoves]Move
		if got := p.AppendLegalCaptures(b2[:0]); !slices.Equal(got, caps) {
			t.Fatalf("%s: AppendLegalCaptures = %v, want %v", p.FEN(), got, caps)
		}
		for sq := Square(0); sq < Squares; sq++ {
			if got := p.AppendLegalMovesTo(b2[:0], sq); !slices.Equal(got, to[sq]) {
				t.Fatalf("%s: AppendLegalMovesTo(%v) = %v, want %v", p.FEN(), sq, got, to[sq])
			}
		}
	})
}

// TestKeysStable pins the Zobrist keys of a few positions. Datasets store
// them (positions.parquet's position_key), so that keys from different runs
// and versions can be joined: a change of the key generator must show up
// here, not as silently disjoint datasets.
func TestKeysStable(t *testing.T) {
	for _, c := range []struct {
		fen string
		key uint64
	}{
		{StartFEN, 0x7d3c90027647ef01},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", 0x25ccfaf05e9ece58},
		// h2e2 played: the move counters do not enter the key.
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", 0x075cb2e0f81367a1},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 17 40", 0xa8610d7aa31ae289},
	} {
		p, err := PositionFromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.Key() != c.key {
			t.Errorf("%s: key %#016x, want %#016x", c.fen, p.Key(), c.key)
		}
	}
	p := StartPosition()
	p.MakeMove(NewMove(SquareAt(7, 2), SquareAt(4, 2)))
	if p.Key() != 0x075cb2e0f81367a1 {
		t.Errorf("start + h2e2: key %#016x", p.Key())
	}
}

// mirrorSetup is the left-right mirror of s, built square by square.
func mirrorSetup(s Setup) Setup {
	out := s
	for f := range Files {
		for r := range Ranks {
			out.Board[SquareAt(Files-1-f, r)] = s.Board[SquareAt(f, r)]
		}
	}
	return out
}

func TestMirror(t *testing.T) {
	for s := Square(0); s < Squares; s++ {
		m := s.Mirror()
		if m.File() != Files-1-s.File() || m.Rank() != s.Rank() || m.Mirror() != s {
			t.Fatalf("%v: mirror %v", s, m)
		}
	}
	if NoSquare.Mirror() != NoSquare || NoMove.Mirror() != NoMove {
		t.Error("an invalid square or move must stay as it is")
	}
	if got := NewMove(SquareAt(7, 2), SquareAt(4, 2)).Mirror().String(); got != "b2e2" {
		t.Errorf("h2e2 mirrored: %s", got)
	}
	// Random games: the legal moves of the mirrored position are the
	// mirrors of the legal moves, the game mirrored move by move stays
	// legal, and each mirrored move mirrors back.
	rng := rand.New(rand.NewPCG(3, 5))
	for g := 0; g < 100; g++ {
		p := StartPosition()
		for ply := 0; ply < 150; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			q, err := NewPosition(mirrorSetup(p.Setup()))
			if err != nil {
				t.Fatalf("mirror of %s: %v", p.FEN(), err)
			}
			want := make([]Move, len(moves))
			for i, m := range moves {
				want[i] = m.Mirror()
				if want[i].Mirror() != m {
					t.Fatalf("%v mirrored twice: %v", m, want[i].Mirror())
				}
			}
			got := q.LegalMoves()
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: legal moves of the mirror %v, want %v", p.FEN(), got, want)
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
	}
}
