package svgboard

import (
	_ "embed" // the font files
	"encoding/base64"
	"sync"
)

//go:generate go run ../internal/fontgen -o font

// FontFamily is the CSS font family of the font the diagrams are drawn
// with first (FontFaceCSS defines it); system fonts follow it in the
// diagrams' font-family, for a page that does not define it.
const FontFamily = "xq-board"

// FontChars are the characters of the embedded font: the pieces in
// simplified, traditional and variant forms, the river's words, the
// words and numerals of Chinese move notation (进退平, 前中后, 一..九 and
// the full-width digits) and the digits, with the space. They are all the
// board draws, and enough for move notation on a page that falls back to
// FontFamily. The font is a subset of Noto Serif CJK SC (SIL Open Font
// License 1.1, font/OFL.txt) made by internal/fontgen (go generate); a
// test checks that font/chars.txt, what it was made from, is FontChars.
const FontChars = " 0123456789" +
	"帅仕相马车炮兵将士象卒" + // the pieces as the board draws them
	"帥將車馬傌俥砲包" + // traditional and variant forms
	"楚河汉界漢" +
	"进退平進後前中后" +
	"一二三四五六七八九" +
	"１２３４５６７８９"

var (
	//go:embed font/xq-board-regular.woff2
	fontRegular []byte
	//go:embed font/xq-board-bold.woff2
	fontBold []byte
)

// FontFaceCSS returns the CSS @font-face rules of FontFamily, regular and
// bold, with the fonts inline as data: URLs (WOFF2, about 10 KB each), so
// a page that includes them needs no font of the machine to show the
// board or Chinese move notation.
func FontFaceCSS() string {
	fontCSSOnce.Do(func() {
		for _, f := range []struct {
			weight string
			data   []byte
		}{{"400", fontRegular}, {"700", fontBold}} {
			fontCSS += `@font-face{font-family:"` + FontFamily + `";font-weight:` + f.weight +
				`;font-display:block;src:url(data:font/woff2;base64,` + base64.StdEncoding.EncodeToString(f.data) + `) format("woff2")}` + "\n"
		}
	})
	return fontCSS
}

var (
	fontCSSOnce sync.Once
	fontCSS     string
)
