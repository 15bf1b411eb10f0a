package export

import (
	"io"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/analyze"
)

// game holds what the three datasets share about one report.
type game struct {
	r    *analyze.Report
	id   string
	year int // 0 when unknown
}

func newGame(r *analyze.Report) game {
	rec := r.Record
	g := game{r: r, id: GameID(rec.Source, rec.Index)}
	g.year, _, _ = ParseDate(rec.Tags.Value(tagDate))
	return g
}

// GamesWriter writes games.parquet (GamesSchema) to an io.Writer.
type GamesWriter struct {
	t *table

	gameID, source, format, encoding                     *array.StringBuilder
	index, year, redElo, blackElo, plyCount              *array.Int32Builder
	dateParsed                                           *array.Date32Builder
	tags                                                 [11]*array.StringBuilder // textTags order
	otherTags                                            *array.MapBuilder
	otherKeys, otherVals                                 *array.StringBuilder
	startFEN, resDeclared, resByPos, termination, status *array.StringBuilder
	rules                                                *array.StringBuilder
	moves, flagCodes                                     *array.ListBuilder
	moveVals, codeVals                                   *array.StringBuilder
}

// textTags are the tag columns written as text, in GamesSchema order
// relative to each other.
var textTags = [11]struct{ tag, col string }{
	{tagEvent, "event"}, {tagSite, "site"}, {tagDate, "date"}, {tagRound, "round"},
	{tagRed, "red"}, {tagBlack, "black"}, {tagRedTeam, "red_team"}, {tagBlackTeam, "black_team"},
	{tagECCO, "ecco"}, {tagOpening, "opening"}, {tagVariation, "variation"},
}

// NewGamesWriter returns a writer of games.parquet to w. Close must be
// called to complete the file (it does not close w).
func NewGamesWriter(w io.Writer, opts ...Option) (*GamesWriter, error) {
	return newGamesWriter(w, newConfig(opts))
}

func newGamesWriter(w io.Writer, cfg *config) (*GamesWriter, error) {
	t, err := newTable(w, GamesSchema, cfg)
	if err != nil {
		return nil, err
	}
	gw := &GamesWriter{t: t}
	col := func(name string) array.Builder {
		i := GamesSchema.FieldIndices(name)[0]
		return t.rb.Field(i)
	}
	s := func(name string) *array.StringBuilder { return col(name).(*array.StringBuilder) }
	n := func(name string) *array.Int32Builder { return col(name).(*array.Int32Builder) }
	gw.gameID, gw.source, gw.format, gw.encoding = s("game_id"), s("source"), s("format"), s("encoding")
	gw.index, gw.year, gw.redElo, gw.blackElo, gw.plyCount = n("index"), n("year"), n("red_elo"), n("black_elo"), n("ply_count")
	gw.dateParsed = col("date_parsed").(*array.Date32Builder)
	for i, tt := range textTags {
		gw.tags[i] = s(tt.col)
	}
	gw.otherTags = col("other_tags").(*array.MapBuilder)
	gw.otherKeys = gw.otherTags.KeyBuilder().(*array.StringBuilder)
	gw.otherVals = gw.otherTags.ItemBuilder().(*array.StringBuilder)
	gw.startFEN, gw.resDeclared, gw.resByPos = s("start_fen"), s("result_declared"), s("result_by_position")
	gw.termination, gw.status, gw.rules = s("termination"), s("status"), s("rules")
	gw.moves = col("moves_iccs").(*array.ListBuilder)
	gw.moveVals = gw.moves.ValueBuilder().(*array.StringBuilder)
	gw.flagCodes = col("flag_codes").(*array.ListBuilder)
	gw.codeVals = gw.flagCodes.ValueBuilder().(*array.StringBuilder)
	return gw, nil
}

// Write appends the row of one game.
func (gw *GamesWriter) Write(r *analyze.Report) error {
	return gw.write(newGame(r))
}

// Rows returns the number of rows written so far.
func (gw *GamesWriter) Rows() int64 { return gw.t.Rows() }

// Close completes the file and releases the builders.
func (gw *GamesWriter) Close() error { return gw.t.Close() }

func appendOpt(b *array.StringBuilder, v string, ok bool) {
	if ok {
		b.Append(v)
	} else {
		b.AppendNull()
	}
}

func appendNonEmpty(b *array.StringBuilder, v string) { appendOpt(b, v, v != "") }

func (gw *GamesWriter) write(g game) error {
	if err := gw.t.check(); err != nil {
		return err
	}
	r, rec := g.r, g.r.Record
	gw.gameID.Append(g.id)
	gw.source.Append(rec.Source)
	gw.index.Append(int32(rec.Index))
	gw.format.Append(string(rec.Format))
	appendNonEmpty(gw.encoding, rec.Encoding)
	for i, tt := range textTags {
		v, ok := rec.Tags.Get(tt.tag)
		appendOpt(gw.tags[i], v, ok)
	}
	year, date, dok := ParseDate(rec.Tags.Value(tagDate))
	if year > 0 {
		gw.year.Append(int32(year))
	} else {
		gw.year.AppendNull()
	}
	if dok {
		gw.dateParsed.Append(arrow.Date32(daysSinceEpoch(date)))
	} else {
		gw.dateParsed.AppendNull()
	}
	for _, e := range []struct {
		tag string
		b   *array.Int32Builder
	}{{tagRedElo, gw.redElo}, {tagBlackElo, gw.blackElo}} {
		if v, ok := parseElo(rec.Tags.Value(e.tag)); ok {
			e.b.Append(v)
		} else {
			e.b.AppendNull()
		}
	}
	gw.otherTags.Append(true)
	for _, t := range otherTags(rec.Tags) {
		gw.otherKeys.Append(t.Name)
		gw.otherVals.Append(t.Value)
	}
	appendNonEmpty(gw.startFEN, startFEN(r))
	gw.moves.Append(true)
	plies := 0
	if gm := r.Game; gm != nil {
		plies = len(gm.Plies)
		var buf [5]byte
		for _, p := range gm.Plies {
			gw.moveVals.BinaryBuilder.Append(appendICCS(buf[:0], p.Move))
		}
	}
	gw.plyCount.Append(int32(plies))
	gw.resDeclared.Append(r.Declared())
	appendNonEmpty(gw.resByPos, r.ResultByPosition)
	gw.termination.Append(r.Termination)
	gw.status.Append(string(r.Status))
	gw.flagCodes.Append(true)
	for i, f := range r.Flags {
		if !seenCode(r.Flags[:i], f.Code) {
			gw.codeVals.Append(f.Code)
		}
	}
	appendNonEmpty(gw.rules, gw.t.cfg.rules)
	return gw.t.added()
}

func seenCode(flags []analyze.Flag, code string) bool {
	for _, f := range flags {
		if f.Code == code {
			return true
		}
	}
	return false
}

// startFEN returns the normalized start position of a report, the FEN as
// recorded when no position could be built, "" when unknown.
func startFEN(r *analyze.Report) string {
	if r.Game != nil && r.Game.HasStart {
		return r.Game.Start.FEN()
	}
	if r.Record != nil {
		if r.Record.FEN == "" && r.ReadErr == nil {
			return standardFEN
		}
		return strings.TrimSpace(r.Record.FEN)
	}
	return ""
}
