package pipeline

import "github.com/xqtool/xqtool/opening"

// ClassifyStep writes the computed ECCO class into the tags every sink
// sees (see opening.ClassifyTags; fix replaces a declared ECCO that
// differs): convert --classify and --fix-ecco.
func ClassifyStep(fix bool) Step {
	return StepFunc(func(d *Draft) {
		d.Tags, _ = opening.ClassifyTags(d.Tags, d.Report.Opening, fix)
	})
}
