package export

import (
	"io"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/tagnorm"
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
	g.year = tagnorm.ParseDate(rec.Tags.Value(tagDate)).Year
	return g
}

// GamesWriter writes games.parquet (GamesSchema) to an io.Writer.
//
// Like PositionsWriter it writes the file column by column (see colTable)
// rather than through pqarrow.FileWriter: the string columns, moves_iccs
// above all (a value per ply), are collected as dictionary indices over
// the row group instead of being hashed value by value by pqarrow; the
// numbers and game_id (plain) are written batch by batch.
type GamesWriter struct {
	t *colTable

	gameID, clusterID                       *array.StringBuilder
	index, year, redElo, blackElo, plyCount *array.Int32Builder
	dateParsed                              *array.Date32Builder

	source, format, encoding                                    *dictColumn
	tags                                                        [11]*dictColumn // textTags order
	norms                                                       [3]*dictColumn  // normTags order
	datePrecision                                               *dictColumn
	startFEN, resDeclared, resByPos, termination, status, rules *dictColumn
	eccoComputed, openingComputed, variationComputed            *dictColumn
	otherKeys, otherVals, moves, flagCodes                      *listColumn
	dupKind, dupOf                                              *dictColumn

	buf []byte
}

// textTags are the tag columns written as text, in GamesSchema order
// relative to each other.
var textTags = [11]struct{ tag, col string }{
	{tagEvent, "event"}, {tagSite, "site"}, {tagDate, "date"}, {tagRound, "round"},
	{tagRed, "red"}, {tagBlack, "black"}, {tagRedTeam, "red_team"}, {tagBlackTeam, "black_team"},
	{tagECCO, "ecco"}, {tagOpening, "opening"}, {tagVariation, "variation"},
}

// normTags are the tags with a normalized column (tagnorm.Text).
var normTags = [3]struct{ tag, col string }{
	{tagEvent, "event_norm"}, {tagRed, "red_norm"}, {tagBlack, "black_norm"},
}

// NewGamesWriter returns a writer of games.parquet to w. Close must be
// called to complete the file (it does not close w).
func NewGamesWriter(w io.Writer, opts ...Option) (*GamesWriter, error) {
	return newGamesWriter(w, newConfig(opts))
}

func newGamesWriter(w io.Writer, cfg *config) (*GamesWriter, error) {
	// A games row is wide (the whole main line): fewer rows per row group
	// keep memory flat.
	t, err := newColTable(w, GamesSchema, cfg, min(cfg.rowGroupRows, gamesRowGroupRows))
	if err != nil {
		return nil, err
	}
	gw := &GamesWriter{t: t, buf: make([]byte, 0, 128)}
	gw.gameID = t.stringCol("game_id")
	gw.index, gw.year = t.int32Col("index"), t.int32Col("year")
	gw.dateParsed = t.date32Col("date_parsed")
	gw.redElo, gw.blackElo, gw.plyCount = t.int32Col("red_elo"), t.int32Col("black_elo"), t.int32Col("ply_count")
	gw.source, gw.format, gw.encoding = t.dictCol("source", 0), t.dictCol("format", 0), t.dictCol("encoding", 0)
	for i, tt := range textTags {
		gw.tags[i] = t.dictCol(tt.col, 0)
	}
	for i, tt := range normTags {
		gw.norms[i] = t.dictCol(tt.col, 0)
	}
	gw.datePrecision = t.dictCol("date_precision", 0)
	gw.startFEN, gw.resDeclared, gw.resByPos = t.dictCol("start_fen", 0), t.dictCol("result_declared", 0), t.dictCol("result_by_position", 0)
	gw.termination, gw.status, gw.rules = t.dictCol("termination", 0), t.dictCol("status", 0), t.dictCol("rules", 0)
	gw.eccoComputed, gw.openingComputed = t.dictCol("ecco_computed", 0), t.dictCol("opening_computed", 0)
	gw.variationComputed = t.dictCol("variation_computed", 0)
	gw.otherKeys = t.listCol("other_tags.key_value.key", 0)
	gw.otherVals = t.listCol("other_tags.key_value.value", 0)
	gw.moves = t.listCol("moves_iccs.list.element", 1<<14) // board.Move is 14 bits
	gw.flagCodes = t.listCol("flag_codes.list.element", 0)
	gw.clusterID = t.stringCol("cluster_id")
	gw.dupKind, gw.dupOf = t.dictCol("duplicate_kind", 0), t.dictCol("duplicate_of", 0)
	return gw, nil
}

// Write appends the row of one game.
func (gw *GamesWriter) Write(r *analyze.Report) error {
	return gw.write(newGame(r))
}

// Rows returns the number of rows written so far.
func (gw *GamesWriter) Rows() int64 { return gw.t.Rows() }

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (gw *GamesWriter) Close() error { return gw.t.Close() }

func (gw *GamesWriter) write(g game) error {
	if err := gw.t.check(); err != nil {
		return err
	}
	r, rec := g.r, g.r.Record
	gw.gameID.Append(g.id)
	gw.source.appendString(rec.Source)
	gw.index.Append(int32(rec.Index))
	gw.format.appendString(string(rec.Format))
	gw.encoding.appendNonEmpty(rec.Encoding)
	for i, tt := range textTags {
		v, ok := rec.Tags.Get(tt.tag)
		gw.tags[i].appendOpt(v, ok)
	}
	for i, tt := range normTags {
		gw.norms[i].appendNonEmpty(tagnorm.Text(rec.Tags.Value(tt.tag)))
	}
	date := tagnorm.ParseDate(rec.Tags.Value(tagDate))
	if t, ok := date.Time(); ok {
		gw.year.Append(int32(date.Year))
		gw.dateParsed.Append(arrow.Date32(daysSinceEpoch(t)))
	} else {
		gw.year.AppendNull()
		gw.dateParsed.AppendNull()
	}
	gw.datePrecision.appendNonEmpty(date.Precision.String())
	for _, e := range [...]struct {
		tag string
		b   *array.Int32Builder
	}{{tagRedElo, gw.redElo}, {tagBlackElo, gw.blackElo}} {
		if v, ok := parseElo(rec.Tags.Value(e.tag)); ok {
			e.b.Append(v)
		} else {
			e.b.AppendNull()
		}
	}
	for _, t := range otherTags(rec.Tags) {
		gw.otherKeys.appendString(t.Name)
		gw.otherVals.appendString(t.Value)
	}
	gw.otherKeys.endRow()
	gw.otherVals.endRow()
	if gm := r.Game; gm != nil && gm.HasStart {
		// startFEN without the board package's formatting (fmt and an
		// allocation per game).
		gw.buf = gm.Start.AppendFEN(gw.buf[:0])
		gw.startFEN.appendText(gw.buf)
	} else {
		gw.startFEN.appendNonEmpty(startFEN(r))
	}
	plies := 0
	if gm := r.Game; gm != nil {
		plies = len(gm.Plies)
		for _, p := range gm.Plies {
			// The ICCS text depends on the move alone: an array lookup.
			if k := iccsKey(p.Move); !gw.moves.appendKey(k) {
				gw.buf = notation.AppendICCS(gw.buf[:0], p.Move, false)
				gw.moves.addKey(k, gw.buf)
			}
		}
	}
	gw.moves.endRow()
	gw.plyCount.Append(int32(plies))
	gw.resDeclared.appendString(r.Declared())
	gw.resByPos.appendNonEmpty(r.ResultByPosition)
	gw.termination.appendString(r.Termination)
	gw.status.appendString(string(r.Status))
	for i, f := range r.Flags {
		if !seenCode(r.Flags[:i], f.Code) {
			gw.flagCodes.appendString(f.Code)
		}
	}
	gw.flagCodes.endRow()
	gw.rules.appendNonEmpty(gw.t.cfg.rules)
	gw.eccoComputed.appendNonEmpty(r.Opening.Code)
	gw.openingComputed.appendNonEmpty(r.Opening.Opening)
	gw.variationComputed.appendNonEmpty(r.Opening.Variation)
	c := r.Cluster
	if c.KeptSource != "" {
		gw.clusterID.Append(GameID(c.KeptSource, c.KeptIndex))
		gw.buf = append(append(gw.buf[:0], c.KeptSource...), '#')
		gw.buf = strconv.AppendInt(gw.buf, int64(c.KeptIndex)+1, 10)
		gw.dupOf.appendText(gw.buf)
	} else {
		gw.clusterID.Append(g.id)
		gw.dupOf.appendNull()
	}
	gw.dupKind.appendNonEmpty(c.Kind)
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
