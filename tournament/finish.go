package tournament

import (
	"encoding/binary"
	"hash/maphash"
	"strings"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/spill"
	"github.com/xqtool/xqtool/pipeline"
)

// finisher is the state of a Sink's Finish (see its steps there).
type finisher struct {
	s      *Sink
	v      *pipeline.Verdicts
	n      int         // games
	events map[key]int // event key → index, in order of first game
	counts []int       // games of each event
	// done holds the games completed by step 1: the event's index
	// (varint, -1 none), then the game.
	done *pipeline.Spool
	// buckets hold each game's sequence number, cluster, result and
	// reference, by a hash of the cluster.
	buckets []*pipeline.Spool
	seed    maphash.Seed
	// conflict is each game's result conflict (by sequence number): the
	// offset + 1 and length of its detail in details; zeros none.
	conflict *spill.Fixed
	details  *data
	batches  []*pipeline.Spool
	batchOf  []int // each event's batch
}

func (f *finisher) close() {
	for _, sp := range [][]*pipeline.Spool{f.buckets, f.batches, {f.done}} {
		for _, b := range sp {
			b.Close()
		}
	}
	if f.conflict != nil {
		f.conflict.Close()
	}
	f.details.close()
}

// complete is step 1.
func (f *finisher) complete() (err error) {
	s := f.s
	if f.done, err = pipeline.NewSpool(s.dir); err != nil {
		return err
	}
	f.seed = maphash.MakeSeed()
	for range (s.raw.Len() + batchGames - 1) / batchGames {
		b, err := pipeline.NewSpool(s.dir)
		if err != nil {
			return err
		}
		f.buckets = append(f.buckets, b)
	}
	var g Game
	var buf []byte
	err = s.raw.Each(func(rec []byte) error {
		if err := decodeGameShared(rec, &g); err != nil {
			return err
		}
		d, err := f.v.Copies(g.Num)
		if err != nil {
			return err
		}
		s.finish(&g, d)
		event := -1
		if n := s.names.of(g.Event); n.norm != "" {
			year, _ := n.year(g.Date)
			k := key{n.norm, year}
			i, ok := f.events[k]
			if !ok {
				i = len(f.counts)
				k.norm = strings.Clone(k.norm) // not a piece of the record
				f.events[k] = i
				f.counts = append(f.counts, 0)
			}
			f.counts[i]++
			event = i
		}
		buf = binary.AppendVarint(buf[:0], int64(event))
		buf = appendGame(buf, &g)
		if err := f.done.Append(buf); err != nil {
			return err
		}
		buf = pipeline.AppendUvarint(buf[:0], f.n)
		buf = pipeline.AppendString(buf, g.Cluster)
		buf = pipeline.AppendString(buf, g.Result)
		buf = pipeline.AppendString(buf, g.Source)
		buf = pipeline.AppendUvarint(buf, g.Index)
		f.n++
		return f.buckets[maphash.String(f.seed, g.Cluster)%uint64(len(f.buckets))].Append(buf)
	})
	if err != nil {
		return err
	}
	s.raw.Close()
	s.raw = nil
	return nil
}

// copyOf is a game of a cluster, as resultConflicts reads it.
type copyOf struct {
	seq            int
	result, source string
	index          int
}

// ref is Game.Ref of the copy.
func (c copyOf) ref() string { return (&Game{Source: c.source, Index: c.index}).Ref() }

// conflicts is step 2.
func (f *finisher) conflicts() (err error) {
	if f.conflict, err = newFixed(f.s.dir, 12); err != nil {
		return err
	}
	if f.details, err = newData(f.s.dir); err != nil {
		return err
	}
	var e [12]byte
	for k, b := range f.buckets {
		byCluster := map[string][]copyOf{}
		var order []string
		err := b.Each(func(rec []byte) error {
			d := spill.NewStringDecoder(rec)
			c := copyOf{seq: d.Uvarint()}
			cluster := d.String()
			c.result, c.source, c.index = d.String(), d.String(), d.Uvarint()
			if err := d.Err(); err != nil {
				return err
			}
			if _, ok := byCluster[cluster]; !ok {
				order = append(order, cluster)
			}
			byCluster[cluster] = append(byCluster[cluster], c)
			return nil
		})
		if err != nil {
			return err
		}
		b.Close()
		f.buckets[k] = nil
		for _, cl := range order {
			detail, ok := conflictDetail(byCluster[cl], func(c copyOf) string { return c.result }, copyOf.ref)
			if !ok {
				continue
			}
			off, err := f.details.add([]byte(detail))
			if err != nil {
				return err
			}
			binary.LittleEndian.PutUint64(e[:], uint64(off+1))
			binary.LittleEndian.PutUint32(e[8:], uint32(len(detail)))
			for _, c := range byCluster[cl] {
				if err := f.conflict.Put(c.seq, e[:]); err != nil {
					return err
				}
			}
		}
	}
	f.buckets = nil
	return nil
}

// conflictFlag returns the result conflict of game seq, if any.
func (f *finisher) conflictFlag(seq int) ([]flags.Flag, error) {
	e, err := f.conflict.Get(seq)
	if err != nil || e == nil {
		return nil, err
	}
	off := int64(binary.LittleEndian.Uint64(e)) - 1
	if off < 0 {
		return nil, nil
	}
	b, err := f.details.at(off, int(binary.LittleEndian.Uint32(e[8:])))
	if err != nil {
		return nil, err
	}
	return []flags.Flag{flags.New(flags.ResultConflict, 0, "", string(b))}, nil
}

// split is step 3.
func (f *finisher) split() error {
	f.batchOf = make([]int, len(f.counts))
	held := 0
	for i, n := range f.counts {
		if len(f.batches) == 0 || (held > 0 && held+n > batchGames) {
			b, err := pipeline.NewSpool(f.s.dir)
			if err != nil {
				return err
			}
			f.batches = append(f.batches, b)
			held = 0
		}
		f.batchOf[i] = len(f.batches) - 1
		held += n
	}
	var buf []byte
	seq := 0
	err := f.done.Each(func(rec []byte) error {
		// The event's index, then the game as complete wrote it: no flags
		// yet (its last byte is their count, 0), so the result conflict
		// is written in their place without decoding the game.
		event, n := binary.Varint(rec)
		if n <= 0 || event >= int64(len(f.counts)) {
			return pipeline.ErrSpool
		}
		rec = rec[n:]
		num, n := binary.Varint(rec)
		if n <= 0 || len(rec) == n || rec[len(rec)-1] != 0 {
			return pipeline.ErrSpool
		}
		fl, err := f.conflictFlag(seq)
		if err != nil {
			return err
		}
		seq++
		buf = appendFlags(append(buf[:0], rec[:len(rec)-1]...), fl)
		if event < 0 {
			return f.s.storeRecord(int(num), buf, fl, -1)
		}
		return f.batches[f.batchOf[event]].Append(buf)
	})
	if err != nil {
		return err
	}
	f.done.Close()
	f.done = nil
	return nil
}

// build is step 4.
func (f *finisher) build() error {
	s := f.s
	for k, b := range f.batches {
		var games []*Game
		err := b.Each(func(rec []byte) error {
			g := &Game{}
			if err := decodeGame(rec, g); err != nil {
				return err
			}
			games = append(games, g)
			return nil
		})
		if err != nil {
			return err
		}
		b.Close()
		f.batches[k] = nil
		for _, g := range games {
			g.eventID = ""
		}
		events := group(games, &s.names)
		finishEvents(events, games)
		index := make(map[string]int, len(events))
		for _, e := range events {
			index[e.ID] = len(s.events)
			s.events = append(s.events, e)
		}
		for _, g := range games {
			if err := s.store(g, index[g.eventID]); err != nil {
				return err
			}
		}
	}
	f.batches = nil
	return nil
}
