package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/flags"
)

// TestREADMECommands runs every xqtool command line shown in README.md
// (lines of code blocks that start with "xqtool", or pipe into it from
// cat), in order, from a scratch directory that links to the sample
// corpus. Each must show something on the sample: exit 0 (validate, a
// check: 0 or 1, the sample's broken records being on purpose) with some
// output; and every file they write lies under out/.
func TestREADMECommands(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	f, err := os.Open(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if in && (strings.HasPrefix(line, "xqtool ") || strings.HasPrefix(line, "cat sample/")) && !needsEngine(line) {
			cmds = append(cmds, line)
		}
	}
	if len(cmds) < 15 {
		t.Fatalf("only %d commands found in README.md", len(cmds))
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(root, "sample"), filepath.Join(dir, "sample")); err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	for _, c := range cmds {
		t.Run(c, func(t *testing.T) {
			stdin := ""
			if i := strings.Index(c, " # "); i >= 0 {
				c = strings.TrimSpace(c[:i])
			}
			if strings.HasPrefix(c, "cat ") {
				file, rest, _ := strings.Cut(strings.TrimPrefix(c, "cat "), " | ")
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				stdin, c = string(data), rest
			}
			redirect := ""
			if i := strings.Index(c, " > "); i >= 0 {
				c, redirect = c[:i], strings.TrimSpace(c[i+3:])
			}
			args := shellWords(strings.TrimPrefix(c, "xqtool "))
			out, errs, code := runCLI(t, stdin, append(args[:len(args):len(args)], quietFor(args)...)...)
			if code != 0 && (code != 1 || args[0] != "validate") {
				t.Errorf("exit %d: %s%s", code, out, errs)
			}
			wrote := redirect != ""
			for i, a := range args[:len(args)-1] {
				if a == "-o" || a == "--output" || a == "--html" || a == "--report" {
					if _, err := os.Stat(args[i+1]); err == nil {
						wrote = true
					}
				}
			}
			if strings.TrimSpace(out+errs) == "" && !wrote {
				t.Error("prints nothing and writes nothing")
			}
			if redirect != "" {
				// A later command may read the file (players --suggest
				// writes the alias file that export --aliases reads).
				if err := os.WriteFile(redirect, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "sample" && e.Name() != "out" {
			t.Errorf("a README example wrote %s outside out/", e.Name())
		}
	}
}

// needsEngine reports the command lines that need an engine installed
// (annotate) or its output (convert --evals): annotate_test.go runs them
// with the fake engine and with Fairy-Stockfish.
func needsEngine(line string) bool {
	return strings.HasPrefix(line, "xqtool annotate") || strings.Contains(line, "--evals")
}

// quietFor adds --quiet to the commands that take it.
func quietFor(args []string) []string {
	switch args[0] {
	case "validate", "export", "convert":
		return []string{"--quiet"}
	}
	return nil
}

// shellWords splits a command line with single and double quotes.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	quote := byte(0)
	has := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, has = c, true
		case c == ' ':
			if cur.Len() > 0 || has {
				out = append(out, cur.String())
				cur.Reset()
				has = false
			}
		default:
			cur.WriteByte(c)
		}
	}
	if cur.Len() > 0 || has {
		out = append(out, cur.String())
	}
	return out
}

var updateREADME = flag.Bool("update-readme", false, "rewrite README.md's table of flag codes from package flags")

// TestREADMEFlagTable checks that README's table of flag codes is package
// flags' table, row for row in its order (errors, warnings, info): the
// one place a code's severity and meaning are written is flags.go.
// -update-readme rewrites the README table from it.
func TestREADMEFlagTable(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	path := filepath.Join(root, "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const header = "| code | severity | meaning |\n|---|---|---|\n"
	text := string(data)
	start := strings.Index(text, header)
	if start < 0 {
		t.Fatalf("README.md has no table starting %q", header)
	}
	end := start + len(header)
	for end < len(text) && text[end] == '|' {
		nl := strings.IndexByte(text[end:], '\n')
		if nl < 0 {
			end = len(text)
			break
		}
		end += nl + 1
	}
	var want strings.Builder
	want.WriteString(header)
	for _, d := range flags.All() {
		fmt.Fprintf(&want, "| `%s` | %s | %s |\n", d.Code, d.Severity, d.Meaning)
	}
	if got := text[start:end]; got != want.String() {
		if *updateREADME {
			text = text[:start] + want.String() + text[end:]
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's flag table differs from package flags (go test ./cmd/xqtool -run FlagTable -update-readme rewrites it):\n got:\n%s\nwant:\n%s", got, want.String())
	}
}
