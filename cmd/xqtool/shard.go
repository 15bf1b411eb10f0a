package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/corpus"
)

// envShard is read for the shard when no shard flag is given.
const envShard = "XQTOOL_SHARD"

// shardFlags are --shard, --shard-from-env and --shard-count, shared by
// validate, convert and export.
type shardFlags struct {
	spec     string
	fromEnv  bool
	count    int
	resolved *corpus.Shard
}

func (f *shardFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.spec, "shard", "", "read only shard I/N (0-based) of the input files (default $"+envShard+")")
	cmd.Flags().BoolVar(&f.fromEnv, "shard-from-env", false,
		"take the shard from the scheduler: "+corpus.EnvJobIndex+" (with --shard-count N) or "+corpus.EnvSlurmID+"/"+corpus.EnvSlurmCount)
	cmd.Flags().IntVar(&f.count, "shard-count", 0, "number of shards for --shard-from-env (a Kubernetes Indexed Job's completions)")
}

// shard returns the shard the flags and the environment select (every
// file when none is set).
func (f *shardFlags) shard() (corpus.Shard, error) {
	if f.resolved != nil {
		return *f.resolved, nil
	}
	var s corpus.Shard
	var err error
	switch {
	case f.spec != "" && f.fromEnv:
		return s, usageErr("--shard and --shard-from-env exclude each other")
	case f.count != 0 && !f.fromEnv:
		return s, usageErr("--shard-count goes with --shard-from-env")
	case f.spec != "":
		s, err = corpus.ParseShard(f.spec)
	case f.fromEnv:
		s, err = corpus.ShardFromEnv(os.Getenv, f.count)
	case os.Getenv(envShard) != "":
		s, err = corpus.ParseShard(os.Getenv(envShard))
	}
	if err != nil {
		return corpus.Shard{}, usageErr("%v", err)
	}
	f.resolved = &s
	return s, nil
}
