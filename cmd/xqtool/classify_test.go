package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertClassify: --classify fills the opening tags of a record that
// has none and keeps a declared code; --fix-ecco replaces a wrong one;
// validate flags the wrong one ecco_mismatch.
func TestConvertClassify(t *testing.T) {
	const game = "1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 卒7进1 4. 车二进六 马2进3 5. 兵七进一 炮8平9 6. 车二平三 炮9退1 7. 车三平四 *\n"
	for _, tt := range []struct {
		name, tags string
		args       []string
		want, not  []string
	}{
		{"no tags", "", []string{"--classify"},
			[]string{`[ECCO "C41"]`, `[Opening "中炮过河车互进七兵对屏风马平炮兑车"]`, `[Variation "黑退边炮"]`}, nil},
		{"declared kept", `[ECCO "C45"]` + "\n", []string{"--classify"},
			[]string{`[ECCO "C45"]`}, []string{`C41`, `[Opening`}},
		{"declared fixed", `[ECCO "C45"]` + "\n", []string{"--classify", "--fix-ecco"},
			[]string{`[ECCO "C41"]`, `[Variation "黑退边炮"]`}, []string{`C45`}},
		{"no flag", "", nil, nil, []string{`[ECCO`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tt.tags+"\n"+game, append([]string{"convert", "--to", "pgn"}, append(tt.args, "-")...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %s:\n%s", w, out)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("output has %s:\n%s", w, out)
				}
			}
		})
	}
	report := filepath.Join(t.TempDir(), "r.jsonl")
	runCLI(t, `[ECCO "C45"]`+"\n\n"+game, "validate", "--report", report, "--require-tags", "", "-")
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if out := string(data); !strings.Contains(out, `"code":"ecco_mismatch"`) || !strings.Contains(out, "declared C45, computed C41") {
		t.Errorf("validate: no ecco_mismatch flag:\n%s", out)
	}
}
