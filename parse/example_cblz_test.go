package parse_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
	"log"

	"github.com/xqtool/xqtool/parse"
)

// ExampleNewCBRReader_compressed builds a compressed CCBridge library of
// one game in memory (docs/cbl-compressed.md) and reads it.
func ExampleNewCBRReader_compressed() {
	var p []byte
	u32 := func(v int) { p = binary.LittleEndian.AppendUint32(p, uint32(v)) }
	str := func(s string) { u32(len(s)); p = append(p, s...) }
	times := "2001-2-18 12:30:19 2001-2-18 12:30:19 "
	// Library: name, two strings, creator, e-mail, times, game count and
	// the library comment.
	for _, s := range []string{"Lib", "", "", "", ""} {
		str(s)
	}
	p = append(p, times...)
	u32(1)
	str("Opening lines")
	// The game: its size, then the pieces (standard start), type, event,
	// 1, title, six strings, result, five strings, side, times, moves and
	// one comment line per move.
	game := len(p)
	u32(0) // size, set below
	p = append(p, 0x1a, 0x2a, 0x3a, 0x4a, 0x5a, 0x6a, 0x7a, 0x8a, 0x9a, 0x28, 0x88, 0x17, 0x37, 0x57, 0x77, 0x97,
		0x11, 0x21, 0x31, 0x41, 0x51, 0x61, 0x71, 0x81, 0x91, 0x23, 0x83, 0x14, 0x34, 0x54, 0x74, 0x94)
	u32(1)
	str("Cup")
	u32(1)
	str("Game 1")
	for range 6 {
		str("")
	}
	u32(3) // draw
	for _, s := range []string{"", "", "", "", "intro"} {
		str(s)
	}
	p = append(p, 1)
	p = append(p, times...)
	u32(2)
	p = append(p, 1, 0, 0x77, 0x47, 0x51, 0x24) // ply 1: h2e2 (炮二平五)
	p = append(p, 2, 0, 0x70, 0x62, 0x17, 0x06) // ply 2: h9g7 (马8进7)
	p = append(p, "good\r\n\r\n"...)
	binary.LittleEndian.PutUint32(p[game:], uint32(len(p)-game))

	var file bytes.Buffer
	file.WriteString("CCBridge")
	binary.Write(&file, binary.LittleEndian, [3]uint32{21, 3, uint32(len(p))})
	w := zlib.NewWriter(&file)
	w.Write(p)
	w.Close()

	r := parse.NewCBRReader(bytes.NewReader(file.Bytes()), int64(file.Len()), "lib.cbl")
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(rec.Format, rec.Tags.Value("Event"), rec.Tags.Value("Title"), rec.Result, rec.Root.Comment)
		fmt.Println("library comment:", rec.Tags.Value(parse.CBLLibraryComment))
		for _, n := range rec.MainLine() {
			fmt.Println(n.Move, n.Comment)
		}
	}
	// Output:
	// cbl Cup Game 1 1/2-1/2 intro
	// library comment: Opening lines
	// h2e2 good
	// h9g7
}
