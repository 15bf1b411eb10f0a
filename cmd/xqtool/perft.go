package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/xqtool/xqtool/board"
)

// positionFromFlag parses --fen (or "startpos"); errors are usage errors
// naming the fault (exit 2).
func positionFromFlag(fen string) (board.Position, error) {
	if fen == "" || fen == "startpos" {
		return board.StartPosition(), nil
	}
	p, err := board.PositionFromFEN(fen)
	if err != nil {
		return p, fmt.Errorf("bad --fen: %v", err)
	}
	return p, nil
}

func newPerftCmd() *cobra.Command {
	var fen string
	var divide, stats bool
	cmd := &cobra.Command{
		Use:     "perft [--fen FEN] [--divide] DEPTH",
		Short:   "Count the leaf nodes of the legal move tree (move generator check)",
		Long:    help("perft.txt"),
		Example: help("perft.example.txt"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("perft: give one DEPTH (plies, 0 to 12), e.g. xqtool perft 4; usage: %s", cmd.UseLine())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			depth, err := strconv.Atoi(args[0])
			if err != nil || depth < 0 || depth > 12 {
				return fmt.Errorf("DEPTH must be an integer from 0 to 12, got %q", args[0])
			}
			p, err := positionFromFlag(fen)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			start := time.Now()
			var total uint64
			if divide && depth > 0 {
				for _, e := range p.Divide(depth) {
					fmt.Fprintf(out, "%s %d\n", e.Move, e.Nodes)
					total += e.Nodes
				}
			} else {
				total = p.Perft(depth)
			}
			if stats {
				el := time.Since(start)
				fmt.Fprintf(cmd.ErrOrStderr(), "%d nodes in %v (%.1f M nodes/s)\n", total, el.Round(time.Millisecond), float64(total)/el.Seconds()/1e6)
			}
			fmt.Fprintln(out, total)
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", "startpos", `start position as FEN, or "startpos"`)
	cmd.Flags().BoolVar(&divide, "divide", false, "print the count below each root move")
	cmd.Flags().BoolVar(&stats, "stats", false, "print time and nodes/s on stderr")
	return cmd
}
