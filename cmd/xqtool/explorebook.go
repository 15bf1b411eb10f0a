package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

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

// bookKind is a book format, by the file's extension.
type bookKind int

const (
	bookDAT bookKind = iota
	bookOBK
	bookYFK
)

func bookKindOf(path string, writing bool) (bookKind, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".dat":
		return bookDAT, nil
	case ".obk":
		return bookOBK, nil
	case ".yfk":
		return bookYFK, nil
	}
	if writing {
		return 0, usageErr("--write-book %s: the name must end in .obk, .yfk or .dat", path)
	}
	return 0, usageErr("--book %s: the name must end in .dat (ElephantEye), .obk (冰河) or .yfk (勇芳)", path)
}

// lookupBook prints the moves of the book at path in the position fen.
func lookupBook(w io.Writer, fen, path string) error {
	kind, err := bookKindOf(path, false)
	if err != nil {
		return err
	}
	p, err := explorer.ParsePosition(fen)
	if err != nil {
		return usageErr("--fen: %v", err)
	}
	var src book.Source
	switch kind {
	case bookDAT:
		f, err := os.Open(path)
		if err != nil {
			return usageErr("%v", err)
		}
		d, err := book.ReadDAT(f)
		f.Close()
		if err != nil {
			return &exitError{code: 2, err: fmt.Errorf("%s: %w", path, err)}
		}
		src = d
	default:
		flavor := book.OBK
		if kind == bookYFK {
			flavor = book.YFK
		}
		b, err := book.OpenSQLBook(path, flavor)
		if err != nil {
			return &exitError{code: 2, err: err}
		}
		defer b.Close()
		src = b
	}
	moves, err := src.Lookup(p)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	return book.WriteMoves(w, p, moves)
}

// writeTreeBook writes the tree in dir as the book at path.
func writeTreeBook(w io.Writer, dir, path string) error {
	kind, err := bookKindOf(path, true)
	if err != nil {
		return err
	}
	t, err := explorer.OpenTreeAt(dir)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	entries, err := t.BookEntries()
	t.Close()
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	switch kind {
	case bookOBK:
		err = book.WriteOBK(path, entries)
	case bookYFK:
		err = book.WriteYFK(path, entries)
	default:
		var buf bytes.Buffer
		if err = book.WriteDAT(&buf, entries); err == nil {
			err = os.WriteFile(path, buf.Bytes(), 0o644)
		}
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
