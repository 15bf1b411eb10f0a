package positions

import (
	"fmt"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/training"
)

// The position-level formats (export --format).
const (
	FormatPlain   = "plain"    // the .plain text of NNUE trainers: SPLIT.plain
	FormatNNUEBin = "nnue-bin" // PackedSfenValue records: SPLIT.bin
	FormatPX0     = "px0"      // px0's V6 chunks: SPLIT/chunk-N.gz
)

// IsFormat reports whether format is a position-level format.
func IsFormat(format string) bool {
	return format == FormatPlain || format == FormatNNUEBin || format == FormatPX0
}

// NewFormatSink returns the sink of a position-level format writing into
// dir, for shard of the inputs (px0's chunk files are named after it, so
// that the shards' chunks can share a directory; the other formats' files
// of the shards concatenate).
func NewFormatSink(format, dir string, shard corpus.Shard, opt Options) (*Sink, error) {
	var open func(training.Split) (Writer, error)
	switch format {
	case FormatPlain:
		open = PlainFiles(dir)
	case FormatNNUEBin:
		open = BinFiles(dir)
	case FormatPX0:
		tag := ""
		if !shard.All() {
			tag = fmt.Sprintf("%d-of-%d", shard.Index, shard.Count)
		}
		open = PX0Files(dir, tag)
	default:
		return nil, fmt.Errorf("positions: no format %q", format)
	}
	return NewSink(opt, open)
}
