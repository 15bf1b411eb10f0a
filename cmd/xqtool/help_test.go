package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestHelpAndMessages: every command's help says its exit codes; no flag's
// help says "default" when cobra adds the default after it; a missing
// argument is one line in the user's words, not cobra's; flags with a
// fixed set of values complete them.
func TestHelpAndMessages(t *testing.T) {
	root := newRootCmd()
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if !c.Runnable() || c == root || c.Name() == "help" || c.Name() == "completion" || c.HasParent() && c.Parent().Name() == "completion" {
			return
		}
		if !strings.Contains(c.Long, "Exit code") {
			t.Errorf("xqtool %s: the help says no exit codes", c.Name())
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if strings.Contains(f.Usage, "default") && f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" && f.DefValue != "[]" {
				if strings.Contains(f.Usage, ", default)") || strings.Contains(f.Usage, "(default") {
					t.Errorf("xqtool %s --%s: %q says the default that cobra adds (%q)", c.Name(), f.Name, f.Usage, f.DefValue)
				}
			}
		})
	}
	walk(root)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft"}, "give one DEPTH"},
		{[]string{"perft", "1", "2"}, "give one DEPTH"},
		{[]string{"moves", "x"}, "takes no argument"},
	} {
		_, errs, code := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "accepts") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
	out, _, _ := runCLI(t, "", "__complete", "annotate", "--protocol", "")
	if !strings.Contains(out, "uci\n") || !strings.Contains(out, "ucci\n") {
		t.Errorf("annotate --protocol completes %q", out)
	}
}
