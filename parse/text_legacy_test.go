package parse

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// TestDecodeLegacyMatchesXText checks that the table-driven legacy decoder
// gives exactly the output of the x/text decoders: on every double-byte
// code, on random bytes biased to the troublesome ranges, and on the real
// files.
func TestDecodeLegacyMatchesXText(t *testing.T) {
	var inputs [][]byte
	var all []byte
	for lead := 0x80; lead <= 0xFF; lead++ {
		for trail := 0; trail <= 0xFF; trail++ {
			all = append(all, byte(lead), byte(trail))
		}
	}
	inputs = append(inputs, all, all[1:])
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte{0x00, '0', '5', '9', 'a', 0x40, 0x7E, 0x7F, 0x80, 0x81, 0x88, 0x62, 0xA1, 0xA3, 0xA4, 0xB0, 0xFE, 0xFF, 0x30, 0x39, 0x84, 0x31, 0xA4, 0x37, 0xE3, 0x32, 0x9A, 0x33}
	for k := 0; k < 20000; k++ {
		b := make([]byte, rng.Intn(12))
		for i := range b {
			if rng.Intn(3) == 0 {
				b[i] = byte(rng.Intn(256))
			} else {
				b[i] = alphabet[rng.Intn(len(alphabet))]
			}
		}
		inputs = append(inputs, b)
	}
	dir := shareddata.Path("records")
	if _, err := os.Stat(dir); err == nil {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && len(inputs) < 25000 {
				if b, err := os.ReadFile(path); err == nil && len(b) < 1<<20 {
					inputs = append(inputs, b)
				}
			}
			return nil
		})
	}
	for _, c := range []struct {
		enc  encoding.Encoding
		fffd []byte
	}{{simplifiedchinese.GB18030, textFFFDGB18030}, {traditionalchinese.Big5, nil}} {
		d := &TextDecoder{}
		for _, b := range inputs {
			want, wantRep := textDecodeWith(c.enc, b, c.fffd)
			got, gotRep := d.decodeLegacy(c.enc, b, c.fffd)
			if got != want || gotRep != wantRep {
				t.Fatalf("%v: decoding %x: got %q %v, want %q %v", c.enc, b[:min(len(b), 64)], got, gotRep, want, wantRep)
			}
		}
	}
}
