package main

import (
	"fmt"
	"os"
	"os/exec"
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
					Image   string   `yaml:"image"`
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
	if len(c.Command) != 1 || c.Command[0] != dockerBinary(t) || len(c.Args) < 2 {
		t.Fatalf("command %q, args %q: want the image's xqtool (%s) and its arguments, no shell", c.Command, c.Args, dockerBinary(t))
	}
	args := c.Args
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
		if code != 0 { // any other code fails the pod
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

// dockerfile returns the lines of the Dockerfile, continuation lines
// joined and comments dropped.
func dockerfile(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	cont := false
	for l := range strings.Lines(string(data)) {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		more := strings.HasSuffix(l, "\\")
		l = strings.TrimSuffix(l, "\\")
		if cont {
			lines[len(lines)-1] += " " + l
		} else {
			lines = append(lines, l)
		}
		cont = more
	}
	return lines
}

// dockerBinary is the path of xqtool in the image: the ENTRYPOINT of the
// Dockerfile.
func dockerBinary(t *testing.T) string {
	t.Helper()
	for _, l := range dockerfile(t) {
		if rest, ok := strings.CutPrefix(l, "ENTRYPOINT "); ok {
			var entry []string
			if err := yaml.Unmarshal([]byte(rest), &entry); err != nil || len(entry) != 1 {
				t.Fatalf("ENTRYPOINT %s: want one path in JSON form (%v)", rest, err)
			}
			return entry[0]
		}
	}
	t.Fatal("the Dockerfile has no ENTRYPOINT")
	return ""
}

// TestDockerfile checks the image the Kubernetes Job runs: a build stage
// that compiles ./cmd/xqtool statically (CGO_ENABLED=0) with the flags of
// make build, a final stage on a distroless or scratch base that copies
// that binary to the ENTRYPOINT's path, and that no package of xqtool
// needs cgo (which the static build leaves out).
func TestDockerfile(t *testing.T) {
	var stages []string // the FROM lines
	var build, copyLine string
	for _, l := range dockerfile(t) {
		switch {
		case strings.HasPrefix(l, "FROM "):
			stages = append(stages, l)
		case strings.HasPrefix(l, "RUN ") && strings.Contains(l, " go build "):
			build = strings.TrimPrefix(l, "RUN ")
		case strings.HasPrefix(l, "COPY --from="):
			copyLine = l
		}
	}
	if len(stages) != 2 || !strings.HasPrefix(stages[0], "FROM golang:1.26") || !strings.HasSuffix(stages[0], " AS build") {
		t.Fatalf("stages %q: want a golang:1.26 build stage and a final one", stages)
	}
	base := strings.TrimPrefix(stages[1], "FROM ")
	if !strings.HasPrefix(base, "gcr.io/distroless/static") && base != "scratch" {
		t.Errorf("final base %q: want distroless/static or scratch (a static binary needs no more)", base)
	}
	words := shellWords(build)
	if len(words) < 4 || words[0] != "CGO_ENABLED=0" || words[1] != "go" || words[2] != "build" || words[len(words)-1] != "./cmd/xqtool" {
		t.Fatalf("build %q: want CGO_ENABLED=0 go build … ./cmd/xqtool", build)
	}
	var out string
	for i, w := range words {
		if w == "-o" && i+1 < len(words) {
			out = words[i+1]
		}
	}
	f := strings.Fields(copyLine)
	if len(f) != 4 || f[1] != "--from=build" || f[2] != out || f[3] != dockerBinary(t) {
		t.Errorf("%q does not copy the built %s to the entry point %s", copyLine, out, dockerBinary(t))
	}
	// CGO_ENABLED=0 builds what needs no C: no package outside the
	// standard library (whose cgo parts have Go fallbacks) may use cgo.
	// (Running the build itself would compile everything again for
	// CGO_ENABLED=0.)
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if and (not .Standard) .CgoFiles}}{{.ImportPath}}{{end}}", "./cmd/xqtool")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	o, err := cmd.CombinedOutput()
	if err != nil {
		t.Skipf("go list: %v\n%s", err, o)
	}
	if s := strings.TrimSpace(string(o)); s != "" {
		t.Errorf("packages that need cgo, which CGO_ENABLED=0 leaves out: %s", s)
	}
}

// TestSlurmArray runs deploy/slurm-array.sh as each task of its array
// would (SLURM_ARRAY_TASK_ID, _COUNT and _MIN set as Slurm sets them), on
// the sample corpus: every task exits 0 and every game is exported once,
// into the shard directories.
func TestSlurmArray(t *testing.T) {
	script, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm-array.sh"))
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := -1, -1
	for l := range strings.Lines(string(data)) {
		if spec, ok := strings.CutPrefix(strings.TrimSpace(l), "#SBATCH --array="); ok {
			a, b, _ := strings.Cut(spec, "-")
			lo, _ = strconv.Atoi(a)
			hi, _ = strconv.Atoi(b)
		}
	}
	if lo < 0 || hi <= lo {
		t.Fatalf("%s: no #SBATCH --array=LO-HI line", script)
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	sample, _ := filepath.Abs(sampleDir(t))
	out := t.TempDir()
	total := summaryCount(t, mustRun(t, "validate", "--quiet", sample), "games")
	n := hi - lo + 1
	games := 0
	for id := lo; id <= hi; id++ {
		cmd := exec.Command("sh", script, sample, out)
		cmd.Env = append(os.Environ(), envRunMain+"=1", "XQTOOL="+os.Args[0],
			"SLURM_ARRAY_TASK_ID="+strconv.Itoa(id), "SLURM_ARRAY_TASK_COUNT="+strconv.Itoa(n), "SLURM_ARRAY_TASK_MIN="+strconv.Itoa(lo))
		o, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("task %d: %v\n%s", id, err, o)
		}
		games += summaryCount(t, string(o), "games")
		if _, err := os.Stat(filepath.Join(out, fmt.Sprintf("shard=%d-of-%d", id-lo, n), "games.parquet")); err != nil {
			t.Errorf("task %d: %v", id, err)
		}
	}
	if games != total {
		t.Errorf("the %d tasks exported %d games, a single run %d", n, games, total)
	}
	if o, err := exec.Command("sh", script).CombinedOutput(); err == nil || !strings.Contains(string(o), "usage:") {
		t.Errorf("without arguments: %v, %s", err, o)
	}
}
