package book

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strconv"
)

// WriteOBK writes entries as a 冰河 OBK book at path (replacing it), as
// WriteSQLBook with OBK.
func WriteOBK(path string, entries []Entry) error { return WriteSQLBook(path, entries, OBK) }

// WriteYFK writes entries as a 勇芳 YFK book at path (replacing it), as
// WriteSQLBook with YFK.
func WriteYFK(path string, entries []Entry) error { return WriteSQLBook(path, entries, YFK) }

// WriteSQLBook writes entries as an OBK or YFK book at path (replacing
// it): table bhobk with the columns of the flavor, a row per entry:
// vkey the position's OBKKey, vmove packed as the flavor packs it,
// vscore its weight (Entry.Weight), vwin, vdraw and vlost its games from
// the side that plays it, vindex NULL; rows in key then move order, with
// an index on vkey. OBK: vvalid 1, vmemo the comment (NULL when none),
// vkey written as 冰河's SQL writes it (the key's unsigned decimal, which
// SQLite keeps as an integer below 2⁶³ and as a floating-point number
// from there). YFK: vkey the key's 64 bits as a signed integer, vvalid 1,
// the id of the one row of its comment table ltext, an empty text; the
// entries' comments are not written (docs/books.md).
func WriteSQLBook(path string, entries []Entry, f Flavor) (err error) {
	tmp := path + ".tmp"
	os.Remove(tmp)
	db, err := openSQLite(tmp, false)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(tmp)
		} else {
			err = os.Rename(tmp, path)
		}
	}()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	schema := []string{"CREATE TABLE bhobk([id] INTEGER PRIMARY KEY AUTOINCREMENT, [vkey] INTEGER, [vmove] INTEGER, [vscore] INTEGER, [vwin] INTEGER, [vdraw] INTEGER, [vlost] INTEGER, [vvalid] INTEGER, [vmemo] BLOB, [vindex] INTEGER)"}
	insert := "INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex) VALUES (?, ?, ?, ?, ?, ?, 1, ?, NULL)"
	if f == YFK {
		schema = []string{
			"CREATE TABLE bhobk([id] INTEGER PRIMARY KEY AUTOINCREMENT, [vkey] INTEGER, [vmove] INTEGER, [vscore] INTEGER, [vwin] INTEGER, [vdraw] INTEGER, [vlost] INTEGER, [vvalid] INTEGER, [vindex] INTEGER)",
			"CREATE TABLE ltext([id] INTEGER PRIMARY KEY AUTOINCREMENT, [lma] TEXT)",
			"INSERT INTO ltext(id, lma) VALUES (1, '')",
		}
		insert = "INSERT INTO bhobk(vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vindex) VALUES (?, ?, ?, ?, ?, ?, 1, NULL)"
	}
	for _, s := range schema {
		if _, err := tx.Exec(s); err != nil {
			return err
		}
	}
	type row struct {
		key uint64
		mv  int64
		e   *Entry
	}
	rows := make([]row, len(entries))
	for i := range entries {
		e := &entries[i]
		if !e.Move.Valid() {
			return fmt.Errorf("book: write %v: %s: invalid move %v", f, e.Position.FEN(), e.Move)
		}
		rows[i] = row{OBKKey(&e.Position), sqlBookValue(e.Move, f), e}
	}
	slices.SortFunc(rows, func(a, b row) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.mv, b.mv)) })
	ins, err := tx.Prepare(insert)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, r := range rows {
		args := []any{nil, r.mv, r.e.Weight(), r.e.Wins, r.e.Draws, r.e.Losses}
		if f == YFK {
			args[0] = int64(r.key)
		} else {
			args[0] = strconv.FormatUint(r.key, 10) // as 冰河's SQL: vkey=%I64u
			var memo any
			if r.e.Comment != "" {
				memo = []byte(r.e.Comment)
			}
			args = append(args, memo)
		}
		if _, err := ins.Exec(args...); err != nil {
			return err
		}
	}
	if _, err := tx.Exec("CREATE INDEX idxkey ON bhobk(vkey)"); err != nil {
		return err
	}
	return tx.Commit()
}
