package positions

import (
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/corpus"
)

// TestFormats: the three position-level formats make their sinks, and
// nothing else does.
func TestFormats(t *testing.T) {
	for _, f := range []string{FormatPlain, FormatNNUEBin, FormatPX0} {
		if !IsFormat(f) {
			t.Errorf("IsFormat(%q) = false", f)
		}
		s, err := NewFormatSink(f, filepath.Join(t.TempDir(), "out"), corpus.Shard{}, Options{})
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		s.Abort()
	}
	for _, f := range []string{"parquet", "alphazero-csv", "", "PLAIN"} {
		if IsFormat(f) {
			t.Errorf("IsFormat(%q) = true", f)
		}
		if _, err := NewFormatSink(f, t.TempDir(), corpus.Shard{}, Options{}); err == nil {
			t.Errorf("NewFormatSink(%q): no error", f)
		}
	}
}
