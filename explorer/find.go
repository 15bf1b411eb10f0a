package explorer

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
)

// ErrDataset is wrapped by the errors of a dataset that lacks a file or
// column this package reads, or holds a value it cannot read.
var ErrDataset = errors.New("explorer: not a dataset of xqtool export")

// ErrMaterial is wrapped by the errors of ParseMaterial.
var ErrMaterial = errors.New("explorer: bad material signature")

// Material is a material signature: the number of pieces of each kind on
// each side, indexed by colour and board.Kind.
type Material [2][board.NumKinds]int8

// ParseMaterial reads a material signature: Red's pieces, "vs" (or "v",
// "-", "/"), Black's pieces, each side a string of FEN letters in any
// order and either case: K king, A advisor, B (or E) elephant, N (or H)
// horse, R chariot, C cannon, P pawn. The king may be left out. Spaces
// are ignored. "RCNK vs RNAAK" is a chariot, cannon and horse against a
// chariot, horse and two advisors.
func ParseMaterial(s string) (Material, error) {
	var m Material
	t := strings.ToUpper(strings.Join(strings.Fields(s), ""))
	var sides []string
	for _, sep := range []string{"VS", "V", "-", "/"} {
		if a, b, ok := strings.Cut(t, sep); ok {
			sides = []string{a, b}
			break
		}
	}
	if sides == nil {
		return m, fmt.Errorf("%w: %q: write the two sides as RED vs BLACK", ErrMaterial, s)
	}
	for c, side := range sides {
		for _, r := range side {
			p, ok := board.PieceFromFEN(byte(r))
			if r > 0x7f || !ok {
				return m, fmt.Errorf("%w: %q: %q is not a piece letter (K A B N R C P, E and H)", ErrMaterial, s, r)
			}
			m[c][p.Kind()]++
		}
		m[c][board.King] = 1
		for k, most := range [board.NumKinds]int8{0, 1, 2, 2, 2, 2, 2, 5} {
			if k > 0 && m[c][k] > most {
				return m, fmt.Errorf("%w: %q: %d %s for one side", ErrMaterial, s, m[c][k], board.Kind(k))
			}
		}
	}
	return m, nil
}

// String writes the signature as ParseMaterial reads it, pieces in the
// order K A B N R C P: "KAANR vs KNRC".
func (m Material) String() string {
	var b strings.Builder
	for c := range 2 {
		if c == 1 {
			b.WriteString(" vs ")
		}
		for k := board.King; k <= board.Pawn; k++ {
			for range m[c][k] {
				b.WriteByte(k.Letter())
			}
		}
	}
	return b.String()
}

// materialOf counts the pieces of a FEN placement (the first field).
func materialOf(fen string) (Material, bool) {
	var m Material
	for i := 0; i < len(fen) && fen[i] != ' '; i++ {
		c := fen[i]
		if c == '/' || (c >= '1' && c <= '9') {
			continue
		}
		p, ok := board.PieceFromFEN(c)
		if !ok {
			return m, false
		}
		if n := &m[p.Color()][p.Kind()]; *n < 100 {
			*n++
		}
	}
	return m, true
}

// Query is what Find looks for. A game matches at the first position of
// its valid main line (the start, before each move, and the final
// position) that matches every part given.
type Query struct {
	// Position, when HasPosition, is the position to find (placement and
	// side to move).
	Position    board.Position
	HasPosition bool
	// Mirror also finds the position's left-right mirror.
	Mirror bool
	// Material, when HasMaterial, is the material both sides must have.
	Material    Material
	HasMaterial bool
}

// Hit is a game found by Find.
type Hit struct {
	GameID, Source          string
	Index                   int
	Red, Black, Event, Date string
	Result                  string
	// Ply is the number of plies played when the game reaches the match:
	// 0 for its start position.
	Ply int
	// Mirrored is true when the game reached the position's mirror.
	Mirrored bool
}

// FindStats tells what Find read.
type FindStats struct {
	Rows          int64 // positions rows read
	UsedKeys      bool  // the position_key column was compared (else the fen column)
	PositionFiles int
}

// target is a position to find: its key and its "placement side" text.
type target struct {
	key      uint64
	fen      string
	mirrored bool
}

// Find lists the games of the export datasets under dir that reach what
// q asks for, through the positions table: one row per ply, the position
// before the move (rows are compared by their position_key column when
// the table has one, else by the fen column's placement and side), the
// position after each game's last move (from its last row), and the start
// position of games without a move (from the games table). Hits come in
// the order of the games' sources and indexes, with the players, event
// and date from the games table.
func Find(dir string, q Query) ([]Hit, FindStats, error) {
	var st FindStats
	if !q.HasPosition && !q.HasMaterial {
		return nil, st, errors.New("explorer: find needs a position or a material signature")
	}
	var targets []target
	if q.HasPosition {
		p := q.Position
		targets = append(targets, target{p.Key(), fenOf(&p), false})
		if q.Mirror {
			mp, err := p.Mirror()
			if err == nil && mp.Key() != p.Key() {
				targets = append(targets, target{mp.Key(), fenOf(&mp), true})
			}
		}
	}
	found := map[string]*Hit{} // by game_id: the first match
	match := func(gameID string, ply int, fen string) error {
		if h, ok := found[gameID]; ok && h.Ply <= ply {
			return nil
		}
		mirrored, ok := q.matches(targets, fen)
		if !ok {
			return nil
		}
		found[gameID] = &Hit{GameID: gameID, Ply: ply, Mirrored: mirrored}
		return nil
	}
	var err error
	st.PositionFiles, err = dataset.ReadPositions(dir, q.HasPosition && !q.HasMaterial, func(b *dataset.PositionsBatch) error {
		st.UsedKeys = st.UsedKeys || b.Key != nil
		err := q.positionsBatch(b, targets, found, match)
		st.Rows += int64(b.Len())
		return err
	})
	if err != nil {
		return nil, st, err
	}
	// Games without a move are reached only at their start; then the
	// players of every hit.
	hits, err := joinGames(dir, found, func(gameID, startFEN string) error {
		if startFEN == "" {
			startFEN = board.StartFEN
		}
		p, err := positionOfFEN(startFEN)
		if err != nil {
			return nil // not a position: no hit
		}
		return match(gameID, 0, fenOf(&p))
	})
	return hits, st, err
}

// matches reports whether the position fen ("placement side") is one of
// the targets and has the material asked for.
func (q *Query) matches(targets []target, fen string) (mirrored, ok bool) {
	if q.HasMaterial {
		m, ok := materialOf(fen)
		if !ok || m != q.Material {
			return false, false
		}
	}
	if !q.HasPosition {
		return false, true
	}
	for _, t := range targets {
		if samePosition(fen, t.fen) {
			return t.mirrored, true
		}
	}
	return false, false
}

// samePosition compares a FEN (any number of fields) with a target's
// "placement side".
func samePosition(fen, target string) bool {
	place, rest, _ := strings.Cut(fen, " ")
	side := "w"
	if strings.HasPrefix(rest, "b") {
		side = "b"
	}
	return len(target) == len(place)+2 && target[:len(place)] == place && target[len(place)+1:] == side
}

// positionsBatch matches the rows of a batch of positions.parquet (by
// their keys when the batch has them), and the position after each game's
// last move.
func (q *Query) positionsBatch(b *dataset.PositionsBatch, targets []target, found map[string]*Hit,
	match func(string, int, string) error) error {
	for i := range b.Len() {
		id, ply := b.GameID.Value(i), b.Ply(i)
		if b.Key != nil {
			k := b.Key(i)
			if slices.ContainsFunc(targets, func(t target) bool { return t.key == k }) {
				// Keys only select: the FEN decides (no false match on a
				// key collision).
				if err := match(id, ply, b.FEN.Value(i)); err != nil {
					return err
				}
			}
		} else if err := match(id, ply, b.FEN.Value(i)); err != nil {
			return err
		}
		if b.PliesToEnd.Value(i) != 1 {
			continue
		}
		// The last move: the final position.
		if h, ok := found[id]; ok && h.Ply <= ply+1 {
			continue
		}
		p, err := positionOfFEN(b.FEN.Value(i))
		if err != nil {
			return b.Errorf(i, "%w: game %s ply %d: %w", ErrDataset, id, ply+1, err)
		}
		m, err := board.ParseMove(b.MoveICCS.Value(i))
		if err != nil || !p.IsLegal(m) {
			return b.Errorf(i, "%w: game %s ply %d: move %q", ErrDataset, id, ply+1, b.MoveICCS.Value(i))
		}
		p.MakeMove(m)
		if err := match(id, ply+1, fenOf(&p)); err != nil {
			return err
		}
	}
	return nil
}

// joinGames reads the games table: it calls noMoves for each game without
// a move, then fills in the players of the hits and returns them in the
// order of the games' sources and indexes.
func joinGames(dir string, found map[string]*Hit, noMoves func(gameID, startFEN string) error) ([]Hit, error) {
	r, err := dataset.Open([]string{dir})
	if err != nil {
		return nil, err
	}
	defer r.Close()
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(g.MovesICCS) == 0 {
			if err := noMoves(g.GameID, g.StartFEN); err != nil {
				return nil, err
			}
		}
		h, ok := found[g.GameID]
		if !ok {
			continue
		}
		h.Source, h.Index = g.Source, g.Index
		h.Red, h.Black = g.Red, g.Black
		h.Event, h.Date, h.Result = g.Event, g.Date, g.Result
	}
	hits := make([]Hit, 0, len(found))
	for _, h := range found {
		hits = append(hits, *h)
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(strings.Compare(a.Source, b.Source), cmp.Compare(a.Index, b.Index), strings.Compare(a.GameID, b.GameID))
	})
	return hits, nil
}

// WriteHits writes hits as a table: the game (source#number, 1-based),
// the ply, the players, the result, the event and the date; at most limit
// rows (0: all), then a line on those left out.
func WriteHits(w io.Writer, hits []Hit, limit int) error {
	if len(hits) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "game\tply\tred\tblack\tresult\tevent\tdate")
	for i, h := range hits {
		if limit > 0 && i == limit {
			break
		}
		mark := ""
		if h.Mirrored {
			mark = " (mirror)"
		}
		fmt.Fprintf(tw, "%s#%d\t%d%s\t%s\t%s\t%s\t%s\t%s\n", h.Source, h.Index+1, h.Ply, mark,
			h.Red, h.Black, h.Result, h.Event, h.Date)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if limit > 0 && len(hits) > limit {
		_, err := fmt.Fprintf(w, "… and %d more\n", len(hits)-limit)
		return err
	}
	return nil
}
