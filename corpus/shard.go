package corpus

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// Shard selects one part of a run's input files, so that N processes
// (on one machine or many) each read a disjoint part of the same inputs
// and together read all of them once.
//
// A file belongs to shard Index of Count when the stable hash of its key
// is Index mod Count. The key is the position (0-based) of the input
// argument the file came from and the file's path relative to that
// argument, with slashes: "games/" + "a/b.pgn" has the key (0, "a/b.pgn");
// a file given as an argument itself (or stdin, "-") has the relative
// path ".", a file matched by a glob pattern its match path. An archive member
// is a file of its archive: its relative path is the archive's, "!", and
// the member's name, so one large archive is shared out member by member.
// The key depends on nothing else (not the listing order, the machine, the
// directory the run starts from, or the other files), so every file lands
// in exactly one shard, and a record keeps the name it has in a single
// run (and with it its game_id).
//
// The zero Shard (and any with Count 1) selects every file.
type Shard struct {
	Index, Count int
}

// ErrShard is wrapped by the errors of ParseShard and ShardFromEnv.
var ErrShard = errors.New("invalid shard")

// ParseShard parses "I/N" (0 <= I < N).
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Shard{}, fmt.Errorf("%w %q: want I/N, as in 0/4", ErrShard, s)
	}
	return newShard(s, i, n)
}

func newShard(s, i, n string) (Shard, error) {
	idx, err1 := strconv.Atoi(strings.TrimSpace(i))
	cnt, err2 := strconv.Atoi(strings.TrimSpace(n))
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%w %q: want I/N, as in 0/4", ErrShard, s)
	}
	if cnt < 1 || idx < 0 || idx >= cnt {
		return Shard{}, fmt.Errorf("%w %q: want 0 <= I < N", ErrShard, s)
	}
	return Shard{Index: idx, Count: cnt}, nil
}

// Environment variables read by ShardFromEnv.
const (
	EnvJobIndex   = "JOB_COMPLETION_INDEX"   // Kubernetes Indexed Job (0-based)
	EnvSlurmID    = "SLURM_ARRAY_TASK_ID"    // Slurm job array
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT" // Slurm job array
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"   // Slurm job array's first id
)

// ShardFromEnv maps a scheduler's variables to a Shard, looking them up
// with getenv (os.Getenv):
//
//   - JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is the index; count
//     is N (the Job's completions), which must be given (> 0);
//   - else SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (a Slurm job
//     array, "--array=0-N-1" or "1-N": the index counts from
//     SLURM_ARRAY_TASK_MIN when set); a count given as well must agree.
//
// It fails when neither is set.
func ShardFromEnv(getenv func(string) string, count int) (Shard, error) {
	if v := getenv(EnvJobIndex); v != "" {
		if count < 1 {
			return Shard{}, fmt.Errorf("%w: %s=%s needs the number of shards (the Job's completions)", ErrShard, EnvJobIndex, v)
		}
		return newShard(EnvJobIndex+"="+v, v, strconv.Itoa(count))
	}
	id, n := getenv(EnvSlurmID), getenv(EnvSlurmCount)
	if id == "" || n == "" {
		return Shard{}, fmt.Errorf("%w: none of %s, or %s and %s, is set", ErrShard, EnvJobIndex, EnvSlurmID, EnvSlurmCount)
	}
	desc := EnvSlurmID + "=" + id + " " + EnvSlurmCount + "=" + n
	if m := getenv(EnvSlurmMin); m != "" {
		idx, err1 := strconv.Atoi(id)
		min, err2 := strconv.Atoi(m)
		if err1 != nil || err2 != nil {
			return Shard{}, fmt.Errorf("%w %q", ErrShard, desc+" "+EnvSlurmMin+"="+m)
		}
		id = strconv.Itoa(idx - min)
	}
	s, err := newShard(desc, id, n)
	if err == nil && count > 0 && count != s.Count {
		return Shard{}, fmt.Errorf("%w: %s but %d shards were asked for", ErrShard, desc, count)
	}
	return s, err
}

// All reports whether s selects every file.
func (s Shard) All() bool { return s.Count <= 1 }

// String returns "I/N".
func (s Shard) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// Dir returns the Hive-style directory name of the shard's dataset,
// "shard=I-of-N".
func (s Shard) Dir() string {
	return "shard=" + strconv.Itoa(s.Index) + "-of-" + strconv.Itoa(s.Count)
}

// Has reports whether the file with the given key (argument position,
// slash-separated path relative to the argument) belongs to s.
func (s Shard) Has(arg int, rel string) bool {
	if s.All() {
		return true
	}
	return ShardKeyHash(arg, rel)%uint64(s.Count) == uint64(s.Index)
}

// ShardKeyHash is the stable hash of a file's shard key: the first 8
// bytes (big-endian) of the SHA-256 of the decimal argument position, a
// NUL byte and the relative path.
func ShardKeyHash(arg int, rel string) uint64 {
	h := sha256.New()
	var b [24]byte
	h.Write(strconv.AppendInt(b[:0], int64(arg), 10))
	h.Write([]byte{0})
	h.Write([]byte(rel))
	var sum [sha256.Size]byte
	return binary.BigEndian.Uint64(h.Sum(sum[:0]))
}

// keyState is where the plan is in its arguments, to give a file its
// shard key.
type keyState struct {
	arg  int    // position of the argument being walked
	root string // the path walked (the argument, or a match of its pattern)
	pre  string // what the directory walk puts before a name under root
	base string // the relative path of root ("" for the argument itself)
}

// setRoot starts the walk of p (the argument itself when base is "", else
// a match of its glob pattern).
func (k *keyState) setRoot(p, base string) {
	k.root, k.pre, k.base = p, joinPrefix(p), base
}

// rel returns the relative path of name, which is root or a path under
// it as the walk formed it.
func (k *keyState) rel(name string) string {
	var r string
	if name != k.root {
		r = filepath.ToSlash(strings.TrimPrefix(name, k.pre))
	}
	switch {
	case k.base == "" && r == "":
		return "."
	case k.base == "":
		return r
	case r == "":
		return k.base
	}
	return k.base + "/" + r
}
