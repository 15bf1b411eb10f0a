package parse_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/xqtool/xqtool/parse"
)

func ExampleNewPGNReader() {
	const pgn = `[Game "Chinese Chess"]
[Red "红方"]
[Black "黑方"]
[Result "1-0"]
  1. 炮二平五 马８进７ {屏风马}
  2. 马二进三 (2. 兵七进一) 车９平８
 1-0
`
	r := parse.NewPGNReader(strings.NewReader(pgn), "example.pgn")
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(rec.Tags.Value("Red"), "vs", rec.Tags.Value("Black"), rec.Result, rec.Notation, rec.Encoding)
		var moves []string
		for _, n := range rec.MainLine() {
			moves = append(moves, n.Text)
		}
		fmt.Println(strings.Join(moves, " "))
		second := rec.MainLine()[1]
		fmt.Println("comment:", second.Comment, "| alternative to 马二进三:", second.Children[1].Text)
	}
	// Output:
	// 红方 vs 黑方 1-0 chinese utf-8
	// 炮二平五 马８进７ 马二进三 车９平８
	// comment: 屏风马 | alternative to 马二进三: 兵七进一
}
