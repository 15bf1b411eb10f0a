package annotate

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
)

// Eval is the evaluation of one position: what the engine answered, or why
// there is none.
type Eval struct {
	// FEN is the position searched (engine.SearchFEN: board and side).
	FEN string
	// Outcome is Checkmate or Stalemate for a position without a legal
	// move (not searched: the side to move has lost).
	Outcome board.Outcome
	Depth   int
	// Score is from the side to move's point of view, as the engine
	// printed it.
	Score engine.Score
	Best  board.Move
	PV    []board.Move
	Nodes int64
	// Err is why the position was not evaluated ("" when it was).
	Err string
}

// Evaluated reports whether e holds an evaluation (a search's or a
// finished game's).
func (e *Eval) Evaluated() bool {
	return e.Err == "" && (e.Outcome != board.Ongoing || e.Best != board.NoMove)
}

// Profile is the identity of a set of evaluations: the engine, how it was
// set up and the limits. Evaluations are only shared (cached, merged)
// between runs of equal profiles.
type Profile struct {
	Engine   string // id name
	Protocol engine.Protocol
	Options  []engine.Option // in the order set
	Limits   string          // engine.Limits.String()
}

// ProfileOf returns the profile of a started engine.
func ProfileOf(e *engine.Engine) Profile {
	cfg := e.Config()
	return Profile{Engine: e.Name(), Protocol: e.Protocol(), Options: cfg.Options, Limits: cfg.Limits.String()}
}

// OptionsString returns the options as "Name=Value" separated by "; ".
func (p Profile) OptionsString() string {
	parts := make([]string, len(p.Options))
	for i, o := range p.Options {
		parts[i] = o.String()
	}
	return strings.Join(parts, "; ")
}

// String is the profile's canonical text, one field a line.
func (p Profile) String() string {
	return "engine=" + p.Engine + "\nprotocol=" + string(p.Protocol) + "\noptions=" + p.OptionsString() + "\nlimits=" + p.Limits
}

// Hash names the profile in cache file names.
func (p Profile) Hash() string {
	h := sha256.Sum256([]byte(p.String()))
	return hex.EncodeToString(h[:6])
}

// Cache holds evaluations by position key, for one profile. It is kept on
// disk as JSON lines: each run appends to a file of its own (named by the
// profile's hash and a random suffix) in the cache directory, and reads every
// file of the profile found there and in the extra directories. A file
// copied from another run or machine into the directory is merged by being
// there; an entry's position (its FEN) is checked against the key on lookup,
// so neither a key collision nor a cache made with other keys can give a
// position another's evaluation. A line cut short by a stop is skipped.
//
// Cache is not safe for concurrent use.
type Cache struct {
	profile Profile
	entries map[uint64]*Eval
	file    *os.File // nil: memory only
	path    string
	// Loaded, Files and Skipped describe the load: entries read, files
	// read, lines skipped (torn or not understood).
	Loaded, Files, Skipped int
	// Conflicts counts entries of a key already loaded (from another run
	// or machine); the first loaded (by file name) is kept.
	Conflicts int
}

// cacheLine is one line of a cache file.
type cacheLine struct {
	// Header line.
	Version int    `json:"xqtool_evals_cache,omitempty"`
	Profile string `json:"profile,omitempty"`
	// Entry lines.
	Key   string `json:"key,omitempty"`
	FEN   string `json:"fen,omitempty"`
	Depth int    `json:"depth,omitempty"`
	CP    *int   `json:"cp,omitempty"`
	Mate  *int   `json:"mate,omitempty"`
	Best  string `json:"best,omitempty"`
	PV    string `json:"pv,omitempty"`
	Nodes int64  `json:"nodes,omitempty"`
}

const cacheVersion = 1

// OpenCache loads the evaluations of profile from dir and the extra
// directories, and opens a new file in dir for the entries to come. An empty
// dir keeps the cache in memory.
func OpenCache(profile Profile, dir string, extra ...string) (*Cache, error) {
	c := &Cache{profile: profile, entries: map[uint64]*Eval{}}
	var dirs []string
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("annotate: cache: %w", err)
		}
		dirs = append(dirs, dir)
	}
	dirs = append(dirs, extra...)
	var files []string
	for _, d := range dirs {
		m, err := filepath.Glob(filepath.Join(d, profile.Hash()+"-*.jsonl"))
		if err != nil {
			return nil, fmt.Errorf("annotate: cache: %w", err)
		}
		files = append(files, m...)
	}
	// In name order, so that which of two conflicting entries is kept
	// does not depend on the listing order.
	slices.SortFunc(files, func(a, b string) int { return strings.Compare(filepath.Base(a), filepath.Base(b)) })
	files = slices.Compact(files)
	for _, f := range files {
		if err := c.load(f); err != nil {
			return nil, err
		}
	}
	if dir != "" {
		var suffix [6]byte
		if _, err := rand.Read(suffix[:]); err != nil {
			return nil, fmt.Errorf("annotate: cache: %w", err)
		}
		c.path = filepath.Join(dir, profile.Hash()+"-"+hex.EncodeToString(suffix[:])+".jsonl")
		fh, err := os.OpenFile(c.path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, fmt.Errorf("annotate: cache: %w", err)
		}
		c.file = fh
		hdr, _ := json.Marshal(cacheLine{Version: cacheVersion, Profile: profile.String()})
		if _, err := fh.Write(append(hdr, '\n')); err != nil {
			fh.Close()
			return nil, fmt.Errorf("annotate: cache: %w", err)
		}
	}
	return c, nil
}

// load reads one cache file; a file of another profile (a hash collision) is
// skipped whole.
func (c *Cache) load(path string) error {
	fh, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("annotate: cache: %w", err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	first := true
	for sc.Scan() {
		var l cacheLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			c.Skipped++
			continue
		}
		if first {
			first = false
			if l.Version != cacheVersion || l.Profile != c.profile.String() {
				return nil
			}
			c.Files++
			continue
		}
		e, key, ok := l.eval()
		if !ok {
			c.Skipped++
			continue
		}
		if _, dup := c.entries[key]; dup {
			c.Conflicts++
			continue
		}
		c.entries[key] = e
		c.Loaded++
	}
	if err := sc.Err(); err != nil {
		// A line over 1 MiB is no line of ours: count it and stop reading
		// this file.
		c.Skipped++
	}
	return nil
}

// eval reads an entry line back; ok is false when it does not hold together.
func (l *cacheLine) eval() (*Eval, uint64, bool) {
	key, err := strconv.ParseUint(l.Key, 16, 64)
	if err != nil || l.FEN == "" || (l.CP == nil) == (l.Mate == nil) {
		return nil, 0, false
	}
	p, err := board.PositionFromFEN(l.FEN)
	if err != nil || p.Key() != key {
		return nil, 0, false
	}
	e := &Eval{FEN: l.FEN, Depth: l.Depth, Nodes: l.Nodes}
	if l.CP != nil {
		e.Score = engine.CP(*l.CP)
	} else {
		e.Score = engine.MateIn(*l.Mate)
	}
	if e.Best, err = board.ParseMove(l.Best); err != nil || !p.IsLegal(e.Best) {
		return nil, 0, false
	}
	for _, s := range strings.Fields(l.PV) {
		m, err := board.ParseMove(s)
		if err != nil {
			return nil, 0, false
		}
		e.PV = append(e.PV, m)
	}
	return e, key, true
}

// Get returns the evaluation of pos, if cached.
func (c *Cache) Get(pos *board.Position) (*Eval, bool) {
	e, ok := c.entries[pos.Key()]
	if !ok || e.FEN != engine.SearchFEN(pos) {
		return nil, false
	}
	return e, true
}

// Put adds an evaluation (of a search; failures are not cached, so that a
// later run tries them again) and appends it to the run's file.
func (c *Cache) Put(key uint64, e *Eval) error {
	if e.Err != "" || e.Outcome != board.Ongoing {
		return nil
	}
	c.entries[key] = e
	if c.file == nil {
		return nil
	}
	l := cacheLine{Key: strconv.FormatUint(key, 16), FEN: e.FEN, Depth: e.Depth, Best: e.Best.String(), Nodes: e.Nodes}
	if e.Score.IsMate {
		m := e.Score.Mate
		l.Mate = &m
	} else {
		cp := e.Score.CP
		l.CP = &cp
	}
	pv := make([]string, len(e.PV))
	for i, m := range e.PV {
		pv[i] = m.String()
	}
	l.PV = strings.Join(pv, " ")
	b, err := json.Marshal(l)
	if err != nil {
		return fmt.Errorf("annotate: cache: %w", err)
	}
	// One write per line: a stop leaves at most the last line torn.
	if _, err := c.file.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("annotate: cache: %w", err)
	}
	return nil
}

// Len returns the number of evaluations held.
func (c *Cache) Len() int { return len(c.entries) }

// Path returns the file this run appends to ("" in memory).
func (c *Cache) Path() string { return c.path }

// Close closes the run's file, removing it when nothing was added.
func (c *Cache) Close() error {
	if c.file == nil {
		return nil
	}
	st, _ := c.file.Stat()
	err := c.file.Close()
	c.file = nil
	if err == nil && st != nil {
		// Only the header: nothing to keep.
		if hdr, _ := json.Marshal(cacheLine{Version: cacheVersion, Profile: c.profile.String()}); st.Size() == int64(len(hdr)+1) {
			err = os.Remove(c.path)
		}
	}
	if err != nil {
		return fmt.Errorf("annotate: cache: %w", err)
	}
	return nil
}
