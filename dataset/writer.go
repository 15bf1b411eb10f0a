package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/replay"
)

// Dataset file and directory names.
const (
	GamesName     = "games"
	PositionsName = "positions"
	FlagsName     = "flags"
	// UnknownYear is the partition of games without a valid year.
	UnknownYear = "__HIVE_DEFAULT_PARTITION__"
)

// The three datasets of games, in the order of datasetNames.
const (
	kindGames = iota
	kindPositions
	kindFlags
)

var datasetNames = [3]string{GamesName, PositionsName, FlagsName}

// The tables beside the datasets, each one file never partitioned:
// files.parquet (WriteFile) and the tables of other packages
// (WriteTable).
const (
	// EventsName is events.parquet, package tournament's table.
	EventsName = "events"
	// PlayersName is players.parquet, package players' table.
	PlayersName = "players"
)

// tableNames lists the tables beside the datasets: Close replaces the
// earlier run's, or removes them when not written.
var tableNames = [3]string{FilesName, EventsName, PlayersName}

// Writer writes games, positions and flags into a directory:
// DIR/games.parquet, DIR/positions.parquet and DIR/flags.parquet, or with
// WithPartitionByYear DIR/games/year=YYYY/part-N.parquet (and the same
// under positions/ and flags/), and files.parquet.
//
// Everything is written into a temporary directory inside DIR; Close
// renames the complete files into place (replacing the dataset entries of
// an earlier run), Abort removes them. An interrupted run therefore never
// leaves a half-written dataset.
//
// Each dataset has its own open files: the sink writes positions during
// the pass and games and flags when duplicate detection has decided (see
// Sink), the same games in the same order, so that each dataset's
// partition files hold the same games.
type Writer struct {
	cfg  *config
	dir  string
	tmp  string
	sets [3]*partSet
	// lastPositions is the positions file of the game being written.
	lastPositions *part
	counts        [3]int64
	done          bool
	files         *filesFile // files.parquet, opened by the first WriteFile
	plies         []replay.Ply
	created       output.Dirs     // the directories Create made (Abort removes them)
	tables        map[string]bool // the tables written beside the datasets (WriteTable)
	// writeLine is the Lines' write function of the game being written
	// (WithLines), made once.
	lineWrite func(start board.Position, plies []replay.Ply) error
	line      Line
}

// partSet is the open partition files of one dataset.
type partSet struct {
	kind  int
	open  map[string]*part // by partition ("" unpartitioned)
	parts map[string]int   // part files started per partition
	clock int64
}

// part is one open file of a dataset.
type part struct {
	key     string
	f       *os.File
	buf     *bufio.Writer
	games   *GamesWriter
	pos     *PositionsWriter
	flags   *FlagsWriter
	lastUse int64
}

// Create starts a dataset in dir, which is created if needed.
func Create(dir string, opts ...Option) (*Writer, error) {
	tmp, created, err := output.MkdirTemp(dir, ".export-tmp-")
	if err != nil {
		return nil, err
	}
	d := &Writer{cfg: newConfig(opts), dir: dir, tmp: tmp, created: created, tables: map[string]bool{}}
	d.lineWrite = func(start board.Position, plies []replay.Ply) error {
		return d.writePositions(d.line.ID, start, plies, d.line.Result, d.line.Known)
	}
	for k := range d.sets {
		d.sets[k] = &partSet{kind: k, open: map[string]*part{}, parts: map[string]int{}}
	}
	if d.cfg.byYear {
		for _, n := range datasetNames {
			if err := os.Mkdir(filepath.Join(tmp, n), 0o755); err != nil {
				d.Abort()
				return nil, err
			}
		}
	}
	return d, nil
}

// partition returns the partition key of a game of the given year (0
// when unknown).
func (d *Writer) partition(year int) string {
	if !d.cfg.byYear {
		return ""
	}
	if year > 0 {
		return "year=" + strconv.Itoa(year)
	}
	return "year=" + UnknownYear
}

// writeGame adds a game's rows to games.parquet and flags.parquet.
func (d *Writer) writeGame(row *gameRow) error {
	if d.done {
		return parquetw.ErrClosed
	}
	key := d.partition(row.year())
	p, err := d.part(kindGames, key)
	if err != nil {
		return err
	}
	before := p.games.Rows()
	if err := p.games.write(row); err != nil {
		return err
	}
	d.counts[kindGames] += p.games.Rows() - before
	if p, err = d.part(kindFlags, key); err != nil {
		return err
	}
	before = p.flags.Rows()
	if err := p.flags.write(row); err != nil {
		return err
	}
	d.counts[kindFlags] += p.flags.Rows() - before
	return nil
}

// positionsPart returns the positions file of a game of year, opened if
// needed. Every game comes here, with or without rows, so that the
// partitions open in the order of the games.
func (d *Writer) positionsPart(year int) (*part, error) {
	if d.done {
		return nil, parquetw.ErrClosed
	}
	return d.part(kindPositions, d.partition(year))
}

// writePositions adds a line's rows to the positions file last opened by
// positionsPart: one per ply of the line played from start (see
// PositionsWriter.write).
func (d *Writer) writePositions(id string, start board.Position, plies []replay.Ply, res int8, known bool) error {
	p := d.lastPositions
	before := p.pos.Rows()
	if err := p.pos.writePlies(id, start, plies, res, known); err != nil {
		return err
	}
	d.counts[kindPositions] += p.pos.Rows() - before
	return nil
}

// writeRow adds a game's rows to the three datasets, its positions
// rebuilt from its moves (gameRow.line).
func (d *Writer) writeRow(row *gameRow) error {
	if err := d.writeGame(row); err != nil {
		return err
	}
	start, plies, err := row.line(d.plies[:0])
	if err != nil {
		return err
	}
	d.plies = plies
	return d.writeLine(row, start, plies)
}

// writeLine adds the rows of a game's line (start, plies) to
// positions.parquet: those its Lines write WithLines.
func (d *Writer) writeLine(row *gameRow, start board.Position, plies []replay.Ply) error {
	p, err := d.positionsPart(row.year())
	if err != nil {
		return err
	}
	d.lastPositions = p
	res, known := row.redResult()
	if d.cfg.lines == nil {
		return d.writePositions(row.id, start, plies, res, known)
	}
	d.line = Line{
		ID: row.id, Start: start, Moves: row.moves, Plies: plies,
		Clean: row.status != string(analyze.StatusError), Kept: row.dupKind == "",
		Result: res, Known: known,
	}
	return d.cfg.lines.Game(&d.line, d.lineWrite)
}

// Counts returns the rows written so far to games, positions and flags.
func (d *Writer) Counts() (games, positions, flags int64) {
	return d.counts[kindGames], d.counts[kindPositions], d.counts[kindFlags]
}

// part returns the open file of dataset kind for partition key, opening
// it (and closing the least recently used one when too many are open) if
// needed.
func (d *Writer) part(kind int, key string) (*part, error) {
	s := d.sets[kind]
	s.clock++
	if p := s.open[key]; p != nil {
		p.lastUse = s.clock
		return p, nil
	}
	if len(s.open) >= d.cfg.maxOpen {
		var lru *part
		for _, p := range s.open {
			if lru == nil || p.lastUse < lru.lastUse {
				lru = p
			}
		}
		delete(s.open, lru.key)
		if err := lru.close(); err != nil {
			return nil, err
		}
	}
	p, err := d.create(kind, key)
	if err != nil {
		return nil, err
	}
	p.lastUse = s.clock
	s.open[key] = p
	return p, nil
}

// create opens the next part file of dataset kind in partition key.
func (d *Writer) create(kind int, key string) (*part, error) {
	s := d.sets[kind]
	n := s.parts[key]
	s.parts[key] = n + 1
	name := datasetNames[kind]
	path := filepath.Join(d.tmp, name+".parquet")
	size := 1 << 20
	if d.cfg.byYear {
		dir := filepath.Join(d.tmp, name, key)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		path = filepath.Join(dir, fmt.Sprintf("part-%d.parquet", n))
		size = 64 << 10
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	p := &part{key: key, f: f, buf: bufio.NewWriterSize(f, size)}
	switch kind {
	case kindGames:
		p.games, err = newGamesWriter(p.buf, d.cfg)
	case kindPositions:
		p.pos, err = newPositionsWriter(p.buf, d.cfg)
	default:
		p.flags, err = newFlagsWriter(p.buf, d.cfg)
	}
	if err != nil {
		p.abort()
		return nil, err
	}
	return p, nil
}

// close completes the file.
func (p *part) close() error {
	var errs []error
	switch {
	case p.games != nil:
		errs = append(errs, p.games.Close())
	case p.pos != nil:
		errs = append(errs, p.pos.Close())
	case p.flags != nil:
		errs = append(errs, p.flags.Close())
	}
	if p.f != nil {
		errs = append(errs, p.buf.Flush(), p.f.Close())
	}
	return errors.Join(errs...)
}

// abort releases the writer and closes the file, ignoring errors.
func (p *part) abort() {
	_ = p.close()
}

// closeSet completes the open files of one dataset.
func (d *Writer) closeSet(kind int) error {
	s := d.sets[kind]
	var errs []error
	for _, key := range sortedKeys(s.open) {
		errs = append(errs, s.open[key].close())
	}
	clear(s.open)
	return errors.Join(errs...)
}

// Close completes every file and moves the dataset into place: the
// entries games, positions and flags (.parquet files, or directories when
// partitioned) and files.parquet of the directory are replaced. On error
// nothing is moved and the temporary files are removed.
func (d *Writer) Close() error {
	if d.done {
		return parquetw.ErrClosed
	}
	d.done = true
	var errs []error
	for k := range d.sets {
		errs = append(errs, d.closeSet(k))
	}
	errs = append(errs, d.closeFiles())
	if err := errors.Join(errs...); err != nil {
		os.RemoveAll(d.tmp)
		return err
	}
	if !d.cfg.byYear {
		for k, s := range d.sets {
			if len(s.parts) > 0 {
				continue
			}
			// No game at all: still write valid, empty files.
			p, err := d.create(k, "")
			if err == nil {
				err = p.close()
			}
			if err != nil {
				os.RemoveAll(d.tmp)
				return err
			}
		}
	}
	for i, name := range append(datasetNames[:], tableNames[:]...) {
		src := name
		if !d.cfg.byYear || i >= len(datasetNames) {
			src += ".parquet"
		}
		// Remove both layouts of an earlier run so they do not mix.
		for _, old := range []string{name, name + ".parquet"} {
			if err := os.RemoveAll(filepath.Join(d.dir, old)); err != nil {
				os.RemoveAll(d.tmp)
				return err
			}
		}
		if name == FilesName && d.files == nil || name != FilesName && i >= len(datasetNames) && !d.tables[name] {
			continue // not written: the earlier one is removed
		}
		if err := os.Rename(filepath.Join(d.tmp, src), filepath.Join(d.dir, src)); err != nil {
			os.RemoveAll(d.tmp)
			return err
		}
	}
	return os.RemoveAll(d.tmp)
}

// Abort releases everything and removes the temporary files, and the
// directories Create made; the directory keeps what it held before. Abort after Close does nothing.
func (d *Writer) Abort() {
	if d.done {
		return
	}
	d.done = true
	for k := range d.sets {
		_ = d.closeSet(k)
	}
	if d.files != nil {
		_ = d.closeFiles()
	}
	os.RemoveAll(d.tmp)
	d.created.Remove()
}

// WriteTable writes the table name.parquet beside the datasets (one of
// tableNames but files: EventsName, PlayersName) with write, given the
// dataset's allocator; Close moves it into place with the rest. A dataset
// closed without it has none: an earlier run's is removed.
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

// sortedKeys returns the keys of m in a fixed order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
