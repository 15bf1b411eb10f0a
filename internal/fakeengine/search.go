package fakeengine

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xqtool/xqtool/board"
)

// search answers "go": a fault when one is due, else the table's lines, else
// the fake's own evaluation.
func (f *fake) search() (code int, quit bool) {
	f.searches++
	key := Key(&f.pos)
	f.log("go " + key)
	if f.spec.Delay > 0 {
		time.Sleep(f.spec.Delay)
	}
	due := f.spec.Fault != "" &&
		(f.spec.FaultAt == 0 || f.spec.FaultAt == f.searches) &&
		(f.spec.FaultFEN == "" || f.spec.FaultFEN == key)
	if due {
		if code, quit, handled := f.fault(); handled {
			return code, quit
		}
	}
	if lines, ok := f.spec.Table[key]; ok {
		for _, l := range lines {
			f.println(l)
		}
		f.log("done " + key)
		return 0, false
	}
	moves := slices.DeleteFunc(f.pos.LegalMoves(), func(m board.Move) bool { return slices.Contains(f.ban, m) })
	if len(moves) == 0 {
		f.println(f.noMove())
		f.log("done " + key)
		return 0, false
	}
	// A mating move if there is one, else the capture of the most
	// valuable piece, else the first move.
	best := moves[0]
	bestGain := -1
	for _, m := range moves {
		g := value(f.pos.Piece(m.To()), m.To())
		if after, _ := f.pos.Play(m); !after.HasLegalMove() {
			g = 1 << 20
		}
		if g > bestGain {
			best, bestGain = m, g
		}
	}
	after, _ := f.pos.Play(best)
	pv := []board.Move{best}
	score := "cp " + strconv.Itoa(f.material())
	if f.ucci {
		score = strconv.Itoa(f.material())
	}
	if !after.HasLegalMove() {
		score = "mate 1"
		if f.ucci {
			score = "9999"
		}
	} else {
		pv = append(pv, after.LegalMoves()[0])
	}
	nodes := 10 * len(moves)
	f.println("info depth", strconv.Itoa(f.depth), "score", score, "nodes", strconv.Itoa(nodes), "pv", f.moveList(pv))
	f.println("bestmove", f.formatMove(best))
	f.log("done " + key)
	return 0, false
}

// fault commits the spec's fault; handled is false for faults that only
// change the answer's text (they fall through to a normal answer).
func (f *fake) fault() (code int, quit, handled bool) {
	moves := f.pos.LegalMoves()
	switch f.spec.Fault {
	case "die":
		f.println("info depth 1 score cp 0")
		fmt.Fprintln(f.stderr, "fake engine: dying in a search as told")
		return 3, true, true
	case "hang":
		for {
			time.Sleep(time.Hour)
		}
	case "control":
		f.println("info depth 1 score cp 0 pv \x00\x01\x02")
	case "longline":
		f.println("info string " + strings.Repeat("x", 100<<10))
	case "flood":
		for i := range 2000 {
			f.println("nonsense", strconv.Itoa(i))
		}
	case "badnumber":
		f.println("info depth x score cp 12")
	case "illegal":
		f.println("info depth 1 score cp 0")
		f.println("bestmove", f.formatMove(illegalMove(&f.pos)))
	case "illegal-pv":
		if len(moves) == 0 {
			return 0, false, false
		}
		f.println("info depth 2 score cp 0 pv", f.formatMove(moves[0]), f.formatMove(moves[0]))
		f.println("bestmove", f.formatMove(moves[0]))
	case "nomove":
		f.println("info depth 1 score cp 0")
		f.println(f.noMove())
	case "noscore":
		if len(moves) == 0 {
			return 0, false, false
		}
		f.println("bestmove", f.formatMove(moves[0]))
	default:
		fmt.Fprintln(os.Stderr, "fake engine: unknown fault", f.spec.Fault)
		return 2, true, true
	}
	return 0, false, true
}

func (f *fake) noMove() string {
	if f.ucci {
		return "nobestmove"
	}
	return "bestmove (none)"
}

// illegalMove returns a well-formed move that is not legal in p.
func illegalMove(p *board.Position) board.Move {
	for from := board.Square(0); from < board.Squares; from++ {
		for to := board.Square(0); to < board.Squares; to++ {
			if from != to && !p.IsLegal(board.NewMove(from, to)) {
				return board.NewMove(from, to)
			}
		}
	}
	return board.NoMove
}

// material is the fake's evaluation: material from the side to move's
// point of view (a soldier across the river counts double).
func (f *fake) material() int {
	sum := 0
	for sq := board.Square(0); sq < board.Squares; sq++ {
		pc := f.pos.Piece(sq)
		if pc == board.NoPiece {
			continue
		}
		v := value(pc, sq)
		if pc.Color() == f.pos.Side() {
			sum += v
		} else {
			sum -= v
		}
	}
	return sum
}

func value(pc board.Piece, sq board.Square) int {
	switch pc.Kind() {
	case board.Rook:
		return 900
	case board.Cannon:
		return 450
	case board.Knight:
		return 400
	case board.Advisor, board.Bishop:
		return 200
	case board.Pawn:
		if (pc.Color() == board.Red) == (sq.Rank() >= 5) {
			return 200
		}
		return 100
	}
	return 0
}

func (f *fake) parseMove(s string) (board.Move, error) {
	if !f.ranks10 {
		return board.ParseMove(s)
	}
	// a1..i10: take the digits after each file letter.
	var sqs []board.Square
	for i := 0; i < len(s); {
		if s[i] < 'a' || s[i] > 'i' {
			return board.NoMove, fmt.Errorf("bad move %q", s)
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		r, err := strconv.Atoi(s[i+1 : j])
		if err != nil || r < 1 || r > 10 {
			return board.NoMove, fmt.Errorf("bad move %q", s)
		}
		sqs = append(sqs, board.SquareAt(int(s[i]-'a'), r-1))
		i = j
	}
	if len(sqs) != 2 {
		return board.NoMove, fmt.Errorf("bad move %q", s)
	}
	return board.NewMove(sqs[0], sqs[1]), nil
}

func (f *fake) formatMove(m board.Move) string {
	if !f.ranks10 {
		return m.String()
	}
	sq := func(s board.Square) string { return string(rune('a'+s.File())) + strconv.Itoa(s.Rank()+1) }
	return sq(m.From()) + sq(m.To())
}

func (f *fake) moveList(ms []board.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = f.formatMove(m)
	}
	return strings.Join(parts, " ")
}
