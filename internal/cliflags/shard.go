package cliflags

import (
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/corpus"
)

// EnvShard is read for the shard when no shard flag is given.
const EnvShard = "XQTOOL_SHARD"

// Shard are --shard, --shard-from-env and --shard-count.
type Shard struct {
	spec     string
	fromEnv  bool
	count    int
	resolved *corpus.Shard
}

// Register adds the shard flags to cmd.
func (f *Shard) Register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.spec, "shard", "", "read only shard I/N (0-based) of the input files (default $"+EnvShard+")")
	cmd.Flags().BoolVar(&f.fromEnv, "shard-from-env", false,
		"take the shard from the scheduler: "+corpus.EnvJobIndex+" (with --shard-count N) or "+corpus.EnvSlurmID+"/"+corpus.EnvSlurmCount)
	cmd.Flags().IntVar(&f.count, "shard-count", 0, "number of shards for --shard-from-env (a Kubernetes Indexed Job's completions)")
}

// Shard returns the shard the flags and the environment select (every
// file when none is set).
func (f *Shard) Shard() (corpus.Shard, error) {
	if f.resolved != nil {
		return *f.resolved, nil
	}
	s, err := selectShard(f.spec, f.fromEnv, f.count, os.Getenv)
	if err != nil {
		return corpus.Shard{}, err
	}
	f.resolved = &s
	return s, nil
}

// selectShard returns the shard of --shard spec, of --shard-from-env
// (with --shard-count count) or of $XQTOOL_SHARD, in getenv.
func selectShard(spec string, fromEnv bool, count int, getenv func(string) string) (corpus.Shard, error) {
	switch {
	case spec != "" && fromEnv:
		return corpus.Shard{}, errors.New("--shard and --shard-from-env exclude each other")
	case count != 0 && !fromEnv:
		return corpus.Shard{}, errors.New("--shard-count goes with --shard-from-env")
	case spec != "":
		return corpus.ParseShard(spec)
	case fromEnv:
		return corpus.ShardFromEnv(getenv, count)
	case getenv(EnvShard) != "":
		return corpus.ParseShard(getenv(EnvShard))
	}
	return corpus.Shard{}, nil
}
