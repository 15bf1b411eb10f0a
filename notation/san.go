package notation

import "github.com/xqtool/xqtool/board"

// SAN is a move in the algebraic notation of XBoard / WinBoard xiangqi PGN
// (FORMATS 2.7.4): an optional piece letter (K A E H R C; B and N are
// accepted, a pawn has none), optional origin file and rank for
// disambiguation, an optional x, and the destination square with ranks
// 0..9: Cbe2, Hg7, c4, Rb0, Ege7, Chf2, Afe8.
type SAN struct {
	Piece    board.Kind // Pawn when no letter is written
	FromFile int        // 0..8, or -1 when not written
	FromRank int        // 0..9, or -1 when not written
	To       board.Square
	Capture  bool
}

// ParseSAN parses an XBoard SAN move. Trailing annotations (+, #, !, ?)
// are ignored. It returns an *Error matching ErrSyntax if s is not such a
// move.
func ParseSAN(s string) (SAN, error) {
	t := trimSpaceASCII(s)
	for len(t) > 0 && isAnnotation(rune(t[len(t)-1])) {
		t = t[:len(t)-1]
	}
	m := SAN{Piece: board.Pawn, FromFile: -1, FromRank: -1}
	if len(t) > 0 && t[0] >= 'A' && t[0] <= 'Z' {
		bits := wxfKind(t[0])
		if bits == 0 || bits&(bits-1) != 0 {
			return SAN{}, syntaxError(s)
		}
		m.Piece = firstKind(bits)
		t = t[1:]
	}
	if len(t) < 2 {
		return SAN{}, syntaxError(s)
	}
	to, rest, ok := parseSquare(t[len(t)-2:], 0)
	if !ok || rest != "" {
		return SAN{}, syntaxError(s)
	}
	m.To = to
	d := t[:len(t)-2]
	if len(d) > 0 && (d[len(d)-1] == 'x' || d[len(d)-1] == ':') {
		m.Capture = true
		d = d[:len(d)-1]
	}
	if len(d) > 0 && d[0] >= 'a' && d[0] <= 'i' {
		m.FromFile = int(d[0] - 'a')
		d = d[1:]
	}
	if len(d) > 0 && d[0] >= '0' && d[0] <= '9' {
		m.FromRank = int(d[0] - '0')
		d = d[1:]
	}
	if d != "" {
		return SAN{}, syntaxError(s)
	}
	return m, nil
}

// Resolve returns the legal move of p that m describes, or an *Error
// matching ErrIllegal or ErrAmbiguous.
func (m SAN) Resolve(p *board.Position) (board.Move, error) {
	var buf [board.MaxMoves]board.Move
	return m.resolve(p, p.AppendLegalMoves(buf[:0]), "")
}

func (m SAN) resolve(p *board.Position, moves []board.Move, text string) (board.Move, error) {
	var cands [board.MaxMoves]board.Move
	n := 0
	for _, mv := range moves {
		from := mv.From()
		if mv.To() != m.To || p.Piece(from).Kind() != m.Piece ||
			m.FromFile >= 0 && from.File() != m.FromFile ||
			m.FromRank >= 0 && from.Rank() != m.FromRank {
			continue
		}
		cands[n] = mv
		n++
	}
	switch n {
	case 1:
		return cands[0], nil
	case 0:
		if text == "" {
			text = m.String()
		}
		var reason error = board.ErrNoPiece
		var shaped []board.Move
		ownReason := false
		for sq := board.Square(0); sq < board.Squares; sq++ {
			pc := p.Piece(sq)
			if pc.Kind() != m.Piece || m.FromFile >= 0 && sq.File() != m.FromFile ||
				m.FromRank >= 0 && sq.Rank() != m.FromRank || sq == m.To {
				continue
			}
			mv := board.NewMove(sq, m.To)
			if err := p.CheckMove(mv); err != nil {
				if own := pc.Color() == p.Side(); len(shaped) == 0 || own && !ownReason {
					reason, ownReason = err, own
				}
				shaped = append(shaped, mv)
			}
		}
		return board.NoMove, illegalError(p, text, reason, shaped)
	}
	if text == "" {
		text = m.String()
	}
	return board.NoMove, ambiguousError(p, text, cands[:n])
}

// String returns m in SAN spelling.
func (m SAN) String() string {
	var b []byte
	if m.Piece != board.Pawn {
		b = append(b, wxfLetters[m.Piece&7])
	}
	if m.FromFile >= 0 && m.FromFile < board.Files {
		b = append(b, byte('a'+m.FromFile))
	}
	if m.FromRank >= 0 && m.FromRank < board.Ranks {
		b = append(b, byte('0'+m.FromRank))
	}
	if m.Capture {
		b = append(b, 'x')
	}
	return string(append(b, m.To.String()...))
}
