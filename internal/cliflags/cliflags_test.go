package cliflags

import (
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/training/positions"
)

// command returns a command with the groups' flags registered (by
// register), its command line args parsed.
func command(t *testing.T, register func(*cobra.Command), args ...string) *cobra.Command {
	t.Helper()
	cmd := &cobra.Command{Use: "test"}
	register(cmd)
	if err := cmd.ParseFlags(args); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return cmd
}

// wantErr checks that err says want ("" for no error).
func wantErr(t *testing.T, what string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v", what, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("%s: error %v, want %q", what, err, want)
	}
}

func TestSelectShard(t *testing.T) {
	for _, c := range []struct {
		spec    string
		fromEnv bool
		count   int
		env     map[string]string
		want    corpus.Shard
		err     string
	}{
		{want: corpus.Shard{}},
		{spec: "1/4", want: corpus.Shard{Index: 1, Count: 4}},
		{spec: "4/4", err: "invalid shard"},
		{spec: "1/4", fromEnv: true, err: "--shard and --shard-from-env exclude each other"},
		{count: 3, err: "--shard-count goes with --shard-from-env"},
		{fromEnv: true, count: 3, env: map[string]string{corpus.EnvJobIndex: "2"}, want: corpus.Shard{Index: 2, Count: 3}},
		{fromEnv: true, err: "invalid shard"},
		{env: map[string]string{EnvShard: "0/2"}, want: corpus.Shard{Index: 0, Count: 2}},
		{spec: "1/2", env: map[string]string{EnvShard: "0/2"}, want: corpus.Shard{Index: 1, Count: 2}},
	} {
		got, err := selectShard(c.spec, c.fromEnv, c.count, func(k string) string { return c.env[k] })
		wantErr(t, c.spec, err, c.err)
		if c.err == "" && got != c.want {
			t.Errorf("selectShard(%q, %v, %d, %v) = %v, want %v", c.spec, c.fromEnv, c.count, c.env, got, c.want)
		}
		if c.err != "" && c.err != "invalid shard" == errors.Is(err, corpus.ErrShard) {
			t.Errorf("selectShard(%q, %v, %d): %v wraps corpus.ErrShard: %v", c.spec, c.fromEnv, c.count, err, errors.Is(err, corpus.ErrShard))
		}
	}
}

func TestParseTags(t *testing.T) {
	for s, want := range map[string][]string{
		"":                  {},
		"Event, Date,Red ,": {"Event", "Date", "Red"},
		" , ":               {},
		"Result":            {"Result"},
	} {
		if got := ParseTags(s); !slices.Equal(got, want) || got == nil {
			t.Errorf("ParseTags(%q) = %#v, want %#v", s, got, want)
		}
	}
}

func TestRunOptions(t *testing.T) {
	t.Setenv(EnvShard, "")
	for _, c := range []struct {
		args []string
		err  string
	}{
		{nil, ""},
		{[]string{"--rules", "xyz"}, `--rules must be cxa (Chinese rules) or axf (Asian/World rules), got "xyz"`},
		{[]string{"--repetitions", "1"}, "--repetitions must be at least 2, got 1"},
		{[]string{"--dup-min-plies", "-1"}, "--dup-min-plies must be at least 1"},
		{[]string{"--no-duplicates", "--dedupe"}, "need duplicate detection"},
		{[]string{"--no-duplicates", "--fill-tags"}, "need duplicate detection"},
		{[]string{"--shard", "x"}, "invalid shard"},
		{[]string{"--exclude", "["}, `--exclude "["`},
	} {
		var f Run
		cmd := command(t, func(cmd *cobra.Command) { f.Register(cmd); f.RegisterOutput(cmd) }, c.args...)
		opt, err := f.Options(cmd)
		wantErr(t, strings.Join(c.args, " "), err, c.err)
		if err == nil && (opt.AllowEmpty || len(opt.Steps) != 1 || opt.Analyze.Repetitions != 3) {
			t.Errorf("%v: options %+v", c.args, opt)
		}
	}
	var f Run
	cmd := command(t, f.Register, "--shard", "1/3", "--require-tags", "Event,Date", "--exclude", "*.md", "--no-variations")
	opt, err := f.Options(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if opt.Shard != (corpus.Shard{Index: 1, Count: 3}) || !opt.AllowEmpty || !slices.Equal(opt.Analyze.RequireTags, []string{"Event", "Date"}) ||
		!slices.Equal(opt.Patterns, []string{"*.md"}) || !opt.Analyze.SkipVariations {
		t.Errorf("options %+v", opt)
	}
}

func TestAnnotateOptions(t *testing.T) {
	t.Setenv(EnvShard, "")
	engine := []string{"-o", "out", "--engine", "fake engine", "--depth", "3"}
	for _, c := range []struct {
		args  []string
		err   string
		dir   string
		read  corpus.Shard
		share int // Share.Count
	}{
		{args: engine, dir: "out"},
		{args: []string{"-o", "out", "--depth", "3"}, err: "annotate: --engine is required"},
		{args: []string{"-o", "out", "--engine", "e"}, err: "no search limit"},
		{args: append([]string{"--engines", "-1"}, engine...), err: "cannot be negative"},
		{args: append([]string{"--protocol", "xboard"}, engine...), err: "--protocol:"},
		{args: append([]string{"--option", "novalue"}, engine...), err: "--option:"},
		{args: append([]string{"--by", "game"}, engine...), err: `--by must be input or position, got "game"`},
		{args: append([]string{"--by", "position"}, engine...), err: "give --shard I/N"},
		{args: append([]string{"--shard", "1/2"}, engine...), dir: filepath.Join("out", "shard=1-of-2"), read: corpus.Shard{Index: 1, Count: 2}},
		{args: append([]string{"--shard", "1/2", "--by", "position"}, engine...), dir: filepath.Join("out", "shard=1-of-2"), share: 2},
	} {
		var f Annotate
		var s Shard
		command(t, func(cmd *cobra.Command) { f.Register(cmd); s.Register(cmd) }, c.args...)
		opt, dir, read, err := f.Options(&s)
		wantErr(t, strings.Join(c.args, " "), err, c.err)
		if err != nil {
			continue
		}
		if dir != c.dir || read != c.read || opt.Share.Count != c.share || opt.CacheDir != filepath.Join("out", "cache") || opt.Restarts != 5 {
			t.Errorf("%v: dir %q, read %v, options %+v", c.args, dir, read, opt)
		}
	}
}

func TestTrainingAndPositionOptions(t *testing.T) {
	for _, c := range []struct {
		args     []string
		err      string
		training bool
	}{
		{nil, "", false},
		{[]string{"--training"}, "", true},
		{[]string{"--format", "alphazero-csv"}, "", true},
		{[]string{"--format", "csv"}, `--format must be parquet, alphazero-csv, plain, nnue-bin or px0, got "csv"`, false},
		{[]string{"--mirror"}, "--mirror needs --training", false},
		{[]string{"--format", "plain", "--partition", "year"}, "--partition does not apply to --format plain", false},
		{[]string{"--training", "--split", "1,2"}, "--split:", false},
		{[]string{"--training", "--min-plies", "-1"}, "--min-plies must be 0 or more", false},
		{[]string{"--evals", "x"}, "--evals needs --format plain, nnue-bin or px0", false},
		{[]string{"--format", "plain"}, "--format plain needs --evals DIR", false},
		{[]string{"--format", "plain", "--result-only"}, "", true},
		{[]string{"--format", "px0"}, "", true},
		{[]string{"--format", "plain", "--result-only", "--evals", "x"}, "--evals and --result-only exclude each other", false},
		{[]string{"--format", "plain", "--result-only", "--policy", "worst"}, `--policy must be played or best, got "worst"`, false},
		{[]string{"--format", "plain", "--evals", filepath.Join(t.TempDir(), "none")}, "--evals:", false},
	} {
		var tf Training
		var pf Positions
		var df Dataset
		cmd := command(t, func(cmd *cobra.Command) { tf.Register(cmd); pf.Register(cmd); df.Register(cmd) }, c.args...)
		topt, on, err := tf.Options(cmd)
		if err == nil {
			_, err = pf.Options(cmd, tf.Format, topt)
		}
		wantErr(t, strings.Join(c.args, " "), err, c.err)
		if err == nil && on != c.training {
			t.Errorf("%v: training %v, want %v", c.args, on, c.training)
		}
	}
	if !positions.IsFormat(positions.FormatPlain) || positions.IsFormat(FormatAlphaZeroCSV) || positions.IsFormat(FormatParquet) {
		t.Error("export's own formats are position formats")
	}
}

func TestDatasetOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		n    int
		err  string
	}{
		{nil, 1, ""},
		{[]string{"--partition", "year", "--compression", "none"}, 2, ""},
		{[]string{"--partition", "none"}, 1, ""},
		{[]string{"--partition", "month"}, 0, `--partition must be year or none, got "month"`},
		{[]string{"--compression", "gzip"}, 0, `--compression must be zstd, snappy, lz4_raw or none, got "gzip"`},
	} {
		var f Dataset
		command(t, f.Register, c.args...)
		opts, err := f.Options()
		wantErr(t, strings.Join(c.args, " "), err, c.err)
		if err == nil && len(opts) != c.n {
			t.Errorf("%v: %d options, want %d", c.args, len(opts), c.n)
		}
	}
}

func TestBookNames(t *testing.T) {
	for _, c := range []struct {
		write, err string
	}{
		{"", ""},
		{"x.obk", ""},
		{"X.DAT", ""},
		{"x.yfk", ""},
		{"x.bin", "--write-book x.bin: the name must end in .obk, .yfk or .dat"},
	} {
		f := Book{Write: c.write}
		wantErr(t, c.write, f.CheckWrite(), c.err)
		if c.err != "" {
			wantErr(t, c.write, f.WriteTree(io.Discard, t.TempDir()), c.err)
		}
	}
	f := Book{Read: "book.txt"}
	wantErr(t, "--book book.txt", f.Lookup(io.Discard, ""), "--book book.txt: the name must end in .dat (ElephantEye), .obk (冰河) or .yfk (勇芳)")
	f = Book{Read: "book.dat"}
	wantErr(t, "--fen", f.Lookup(io.Discard, "not a fen"), "--fen:")
	wantErr(t, "missing book", f.Lookup(io.Discard, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"), "book.dat")
}

func TestReadAliases(t *testing.T) {
	if a, err := ReadAliases(""); a != nil || err != nil {
		t.Errorf(`ReadAliases("") = %v, %v`, a, err)
	}
	wantErr(t, "missing", func() error { _, err := ReadAliases(filepath.Join(t.TempDir(), "none.tsv")); return err }(), "none.tsv")
}
