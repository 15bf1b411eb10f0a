// Command fontgen makes the font that the board diagrams of package
// svgboard embed, so that a page shows its pieces, river and file numbers
// on a machine without any Chinese font: a subset of Noto Serif CJK SC
// (Regular and Bold, from the Debian package fonts-noto-cjk, SIL Open Font
// License 1.1) holding only svgboard.FontChars, as WOFF2.
//
// It needs fontconfig (fc-match), the fonts (apt-get install fonts-noto-cjk)
// and fontTools with Brotli (apt-get install fonttools python3-brotli), and
// is run from package svgboard:
//
//	go generate ./svgboard/
//
// It writes, in the output directory, xq-board-regular.woff2,
// xq-board-bold.woff2, chars.txt (the characters subset, which a test of
// svgboard compares with FontChars so that the font cannot fall behind)
// and OFL.txt (where the fonts come from, how they were made, and the
// licence, which travels with them).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/xqtool/xqtool/svgboard"
)

func main() {
	out := flag.String("o", "font", "output directory")
	family := flag.String("family", "Noto Serif CJK SC", "fontconfig family of the source font")
	copyright := flag.String("copyright", "/usr/share/doc/fonts-noto-cjk/copyright", "the Debian copyright file that holds the font's licence")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("fontgen: ")

	var sources []string
	for _, face := range []struct{ style, file string }{{"Regular", "xq-board-regular.woff2"}, {"Bold", "xq-board-bold.woff2"}} {
		file, index, err := locate(*family, face.style)
		if err != nil {
			log.Fatal(err)
		}
		dst := filepath.Join(*out, face.file)
		cmd := exec.Command("pyftsubset", file,
			"--font-number="+index,
			"--text="+svgboard.FontChars,
			"--flavor=woff2",
			"--name-IDs=*", // keep the copyright and licence records
			"--layout-features=",
			"--no-hinting",
			"--desubroutinize",
			"--output-file="+dst)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			log.Fatalf("pyftsubset (apt-get install fonttools python3-brotli): %v", err)
		}
		st, err := os.Stat(dst)
		if err != nil {
			log.Fatal(err)
		}
		sources = append(sources, fmt.Sprintf("%s: %s %s (face %s of %s), %d bytes", face.file, *family, face.style, index, filepath.Base(file), st.Size()))
	}
	if err := os.WriteFile(filepath.Join(*out, "chars.txt"), []byte(svgboard.FontChars+"\n"), 0o644); err != nil {
		log.Fatal(err)
	}
	licence, err := oflText(*copyright)
	if err != nil {
		log.Fatal(err)
	}
	version, _ := exec.Command("dpkg-query", "-W", "-f=${Version}", "fonts-noto-cjk").Output()
	var b strings.Builder
	fmt.Fprintf(&b, "The fonts of this directory are subsets of %s (Debian package fonts-noto-cjk %s),\n", *family, bytes.TrimSpace(version))
	b.WriteString(notice(filepath.Join(*out, "xq-board-regular.woff2")) + "\n")
	b.WriteString("They hold only the characters of chars.txt; they were made by internal/fontgen\n")
	b.WriteString("(go generate ./svgboard/) with pyftsubset of fontTools:\n\n")
	for _, s := range sources {
		b.WriteString("  " + s + "\n")
	}
	b.WriteString("\nThey are licensed, as the fonts they come from, under the SIL Open Font License 1.1:\n\n")
	b.WriteString(licence)
	if err := os.WriteFile(filepath.Join(*out, "OFL.txt"), []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

// locate returns the file and face index of a font family's style.
func locate(family, style string) (file, index string, err error) {
	out, err := exec.Command("fc-match", "--format=%{file}\n%{index}\n%{family[0]}", family+":style="+style).Output()
	if err != nil {
		return "", "", fmt.Errorf("fc-match %s %s: %v", family, style, err)
	}
	f := strings.Split(string(out), "\n")
	if len(f) != 3 || f[2] != family {
		return "", "", fmt.Errorf("font %s %s not installed (fc-match gives %q): apt-get install fonts-noto-cjk", family, style, out)
	}
	return f[0], f[1], nil
}

// notice returns the copyright notice of a font (name record 0), as
// ttx of fontTools prints it.
func notice(file string) string {
	out, err := exec.Command("ttx", "-q", "-t", "name", "-o", "-", file).Output()
	if err != nil {
		log.Fatalf("ttx %s: %v", file, err)
	}
	m := regexp.MustCompile(`(?s)<namerecord nameID="0" platformID="3"[^>]*>\s*(.*?)\s*</namerecord>`).FindSubmatch(out)
	if m == nil {
		log.Fatalf("%s: no copyright notice", file)
	}
	return "Copyright: " + string(m[1])
}

// oflText returns the text of the SIL Open Font License from a Debian
// copyright file: the stand-alone "License: SIL-1.1" paragraph, its lines
// indented by one space and its blank lines written as " .".
func oflText(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case !in && line == "License: SIL-1.1":
			in = b.Len() == 0
		case in && !strings.HasPrefix(line, " "):
			in = false
		case in && line == " .":
			b.WriteString("\n")
		case in:
			b.WriteString(strings.TrimPrefix(line, " ") + "\n")
		}
	}
	if !strings.Contains(b.String(), "SIL OPEN FONT LICENSE Version 1.1") {
		return "", fmt.Errorf("%s: no SIL Open Font License text found", path)
	}
	return b.String(), nil
}
