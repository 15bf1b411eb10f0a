package dataset

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/tagnorm"
)

// GamesWriter writes games.parquet (GamesSchema) to an io.Writer.
//
// Like PositionsWriter it writes the file column by column (see Table)
// rather than through pqarrow.FileWriter: the string columns, moves_iccs
// above all (a value per ply), are collected as dictionary indices over
// the row group instead of being hashed value by value by pqarrow; the
// numbers and game_id (plain) are written batch by batch.
type GamesWriter struct {
	t *parquetw.Table

	gameID, clusterID                       *parquetw.StringColumn
	index, year, redElo, blackElo, plyCount *parquetw.Int32Column
	repairs                                 *parquetw.Int32Column
	dateParsed                              *parquetw.Date32Column

	source, format, encoding                                    *parquetw.DictColumn
	tags                                                        [11]*parquetw.DictColumn // textTags order
	norms                                                       [3]*parquetw.DictColumn  // normTags order
	datePrecision                                               *parquetw.DictColumn
	startFEN, resDeclared, resByPos, termination, status, rules *parquetw.DictColumn
	eccoComputed, openingComputed, variationComputed            *parquetw.DictColumn
	otherKeys, otherVals, moves, flagCodes                      *parquetw.ListColumn
	dupKind, dupOf                                              *parquetw.DictColumn
	eventID, redID, blackID                                     *parquetw.DictColumn

	cfg *config // its rules, set at the run's Start
	buf []byte
}

// textTags are the tag columns written as text, in GamesSchema order
// relative to each other.
var textTags = [11]struct{ tag, col string }{
	{parse.TagEvent, colEvent}, {parse.TagSite, colSite}, {parse.TagDate, colDate}, {parse.TagRound, colRound},
	{parse.TagRed, colRed}, {parse.TagBlack, colBlack}, {parse.TagRedTeam, colRedTeam}, {parse.TagBlackTeam, colBlackTeam},
	{parse.TagECCO, colECCO}, {parse.TagOpening, colOpening}, {parse.TagVariation, colVariation},
}

// normTags are the tags with a normalized column (tagnorm.Text).
var normTags = [3]struct{ tag, col string }{
	{parse.TagEvent, colEventNorm}, {parse.TagRed, colRedNorm}, {parse.TagBlack, colBlackNorm},
}

// NewGamesWriter returns a writer of games.parquet to w. Close must be
// called to complete the file (it does not close w).
func NewGamesWriter(w io.Writer, opts ...Option) (*GamesWriter, error) {
	return newGamesWriter(w, newConfig(opts))
}

func newGamesWriter(w io.Writer, cfg *config) (*GamesWriter, error) {
	// A games row is wide (the whole main line): fewer rows per row group
	// keep memory flat.
	t, err := parquetw.NewTable(w, GamesSchema, &cfg.Config, min(cfg.RowGroupRows, gamesRowGroupRows), plainColumns[GamesSchema], noStatsColumns[GamesSchema])
	if err != nil {
		return nil, err
	}
	gw := &GamesWriter{t: t, cfg: cfg, buf: make([]byte, 0, 128)}
	gw.gameID = t.StringCol(colGameID)
	gw.index, gw.year = t.Int32Col(colIndex), t.Int32Col(colYear)
	gw.dateParsed = t.Date32Col(colDateParsed)
	gw.redElo, gw.blackElo, gw.plyCount = t.Int32Col(colRedElo), t.Int32Col(colBlackElo), t.Int32Col(colPlyCount)
	gw.source, gw.format, gw.encoding = t.DictCol(colSource, 0), t.DictCol(colFormat, 0), t.DictCol(colEncoding, 0)
	for i, tt := range textTags {
		gw.tags[i] = t.DictCol(tt.col, 0)
	}
	for i, tt := range normTags {
		gw.norms[i] = t.DictCol(tt.col, 0)
	}
	gw.datePrecision = t.DictCol(colDatePrecision, 0)
	gw.startFEN, gw.resDeclared, gw.resByPos = t.DictCol(colStartFEN, 0), t.DictCol(colResultDeclared, 0), t.DictCol(colResultByPosition, 0)
	gw.termination, gw.status, gw.rules = t.DictCol(colTermination, 0), t.DictCol(colStatus, 0), t.DictCol(colRules, 0)
	gw.eccoComputed, gw.openingComputed = t.DictCol(colECCOComputed, 0), t.DictCol(colOpeningComputed, 0)
	gw.variationComputed = t.DictCol(colVariationComputed, 0)
	gw.otherKeys = t.ListCol(leafOtherKeys, 0)
	gw.otherVals = t.ListCol(leafOtherValues, 0)
	gw.moves = t.ListCol(leafMoves, 1<<14) // board.Move is 14 bits
	gw.flagCodes = t.ListCol(leafFlagCodes, 0)
	gw.repairs = t.Int32Col(colRepairs)
	gw.clusterID = t.StringCol(colClusterID)
	gw.dupKind, gw.dupOf = t.DictCol(colDuplicateKind, 0), t.DictCol(colDuplicateOf, 0)
	gw.eventID = t.DictCol(colEventID, 0)
	gw.redID, gw.blackID = t.DictCol(colRedID, 0), t.DictCol(colBlackID, 0)
	return gw, nil
}

// Rows returns the number of rows written so far.
func (gw *GamesWriter) Rows() int64 { return gw.t.Rows() }

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (gw *GamesWriter) Close() error { return gw.t.Close() }

func (gw *GamesWriter) write(row *gameRow) error {
	if err := gw.t.Check(); err != nil {
		return err
	}
	tags := row.tags
	gw.gameID.Append(row.id)
	gw.source.AppendString(row.source)
	gw.index.Append(int32(row.index))
	gw.format.AppendString(row.format)
	gw.encoding.AppendNonEmpty(row.encoding)
	for i, tt := range textTags {
		v, ok := tags.Get(tt.tag)
		gw.tags[i].AppendOpt(v, ok)
	}
	for i, tt := range normTags {
		gw.norms[i].AppendNonEmpty(tagnorm.Text(tags.Value(tt.tag)))
	}
	date := tagnorm.ParseDate(tags.Value(parse.TagDate))
	if t, ok := date.Time(); ok {
		gw.year.Append(int32(date.Year))
		gw.dateParsed.Append(arrow.Date32(daysSinceEpoch(t)))
	} else {
		gw.year.AppendNull()
		gw.dateParsed.AppendNull()
	}
	gw.datePrecision.AppendNonEmpty(date.Precision.String())
	for _, e := range [...]struct {
		tag string
		b   *parquetw.Int32Column
	}{{parse.TagRedElo, gw.redElo}, {parse.TagBlackElo, gw.blackElo}} {
		if v, ok := parseElo(tags.Value(e.tag)); ok {
			e.b.Append(v)
		} else {
			e.b.AppendNull()
		}
	}
	for _, t := range otherTags(tags) {
		gw.otherKeys.AppendString(t.Name)
		gw.otherVals.AppendString(t.Value)
	}
	gw.otherKeys.EndRow()
	gw.otherVals.EndRow()
	gw.startFEN.AppendNonEmpty(row.startFEN)
	for _, m := range row.moves {
		// The ICCS text depends on the move alone: an array lookup.
		if k := iccsKey(m); !gw.moves.AppendKey(k) {
			gw.buf = notation.AppendICCS(gw.buf[:0], m, false)
			gw.moves.AddKey(k, gw.buf)
		}
	}
	gw.moves.EndRow()
	gw.plyCount.Append(int32(len(row.moves)))
	gw.resDeclared.AppendString(row.result)
	gw.resByPos.AppendNonEmpty(row.byPos)
	gw.termination.AppendString(row.term)
	gw.status.AppendString(row.status)
	for i, f := range row.flags {
		if !flags.Has(row.flags[:i], f.Code) {
			gw.flagCodes.AppendString(string(f.Code))
		}
	}
	gw.flagCodes.EndRow()
	repairs := 0
	for _, f := range row.flags {
		if f.Code == flags.Repaired {
			repairs++
		}
	}
	gw.repairs.Append(int32(repairs))
	gw.rules.AppendNonEmpty(gw.cfg.rules)
	gw.eccoComputed.AppendNonEmpty(row.ecco[0])
	gw.openingComputed.AppendNonEmpty(row.ecco[1])
	gw.variationComputed.AppendNonEmpty(row.ecco[2])
	gw.clusterID.Append(row.clusterID)
	gw.dupKind.AppendNonEmpty(row.dupKind)
	gw.dupOf.AppendNonEmpty(row.dupOf)
	gw.eventID.AppendNonEmpty(row.eventID)
	gw.redID.AppendNonEmpty(row.redID)
	gw.blackID.AppendNonEmpty(row.blackID)
	return gw.t.Added()
}
