package dedupe

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

// FuzzIndex builds games from the input (a base line of moves, then per
// game a length, a mirror bit and a clean bit) and checks that every
// dropped game is a true copy of the game it names.
func FuzzIndex(f *testing.F) {
	f.Add([]byte("\x40abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-=+_\x14\x00\x28\x01\x28\x02\x16\x03"))
	f.Add([]byte("\x10\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x08\x08\x00\x08\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 1 {
			return
		}
		n := int(data[0]) % 80
		data = data[1:]
		if len(data) < 2*n {
			return
		}
		base := make([]board.Move, n)
		for i := range base {
			from := board.Square(int(data[2*i]) % board.Squares)
			to := board.Square(int(data[2*i+1]) % board.Squares)
			base[i] = board.NewMove(from, to)
		}
		data = data[2*n:]
		var games []Game
		for len(data) >= 2 && len(games) < 50 {
			l := int(data[0]) % (n + 1)
			m := base[:l]
			if data[1]&1 != 0 {
				m = MirrorMoves(m)
			}
			gm := g("f", m)
			gm.Clean = data[1]&2 == 0
			gm.Complete = data[1]&4 == 0
			games = append(games, gm)
			data = data[2:]
		}
		opt := Options{MinPlies: 8, FillTags: true}
		got := run(t, opt, games...)
		for i, v := range got {
			if v.Kind != None && !related(&games[i], &games[v.Kept], opt.MinPlies) {
				t.Fatalf("game %d dropped as %v of %d, which is no copy of it", i, v.Kind, v.Kept)
			}
		}
	})
}
