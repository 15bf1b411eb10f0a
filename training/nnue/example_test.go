package nnue_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/xqtool/xqtool/training/nnue"
)

func Example() {
	in := `fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
move h3e3
score 20
ply 0
result 1
e
`
	r := nnue.NewPlainReader(strings.NewReader(in))
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		rec, _ := nnue.AppendBin(nil, &e)
		fmt.Printf("%s (ICCS %v): %d bytes, score %x, move %x\n", nnue.AppendMove(nil, e.Move), e.Move, len(rec), rec[64:66], rec[66:68])
	}
	// Output:
	// h3e3 (ICCS h2e2): 72 bytes, score 1400, move 9c0f
}
