package dataset

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/tagnorm"
)

// GamesWriter writes games.parquet (GamesSchema) to an io.Writer.
//
// Like PositionsWriter it writes the file column by column (see colTable)
// rather than through pqarrow.FileWriter: the string columns, moves_iccs
// above all (a value per ply), are collected as dictionary indices over
// the row group instead of being hashed value by value by pqarrow; the
// numbers and game_id (plain) are written batch by batch.
type GamesWriter struct {
	t *colTable

	gameID, clusterID                       *stringColumn
	index, year, redElo, blackElo, plyCount *int32Column
	repairs                                 *int32Column
	dateParsed                              *date32Column

	source, format, encoding                                    *dictColumn
	tags                                                        [11]*dictColumn // textTags order
	norms                                                       [3]*dictColumn  // normTags order
	datePrecision                                               *dictColumn
	startFEN, resDeclared, resByPos, termination, status, rules *dictColumn
	eccoComputed, openingComputed, variationComputed            *dictColumn
	otherKeys, otherVals, moves, flagCodes                      *listColumn
	dupKind, dupOf                                              *dictColumn
	eventID, redID, blackID                                     *dictColumn

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
	t, err := newColTable(w, GamesSchema, cfg, min(cfg.rowGroupRows, gamesRowGroupRows))
	if err != nil {
		return nil, err
	}
	gw := &GamesWriter{t: t, buf: make([]byte, 0, 128)}
	gw.gameID = t.stringCol(colGameID)
	gw.index, gw.year = t.int32Col(colIndex), t.int32Col(colYear)
	gw.dateParsed = t.date32Col(colDateParsed)
	gw.redElo, gw.blackElo, gw.plyCount = t.int32Col(colRedElo), t.int32Col(colBlackElo), t.int32Col(colPlyCount)
	gw.source, gw.format, gw.encoding = t.dictCol(colSource, 0), t.dictCol(colFormat, 0), t.dictCol(colEncoding, 0)
	for i, tt := range textTags {
		gw.tags[i] = t.dictCol(tt.col, 0)
	}
	for i, tt := range normTags {
		gw.norms[i] = t.dictCol(tt.col, 0)
	}
	gw.datePrecision = t.dictCol(colDatePrecision, 0)
	gw.startFEN, gw.resDeclared, gw.resByPos = t.dictCol(colStartFEN, 0), t.dictCol(colResultDeclared, 0), t.dictCol(colResultByPosition, 0)
	gw.termination, gw.status, gw.rules = t.dictCol(colTermination, 0), t.dictCol(colStatus, 0), t.dictCol(colRules, 0)
	gw.eccoComputed, gw.openingComputed = t.dictCol(colECCOComputed, 0), t.dictCol(colOpeningComputed, 0)
	gw.variationComputed = t.dictCol(colVariationComputed, 0)
	gw.otherKeys = t.listCol(leafOtherKeys, 0)
	gw.otherVals = t.listCol(leafOtherValues, 0)
	gw.moves = t.listCol(leafMoves, 1<<14) // board.Move is 14 bits
	gw.flagCodes = t.listCol(leafFlagCodes, 0)
	gw.repairs = t.int32Col(colRepairs)
	gw.clusterID = t.stringCol(colClusterID)
	gw.dupKind, gw.dupOf = t.dictCol(colDuplicateKind, 0), t.dictCol(colDuplicateOf, 0)
	gw.eventID = t.dictCol(colEventID, 0)
	gw.redID, gw.blackID = t.dictCol(colRedID, 0), t.dictCol(colBlackID, 0)
	return gw, nil
}

// Rows returns the number of rows written so far.
func (gw *GamesWriter) Rows() int64 { return gw.t.Rows() }

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (gw *GamesWriter) Close() error { return gw.t.Close() }

func (gw *GamesWriter) write(row *gameRow) error {
	if err := gw.t.check(); err != nil {
		return err
	}
	tags := row.tags
	gw.gameID.Append(row.id)
	gw.source.appendString(row.source)
	gw.index.Append(int32(row.index))
	gw.format.appendString(row.format)
	gw.encoding.appendNonEmpty(row.encoding)
	for i, tt := range textTags {
		v, ok := tags.Get(tt.tag)
		gw.tags[i].appendOpt(v, ok)
	}
	for i, tt := range normTags {
		gw.norms[i].appendNonEmpty(tagnorm.Text(tags.Value(tt.tag)))
	}
	date := tagnorm.ParseDate(tags.Value(parse.TagDate))
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
		b   *int32Column
	}{{parse.TagRedElo, gw.redElo}, {parse.TagBlackElo, gw.blackElo}} {
		if v, ok := parseElo(tags.Value(e.tag)); ok {
			e.b.Append(v)
		} else {
			e.b.AppendNull()
		}
	}
	for _, t := range otherTags(tags) {
		gw.otherKeys.appendString(t.Name)
		gw.otherVals.appendString(t.Value)
	}
	gw.otherKeys.endRow()
	gw.otherVals.endRow()
	gw.startFEN.appendNonEmpty(row.startFEN)
	for _, m := range row.moves {
		// The ICCS text depends on the move alone: an array lookup.
		if k := iccsKey(m); !gw.moves.appendKey(k) {
			gw.buf = notation.AppendICCS(gw.buf[:0], m, false)
			gw.moves.addKey(k, gw.buf)
		}
	}
	gw.moves.endRow()
	gw.plyCount.Append(int32(len(row.moves)))
	gw.resDeclared.appendString(row.result)
	gw.resByPos.appendNonEmpty(row.byPos)
	gw.termination.appendString(row.term)
	gw.status.appendString(row.status)
	for i, f := range row.flags {
		if !flags.Has(row.flags[:i], f.Code) {
			gw.flagCodes.appendString(string(f.Code))
		}
	}
	gw.flagCodes.endRow()
	repairs := 0
	for _, f := range row.flags {
		if f.Code == flags.Repaired {
			repairs++
		}
	}
	gw.repairs.Append(int32(repairs))
	gw.rules.appendNonEmpty(gw.t.cfg.rules)
	gw.eccoComputed.appendNonEmpty(row.ecco[0])
	gw.openingComputed.appendNonEmpty(row.ecco[1])
	gw.variationComputed.appendNonEmpty(row.ecco[2])
	gw.clusterID.Append(row.clusterID)
	gw.dupKind.appendNonEmpty(row.dupKind)
	gw.dupOf.appendNonEmpty(row.dupOf)
	gw.eventID.appendNonEmpty(row.eventID)
	gw.redID.appendNonEmpty(row.redID)
	gw.blackID.appendNonEmpty(row.blackID)
	return gw.t.added()
}
