package parquetw

import (
	"testing"
)

func TestParseCompression(t *testing.T) {
	for in, want := range map[string]Compression{
		"": CompressionZstd, "zstd": CompressionZstd, "Snappy": CompressionSnappy,
		"lz4_raw": CompressionLZ4Raw, "none": CompressionNone, "uncompressed": CompressionNone,
	} {
		if got, err := ParseCompression(in); err != nil || got != want {
			t.Errorf("ParseCompression(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"gzip", "lz4", "brotli", "zstd-1"} {
		if _, err := ParseCompression(bad); err == nil {
			t.Errorf("ParseCompression(%q): no error", bad)
		}
	}
}
