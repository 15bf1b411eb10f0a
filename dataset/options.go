package dataset

import (
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/training"
)

// Defaults for the row-group layout.
const (
	// DefaultRowGroupRows bounds the rows of a row group.
	DefaultRowGroupRows = 64 * 1024
	// gamesRowGroupRows bounds the rows of a games.parquet row group.
	gamesRowGroupRows = 16 * 1024
	// DefaultRowGroupBytes bounds the compressed bytes of a row group.
	DefaultRowGroupBytes = 64 << 20
	// batchRows is the number of rows built before they are handed to the
	// Parquet writer (which keeps them in the open row group).
	batchRows = 8192
	// partBatchRows is batchRows for partitioned datasets, where many
	// partitions are open at once.
	partBatchRows = 1024
	// DefaultMaxOpenPartitions bounds the partitions (years) whose files
	// are open at once when a Dataset is partitioned (three files each).
	DefaultMaxOpenPartitions = 64
)

// Option configures the writers of this package.
type Option func(*config)

type config struct {
	mem           memory.Allocator
	rowGroupRows  int64
	rowGroupBytes int64
	batchRows     int
	rules         string
	byYear        bool
	maxOpen       int
	compression   Compression
	training      *training.Options // nil: not training data
}

func newConfig(opts []Option) *config {
	c := &config{
		mem:           new(recycler),
		rowGroupRows:  DefaultRowGroupRows,
		rowGroupBytes: DefaultRowGroupBytes,
		batchRows:     batchRows,
		maxOpen:       DefaultMaxOpenPartitions,
	}
	for _, o := range opts {
		o(c)
	}
	if c.byYear && c.batchRows > partBatchRows {
		c.batchRows = partBatchRows
	}
	if c.batchRows > int(c.rowGroupRows) {
		c.batchRows = int(c.rowGroupRows)
	}
	return c
}

// WithAllocator sets the Arrow allocator for builders and the Parquet
// writer (tests pass a memory.CheckedAllocator).
func WithAllocator(mem memory.Allocator) Option {
	return func(c *config) { c.mem = mem }
}

// WithRowGroupRows bounds the number of rows of a row group (default
// DefaultRowGroupRows). Values below 1 are ignored.
func WithRowGroupRows(n int) Option {
	return func(c *config) {
		if n >= 1 {
			c.rowGroupRows = int64(n)
		}
	}
}

// WithRowGroupBytes bounds the compressed size of a row group (default
// DefaultRowGroupBytes); the row group is closed after the batch that
// crosses the bound. Values below 1 are ignored.
func WithRowGroupBytes(n int64) Option {
	return func(c *config) {
		if n >= 1 {
			c.rowGroupBytes = n
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

// WithTraining makes the dataset training data (xqtool export --training):
// positions.parquet has the columns of TrainingPositionsSchema, and rows
// only for the games opt.Filter takes (with their mirrors when opt.Mirror),
// each game in the split of its group (training.GroupKey, keyed with the
// run's duplicate MinPlies). games.parquet and flags.parquet still hold
// every game: they say why a game has no rows (its flags, its duplicate
// kind). Writer.Training counts the games taken and left out.
func WithTraining(opt training.Options) Option {
	return func(c *config) { c.training = &opt }
}
