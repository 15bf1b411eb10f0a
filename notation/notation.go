package notation

import (
	"strings"

	"github.com/xqtool/xqtool/board"
)

// Notation names a move notation: of a record (parse.Record.Notation), of
// ResolveText, and of written PGN (the command line's --notation). It is
// the module's one notation type.
type Notation string

// The notations. NotationAuto detects the notation of each token.
const (
	NotationAuto    Notation = ""
	NotationChinese Notation = "chinese" // 炮二平五
	NotationWXF     Notation = "wxf"     // C2.5
	NotationICCS    Notation = "iccs"    // H2-E2 / h2e2 (ranks 0..9)
	NotationUCI     Notation = "uci"     // h3e3 (ranks 1..10, Fairy-Stockfish)
	NotationSAN     Notation = "san"     // XBoard SAN (Cbe2)
	// NotationCoords is the notation of binary records, whose moves are
	// coordinates (board.Move) rather than text; ResolveText reads text
	// in it as NotationAuto.
	NotationCoords Notation = "coords"
)

// Detect guesses the notation of one move token: Chinese if it holds a
// CJK character (or a full-width digit), ICCS if it has the shape
// [A-Ia-i][0-9]-?[A-Ia-i][0-9], else WXF. It never returns NotationUCI
// (h3e3 reads as ICCS) or NotationSAN (ResolveText with NotationAuto falls
// back to SAN when WXF does not parse).
func Detect(text string) Notation {
	for _, r := range text {
		if r >= 0x2e80 {
			return NotationChinese
		}
	}
	t := trimSpaceASCII(text)
	for len(t) > 0 && isAnnotation(rune(t[len(t)-1])) {
		t = t[:len(t)-1]
	}
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	if len(t) == 4 && isFileLetter(t[0]) && isDigit09(t[1]) && isFileLetter(t[2]) && isDigit09(t[3]) {
		return NotationICCS
	}
	return NotationWXF
}

func isFileLetter(c byte) bool { c |= 0x20; return c >= 'a' && c <= 'i' }
func isDigit09(c byte) bool    { return c >= '0' && c <= '9' }

// ResolveText reads text in notation n (NotationAuto: detected per Detect)
// and resolves it against p. Errors are *Error values whose Text is text.
// Full-width letters, digits and signs in a token without Chinese
// characters (Ｃ２＝５, as some web exports write WXF) are read as ASCII.
//
// Only the legal moves of the piece kinds the text can name are generated,
// so resolving costs a fraction of a full move generation.
func ResolveText(p *board.Position, text string, n Notation) (board.Move, error) {
	return resolveText(p, text, n, true, false)
}

// ResolveTextInCheck is ResolveText for a caller that already knows whether
// the side to move is in check: inCheck must be what p.InCheck() returns (a
// replay knows it from the previous move's check flag). The result is
// exactly ResolveText's; knowing that the side is not in check lets the
// board skip the king safety test of moves that cannot expose the king.
func ResolveTextInCheck(p *board.Position, text string, n Notation, inCheck bool) (board.Move, error) {
	return resolveText(p, text, n, inCheck, false)
}

// Try is ResolveText for a caller that only needs the move: ok is false
// where ResolveText returns an error, and no error is built. Explaining a
// failure (the reason, the position's FEN) costs more than resolving, so a
// search that tries many texts, most of which name no legal move, calls
// Try. It returns the same move as ResolveText whenever ok is true.
func Try(p *board.Position, text string, n Notation) (m board.Move, ok bool) {
	m, err := resolveText(p, text, n, true, true)
	return m, err == nil
}

// resolveText is ResolveText; mayBeInCheck false promises that the side to
// move is not in check (see board.Position.CheckMoveInCheck). quiet builds
// no explanation of a failure: the error is then errQuiet (Try).
func resolveText(p *board.Position, text string, n Notation, mayBeInCheck, quiet bool) (board.Move, error) {
	if n == NotationICCS || n == NotationUCI {
		// The usual spelling (h2e2) is read at once; it holds nothing
		// to fold.
		if c, ok := parseCoord4(text, coordBase(n)); ok {
			return resolveParsedCoord(p, c, text, mayBeInCheck, quiet)
		}
	}
	// Chinese text has its own full-width digits (炮８平５) and is never
	// folded: skip the scan for it.
	if n != NotationChinese {
		if folded, ok := foldFullWidth(text); ok {
			m, err := resolveText(p, folded, n, mayBeInCheck, quiet)
			return m, withTextOverride(err, text)
		}
	}
	if n == NotationAuto || n == NotationCoords {
		n = Detect(text)
		if n == NotationWXF {
			if _, err := ParseWXF(text); err != nil {
				if _, err := ParseSAN(text); err == nil {
					n = NotationSAN
				}
			}
		}
	}
	// buf is declared where the list is built: zeroing it costs more
	// than a move resolved on a fast path.
	switch n {
	case NotationChinese:
		v, err := chineseVline(text)
		if err != nil {
			return board.NoMove, err
		}
		if m, ok := v.fastPlain(p, mayBeInCheck); ok {
			return m, nil
		}
		v.quiet = quiet
		var buf [board.MaxMoves]board.Move
		m, _, err := v.resolve(p, p.AppendLegalMovesOf(buf[:0], board.KindSet(v.kinds)), text)
		return m, err
	case NotationWXF:
		w, err := ParseWXF(text)
		if err != nil {
			return board.NoMove, err
		}
		v := w.vline()
		if !w.hasAlt && !w.noSign {
			if m, ok := v.fastPlain(p, mayBeInCheck); ok {
				return m, nil
			}
		}
		kinds := v.kinds
		if w.hasAlt {
			kinds |= w.alt.kinds
		}
		w.quiet, w.alt.quiet = quiet, quiet
		var buf [board.MaxMoves]board.Move
		m, _, err := w.resolve(p, p.AppendLegalMovesOf(buf[:0], board.KindSet(kinds)), text)
		return m, err
	case NotationSAN:
		var buf [board.MaxMoves]board.Move
		return resolveWith(p, p.AppendLegalMoves(buf[:0]), text, n)
	case NotationICCS, NotationUCI:
		return resolveCoord(p, text, n, mayBeInCheck, quiet)
	}
	return resolveWith(p, nil, text, n)
}

// fastPlain resolves the plain form (piece and origin file, no qualifier)
// when exactly one piece of that kind of the side to move stands on that
// file: then only that piece's moves can match. ok is false when the fast path does not apply or
// finds no unique move; the caller then takes the general path (which also
// explains failures).
//
// mayBeInCheck false promises that the side to move is not in check (see
// board.Position.CheckMoveInCheck).
func (v *vline) fastPlain(p *board.Position, mayBeInCheck bool) (board.Move, bool) {
	if v.qual != NoQualifier || v.file < 1 || v.file > 9 || v.kinds == 0 || v.kinds&(v.kinds-1) != 0 {
		return board.NoMove, false
	}
	var kind board.Kind
	for kind = board.King; kind <= board.Pawn && kindBit(kind) != v.kinds; kind++ {
	}
	side := p.Side()
	want := board.MakePiece(side, kind)
	x := fileX(side, int(v.file))
	if x < 0 || x >= board.Files {
		return board.NoMove, false
	}
	from := board.NoSquare
	for r := 0; r < board.Ranks; r++ {
		if sq := board.SquareAt(x, r); p.Piece(sq) == want {
			if from != board.NoSquare {
				return board.NoMove, false // two on the file: qualifier rules apply
			}
			from = sq
		}
	}
	if from == board.NoSquare {
		return board.NoMove, false
	}
	// The direction and number fix the destination: of the piece's
	// moves, at most one fits the text (destOK), and it is the shaped
	// move. Only that one is checked (CheckMove also checks the piece's
	// path), without generating the others.
	m, ok := v.shapedMove(side, kind, from)
	if !ok || p.CheckMoveInCheck(m, mayBeInCheck) != nil {
		return board.NoMove, false
	}
	return m, true
}

// foldFullWidth maps the full-width forms U+FF01..U+FF5E of a token that
// holds no CJK ideograph to ASCII. ok is false (and s unchanged) when there
// is nothing to fold.
func foldFullWidth(s string) (string, bool) {
	if strings.IndexByte(s, 0xEF) < 0 {
		return s, false
	}
	found := false
	for _, r := range s {
		switch {
		case r >= 0x4E00 && r <= 0x9FFF, r >= 0x3400 && r <= 0x4DBF:
			return s, false
		case r >= 0xFF01 && r <= 0xFF5E:
			found = true
		}
	}
	if !found {
		return s, false
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r >= 0xFF01 && r <= 0xFF5E {
			r -= 0xFF01 - 0x21
		}
		b.WriteRune(r)
	}
	return b.String(), true
}

// resolveWith is ResolveText with the legal moves of p already generated
// (NotationAuto already replaced).
func resolveWith(p *board.Position, moves []board.Move, text string, n Notation) (board.Move, error) {
	switch n {
	case NotationChinese:
		v, err := chineseVline(text)
		if err != nil {
			return board.NoMove, err
		}
		m, _, err := v.resolve(p, moves, text)
		return m, err
	case NotationWXF:
		w, err := ParseWXF(text)
		if err != nil {
			return board.NoMove, err
		}
		m, _, err := w.resolve(p, moves, text)
		return m, err
	case NotationICCS, NotationUCI:
		return resolveCoord(p, text, n, true, false)
	case NotationSAN:
		s, err := ParseSAN(text)
		if err != nil {
			return board.NoMove, err
		}
		return s.resolve(p, moves, text)
	}
	return board.NoMove, &Error{Text: text, Err: ErrSyntax, Reason: errUnknownNotation(n)}
}

// resolveCoord resolves text in NotationICCS or NotationUCI; mayBeInCheck
// false promises that the side to move is not in check.
func resolveCoord(p *board.Position, text string, n Notation, mayBeInCheck, quiet bool) (board.Move, error) {
	parse := ParseICCS
	if n == NotationUCI {
		parse = ParseUCI
	}
	c, err := parse(text)
	if err != nil {
		return board.NoMove, err
	}
	return resolveParsedCoord(p, c, text, mayBeInCheck, quiet)
}

// coordBase returns the first rank of coordinate notation n: 1 for
// NotationUCI, else 0.
func coordBase(n Notation) int {
	if n == NotationUCI {
		return 1
	}
	return 0
}

// resolveParsedCoord is resolveCoord for the coordinates c read from text.
func resolveParsedCoord(p *board.Position, c ICCS, text string, mayBeInCheck, quiet bool) (board.Move, error) {
	if quiet {
		if p.CheckMoveInCheck(c.Move(), mayBeInCheck) != nil {
			return board.NoMove, errQuiet
		}
		return c.Move(), nil
	}
	m, err := c.resolve(p, mayBeInCheck)
	return m, withTextOverride(err, text)
}

func withTextOverride(err error, text string) error {
	if e, ok := err.(*Error); ok {
		e.Text = text
	}
	return err
}

type errUnknownNotation Notation

func (e errUnknownNotation) Error() string {
	return "unknown notation " + string(e)
}

// Format writes m, a legal move of p, in notation n with the default style:
// the xqbase Chinese standard, official WXF, lowercase UCCI for ICCS (and
// NotationAuto), the 1..10-rank form for NotationUCI, and SAN with the
// least disambiguation needed.
func Format(p *board.Position, m board.Move, n Notation) string {
	switch n {
	case NotationChinese:
		return FormatChinese(p, m, ChineseStyle{})
	case NotationWXF:
		return FormatWXF(p, m)
	case NotationUCI:
		return FormatUCI(m)
	case NotationSAN:
		return FormatSAN(p, m)
	}
	return FormatICCS(m, false)
}

// FormatUCI returns m with ranks 1..10 (ICCS h2e2 is h3e3).
func FormatUCI(m board.Move) string {
	if !m.Valid() {
		return "0000"
	}
	var b [6]byte
	out := b[:0]
	for _, sq := range [2]board.Square{m.From(), m.To()} {
		out = append(out, byte('a'+sq.File()))
		if r := sq.Rank() + 1; r == 10 {
			out = append(out, '1', '0')
		} else {
			out = append(out, byte('0'+r))
		}
	}
	return string(out)
}

// FormatSAN returns m, a legal move of p, in XBoard SAN with the least
// disambiguation needed (file, then rank, then both).
func FormatSAN(p *board.Position, m board.Move) string {
	pc := p.Piece(m.From())
	if pc.IsEmpty() || !m.Valid() {
		return m.String()
	}
	s := SAN{Piece: pc.Kind(), FromFile: -1, FromRank: -1, To: m.To(), Capture: !p.Piece(m.To()).IsEmpty()}
	var buf [board.MaxMoves]board.Move
	moves := p.AppendLegalMoves(buf[:0])
	sameFile, sameRank, others := false, false, false
	for _, o := range moves {
		if o == m || o.To() != m.To() || p.Piece(o.From()) != pc {
			continue
		}
		others = true
		sameFile = sameFile || o.From().File() == m.From().File()
		sameRank = sameRank || o.From().Rank() == m.From().Rank()
	}
	switch {
	case !others:
	case !sameFile:
		s.FromFile = m.From().File()
	case !sameRank:
		s.FromRank = m.From().Rank()
	default:
		s.FromFile, s.FromRank = m.From().File(), m.From().Rank()
	}
	return s.String()
}
