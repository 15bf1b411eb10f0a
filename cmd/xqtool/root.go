package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "xqtool",
		Short:         "Validate, clean and export xiangqi game records",
		Long:          help("xqtool.txt"),
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("xqtool {{.Version}}\n")
	root.AddCommand(newPerftCmd(), newMovesCmd(), newValidateCmd(), newExportCmd(), newConvertCmd(), newReportCmd(), newDedupeCmd(), newExploreCmd(), newFindCmd(), newAnnotateCmd(), newPlayersCmd(), newTournamentCmd())
	return root
}

// version is the module version the binary was built as (go install
// …@v1.2.3; a build from a git checkout gets a pseudo-version naming the
// commit, "+dirty" when the working tree had changes), else the VCS
// revision, with the Go version.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "(devel)"
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				v += " " + s.Value
			}
		}
	}
	return fmt.Sprintf("%s (%s)", v, bi.GoVersion)
}
