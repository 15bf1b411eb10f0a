package book

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// A book file's format is told by its name's extension: .dat
// (ElephantEye's BOOK.DAT), .obk (冰河) or .yfk (勇芳), in any case.
const (
	extDAT = ".dat"
	extOBK = ".obk"
	extYFK = ".yfk"
)

// KnownName reports whether path ends in the extension of a book format
// (.dat, .obk or .yfk, in any case).
func KnownName(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case extDAT, extOBK, extYFK:
		return true
	}
	return false
}

// File is an open book file.
type File interface {
	Source
	Close() error
}

// Open opens the book file at path in the format of its extension
// (KnownName); a BOOK.DAT is read whole, its errors naming path.
func Open(path string) (File, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case extDAT:
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		d, err := ReadDAT(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return datFile{d}, nil
	case extOBK, extYFK:
		flavor := OBK
		if ext == extYFK {
			flavor = YFK
		}
		return OpenSQLBook(path, flavor)
	}
	return nil, fmt.Errorf("%s: not a book name (.dat, .obk or .yfk)", path)
}

// datFile is a BOOK.DAT read into memory: nothing to close.
type datFile struct{ *DAT }

func (datFile) Close() error { return nil }

// WriteFile writes entries as the book file at path, in the format of
// its extension (KnownName).
func WriteFile(path string, entries []Entry) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case extOBK:
		return WriteOBK(path, entries)
	case extYFK:
		return WriteYFK(path, entries)
	case extDAT:
		var buf bytes.Buffer
		if err := WriteDAT(&buf, entries); err != nil {
			return err
		}
		return os.WriteFile(path, buf.Bytes(), 0o644)
	}
	return fmt.Errorf("%s: not a book name (.dat, .obk or .yfk)", path)
}

// LookupFile writes the moves of the book file at path (Open) in the
// position p as a table (WriteMoves).
func LookupFile(w io.Writer, path string, p board.Position) error {
	b, err := Open(path)
	if err != nil {
		return err
	}
	defer b.Close()
	moves, err := b.Lookup(p)
	if err != nil {
		return err
	}
	return WriteMoves(w, p, moves)
}
