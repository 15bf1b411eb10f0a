package cliflags

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
)

// Dataset are export's flags of the Parquet files: --partition and
// --compression.
type Dataset struct {
	partition, compression string
}

// Register adds the dataset flags to cmd.
func (f *Dataset) Register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.partition, "partition", "", "partition the datasets: year")
	cmd.Flags().StringVar(&f.compression, "compression", "zstd", "Parquet codec: zstd, snappy, lz4_raw or none")
	CompleteValues(cmd, "partition", "year", "none")
	CompleteValues(cmd, "compression", "zstd", "snappy", "lz4_raw", "none")
}

// Options returns the dataset writer's options the flags select.
func (f *Dataset) Options() ([]dataset.Option, error) {
	var opts []dataset.Option
	switch f.partition {
	case "", "none":
	case "year":
		opts = append(opts, dataset.WithPartitionByYear())
	default:
		return nil, fmt.Errorf("--partition must be year or none, got %q", f.partition)
	}
	codec, err := dataset.ParseCompression(f.compression)
	if err != nil {
		return nil, fmt.Errorf("--compression must be zstd, snappy, lz4_raw or none, got %q", f.compression)
	}
	return append(opts, dataset.WithCompression(codec)), nil
}
