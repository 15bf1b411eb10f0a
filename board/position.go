package board

import (
	"errors"
	"fmt"
)

// Position is a legal xiangqi position: board, side to move, counters and
// the Zobrist key, kept up to date incrementally. It is a value of fixed
// size with no hidden caches: copies are independent, and a Position that
// is not being mutated may be shared freely between goroutines.
//
// Build one with NewPosition, PositionFromFEN or StartPosition; the zero
// Position is not usable.
type Position struct {
	board    [Squares]Piece
	kings    [2]Square
	side     Color
	halfMove int // plies since the last capture
	fullMove int // full-move number
	key      uint64
}

// Piece returns the piece on sq (NoPiece if empty or sq is off the board).
func (p *Position) Piece(sq Square) Piece {
	if !sq.Valid() {
		return NoPiece
	}
	return p.board[sq]
}

// Board returns a copy of the board array.
func (p *Position) Board() [Squares]Piece { return p.board }

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// King returns the square of c's king.
func (p *Position) King(c Color) Square { return p.kings[c] }

// HalfMove returns the plies since the last capture.
func (p *Position) HalfMove() int { return p.halfMove }

// FullMove returns the full-move number.
func (p *Position) FullMove() int { return p.fullMove }

// Key returns the Zobrist key of the position (board and side to move).
func (p *Position) Key() uint64 { return p.key }

// Setup returns the position as a Setup.
func (p *Position) Setup() Setup {
	return Setup{Board: p.board, Side: p.side, HalfMove: p.halfMove, FullMove: p.fullMove}
}

// FEN returns the six-field FEN.
func (p *Position) FEN() string {
	var buf [128]byte
	return string(p.AppendFEN(buf[:0]))
}

// AppendFEN appends p.FEN() to dst.
func (p *Position) AppendFEN(dst []byte) []byte {
	return AppendFENCounters(appendPlacement(dst, &p.board), p.side, int(p.halfMove), int(p.fullMove))
}

// Placement returns the first FEN field.
func (p *Position) Placement() string { return placement(&p.board) }

// String returns the FEN.
func (p Position) String() string { return p.FEN() }

// kingsFacing reports whether the two kings stand on one file with nothing
// between them (flying general).
func (p *Position) kingsFacing() bool {
	rk, bk := p.kings[Red], p.kings[Black]
	if rk.File() != bk.File() {
		return false
	}
	for sq := rk + Files; sq < bk; sq += Files {
		if !p.board[sq].IsEmpty() {
			return false
		}
	}
	return true
}

// attacked reports whether sq is attacked by a piece of colour by. The
// enemy king counts as attacking along an open file (flying general), so
// attacked(king) is "in check or facing".
func (p *Position) attacked(sq Square, by Color) bool {
	if lineOrHorseAttack(&p.board, sq, by) {
		return true
	}
	pawn := MakePiece(by, Pawn)
	// A pawn of colour by attacks sq from the square behind it (from by's
	// view) and, once across the river, from the sides.
	f, r := sq.File(), sq.Rank()
	if by == Red {
		if r > 0 && p.board[sq-Files] == pawn {
			return true
		}
		if r >= 5 {
			if f > 0 && p.board[sq-1] == pawn {
				return true
			}
			if f < 8 && p.board[sq+1] == pawn {
				return true
			}
		}
	} else {
		if r < 9 && p.board[sq+Files] == pawn {
			return true
		}
		if r <= 4 {
			if f > 0 && p.board[sq-1] == pawn {
				return true
			}
			if f < 8 && p.board[sq+1] == pawn {
				return true
			}
		}
	}
	// Adjacent king (only possible for squares in by's palace), advisors
	// and elephants: needed for general squares, never for a king.
	if inPalace[by][sq] {
		for _, t := range kingSteps[by][sq] {
			if p.board[t] == MakePiece(by, King) {
				return true
			}
		}
		adv := MakePiece(by, Advisor)
		for _, t := range advisorSteps[by][sq] {
			if p.board[t] == adv {
				return true
			}
		}
	}
	if ownHalf(by, r) {
		el := MakePiece(by, Bishop)
		for _, st := range bishopSteps[by][sq] {
			if p.board[st.to] == el && p.board[st.leg].IsEmpty() {
				return true
			}
		}
	}
	return false
}

// lineOrHorseAttack reports whether, on board b, a rook, cannon (over one
// screen), the king along an open file, or a horse (leg free) of colour by
// attacks sq.
func lineOrHorseAttack(b *[Squares]Piece, sq Square, by Color) bool {
	for d := 0; d < 4; d++ {
		if rayAttack(b, sq, d, by) {
			return true
		}
	}
	knight := MakePiece(by, Knight)
	for _, st := range knightFrom[sq] {
		if b[st.to] == knight && b[st.leg] == NoPiece {
			return true
		}
	}
	return false
}

// rayAttack reports whether, on board b, a rook of colour by, or its king
// on a file (flying general), is the first piece from sq in direction d,
// or a cannon of colour by the second.
func rayAttack(b *[Squares]Piece, sq Square, d int, by Color) bool {
	rook, cannon, king := MakePiece(by, Rook), MakePiece(by, Cannon), MakePiece(by, King)
	ray := rays[sq][d]
	i := 0
	for ; i < len(ray); i++ {
		q := b[ray[i]]
		if q == NoPiece {
			continue
		}
		if q == rook || (q == king && d <= dirDown) {
			return true
		}
		break
	}
	for i++; i < len(ray); i++ {
		q := b[ray[i]]
		if q == NoPiece {
			continue
		}
		return q == cannon
	}
	return false
}

// newAttack reports whether, on board b, the king on k is attacked by
// colour by through a change at from (emptied) or to (occupied by the moved
// piece mover), given that it was not attacked before the change. Only the
// lines from k through from and to, a horse whose leg was from, and the
// moved piece itself (as a horse or pawn) can attack it now.
func newAttack(b *[Squares]Piece, k Square, from, to Square, mover Piece, by Color) bool {
	df, dt := lineDir[k][from], lineDir[k][to]
	if df >= 0 && rayAttack(b, k, int(df), by) {
		return true
	}
	if dt >= 0 && dt != df && rayAttack(b, k, int(dt), by) {
		return true
	}
	knight := MakePiece(by, Knight)
	if nearKing[k][from] || mover == knight {
		for _, st := range knightFrom[k] {
			if b[st.to] == knight && b[st.leg] == NoPiece && (st.leg == from || st.to == to) {
				return true
			}
		}
	}
	if mover == MakePiece(by, Pawn) && dt >= 0 && rays[k][dt][0] == to {
		return kingAttackedOn(b, k, by)
	}
	return false
}

// kingAttackedOn reports whether a king on sq of board b is attacked by
// colour by (in check, or facing the other king): only rooks, cannons,
// horses, pawns and the facing king can reach a palace.
func kingAttackedOn(b *[Squares]Piece, sq Square, by Color) bool {
	if lineOrHorseAttack(b, sq, by) {
		return true
	}
	pawn := MakePiece(by, Pawn)
	if by == Red {
		if sq >= Files && b[sq-Files] == pawn {
			return true
		}
	} else if sq < Squares-Files && b[sq+Files] == pawn {
		return true
	}
	f := sq.File()
	return (f > 0 && b[sq-1] == pawn) || (f < 8 && b[sq+1] == pawn)
}

// kingAttacked is attacked specialised for a king square: only rooks,
// cannons, horses, pawns and the facing king can reach a palace.
func (p *Position) kingAttacked(sq Square, by Color) bool {
	return kingAttackedOn(&p.board, sq, by)
}

// attackedAfter reports whether the mover's king would be attacked (or
// face the other king) after the pseudo-legal move m, without changing p:
// it reads the board as if m had been played. CheckMove uses it so that a
// Position shared between goroutines is never written.
func (p *Position) attackedAfter(m Move) bool {
	from, to := m.From(), m.To()
	b := p.board // a private copy of the 90 points
	mover := b[from]
	b[to], b[from] = mover, NoPiece
	sq := p.kings[p.side]
	if mover.Kind() == King {
		sq = to
	}
	return kingAttackedOn(&b, sq, p.side.Other())
}

// Attacked reports whether sq is attacked by a piece of colour by: a piece
// of that colour could move to sq if it were an enemy piece (ignoring
// whether that move would leave by's own king in check). The king counts
// as attacking along an open file.
func (p *Position) Attacked(sq Square, by Color) bool {
	if !sq.Valid() {
		return false
	}
	return p.attacked(sq, by)
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.kingAttacked(p.kings[p.side], p.side.Other())
}

// InCheckAfter returns InCheck() for p, reached by playing m (the last move
// made on it), faster when it may assume that before m the king of the
// side now to move was not attacked: attackedBefore false promises that,
// and it holds in any position reached by a legal move (a legal move never
// leaves the mover's king attacked). Then only the moved piece landing
// where it attacks the king (on its file or rank, or a horse's move away),
// or a move onto or off the king's lines or off a horse-leg square next to
// the king can have given check, and only the lines and horses those
// changes touch are looked at (see newAttack). A king move is no
// exception: a king attacks only the facing king, which a legal move never
// leaves, and moving it off a line or onto one (as a cannon's screen) is a
// change newAttack looks at.
func (p *Position) InCheckAfter(m Move, attackedBefore bool) bool {
	if attackedBefore {
		return p.InCheck()
	}
	from, to := m.From(), m.To()
	return newAttack(&p.board, p.kings[p.side], from, to, p.board[to], p.side.Other())
}

// MayGiveCheck reports whether the move m of the side to move may give
// check (or leave the kings facing): it is false only for moves that
// cannot, so a search for checks can skip making most moves. A move can
// check only from or through the other king's file or rank (a line
// attack, a discovered attack, a cannon screen placed or removed), off a
// horse-leg square next to that king, or by a horse landing a horse's move
// from it.
func (p *Position) MayGiveCheck(m Move) bool {
	k := p.kings[p.side.Other()]
	from, to := m.From(), m.To()
	return onLines(k, from) || onLines(k, to) || nearKing[k][from] ||
		(p.board[from].Kind() == Knight && within2(k, to))
}

// Pass returns p with the other side to move: a null move (nothing
// moves; the counters stay), as the repetition rules use to ask what a
// side threatens. ok is false when that is no position: the kings face
// each other (or a king is missing, which no legal play reaches).
func (p *Position) Pass() (q Position, ok bool) {
	q = *p
	q.side = q.side.Other()
	q.key ^= zobristSide
	for c := Red; c <= Black; c++ {
		if q.board[q.kings[c]] != MakePiece(c, King) {
			return Position{}, false
		}
	}
	if q.kingsFacing() {
		return Position{}, false
	}
	return q, true
}

// Undo holds what MakeMove needs to take a move back.
type Undo struct {
	Captured Piece
	key      uint64
	halfMove int32
	fullMove int32
}

// MakeMove plays m, which must be pseudo-legal for the side to move (use
// IsLegal or a generated move), and returns what UnmakeMove needs. It is
// the fast path used by replay and perft; Play is the checked one.
func (p *Position) MakeMove(m Move) Undo {
	from, to := m.From(), m.To()
	pc := p.board[from]
	capt := p.board[to]
	u := Undo{Captured: capt, key: p.key, halfMove: int32(p.halfMove), fullMove: int32(p.fullMove)}
	k := p.key ^ zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristSide
	if !capt.IsEmpty() {
		k ^= zobristPiece[capt][to]
		p.halfMove = 0
	} else {
		p.halfMove++
	}
	p.key = k
	p.board[to] = pc
	p.board[from] = NoPiece
	if pc.Kind() == King {
		p.kings[p.side] = to
	}
	if p.side == Black {
		p.fullMove++
	}
	p.side ^= 1
	return u
}

// UnmakeMove takes back m, played by MakeMove which returned u.
func (p *Position) UnmakeMove(m Move, u Undo) {
	from, to := m.From(), m.To()
	p.side ^= 1
	pc := p.board[to]
	p.board[from] = pc
	p.board[to] = u.Captured
	if pc.Kind() == King {
		p.kings[p.side] = from
	}
	p.key = u.key
	p.halfMove = int(u.halfMove)
	p.fullMove = int(u.fullMove)
}

// Errors of Play and IsLegal's reasons.
var (
	ErrIllegalMove   = errors.New("illegal move")
	ErrNoPiece       = errors.New("no piece on the origin square")
	ErrWrongSide     = errors.New("piece of the side not to move")
	ErrBadPath       = errors.New("the piece cannot move that way")
	ErrBlocked       = errors.New("blocked (horse leg, elephant eye, or a piece in the way)")
	ErrOwnPiece      = errors.New("destination holds an own piece")
	ErrSelfCheck     = errors.New("leaves the king in check")
	ErrFlyingGeneral = errors.New("leaves the kings facing (flying general)")
)

// MoveError reports why a move is illegal in a position. It unwraps to
// ErrIllegalMove and to the specific reason.
type MoveError struct {
	Move   Move
	Reason error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("board: illegal move %v: %v", e.Move, e.Reason)
}

// Unwrap returns both ErrIllegalMove and the reason.
func (e *MoveError) Unwrap() []error { return []error{ErrIllegalMove, e.Reason} }

// Play returns the position after m, or a *MoveError if m is not legal.
func (p Position) Play(m Move) (Position, error) {
	if err := p.CheckMove(m); err != nil {
		return p, err
	}
	p.MakeMove(m)
	return p, nil
}

// IsLegal reports whether m is a legal move for the side to move, without
// generating the move list.
func (p *Position) IsLegal(m Move) bool {
	return p.CheckMove(m) == nil
}

// CheckMove returns nil if m is legal, else a *MoveError naming the reason:
// no piece, wrong side, bad path, blocked, own piece, leaves the king in
// check, or leaves the kings facing.
func (p *Position) CheckMove(m Move) error {
	return p.checkMove(m, true)
}

// CheckMoveInCheck is CheckMove for a caller that already knows whether the
// side to move is in check: inCheck must be what InCheck returns (a replay
// knows it from the previous move's check flag). It returns exactly what
// CheckMove returns, but when the side is not in check it skips the king
// safety test for moves that cannot expose the king (see mayExpose).
func (p *Position) CheckMoveInCheck(m Move, inCheck bool) error {
	return p.checkMove(m, inCheck)
}

// mayExpose reports whether the move of pc from → to may leave the king of
// the side to move attacked when it is not attacked now. Only a king move,
// a move onto or off the king's file or rank (opening a line, or making or
// removing a cannon screen), or a move off a horse-leg square next to the
// king can change that: every other move leaves the lines to the king and
// the legs of the horses that could reach it as they were, and a capture
// only removes attackers.
func (p *Position) mayExpose(pc Piece, from, to Square) bool {
	k := p.kings[p.side]
	if pc.Kind() == King || nearKing[k][from] {
		return true
	}
	return onLines(k, from) || onLines(k, to)
}

// checkMove is CheckMove; mayBeInCheck false promises that the side to move
// is not in check.
func (p *Position) checkMove(m Move, mayBeInCheck bool) error {
	if !m.Valid() {
		return &MoveError{m, ErrBadPath}
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	if pc.IsEmpty() {
		return &MoveError{m, ErrNoPiece}
	}
	if pc.Color() != p.side {
		return &MoveError{m, ErrWrongSide}
	}
	if t := p.board[to]; !t.IsEmpty() && t.Color() == p.side {
		return &MoveError{m, ErrOwnPiece}
	}
	if err := p.pathError(pc, from, to); err != nil {
		return &MoveError{m, err}
	}
	if p.unsafeAfter(m, pc, mayBeInCheck) {
		q := *p
		q.MakeMove(m)
		if q.kingsFacing() {
			return &MoveError{m, ErrFlyingGeneral}
		}
		return &MoveError{m, ErrSelfCheck}
	}
	return nil
}

// unsafeAfter reports whether the pseudo-legal move m of pc leaves the
// mover's king attacked (attackedAfter). mayBeInCheck false promises that
// the king is not attacked now: then only the changes m makes are looked
// at (see mayExpose and newAttack), not every line to the king.
func (p *Position) unsafeAfter(m Move, pc Piece, mayBeInCheck bool) bool {
	if mayBeInCheck || pc.Kind() == King {
		return p.attackedAfter(m)
	}
	from, to := m.From(), m.To()
	if !p.mayExpose(pc, from, to) {
		return false
	}
	b := p.board // a private copy: p may be shared
	b[to], b[from] = pc, NoPiece
	return newAttack(&b, p.kings[p.side], from, to, pc, p.side.Other())
}

// pathError checks the geometry of a move of pc from → to (destination not
// own piece already checked): nil, ErrBadPath or ErrBlocked.
func (p *Position) pathError(pc Piece, from, to Square) error {
	c := pc.Color()
	switch pc.Kind() {
	case King:
		for _, t := range kingSteps[c][from] {
			if t == to {
				return nil
			}
		}
	case Advisor:
		for _, t := range advisorSteps[c][from] {
			if t == to {
				return nil
			}
		}
	case Bishop:
		for _, st := range bishopSteps[c][from] {
			if st.to == to {
				if !p.board[st.leg].IsEmpty() {
					return ErrBlocked
				}
				return nil
			}
		}
	case Knight:
		for _, st := range knightSteps[from] {
			if st.to == to {
				if !p.board[st.leg].IsEmpty() {
					return ErrBlocked
				}
				return nil
			}
		}
	case Pawn:
		for _, t := range pawnSteps[c][from] {
			if t == to {
				return nil
			}
		}
	case Rook, Cannon:
		if from.File() != to.File() && from.Rank() != to.Rank() {
			return ErrBadPath
		}
		between := 0
		step := Square(1)
		if from.File() == to.File() {
			step = Files
		}
		lo, hi := from, to
		if lo > hi {
			lo, hi = hi, lo
		}
		for s := lo + step; s < hi; s += step {
			if !p.board[s].IsEmpty() {
				between++
			}
		}
		if pc.Kind() == Rook {
			if between > 0 {
				return ErrBlocked
			}
			return nil
		}
		if p.board[to].IsEmpty() {
			if between > 0 {
				return ErrBlocked
			}
			return nil
		}
		if between != 1 {
			return ErrBlocked
		}
		return nil
	}
	return ErrBadPath
}
