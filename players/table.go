package players

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/internal/parquetw"
)

var (
	str = arrow.BinaryTypes.String
	i32 = arrow.PrimitiveTypes.Int32
	// spellingType is one spelling of a player's name and its count.
	spellingType = arrow.StructOf(
		arrow.Field{Name: "spelling", Type: str},
		arrow.Field{Name: "count", Type: i32},
	)
)

func field(name string, t arrow.DataType, nullable bool) arrow.Field {
	return arrow.Field{Name: name, Type: t, Nullable: nullable}
}

// Schema is the schema of players.parquet: one row per Player of a
// Table, in its order. player_id is the id games.parquet's red_id and
// black_id hold; name the canonical name; spellings every name as
// written with the number of game sides that carry it, most frequent
// first; games the games naming the player (copies included);
// first_year and last_year the span of their dates (null when none has
// a year); red_points and red_games the score with Red over the games
// with a decided result (a win 1, a draw 0.5), and black_points and
// black_games with Black.
var Schema = arrow.NewSchema([]arrow.Field{
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

// tableBatch is the number of rows of players.parquet built before they
// are written.
const tableBatch = 4096

// WritePlayers writes players.parquet (Schema) of ps to w, with mem as the
// Arrow allocator (nil: parquetw's default).
func WritePlayers(w io.Writer, ps []Player, mem memory.Allocator) error {
	cfg := parquetw.NewConfig()
	if mem != nil {
		cfg.Mem = mem
	}
	fw, err := parquetw.NewFileWriter(w, Schema, &cfg, []string{"player_id"}, []string{"player_id"})
	if err != nil {
		return err
	}
	b := array.NewRecordBuilder(cfg.Mem, Schema)
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
	for n, r := range ps {
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
		b.Field(6).(*array.Float64Builder).Append(r.AsRed.Points)
		b.Field(7).(*array.Int32Builder).Append(int32(r.AsRed.Games))
		b.Field(8).(*array.Float64Builder).Append(r.AsBlack.Points)
		b.Field(9).(*array.Int32Builder).Append(int32(r.AsBlack.Games))
		if (n+1)%tableBatch == 0 {
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

// WritePlayers writes players.parquet of the players the sink resolved
// (none before it finished): a table a dataset writes beside its games
// (dataset.Sink.AddTable) once the sink has finished.
func (s *Sink) WritePlayers(w io.Writer, mem memory.Allocator) error {
	var ps []Player
	if t := s.Table(); t != nil {
		ps = t.Players()
	}
	return WritePlayers(w, ps, mem)
}
