package notation_test

import (
	"errors"
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

func Example() {
	p := board.StartPosition()
	for _, text := range []string{"炮二平五", "马8进7", "H2+3", "I9-H9"} {
		m, err := notation.ResolveText(&p, text, notation.NotationAuto)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s %s %s\n", text, notation.FormatChinese(&p, m, notation.ChineseStyle{}),
			notation.FormatWXF(&p, m), notation.FormatICCS(m, true))
		p.MakeMove(m)
	}
	_, err := notation.ResolveText(&p, "车一进四", notation.NotationChinese)
	fmt.Println(errors.Is(err, notation.ErrIllegal), errors.Is(err, board.ErrBlocked))
	// Output:
	// 炮二平五: 炮二平五 C2.5 H2-E2
	// 马8进7: 马８进７ H8+7 H9-G7
	// H2+3: 马二进三 H2+3 H0-G2
	// I9-H9: 车９平８ R9.8 I9-H9
	// true true
}
