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

// usageErr marks a usage or input error (exit code 2).
func usageErr(format string, args ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, args...)}
}

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
// success, the code of an *exitError, and 2 (usage) for anything else.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, "xqtool:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "xqtool:", err)
	return 2
}
