package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "xqtool",
		Short: "Validate, clean and export xiangqi game records",
		Long: `xqtool reads xiangqi (Chinese chess) game records in bulk (PGN in Chinese,
WXF or ICCS notation, XQF, DhtmlXQ, CBR/CBL, CBF), replays every game through
a rules-exact legal-move core, flags what is wrong with each record and writes
clean, normalized datasets.

Shell completion (commands, flags and their values): xqtool completion bash
(or zsh, fish, powershell); see xqtool help completion.`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("xqtool {{.Version}}\n")
	root.AddCommand(newPerftCmd(), newMovesCmd(), newValidateCmd(), newExportCmd(), newConvertCmd(), newReportCmd(), newDedupeCmd(), newExploreCmd(), newFindCmd())
	return root
}

// version is the module version and the VCS revision the binary was built
// from ("(devel)" for a build from a checkout; "+dirty" when the working
// tree had changes), as Go records them in the binary.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev
		if dirty {
			v += "+dirty"
		}
		if at != "" {
			v += " " + at
		}
	}
	return fmt.Sprintf("%s (%s)", v, bi.GoVersion)
}

// completeValues makes shell completion offer the values of a flag.
func completeValues(cmd *cobra.Command, flag string, values ...string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}
