package export

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// GameID returns the stable identity of the game at index (0-based) in
// source: the first 16 hexadecimal digits (64 bits) of the SHA-256 of
// source, a NUL byte and the decimal index. It depends only on the name
// under which the record was read and its place in it, so the same corpus
// read from the same paths gives the same ids.
func GameID(source string, index int) string {
	h := sha256.New()
	h.Write([]byte(source))
	h.Write([]byte{0})
	h.Write(strconv.AppendInt(nil, int64(index), 10))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:8])
}
