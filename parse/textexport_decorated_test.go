package parse

import (
	"strings"
	"testing"
)

// TestTextExportDecorated holds textExportDecorated to its definition:
// a rule, a title, or a heading whose fields spell "棋谱红方黑方" or
// "最新弈法" once the spaces between them are taken out.
func TestTextExportDecorated(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"棋谱   红方   黑方", true},
		{"  棋谱\t红方　黑方  ", true}, // an ideographic space too
		{"棋谱红方黑方", true},
		{"最新弈法", true},
		{" 最新 弈法 ", true},
		{"----------", true},
		{"棋谱   红方", false},
		{"棋谱   红方   黑方   备注", false},
		{"最新弈法：", false},
		{"", false},
		{"   ", false},
		{"1. 炮二平五 马８进７ 2. 马二进三 车９平８", false},
		{"棋 谱红 方黑方", true}, // fields are joined, as before
	} {
		if got := textExportDecorated(tc.line); got != tc.want {
			t.Errorf("textExportDecorated(%q) = %v, want %v", tc.line, got, tc.want)
		}
		// The definition it replaced: the fields joined.
		joined := strings.Join(strings.Fields(tc.line), "")
		spelled := fieldsSpell(tc.line, "棋谱红方黑方") || fieldsSpell(tc.line, "最新弈法")
		if want := joined == "棋谱红方黑方" || joined == "最新弈法"; spelled != want {
			t.Errorf("fieldsSpell(%q) disagrees with the joined fields %q", tc.line, joined)
		}
	}
}

func FuzzFieldsSpell(f *testing.F) {
	for _, s := range []string{"棋谱 红方 黑方", "最新弈法", "", " a b ", "1. 炮二平五"} {
		f.Add(s, "棋谱红方黑方")
	}
	f.Fuzz(func(t *testing.T, l, want string) {
		if got, ref := fieldsSpell(l, want), strings.Join(strings.Fields(l), "") == want; got != ref {
			t.Fatalf("fieldsSpell(%q, %q) = %v, joined fields say %v", l, want, got, ref)
		}
	})
}
