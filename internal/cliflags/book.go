package cliflags

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/xqtool/xqtool/book"
	"github.com/xqtool/xqtool/explorer"
)

// Book are explore's opening-book flags: --book reads one, with --fen;
// --write-book writes the tree as one.
type Book struct {
	Read, Write string
}

// Register adds the book flags to fs.
func (f *Book) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.Read, "book", "", "with --fen: list the moves of an opening book (BOOK.DAT, .obk, .yfk) in the position")
	fs.StringVar(&f.Write, "write-book", "", "also write the tree as an opening book: FILE.obk (冰河), FILE.yfk (勇芳) or FILE.dat (ElephantEye BOOK.DAT)")
}

// CheckWrite refuses a --write-book name that tells no book format.
func (f *Book) CheckWrite() error {
	if f.Write == "" || book.KnownName(f.Write) {
		return nil
	}
	return fmt.Errorf("--write-book %s: the name must end in .obk, .yfk or .dat", f.Write)
}

// Lookup prints the moves of the --book file in the position fen.
func (f *Book) Lookup(w io.Writer, fen string) error {
	if !book.KnownName(f.Read) {
		return fmt.Errorf("--book %s: the name must end in .dat (ElephantEye), .obk (冰河) or .yfk (勇芳)", f.Read)
	}
	p, err := explorer.ParsePosition(fen)
	if err != nil {
		return fmt.Errorf("--fen: %v", err)
	}
	return book.LookupFile(w, f.Read, p)
}

// WriteTree writes the tree in dir as the --write-book file (none
// without the flag).
func (f *Book) WriteTree(w io.Writer, dir string) error {
	if f.Write == "" {
		return nil
	}
	if err := f.CheckWrite(); err != nil {
		return err
	}
	return explorer.WriteTreeBook(w, dir, f.Write)
}
