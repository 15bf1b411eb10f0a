// Package book reads and writes the opening books of xiangqi engines and
// GUIs: ElephantEye's BOOK.DAT (8-byte records keyed by a 32-bit lock of
// ElephantEye's own Zobrist tables, looked up as the position or its
// mirror), and the SQLite books of 冰河 (OBK) and 勇芳 (YFK).
//
// A book answers for a position (Source.Lookup) with its moves (Move):
// the move in the position asked about, its value and, where the format
// keeps them, the games won, drawn and lost with it. A record whose move
// is not legal where it is found (a key collision, a damaged book) is
// returned flagged, never dropped. WalkFrom visits every position a book
// reaches from a start. Writers take Entry values: a position, a move and
// its games, and derive each format's value from them (Entry.Weight,
// DATValue).
//
// Every reader checks what it reads: a damaged file gives a *FormatError
// wrapping ErrDAT or ErrOBK, never a panic. The layouts, byte by byte, and
// what is this package's own reading of them are in docs/books.md.
package book
