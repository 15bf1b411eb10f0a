// Package hashid holds the two small hashing facts the project's ids and
// keys are built from, so that each is written once: the splitmix64
// finalizer (a bijective mix of 64 bits) and the 16-hexadecimal-digit id
// made from the first 8 bytes of a SHA-256.
//
// Both are part of stored data (Zobrist keys, game_id, player_id, event_id,
// split and duplicate keys): changing either changes every dataset written
// before, so they are fixed.
package hashid

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
)

// Golden is the 64-bit golden-ratio increment of splitmix64 (2^64/φ, odd).
const Golden = 0x9E3779B97F4A7C15

// Mix is the splitmix64 finalizer: a bijection of 64-bit values whose
// outputs look random for inputs that differ in a few bits.
func Mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// Sequence returns a generator of splitmix64 values from seed: each call
// adds Golden to the state and returns its Mix.
func Sequence(seed uint64) func() uint64 {
	return func() uint64 {
		seed += Golden
		return Mix(seed)
	}
}

// Hex16 returns 16 lowercase hexadecimal digits: the first 8 bytes of the
// SHA-256 of s (Format of their big-endian value).
func Hex16(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// Format writes v as an id: 16 lowercase hexadecimal digits, big-endian.
func Format(v uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	var out [16]byte // one allocation (the string), not two
	hex.Encode(out[:], b[:])
	return string(out[:])
}

// ErrID is the error of Parse for a string that is not an id.
var ErrID = errors.New("not 16 hexadecimal digits")

// Parse reads an id written by Format (either case).
func Parse(s string) (uint64, error) {
	var b [8]byte
	if len(s) != 16 {
		return 0, ErrID
	}
	if _, err := hex.Decode(b[:], []byte(s)); err != nil {
		return 0, ErrID
	}
	return binary.BigEndian.Uint64(b[:]), nil
}
