package tournament

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/internal/parquetw"
)

// EventsSchema is the schema of events.parquet: one row per event (see
// Event), in order of the event's first game. name is its
// most frequent spelling and names every spelling of its Event tag (most
// games first); year is the year of the event_id (null when none);
// first_date and last_date the span of its dates (tournament.EventSpan),
// null when none is known; site the most frequent Site tag; format
// "round-robin", "double-round-robin" or "by-round"; players the players'
// names by rank; rounds the Round tags in round order; games its games
// (copies included) and counted those counted once per cluster (the
// crosstable's); then, per check, the number of its games flagged.
var EventsSchema = arrow.NewSchema(append([]arrow.Field{
	{Name: "event_id", Type: str},
	{Name: "name", Type: str},
	{Name: "names", Type: strList},
	{Name: "year", Type: i32, Nullable: true},
	{Name: "first_date", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "last_date", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "site", Type: str, Nullable: true},
	{Name: "format", Type: str},
	{Name: "players", Type: strList},
	{Name: "rounds", Type: strList},
	{Name: "games", Type: arrow.PrimitiveTypes.Int64},
	{Name: "counted", Type: i32},
}, codeFields()...), nil)

var (
	str     = arrow.BinaryTypes.String
	i32     = arrow.PrimitiveTypes.Int32
	strList = arrow.ListOf(arrow.BinaryTypes.String)
)

func codeFields() []arrow.Field {
	out := make([]arrow.Field, len(Checks))
	for i, c := range Checks {
		out[i] = arrow.Field{Name: string(c), Type: i32}
	}
	return out
}

// WriteEvents writes events.parquet (EventsSchema) to w, with mem as the
// Arrow allocator (nil: parquetw's default).
func WriteEvents(w io.Writer, events []*Event, mem memory.Allocator) error {
	cfg := parquetw.NewConfig()
	if mem != nil {
		cfg.Mem = mem
	}
	fw, err := parquetw.NewFileWriter(w, EventsSchema, &cfg, nil, nil)
	if err != nil {
		return err
	}
	b := array.NewRecordBuilder(cfg.Mem, EventsSchema)
	defer b.Release()
	list := func(i int, vals []string) {
		lb := b.Field(i).(*array.ListBuilder)
		lb.Append(true)
		vb := lb.ValueBuilder().(*array.StringBuilder)
		for _, v := range vals {
			vb.Append(v)
		}
	}
	for _, e := range events {
		b.Field(0).(*array.StringBuilder).Append(e.ID)
		b.Field(1).(*array.StringBuilder).Append(e.Name)
		names := make([]string, len(e.Names))
		for i, n := range e.Names {
			names[i] = n.Text
		}
		list(2, names)
		if e.Year > 0 {
			b.Field(3).(*array.Int32Builder).Append(int32(e.Year))
		} else {
			b.Field(3).AppendNull()
		}
		if e.Span.Known() {
			b.Field(4).(*array.Date32Builder).Append(arrow.Date32FromTime(e.Span.From))
			b.Field(5).(*array.Date32Builder).Append(arrow.Date32FromTime(e.Span.To))
		} else {
			b.Field(4).AppendNull()
			b.Field(5).AppendNull()
		}
		if e.Site != "" {
			b.Field(6).(*array.StringBuilder).Append(e.Site)
		} else {
			b.Field(6).AppendNull()
		}
		b.Field(7).(*array.StringBuilder).Append(string(e.Format))
		players := make([]string, len(e.Players))
		for i, p := range e.Players {
			players[i] = p.Name
		}
		list(8, players)
		list(9, e.RoundTags)
		b.Field(10).(*array.Int64Builder).Append(int64(e.Games))
		b.Field(11).(*array.Int32Builder).Append(int32(e.Counted))
		for i, c := range Checks {
			b.Field(12 + i).(*array.Int32Builder).Append(int32(e.Flags[c]))
		}
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	if err := fw.Write(rec); err != nil {
		fw.Close()
		return fmt.Errorf("tournament: %w", err)
	}
	return fw.Close()
}

// WriteEvents writes events.parquet of the sink's events (see the
// function WriteEvents): a table a dataset writes beside its games
// (dataset.Sink.AddTable) once the sink has finished.
func (s *Sink) WriteEvents(w io.Writer, mem memory.Allocator) error {
	return WriteEvents(w, s.Events(), mem)
}
