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

// A pipeline that is done with each record releases it: the records read
// after it take over its move tree's storage.
func ExampleRecord_Release() {
	const pgn = "[Event \"a\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n[Event \"b\"]\n1. c3c4 b9c7 *\n"
	r := parse.NewPGNReader(strings.NewReader(pgn), "games.pgn")
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(rec.Tags.Value("Event"), len(rec.MainLine()), "plies")
		rec.Release() // rec and its nodes must not be used after this
	}
	// Output:
	// a 4 plies
	// b 2 plies
}
