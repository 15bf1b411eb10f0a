package players

import (
	"fmt"
	"testing"
)

// mustResolve resolves r, failing tb on an error; the table is closed at
// the end of the test.
func mustResolve(tb testing.TB, r *Resolver) *Table {
	tb.Helper()
	t, err := r.Resolve()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { t.Close() })
	return t
}

// gamesOf reads back the games of a table as they were added (names
// trimmed; the files, which the table keeps hashed, named from add).
func gamesOf(tb testing.TB, t *Table, add []Game) []Game {
	tb.Helper()
	sources := map[[2]uint64]string{}
	for _, g := range add {
		sources[t.st.sourceKey(g.Source)] = g.Source
	}
	var out []Game
	err := t.st.each(func(_ int, g *record) error {
		out = append(out, Game{Red: t.st.names.str(g.red), Black: t.st.names.str(g.black),
			Event: t.st.events.str(g.event), Year: g.year, Result: t.st.results.str(g.result),
			Source: sourceName(sources, g.source), Cluster: string(g.cluster)})
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// sourceName is the file of a hash: its name when known, else the hash
// written out (one name per file all the same).
func sourceName(known map[[2]uint64]string, k [2]uint64) string {
	if s, ok := known[k]; ok {
		return s
	}
	return fmt.Sprintf("%016x%016x", k[0], k[1])
}

// sideOf returns game i's spelling index of side c (0 Red, 1 Black).
func sideOf(tb testing.TB, t *Table, i, c int) int32 {
	tb.Helper()
	sd, err := t.side.at(i)
	if err != nil {
		tb.Fatal(err)
	}
	return sd[c]
}

// TestStoreRoundTrip checks that the games read back as added, through
// the rewrite of their clusters, and that the side file answers games in
// any order.
func TestStoreRoundTrip(t *testing.T) {
	r := NewResolver(nil)
	want := []Game{
		{Red: "胡荣华", Black: " 吕钦 ", Event: "全国个人赛", Year: 1990, Result: "1-0", Source: "a.pgn", Cluster: "c1"},
		{Red: "", Black: "HU Ming", Year: 0, Result: "*", Source: "b.pgn"},
		{Red: "吕钦", Black: "胡荣华", Event: "全国个人赛", Year: -3, Result: "0-1", Source: "a.pgn", Cluster: "c1"},
	}
	for _, g := range want {
		r.Add(g)
	}
	if err := r.st.setClusters(func(num int, c string) (string, error) { return c + "!", nil }); err != nil {
		t.Fatal(err)
	}
	tb := mustResolve(t, r)
	got := gamesOf(t, tb, want)
	if len(got) != len(want) {
		t.Fatalf("%d games, want %d", len(got), len(want))
	}
	for i, g := range want {
		g.Black = trimSpaceASCII(g.Black)
		g.Cluster += "!"
		if got[i] != g {
			t.Errorf("game %d: %+v, want %+v", i, got[i], g)
		}
	}
	for _, i := range []int{2, 0, 1, 2, 0} {
		for c := range 2 {
			s := sideOf(t, tb, i, c)
			name := [2]string{got[i].Red, got[i].Black}[c]
			if (s < 0) != (name == "") {
				t.Errorf("game %d side %d: spelling %d for %q", i, c, s, name)
			}
			if s >= 0 && tb.spellings[s].form.Raw != name {
				t.Errorf("game %d side %d: spelling %q, want %q", i, c, tb.spellings[s].form.Raw, name)
			}
		}
	}
}

func trimSpaceASCII(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}
