package main

import (
	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
)

// registerRuleFlags adds --rules and --repetitions.
func registerRuleFlags(cmd *cobra.Command, f *pipelineFlags) {
	cmd.Flags().StringVar(&f.rules, "rules", "cxa", "repetition rules: cxa (Chinese, default) or axf (Asian/World)")
	cmd.Flags().IntVar(&f.repetitions, "repetitions", 3, "occurrence of a position at which a repetition cycle is judged")
}

func ruleOptions(f *pipelineFlags, opt *analyze.Options) error {
	switch f.rules {
	case "cxa", "axf":
	default:
		return usageErr("--rules must be cxa or axf, got %q", f.rules)
	}
	if f.repetitions < 2 {
		return usageErr("--repetitions must be at least 2, got %d", f.repetitions)
	}
	return nil
}

func ruleName(opt *analyze.Options) string { return "" }
