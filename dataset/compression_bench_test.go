package dataset

import (
	"testing"

	"github.com/xqtool/xqtool/internal/parquetw"
)

// BenchmarkExportCompression is BenchmarkExport with each codec of
// WithCompression: what export --compression trades (the files' sizes are
// in TestDatasetCompression's log).
func BenchmarkExportCompression(b *testing.B) {
	for _, c := range parquetw.Compressions {
		b.Run(string(c), func(b *testing.B) {
			benchWrite(b, func() []benchWriter { return writers("gpf", WithCompression(c)) })
		})
	}
}
