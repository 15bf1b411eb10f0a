package export

import (
	"fmt"
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
//
// Like PositionsWriter it writes the file column by column (see colFile)
// rather than through pqarrow.FileWriter: the string columns, moves_iccs
// above all (a value per ply), are collected as dictionary indices over
// the row group (see dictColumn and listColumn) instead of being hashed
// value by value by pqarrow; the numbers and game_id (plain) are built in
// Arrow batches and written to the open row group batch by batch.
type GamesWriter struct {
	cfg    *config
	f      *colFile
	rgRows int64 // bound on the rows of a row group
	rows   int   // rows in the batch builders
	total  int64 // rows written
	closed bool
	err    error // first error; the writer is unusable after it

	gameID                                  *array.StringBuilder
	index, year, redElo, blackElo, plyCount *array.Int32Builder
	dateParsed                              *array.Date32Builder
	dataLen                                 int // game_id bytes of the last batch
	batch                                   []batchColumn

	source, format, encoding                                    *dictColumn
	tags                                                        [11]*dictColumn // textTags order
	startFEN, resDeclared, resByPos, termination, status, rules *dictColumn
	dicts                                                       []colDict

	otherKeys, otherVals, moves, flagCodes *listColumn
	lists                                  []colList

	def, rep []int16
	buf      []byte
}

// batchColumn, colDict and colList give the leaf column of each builder.
type (
	batchColumn struct {
		col int
		b   array.Builder
	}
	colDict struct {
		col int
		c   *dictColumn
	}
	colList struct {
		col int
		c   *listColumn
	}
)

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
	// A games row is wide (the whole main line): fewer rows per row group
	// keep memory flat.
	rgRows := min(cfg.rowGroupRows, gamesRowGroupRows)
	f, err := newColFile(w, GamesSchema, cfg, rgRows)
	if err != nil {
		return nil, err
	}
	mem := cfg.mem
	gw := &GamesWriter{cfg: cfg, f: f, rgRows: rgRows, buf: make([]byte, 0, 128)}
	i32 := func(name string) *array.Int32Builder {
		b := array.NewInt32Builder(mem)
		gw.batch = append(gw.batch, batchColumn{f.column(name), b})
		return b
	}
	dict := func(name string) *dictColumn {
		c := newDictColumn(mem, 0)
		gw.dicts = append(gw.dicts, colDict{f.column(name), c})
		return c
	}
	list := func(path string, nkeys int) *listColumn {
		c := newListColumn(mem, nkeys)
		gw.lists = append(gw.lists, colList{f.column(path), c})
		return c
	}
	gw.gameID = array.NewStringBuilder(mem)
	gw.batch = append(gw.batch, batchColumn{f.column("game_id"), gw.gameID})
	gw.dateParsed = array.NewDate32Builder(mem)
	gw.batch = append(gw.batch, batchColumn{f.column("date_parsed"), gw.dateParsed})
	gw.index, gw.year, gw.redElo, gw.blackElo, gw.plyCount = i32("index"), i32("year"), i32("red_elo"), i32("black_elo"), i32("ply_count")
	gw.source, gw.format, gw.encoding = dict("source"), dict("format"), dict("encoding")
	for i, tt := range textTags {
		gw.tags[i] = dict(tt.col)
	}
	gw.startFEN, gw.resDeclared, gw.resByPos = dict("start_fen"), dict("result_declared"), dict("result_by_position")
	gw.termination, gw.status, gw.rules = dict("termination"), dict("status"), dict("rules")
	gw.otherKeys = list("other_tags.key_value.key", 0)
	gw.otherVals = list("other_tags.key_value.value", 0)
	gw.moves = list("moves_iccs.list.element", 1<<14) // board.Move is 14 bits
	gw.flagCodes = list("flag_codes.list.element", 0)
	gw.reserve()
	return gw, nil
}

// reserve makes room in the batch builders for a batch (game_id data as
// large as the last batch's): the builders give their buffers to the
// arrays of each batch.
func (gw *GamesWriter) reserve() {
	for _, c := range gw.batch {
		c.b.Reserve(gw.cfg.batchRows)
	}
	gw.gameID.ReserveData(gw.dataLen)
}

// Write appends the row of one game.
func (gw *GamesWriter) Write(r *analyze.Report) error {
	return gw.write(newGame(r))
}

// Rows returns the number of rows written so far.
func (gw *GamesWriter) Rows() int64 { return gw.total + int64(gw.rows) }

// checkErr returns the sticky error, or errClosed after Close.
func (gw *GamesWriter) checkErr() error {
	if gw.err != nil {
		return gw.err
	}
	if gw.closed {
		return errClosed
	}
	return nil
}

// added counts a row and writes out the batch when it is full, and the
// row group when it reaches the row or byte bound.
func (gw *GamesWriter) added() error {
	gw.rows++
	if gw.rows < gw.cfg.batchRows && gw.f.rgRows+int64(gw.rows) < gw.rgRows {
		return nil
	}
	if err := gw.flush(); err != nil {
		return err
	}
	if gw.f.rgRows >= gw.rgRows || gw.f.compressedBytes()+gw.pending() >= gw.cfg.rowGroupBytes {
		return gw.closeRowGroup()
	}
	return nil
}

// pending returns a bound on the bytes the dictionary and list columns
// will add to the open row group (their indices and dictionaries as they
// are held; compression only makes them smaller).
func (gw *GamesWriter) pending() int64 {
	var n int64
	for _, c := range gw.dicts {
		n += c.c.size()
	}
	for _, c := range gw.lists {
		n += c.c.size()
	}
	return n
}

// flush writes the batch columns to the open row group.
func (gw *GamesWriter) flush() error {
	if gw.rows == 0 {
		return nil
	}
	gw.dataLen = gw.gameID.DataLen()
	var err error
	for _, c := range gw.batch {
		arr := c.b.NewArray()
		if err == nil {
			var def []int16
			if gw.f.nulls[c.col] {
				gw.def = defLevels(gw.def, arr)
				def = gw.def
			}
			err = gw.f.write(c.col, arr, def)
		}
		arr.Release()
	}
	gw.f.rgRows += int64(gw.rows)
	gw.total += int64(gw.rows)
	gw.rows = 0
	if err != nil {
		gw.err = fmt.Errorf("export: %w", err)
		return gw.err
	}
	if !gw.closed {
		gw.reserve()
	}
	return nil
}

// closeRowGroup writes the dictionary and list columns of the open row
// group and closes it.
func (gw *GamesWriter) closeRowGroup() error {
	if gw.f.rgRows == 0 {
		return nil
	}
	var err error
	for _, c := range gw.dicts {
		arr := c.c.array()
		if err == nil {
			var def []int16
			if gw.f.nulls[c.col] {
				gw.def = defLevels(gw.def, arr)
				def = gw.def
			}
			err = gw.f.write(c.col, arr, def)
		}
		arr.Release()
	}
	for _, c := range gw.lists {
		var werr error
		gw.def, gw.rep, werr = c.c.write(gw.f, c.col, gw.def, gw.rep)
		if err == nil {
			err = werr
		}
	}
	if err == nil {
		err = gw.f.closeRowGroup()
	}
	if err != nil {
		gw.err = fmt.Errorf("export: %w", err)
	}
	return gw.err
}

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (gw *GamesWriter) Close() error {
	if gw.closed {
		return gw.err
	}
	gw.closed = true
	err := gw.err
	if err == nil {
		err = gw.flush()
	}
	if err == nil {
		err = gw.closeRowGroup()
	}
	if cerr := gw.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("export: %w", cerr)
	}
	for _, c := range gw.batch {
		c.b.Release()
	}
	for _, c := range gw.dicts {
		c.c.release()
	}
	for _, c := range gw.lists {
		c.c.release()
	}
	gw.err = err
	return err
}

func (gw *GamesWriter) write(g game) error {
	if err := gw.checkErr(); err != nil {
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
		gw.buf = appendFEN(gw.buf[:0], &gm.Start)
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
				gw.buf = appendICCS(gw.buf[:0], p.Move)
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
	gw.rules.appendNonEmpty(gw.cfg.rules)
	return gw.added()
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
