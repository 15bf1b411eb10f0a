package explorer

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/svgboard"
)

//go:embed page.html
var pageHTML string

// Defaults of PageOptions.
const (
	DefaultPageNodes    = 20000
	DefaultPageMinGames = 2
)

// PageOptions configures WritePage.
type PageOptions struct {
	// MaxNodes bounds the positions the page holds (0: DefaultPageNodes).
	MaxNodes int
	// MinGames is the fewest games a position needs to be in the page
	// (0: DefaultPageMinGames); it is raised until at most MaxNodes
	// positions qualify.
	MinGames int64
	// Title is the page's title ("" for a default).
	Title string
}

// PageStats tells what went into a page.
type PageStats struct {
	// Threshold is the fewest games of a position in the page, Nodes the
	// positions and Moves the moves listed.
	Threshold int64
	Nodes     int
	Moves     int
	Games     int // example games
	Bytes     int64
}

// pageNode is a position of the page.
type pageNode struct {
	key   uint64
	pos   board.Position
	games int64
	code  string
	name  string
	rows  []Row
	ex    entry // examples over the rows
	index int   // in the page (-1 until reached from the root)
}

// WritePage writes the explorer page of tree t: a self-contained HTML
// file (inline CSS, SVG and script; nothing is fetched) that shows the
// board, the moves played in each position with their counts and results,
// the ECCO name and example games, and follows the tree as moves are
// clicked.
//
// It holds the positions with at least opt.MinGames games, raising the
// threshold until at most opt.MaxNodes qualify, that are reached from the
// root (the standard start, or the position with the most games when the
// tree has no game from it) through such positions; a move to a position
// left out is listed with its counts, and the page names the threshold.
// The tree is read twice (the games of every position, then the
// positions kept): memory is bounded by MaxNodes, not by the tree.
func WritePage(w io.Writer, t *Tree, opt PageOptions) (PageStats, error) {
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = DefaultPageNodes
	}
	if opt.MinGames <= 0 {
		opt.MinGames = DefaultPageMinGames
	}
	var st PageStats
	start := board.StartPosition()
	root, _, err := canonical(start, t.meta.MergeMirrors)
	if err != nil {
		return st, err
	}
	rootKey := root.Key()
	// Pass 1: the games of every position, counted by games.
	hist := map[int64]int{}
	var best struct {
		key   uint64
		games int64
	}
	hasRoot := false
	err = eachPosition(t, func(key uint64, rows []Row) error {
		g := int64(0)
		for _, r := range rows {
			g += r.Games
		}
		hist[g]++
		if key == rootKey {
			hasRoot = true
		}
		if g > best.games || (g == best.games && key < best.key) {
			best.key, best.games = key, g
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	if !hasRoot {
		rootKey = best.key
	}
	st.Threshold = threshold(hist, opt.MinGames, opt.MaxNodes-1)
	// Pass 2: the positions kept.
	nodes := map[uint64]*pageNode{}
	err = eachPosition(t, func(key uint64, rows []Row) error {
		n := &pageNode{key: key, rows: slices.Clone(rows), index: -1}
		for _, r := range rows {
			n.games += r.Games
		}
		if n.games < st.Threshold && key != rootKey {
			return nil
		}
		p, err := positionOfFEN(rows[0].FEN)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrTree, err)
		}
		n.pos, n.code, n.name = p, rows[0].ECCO, rows[0].ECCOName
		for _, r := range rows {
			for _, x := range r.Examples {
				n.ex.addExample(exampleRef(x), t.meta.Examples)
			}
		}
		slices.SortStableFunc(n.rows, func(a, b Row) int {
			return cmp.Or(cmp.Compare(b.Games, a.Games), strings.Compare(a.Move.String(), b.Move.String()))
		})
		nodes[key] = n
		return nil
	})
	if err != nil {
		return st, err
	}
	rootNode := nodes[rootKey]
	if rootNode == nil {
		// An empty tree: the page shows the start position and no move.
		rootNode = &pageNode{key: root.Key(), pos: root, index: -1}
		nodes[rootNode.key] = rootNode
	}
	pd, err := buildPage(t, rootNode, nodes, st.Threshold)
	if err != nil {
		return st, err
	}
	title := opt.Title
	if title == "" {
		title = "Opening explorer"
	}
	pd.Title = title
	js, err := json.Marshal(pd)
	if err != nil {
		return st, err
	}
	st.Nodes, st.Moves, st.Games = len(pd.Nodes), pd.moves, len(pd.Games)
	page := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(title),
		"{{FONT}}", svgboard.FontFaceCSS(),
		"{{BOARD}}", string(svgboard.BackgroundSymbol("xb")),
		"{{W}}", strconv.Itoa(svgboard.Width), "{{H}}", strconv.Itoa(svgboard.Height),
		"{{DATA}}", string(js),
	).Replace(pageHTML)
	n, err := io.WriteString(w, page)
	st.Bytes = int64(n)
	return st, err
}

// threshold returns the smallest count c ≥ min such that at most max
// positions have c games or more.
func threshold(hist map[int64]int, minGames int64, maxNodes int) int64 {
	counts := make([]int64, 0, len(hist))
	for g := range hist {
		counts = append(counts, g)
	}
	slices.Sort(counts)
	// Walk down from the most games, adding positions while they fit.
	kept, c := 0, int64(-1)
	for i := len(counts) - 1; i >= 0; i-- {
		if counts[i] < minGames || kept+hist[counts[i]] > maxNodes {
			break
		}
		kept += hist[counts[i]]
		c = counts[i]
	}
	if c < 0 {
		// Not even the most played positions fit: keep only the root.
		if len(counts) > 0 {
			return counts[len(counts)-1] + 1
		}
		return minGames
	}
	return c
}

// eachPosition calls fn with the rows of each position of t in order.
func eachPosition(t *Tree, fn func(key uint64, rows []Row) error) error {
	rr, err := t.Rows(nil)
	if err != nil {
		return err
	}
	defer rr.Close()
	var rows []Row
	for {
		var r Row
		err := rr.Next(&r)
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if len(rows) > 0 && (err != nil || r.Key != rows[0].Key) {
			if ferr := fn(rows[0].Key, rows); ferr != nil {
				return ferr
			}
			rows = rows[:0]
		}
		if err != nil {
			return nil
		}
		rows = append(rows, r)
	}
}

// pageData is the JSON the page's script reads (see page.html).
type pageData struct {
	Title string   `json:"title"`
	Meta  pageMeta `json:"meta"`
	Root  string   `json:"root"` // FEN of the root position
	// Geometry of the board drawing (the x of each file, the y of each
	// rank, as svgboard.Point places them) and the piece characters by
	// FEN letter.
	Cell  int               `json:"cell"`
	Xs    []int             `json:"xs"`
	Ys    []int             `json:"ys"`
	Chars map[string]string `json:"chars"`
	Str   []string          `json:"str"` // the string table
	// Games: red, black, event, date (str indexes, -1 none), result
	// (Result), directory and file name of the source (str), index.
	Games [][8]int `json:"games"`
	// Nodes: games, ECCO code and name (str, -1 none), examples (game,
	// ply pairs), and the moves, 9 numbers each: the move (from<<7|to), its
	// Chinese name and that of its mirror (str; -1 without mirrors), games,
	// Red wins, draws, Black wins, the child node (-1 when not in the
	// page) and whether the child is held as the mirror of the position
	// the move reaches (0 or 1).
	Nodes [][5]any `json:"nodes"`
	moves int
}

type pageMeta struct {
	Games     int64 `json:"games"`
	Copies    int64 `json:"copies"`
	MaxPly    int   `json:"maxPly"`
	Mirrors   bool  `json:"mirrors"`
	AllCopies bool  `json:"allCopies"`
	Threshold int64 `json:"threshold"`
	Positions int   `json:"positions"`
}

// buildPage numbers the nodes reached from the root (breadth first) and
// encodes them.
func buildPage(t *Tree, root *pageNode, nodes map[uint64]*pageNode, threshold int64) (*pageData, error) {
	pd := &pageData{Cell: svgboard.Cell, Chars: map[string]string{}}
	for f := range board.Files {
		x, _ := svgboard.Point(board.SquareAt(f, 0))
		pd.Xs = append(pd.Xs, x)
	}
	for r := range board.Ranks {
		_, y := svgboard.Point(board.SquareAt(0, r))
		pd.Ys = append(pd.Ys, y)
	}
	pd.Meta = pageMeta{Games: t.meta.Games, Copies: t.meta.Copies, MaxPly: t.meta.MaxPly,
		Mirrors: t.meta.MergeMirrors, AllCopies: t.meta.AllCopies, Threshold: threshold}
	for c := range 2 {
		for k := board.King; k <= board.Pawn; k++ {
			p := board.MakePiece(board.Color(c), k)
			pd.Chars[string(p.FENLetter())] = svgboard.Char(p)
		}
	}
	strs := map[string]int{}
	str := func(s string) int {
		if s == "" {
			return -1
		}
		if i, ok := strs[s]; ok {
			return i
		}
		strs[s] = len(pd.Str)
		pd.Str = append(pd.Str, s)
		return len(pd.Str) - 1
	}
	games := map[string]int{}
	game := func(x Example) int {
		id := x.GameID + "\x00" + x.Source + "\x00" + fmt.Sprint(x.Index)
		if i, ok := games[id]; ok {
			return i
		}
		dir, file := path.Split(strings.ReplaceAll(x.Source, "\\", "/"))
		games[id] = len(pd.Games)
		pd.Games = append(pd.Games, [8]int{str(x.Red), str(x.Black), str(x.Event), str(x.Date), int(x.Result), str(dir), str(file), x.Index})
		return len(pd.Games) - 1
	}
	// Number the nodes breadth first from the root.
	order := []*pageNode{root}
	root.index = 0
	type edge struct {
		child *pageNode
		flip  bool
	}
	edges := map[*pageNode][]edge{}
	for i := 0; i < len(order); i++ {
		n := order[i]
		for _, r := range n.rows {
			q := n.pos
			q.MakeMove(r.Move)
			cq, flip, err := canonical(q, t.meta.MergeMirrors)
			if err != nil {
				return nil, err
			}
			c := nodes[cq.Key()]
			edges[n] = append(edges[n], edge{c, flip})
			if c != nil && c.index < 0 {
				c.index = len(order)
				order = append(order, c)
			}
		}
	}
	pd.Meta.Positions = len(order)
	rootPos := root.pos
	pd.Root = fenOf(&rootPos)
	for _, n := range order {
		var ex []int
		for _, x := range n.ex.ex {
			ex = append(ex, game(x.example()), x.ply)
		}
		moves := make([]int, 0, 9*len(n.rows))
		var mp board.Position
		if t.meta.MergeMirrors {
			var err error
			if mp, err = n.pos.Mirror(); err != nil {
				return nil, err
			}
		}
		for j, r := range n.rows {
			mirrorName := -1
			if t.meta.MergeMirrors {
				mirrorName = str(notation.FormatChinese(&mp, r.Move.Mirror(), notation.ChineseStyle{}))
			}
			e := edges[n][j]
			child, flip := -1, 0
			if e.child != nil {
				child = e.child.index
			}
			if e.flip {
				flip = 1
			}
			moves = append(moves, int(r.Move), str(r.MoveChinese), mirrorName,
				int(r.Games), int(r.RedWins), int(r.Draws), int(r.BlackWins), child, flip)
			pd.moves++
		}
		if ex == nil {
			ex = []int{}
		}
		pd.Nodes = append(pd.Nodes, [5]any{n.games, str(n.code), str(n.name), ex, moves})
	}
	return pd, nil
}
