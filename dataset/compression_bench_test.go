package dataset

import (
	"io"
	"testing"
)

// BenchmarkExportCompression is BenchmarkExport with each codec of
// WithCompression: what export --compression trades (the files' sizes are
// in TestDatasetCompression's log).
func BenchmarkExportCompression(b *testing.B) {
	for _, c := range Compressions {
		b.Run(string(c), func(b *testing.B) {
			benchWrite(b, func() []reportWriter {
				gw, _ := NewGamesWriter(io.Discard, WithCompression(c))
				pw, _ := NewPositionsWriter(io.Discard, WithCompression(c))
				fw, _ := NewFlagsWriter(io.Discard, WithCompression(c))
				return []reportWriter{gw, pw, fw}
			})
		})
	}
}
