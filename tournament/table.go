package dataset

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/tournament"
)

// EventsName is the name of the table of events (events.parquet).
const EventsName = "events"

// EventsSchema is the schema of events.parquet: one row per event (see
// package tournament), in order of the event's first game. name is its
// most frequent spelling and names every spelling of its Event tag (most
// games first); year is the year of the event_id (null when none);
// first_date and last_date the span of its dates (tournament.EventSpan),
// null when none is known; site the most frequent Site tag; format
// "round-robin", "double-round-robin" or "by-round"; players the players'
// names by rank; rounds the Round tags in round order; games its games
// (copies included) and counted those counted once per cluster (the
// crosstable's); then, per check, the number of its games flagged.
var EventsSchema = arrow.NewSchema(append([]arrow.Field{
	field("event_id", str, false),
	field("name", str, false),
	field("names", strList, false),
	field("year", i32, true),
	field("first_date", date32, true),
	field("last_date", date32, true),
	field("site", str, true),
	field("format", str, false),
	field("players", strList, false),
	field("rounds", strList, false),
	field("games", arrow.PrimitiveTypes.Int64, false),
	field("counted", i32, false),
}, codeFields()...), nil)

func codeFields() []arrow.Field {
	out := make([]arrow.Field, len(tournament.Checks))
	for i, c := range tournament.Checks {
		out[i] = field(string(c), i32, false)
	}
	return out
}

// WriteEvents writes events.parquet (EventsSchema) to w.
func WriteEvents(w io.Writer, events []*tournament.Event, opts ...Option) error {
	cfg := newConfig(opts)
	props := writerProps(cfg, nil, nil, cfg.rowGroupRows)
	fw, err := pqarrow.NewFileWriter(EventsSchema, w, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(cfg.mem), pqarrow.WithStoreSchema()))
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	b := array.NewRecordBuilder(cfg.mem, EventsSchema)
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
			b.Field(4).(*array.Date32Builder).Append(arrow.Date32(daysSinceEpoch(e.Span.From)))
			b.Field(5).(*array.Date32Builder).Append(arrow.Date32(daysSinceEpoch(e.Span.To)))
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
		b.Field(10).(*array.Int64Builder).Append(int64(len(e.Games)))
		b.Field(11).(*array.Int32Builder).Append(int32(e.Counted))
		for i, c := range tournament.Checks {
			b.Field(12 + i).(*array.Int32Builder).Append(int32(e.Flags[c]))
		}
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	if err := fw.Write(rec); err != nil {
		fw.Close()
		return fmt.Errorf("dataset: %w", err)
	}
	return fw.Close()
}

// WriteEvents writes events.parquet beside the datasets (moved into place
// by Close with them; a dataset without it has none: Close removes that of
// an earlier run).
func (d *Writer) WriteEvents(events []*tournament.Event) error {
	return d.writeTable(EventsName, &d.events, func(w io.Writer) error {
		return WriteEvents(w, events, WithAllocator(d.cfg.mem))
	})
}
