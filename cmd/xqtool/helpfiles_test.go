package main

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestHelpFiles: every file of help/ is the long help (NAME.txt) or the
// examples (NAME.example.txt) of the command it names, and every command
// with a long help or examples has its file.
func TestHelpFiles(t *testing.T) {
	root := newRootCmd()
	want := map[string]string{} // file name -> text
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() == "help" || c.Name() == "completion" || c.HasParent() && c.Parent().Name() == "completion" {
			return
		}
		if c.Long != "" {
			want[c.Name()+".txt"] = c.Long
		}
		if c.Example != "" {
			want[c.Name()+".example.txt"] = c.Example
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	files, err := fs.Glob(helpFiles, "help/*")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		name := strings.TrimPrefix(f, "help/")
		seen[name] = true
		text, ok := want[name]
		switch {
		case !ok:
			t.Errorf("%s: no command uses it", f)
		case text != help(name) || strings.HasSuffix(text, "\n"):
			t.Errorf("%s: the command's text is not the file's", f)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("a command's help is not in help/%s", name)
		}
	}
}
