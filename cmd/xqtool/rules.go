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
	rs, err := analyze.ParseRuleSet(f.rules)
	if err != nil {
		return usageErr("--rules must be cxa or axf: %v", err)
	}
	if f.repetitions < 2 {
		return usageErr("--repetitions must be at least 2, got %d", f.repetitions)
	}
	opt.Rules = rs
	opt.Repetitions = f.repetitions
	return nil
}

// ruleName is the rule set written into the outputs.
func ruleName(opt *analyze.Options) string {
	if opt.Rules == "" {
		return string(analyze.RulesCXA)
	}
	return string(opt.Rules)
}
