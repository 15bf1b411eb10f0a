// Command samplegen writes xqtool's own sample corpus: a few games in every
// supported format and encoding, written by the project's writers
// (notation formatters, the XQF writer, and small encoders for DhtmlXQ,
// CBF and CBR), plus hand-made broken records that raise every flag.
//
// The games are short standard opening lines and constructed endgames;
// nothing is copied from other collections. The corpus is committed under
// sample/ and checked by a golden test; regenerate it with
//
//	go run ./internal/samplegen -o sample
package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/randgame"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
)

// game is a sample game: a start position and a main line in Chinese
// notation (resolved and re-written in each target notation).
type game struct {
	tags  [][2]string
	fen   string // "" = standard start
	moves []string
	// comments by ply (1-based; 0 = game comment)
	comments map[int]string
	// variation: alternative Chinese moves replacing ply varAt
	varAt    int
	varMoves []string
	result   string
}

var gameA = game{
	tags: [][2]string{{"Event", "xqtool sample match"}, {"Site", "Sample City"}, {"Date", "2024.05.01"},
		{"Round", "1"}, {"Red", "Red Player"}, {"Black", "Black Player"}, {"ECCO", "C04"},
		{"Opening", "中炮过河车对屏风马"}},
	moves: strings.Fields(`炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３ 兵七进一 卒７进１
		车二进六 炮８平９ 车二平三 炮９退１ 马八进七 士４进５ 马七进六 炮９平７ 车三平四 马７进８
		炮八平七 车１平２`),
	comments: map[int]string{0: "中炮对屏风马的常见变化", 9: "过河车"},
	varAt:    10, varMoves: strings.Fields("马７进８ 车二平三"),
	result: "1/2-1/2",
}

var gameB = game{
	tags: [][2]string{{"Event", "xqtool sample match"}, {"Site", "Sample City"}, {"Date", "2024.05.02"},
		{"Round", "2"}, {"Red", "Black Player"}, {"Black", "Red Player"}},
	moves: strings.Fields(`兵七进一 卒７进１ 炮二平三 炮８平５ 马二进一 马８进７ 车一平二 车９平８
		马八进七 马２进３ 车九进一 车１进１`),
	result: "1-0",
}

// gameMate: Red mates with the rook (a constructed endgame).
var gameMate = game{
	tags:     [][2]string{{"Event", "xqtool sample endgames"}, {"Date", "2024.06.01"}, {"Red", "Study"}, {"Black", "Study"}},
	fen:      "3k5/1R7/R8/9/9/9/9/9/9/4K4 w - - 0 1",
	moves:    []string{"车九进二"},
	comments: map[int]string{1: "双车错杀"},
	result:   "1-0",
}

// gameBlackFirst: an endgame with Black to move first.
var gameBlackFirst = game{
	tags:     [][2]string{{"Event", "xqtool sample endgames"}, {"Date", "2024.06.02"}, {"Red", "Study"}, {"Black", "Study"}},
	fen:      "3k5/9/9/9/9/9/9/9/4r4/5K3 b - - 0 1",
	moves:    []string{"车５平６", "帅四平五", "车６平５"},
	comments: map[int]string{0: "黑先胜", 3: "黑胜"},
	result:   "0-1",
}

// gamePerpetual: Red checks for ever with the rook; under both rule sets
// the checking side must change, so Red loses at the third occurrence.
var gamePerpetual = game{
	tags:   [][2]string{{"Event", "xqtool sample rules"}, {"Date", "2024.07.01"}, {"Red", "Checker"}, {"Black", "Defender"}},
	fen:    "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
	moves:  strings.Fields("车九进九 将５进１ 车九退一 将５退１ 车九进一 将５进１ 车九退一 将５退１ 车九进一"),
	result: "0-1",
}

// position replays a game's moves, returning the positions before each
// move and the moves.
func (g *game) replay() (board.Position, []board.Position, []board.Move, error) {
	start := board.StartPosition()
	if g.fen != "" {
		var err error
		start, err = board.PositionFromFEN(g.fen)
		if err != nil {
			return start, nil, nil, err
		}
	}
	p := start
	var before []board.Position
	var moves []board.Move
	for _, t := range g.moves {
		m, err := notation.ResolveText(&p, t, notation.NotationChinese)
		if err != nil {
			return start, nil, nil, fmt.Errorf("%q: %w", t, err)
		}
		before = append(before, p)
		moves = append(moves, m)
		p.MakeMove(m)
	}
	return start, before, moves, nil
}

// variation resolves the variation moves from the position before ply varAt.
func (g *game) variation(before []board.Position) ([]board.Move, []board.Position, error) {
	if g.varAt == 0 {
		return nil, nil, nil
	}
	p := before[g.varAt-1]
	var ms []board.Move
	var ps []board.Position
	for _, t := range g.varMoves {
		m, err := notation.ResolveText(&p, t, notation.NotationChinese)
		if err != nil {
			return nil, nil, fmt.Errorf("variation %q: %w", t, err)
		}
		ps = append(ps, p)
		ms = append(ms, m)
		p.MakeMove(m)
	}
	return ms, ps, nil
}

type pgnStyle struct {
	notation    notation.Notation
	chinese     notation.ChineseStyle
	crlf        bool
	placeholder string // written for a missing Red move when Black starts
	advert      bool
	formatTag   string
}

func (g *game) format(p *board.Position, m board.Move, st pgnStyle) string {
	switch st.notation {
	case notation.NotationWXF:
		return notation.FormatWXF(p, m)
	case notation.NotationICCS:
		return notation.FormatICCS(m, true)
	}
	return notation.FormatChinese(p, m, st.chinese)
}

// pgn writes the game as PGN text in the given style.
func (g *game) pgn(st pgnStyle) (string, error) {
	start, before, moves, err := g.replay()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	nl := "\n"
	if st.crlf {
		nl = "\r\n"
	}
	b.WriteString(`[Game "Chinese Chess"]` + nl)
	for _, t := range g.tags {
		fmt.Fprintf(&b, "[%s \"%s\"]%s", t[0], t[1], nl)
	}
	fmt.Fprintf(&b, "[Result \"%s\"]%s", g.result, nl)
	if g.fen != "" {
		fmt.Fprintf(&b, "[FEN \"%s\"]%s", start.FEN(), nl)
	}
	if st.formatTag != "" {
		fmt.Fprintf(&b, "[Format \"%s\"]%s", st.formatTag, nl)
	}
	if c := g.comments[0]; c != "" {
		fmt.Fprintf(&b, "{%s}%s", c, nl)
	}
	varMoves, varPos, err := g.variation(before)
	if err != nil {
		return "", err
	}
	blackFirst := start.Side() == board.Black
	for i, m := range moves {
		p := before[i]
		num := p.FullMove()
		if p.Side() == board.Red {
			fmt.Fprintf(&b, "%d. ", num)
		} else if i == 0 && blackFirst {
			fmt.Fprintf(&b, "%d. %s ", num, st.placeholder)
		}
		b.WriteString(g.format(&p, m, st))
		b.WriteString(" ")
		if i+1 == g.varAt {
			b.WriteString("(")
			for j, vm := range varMoves {
				vp := varPos[j]
				if vp.Side() == board.Red {
					fmt.Fprintf(&b, "%d. ", vp.FullMove())
				} else if j == 0 {
					fmt.Fprintf(&b, "%d. ... ", vp.FullMove())
				}
				b.WriteString(g.format(&vp, vm, st))
				if j < len(varMoves)-1 {
					b.WriteString(" ")
				}
			}
			b.WriteString(") ")
		}
		if c := g.comments[i+1]; c != "" {
			fmt.Fprintf(&b, "{%s} ", c)
		}
		if p.Side() == board.Black && i < len(moves)-1 {
			b.WriteString(nl)
		}
	}
	b.WriteString(g.result + nl)
	if st.advert {
		b.WriteString("============================" + nl + "xqtool sample corpus" + nl)
	}
	b.WriteString(nl)
	return b.String(), nil
}

// record builds a parse.Record with coordinate moves (for the binary
// writers).
func (g *game) record() (*parse.Record, error) {
	start, before, moves, err := g.replay()
	if err != nil {
		return nil, err
	}
	rec := &parse.Record{Result: g.result}
	for _, t := range g.tags {
		rec.Tags.Set(t[0], t[1])
	}
	rec.Tags.Set("Result", g.result)
	if g.fen != "" {
		rec.FEN = start.FEN()
	}
	rec.Root.Comment = g.comments[0]
	varMoves, _, err := g.variation(before)
	if err != nil {
		return nil, err
	}
	node := &rec.Root
	for i, m := range moves {
		n := &parse.Node{Move: m, Comment: g.comments[i+1]}
		node.Children = append(node.Children, n)
		if i+1 == g.varAt {
			alt := &parse.Node{Move: varMoves[0]}
			node.Children = append(node.Children, alt)
			cur := alt
			for _, vm := range varMoves[1:] {
				nn := &parse.Node{Move: vm}
				cur.Children = append(cur.Children, nn)
				cur = nn
			}
		}
		node = n
	}
	return rec, nil
}

func encodeGB(s string) []byte {
	b, err := simplifiedchinese.GB18030.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

func encodeBig5(s string) []byte {
	b, err := traditionalchinese.Big5.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(fmt.Sprintf("big5: %v", err))
	}
	return b
}

// traditional returns g with its text in traditional characters (Big5 has
// no simplified ones).
func traditional(g game) game {
	r := strings.NewReplacer("过", "過", "车", "車", "对", "對", "风", "風", "马", "馬", "见", "見", "变", "變", "杀", "殺")
	t := g
	t.tags = nil
	for _, kv := range g.tags {
		t.tags = append(t.tags, [2]string{kv[0], r.Replace(kv[1])})
	}
	t.comments = map[int]string{}
	for k, v := range g.comments {
		t.comments[k] = r.Replace(v)
	}
	return t
}

// quietGame returns 130 plies of random legal moves from the start that
// capture nothing (a deterministic seed), in ICCS: it reaches the natural
// move limit.
func quietGame() []string {
	var out []string
	for _, m := range randgame.Quiet(rand.New(rand.NewPCG(2024, 6)), 130) {
		out = append(out, notation.FormatICCS(m, true))
	}
	return out
}

// Files returns the sample corpus: file name → content.
func Files() (map[string][]byte, error) {
	files := map[string][]byte{}
	var err error
	pgn := func(g game, st pgnStyle) string {
		if err != nil {
			return ""
		}
		var s string
		s, err = g.pgn(st)
		return s
	}
	xqbase := pgnStyle{notation: notation.NotationChinese, crlf: true, advert: true}
	files["xqbase-gbk.pgn"] = encodeGB(pgn(gameA, xqbase) + pgn(gameB, xqbase))
	files["taiwan-big5.pgn"] = encodeBig5(pgn(traditional(gameA), pgnStyle{notation: notation.NotationChinese, chinese: notation.ChineseStyle{Traditional: true}, crlf: true}))
	files["endgames-utf8-bom.pgn"] = append([]byte("\xef\xbb\xbf"), pgn(gameMate, pgnStyle{notation: notation.NotationChinese})+
		pgn(gameBlackFirst, pgnStyle{notation: notation.NotationChinese, placeholder: "…………", chinese: notation.ChineseStyle{ASCIIDigits: true}})...)
	files["engine-wxf.pgn"] = []byte(pgn(gameB, pgnStyle{notation: notation.NotationWXF, formatTag: "WXF"}))
	files["engine-iccs.pgn"] = []byte(pgn(gameA, pgnStyle{notation: notation.NotationICCS, formatTag: "ICCS"}))
	files["rules-perpetual-check.pgn"] = []byte(pgn(gamePerpetual, pgnStyle{notation: notation.NotationChinese}))
	if err != nil {
		return nil, err
	}

	// Natural move limit: 130 quiet plies, ICCS.
	var nb strings.Builder
	nb.WriteString("[Game \"Chinese Chess\"]\n[Event \"xqtool sample rules\"]\n[Date \"2024.07.02\"]\n[Red \"Shuffler\"]\n[Black \"Shuffler\"]\n[Result \"1/2-1/2\"]\n[Format \"ICCS\"]\n")
	for i, m := range quietGame() {
		if i%2 == 0 {
			fmt.Fprintf(&nb, "%d. ", i/2+1)
		}
		nb.WriteString(m)
		if i%2 == 1 {
			nb.WriteString("\n")
		} else {
			nb.WriteString(" ")
		}
	}
	nb.WriteString("1/2-1/2\n")
	files["rules-natural-limit.pgn"] = []byte(nb.String())

	// PlayOK / WXF keyword dialect, Black in lowercase.
	wxf, err := playOK(gameB)
	if err != nil {
		return nil, err
	}
	files["playok.wxf"] = []byte(wxf)

	// XQF 1.0 written by parse.WriteXQF, with a comment and a variation.
	recA, err := gameA.record()
	if err != nil {
		return nil, err
	}
	var xb bytes.Buffer
	if err := parse.WriteXQF(&xb, recA); err != nil {
		return nil, err
	}
	files["xqstudio-v10.xqf"] = xb.Bytes()

	dh, err := dhtmlXQ(gameA)
	if err != nil {
		return nil, err
	}
	files["dpxq-page.html"] = []byte(dh)

	cbf, err := cbfXML(gameMate)
	if err != nil {
		return nil, err
	}
	files["ccbridge.cbf"] = cbf
	cbr, err := cbrRecord(gameB)
	if err != nil {
		return nil, err
	}
	files["ccbridge.cbr"] = cbr

	for name, data := range brokenFiles() {
		files[name] = data
	}

	// A zip archive with two games (archives are read in memory).
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, name := range []string{"archive/a.pgn", "archive/b.xqf"} {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		f, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		src := files["xqbase-gbk.pgn"]
		if strings.HasSuffix(name, ".xqf") {
			src = files["xqstudio-v10.xqf"]
		}
		if _, err := f.Write(src); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	files["archive.zip"] = zb.Bytes()
	return files, nil
}

func playOK(g game) (string, error) {
	_, before, moves, err := g.replay()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("FORMAT\tWXF\nRED\tRed Player ; 1800 ;;\nBLACK\tBlack Player ; 1750 ;;\nRESULT\t" + g.result + "\nDATE\t2024-05-02 10:00:00\nEVENT\txqtool sample ; 10m+0s\nSTART{\n")
	for i, m := range moves {
		p := before[i]
		s := notation.FormatWXF(&p, m)
		if p.Side() == board.Red {
			fmt.Fprintf(&b, "%2d. %s ", p.FullMove(), s)
		} else {
			b.WriteString(strings.ToLower(s) + "\n")
		}
	}
	b.WriteString("}END\n")
	return b.String(), nil
}

// dhtml coordinates: file x then row from the top.
func dhtmlSq(s board.Square) string { return fmt.Sprintf("%d%d", s.File(), 9-s.Rank()) }

func dhtmlXQ(g game) (string, error) {
	_, before, moves, err := g.replay()
	if err != nil {
		return "", err
	}
	var ml strings.Builder
	for _, m := range moves {
		ml.WriteString(dhtmlSq(m.From()) + dhtmlSq(m.To()))
	}
	varMoves, _, err := g.variation(before)
	if err != nil {
		return "", err
	}
	var vl strings.Builder
	for _, m := range varMoves {
		vl.WriteString(dhtmlSq(m.From()) + dhtmlSq(m.To()))
	}
	var b strings.Builder
	b.WriteString("<html><head><meta charset=\"utf-8\"><title>sample</title></head><body>\n<div>\n[DhtmlXQ]\n")
	field := func(k, v string) { fmt.Fprintf(&b, "[DhtmlXQ_%s]%s[/DhtmlXQ_%s]\n", k, v, k) }
	field("ver", "www_dpxq_com")
	field("init", "500,350")
	for _, t := range g.tags {
		switch t[0] {
		case "Event":
			field("event", t[1])
		case "Date":
			field("date", t[1])
		case "Site":
			field("place", t[1])
		case "Red":
			field("red", t[1])
		case "Black":
			field("black", t[1])
		}
	}
	field("result", map[string]string{"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋"}[g.result])
	field("movelist", ml.String())
	field(fmt.Sprintf("move_0_%d_1", g.varAt), vl.String())
	field("comment0", g.comments[0])
	field("comment9", g.comments[9]+"||（第五回合）")
	b.WriteString("[/DhtmlXQ]\n</div>\n</body></html>\n")
	return b.String(), nil
}

func cbfSq(s board.Square) string { return fmt.Sprintf("%d%d", s.File(), 9-s.Rank()) }

func cbfXML(g game) ([]byte, error) {
	start, _, moves, err := g.replay()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n")
	head := map[string]string{"Name": "sample", "Contest": "", "Date": "", "Red": "", "Black": "", "FEN": start.FEN(),
		"RecordResult": map[string]string{"1-0": "1", "0-1": "2", "1/2-1/2": "3"}[g.result], "RecordType": "1"}
	for _, t := range g.tags {
		switch t[0] {
		case "Event":
			head["Contest"] = t[1]
		case "Date", "Red", "Black":
			head[t[0]] = t[1]
		}
	}
	keys := make([]string, 0, len(head))
	for k := range head {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "  <%s>%s</%s>\n", k, head[k], k)
	}
	b.WriteString(" </Head>\n <MoveList>\n  <Move value=\"00-00\" />\n")
	for i, m := range moves {
		end := ""
		if i == len(moves)-1 {
			end = ` end="1"`
		}
		if c := g.comments[i+1]; c != "" {
			fmt.Fprintf(&b, "  <Move value=\"%s-%s\"%s><![CDATA[%s]]></Move>\n", cbfSq(m.From()), cbfSq(m.To()), end, c)
		} else {
			fmt.Fprintf(&b, "  <Move value=\"%s-%s\"%s />\n", cbfSq(m.From()), cbfSq(m.To()), end)
		}
	}
	b.WriteString(" </MoveList>\n</ChineseChessRecord>\n")
	return []byte(b.String()), nil
}

// cbrRecord encodes a CCBridge v2 record (FORMATS §6.2).
func cbrRecord(g game) ([]byte, error) {
	start, _, moves, err := g.replay()
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 2214)
	copy(buf, "CCBridge Record\x00")
	buf[19] = 2
	putStr := func(off, size int, s string) {
		u := utf16.Encode([]rune(s))
		for i, c := range u {
			if 2*i+2 > size-2 {
				break
			}
			binary.LittleEndian.PutUint16(buf[off+2*i:], c)
		}
	}
	for _, t := range g.tags {
		switch t[0] {
		case "Event":
			putStr(692, 64, t[1])
		case "Round":
			putStr(756, 64, t[1])
		case "Date":
			putStr(884, 64, t[1])
		case "Site":
			putStr(948, 64, t[1])
		case "Red":
			putStr(1076, 64, t[1])
		case "Black":
			putStr(1300, 64, t[1])
		}
	}
	putStr(180, 128, "sample")
	buf[2076] = map[string]byte{"1-0": 1, "0-1": 2, "1/2-1/2": 3}[g.result]
	buf[2112] = 1
	if start.Side() == board.Black {
		buf[2112] = 2
	}
	binary.LittleEndian.PutUint16(buf[2116:], 1)
	codes := map[board.Kind]byte{board.Rook: 1, board.Knight: 2, board.Bishop: 3, board.Advisor: 4, board.King: 5, board.Cannon: 6, board.Pawn: 7}
	for sq := board.Square(0); sq < board.Squares; sq++ {
		pc := start.Piece(sq)
		if pc == board.NoPiece {
			continue
		}
		base := byte(0x10)
		if pc.Color() == board.Black {
			base = 0x20
		}
		buf[2120+(9-sq.Rank())*9+sq.File()] = base | codes[pc.Kind()]
	}
	copy(buf[2210:], []byte{0xff, 0xff, 0xff, 0xff})
	idx := func(s board.Square) byte { return byte((9-s.Rank())*9 + s.File()) }
	rootFlags := byte(0)
	if len(moves) == 0 {
		rootFlags = 1
	}
	buf = append(buf, rootFlags, 0, 0, 0)
	for i, m := range moves {
		f := byte(0)
		if i == len(moves)-1 {
			f = 1
		}
		buf = append(buf, f, 0, idx(m.From()), idx(m.To()))
	}
	return buf, nil
}

// brokenFiles are hand-made records, each with a known defect.
func brokenFiles() map[string][]byte {
	tags := "[Game \"Chinese Chess\"]\n[Event \"xqtool sample broken records\"]\n[Date \"2024.08.01\"]\n[Red \"R\"]\n[Black \"B\"]\n"
	files := map[string][]byte{}
	add := func(name, s string) { files["broken/"+name] = []byte(s) }
	add("illegal-move.pgn", tags+"[Result \"1-0\"]\n{马二进四: the horse leg at g0 is blocked}\n1. 炮二平五 马８进７ 2. 马二进四 车９平８ 1-0\n")
	add("unreadable-move.pgn", tags+"[Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进三五 车９平８ 1-0\n")
	add("ambiguous-move.pgn", tags+"[Result \"*\"]\n[FEN \"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1\"]\n{two files with two pawns each: 前兵 names two pawns}\n1. 前兵平五 *\n")
	add("illegal-variation.pgn", tags+"[Result \"1/2-1/2\"]\n1. 炮二平五 (1. 马二进四 马８进７) 马８进７ 2. 马二进三 1/2-1/2\n")
	add("invalid-start.pgn", tags+"[Result \"*\"]\n[FEN \"4k4/9/9/9/9/9/9/4n4/3A5/3K5 w\"]\n{the red advisor on d1 is off its points}\n1. 帅六进一 *\n")
	add("empty-game.pgn", tags+"[Result \"1-0\"]\n1-0\n")
	add("truncated.pgn", tags+"[Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进三 {the file was cut")
	add("move-number-gap.pgn", tags+"[Result \"1/2-1/2\"]\n1. 炮二平五 马８进７ 3. 马二进三 车９平８ 1/2-1/2\n")
	add("missing-result-and-tags.pgn", "[Game \"Chinese Chess\"]\n[Red \"R\"]\n1. 炮二平五 马８进７\n")
	add("result-mismatch.pgn", tags+"[Result \"0-1\"]\n[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n{Red mates, yet the record says Black won}\n1. 车九进二 0-1\n")
	add("stalemate-draw.pgn", tags+"[Result \"1/2-1/2\"]\n[FEN \"3k5/9/R8/9/9/9/9/9/9/4K4 w\"]\n{Black is stalemated (困毙), which loses: a draw is wrong}\n1. 车九进一 1/2-1/2\n")
	add("moves-after-mate.pgn", tags+"[Result \"1-0\"]\n[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n1. 车九进二 将４进１ 1-0\n")
	add("slip.pgn", tags+"[Result \"1/2-1/2\"]\n{马二进四 written for 马二进三 (the horse leg at g0 is blocked): validate asks, --repair restores it}\n"+
		"1. 炮二平五 马８进７ 2. 马二进四 车９平８ 3. 车一平二 马２进３\n4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 车二平三 炮９退１ 1/2-1/2\n")
	add("junk-text.pgn", tags+"[Result \"1-0\"]\n红方： 1. 炮二平五 XYZZY 马８进７ 1-0\n")
	// GBK text with a byte pair that is valid in neither GBK nor Big5.
	files["broken/bad-encoding.pgn"] = append(encodeGB(tags+"[Result \"1-0\"]\n{评注"), append([]byte{0x81, 0x20, 0xff}, encodeGB("}\n1. 炮二平五 马８进７ 1-0\n")...)...)
	// Version 19 does not exist: the record cannot be read.
	bad := make([]byte, 1032)
	copy(bad, "XQ\x13")
	files["broken/bad-version.xqf"] = bad
	// Not a game record at all: counted as a file without games.
	add("notes.txt", "These are notes, not a game record.\n")
	return files
}

// Write writes the corpus into dir (created if needed).
func Write(dir string) error {
	files, err := Files()
	if err != nil {
		return err
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	out := flag.String("o", "sample", "output directory")
	flag.Parse()
	if err := Write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "samplegen:", err)
		os.Exit(1)
	}
}
