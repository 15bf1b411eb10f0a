package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newMovesCmd() *cobra.Command {
	var fen string
	cmd := &cobra.Command{
		Use:   "moves [--fen FEN]",
		Short: "List the legal moves of a position",
		Example: `  xqtool moves
  xqtool moves --fen "4k4/9/9/9/9/9/9/9/4A4/3AK4 b"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := positionFromFlag(fen)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			for _, m := range p.LegalMoves() {
				fmt.Fprintln(out, m)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", "startpos", `position as FEN, or "startpos"`)
	return cmd
}
