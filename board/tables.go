package board

// Precomputed geometry, built once at init from small readable helpers.
// Every table lists targets in a fixed order so that move generation is
// deterministic.

// Directions for line movers: up (towards rank 9), down, left, right.
const (
	dirUp = iota
	dirDown
	dirLeft
	dirRight
)

// legStep is a leaper target with the square that must be empty: the
// horse leg (蹩马腿) or the elephant eye (塞象眼).
type legStep struct {
	to, leg Square
}

var (
	// rays[sq][dir] lists the squares from sq outwards in direction dir.
	rays [Squares][4][]Square
	// lineDir[sq][t] is the direction d with t in rays[sq][d], or -1 when
	// t is not on sq's file or rank (or is sq).
	lineDir [Squares][Squares]int8
	// knightSteps[sq]: horse moves from sq with their leg squares.
	knightSteps [Squares][]legStep
	// knightFrom[sq]: squares from which a horse attacks sq, each with the
	// leg square that horse needs empty.
	knightFrom [Squares][]legStep
	// bishopSteps[c][sq]: elephant moves of colour c from sq (own half
	// only), with the eye square.
	bishopSteps [2][Squares][]legStep
	// advisorSteps[c][sq] and kingSteps[c][sq]: palace moves.
	advisorSteps [2][Squares][]Square
	kingSteps    [2][Squares][]Square
	// pawnSteps[c][sq]: forward, then sideways once across the river.
	pawnSteps [2][Squares][]Square
	// inPalace[c][sq], advisorPoint, bishopPoint, pawnPoint: static
	// placement rules used by validation.
	inPalace     [2][Squares]bool
	advisorPoint [2][Squares]bool
	bishopPoint  [2][Squares]bool
	pawnPoint    [2][Squares]bool
	// nearKing[sq] marks the four diagonal neighbours of sq: the leg
	// squares of every horse that could attack a king on sq.
	nearKing [Squares][Squares]bool
)

func onBoard(f, r int) bool { return f >= 0 && f < Files && r >= 0 && r < Ranks }

// ownHalf reports whether rank r is on colour c's side of the river.
func ownHalf(c Color, r int) bool {
	if c == Red {
		return r <= 4
	}
	return r >= 5
}

func palace(c Color, f, r int) bool {
	if f < 3 || f > 5 || r < 0 || r >= Ranks {
		return false
	}
	if c == Red {
		return r <= 2
	}
	return r >= 7
}

// tablesReady forces the tables to be built before any package-level
// variable that uses them (such as the start position).
var tablesReady = buildTables()

func buildTables() bool {
	for s := Square(0); s < Squares; s++ {
		f, r := s.File(), s.Rank()
		dfs := [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}}
		for t := range lineDir[s] {
			lineDir[s][t] = -1
		}
		for d, v := range dfs {
			for i := 1; ; i++ {
				nf, nr := f+v[0]*i, r+v[1]*i
				if !onBoard(nf, nr) {
					break
				}
				rays[s][d] = append(rays[s][d], SquareAt(nf, nr))
				lineDir[s][SquareAt(nf, nr)] = int8(d)
			}
		}
		for _, v := range [8][2]int{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}, {1, -2}, {-1, -2}} {
			nf, nr := f+v[0], r+v[1]
			if !onBoard(nf, nr) {
				continue
			}
			var leg Square
			if v[1] == 2 || v[1] == -2 {
				leg = SquareAt(f, r+v[1]/2)
			} else {
				leg = SquareAt(f+v[0]/2, r)
			}
			knightSteps[s] = append(knightSteps[s], legStep{SquareAt(nf, nr), leg})
		}
		for _, v := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
			if onBoard(f+v[0], r+v[1]) {
				nearKing[s][SquareAt(f+v[0], r+v[1])] = true
			}
		}
		for c := Red; c <= Black; c++ {
			inPalace[c][s] = palace(c, f, r)
			fwd := 1
			if c == Black {
				fwd = -1
			}
			for _, v := range [4][2]int{{2, 2}, {-2, 2}, {2, -2}, {-2, -2}} {
				nf, nr := f+v[0], r+v[1]
				if onBoard(nf, nr) && ownHalf(c, r) && ownHalf(c, nr) {
					bishopSteps[c][s] = append(bishopSteps[c][s], legStep{SquareAt(nf, nr), SquareAt(f+v[0]/2, r+v[1]/2)})
				}
			}
			if palace(c, f, r) {
				for _, v := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					if palace(c, f+v[0], r+v[1]) {
						advisorSteps[c][s] = append(advisorSteps[c][s], SquareAt(f+v[0], r+v[1]))
					}
				}
				for _, v := range dfs {
					if palace(c, f+v[0], r+v[1]) {
						kingSteps[c][s] = append(kingSteps[c][s], SquareAt(f+v[0], r+v[1]))
					}
				}
			}
			if onBoard(f, r+fwd) {
				pawnSteps[c][s] = append(pawnSteps[c][s], SquareAt(f, r+fwd))
			}
			if !ownHalf(c, r) {
				for _, df := range [2]int{-1, 1} {
					if onBoard(f+df, r) {
						pawnSteps[c][s] = append(pawnSteps[c][s], SquareAt(f+df, r))
					}
				}
			}
			// Pawn points: anywhere past the river; on the own side only
			// the start files (a c e g i) of the two ranks in front of
			// the start (a pawn never moves sideways or back there).
			if !ownHalf(c, r) {
				pawnPoint[c][s] = true
			} else if f%2 == 0 && ((c == Red && (r == 3 || r == 4)) || (c == Black && (r == 5 || r == 6))) {
				pawnPoint[c][s] = true
			}
		}
	}
	for s := Square(0); s < Squares; s++ {
		for _, st := range knightSteps[s] {
			// A horse on s attacks st.to if st.leg is empty.
			knightFrom[st.to] = append(knightFrom[st.to], legStep{s, st.leg})
		}
	}
	// Advisor and elephant points: the squares reachable from the start.
	for c := Red; c <= Black; c++ {
		mark := func(pts *[2][Squares]bool, start []Square, step func(Square) []Square) {
			queue := append([]Square(nil), start...)
			for len(queue) > 0 {
				s := queue[0]
				queue = queue[1:]
				if pts[c][s] {
					continue
				}
				pts[c][s] = true
				queue = append(queue, step(s)...)
			}
		}
		base := 0
		if c == Black {
			base = 9
		}
		mark(&advisorPoint, []Square{SquareAt(3, base)}, func(s Square) []Square { return advisorSteps[c][s] })
		mark(&bishopPoint, []Square{SquareAt(2, base)}, func(s Square) []Square {
			var out []Square
			for _, st := range bishopSteps[c][s] {
				out = append(out, st.to)
			}
			return out
		})
	}
	return true
}
