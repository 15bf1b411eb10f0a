package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string // nil: an error
	}{
		{"./pikafish", []string{"./pikafish"}},
		{"  node --no-experimental-fetch  uci.js ", []string{"node", "--no-experimental-fetch", "uci.js"}},
		{`node "/opt/my engines/uci.js"`, []string{"node", "/opt/my engines/uci.js"}},
		{`node '/opt/my engines/uci.js'`, []string{"node", "/opt/my engines/uci.js"}},
		{`a\ b c`, []string{"a b", "c"}},
		{`"say \"hi\" \n"`, []string{`say "hi" \n`}},
		{`'$HOME' ~ *`, []string{"$HOME", "~", "*"}},
		{`x ''`, []string{"x", ""}},
		{`pre"mid"'post'`, []string{"premidpost"}},
		{"", nil},
		{"   ", nil},
		{`'open`, nil},
		{`"open`, nil},
		{`end\`, nil},
	}
	for _, tt := range tests {
		got, err := ParseCommand(tt.in)
		if tt.want == nil {
			if err == nil {
				t.Errorf("%q: %q, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q %v, want %q", tt.in, got, err, tt.want)
		}
	}
}

// FuzzParseCommand: words quoted back and split again give the same words.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"node 'a b' \"c\\\"d\" e\\ f", "x", `"`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := ParseCommand(s)
		if err != nil {
			return
		}
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		again, err := ParseCommand(strings.Join(quoted, " "))
		if err != nil || !slices.Equal(again, words) {
			t.Fatalf("%q: %q, quoted back %q: %v", s, words, again, err)
		}
	})
}
