package engine

import (
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
)

func TestParseMove(t *testing.T) {
	tests := []struct {
		text  string
		ranks Ranks
		iccs  string // "" = error
	}{
		{"h2e2", Ranks09, "h2e2"},
		{"h0h9", Ranks09, "h0h9"},
		{"h1h10", Ranks110, "h0h9"},
		{"h10h1", Ranks110, "h9h0"},
		{"b1c3", Ranks110, "b0c2"},
		{"a10a1", Ranks110, "a9a0"},
		{"h3e3", Ranks110, "h2e2"},
		{"h0e0", Ranks110, ""},   // no rank 0 there
		{"h1h10", Ranks09, ""},   // no rank 10 here
		{"h11h1", Ranks110, ""},  // rank 11
		{"j0j1", Ranks09, ""},    // file j
		{"h2h2", Ranks09, ""},    // null move
		{"h2e2q", Ranks09, ""},   // trailing junk
		{"(none)", Ranks09, ""},  // no move
		{"0000", Ranks09, ""},    // no move
		{"H2E2", Ranks09, ""},    // upper case is not engine output
		{"h2-e2", Ranks09, ""},   // hyphen
		{"", Ranks110, ""},       // empty
		{"h010", Ranks110, ""},   // "h0" is not a square here
		{"a1a10x", Ranks110, ""}, // trailing junk
	}
	for _, tt := range tests {
		m, err := parseMove(tt.text, tt.ranks)
		if tt.iccs == "" {
			if err == nil {
				t.Errorf("%q (%v): %v, want an error", tt.text, tt.ranks, m)
			}
			continue
		}
		if err != nil || m.String() != tt.iccs {
			t.Errorf("%q (%v): %v %v, want %s", tt.text, tt.ranks, m, err, tt.iccs)
		}
		if back := formatMove(m, tt.ranks); back != tt.text {
			t.Errorf("%q (%v): formatted back as %q", tt.text, tt.ranks, back)
		}
	}
}

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line  string
		proto Protocol
		want  info
		err   bool
	}{
		{"depth 8 seldepth 9 multipv 1 score cp 28 nodes 19678 nps 16563 hashfull 10 tbhits 0 time 1188 pv c1e3 b10c8", UCI,
			info{depth: 8, multipv: 1, score: CP(28), hasScore: true, nodes: 19678, hasNodes: true, pv: []string{"c1e3", "b10c8"}}, false},
		{"depth 3 score mate -2 pv a1a2", UCI, info{depth: 3, score: MateIn(-2), hasScore: true, pv: []string{"a1a2"}}, false},
		{"depth 5 score cp 40 lowerbound nodes 9", UCI, info{depth: 5, score: CP(40), hasScore: true, bound: true, nodes: 9, hasNodes: true}, false},
		{"depth 5 wdl 500 400 100 score cp 3", UCI, info{depth: 5, score: CP(3), hasScore: true}, false},
		{"string classical evaluation enabled", UCI, info{}, false},
		{"depth 6 score 4 pv b0c2 b9c7", UCCI, info{depth: 6, score: CP(4), hasScore: true, pv: []string{"b0c2", "b9c7"}}, false},
		{"depth 6 score 9999 pv a4a8", UCCI, info{depth: 6, score: MateIn(1), hasScore: true, pv: []string{"a4a8"}}, false},
		{"depth 6 score -9996", UCCI, info{depth: 6, score: MateIn(-2), hasScore: true}, false},
		{"depth 6 score -9997", UCCI, info{depth: 6, score: MateIn(-2), hasScore: true}, false},
		{"time 100 nodes 2000", UCCI, info{nodes: 2000, hasNodes: true}, false},
		{"depth 6 score 4", UCI, info{}, true},
		{"depth x", UCI, info{}, true},
		{"depth", UCI, info{}, true},
		{"depth -1", UCI, info{}, true},
		{"score cp", UCI, info{}, true},
		{"score cp 99999999999", UCI, info{}, true},
		{"nodes 12x", UCI, info{}, true},
	}
	for _, tt := range tests {
		got, err := parseInfo(strings.Fields(tt.line), tt.proto)
		if tt.err {
			if err == nil {
				t.Errorf("%q: %+v, want an error", tt.line, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.line, err)
			continue
		}
		if got.depth != tt.want.depth || got.score != tt.want.score || got.hasScore != tt.want.hasScore ||
			got.bound != tt.want.bound || got.nodes != tt.want.nodes || strings.Join(got.pv, " ") != strings.Join(tt.want.pv, " ") {
			t.Errorf("%q: %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

func TestOptionName(t *testing.T) {
	if n := optionName(strings.Fields("name Skill Level type spin default 20 min -20 max 20"), UCI); n != "Skill Level" {
		t.Fatal(n)
	}
	if n := optionName(strings.Fields("usemillisec type check default false"), UCCI); n != "usemillisec" {
		t.Fatal(n)
	}
	if o, err := ParseOption("Skill Level = 20"); err != nil || o != (Option{"Skill Level", "20"}) {
		t.Fatal(o, err)
	}
	for _, bad := range []string{"", "=3", "Hash", "Hash=1\nquit"} {
		if _, err := ParseOption(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestSearchFEN(t *testing.T) {
	p, err := board.PositionFromFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12")
	if err != nil {
		t.Fatal(err)
	}
	if got := SearchFEN(&p); got != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1" {
		t.Fatal(got)
	}
}

// FuzzParseInfo: an engine's info line is untrusted text. Parsing never
// panics, and a score it returns is within the bounds parseScore allows.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"depth 8 seldepth 9 multipv 1 score cp 28 nodes 19678 pv c1e3 b10c8",
		"depth 6 score 9999 pv a4a8", "score mate -3", "string x", "depth", "score cp",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, line string, ucci bool) {
		proto := UCI
		if ucci {
			proto = UCCI
		}
		in, err := parseInfo(strings.Fields(line), proto)
		if err == nil && in.hasScore && (in.score.CP > 1<<30 || in.score.CP < -(1<<30)) {
			t.Fatalf("score %v", in.score)
		}
	})
}

// FuzzParseMove: a move read back is a valid move that formats back to the
// same text.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"h2e2", "h1h10", "a10a1", "b1c3", "(none)", "h010"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []Ranks{Ranks09, Ranks110} {
			m, err := parseMove(s, r)
			if err != nil {
				continue
			}
			if !m.Valid() {
				t.Fatalf("%q: invalid move %v", s, m)
			}
			if back := formatMove(m, r); back != s {
				t.Fatalf("%q (%v): formats back as %q", s, r, back)
			}
		}
	})
}
