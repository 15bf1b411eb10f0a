package players

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"strings"
	"sync"

	"github.com/xqtool/xqtool/internal/spill"
	"github.com/xqtool/xqtool/pipeline"
)

// The games a Resolver collects are not kept in memory: each is a record
// of a few numbers (its names, event, file and result as indexes into
// tables of the distinct strings, its file as a 128-bit hash) and its
// cluster in a temporary file (pipeline.Spool), read back by each pass of
// Resolve. What stays in memory grows with the distinct names and events,
// not with the games or the files.

// strTable numbers distinct strings: 0 is "".
type strTable struct {
	ids  map[string]int32
	strs []string
}

// id returns the number of s, adding a copy of it when new.
func (t *strTable) id(s string) int32 {
	if s == "" {
		return 0
	}
	if len(t.strs) <= smallTable { // a few strings (the results): no hashing
		for i, v := range t.strs {
			if v == s {
				return int32(i)
			}
		}
	} else if i, ok := t.ids[s]; ok {
		return i
	}
	if t.ids == nil {
		t.ids, t.strs = map[string]int32{}, []string{""}
	}
	i := int32(len(t.strs))
	s = strings.Clone(s)
	t.ids[s] = i
	t.strs = append(t.strs, s)
	return i
}

// smallTable is the size up to which a strTable is searched in order.
const smallTable = 8

// str returns the string numbered i.
func (t *strTable) str(i int32) string {
	if i == 0 {
		return ""
	}
	return t.strs[i]
}

// record is one game as the store keeps it.
type record struct {
	red, black, event, result int32
	source                    [2]uint64 // the file's path hashed (store.seeds)
	year                      int
	num                       int    // the game's number in a pipeline run, -1 when added with Add
	cluster                   []byte // valid during the pass that reads the record
}

// group is the key of where the place rule and the shared-event evidence
// look (Game.group): the event and its year, else the file (its path
// hashed: a corpus has as many files as games, so the paths are not
// kept).
type group struct {
	event, year int32
	source      [2]uint64
}

func (r *record) group() group {
	if r.event != 0 {
		return group{event: r.event, year: int32(r.year)}
	}
	return group{source: r.source}
}

// store is the games of a Resolver: string tables and a spool of records.
type store struct {
	dir                    string
	names, events, results strTable
	seeds                  [2]maphash.Seed
	spool                  *pipeline.Spool
	n                      int
	buf                    []byte
	err                    error
	lastSource             string    // the file of the last game added
	lastKey                [2]uint64 // its sourceKey
}

// add appends a game; a failure is kept for Resolve.
func (s *store) add(g *Game, num int) { s.addEvent(g, s.events.id(g.Event), num) }

// addEvent is add with the number of the game's event (g.Event) known.
func (s *store) addEvent(g *Game, event int32, num int) {
	if s.err != nil {
		return
	}
	if s.spool == nil {
		if s.spool, s.err = pipeline.NewSpool(s.dir); s.err != nil {
			return
		}
		s.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	}
	r := record{red: s.names.id(strings.TrimSpace(g.Red)), black: s.names.id(strings.TrimSpace(g.Black)),
		event: event, result: s.results.id(g.Result),
		source: s.sourceKey(g.Source),
		year:   g.Year, num: num}
	s.buf = appendRecord(s.buf[:0], &r, g.Cluster)
	s.err = s.spool.Append(s.buf)
	s.n++
}

// sourceKey is the 128-bit hash of a game's file (the last one's again
// for the next game of the same file).
func (s *store) sourceKey(src string) [2]uint64 {
	if src != s.lastSource || s.n == 0 {
		s.lastSource, s.lastKey = src, [2]uint64{maphash.String(s.seeds[0], src), maphash.String(s.seeds[1], src)}
	}
	return s.lastKey
}

// appendRecord encodes r, its cluster given as a string.
func appendRecord(b []byte, r *record, cluster string) []byte {
	for _, v := range [...]int32{r.red, r.black, r.event, r.result} {
		b = binary.AppendUvarint(b, uint64(v))
	}
	b = binary.LittleEndian.AppendUint64(b, r.source[0])
	b = binary.LittleEndian.AppendUint64(b, r.source[1])
	b = binary.AppendVarint(b, int64(r.year))
	b = binary.AppendVarint(b, int64(r.num))
	b = binary.AppendUvarint(b, uint64(len(cluster)))
	return append(b, cluster...)
}

// decodeRecord reads a record; its cluster points into b.
func decodeRecord(b []byte, r *record) error {
	var v [4]int32
	for i := range v {
		x, n := binary.Uvarint(b)
		if n <= 0 || x > 1<<31-1 {
			return pipeline.ErrSpool
		}
		v[i], b = int32(x), b[n:]
	}
	if len(b) < 16 {
		return pipeline.ErrSpool
	}
	src := [2]uint64{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])}
	b = b[16:]
	year, n := binary.Varint(b)
	if n <= 0 {
		return pipeline.ErrSpool
	}
	b = b[n:]
	num, n := binary.Varint(b)
	if n <= 0 {
		return pipeline.ErrSpool
	}
	b = b[n:]
	l, n := binary.Uvarint(b)
	if n <= 0 || l != uint64(len(b)-n) {
		return pipeline.ErrSpool
	}
	*r = record{red: v[0], black: v[1], event: v[2], result: v[3], source: src, year: int(year), num: int(num),
		cluster: b[n:]}
	return nil
}

// each calls fn with every game in order (i its index); the record is
// valid during the call.
func (s *store) each(fn func(i int, r *record) error) error {
	if s.err != nil {
		return s.err
	}
	if s.spool == nil {
		return nil
	}
	i := 0
	var r record
	return s.spool.Each(func(b []byte) error {
		if err := decodeRecord(b, &r); err != nil {
			return err
		}
		err := fn(i, &r)
		i++
		return err
	})
}

// setClusters rewrites every game's cluster as cluster(num, cluster as
// added) gives it.
func (s *store) setClusters(cluster func(num int, added string) (string, error)) error {
	if s.err != nil || s.spool == nil {
		return s.err
	}
	next, err := pipeline.NewSpool(s.dir)
	if err != nil {
		return err
	}
	err = s.each(func(_ int, r *record) error {
		c, err := cluster(r.num, string(r.cluster))
		if err != nil {
			return err
		}
		s.buf = appendRecord(s.buf[:0], r, c)
		return next.Append(s.buf)
	})
	if err != nil {
		next.Close()
		return err
	}
	s.spool.Close()
	s.spool = next
	return nil
}

// close removes the temporary file.
func (s *store) close() error {
	if s.spool == nil {
		return nil
	}
	err := s.spool.Close()
	s.spool = nil
	return err
}

// sides is a fixed-width file of each game's two spelling indexes (8
// bytes a game), read back through a window of sideWindow games: the
// sinks after the players annotator ask for the games in order.
type sides struct {
	mu  sync.Mutex // at moves the window: the verdicts may be asked from several goroutines
	x   *spill.Fixed
	err error // the first error reading back
}

const sideWindow = 8192

func newSides(dir string) (*sides, error) {
	x, err := spill.CreateFixed(dir, "players", 8, sideWindow)
	if err != nil {
		return nil, fmt.Errorf("players: %w", err)
	}
	return &sides{x: x}, nil
}

func (s *sides) add(red, black int32) error {
	var e [8]byte
	binary.LittleEndian.PutUint32(e[:], uint32(red))
	binary.LittleEndian.PutUint32(e[4:], uint32(black))
	return s.x.Append(e[:])
}

// at returns game i's spelling indexes (-1: no name).
func (s *sides) at(i int) ([2]int32, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, err := s.x.Get(i)
	if err != nil || b == nil {
		if s.err == nil {
			s.err = err
		}
		return [2]int32{-1, -1}, err
	}
	return [2]int32{int32(binary.LittleEndian.Uint32(b)), int32(binary.LittleEndian.Uint32(b[4:]))}, nil
}

// flush writes the games added.
func (s *sides) flush() error { return s.x.Flush() }

// firstErr returns the first error of at.
func (s *sides) firstErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *sides) close() error {
	if s == nil {
		return nil
	}
	return s.x.Close()
}
