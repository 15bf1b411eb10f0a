package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/notation"
)

func newMovesCmd() *cobra.Command {
	var fen, nota string
	var traditional, ascii bool
	cmd := &cobra.Command{
		Use:     "moves [--fen FEN] [--notation iccs|chinese|wxf]",
		Short:   "List the legal moves of a position",
		Long:    help("moves.txt"),
		Example: help("moves.example.txt"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("moves takes no argument (the position is --fen), got %q; usage: %s", args[0], cmd.UseLine())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := positionFromFlag(fen)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			for _, m := range p.LegalMoves() {
				var s string
				switch nota {
				case "iccs", "":
					s = notation.FormatICCS(m, false)
				case "chinese":
					s = notation.FormatChinese(&p, m, notation.ChineseStyle{Traditional: traditional, ASCIIDigits: ascii})
				case "wxf":
					s = notation.FormatWXF(&p, m)
				default:
					return fmt.Errorf("--notation must be iccs, chinese or wxf, got %q", nota)
				}
				fmt.Fprintln(out, s)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", "startpos", `position as FEN, or "startpos"`)
	cmd.Flags().StringVar(&nota, "notation", "iccs", "iccs, chinese or wxf")
	cliflags.CompleteValues(cmd, "notation", "iccs", "chinese", "wxf")
	cmd.Flags().BoolVar(&traditional, "traditional", false, "Chinese: traditional characters (車 馬 帥 …)")
	cmd.Flags().BoolVar(&ascii, "ascii-digits", false, "Chinese: ASCII digits for Black")
	return cmd
}
