package main

import (
	"embed"
	"strings"
)

// helpFiles are the long help texts of the commands (NAME.txt, the root's
// xqtool.txt) and their examples (NAME.example.txt).
//
//go:embed help/*.txt
var helpFiles embed.FS

// help returns the text of help/name without its final newline. The files
// are built in: a missing one is a mistake of the build, which every test
// that makes the commands finds.
func help(name string) string {
	b, err := helpFiles.ReadFile("help/" + name)
	if err != nil {
		panic(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}
