package annotate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
)

// FuzzCacheFile: a cache file comes from another run or machine and may be
// torn or damaged. Loading never fails or panics on its content, and every
// entry loaded holds together: its key is its position's, its best move is
// legal there.
func FuzzCacheFile(f *testing.F) {
	prof := Profile{Engine: "E", Protocol: engine.UCI, Limits: "depth 3"}
	hdr, _ := json.Marshal(cacheLine{Version: cacheVersion, Profile: prof.String()})
	p := board.StartPosition()
	good := `{"key":"` + formatKeyHex(p.Key()) + `","fen":"` + engine.SearchFEN(&p) + `","depth":3,"cp":12,"best":"h2e2","pv":"h2e2 h9g7","nodes":7}`
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(`{"key":"0","fen":"9/9/9/9/9/9/9/9/9/9 w - - 0 1","cp":1,"best":"a0a1"}`)
	f.Add(`{"key":"` + formatKeyHex(p.Key()) + `","fen":"` + engine.SearchFEN(&p) + `","mate":2,"cp":3,"best":"h2e2"}`)
	f.Fuzz(func(t *testing.T, body string) {
		dir := t.TempDir()
		path := filepath.Join(dir, prof.Hash()+"-fuzz.jsonl")
		if err := os.WriteFile(path, append(append(hdr, '\n'), body...), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := OpenCache(prof, "", dir)
		if err != nil {
			t.Fatal(err)
		}
		for key, e := range c.entries {
			q, err := board.PositionFromFEN(e.FEN)
			if err != nil || q.Key() != key || !q.IsLegal(e.Best) {
				t.Fatalf("entry %x %+v", key, e)
			}
		}
	})
}

func formatKeyHex(k uint64) string { return strconv.FormatUint(k, 16) }
