package dataset

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/compress"

	"github.com/xqtool/xqtool/internal/parquetw"
)

// TestDatasetCompression writes the real records with each codec: every
// column chunk of the three files carries it, and the rows read back are
// those of the zstd dataset.
func TestDatasetCompression(t *testing.T) {
	reps := reports(t, realRecords(t, "walker8088__cchess"))
	want := map[Compression]compress.Compression{
		parquetw.CompressionZstd: compress.Codecs.Zstd, parquetw.CompressionSnappy: compress.Codecs.Snappy,
		parquetw.CompressionLZ4Raw: compress.Codecs.Lz4Raw, parquetw.CompressionNone: compress.Codecs.Uncompressed,
	}
	rows := map[string][][]string{}
	sizes := map[Compression]int64{}
	for _, c := range parquetw.Compressions {
		dir := t.TempDir()
		writeDataset(t, dir, reps, WithCompression(c))
		for _, n := range datasetNames {
			path := filepath.Join(dir, n+".parquet")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sizes[c] += int64(len(data))
			md := fileMeta(t, data)
			for g := range md.NumRowGroups() {
				rg := md.RowGroup(g)
				for col := range rg.NumColumns() {
					cc, err := rg.ColumnChunk(col)
					if err != nil {
						t.Fatal(err)
					}
					if cc.Compression() != want[c] {
						t.Errorf("%s %s: column %s is %v", c, n, cc.PathInSchema(), cc.Compression())
					}
				}
			}
			tbl := readTable(t, path, memory.DefaultAllocator)
			got := tableRows(tbl, func(a arrow.Array, i int) string { return a.ValueStr(i) })
			tbl.Release()
			if c == parquetw.CompressionZstd {
				rows[n] = got
			} else if len(got) != len(rows[n]) || len(got) == 0 {
				t.Errorf("%s %s: %d rows, zstd %d", c, n, len(got), len(rows[n]))
			} else {
				for i := range got {
					if !slices.Equal(got[i], rows[n][i]) {
						t.Errorf("%s %s row %d differs from zstd's", c, n, i)
						break
					}
				}
			}
		}
	}
	if sizes[parquetw.CompressionNone] <= sizes[parquetw.CompressionZstd] {
		t.Errorf("uncompressed %d bytes, zstd %d", sizes[parquetw.CompressionNone], sizes[parquetw.CompressionZstd])
	}
	t.Logf("bytes: %v", sizes)
}
