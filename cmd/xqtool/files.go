package main

import (
	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/export"
	"github.com/xqtool/xqtool/parse"
)

// fileTally gathers, in input order, what the games of the current input
// file were, until its end item turns it into a files row.
type fileTally struct {
	games   int
	enc     string
	mixed   bool
	problem error
}

func (t *fileTally) add(r *analyze.Report) {
	t.games++
	if e := r.Record.Encoding; e != "" && e != t.enc {
		if t.enc != "" {
			t.mixed = true
		}
		t.enc = e
	}
}

// row builds the files row of the file that ends with e. A file whose
// format was recognised but that held no game is unreadable.
func (t *fileTally) row(e *corpus.FileEnd) export.FileRow {
	row := export.FileRow{
		Source: e.Name, Bytes: e.Size, Format: string(e.Format),
		Encoding: t.enc, Games: t.games, Status: string(e.Status),
	}
	if t.mixed {
		row.Encoding = "mixed"
	}
	switch err := e.Err; {
	case err != nil:
		row.Problem = err.Error()
	case t.problem != nil:
		row.Problem = t.problem.Error()
	}
	if t.games == 0 && e.Status == corpus.FileRead {
		row.Status = string(corpus.FileUnreadable)
		if row.Problem == "" {
			row.Problem = parse.ErrNoGame.Error()
		}
	}
	return row
}

// fileJSON is the validate --report line of an input file that gave no
// game; its kind tells it from game lines (which have none).
type fileJSON struct {
	Kind    string `json:"kind"` // always "file"
	Source  string `json:"source"`
	Bytes   *int64 `json:"bytes"`
	Format  string `json:"format"`
	Status  string `json:"status"`
	Problem string `json:"problem"`
}

func toFileJSON(r export.FileRow) fileJSON {
	j := fileJSON{Kind: "file", Source: r.Source, Format: r.Format, Status: r.Status, Problem: r.Problem}
	if r.Bytes >= 0 {
		j.Bytes = &r.Bytes
	}
	return j
}
