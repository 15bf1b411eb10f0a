package htmlreport

import (
	"fmt"
	"io"
	"os"

	"github.com/xqtool/xqtool/report"
)

// AddReport adds the games (and the files without games) of the report
// lines read from r, as validate --report writes them, and counts its
// game lines and those written without moves (they get no diagram).
func (b *Builder) AddReport(r io.Reader) (games, noMoves int, err error) {
	rd := report.NewReader(r)
	for {
		var v any
		if v, err = rd.Next(); err != nil {
			break
		}
		switch l := v.(type) {
		case *report.Game:
			games++
			if l.Moves == nil {
				noMoves++
			}
			b.Add(l)
		case *report.File:
			b.AddFile()
		}
	}
	if err == io.EOF {
		err = nil
	}
	return games, noMoves, err
}

// AddReportFile adds the games of the report file at path ("-" reads
// stdin) as AddReport does; an error reading the lines names the file.
func (b *Builder) AddReportFile(path string, stdin io.Reader) (games, noMoves int, err error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return 0, 0, err
		}
		defer f.Close()
		r = f
	}
	if games, noMoves, err = b.AddReport(r); err != nil {
		return games, noMoves, fmt.Errorf("%s: %w", path, err)
	}
	return games, noMoves, nil
}
