package notation

import "github.com/xqtool/xqtool/board"

// ICCS is a move in coordinate notation: ICCS (H2-E2), UCCI (h2e2) or,
// read with ParseUCI, the 1..10-rank UCI form (h3e3).
type ICCS struct {
	From, To board.Square
}

// ParseICCS parses an ICCS or UCCI move: two squares, files A..I and ranks
// 0..9 from Red's side, in either case, with or without a hyphen (H2-E2,
// h2e2). Trailing annotations (!, ?, +, #) are ignored. It returns an
// *Error matching ErrSyntax if s is not such a move.
func ParseICCS(s string) (ICCS, error) {
	return parseCoord(s, 0)
}

// ParseUCI parses a move in the UCI form of Fairy-Stockfish and pychess,
// whose ranks run 1..10 (h3e3 is ICCS h2e2, i10h10 is i9h9). Use it only
// when the source is known to use that form: ParseICCS reads h3e3 as a
// different move.
func ParseUCI(s string) (ICCS, error) {
	return parseCoord(s, 1)
}

func parseCoord(s string, base int) (ICCS, error) {
	if c, ok := parseCoord4(s, base); ok {
		return c, nil
	}
	return parseCoordAny(s, base)
}

// parseCoord4 reads the usual spelling (h2e2, H2E2): two letters and two
// digits, at once. ok is false for anything else, which parseCoordAny
// reads: whatever parseCoord4 reads, parseCoordAny reads the same way.
func parseCoord4(s string, base int) (c ICCS, ok bool) {
	if len(s) != 4 {
		return ICCS{}, false
	}
	f1, d1, f2, d2 := s[0]|0x20-'a', s[1]-'0', s[2]|0x20-'a', s[3]-'0'
	r1, r2 := d1-byte(base), d2-byte(base) // rank 0 of base 1 wraps to 255
	if f1 >= board.Files || f2 >= board.Files || d1 > 9 || d2 > 9 || r1 >= board.Ranks || r2 >= board.Ranks {
		return ICCS{}, false
	}
	from, to := board.SquareAt(int(f1), int(r1)), board.SquareAt(int(f2), int(r2))
	return ICCS{From: from, To: to}, from != to
}

// parseCoordAny is parseCoord for any spelling: spaces, a hyphen, trailing
// annotations, ranks 1..10.
func parseCoordAny(s string, base int) (ICCS, error) {
	t := trimSpaceASCII(s)
	for len(t) > 0 && isAnnotation(rune(t[len(t)-1])) {
		t = t[:len(t)-1]
	}
	from, rest, ok := parseSquare(t, base)
	if !ok {
		return ICCS{}, syntaxError(s)
	}
	if len(rest) > 0 && rest[0] == '-' {
		rest = rest[1:]
	}
	to, rest, ok := parseSquare(rest, base)
	if !ok || rest != "" || from == to {
		return ICCS{}, syntaxError(s)
	}
	return ICCS{From: from, To: to}, nil
}

// parseSquare reads a square at the start of s with ranks counted from
// base (0 or 1).
func parseSquare(s string, base int) (board.Square, string, bool) {
	if len(s) < 2 {
		return board.NoSquare, s, false
	}
	f := s[0] | 0x20
	if f < 'a' || f > 'i' || s[1] < '0' || s[1] > '9' {
		return board.NoSquare, s, false
	}
	r, n := int(s[1]-'0'), 2
	if base == 1 && r == 1 && len(s) > 2 && s[2] == '0' {
		r, n = 10, 3
	}
	r -= base
	if r < 0 || r >= board.Ranks {
		return board.NoSquare, s, false
	}
	return board.SquareAt(int(f-'a'), r), s[n:], true
}

// Move returns the move from c.From to c.To, without checking it.
func (c ICCS) Move() board.Move {
	if !c.From.Valid() || !c.To.Valid() || c.From == c.To {
		return board.NoMove
	}
	return board.NewMove(c.From, c.To)
}

// String returns the UCCI spelling, e.g. "h2e2".
func (c ICCS) String() string { return FormatICCS(c.Move(), false) }

// Resolve returns the move if it is legal in p, else an *Error matching
// ErrIllegal whose reason is the board's (*board.MoveError).
func (c ICCS) Resolve(p *board.Position) (board.Move, error) {
	return c.resolve(p, true)
}

// resolve is Resolve; mayBeInCheck false promises that the side to move is
// not in check (see board.Position.CheckMoveInCheck).
func (c ICCS) resolve(p *board.Position, mayBeInCheck bool) (board.Move, error) {
	m := c.Move()
	if err := p.CheckMoveInCheck(m, mayBeInCheck); err != nil {
		return board.NoMove, illegalError(p, c.String(), err, []board.Move{m})
	}
	return m, nil
}

// FormatICCS returns m in ICCS spelling: "H2-E2" (uppercase with a hyphen)
// when hyphen is true, else the UCCI "h2e2". NoMove gives "0000".
func FormatICCS(m board.Move, hyphen bool) string {
	var buf [5]byte
	return string(AppendICCS(buf[:0], m, hyphen))
}

// AppendICCS appends FormatICCS(m, hyphen) to dst.
func AppendICCS(dst []byte, m board.Move, hyphen bool) []byte {
	if !m.Valid() {
		return append(dst, "0000"...)
	}
	f, t := m.From(), m.To()
	if !hyphen {
		return append(dst, byte('a'+f.File()), byte('0'+f.Rank()), byte('a'+t.File()), byte('0'+t.Rank()))
	}
	return append(dst, byte('A'+f.File()), byte('0'+f.Rank()), '-', byte('A'+t.File()), byte('0'+t.Rank()))
}
