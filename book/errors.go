package book

import (
	"errors"
	"fmt"
)

// Sentinel errors, wrapped by every error of a damaged or foreign file.
var (
	// ErrDAT: the data is not an ElephantEye BOOK.DAT.
	ErrDAT = errors.New("book: not a valid ElephantEye book")
	// ErrOBK: the file is not a 冰河 OBK or 勇芳 YFK book.
	ErrOBK = errors.New("book: not a valid OBK/YFK book")
)

// FormatError is an error at a place of a book file: a byte offset and,
// for record files, the record.
type FormatError struct {
	Err    error // ErrDAT or ErrOBK
	Record int   // 0-based record (row) number, -1 when none
	Offset int64 // byte offset, -1 when none
	Msg    string
}

func (e *FormatError) Error() string {
	switch {
	case e.Record >= 0 && e.Offset >= 0:
		return fmt.Sprintf("%v: record %d (offset %d): %s", e.Err, e.Record, e.Offset, e.Msg)
	case e.Record >= 0:
		return fmt.Sprintf("%v: row %d: %s", e.Err, e.Record, e.Msg)
	case e.Offset >= 0:
		return fmt.Sprintf("%v: offset %d: %s", e.Err, e.Offset, e.Msg)
	}
	return fmt.Sprintf("%v: %s", e.Err, e.Msg)
}

func (e *FormatError) Unwrap() error { return e.Err }
