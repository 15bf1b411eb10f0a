package export

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/xqtool/xqtool/analyze"
)

// Dataset file and directory names.
const (
	GamesName     = "games"
	PositionsName = "positions"
	FlagsName     = "flags"
	// UnknownYear is the partition of games without a valid year.
	UnknownYear = "__HIVE_DEFAULT_PARTITION__"
)

var datasetNames = [3]string{GamesName, PositionsName, FlagsName}

// Dataset writes games, positions and flags into a directory:
// DIR/games.parquet, DIR/positions.parquet and DIR/flags.parquet, or with
// WithPartitionByYear DIR/games/year=YYYY/part-N.parquet (and the same
// under positions/ and flags/).
//
// Everything is written into a temporary directory inside DIR; Close
// renames the complete files into place (replacing the dataset entries of
// an earlier run), Abort removes them. An interrupted run therefore never
// leaves a half-written dataset.
type Dataset struct {
	cfg    *config
	dir    string
	tmp    string
	open   map[string]*partition // by partition directory ("" unpartitioned)
	parts  map[string]int        // part files started per partition
	clock  int64
	counts [3]int64
	done   bool
	files  *filesFile // files.parquet, opened by the first WriteFile
}

// partition is the three open files of one partition.
type partition struct {
	key     string
	files   [3]*os.File
	bufs    [3]*bufio.Writer
	games   *GamesWriter
	pos     *PositionsWriter
	flags   *FlagsWriter
	lastUse int64
}

// Create starts a dataset in dir, which is created if needed.
func Create(dir string, opts ...Option) (*Dataset, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(dir, ".export-tmp-")
	if err != nil {
		return nil, err
	}
	d := &Dataset{cfg: newConfig(opts), dir: dir, tmp: tmp, open: map[string]*partition{}, parts: map[string]int{}}
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

// Write adds one game to the three datasets.
func (d *Dataset) Write(r *analyze.Report) error {
	if d.done {
		return errClosed
	}
	g := newGame(r)
	key := ""
	if d.cfg.byYear {
		key = "year=" + UnknownYear
		if g.year > 0 {
			key = "year=" + strconv.Itoa(g.year)
		}
	}
	p, err := d.partition(key)
	if err != nil {
		return err
	}
	before := [3]int64{p.games.Rows(), p.pos.Rows(), p.flags.Rows()}
	if err := p.games.write(g); err != nil {
		return err
	}
	if err := p.pos.write(g); err != nil {
		return err
	}
	if err := p.flags.write(g); err != nil {
		return err
	}
	d.counts[0] += p.games.Rows() - before[0]
	d.counts[1] += p.pos.Rows() - before[1]
	d.counts[2] += p.flags.Rows() - before[2]
	return nil
}

// Counts returns the rows written so far to games, positions and flags.
func (d *Dataset) Counts() (games, positions, flags int64) {
	return d.counts[0], d.counts[1], d.counts[2]
}

// partition returns the open partition for key, opening it (and closing
// the least recently used one when too many are open) if needed.
func (d *Dataset) partition(key string) (*partition, error) {
	d.clock++
	if p := d.open[key]; p != nil {
		p.lastUse = d.clock
		return p, nil
	}
	if len(d.open) >= d.cfg.maxOpen {
		var lru *partition
		for _, p := range d.open {
			if lru == nil || p.lastUse < lru.lastUse {
				lru = p
			}
		}
		delete(d.open, lru.key)
		if err := lru.close(); err != nil {
			return nil, err
		}
	}
	p, err := d.create(key)
	if err != nil {
		return nil, err
	}
	p.lastUse = d.clock
	d.open[key] = p
	return p, nil
}

// create opens the files of a partition: the next part file of each
// dataset.
func (d *Dataset) create(key string) (*partition, error) {
	p := &partition{key: key}
	n := d.parts[key]
	d.parts[key] = n + 1
	for i, name := range datasetNames {
		path := filepath.Join(d.tmp, name+".parquet")
		if d.cfg.byYear {
			dir := filepath.Join(d.tmp, name, key)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				p.abort()
				return nil, err
			}
			path = filepath.Join(dir, fmt.Sprintf("part-%d.parquet", n))
		}
		f, err := os.Create(path)
		if err != nil {
			p.abort()
			return nil, err
		}
		p.files[i] = f
		size := 1 << 20
		if d.cfg.byYear {
			size = 64 << 10
		}
		p.bufs[i] = bufio.NewWriterSize(f, size)
	}
	var err error
	if p.games, err = newGamesWriter(p.bufs[0], d.cfg); err == nil {
		if p.pos, err = newPositionsWriter(p.bufs[1], d.cfg); err == nil {
			p.flags, err = newFlagsWriter(p.bufs[2], d.cfg)
		}
	}
	if err != nil {
		p.abort()
		return nil, err
	}
	return p, nil
}

// close completes the three files of the partition.
func (p *partition) close() error {
	var errs []error
	if p.games != nil {
		errs = append(errs, p.games.Close())
	}
	if p.pos != nil {
		errs = append(errs, p.pos.Close())
	}
	if p.flags != nil {
		errs = append(errs, p.flags.Close())
	}
	for i, f := range p.files {
		if f == nil {
			continue
		}
		errs = append(errs, p.bufs[i].Flush(), f.Close())
	}
	return errors.Join(errs...)
}

// abort releases the writers and closes the files, ignoring errors.
func (p *partition) abort() {
	_ = p.close()
}

// Close completes every file and moves the dataset into place: the
// entries games, positions and flags (.parquet files, or directories when
// partitioned) of the directory are replaced. On error nothing is moved
// and the temporary files are removed.
func (d *Dataset) Close() error {
	if d.done {
		return errClosed
	}
	d.done = true
	var errs []error
	for _, key := range d.sortedKeys() {
		errs = append(errs, d.open[key].close())
	}
	d.open = nil
	errs = append(errs, d.closeFiles())
	if err := errors.Join(errs...); err != nil {
		os.RemoveAll(d.tmp)
		return err
	}
	if !d.cfg.byYear && len(d.parts) == 0 {
		// No game at all: still write valid, empty files.
		p, err := d.create("")
		if err == nil {
			err = p.close()
		}
		if err != nil {
			os.RemoveAll(d.tmp)
			return err
		}
	}
	for _, name := range append(datasetNames[:], FilesName) {
		src := name
		if !d.cfg.byYear || name == FilesName {
			src += ".parquet"
		}
		// Remove both layouts of an earlier run so they do not mix.
		for _, old := range []string{name, name + ".parquet"} {
			if err := os.RemoveAll(filepath.Join(d.dir, old)); err != nil {
				os.RemoveAll(d.tmp)
				return err
			}
		}
		if name == FilesName && d.files == nil {
			continue // not written: the earlier one is removed
		}
		if err := os.Rename(filepath.Join(d.tmp, src), filepath.Join(d.dir, src)); err != nil {
			os.RemoveAll(d.tmp)
			return err
		}
	}
	return os.RemoveAll(d.tmp)
}

// Abort releases everything and removes the temporary files; the
// directory keeps what it held before. Abort after Close does nothing.
func (d *Dataset) Abort() {
	if d.done {
		return
	}
	d.done = true
	for _, key := range d.sortedKeys() {
		d.open[key].abort()
	}
	d.open = nil
	if d.files != nil {
		_ = d.closeFiles()
	}
	os.RemoveAll(d.tmp)
}

// sortedKeys returns the open partitions in a fixed order.
func (d *Dataset) sortedKeys() []string {
	keys := make([]string, 0, len(d.open))
	for k := range d.open {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
