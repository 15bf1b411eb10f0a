package dataset

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/tagnorm"
)

// emptyTagsPGN has tags present with empty values (as some real records
// do) and a game without moves: "" must be a dictionary value like any
// other and an empty list a row of its own.
const emptyTagsPGN = `[Event ""]
[Site ""]
[Round "1"]
[Annotator ""]
[Result "*"]
*
`

// gamesReports returns the sample games and, unless -short, a folder of
// the real records.
func gamesReports(t *testing.T) []*analyze.Report {
	reps := append(pgnReports(t, samplePGN), pgnReports(t, emptyTagsPGN)...)
	// A game as --repair leaves it: two repaired flags (counted by the
	// repairs column).
	rep := *reps[0]
	rep.Flags = append(slices.Clone(rep.Flags), flags.New(flags.Repaired, 3, "red", "ply 3: written …"),
		flags.New(flags.Repaired, 9, "red", "ply 9: written …"))
	reps = append(reps, &rep)
	if !testing.Short() {
		reps = append(reps, reports(t, realRecords(t, "hbsxcjp__cchess_c"))...)
	}
	return reps
}

// gamesRows returns the rows of reps, some of them copies of others (as
// duplicate detection would say), and the row each must read back as,
// computed from the reports directly.
func gamesRows(reps []*analyze.Report, rules string) (rows []*gameRow, want [][]string) {
	rows = rowsOf(reps)
	for i, r := range reps {
		var d pipeline.Dup
		if i >= 2 && (i-2)%3 == 0 {
			kept := reps[i/2].Record
			d = pipeline.Dup{Kind: []dedupe.Kind{dedupe.Exact, dedupe.Prefix, dedupe.Mirror}[i/3%3],
				Kept: dedupe.Ref{Source: kept.Source, Index: kept.Index, ID: pipeline.GameID(kept.Source, kept.Index)}}
		}
		// Player ids from an annotator on some games, one side only on
		// others.
		switch i % 4 {
		case 1:
			// and an event_id note.
			d.Notes = []pipeline.Note{{Key: "red_id", Value: fmt.Sprintf("r%d", i)}, {Key: "black_id", Value: fmt.Sprintf("b%d", i)},
				{Key: "event_id", Value: fmt.Sprintf("%016x", i)}}
		case 2:
			d.Notes = []pipeline.Note{{Key: "black_id", Value: "b"}}
		}
		d.State = pipeline.FinalState(r.Status, d.Flags)
		rows[i].complete(d)
		want = append(want, wantGame(r, rules, d))
	}
	return rows, want
}

// listString returns list or map value i of arr as text: the values
// separated by spaces, map entries as key=value.
func listString(arr arrow.Array, i int) string {
	var b strings.Builder
	switch a := arr.(type) {
	case *array.Map:
		keys, items := a.Keys().(*array.String), a.Items().(*array.String)
		start, end := a.ValueOffsets(i)
		for j := start; j < end; j++ {
			fmt.Fprintf(&b, "%s=%s;", keys.Value(int(j)), items.Value(int(j)))
		}
	case *array.List:
		vals := a.ListValues().(*array.String)
		start, end := a.ValueOffsets(i)
		for j := start; j < end; j++ {
			fmt.Fprintf(&b, "%s ", vals.Value(int(j)))
		}
	default:
		return valueString(arr, i)
	}
	return b.String()
}

// wantGame returns the expected row of a game in GamesSchema order,
// computed from the report directly.
func wantGame(r *analyze.Report, rules string, d pipeline.Dup) []string {
	rec := r.Record
	opt := func(v string, ok bool) string {
		if !ok {
			return "null"
		}
		return v
	}
	nonEmpty := func(v string) string { return opt(v, v != "") }
	row := []string{pipeline.GameID(rec.Source, rec.Index), rec.Source, fmt.Sprint(rec.Index), string(rec.Format), nonEmpty(rec.Encoding)}
	tag := func(name string) string { return opt(rec.Tags.Get(name)) }
	date := tagnorm.ParseDate(rec.Tags.Value(parse.TagDate))
	day, dok := date.Time()
	norm := func(name string) string { return nonEmpty(tagnorm.Text(rec.Tags.Value(name))) }
	elo := func(name string) string {
		v, ok := parseElo(rec.Tags.Value(name))
		return opt(fmt.Sprint(v), ok)
	}
	row = append(row, tag(parse.TagEvent), norm(parse.TagEvent), tag(parse.TagSite), tag(parse.TagDate), opt(fmt.Sprint(date.Year), dok),
		opt(day.Format("2006-01-02"), dok), nonEmpty(date.Precision.String()), tag(parse.TagRound),
		tag(parse.TagRed), norm(parse.TagRed), tag(parse.TagBlack), norm(parse.TagBlack), tag(parse.TagRedTeam), tag(parse.TagBlackTeam),
		elo(parse.TagRedElo), elo(parse.TagBlackElo), tag(parse.TagECCO), tag(parse.TagOpening), tag(parse.TagVariation))
	var other, moves, codes strings.Builder
	for _, tg := range otherTags(rec.Tags) {
		fmt.Fprintf(&other, "%s=%s;", tg.Name, tg.Value)
	}
	plies := 0
	if r.Game != nil {
		plies = len(r.Game.Plies)
		for _, p := range r.Game.Plies {
			m := "0000"
			if p.Move.Valid() {
				m = notation.FormatICCS(p.Move, false)
			}
			fmt.Fprintf(&moves, "%s ", m)
		}
	}
	var seen []flags.Code
	repairs := 0
	for _, f := range r.Flags {
		if !slices.Contains(seen, f.Code) {
			seen = append(seen, f.Code)
			fmt.Fprintf(&codes, "%s ", f.Code)
		}
		if f.Code == flags.Repaired {
			repairs++
		}
	}
	clusterID, kind, dupOf := pipeline.GameID(rec.Source, rec.Index), "null", "null"
	if d.Kind != dedupe.None {
		clusterID = pipeline.GameID(d.Kept.Source, d.Kept.Index)
		kind = []string{"", "exact", "prefix", "mirror"}[d.Kind]
		dupOf = fmt.Sprintf("%s#%d", d.Kept.Source, d.Kept.Index+1)
	}
	start := "null"
	switch {
	case r.Game != nil && r.Game.HasStart:
		start = r.Game.Start.FEN()
	case rec.FEN == "" && r.ReadErr == nil:
		start = board.StartFEN
	case strings.TrimSpace(rec.FEN) != "":
		start = strings.TrimSpace(rec.FEN)
	}
	return append(row, other.String(), start, fmt.Sprint(plies), moves.String(), r.Declared(),
		nonEmpty(r.ResultByPosition), r.Termination, string(r.Status), codes.String(), fmt.Sprint(repairs), nonEmpty(rules),
		nonEmpty(r.Opening.Code), nonEmpty(r.Opening.Opening), nonEmpty(r.Opening.Variation),
		clusterID, kind, dupOf, nonEmpty(d.Note("event_id")), nonEmpty(d.Note("red_id")), nonEmpty(d.Note("black_id")))
}

// TestGamesRows reads back every row and compares it with the values
// computed directly from the reports: the dictionaries built per row
// group and the levels of the list and map columns must give the right
// values in the right rows.
func TestGamesRows(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := gamesReports(t)
	rows, want := gamesRows(reps, "cxa")
	// Row groups of odd sizes: dictionaries restart at row group bounds,
	// in the middle of batches; one row group of all games; row groups
	// closed by the byte bound after every batch of 5 rows.
	batchOf5 := func(c *config) { c.BatchRows = 5 }
	for _, c := range []struct {
		name string
		opts []Option
	}{
		{"3 rows", []Option{WithRowGroupRows(3)}},
		{"77 rows", []Option{WithRowGroupRows(77)}},
		{"all", []Option{WithRowGroupRows(100000)}},
		{"1 byte", []Option{WithRowGroupBytes(1), batchOf5}},
	} {
		name, opts := c.name, c.opts
		data := writeRows(t, NewGamesWriter, rows, append(opts, WithAllocator(mem), WithRules("cxa"))...)
		if name == "1 byte" {
			if got, want := fileMeta(t, data).NumRowGroups(), (len(reps)+4)/5; got != want {
				t.Errorf("%d row groups of at most 1 byte, want %d", got, want)
			}
		}
		tbl := readTable(t, writeTemp(t, data), mem)
		sameFields(t, tbl.Schema(), GamesSchema)
		if tbl.NumRows() != int64(len(reps)) {
			t.Fatalf("%d rows, want %d", tbl.NumRows(), len(reps))
		}
		read := tableRows(tbl, listString)
		for row, got := range read {
			if !slices.Equal(got, want[row]) {
				t.Fatalf("row groups of %s, row %d:\n got %q\nwant %q", name, row, got, want[row])
			}
		}
		tbl.Release()
		t.Logf("row groups of %s: %d rows checked", name, len(read))
	}
}

// TestGamesLayout checks the Parquet layout: the Parquet schema and the
// stored Arrow schema are those pqarrow.FileWriter writes, zstd
// everywhere, dictionary encoding (without fallback) except on game_id,
// row groups bounded by rows, statistics where useful, and "" counted in
// the minimum of a string column.
func TestGamesLayout(t *testing.T) {
	reps := gamesReports(t)
	// At least two row groups, with or without -short.
	rgRows := int64(min(20, len(reps)/2))
	data := writeReports(t, NewGamesWriter, reps, WithRowGroupRows(int(rgRows)))
	md := fileMeta(t, data)

	var ref bytes.Buffer
	fw, err := pqarrow.NewFileWriter(GamesSchema, &ref, newConfig(nil).Props(plainColumns[GamesSchema], nil, rgRows),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	refMD := fileMeta(t, ref.Bytes())
	if got, want := md.Schema.String(), refMD.Schema.String(); got != want {
		t.Errorf("Parquet schema:\n%s\nwant (pqarrow.FileWriter's)\n%s", got, want)
	}
	got, want := md.KeyValueMetadata().FindValue("ARROW:schema"), refMD.KeyValueMetadata().FindValue("ARROW:schema")
	if got == nil || want == nil || *got != *want {
		t.Error("ARROW:schema differs from the one pqarrow.FileWriter stores")
	}
	arrSchema, err := pqarrow.FromParquet(md.Schema, nil, md.KeyValueMetadata())
	if err != nil {
		t.Fatal(err)
	}
	sameFields(t, arrSchema, GamesSchema)

	stats := map[string]bool{"game_id": false, "start_fen": false, "moves_iccs.list.element": false, "cluster_id": false, "duplicate_of": false}
	emptyMin := false
	checkChunks(t, md, rgRows, func(name string) bool { return name != "game_id" && name != "cluster_id" }, func(g int, name string, cc *metadata.ColumnChunkMetaData) {
		st, err := cc.Statistics()
		if err != nil {
			t.Fatal(err)
		}
		want, ok := stats[name]
		if !ok {
			want = true
		}
		// A chunk of nulls and empty lists only has no min/max.
		if has := st != nil && st.HasMinMax(); has != want && (has || st == nil || st.NullCount() < cc.NumValues()) {
			t.Errorf("row group %d %s: min/max statistics %v", g, name, has)
		}
		if (name == "event" || name == "site") && st != nil && st.HasMinMax() && len(st.EncodeMin()) == 0 {
			emptyMin = true
		}
	})
	if !emptyMin {
		t.Error(`no row group has "" as the minimum of event or site`)
	}
}
