package parse_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/xqtool/xqtool/parse"
)

// ExampleNewPlatformReader reads a short 弈天 (MXQ) record: length-prefixed
// fields, the result written in the title, then the moves between "Moves"
// and "Ends".
func ExampleNewPlatformReader() {
	var mxq []byte
	field := func(s string) { mxq = append(append(mxq, byte(len(s))), s...) }
	for _, s := range []string{"site", "2016-12-27", "red-\xca\xa4-black", "1500", "1348", "", "", "", "", "", ""} {
		field(s) // "-\xca\xa4-" is "-胜-" in GBK: red won
	}
	for _, s := range []string{"Moves", "7C-4C", "7J-6H", "Ends"} {
		field(s)
	}
	f := parse.Detect(mxq, "game.bin")
	rd, err := parse.NewPlatformReader(f, bytes.NewReader(mxq), "game.bin")
	if err != nil {
		log.Fatal(err)
	}
	rec, err := rd.Next()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(f, rec.Tags.Value("Red"), rec.Tags.Value("Black"), rec.Result)
	for _, n := range rec.MainLine() {
		fmt.Print(n.Move, " ")
	}
	fmt.Println()
	// Output:
	// mxq red black 1-0
	// h2e2 h9g7
}
