package pipeline

import (
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/parse"
)

// File is what became of one input file or archive member: a row of
// files.parquet, a "file" line of a report.
type File struct {
	Source   string
	Bytes    int64  // -1 if unknown
	Format   string // "" if none was recognised
	Encoding string // "" if none; "mixed" when its games differ
	Games    int    // games read from it
	Status   corpus.FileStatus
	Problem  string // "" if none
}

// fileTally gathers, in input order, what the games of the current input
// file were, until its end item turns it into a File.
type fileTally struct {
	games   int
	enc     string
	mixed   bool
	problem error
}

func (t *fileTally) add(rec *parse.Record) {
	t.games++
	if e := rec.Encoding; e != "" && e != t.enc {
		if t.enc != "" {
			t.mixed = true
		}
		t.enc = e
	}
}

// file builds the File of the file that ends with e. A file whose format
// was recognised but that held no game is unreadable.
func (t *fileTally) file(e *corpus.FileEnd) File {
	f := File{
		Source: e.Name, Bytes: e.Size, Format: string(e.Format),
		Encoding: t.enc, Games: t.games, Status: e.Status,
	}
	if t.mixed {
		f.Encoding = "mixed"
	}
	switch err := e.Err; {
	case err != nil:
		f.Problem = err.Error()
	case t.problem != nil:
		f.Problem = t.problem.Error()
	}
	if t.games == 0 && e.Status == corpus.FileRead {
		f.Status = corpus.FileUnreadable
		if f.Problem == "" {
			f.Problem = parse.ErrNoGame.Error()
		}
	}
	return f
}
