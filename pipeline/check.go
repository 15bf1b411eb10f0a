package pipeline

import (
	"encoding/binary"
	"hash"
	"hash/fnv"

	"github.com/xqtool/xqtool/parse"
)

// fingerprint hashes what a sink can reach of a game (Options.CheckSinks):
// the report's flags, status and results, the replayed plies, the tags
// and the record's move tree.
func fingerprint(g *Game) uint64 {
	h := fnv.New64a()
	str := func(s string) {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	num := func(n int64) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], uint64(n))
		h.Write(b[:])
	}
	r := g.report
	str(g.id)
	num(int64(g.num))
	str(string(r.Status))
	str(r.ResultByPosition)
	str(r.Termination)
	str(r.Opening.Code)
	for _, f := range r.Flags {
		str(string(f.Code))
		str(string(f.Severity))
		num(int64(f.Ply))
		str(f.Side)
		str(f.Detail)
	}
	tags := func(ts parse.Tags) {
		num(int64(len(ts)))
		for _, t := range ts {
			str(t.Name)
			str(t.Value)
		}
	}
	tags(g.tags)
	if rec := r.Record; rec != nil {
		str(rec.Source)
		num(int64(rec.Index))
		str(rec.FEN)
		str(rec.Result)
		tags(rec.Tags)
		nodes(h, &rec.Root)
	}
	if gm := r.Game; gm != nil {
		num(int64(len(gm.Plies)))
		for _, p := range gm.Plies {
			num(int64(p.Key))
			num(int64(p.Move))
		}
		str(gm.Start.FEN())
	}
	return h.Sum64()
}

// nodes hashes a move tree.
func nodes(h hash.Hash64, n *parse.Node) {
	h.Write([]byte(n.Text))
	h.Write([]byte{0})
	h.Write([]byte(n.Comment))
	h.Write([]byte{0, byte(n.Move), byte(n.Move >> 8), byte(len(n.Children))})
	for _, c := range n.Children {
		nodes(h, c)
	}
}
