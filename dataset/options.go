package dataset

import (
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/internal/parquetw"
)

// Defaults for the row-group layout.
const (
	// DefaultRowGroupRows bounds the rows of a row group.
	DefaultRowGroupRows = parquetw.DefaultRowGroupRows
	// gamesRowGroupRows bounds the rows of a games.parquet row group.
	gamesRowGroupRows = 16 * 1024
	// DefaultRowGroupBytes bounds the compressed bytes of a row group.
	DefaultRowGroupBytes = parquetw.DefaultRowGroupBytes
	// partBatchRows is the rows of a batch (parquetw.Config.BatchRows)
	// for partitioned datasets, where many partitions are open at once.
	partBatchRows = 1024
	// DefaultMaxOpenPartitions bounds the partitions (years) whose files
	// are open at once when a Dataset is partitioned (three files each).
	DefaultMaxOpenPartitions = 64
)

// Option configures the writers of this package.
type Option func(*config)

type config struct {
	parquetw.Config
	rules   string
	byYear  bool
	maxOpen int
	lines   Lines // nil: one row per ply of every game
}

func newConfig(opts []Option) *config {
	c := &config{Config: parquetw.NewConfig(), maxOpen: DefaultMaxOpenPartitions}
	for _, o := range opts {
		o(c)
	}
	if c.byYear && c.BatchRows > partBatchRows {
		c.BatchRows = partBatchRows
	}
	if c.BatchRows > int(c.RowGroupRows) {
		c.BatchRows = int(c.RowGroupRows)
	}
	return c
}

// WithAllocator sets the Arrow allocator for builders and the Parquet
// writer (tests pass a memory.CheckedAllocator).
func WithAllocator(mem memory.Allocator) Option {
	return func(c *config) { c.Mem = mem }
}

// WithRowGroupRows bounds the number of rows of a row group (default
// DefaultRowGroupRows). Values below 1 are ignored.
func WithRowGroupRows(n int) Option {
	return func(c *config) {
		if n >= 1 {
			c.RowGroupRows = int64(n)
		}
	}
}

// WithRowGroupBytes bounds the compressed size of a row group (default
// DefaultRowGroupBytes); the row group is closed after the batch that
// crosses the bound. Values below 1 are ignored.
func WithRowGroupBytes(n int64) Option {
	return func(c *config) {
		if n >= 1 {
			c.RowGroupBytes = n
		}
	}
}

// WithRules records the name of the repetition rules the games were judged
// by in the rules column of games.parquet ("" writes null).
func WithRules(rules string) Option {
	return func(c *config) { c.rules = rules }
}

// WithPartitionByYear makes a Dataset write Hive-style partitions:
// DIR/games/year=YYYY/part-N.parquet and the same for positions and flags,
// which follow the year of their game. Games without a valid year go to
// year=__HIVE_DEFAULT_PARTITION__.
func WithPartitionByYear() Option {
	return func(c *config) { c.byYear = true }
}

// WithMaxOpenPartitions bounds how many partitions a partitioned Dataset
// keeps open (three files each). When a game needs another, the least
// recently used partition's files are completed and a later game of that
// year starts its next part file. Values below 1 are ignored.
func WithMaxOpenPartitions(n int) Option {
	return func(c *config) {
		if n >= 1 {
			c.maxOpen = n
		}
	}
}

// Compression names the codec of a dataset's Parquet pages (see
// parquetw.Compression).
type Compression = parquetw.Compression

// ParseCompression returns the codec named s ("" is the default, zstd).
func ParseCompression(s string) (Compression, error) { return parquetw.ParseCompression(s) }

// WithCompression sets the codec of every Parquet file written (default
// zstd at its fastest level). An unknown name leaves the default.
func WithCompression(c Compression) Option {
	return func(cfg *config) {
		if _, err := ParseCompression(string(c)); err == nil && c != "" {
			cfg.Compression = c
		}
	}
}

// WithLines makes positions.parquet hold the lines l decides, with the
// columns it adds (training data: package training's Table).
func WithLines(l Lines) Option {
	return func(c *config) { c.lines = l }
}
