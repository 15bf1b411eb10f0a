package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/export"
)

func newConvertCmd() *cobra.Command {
	var pf pipelineFlags
	var to, nota, out string
	var hf htmlFlags
	var classify, fixECCO bool
	cmd := &cobra.Command{
		Use:   "convert [--to jsonl|pgn|xqf] [--notation chinese|iccs|wxf] [-o FILE|DIR] PATH...",
		Short: "Write the records as JSON lines, normalized PGN or XQF",
		Long: `convert reads every game under PATH like validate, replays it and writes it
out, in input order:

  jsonl  one JSON object per game: source, index, format, encoding, tags, fen
         (start position), moves (valid main-line prefix, lowercase ICCS),
         result, status and flags (default; stdout or -o FILE)
  pgn    normalized UTF-8 PGN in --notation chinese (default), wxf or iccs,
         tags in a fixed order, comments and variations kept, every move
         replayed; moves that cannot be played are kept in a comment
         (stdout or -o FILE)
  xqf    one plain XQF 1.0 file per game into -o DIR, named <game_id>.xqf
         (game_id as in the export datasets)

--classify fills the ECCO, Opening and Variation tags from the moves (ECCO
codes, package opening) where a record lacks them; --fix-ecco also replaces
them where the declared ECCO differs from the computed one.

Files are written to a temporary name and renamed when complete. Exit code:
0 every game written; 1 some game could not be written (unreadable record,
or a position XQF cannot hold); 2 usage or I/O error; 130 interrupted.`,
		Example: `  xqtool convert --to jsonl games/ > games.jsonl
  xqtool convert --to pgn --notation wxf -o clean.pgn games.zip
  xqtool convert --to xqf -o xqf/ games.pgn`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := export.ParseNotation(nota)
			if err != nil {
				return usageErr("%v", err)
			}
			opt, err := pf.options()
			if err != nil {
				return err
			}
			rules := ruleName(&opt)
			var sink func(*analyze.Report) error
			var finish func(err error) error
			failed := &convertFailures{}
			switch to {
			case "jsonl", "pgn":
				w, commit, err := openOutput(cmd, out)
				if err != nil {
					return err
				}
				bw := bufio.NewWriterSize(w, 1<<16)
				if to == "jsonl" {
					jw := newJSONLWriter(bw)
					sink = func(r *analyze.Report) error { return jw.write(toJSON(r, true, rules)) }
				} else {
					sink = func(r *analyze.Report) error {
						if r.ReadErr != nil {
							failed.add(r, r.ReadErr)
							return nil
						}
						return export.WritePGN(bw, r, n)
					}
				}
				finish = func(err error) error {
					if err == nil {
						err = bw.Flush()
					}
					return commit(err)
				}
			case "xqf":
				if out == "" {
					return usageErr("convert --to xqf: -o DIR is required")
				}
				if err := os.MkdirAll(out, 0o755); err != nil {
					return usageErr("%v", err)
				}
				sink = func(r *analyze.Report) error {
					if r.ReadErr != nil {
						failed.add(r, r.ReadErr)
						return nil
					}
					return writeXQFFile(out, r, failed)
				}
				finish = func(err error) error { return err }
			default:
				return usageErr("--to must be jsonl, pgn or xqf, got %q", to)
			}
			if classify || fixECCO {
				write := sink
				sink = func(r *analyze.Report) error {
					export.ClassifyTags(r, fixECCO)
					return write(r)
				}
			}
			if out != "" && out != "-" {
				pf.outputs = append(pf.outputs, out)
			}
			hf.exclude(&pf)
			ho, err := hf.open(rules)
			if err != nil {
				return finish(err)
			}
			ctx, stop := signalContext()
			defer stop()
			sum, err := runPipeline(ctx, cmd, args, &pf, opt, func(r *analyze.Report) error {
				ho.add(r)
				return sink(r)
			})
			if err = ho.finish(finish(err), args); err != nil {
				return interrupted(asRunError(err))
			}
			if pf.dup.dedupe {
				sum.printDups(cmd.ErrOrStderr())
			}
			if failed.n > 0 {
				failed.print(cmd.ErrOrStderr())
				return &exitError{code: 1}
			}
			return nil
		},
	}
	pf.register(cmd)
	hf.register(cmd)
	pf.dup.registerOutput(cmd)
	cmd.Flags().StringVar(&to, "to", "jsonl", "output format: jsonl, pgn or xqf")
	cmd.Flags().StringVar(&nota, "notation", "chinese", "move notation of PGN output: chinese, wxf or iccs")
	cmd.Flags().StringVarP(&out, "output", "o", "", "output file (jsonl, pgn; default stdout) or directory (xqf)")
	cmd.Flags().BoolVar(&classify, "classify", false, "write ECCO, Opening and Variation tags computed from the moves where absent")
	cmd.Flags().BoolVar(&fixECCO, "fix-ecco", false, "with --classify, also replace a declared ECCO tag that differs from the computed one")
	return cmd
}

// openOutput returns the writer for -o FILE (written atomically) or
// stdout, and the function that completes it: commit(nil) renames the
// file into place, commit(err) removes it and returns err.
func openOutput(cmd *cobra.Command, path string) (io.Writer, func(error) error, error) {
	if path == "" || path == "-" {
		return cmd.OutOrStdout(), func(err error) error { return err }, nil
	}
	f, err := createAtomic(path)
	if err != nil {
		return nil, nil, usageErr("%v", err)
	}
	return f, func(err error) error {
		if err != nil {
			f.Abort()
			return err
		}
		return f.Commit()
	}, nil
}

// writeXQFFile writes one game to DIR/<game_id>.xqf. A game XQF cannot
// represent is counted in failed, not an error of the run.
func writeXQFFile(dir string, r *analyze.Report, failed *convertFailures) error {
	path := filepath.Join(dir, export.GameID(r.Record.Source, r.Record.Index)+".xqf")
	f, err := createAtomic(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err := export.WriteXQF(bw, r); err != nil {
		f.Abort()
		failed.add(r, err)
		return nil
	}
	if err := bw.Flush(); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// convertFailures lists the games convert could not write.
type convertFailures struct {
	n     int
	first []string
}

func (c *convertFailures) add(r *analyze.Report, err error) {
	c.n++
	if len(c.first) < 20 {
		c.first = append(c.first, fmt.Sprintf("%s#%d: %v", r.Record.Source, r.Record.Index+1, err))
	}
}

func (c *convertFailures) print(w io.Writer) {
	fmt.Fprintf(w, "xqtool: %d game(s) not converted\n", c.n)
	for _, s := range c.first {
		fmt.Fprintf(w, "  %s\n", s)
	}
	if c.n > len(c.first) {
		fmt.Fprintf(w, "  … and %d more\n", c.n-len(c.first))
	}
}
