package parse_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
)

// ExampleWriteXQF writes a short game with a variation as XQF and reads it
// back.
func ExampleWriteXQF() {
	mv := func(s string) board.Move {
		m, err := board.ParseMove(s)
		if err != nil {
			log.Fatal(err)
		}
		return m
	}
	rec := &parse.Record{
		Tags:   parse.Tags{{Name: "Event", Value: "示例"}, {Name: "Red", Value: "红方"}, {Name: "Black", Value: "黑方"}},
		Result: "1-0",
	}
	rec.Root.Comment = "中炮对屏风马"
	rec.Root.Children = []*parse.Node{{Move: mv("h2e2"), Comment: "当头炮"}}
	rec.Root.Children[0].Children = []*parse.Node{
		{Move: mv("h9g7")},
		{Move: mv("b9c7"), Comment: "变着"},
	}

	var buf bytes.Buffer
	if err := parse.WriteXQF(&buf, rec); err != nil {
		log.Fatal(err)
	}
	back, err := parse.NewXQFReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "example.xqf").Next()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(back.Format, back.Encoding, back.Result, back.Tags.Value("Event"), back.Tags.Value("Red"))
	fmt.Println(back.FEN)
	fmt.Println(back.Root.Comment)
	for _, n := range back.MainLine() {
		fmt.Printf("%v {%s}\n", n.Move, n.Comment)
	}
	alt := back.Root.Children[0].Children[1]
	fmt.Println("variation:", alt.Move, alt.Comment)
	// Output:
	// xqf gb18030 1-0 示例 红方
	// rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w
	// 中炮对屏风马
	// h2e2 {当头炮}
	// h9g7 {}
	// variation: b9c7 变着
}
