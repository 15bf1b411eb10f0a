package dataset

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/table"
)

// flagsCursor reads a flags file beside a games file, game by game: the
// export writes a game's flags rows in the order of its games rows (and
// none for a game without flags), into the same partition.
type flagsCursor struct {
	path string
	t    *table.File
	rows *table.Rows
	more bool // the current row is unread
	// the columns of the current batch
	gameID, code, side, detail *array.String
	ply                        *array.Int32
}

// flagsColumns are the columns of flags.parquet read.
var flagsColumns = []string{"game_id", "code", "ply", "side", "detail"}

// flagsPathOf returns the flags file written with the games file path:
// DIR/flags.parquet beside DIR/games.parquet, DIR/flags/KEY/part-N.parquet
// for DIR/games/KEY/part-N.parquet.
func flagsPathOf(path string) string {
	dir, base := filepath.Split(path)
	if base == GamesName+".parquet" {
		return filepath.Join(dir, FlagsName+".parquet")
	}
	part := filepath.Dir(filepath.Clean(dir))
	if filepath.Base(part) != GamesName {
		return ""
	}
	return filepath.Join(filepath.Dir(part), FlagsName, filepath.Base(filepath.Clean(dir)), base)
}

// openFlags opens the flags file of the games file path; nil when there
// is none.
func openFlags(path string) (*flagsCursor, error) {
	fp := flagsPathOf(path)
	if fp == "" {
		return nil, nil
	}
	if _, err := os.Stat(fp); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	t, err := table.Open(fp, 0)
	if err != nil {
		return nil, err
	}
	rows, err := t.Rows(flagsColumns, nil)
	if err != nil {
		t.Close()
		return nil, err
	}
	c := &flagsCursor{path: fp, t: t, rows: rows}
	if err := c.advance(); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

// advance moves to the next row.
func (c *flagsCursor) advance() (err error) {
	defer table.Recover(c.path, &err)
	c.more = c.rows.Next()
	if !c.more {
		return c.rows.Err()
	}
	if c.rows.Fresh() {
		rec := c.rows.Batch()
		for _, b := range []struct {
			a    **array.String
			name string
		}{{&c.gameID, "game_id"}, {&c.code, "code"}, {&c.side, "side"}, {&c.detail, "detail"}} {
			if *b.a, err = table.Column[*array.String](rec, b.name); err != nil {
				return err
			}
		}
		if c.ply, err = table.Column[*array.Int32](rec, "ply"); err != nil {
			return err
		}
	}
	return nil
}

// of returns the flags of g: the rows of its game_id at the read
// position (none when the position is at another game's).
func (c *flagsCursor) of(g *Game) (fs []flags.Flag, err error) {
	defer table.Recover(c.path, &err)
	for c.more {
		i := c.rows.Index()
		if table.String(c.gameID, i) != g.GameID {
			break
		}
		code := flags.Code(strings.Clone(table.String(c.code, i)))
		f := flags.New(code, int(c.ply.Value(i)), strings.Clone(table.String(c.side, i)), strings.Clone(table.String(c.detail, i)))
		fs = append(fs, f)
		if err := c.advance(); err != nil {
			return nil, err
		}
	}
	return fs, nil
}

func (c *flagsCursor) close() error {
	c.rows.Close()
	return c.t.Close()
}
