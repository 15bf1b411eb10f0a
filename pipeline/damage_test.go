package pipeline_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/pipeline"
)

// damagedGame is what a game read must keep: its tags and main line.
type damagedGame struct {
	file   string // as given to the pipeline
	offset int64  // where the game starts in its file
	tags   string
	moves  string
}

// readAll runs the pipeline over paths and returns every game and every
// file.
func readAll(t *testing.T, paths ...string) ([]damagedGame, []pipeline.File) {
	t.Helper()
	var games []damagedGame
	c := &collector{game: func(g *pipeline.Game) {
		tags, _ := json.Marshal(g.Record().Tags)
		var moves []string
		if gm := g.Replay(); gm != nil {
			for _, p := range gm.Plies {
				moves = append(moves, p.Move.String())
			}
		}
		games = append(games, damagedGame{g.Source(), g.Record().Pos.Offset, string(tags), strings.Join(moves, " ")})
	}}
	run(t, defaultOptions(), paths, c)
	return games, c.files
}

// TestDamagedRealFiles damages a few hundred real files the ordinary ways
// — truncated, bytes flipped, a junk line inserted, a NUL byte inserted in
// the move text — with a fixed seed, and checks that nothing is lost: no
// panic, every damaged file has its files row, and every game whose bytes
// (and the line break before it) survived intact is read with the same
// tags and main line as from the undamaged file; a game with a NUL in its
// move text keeps its main line too.
func TestDamagedRealFiles(t *testing.T) {
	src := recordsDir(t)
	var files []string
	filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(p, "expected.jsonl") {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	rng := rand.New(rand.NewPCG(14, 14))
	rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	var picked []string
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil && len(b) > 0 && !bytes.HasPrefix(b, []byte{0xFF, 0xFE}) {
			picked = append(picked, f)
		}
		if len(picked) == 300 {
			break
		}
	}
	// The undamaged games, by file.
	orig, _ := readAll(t, picked...)
	byFile := map[string][]damagedGame{}
	for _, g := range orig {
		byFile[g.file] = append(byFile[g.file], g)
	}

	dir := t.TempDir()
	type damage struct {
		kind     string
		from, to int64 // the original bytes [from, to) that changed
		nulAt    int64 // where a NUL went into move text (-1 if none)
	}
	damaged := map[string]damage{} // damaged copy -> damage
	origOf := map[string]string{}  // damaged copy -> original
	sizes := map[string]int64{}    // original -> size
	for i, f := range picked {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sizes[f] = int64(len(b))
		d := damage{nulAt: -1}
		var out []byte
		text := byFile[f] != nil && strings.HasPrefix(strings.ToLower(filepath.Ext(f)), ".pgn")
		kinds := []string{"truncate", "flip", "junk"}
		if text {
			kinds = append(kinds, "nul")
		}
		switch d.kind = kinds[rng.IntN(len(kinds))]; d.kind {
		case "truncate":
			cut := rng.IntN(len(b))
			out = b[:cut]
			d.from, d.to = int64(cut), int64(len(b))
		case "flip":
			out = bytes.Clone(b)
			d.from = int64(len(b))
			for range 1 + rng.IntN(4) {
				j := rng.IntN(len(out))
				out[j] ^= byte(1 << rng.IntN(8))
				d.from, d.to = min(d.from, int64(j)), max(d.to, int64(j)+1)
			}
		case "junk", "nul":
			// At a character boundary (after an ASCII byte) so that no
			// character is cut in two; a NUL only into move text.
			var at []int
			for j := 1; j < len(b); j++ {
				if b[j-1] >= 0x80 {
					continue
				}
				ls := bytes.LastIndexByte(b[:j], '\n') + 1
				if d.kind == "nul" && (j == ls || bytes.HasPrefix(bytes.TrimLeft(b[ls:j], " \t"), []byte("["))) {
					continue
				}
				at = append(at, j)
			}
			if len(at) == 0 {
				at = []int{0}
			}
			j := at[rng.IntN(len(at))]
			ins := []byte{0}
			if d.kind == "junk" {
				ins = []byte("\n%#@!~ junk " + fmt.Sprint(rng.Uint32()) + " }{)(\n")
				d.from, d.to = int64(j), int64(j)+1
			} else {
				d.nulAt = int64(j)
				d.from, d.to = int64(j), int64(j)
			}
			out = append(append(append([]byte(nil), b[:j]...), ins...), b[j:]...)
		}
		name := filepath.Join(dir, fmt.Sprintf("%03d-%s%s", i, d.kind, filepath.Ext(f)))
		if err := os.WriteFile(name, out, 0o644); err != nil {
			t.Fatal(err)
		}
		damaged[name], origOf[name] = d, f
	}

	games, rows := readAll(t, dir)
	// Every damaged file is accounted for.
	seen := map[string]bool{}
	for _, r := range rows {
		seen[r.Source] = true
	}
	for name := range damaged {
		if !seen[name] {
			t.Errorf("%s has no files row", filepath.Base(name))
		}
	}
	if len(rows) != len(damaged) {
		t.Errorf("%d files rows for %d damaged files", len(rows), len(damaged))
	}
	got := map[string]map[string]int{} // damaged file -> tags+moves -> count
	for _, g := range games {
		if got[g.file] == nil {
			got[g.file] = map[string]int{}
		}
		got[g.file][g.tags+"|"+g.moves]++
	}
	byKind := map[string][2]int{} // intact games: kept, checked
	for name, d := range damaged {
		f := origOf[name]
		gs := byFile[f]
		for k, g := range gs {
			end := sizes[f]
			if k+1 < len(gs) {
				end = gs[k+1].offset
			}
			start := max(g.offset-1, 0) // with the line break before it
			intact := d.to <= start || d.from >= end || d.kind == "junk" && d.from == start
			if d.kind == "truncate" {
				intact = end <= d.from
			}
			c := byKind[d.kind]
			switch {
			case intact:
				c[1]++
				if got[name][g.tags+"|"+g.moves] > 0 {
					c[0]++
				} else {
					t.Errorf("%s (%s damaged at %d..%d): intact game at %d lost:\n%s\n%s", filepath.Base(name), d.kind, d.from, d.to, g.offset, g.tags, g.moves)
				}
			case d.nulAt >= start && d.nulAt < end:
				c[1]++
				found := false
				for key := range got[name] {
					found = found || strings.HasSuffix(key, "|"+g.moves)
				}
				if found {
					c[0]++
				} else {
					t.Errorf("%s: the game with a NUL in its move text lost its main line %s", filepath.Base(name), g.moves)
				}
			}
			byKind[d.kind] = c
		}
	}
	t.Logf("%d damaged files, %d games read; intact games kept/checked by damage: %v", len(damaged), len(games), byKind)
}
