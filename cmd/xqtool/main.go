// Command xqtool reads xiangqi (Chinese chess) game records in bulk,
// replays every game through a rules-exact legal-move core, flags what is
// wrong with each record and writes clean, normalized datasets.
//
// Run "xqtool help" for the commands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/pipeline"
)

// exitError carries a process exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// exit1 is the exit code 1 of a command that did its work (its output is
// written) but --strict, or what it looked for, asks for it.
var exit1 = &exitError{code: 1}

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(pipeline.GCPercent)
	}
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	cmd := newRootCmd()
	cmd.SetArgs(args)
	return exitCode(cmd.Execute(), os.Stderr)
}

// exitCode reports err on stderr and returns the process exit code: 0 for
// success, the code of an *exitError, 130 for an interrupted run and 2
// (usage, input or I/O) for anything else.
func exitCode(err error, stderr io.Writer) int {
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ee.err != nil {
			fmt.Fprintln(stderr, "xqtool:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "xqtool:", err)
	if errors.Is(err, cliflags.ErrInterrupted) {
		return 130
	}
	return 2
}

// setGC sets the GC target of a command whose data stays live until its
// output is written, unless $GOGC says one.
func setGC(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}

// registerStrict adds --strict to a command that produces something:
// it exits 0 once its output is written, whatever the records hold (their
// findings are in the output), unless --strict asks for 1 when when says.
func registerStrict(cmd *cobra.Command, strict *bool, when string) {
	cmd.Flags().BoolVar(strict, "strict", false, "exit 1 when "+when+" (default: 0 once the output is written)")
}

// needArgs is the Args check of the commands that read inputs: without
// one, a line that says what to give, and the usage line.
func needArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return nil
	}
	what := strings.TrimSuffix(cmd.Use[strings.LastIndexByte(cmd.Use, ' ')+1:], "...")
	if what == "PATH" {
		what = "PATH (a file, directory, glob, .zip/.tar.gz archive, or - for standard input)"
	}
	return fmt.Errorf("%s: give at least one %s; usage: %s", cmd.Name(), what, cmd.UseLine())
}
