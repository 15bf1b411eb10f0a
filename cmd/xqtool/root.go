package main

import (
	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "xqtool",
		Short: "Validate, clean and export xiangqi game records",
		Long: `xqtool reads xiangqi (Chinese chess) game records in bulk (PGN in Chinese,
WXF or ICCS notation, XQF, DhtmlXQ, CBR/CBL, CBF), replays every game through
a rules-exact legal-move core, flags what is wrong with each record and writes
clean, normalized datasets.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newPerftCmd(), newMovesCmd(), newValidateCmd(), newExportCmd(), newConvertCmd(), newReportCmd(), newDedupeCmd(), newAnnotateCmd())
	return root
}
