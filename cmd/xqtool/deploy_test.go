package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"
)

// indexedJob is the part of a Kubernetes Job that the test reads.
type indexedJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// checkFlags checks that args (after "xqtool") name an existing command
// and only flags it has, and returns the command.
func checkFlags(t *testing.T, args []string) *cobra.Command {
	t.Helper()
	cmd, rest, err := newRootCmd().Find(args)
	if err != nil || cmd == nil || !cmd.Runnable() {
		t.Fatalf("%q: no such xqtool command (%v)", args, err)
	}
	for _, a := range rest {
		switch {
		case strings.HasPrefix(a, "--"):
			name, _, _ := strings.Cut(a[2:], "=")
			if cmd.Flags().Lookup(name) == nil {
				t.Errorf("%s: xqtool %s has no flag --%s", a, cmd.Name(), name)
			}
		case strings.HasPrefix(a, "-") && a != "-":
			if cmd.Flags().ShorthandLookup(a[1:2]) == nil {
				t.Errorf("%s: xqtool %s has no flag -%s", a, cmd.Name(), a[1:2])
			}
		}
	}
	return cmd
}

// TestKubernetesIndexedJob parses the Indexed Job manifest, checks that
// its xqtool command names only existing flags and as many shards as the
// Job has completions, and runs the command as each of the Job's pods
// would (JOB_COMPLETION_INDEX set), on the sample corpus: every game is
// exported once, into the shard directories.
func TestKubernetesIndexedJob(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes-indexed-job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job indexedJob
	if err := yaml.Unmarshal(data, &job); err != nil {
		t.Fatal(err)
	}
	s := job.Spec
	if job.APIVersion != "batch/v1" || job.Kind != "Job" || s.CompletionMode != "Indexed" || s.Completions < 2 ||
		s.Template.Spec.RestartPolicy != "Never" || len(s.Template.Spec.Containers) != 1 {
		t.Fatalf("not an Indexed Job of one container: %+v", job)
	}
	c := s.Template.Spec.Containers[0]
	if len(c.Command) != 2 || c.Command[1] != "-c" || len(c.Args) != 1 {
		t.Fatalf("command %q, args %q: want a shell script", c.Command, c.Args)
	}
	script, tail, ok := strings.Cut(c.Args[0], " || ")
	if !ok || strings.TrimSpace(tail) != "[ $? -eq 1 ]" {
		t.Errorf("script %q does not count exit 1 (games that could not be read) as success", c.Args[0])
	}
	args := shellWords(script)
	if args[0] != "xqtool" {
		t.Fatalf("script %q does not run xqtool", script)
	}
	args = args[1:]
	cmd := checkFlags(t, args)
	if err := cmd.ParseFlags(args[1:]); err != nil {
		t.Fatal(err)
	}
	if n, _ := cmd.Flags().GetInt("shard-count"); n != s.Completions {
		t.Errorf("--shard-count %d, the Job has %d completions", n, s.Completions)
	}
	if on, _ := cmd.Flags().GetBool("shard-from-env"); !on {
		t.Error("the command does not take its shard from JOB_COMPLETION_INDEX (--shard-from-env)")
	}

	// Run it: the volume's paths become the sample corpus and a scratch
	// directory.
	sample, _ := filepath.Abs(sampleDir(t))
	out := t.TempDir()
	total := summaryCount(t, mustRun(t, "validate", "--quiet", sample), "games")
	games := 0
	for i := range s.Completions {
		run := make([]string, len(args))
		for j, a := range args {
			run[j] = strings.NewReplacer("/data/records", sample, "/data/out", out).Replace(a)
		}
		o, code := runProcess(t, []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(i)}, run...)
		if code > 1 {
			t.Fatalf("index %d: exit %d\n%s", i, code, o)
		}
		games += summaryCount(t, o, "games")
		if _, err := os.Stat(filepath.Join(out, fmt.Sprintf("shard=%d-of-%d", i, s.Completions), "games.parquet")); err != nil {
			t.Errorf("index %d: %v", i, err)
		}
	}
	if games != total {
		t.Errorf("the %d pods exported %d games, a single run %d", s.Completions, games, total)
	}
}
