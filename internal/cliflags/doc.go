// Package cliflags holds the flag groups that xqtool's commands share.
// Each group registers its flags on a command and turns them into the
// options of the package that owns them: Run into pipeline.Options (and
// runs the pipeline with a progress bar and Ctrl-C handled), Shard into a
// corpus.Shard, HTML into the page's sink, Annotate into
// annotate.Options, Training and Positions into the training formats'
// options, Book into explore's opening-book reads and writes.
//
// An error of a group is in the user's words, naming the flag; the
// command reports it with exit code 2 (usage or input).
package cliflags

import "github.com/spf13/cobra"

// CompleteValues makes shell completion offer the values of a flag.
func CompleteValues(cmd *cobra.Command, flag string, values ...string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// changed returns the first of names set on the command line, "" when
// none is.
func changed(cmd *cobra.Command, names ...string) string {
	for _, name := range names {
		if cmd.Flags().Changed(name) {
			return name
		}
	}
	return ""
}
