// Package replay plays the moves of a parsed record on the legal-move core.
//
// Replay resolves each move of the main line (text through package
// notation, coordinates directly) against the current position and plays
// it. The result is the valid prefix — per ply the move, whether it
// captures or gives check, and the position key — plus the first failure
// with its ply, move number, side, text and position. Replay never
// "resynchronises": after a failure nothing more of that line is played,
// so a later move is never attached to a wrong position. Variations are
// replayed from their own branch points and their first failures reported
// separately.
package replay

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
)

// Ply is one replayed move of the main line; its record node is the
// Game's Line at the same index.
//
// A Ply takes 16 bytes and holds no pointer (one is kept per replayed
// move, and a pointer-free slice is neither zeroed twice nor scanned by
// the garbage collector).
type Ply struct {
	Key     uint64 // Zobrist key of the position after the move
	Move    board.Move
	Capture board.Piece // piece captured, or board.NoPiece
	Check   bool        // the move gives check
}

// Failure is the first move of a line that could not be played.
type Failure struct {
	Ply        int         // 1-based ply from the start position
	MoveNumber int         // full-move number (from the start FEN's counter)
	Side       board.Color // side to move
	Text       string      // the move as written (ICCS for coordinate records)
	FEN        string      // position before the move
	Node       *parse.Node
	Terminal   board.Outcome // outcome of the position before the move (moves after the end)
	Variation  bool          // the failure is in a variation
	Err        error         // notation.ErrSyntax / ErrIllegal / ErrAmbiguous, or *board.MoveError
}

func (f *Failure) Error() string {
	side := "red"
	if f.Side == board.Black {
		side = "black"
	}
	return fmt.Sprintf("ply %d (move %d, %s) %q: %v", f.Ply, f.MoveNumber, side, f.Text, f.Err)
}

func (f *Failure) Unwrap() error { return f.Err }

// Game is the outcome of replaying one record.
type Game struct {
	// Start is the start position. When StartErr is a *board.PositionError
	// the position was still built with relaxed placement rules (the
	// kings are always checked) so the moves could be tried; a missing
	// king whose home square is empty is put there (StartErr says so).
	Start    board.Position
	StartErr error
	// FENNote explains a FEN that was repaired to be read (a side field
	// that was not understood, for example); "" when none was.
	FENNote string
	// HasStart is false when no start position could be built at all
	// (bad FEN syntax, facing or extra kings, a missing king whose home
	// square is taken): nothing was replayed.
	HasStart bool
	// Line is the record's main line (every node, played or not), and
	// Plies its valid prefix, replayed (Plies[i] is the move of Line[i]).
	Line  []*parse.Node
	Plies []Ply
	// Final is the position after the last valid ply.
	Final board.Position
	// Outcome of Final: checkmate or stalemate (the side to move lost).
	Outcome board.Outcome
	// Fail is the first main-line failure (nil when the whole main line
	// was played); Unplayed counts the main-line moves from the failing
	// one to the end.
	Fail     *Failure
	Unplayed int
	// VarFails holds the first failure of each variation that has one.
	VarFails []*Failure
	// VarPlies counts variation moves played successfully.
	VarPlies int

	// spareLine and sparePlies are the slices of a released Game, for
	// Replay to fill (see Release).
	spareLine  []*parse.Node
	sparePlies []Ply
}

// Options configures Replay.
type Options struct {
	// SkipVariations replays the main line only.
	SkipVariations bool
}

// startFENShort is the start position as many PGN writers spell it
// (placement and side only); it reads as board.StartFEN.
const startFENShort = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"

// startPosition builds the start position from the record's FEN. A FEN
// whose side field is missing (or not understood: some writers put junk
// such as "-b" there) leaves the side open: sideKnown is false and the
// caller settles it from the first move, as vschess does for
// placement-only FENs. fenNote explains a repaired FEN.
func startPosition(rec *parse.Record) (p board.Position, ok, sideKnown bool, fenNote string, err error) {
	if rec.FEN == "" || rec.FEN == board.StartFEN || rec.FEN == startFENShort {
		// The common spellings of the start position, without parsing.
		return board.StartPosition(), true, true, "", nil
	}
	fen := rec.FEN
	sideKnown = hasSideField(fen)
	s, err := board.ParseFEN(fen)
	if err != nil {
		// Keep the placement when only the later fields are broken.
		var fe *board.FENError
		place, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
		if errors.As(err, &fe) && fe.Field > 1 {
			if s2, err2 := board.ParseFEN(place); err2 == nil {
				fenNote = fmt.Sprintf("FEN %q: %v; fields after the placement ignored", fen, fe.Err)
				if fe.Field == 2 {
					sideKnown = false
				}
				s, err = s2, nil
			}
		}
		if err != nil {
			return board.Position{}, false, false, "", err
		}
	}
	if !sideKnown {
		if first := rec.Root.Children; len(first) > 0 && first[0].Move != board.NoMove {
			if pc := s.Board[first[0].Move.From()]; !pc.IsEmpty() {
				s.Side = pc.Color()
				sideKnown = true
			}
		}
	}
	p, perr := board.NewPosition(s)
	if perr == nil {
		return p, true, sideKnown, fenNote, nil
	}
	var pe *board.PositionError
	if errors.As(perr, &pe) && pe.Kinds&(board.ErrMissingKing|board.ErrTooManyKings|board.ErrKingsFacing) == 0 {
		rp, err2 := board.NewPositionRelaxed(s, pe.Kinds)
		if err2 == nil {
			return rp, true, sideKnown, fenNote, perr
		}
	}
	if rp, placed, ok := kingsAtHome(s, pe); ok {
		return rp, true, sideKnown, fenNote, fmt.Errorf("%w; %s to replay the moves", perr, placed)
	}
	return board.Position{}, false, false, fenNote, perr
}

// kingsAtHome returns the position s with each missing king put on its
// home square, when pe says kings are missing (and nothing else that the
// relaxed rules cannot take) and those squares are empty. The move
// generator needs both kings: a record whose piece array lost a king (a
// whole game from the standard start whose king byte was not written,
// or a composition without a general) replays this way, its moves judged
// with the king at home. placed says which king was put where.
func kingsAtHome(s board.Setup, pe *board.PositionError) (board.Position, string, bool) {
	if pe == nil || pe.Kinds&board.ErrMissingKing == 0 || pe.Kinds&board.ErrTooManyKings != 0 {
		return board.Position{}, "", false
	}
	var has [2]bool
	for _, pc := range s.Board {
		if pc.Kind() == board.King {
			has[pc.Color()] = true
		}
	}
	var put []string
	home := board.StartPosition()
	for c := board.Red; c <= board.Black; c++ {
		if has[c] {
			continue
		}
		sq := home.King(c)
		if !s.Board[sq].IsEmpty() {
			return board.Position{}, "", false
		}
		s.Board[sq] = board.MakePiece(c, board.King)
		put = append(put, fmt.Sprintf("%v king put on %v", c, sq))
	}
	p, err := board.NewPositionRelaxed(s, s.Validate())
	if err != nil {
		return board.Position{}, "", false
	}
	return p, strings.Join(put, " and "), true
}

// otherSide returns p with the other side to move, if that is a legal
// position.
func otherSide(p board.Position) (board.Position, bool) {
	s := p.Setup()
	s.Side = s.Side.Other()
	q, err := board.NewPositionRelaxed(s, ^board.PositionErrorKinds(0))
	return q, err == nil
}

func hasSideField(fen string) bool {
	n := 0
	in := false
	for i := 0; i < len(fen); i++ {
		sp := fen[i] == ' ' || fen[i] == '\t'
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n >= 2
}

// gamePool holds Games handed back by Release, with their slices.
var gamePool sync.Pool

// newGame returns a zero Game, perhaps one released before, whose Line
// and Plies keep their capacity.
func newGame() *Game {
	g, _ := gamePool.Get().(*Game)
	if g == nil {
		return &Game{}
	}
	return g
}

// Release hands g back for a later Replay to reuse: g, its Line, Plies and
// failures must not be used after. A caller that does not call it loses
// nothing but the reuse.
func (g *Game) Release() {
	line, plies := g.Line, g.Plies
	if cap(line) < cap(g.spareLine) {
		line = g.spareLine
	}
	if cap(plies) < cap(g.sparePlies) {
		plies = g.sparePlies
	}
	clear(line) // the nodes belong to the record, which goes on its own
	*g = Game{spareLine: line[:0], sparePlies: plies[:0]}
	gamePool.Put(g)
}

// Replay replays rec.
func Replay(rec *parse.Record, opt Options) *Game {
	g := newGame()
	start, ok, sideKnown, note, err := startPosition(rec)
	g.StartErr = err
	g.FENNote = note
	if !ok {
		return g
	}
	r := resolver{notation: rec.Notation}
	if !sideKnown && len(rec.Root.Children) > 0 {
		// Settle the side from the first move: keep Red unless only
		// Black can play it.
		first := rec.Root.Children[0]
		if _, err := r.resolve(&start, first); err != nil {
			if q, ok := otherSide(start); ok {
				if _, err := r.resolve(&q, first); err == nil {
					start = q
				}
			}
		}
	}
	g.HasStart = true
	g.Start = start
	p := start
	// Line and Plies grow in the slices of a released Game: a pipeline
	// that releases its games soon reaches their largest size and then
	// appends without allocating, walking the main line once. A new Game
	// counts the main line first and allocates both at its size.
	line, plies := g.spareLine[:0], g.sparePlies[:0]
	if cap(line) == 0 || cap(plies) == 0 {
		nLine := 0
		for p := &rec.Root; len(p.Children) > 0; p = p.Children[0] {
			nLine++
		}
		line, plies = make([]*parse.Node, 0, nLine), make([]Ply, 0, nLine)
	}
	g.Plies = plies
	g.spareLine, g.sparePlies = nil, nil
	node := &rec.Root
	// inCheck is whether the side to move in p is in check: the previous
	// ply's check flag, which lets the board skip most king safety tests.
	inCheck := p.InCheck()
	for len(node.Children) > 0 {
		n := node.Children[0]
		if !opt.SkipVariations && len(node.Children) > 1 {
			g.replayVariations(&p, node, len(g.Plies), inCheck, &r)
		}
		m, err := ResolveNodeInCheck(&p, n, r.notation, inCheck)
		if err != nil {
			g.Fail = r.failure(&p, len(g.Plies)+1, n, err)
			played := len(line)
			for ; len(node.Children) > 0; node = node.Children[0] {
				line = append(line, node.Children[0])
			}
			g.Unplayed = len(line) - played
			break
		}
		line = append(line, n)
		u := p.MakeMove(m)
		// Before a move other than the first, the mover's opponent was not
		// attacked: it had just played a legal move. The start position
		// (perhaps built with relaxed rules) promises nothing.
		inCheck = p.InCheckAfter(m, len(g.Plies) == 0)
		g.Plies = append(g.Plies, Ply{Move: m, Capture: u.Captured, Check: inCheck, Key: p.Key()})
		node = n
	}
	g.Line = line
	g.Final = p
	g.Outcome = p.Outcome()
	return g
}

// replayVariations plays the alternatives node.Children[1:] (to the move
// node.Children[0]) from position p (before that move), at ply index ply;
// inCheck is whether the side to move in p is in check.
func (g *Game) replayVariations(p *board.Position, node *parse.Node, ply int, inCheck bool, r *resolver) {
	walk(p, node, 1, ply, inCheck, r.notation, func(n *parse.Node, ply int, before *board.Position, _ board.Move, err error) {
		if err != nil {
			f := r.failure(before, ply, n, err)
			f.Variation = true
			g.VarFails = append(g.VarFails, f)
			return
		}
		g.VarPlies++
	})
}

// resolver turns a node into a move for the record's notation.
type resolver struct {
	notation parse.Notation
}

func (r *resolver) resolve(p *board.Position, n *parse.Node) (board.Move, error) {
	return ResolveNode(p, n, r.notation)
}

// ResolveNode returns the move of node n in position p: the coordinates of
// binary records are checked, move text is resolved in the record's
// notation nt (detected per move when unknown).
func ResolveNode(p *board.Position, n *parse.Node, nt parse.Notation) (board.Move, error) {
	return resolveNode(p, n, nt, true)
}

// ResolveNodeInCheck is ResolveNode for a caller that already knows whether
// the side to move is in check (inCheck must be what p.InCheck() returns).
// It returns exactly what ResolveNode returns, faster: see
// board.Position.CheckMoveInCheck.
func ResolveNodeInCheck(p *board.Position, n *parse.Node, nt parse.Notation, inCheck bool) (board.Move, error) {
	return resolveNode(p, n, nt, inCheck)
}

// resolveNode is ResolveNode; mayBeInCheck false promises that the side to
// move is not in check.
func resolveNode(p *board.Position, n *parse.Node, nt parse.Notation, mayBeInCheck bool) (board.Move, error) {
	if n.Text == "" {
		if err := p.CheckMoveInCheck(n.Move, mayBeInCheck); err != nil {
			return board.NoMove, err
		}
		return n.Move, nil
	}
	return notation.ResolveTextInCheck(p, n.Text, nt, mayBeInCheck)
}

func (r *resolver) failure(p *board.Position, ply int, n *parse.Node, err error) *Failure {
	text := n.Text
	if text == "" {
		text = n.Move.String()
	}
	return &Failure{
		Ply:        ply,
		MoveNumber: p.FullMove(),
		Side:       p.Side(),
		Text:       text,
		FEN:        p.FEN(),
		Node:       n,
		Terminal:   p.Outcome(),
		Err:        err,
	}
}
