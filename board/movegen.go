package board

// MaxMoves bounds the number of legal moves in any xiangqi position (the
// known maximum is well below it), so a [MaxMoves]Move buffer never grows.
const MaxMoves = 128

// genPseudo appends the pseudo-legal moves of the side to move: moves that
// follow the pieces' rules but may leave the own king attacked or the kings
// facing.
func (p *Position) genPseudo(buf []Move) []Move {
	return p.genPseudoOf(buf, AllKinds)
}

// KindSet is a set of piece kinds: bit k for Kind k.
type KindSet uint8

// AllKinds holds every kind.
const AllKinds KindSet = 1<<King | 1<<Advisor | 1<<Bishop | 1<<Knight | 1<<Rook | 1<<Cannon | 1<<Pawn

// KindSetOf returns the set of the given kinds.
func KindSetOf(kinds ...Kind) KindSet {
	var s KindSet
	for _, k := range kinds {
		s |= 1 << k
	}
	return s
}

// genPseudoOf is genPseudo restricted to pieces whose kind is in kinds.
func (p *Position) genPseudoOf(buf []Move, kinds KindSet) []Move {
	us := p.side
	for from := Square(0); from < Squares; from++ {
		pc := p.board[from]
		if pc.IsEmpty() || pc.Color() != us || kinds&(1<<pc.Kind()) == 0 {
			continue
		}
		buf = p.genPiece(buf, from, pc)
	}
	return buf
}

// genPiece appends the pseudo-legal moves of the piece pc (of the side to
// move) on from.
func (p *Position) genPiece(buf []Move, from Square, pc Piece) []Move {
	us := p.side
	switch pc.Kind() {
	case Rook:
		for d := 0; d < 4; d++ {
			for _, to := range rays[from][d] {
				t := p.board[to]
				if t.IsEmpty() {
					buf = append(buf, NewMove(from, to))
					continue
				}
				if t.Color() != us {
					buf = append(buf, NewMove(from, to))
				}
				break
			}
		}
	case Cannon:
		for d := 0; d < 4; d++ {
			ray := rays[from][d]
			i := 0
			for ; i < len(ray); i++ {
				if !p.board[ray[i]].IsEmpty() {
					break
				}
				buf = append(buf, NewMove(from, ray[i]))
			}
			for i++; i < len(ray); i++ {
				t := p.board[ray[i]]
				if t.IsEmpty() {
					continue
				}
				if t.Color() != us {
					buf = append(buf, NewMove(from, ray[i]))
				}
				break
			}
		}
	case Knight:
		for _, st := range knightSteps[from] {
			if !p.board[st.leg].IsEmpty() {
				continue
			}
			if t := p.board[st.to]; t.IsEmpty() || t.Color() != us {
				buf = append(buf, NewMove(from, st.to))
			}
		}
	case Bishop:
		for _, st := range bishopSteps[us][from] {
			if !p.board[st.leg].IsEmpty() {
				continue
			}
			if t := p.board[st.to]; t.IsEmpty() || t.Color() != us {
				buf = append(buf, NewMove(from, st.to))
			}
		}
	case Advisor:
		for _, to := range advisorSteps[us][from] {
			if t := p.board[to]; t.IsEmpty() || t.Color() != us {
				buf = append(buf, NewMove(from, to))
			}
		}
	case King:
		for _, to := range kingSteps[us][from] {
			if t := p.board[to]; t.IsEmpty() || t.Color() != us {
				buf = append(buf, NewMove(from, to))
			}
		}
	case Pawn:
		for _, to := range pawnSteps[us][from] {
			if t := p.board[to]; t.IsEmpty() || t.Color() != us {
				buf = append(buf, NewMove(from, to))
			}
		}
	}
	return buf
}

// safeAfter reports whether the pseudo-legal move m leaves the mover's king
// safe (not attacked, kings not facing). It makes and unmakes m on p.
func (p *Position) safeAfter(m Move) bool {
	us := p.side
	from, to := m.From(), m.To()
	pc, capt := p.board[from], p.board[to]
	p.board[to], p.board[from] = pc, NoPiece
	k := p.kings[us]
	if pc.Kind() == King {
		k = to
	}
	ok := !p.kingAttacked(k, us.Other())
	p.board[from], p.board[to] = pc, capt
	return ok
}

// exposure describes, for the side to move when it is not in check, which
// non-king moves could expose its king. Along each of the four lines from
// the king, if an enemy rook, cannon or (on the file) king stands among the
// first three pieces, the squares between the king and that piece are
// sensitive: moving a piece off one, or onto one, may open the line or make
// a cannon screen. Moving off a horse-leg square matters when an enemy horse
// is a horse's move from the king. Every other non-king move is safe.
type exposure struct {
	king  Square
	lines sqSet
	horse bool
}

// sqSet is a set of squares as a 90-bit mask.
type sqSet [2]uint64

func (s *sqSet) add(sq Square)      { s[sq>>6] |= 1 << (uint(sq) & 63) }
func (s *sqSet) has(sq Square) bool { return s[sq>>6]&(1<<(uint(sq)&63)) != 0 }

func (p *Position) exposure(k Square) exposure {
	them := p.side.Other()
	e := exposure{king: k}
	rook, cannon, king := MakePiece(them, Rook), MakePiece(them, Cannon), MakePiece(them, King)
	for d := 0; d < 4; d++ {
		ray := rays[k][d]
		seen, marked := 0, 0
		for i, sq := range ray {
			q := p.board[sq]
			if q == NoPiece {
				continue
			}
			if q == rook || q == cannon || (q == king && d <= dirDown) {
				for _, t := range ray[marked:i] {
					e.lines.add(t)
				}
				marked = i
			}
			if seen++; seen == 3 {
				break
			}
		}
	}
	knight := MakePiece(them, Knight)
	for _, st := range knightFrom[k] {
		if p.board[st.to] == knight {
			e.horse = true
			break
		}
	}
	return e
}

// needsCheck reports whether the non-king move from → to may expose the
// king (see exposure).
func (e *exposure) needsCheck(from, to Square) bool {
	return e.lines.has(from) || e.lines.has(to) || (e.horse && nearKing[e.king][from])
}

// mayEndCheck reports whether the move m may leave the king on k, now in
// check, no longer attacked: it must move the king, or change a point of
// the king's file or rank (take or block a rook, cannon or pawn there,
// move or add a cannon screen, block the facing king), or land next to
// the king or a horse's move from it (take a checking horse, block its
// leg). Any other move leaves every check as it was.
func mayEndCheck(k Square, m Move) bool {
	from, to := m.From(), m.To()
	return from == k || onLines(k, from) || onLines(k, to) || within2(k, to)
}

// onLines reports whether sq is on the file or rank of k.
func onLines(k, sq Square) bool { return sq.File() == k.File() || sq.Rank() == k.Rank() }

// within2 reports whether sq is at most two files and two ranks from k
// (every point next to k, and every point a horse's move away).
func within2(k, sq Square) bool {
	df, dr := sq.File()-k.File(), sq.Rank()-k.Rank()
	return df >= -2 && df <= 2 && dr >= -2 && dr <= 2
}

// filterLegal keeps the legal moves of moves (pseudo-legal for p).
func (p *Position) filterLegal(moves []Move) []Move {
	k := p.kings[p.side]
	out := moves[:0]
	if p.kingAttacked(k, p.side.Other()) {
		for _, m := range moves {
			if mayEndCheck(k, m) && p.safeAfter(m) {
				out = append(out, m)
			}
		}
		return out
	}
	e := p.exposure(k)
	for _, m := range moves {
		from := m.From()
		if from != k && !e.needsCheck(from, m.To()) {
			out = append(out, m)
			continue
		}
		if p.safeAfter(m) {
			out = append(out, m)
		}
	}
	return out
}

// AppendLegalMoves appends the legal moves of the side to move to buf and
// returns it. With a buffer of capacity MaxMoves it does not allocate.
func (p Position) AppendLegalMoves(buf []Move) []Move {
	n := len(buf)
	buf = p.genPseudo(buf)
	legal := p.filterLegal(buf[n:])
	return buf[:n+len(legal)]
}

// AppendLegalMovesOf is AppendLegalMoves restricted to moves of pieces
// whose kind is in kinds (notation readers use it to resolve a move text
// that names its piece without generating every move).
func (p Position) AppendLegalMovesOf(buf []Move, kinds KindSet) []Move {
	n := len(buf)
	buf = p.genPseudoOf(buf, kinds)
	legal := p.filterLegal(buf[n:])
	return buf[:n+len(legal)]
}

// AppendCheckCandidates appends the pseudo-legal moves of the side to move
// that may give check (those MayGiveCheck accepts), without generating the
// others: every move of a piece on the other king's file or rank or on a
// horse-leg square next to it; of a rook or cannon elsewhere, only the
// moves to the two points where its file and rank cross the king's; of
// any other piece, its few moves that MayGiveCheck accepts. The moves come
// by origin square. A mate search by checks plays only these.
func (p *Position) AppendCheckCandidates(buf []Move) []Move {
	us := p.side
	k := p.kings[us.Other()]
	for from := Square(0); from < Squares; from++ {
		pc := p.board[from]
		if pc.IsEmpty() || pc.Color() != us {
			continue
		}
		if onLines(k, from) || nearKing[k][from] {
			buf = p.genPiece(buf, from, pc)
			continue
		}
		switch pc.Kind() {
		case Rook, Cannon:
			for _, to := range [2]Square{SquareAt(k.File(), from.Rank()), SquareAt(from.File(), k.Rank())} {
				if t := p.board[to]; (t.IsEmpty() || t.Color() != us) && p.pathError(pc, from, to) == nil {
					buf = append(buf, NewMove(from, to))
				}
			}
		default:
			n := len(buf)
			buf = p.genPiece(buf, from, pc)
			out := buf[:n]
			for _, m := range buf[n:] {
				if p.MayGiveCheck(m) {
					out = append(out, m)
				}
			}
			buf = out
		}
	}
	return buf
}

// AppendLegalCaptures appends the legal captures of the side to move to
// buf, in the order of AppendLegalMoves: only captures are tested for
// legality.
func (p Position) AppendLegalCaptures(buf []Move) []Move {
	return p.appendLegalWhere(buf, func(m Move) bool { return !p.board[m.To()].IsEmpty() })
}

// AppendLegalMovesTo appends the legal moves of the side to move that
// land on to, in the order of AppendLegalMoves.
func (p Position) AppendLegalMovesTo(buf []Move, to Square) []Move {
	return p.appendLegalWhere(buf, func(m Move) bool { return m.To() == to })
}

// appendLegalWhere appends the legal moves m with keep(m), in the order
// of AppendLegalMoves; only those are tested for legality.
func (p *Position) appendLegalWhere(buf []Move, keep func(Move) bool) []Move {
	n := len(buf)
	buf = p.genPseudo(buf)
	kept := buf[n:n]
	for _, m := range buf[n:] {
		if keep(m) {
			kept = append(kept, m)
		}
	}
	legal := p.filterLegal(kept)
	return buf[:n+len(legal)]
}

// LegalMoves returns the legal moves of the side to move in a fixed order
// (by origin square, then by piece pattern).
func (p Position) LegalMoves() []Move {
	var buf [MaxMoves]Move
	return append([]Move(nil), p.AppendLegalMoves(buf[:0])...)
}

// HasLegalMove reports whether the side to move has any legal move.
//
// It generates the moves one piece at a time and stops at the first legal
// one, so a position that is not the end costs a fraction of a full
// generation.
func (p Position) HasLegalMove() bool {
	var buf [MaxMoves]Move
	k := p.kings[p.side]
	inCheck := p.kingAttacked(k, p.side.Other())
	var e exposure
	if !inCheck {
		e = p.exposure(k)
	}
	us := p.side
	for from := Square(0); from < Squares; from++ {
		pc := p.board[from]
		if pc.IsEmpty() || pc.Color() != us {
			continue
		}
		for _, m := range p.genPiece(buf[:0], from, pc) {
			if !inCheck && from != k && !e.needsCheck(from, m.To()) {
				return true
			}
			if inCheck && !mayEndCheck(k, m) {
				continue
			}
			if p.safeAfter(m) {
				return true
			}
		}
	}
	return false
}

// Outcome describes how a position ends the game, if it does.
type Outcome uint8

// Outcomes of a position. In xiangqi both checkmate and stalemate (困毙)
// lose for the side to move.
const (
	Ongoing   Outcome = iota
	Checkmate         // side to move is in check with no legal move: it loses
	Stalemate         // side to move is not in check but has no legal move: it loses
)

// String returns "ongoing", "checkmate" or "stalemate".
func (o Outcome) String() string {
	switch o {
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	}
	return "ongoing"
}

// Outcome returns Checkmate or Stalemate when the side to move has no legal
// move (it loses either way), else Ongoing.
func (p Position) Outcome() Outcome {
	if p.HasLegalMove() {
		return Ongoing
	}
	if p.InCheck() {
		return Checkmate
	}
	return Stalemate
}

// Perft counts the leaf nodes of the legal move tree of the given depth
// (bulk counting at the last ply).
func (p Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return p.perft(depth)
}

func (p *Position) perft(depth int) uint64 {
	var buf [MaxMoves]Move
	moves := p.filterLegal(p.genPseudo(buf[:0]))
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		u := p.MakeMove(m)
		n += p.perft(depth - 1)
		p.UnmakeMove(m, u)
	}
	return n
}

// DivideEntry is one root move of a perft divide and its node count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal root move, the perft count of depth-1
// below it (depth ≥ 1).
func (p Position) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	for _, m := range p.LegalMoves() {
		u := p.MakeMove(m)
		n := uint64(1)
		if depth > 1 {
			n = p.perft(depth - 1)
		}
		p.UnmakeMove(m, u)
		out = append(out, DivideEntry{m, n})
	}
	return out
}

// AppendPseudoMovesFrom appends the pseudo-legal moves of the piece on
// from (none if it is empty or not of the side to move): moves that follow
// the piece's rules — leg, eye, screen, palace, river — but may leave the
// own king attacked or the kings facing. Check one with CheckMove before
// playing it.
func (p *Position) AppendPseudoMovesFrom(buf []Move, from Square) []Move {
	if !from.Valid() {
		return buf
	}
	pc := p.board[from]
	if pc.IsEmpty() || pc.Color() != p.side {
		return buf
	}
	return p.genPiece(buf, from, pc)
}
