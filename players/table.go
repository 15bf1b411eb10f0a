package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/internal/parquetw"
)

// spellingType is one spelling of a player's name and its count.
var spellingType = arrow.StructOf(
	arrow.Field{Name: "spelling", Type: str},
	arrow.Field{Name: "count", Type: i32},
)

// PlayersSchema is the schema of players.parquet: one row per player
// (package players). player_id is the id games.parquet's red_id and
// black_id hold; name the canonical name; spellings every name as
// written with the number of game sides that carry it, most frequent
// first; games the games naming the player (copies included);
// first_year and last_year the span of their dates (null when none has
// a year); red_points and red_games the score with Red over the games
// with a decided result (a win 1, a draw 0.5), and black_points and
// black_games with Black.
var PlayersSchema = arrow.NewSchema([]arrow.Field{
	field("player_id", str, false),
	field("name", str, false),
	field("spellings", arrow.ListOfNonNullable(spellingType), false),
	field("games", arrow.PrimitiveTypes.Int64, false),
	field("first_year", i32, true),
	field("last_year", i32, true),
	field("red_points", arrow.PrimitiveTypes.Float64, false),
	field("red_games", i32, false),
	field("black_points", arrow.PrimitiveTypes.Float64, false),
	field("black_games", i32, false),
}, nil)

// PlayerRow is one row of players.parquet.
type PlayerRow struct {
	ID, Name               string
	Spellings              []PlayerSpelling
	Games                  int
	FirstYear, LastYear    int // 0: null
	RedPoints, BlackPoints float64
	RedGames, BlackGames   int
}

// PlayerSpelling is a name as written and its count.
type PlayerSpelling struct {
	Text  string
	Count int
}

// WritePlayers writes players.parquet to w.
func WritePlayers(w io.Writer, rows []PlayerRow, opts ...Option) error {
	cfg := newConfig(opts)
	fw, err := parquetw.NewFileWriter(w, PlayersSchema, &cfg.Config, []string{"player_id"}, []string{"player_id"})
	if err != nil {
		return err
	}
	b := array.NewRecordBuilder(cfg.Mem, PlayersSchema)
	defer b.Release()
	flush := func() error {
		rec := b.NewRecordBatch()
		defer rec.Release()
		return fw.WriteBuffered(rec)
	}
	opt32 := func(i, v int) {
		if v == 0 {
			b.Field(i).AppendNull()
		} else {
			b.Field(i).(*array.Int32Builder).Append(int32(v))
		}
	}
	for n, r := range rows {
		b.Field(0).(*array.StringBuilder).Append(r.ID)
		b.Field(1).(*array.StringBuilder).Append(r.Name)
		lb := b.Field(2).(*array.ListBuilder)
		sb := lb.ValueBuilder().(*array.StructBuilder)
		lb.Append(true)
		for _, s := range r.Spellings {
			sb.Append(true)
			sb.FieldBuilder(0).(*array.StringBuilder).Append(s.Text)
			sb.FieldBuilder(1).(*array.Int32Builder).Append(int32(s.Count))
		}
		b.Field(3).(*array.Int64Builder).Append(int64(r.Games))
		opt32(4, r.FirstYear)
		opt32(5, r.LastYear)
		b.Field(6).(*array.Float64Builder).Append(r.RedPoints)
		b.Field(7).(*array.Int32Builder).Append(int32(r.RedGames))
		b.Field(8).(*array.Float64Builder).Append(r.BlackPoints)
		b.Field(9).(*array.Int32Builder).Append(int32(r.BlackGames))
		if (n+1)%filesBatch == 0 {
			if err := flush(); err != nil {
				fw.Close()
				return err
			}
		}
	}
	if err := flush(); err != nil {
		fw.Close()
		return err
	}
	return fw.Close()
}

// WritePlayers writes players.parquet into the dataset; Close moves it
// into place with the rest (a dataset closed without it has none: an
// earlier run's is removed).
func (d *Writer) WritePlayers(rows []PlayerRow) error {
	return d.WriteTable(PlayersName, func(w io.Writer, mem memory.Allocator) error {
		return WritePlayers(w, rows, WithAllocator(mem))
	})
}

// WriteTable writes the table name.parquet (one of the tables beside the
// datasets: EventsName, PlayersName) with write, given the dataset's
// allocator; Close moves it into place with the rest. A dataset closed
// without it has none: an earlier run's is removed.
func (d *Writer) WriteTable(name string, write func(w io.Writer, mem memory.Allocator) error) error {
	if d.done {
		return parquetw.ErrClosed
	}
	if name == FilesName || !slices.Contains(tableNames[:], name) {
		return fmt.Errorf("dataset: no table %q beside the datasets", name)
	}
	f, err := os.Create(filepath.Join(d.tmp, name+".parquet"))
	if err != nil {
		return err
	}
	buf := bufio.NewWriterSize(f, 64<<10)
	if err := errors.Join(write(buf, d.cfg.Mem), buf.Flush(), f.Close()); err != nil {
		return err
	}
	d.tables[name] = true
	return nil
}
