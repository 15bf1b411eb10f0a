package parquetw

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/parquet/compress"
)

// Compression names the codec of a file's Parquet pages.
type Compression string

// The codecs a file can be written with. Zstd (at its fastest level)
// is the default; snappy and lz4_raw take less CPU and make larger files;
// none writes pages as they are.
const (
	CompressionZstd   Compression = "zstd"
	CompressionSnappy Compression = "snappy"
	CompressionLZ4Raw Compression = "lz4_raw"
	CompressionNone   Compression = "none"
)

// Compressions lists the accepted codec names.
var Compressions = []Compression{CompressionZstd, CompressionSnappy, CompressionLZ4Raw, CompressionNone}

// ParseCompression returns the codec named s ("" is the default, zstd).
func ParseCompression(s string) (Compression, error) {
	c := Compression(strings.ToLower(strings.TrimSpace(s)))
	if c == "" {
		return CompressionZstd, nil
	}
	if c == "uncompressed" {
		return CompressionNone, nil
	}
	for _, k := range Compressions {
		if c == k {
			return c, nil
		}
	}
	return "", fmt.Errorf("parquetw: unknown compression %q (zstd, snappy, lz4_raw or none)", s)
}

// codec returns arrow-go's codec and level for c.
func (c Compression) codec() (compress.Compression, int) {
	switch c {
	case CompressionSnappy:
		return compress.Codecs.Snappy, compress.DefaultCompressionLevel
	case CompressionLZ4Raw:
		return compress.Codecs.Lz4Raw, compress.DefaultCompressionLevel
	case CompressionNone:
		return compress.Codecs.Uncompressed, compress.DefaultCompressionLevel
	}
	return compress.Codecs.Zstd, 1
}
