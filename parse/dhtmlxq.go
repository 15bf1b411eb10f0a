package parse

import (
	"bufio"
	"bytes"
	"fmt"
	"html"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// dhtmlMaxGame bounds the bytes kept of one DhtmlXQ block.
const dhtmlMaxGame = 16 << 20

// DhtmlXQReader reads games stored as DhtmlXQ (UBB) blocks: a
// [DhtmlXQ]…[/DhtmlXQ] (or [DhtmlXQHTML]) container of
// [DhtmlXQ_name]value[/DhtmlXQ_name] fields, as forums and web pages
// (dpxq.com) carry them. Text outside the blocks, such as the HTML of a
// page, is skipped. Blocks may lack their closing tags; [DhtmlXQiFrame]
// separates games, and so does a field that repeats.
//
// Moves are coordinates (Node.Move, Record.Notation NotationCoords); a
// move's Pos is that of the field that holds it.
// Record.FEN is the start position with the side to move, taken from the
// fen field or built from binit; it is "" for the standard start.
type DhtmlXQReader struct {
	br    *bufio.Reader
	name  string
	dec   *TextDecoder
	index int
	err   error

	off  int64
	line int
	col  int

	started bool
	pending *dhtmlBlock // a block begun by the tag that ended the last one
}

// dhtmlBlock is the raw text of one game.
type dhtmlBlock struct {
	buf      []byte
	pos      Pos
	fields   map[string]bool
	overflow bool
}

// NewDhtmlXQReader returns a reader of the DhtmlXQ games in r.
func NewDhtmlXQReader(r io.Reader, name string) *DhtmlXQReader {
	return &DhtmlXQReader{br: bufio.NewReaderSize(r, TextSniffSize), name: name, line: 1, col: 1}
}

// consume accounts for bytes read.
func (d *DhtmlXQReader) consume(b []byte) {
	d.off += int64(len(b))
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			break
		}
		d.line++
		d.col = 1
		b = b[i+1:]
	}
	for _, c := range b {
		if c < 0x80 || c >= 0xC0 {
			d.col++
		}
	}
}

func (d *DhtmlXQReader) pos() Pos { return Pos{Offset: d.off, Line: d.line, Column: d.col} }

// Next returns the next game, or nil, io.EOF after the last one.
func (d *DhtmlXQReader) Next() (*Record, error) {
	if !d.started {
		d.started = true
		head, _ := d.br.Peek(TextSniffSize)
		d.dec = NewTextDecoder(head)
	}
	for {
		blk, err := d.block()
		if blk != nil {
			rec := d.parse(blk, err == io.EOF)
			if rec != nil {
				return rec, nil
			}
			continue
		}
		if err != nil {
			return nil, err
		}
	}
}

// block collects the raw bytes of the next game. It returns the block (nil
// when there is none) and the read error that ended it.
func (d *DhtmlXQReader) block() (*dhtmlBlock, error) {
	if d.err != nil && d.pending == nil {
		return nil, d.err
	}
	cur := d.pending
	d.pending = nil
	for d.err == nil {
		seg, err := d.br.ReadSlice('[')
		if err != nil && err != bufio.ErrBufferFull {
			d.err = err
		}
		if cur != nil {
			cur.add(seg)
		}
		d.consume(seg)
		if len(seg) == 0 || seg[len(seg)-1] != '[' || err != nil {
			continue
		}
		// Look at the tag after '['.
		tagPos := d.pos()
		tagPos.Offset--
		tagPos.Column--
		peek, _ := d.br.Peek(64)
		close := false
		t := peek
		if len(t) > 0 && t[0] == '/' {
			close = true
			t = t[1:]
		}
		if len(t) < 7 || !strings.EqualFold(string(t[:7]), "DhtmlXQ") {
			continue
		}
		end := bytes.IndexByte(t, ']')
		if end < 0 {
			continue
		}
		tag := strings.ToLower(string(t[7:end]))
		n := end + 1
		if close {
			n++
		}
		switch {
		case close && (tag == "" || tag == "html"):
			// End of the container.
			if cur != nil {
				raw, _ := d.br.Peek(n)
				cur.add(raw)
				d.br.Discard(n)
				d.consume(raw)
				return cur, d.err
			}
		case close:
			// End of a field: part of the block.
		case tag == "" || tag == "html" || tag == "iframe":
			// A new container or a separator.
			if cur != nil && len(cur.fields) > 0 {
				d.pending = &dhtmlBlock{pos: tagPos, fields: map[string]bool{}}
				if tag != "iframe" {
					d.pending.add([]byte("["))
				} else {
					d.pending = nil
				}
				return cur, d.err
			}
			if tag != "iframe" {
				cur = &dhtmlBlock{pos: tagPos, fields: map[string]bool{}}
				cur.add([]byte("["))
			} else {
				cur = nil
			}
		case strings.HasPrefix(tag, "_"):
			name := tag[1:]
			if cur != nil && cur.fields[name] {
				// A repeated field: the previous game lacked its closing tag.
				d.pending = &dhtmlBlock{pos: tagPos, fields: map[string]bool{name: true}}
				d.pending.add([]byte("["))
				return cur, d.err
			}
			if cur == nil {
				cur = &dhtmlBlock{pos: tagPos, fields: map[string]bool{}}
				cur.add([]byte("["))
			}
			if len(cur.fields) < 4096 {
				cur.fields[name] = true
			}
		}
	}
	if cur != nil && len(cur.fields) > 0 {
		return cur, d.err
	}
	return nil, d.err
}

func (b *dhtmlBlock) add(p []byte) {
	if len(b.buf)+len(p) > dhtmlMaxGame {
		b.overflow = true
		return
	}
	b.buf = append(b.buf, p...)
}

// dhtmlTagNames maps DhtmlXQ fields to PGN tag names.
var dhtmlTagNames = map[string]string{
	"event":     "Event",
	"place":     "Site",
	"date":      "Date",
	"round":     "Round",
	"red":       "Red",
	"black":     "Black",
	"redteam":   "RedTeam",
	"blackteam": "BlackTeam",
	"result":    "Result",
	"open":      "Opening",
	"variation": "Variation",
	"ecco":      "ECCO",
	"remark":    "Annotator",
	"title":     "Title",
	"timerule":  "TimeControl",
}

// dhtmlField is one field of a block.
type dhtmlField struct {
	name, value string
	pos         Pos
}

// dhtmlFields splits a decoded block into its fields, in order.
func dhtmlFields(s string, base Pos) []dhtmlField {
	var out []dhtmlField
	i := 0
	for {
		k := dhtmlIndexFold(s[i:], "[DhtmlXQ_")
		if k < 0 {
			return out
		}
		k += i
		e := strings.IndexByte(s[k:], ']')
		if e < 0 {
			return out
		}
		name := s[k+len("[DhtmlXQ_") : k+e]
		vs := k + e + 1
		// The value ends at the closing tag, or at the next DhtmlXQ tag.
		ve := len(s)
		closing := "[/DhtmlXQ_" + name + "]"
		next := dhtmlIndexFold(s[vs:], "[DhtmlXQ")
		nextClose := dhtmlIndexFold(s[vs:], "[/DhtmlXQ")
		window := s[vs:]
		if next >= 0 {
			window = s[vs:min(len(s), vs+next+len(closing))]
		}
		if c := dhtmlIndexFold(window, closing); c >= 0 && (next < 0 || c <= next) {
			ve = vs + c
			i = ve + len(closing)
		} else {
			stop := next
			if nextClose >= 0 && (stop < 0 || nextClose < stop) {
				stop = nextClose
			}
			if stop >= 0 {
				ve = vs + stop
			}
			i = ve
		}
		p := base
		p.Offset += int64(k)
		out = append(out, dhtmlField{name: strings.ToLower(name), value: s[vs:ve], pos: p})
		if i >= len(s) {
			return out
		}
	}
}

// dhtmlIndexFold is strings.Index for an ASCII pattern, ignoring case.
func dhtmlIndexFold(s, sub string) int {
	if len(sub) == 0 {
		return 0
	}
	first := sub[0]
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i] != first {
			j := strings.IndexByte(s[i:], first)
			if j < 0 {
				return -1
			}
			i += j
			if i+len(sub) > len(s) {
				return -1
			}
		}
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// dhtmlBranch is one line of play: the main line (id 0) or a variation.
type dhtmlBranch struct {
	id, parent, start int // start: global ply of its first move (1-based)
	moves             []board.Move
	nodes             []*Node
	pos               Pos
	done              bool
}

// parse builds the record of one block (nil if the block is empty).
func (d *DhtmlXQReader) parse(blk *dhtmlBlock, atEOF bool) *Record {
	s, enc, replaced := d.dec.Decode(blk.buf)
	rec := &Record{
		Source:   d.name,
		Index:    d.index,
		Format:   FormatDhtmlXQ,
		Encoding: enc,
		Notation: NotationCoords,
		Pos:      blk.pos,
		Replaced: replaced,
	}
	problem := func(pos Pos, tok string, err error) {
		if len(rec.Problems) < pgnMaxProblems {
			if len(tok) > 40 {
				tok = tok[:40]
			}
			rec.Problems = append(rec.Problems, &Error{File: d.name, Game: rec.Index, Pos: pos, Token: tok, Err: err})
		}
	}
	if blk.overflow {
		problem(blk.pos, "", fmt.Errorf("%w: block longer than %d bytes, rest skipped", ErrSyntax, dhtmlMaxGame))
	}
	fields := dhtmlFields(s, blk.pos)
	if len(fields) == 0 {
		return nil
	}
	if last := fields[len(fields)-1]; atEOF && !dhtmlHasClose(s) &&
		dhtmlIndexFold(s[last.pos.Offset-blk.pos.Offset:], "[/DhtmlXQ_") < 0 && strings.IndexByte(last.value, '<') < 0 {
		// The input ends inside the value of the last field.
		problem(blk.pos, "[DhtmlXQ]", fmt.Errorf("%w: block without closing tag", ErrTruncated))
	}
	var binit, fen string
	haveBinit := false
	branches := map[int]*dhtmlBranch{}
	var order []*dhtmlBranch
	type comment struct {
		branch, ply int
		text        string
	}
	var comments []comment
	redName, blackName := "", ""
	for _, f := range fields {
		v := strings.TrimSpace(f.value)
		switch {
		case f.name == "binit":
			binit, haveBinit = v, true
		case f.name == "fen":
			fen = v
		case f.name == "movelist":
			if _, dup := branches[0]; !dup {
				b := &dhtmlBranch{id: 0, parent: -1, start: 1, pos: f.pos}
				b.moves = dhtmlMoves(v, f.pos, problem)
				branches[0] = b
				order = append(order, b)
			}
		case strings.HasPrefix(f.name, "move_"):
			parts := strings.Split(f.name[len("move_"):], "_")
			if len(parts) != 3 {
				problem(f.pos, f.name, fmt.Errorf("%w: bad variation name", ErrSyntax))
				continue
			}
			p, err1 := strconv.Atoi(parts[0])
			st, err2 := strconv.Atoi(parts[1])
			id, err3 := strconv.Atoi(parts[2])
			if err1 != nil || err2 != nil || err3 != nil || st < 1 || id < 0 || p < 0 || st > 1<<20 {
				problem(f.pos, f.name, fmt.Errorf("%w: bad variation name", ErrSyntax))
				continue
			}
			if _, dup := branches[id]; dup {
				problem(f.pos, f.name, fmt.Errorf("%w: branch %d given twice", ErrSyntax, id))
				continue
			}
			b := &dhtmlBranch{id: id, parent: p, start: st, pos: f.pos}
			b.moves = dhtmlMoves(v, f.pos, problem)
			branches[id] = b
			order = append(order, b)
		case strings.HasPrefix(f.name, "comment"):
			rest := f.name[len("comment"):]
			br, ply := 0, 0
			var err error
			if u := strings.IndexByte(rest, '_'); u >= 0 {
				br, err = strconv.Atoi(rest[:u])
				if err == nil {
					ply, err = strconv.Atoi(rest[u+1:])
				}
			} else {
				ply, err = strconv.Atoi(rest)
			}
			if err != nil || ply < 0 {
				problem(f.pos, f.name, fmt.Errorf("%w: bad comment name", ErrSyntax))
				continue
			}
			if t := dhtmlCommentText(f.value); t != "" {
				comments = append(comments, comment{br, ply, t})
			}
		case f.name == "redname":
			redName = v
		case f.name == "blackname":
			blackName = v
		default:
			name := f.name
			if tn, ok := dhtmlTagNames[name]; ok {
				name = tn
				if tn == "Result" {
					v = NormalizeResult(v)
				}
			}
			rec.Tags = append(rec.Tags, Tag{Name: name, Value: v})
		}
	}
	if redName != "" {
		if _, ok := rec.Tags.Get("Red"); !ok {
			rec.Tags = append(rec.Tags, Tag{Name: "Red", Value: redName})
		} else {
			rec.Tags = append(rec.Tags, Tag{Name: "redname", Value: redName})
		}
	}
	if blackName != "" {
		if _, ok := rec.Tags.Get("Black"); !ok {
			rec.Tags = append(rec.Tags, Tag{Name: "Black", Value: blackName})
		} else {
			rec.Tags = append(rec.Tags, Tag{Name: "blackname", Value: blackName})
		}
	}
	rec.Result = rec.Tags.Value("Result")

	// Main line.
	main := branches[0]
	if main == nil {
		main = &dhtmlBranch{id: 0, parent: -1, start: 1}
		branches[0] = main
	}
	main.nodes = dhtmlChain(&rec.Root, main.moves, main.pos)
	main.done = true
	// Variations, parents before children, whatever the order in the text.
	children := map[int][]*dhtmlBranch{}
	for _, b := range order {
		if b.id != 0 {
			children[b.parent] = append(children[b.parent], b)
		}
	}
	queue := []*dhtmlBranch{main}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		kids := children[p.id]
		sort.SliceStable(kids, func(i, j int) bool { return kids[i].start < kids[j].start })
		for _, b := range kids {
			if b.done {
				continue
			}
			parent := dhtmlNodeAt(branches, &rec.Root, p, b.start-1)
			if parent == nil {
				problem(b.pos, "move_"+strconv.Itoa(b.parent)+"_"+strconv.Itoa(b.start)+"_"+strconv.Itoa(b.id),
					fmt.Errorf("%w: variation starts after the end of its parent line", ErrSyntax))
				b.done = true
				continue
			}
			b.nodes = dhtmlChain(parent, b.moves, b.pos)
			b.done = true
			queue = append(queue, b)
		}
	}
	for _, b := range order {
		if !b.done {
			problem(b.pos, "move_"+strconv.Itoa(b.parent)+"_"+strconv.Itoa(b.start)+"_"+strconv.Itoa(b.id),
				fmt.Errorf("%w: variation of unknown line %d", ErrSyntax, b.parent))
		}
	}
	for _, c := range comments {
		var n *Node
		if b := branches[c.branch]; b != nil && b.done {
			n = dhtmlNodeAt(branches, &rec.Root, b, c.ply)
		}
		if n == nil {
			continue
		}
		if n.Comment != "" {
			n.Comment += "\n" + c.text
		} else {
			n.Comment = c.text
		}
	}

	// Start position.
	switch {
	case fen != "":
		rec.FEN = fen
	case haveBinit:
		b, ok := dhtmlBinit(binit)
		if !ok {
			problem(blk.pos, binit, fmt.Errorf("%w: bad binit", ErrSyntax))
		}
		side := board.Red
		if len(main.moves) > 0 {
			if from := main.moves[0].From(); from.Valid() && !b[from].IsEmpty() {
				side = b[from].Color()
			}
		}
		rec.FEN = binFEN(&b, side)
	}
	d.index++
	return rec
}

func dhtmlHasClose(s string) bool {
	return dhtmlIndexFold(s, "[/DhtmlXQ]") >= 0 || dhtmlIndexFold(s, "[/DhtmlXQHTML]") >= 0
}

// dhtmlNodeAt returns the node at global ply n of branch b (0 = the node
// before its first move, possibly in an ancestor line).
func dhtmlNodeAt(branches map[int]*dhtmlBranch, root *Node, b *dhtmlBranch, n int) *Node {
	for guard := 0; guard < 1<<16 && b != nil; guard++ {
		if n <= 0 {
			return root
		}
		if n >= b.start {
			k := n - b.start
			if k < len(b.nodes) {
				return b.nodes[k]
			}
			return nil
		}
		if b.id == 0 {
			return nil
		}
		b = branches[b.parent]
	}
	return nil
}

// dhtmlChain hangs moves below parent as a line and returns the nodes.
func dhtmlChain(parent *Node, moves []board.Move, pos Pos) []*Node {
	if len(moves) == 0 {
		return nil
	}
	alloc := newNodeAlloc(len(moves), len(moves))
	nodes := make([]*Node, len(moves))
	cur := parent
	for i, m := range moves {
		n := alloc.add(cur)
		n.Move, n.Pos = m, pos
		nodes[i] = n
		cur = n
	}
	return nodes
}

// dhtmlMoves decodes a move string: 4 digits per ply, x then row from the
// top, non-digits ignored.
func dhtmlMoves(v string, pos Pos, problem func(Pos, string, error)) []board.Move {
	digits := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		if v[i] >= '0' && v[i] <= '9' {
			digits = append(digits, v[i]-'0')
		}
	}
	if len(digits)%4 != 0 {
		problem(pos, v[max(0, len(v)-8):], fmt.Errorf("%w: move list length %d is not a multiple of 4", ErrSyntax, len(digits)))
	}
	moves := make([]board.Move, 0, len(digits)/4)
	for i := 0; i+4 <= len(digits); i += 4 {
		from, ok1 := dhtmlSquare(digits[i], digits[i+1])
		to, ok2 := dhtmlSquare(digits[i+2], digits[i+3])
		if !ok1 || !ok2 || from == to {
			problem(pos, string(rune('0'+digits[i]))+string(rune('0'+digits[i+1]))+string(rune('0'+digits[i+2]))+string(rune('0'+digits[i+3])),
				fmt.Errorf("%w: bad move at ply %d", ErrSyntax, i/4+1))
			break
		}
		moves = append(moves, board.NewMove(from, to))
	}
	return moves
}

// dhtmlSquare maps DhtmlXQ coordinates (file 0..8, row from the top 0..9).
func dhtmlSquare(x, y byte) (board.Square, bool) {
	if x > 8 || y > 9 {
		return board.NoSquare, false
	}
	return board.SquareAt(int(x), 9-int(y)), true
}

// dhtmlSlotKinds is the piece of each binit slot.
var dhtmlSlotKinds = [32]board.Piece{}

func init() {
	kinds := []board.Kind{board.Rook, board.Knight, board.Bishop, board.Advisor, board.King, board.Advisor, board.Bishop, board.Knight, board.Rook,
		board.Cannon, board.Cannon, board.Pawn, board.Pawn, board.Pawn, board.Pawn, board.Pawn}
	for i, k := range kinds {
		dhtmlSlotKinds[i] = board.MakePiece(board.Red, k)
		dhtmlSlotKinds[16+i] = board.MakePiece(board.Black, k)
	}
}

// dhtmlBinit decodes a binit string. ok is false if it was malformed (the
// readable part is still placed).
func dhtmlBinit(v string) (binBoard, bool) {
	var b binBoard
	digits := make([]byte, 0, 64)
	for i := 0; i < len(v); i++ {
		if v[i] >= '0' && v[i] <= '9' {
			digits = append(digits, v[i]-'0')
		}
	}
	ok := len(digits) == 64
	for slot := 0; slot < 32 && 2*slot+1 < len(digits); slot++ {
		x, y := digits[2*slot], digits[2*slot+1]
		if x == 9 && y == 9 {
			continue
		}
		sq, valid := dhtmlSquare(x, y)
		if !valid {
			ok = false
			continue
		}
		if !b[sq].IsEmpty() {
			ok = false
		}
		b[sq] = dhtmlSlotKinds[slot]
	}
	return b, ok
}

// dhtmlCommentText turns a comment value into plain text: "||" is a line
// break, HTML tags are removed, entities and \uXXXX escapes decoded.
func dhtmlCommentText(v string) string {
	v = strings.ReplaceAll(v, "||", "\n")
	if strings.IndexByte(v, '<') >= 0 {
		var b strings.Builder
		in := false
		for _, r := range v {
			switch {
			case r == '<':
				in = true
			case r == '>' && in:
				in = false
			case !in:
				b.WriteRune(r)
			}
		}
		v = b.String()
	}
	if strings.Contains(v, `\u`) {
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			if v[i] == '\\' && i+6 <= len(v) && v[i+1] == 'u' {
				if n, err := strconv.ParseUint(v[i+2:i+6], 16, 32); err == nil {
					b.WriteRune(rune(n))
					i += 5
					continue
				}
			}
			b.WriteByte(v[i])
		}
		v = b.String()
	}
	if strings.IndexByte(v, '&') >= 0 {
		v = html.UnescapeString(v)
	}
	return strings.TrimSpace(v)
}
