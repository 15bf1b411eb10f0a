package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/xqtool/xqtool/book"
	"github.com/xqtool/xqtool/explorer"
)

// bookFlags are explore's opening-book flags: --book reads one, with
// --fen; --write-book writes the tree as one.
type bookFlags struct {
	read, write string
}

func (bf *bookFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&bf.read, "book", "", "with --fen: list the moves of an opening book (BOOK.DAT, .obk, .yfk) in the position")
	fs.StringVar(&bf.write, "write-book", "", "also write the tree as an opening book: FILE.obk (冰河), FILE.yfk (勇芳) or FILE.dat (ElephantEye BOOK.DAT)")
}

// checkBookName says which names --book and --write-book take.
func checkBookName(path string, writing bool) error {
	switch {
	case book.KnownName(path):
		return nil
	case writing:
		return usageErr("--write-book %s: the name must end in .obk, .yfk or .dat", path)
	}
	return usageErr("--book %s: the name must end in .dat (ElephantEye), .obk (冰河) or .yfk (勇芳)", path)
}

// lookupBook prints the moves of the book at path in the position fen.
func lookupBook(w io.Writer, fen, path string) error {
	if err := checkBookName(path, false); err != nil {
		return err
	}
	p, err := explorer.ParsePosition(fen)
	if err != nil {
		return usageErr("--fen: %v", err)
	}
	b, err := book.Open(path)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	defer b.Close()
	moves, err := b.Lookup(p)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	return book.WriteMoves(w, p, moves)
}

// writeTreeBook writes the tree in dir as the book at path.
func writeTreeBook(w io.Writer, dir, path string) error {
	if err := checkBookName(path, true); err != nil {
		return err
	}
	t, err := explorer.OpenTreeAt(dir)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	entries, err := t.BookEntries()
	t.Close()
	if err == nil {
		err = book.WriteFile(path, entries)
	}
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	fmt.Fprintf(w, "%-24s %10d\nwrote %s\n", "book moves", len(entries), path)
	return nil
}

// withBook writes the tree in dir as the book at path (none when path is
// empty) once explore has written it: when err is nil, or an exit code 1
// (the tree is written, some input was skipped); err is returned.
func withBook(w io.Writer, err error, dir, path string) error {
	if path == "" {
		return err
	}
	if e, ok := err.(*exitError); err != nil && (!ok || e.code != 1) {
		return err
	}
	if berr := writeTreeBook(w, dir, path); berr != nil {
		return berr
	}
	return err
}
