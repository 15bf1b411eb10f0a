package book

import (
	"database/sql"
	"net/url"

	// SQLite translated to Go: no cgo (docs/books.md says why this one).
	_ "modernc.org/sqlite"
)

// openSQLite opens the SQLite database at path, read-only or to create.
func openSQLite(path string, readOnly bool) (*sql.DB, error) {
	mode := "rwc"
	if readOnly {
		mode = "ro"
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode="+mode)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}
