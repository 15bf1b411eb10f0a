package training

import (
	"slices"
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// A MoveSpace is the policy output of one trainer's network: a fixed list
// of moves (its labels, in the trainer's order) written in the frame of
// the side to move, and the convention that brings a move of Black into
// that frame. The two spaces are package variables built at start-up from
// their rules; a MoveSpace is immutable and safe for concurrent use.
type MoveSpace struct {
	name   string
	labels []board.Move // in Red's frame, by index
	text   []string     // the trainer's label text, by index
	// index maps from*Squares+to of a move in Red's frame to its index,
	// -1 when the space has no such move.
	index [board.Squares * board.Squares]int16
	// black brings a square of a move of Black into the frame of the
	// labels; it is its own inverse.
	black [board.Squares]board.Square
}

// Space2086 is the move space of cchess-alphazero (NeymarL/
// ChineseChess-AlphaZero), the policy_2086 column: 2,086 labels in the
// order of create_action_labels(); a move of Black is rotated by 180°
// first (flip_move). See the package documentation.
var Space2086 = newSpace2086()

// Space2062 is the move space of the lc0-style px0 trainer
// (official-pikafish/lczero-training, tf/policy_index.py), the policy_2062
// column: 2,062 labels in the order of policy_index; a move of Black has its
// ranks mirrored first (Move::Flip of the px0 engine). See the package
// documentation.
var Space2062 = newSpace2062()

// Name returns the trainer's name of the space.
func (s *MoveSpace) Name() string { return s.name }

// Len returns the number of labels (the size of the policy vector).
func (s *MoveSpace) Len() int { return len(s.labels) }

// Label returns the text of label i as the trainer writes it ("3041" for
// cchess-alphazero, "a0a1" for px0), or "" when i is out of range.
func (s *MoveSpace) Label(i int) string {
	if i < 0 || i >= len(s.text) {
		return ""
	}
	return s.text[i]
}

// Index returns the index of move m of side in the space, after the
// space's convention for Black. ok is false when the space has no such
// move; every legal xiangqi move has an index in both spaces.
func (s *MoveSpace) Index(side board.Color, m board.Move) (int, bool) {
	from, to := uint(m>>7), uint(m&0x7f)
	if from >= board.Squares || to >= board.Squares { // off the board, or bits above the 14
		return -1, false
	}
	if side == board.Black {
		from, to = uint(s.black[from]), uint(s.black[to])
	}
	i := s.index[from*board.Squares+to] // -1 for from == to
	return int(i), i >= 0
}

// Move returns the move of side that index i stands for: the label,
// brought back from the frame of the side to move. ok is false when i is
// out of range. Move(side, Index(side, m)) is m.
func (s *MoveSpace) Move(side board.Color, i int) (board.Move, bool) {
	if i < 0 || i >= len(s.labels) {
		return board.NoMove, false
	}
	m := s.labels[i]
	if side == board.Black {
		m = board.NewMove(s.black[m.From()], s.black[m.To()])
	}
	return m, true
}

// Rotate returns sq turned by 180° (file f → 8−f, rank r → 9−r):
// cchess-alphazero's flip_move, its convention for Black to move.
func Rotate(sq board.Square) board.Square {
	if !sq.Valid() {
		return sq
	}
	return board.Squares - 1 - sq
}

// FlipRanks returns sq with its rank mirrored (rank r → 9−r, the file
// unchanged): px0's Square::Flip, its convention for Black to move.
func FlipRanks(sq board.Square) board.Square {
	if !sq.Valid() {
		return sq
	}
	return board.SquareAt(sq.File(), board.Ranks-1-sq.Rank())
}

// newSpace builds a space from its labels in Red's frame.
func newSpace(name string, labels []board.Move, text func(board.Move) string, black func(board.Square) board.Square) *MoveSpace {
	s := &MoveSpace{name: name, labels: labels, text: make([]string, len(labels))}
	for sq := range s.black {
		s.black[sq] = black(board.Square(sq))
	}
	for i := range s.index {
		s.index[i] = -1
	}
	for i, m := range labels {
		k := int(m.From())*board.Squares + int(m.To())
		if s.index[k] >= 0 {
			panic("training: " + name + ": label " + m.String() + " twice")
		}
		s.index[k] = int16(i)
		s.text[i] = text(m)
	}
	return s
}

// at returns the square of file f, rank r, and whether it is on the board.
func at(f, r int) (board.Square, bool) {
	if f < 0 || f >= board.Files || r < 0 || r >= board.Ranks {
		return board.NoSquare, false
	}
	return board.SquareAt(f, r), true
}

// knightSteps are the horse's (rank, file) steps in the order
// create_action_labels() lists them.
var knightSteps = [8][2]int{{-2, -1}, {-1, -2}, {-2, 1}, {1, -2}, {2, -1}, {-1, 2}, {2, 1}, {1, 2}}

// lineAndKnightAll is lineAndKnight of every square, rank by rank from
// rank 0, file by file within a rank.
func lineAndKnightAll() []board.Move {
	var labels []board.Move
	for r := range board.Ranks {
		for f := range board.Files {
			labels = lineAndKnight(labels, f, r)
		}
	}
	return labels
}

// lineAndKnight appends, for the square of rank r and file f, the moves
// along its rank, then along its file, then a horse's move away, in the
// order of create_action_labels().
func lineAndKnight(dst []board.Move, f, r int) []board.Move {
	from := board.SquareAt(f, r)
	add := func(f2, r2 int) {
		if to, ok := at(f2, r2); ok && to != from {
			dst = append(dst, board.NewMove(from, to))
		}
	}
	for t := range board.Files {
		add(t, r)
	}
	for t := range board.Ranks {
		add(f, t)
	}
	for _, d := range knightSteps {
		add(f+d[1], r+d[0])
	}
	return dst
}

// palaceAndElephant returns the advisor and elephant moves of Red's half
// with ranks mapped by rank (identity for Red, 9−r for Black's half), in
// the order of create_action_labels(): the advisor moves from the four
// corners of the palace to its centre, then back; the elephant moves
// from the points of rank 0 and 4 to those of rank 2, then back. The
// elephant part is returned apart, as cchess-alphazero lists both sides'
// advisor moves before the elephant moves.
func palaceAndElephant(rank func(int) int) (advisor, elephant []board.Move) {
	sq := func(f, r int) board.Square { return board.SquareAt(f, rank(r)) }
	centre := sq(4, 1)
	for _, c := range [4][2]int{{3, 0}, {5, 0}, {3, 2}, {5, 2}} {
		advisor = append(advisor, board.NewMove(sq(c[0], c[1]), centre))
	}
	for _, m := range advisor[:4] {
		advisor = append(advisor, board.NewMove(m.To(), m.From()))
	}
	for _, from := range [4][2]int{{2, 0}, {6, 0}, {2, 4}, {6, 4}} {
		for _, df := range [2]int{-2, 2} {
			elephant = append(elephant, board.NewMove(sq(from[0], from[1]), sq(from[0]+df, 2)))
		}
	}
	for _, m := range elephant[:8] {
		elephant = append(elephant, board.NewMove(m.To(), m.From()))
	}
	return advisor, elephant
}

// newSpace2086 reproduces cchess-alphazero's create_action_labels(): for
// each rank, for each file, the moves along the rank, the file and a
// horse's move away; then the advisor moves of Red and of Black; then the
// elephant moves of Red and of Black.
func newSpace2086() *MoveSpace {
	labels := lineAndKnightAll()
	redA, redE := palaceAndElephant(func(r int) int { return r })
	blackA, blackE := palaceAndElephant(func(r int) int { return board.Ranks - 1 - r })
	labels = slices.Concat(labels, redA, blackA, redE, blackE)
	text := func(m board.Move) string {
		from, to := m.From(), m.To()
		return string([]byte{byte('0' + from.File()), byte('0' + from.Rank()), byte('0' + to.File()), byte('0' + to.Rank())})
	}
	return newSpace("cchess-alphazero", labels, text, Rotate)
}

// newSpace2062 reproduces px0's policy_index: the moves along a rank or
// file and a horse's move away from every square, and the advisor and
// elephant moves of the side to move (Red's half only, since Black's moves
// are flipped into it), sorted by their ICCS text.
func newSpace2062() *MoveSpace {
	labels := lineAndKnightAll()
	a, e := palaceAndElephant(func(r int) int { return r })
	labels = slices.Concat(labels, a, e)
	// The ICCS text "a0a1" sorts as (from file, from rank, to file, to
	// rank).
	key := func(m board.Move) int {
		from, to := m.From(), m.To()
		return ((from.File()*board.Ranks+from.Rank())*board.Files+to.File())*board.Ranks + to.Rank()
	}
	slices.SortFunc(labels, func(x, y board.Move) int { return key(x) - key(y) })
	return newSpace("px0", labels, board.Move.String, FlipRanks)
}

// String returns the space's name and size, e.g. "px0 (2062)".
func (s *MoveSpace) String() string { return s.name + " (" + strconv.Itoa(len(s.labels)) + ")" }
