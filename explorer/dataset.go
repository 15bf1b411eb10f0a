package explorer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/board"
)

// ErrDataset is wrapped by the errors of a dataset that lacks a file or
// column this package reads, or holds a value it cannot read.
var ErrDataset = errors.New("explorer: not a dataset of xqtool export")

// datasetFiles returns the files of one table (games, positions) of the
// datasets under dir, sorted: every NAME.parquet, and every .parquet file
// below a directory named NAME (a dataset partitioned by year), at any
// depth (a directory of shards). Directories starting with "." (an export
// in progress) are skipped.
func datasetFiles(dir, name string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == name+".parquet" || (strings.HasSuffix(d.Name(), ".parquet") && under(dir, path, name)) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w: no %s.parquet", dir, ErrDataset, name)
	}
	slices.Sort(out)
	return out, nil
}

// under reports whether path has a directory named name between root
// and itself.
func under(root, path, name string) bool {
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil {
		return false
	}
	return slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), name)
}

// IsDataset reports whether dir holds an export dataset (a games table).
func IsDataset(dir string) bool {
	files, err := datasetFiles(dir, "games")
	return err == nil && len(files) > 0
}

// pqFile is an open Parquet file read by named columns.
type pqFile struct {
	path string
	f    *os.File
	pf   *file.Reader
	fr   *pqarrow.FileReader
}

func openParquet(path string) (*pqFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	mem := memory.NewGoAllocator()
	props := parquet.NewReaderProperties(mem)
	props.BufferedStreamEnabled = true
	pf, err := file.NewParquetReader(f, file.WithReadProps(props))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w: %w", path, ErrDataset, err)
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 4096}, mem)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w: %w", path, ErrDataset, err)
	}
	return &pqFile{path: path, f: f, pf: pf, fr: fr}, nil
}

func (p *pqFile) close() error { return p.f.Close() }

// has reports whether the file has the leaf column (dotted path).
func (p *pqFile) has(leaf string) bool { return p.pf.MetaData().Schema.ColumnIndexByName(leaf) >= 0 }

// each reads the leaf columns (dotted paths, "moves_iccs.list.element")
// batch by batch; the batches' fields are the top-level columns.
func (p *pqFile) each(leaves []string, fn func(rec arrow.RecordBatch) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: %w: %v", p.path, ErrDataset, r)
		}
	}()
	idx := make([]int, len(leaves))
	for i, l := range leaves {
		if idx[i] = p.pf.MetaData().Schema.ColumnIndexByName(l); idx[i] < 0 {
			return fmt.Errorf("%s: %w: no column %s", p.path, ErrDataset, l)
		}
	}
	if p.pf.NumRowGroups() == 0 {
		return nil
	}
	rr, err := p.fr.GetRecordReader(context.Background(), idx, nil)
	if err != nil {
		return fmt.Errorf("%s: %w: %w", p.path, ErrDataset, err)
	}
	defer rr.Release()
	for rr.Next() {
		if err := fn(rr.RecordBatch()); err != nil {
			return err
		}
	}
	if err := rr.Err(); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %w: %w", p.path, ErrDataset, err)
	}
	return nil
}

// column returns the top-level column name of rec as a T.
func column[T arrow.Array](rec arrow.RecordBatch, name string) (T, error) {
	var zero T
	idx := rec.Schema().FieldIndices(name)
	if len(idx) == 0 {
		return zero, fmt.Errorf("%w: no column %s", ErrDataset, name)
	}
	c, ok := rec.Column(idx[0]).(T)
	if !ok {
		return zero, fmt.Errorf("%w: column %s is %s", ErrDataset, name, rec.Column(idx[0]).DataType())
	}
	return c, nil
}

// stringColumns returns the string columns names of rec, by name.
func stringColumns(rec arrow.RecordBatch, names ...string) (map[string]*array.String, error) {
	strs := make(map[string]*array.String, len(names))
	for _, name := range names {
		c, err := column[*array.String](rec, name)
		if err != nil {
			return nil, err
		}
		strs[name] = c
	}
	return strs, nil
}

// strAt returns a's value i, "" when null.
func strAt(a *array.String, i int) string {
	if a.IsNull(i) {
		return ""
	}
	return a.Value(i)
}

// The games columns the explorer reads.
var gamesLeaves = []string{"game_id", "source", "index", "start_fen", "moves_iccs.list.element",
	"result_declared", "year", "event", "site", "date", "round", "red", "black", "duplicate_kind"}

// DatasetGames reads the games of the export datasets under dir (a
// dataset, its year partitions, a directory of shards) and calls fn with
// each: the start position, the valid main line, the declared result,
// the year and the tags. A game is a Copy when its duplicate_kind is set;
// a duplicates.parquet that "xqtool dedupe" wrote in dir (copies across
// shards) decides instead, for the games it lists. The Game passed to fn
// is reused by the next call. A game with neither a start position nor a
// move (a record that could not be read) is passed over, as FromGame
// does; one whose start position or moves cannot be read is skipped with
// its error reported by bad (nil: the error ends the read).
func DatasetGames(dir string, fn func(g *Game) error, bad func(err error) error) error {
	files, err := datasetFiles(dir, "games")
	if err != nil {
		return err
	}
	dups, err := readDuplicates(filepath.Join(dir, "duplicates.parquet"))
	if err != nil {
		return err
	}
	if bad == nil {
		bad = func(err error) error { return err }
	}
	var g Game
	for _, path := range files {
		pf, err := openParquet(path)
		if err != nil {
			return err
		}
		err = pf.each(gamesLeaves, func(rec arrow.RecordBatch) error {
			return gamesBatch(rec, dups, &g, fn, func(row int, err error) error {
				return bad(fmt.Errorf("%s: row %d: %w", path, row, err))
			})
		})
		pf.close()
		if err != nil {
			return err
		}
	}
	return nil
}

func gamesBatch(rec arrow.RecordBatch, dups map[string]bool, g *Game, fn func(*Game) error, bad func(int, error) error) error {
	strs, err := stringColumns(rec, "game_id", "source", "start_fen", "result_declared", "event", "site", "date", "round", "red", "black", "duplicate_kind")
	if err != nil {
		return err
	}
	index, err := column[*array.Int32](rec, "index")
	if err != nil {
		return err
	}
	year, err := column[*array.Int32](rec, "year")
	if err != nil {
		return err
	}
	moves, err := column[*array.List](rec, "moves_iccs")
	if err != nil {
		return err
	}
	mv, ok := moves.ListValues().(*array.String)
	if !ok {
		return fmt.Errorf("%w: moves_iccs is not a list of strings", ErrDataset)
	}
	for i := range int(rec.NumRows()) {
		s := func(name string) string { return strAt(strs[name], i) }
		*g = Game{ID: s("game_id"), Source: s("source"), Index: int(index.Value(i)),
			Result: ParseResult(s("result_declared")),
			Event:  s("event"), Site: s("site"), Date: s("date"), Round: s("round"), Red: s("red"), Black: s("black"),
			Moves: g.Moves[:0]}
		if !year.IsNull(i) {
			g.Year = int(year.Value(i))
		}
		copyOf, listed := dups[g.ID]
		g.Copy = s("duplicate_kind") != ""
		if listed {
			g.Copy = copyOf
		}
		start := board.StartPosition()
		lo, hi := moves.ValueOffsets(i)
		if fen := s("start_fen"); fen != "" {
			var err error
			if start, err = positionOfFEN(fen); err != nil {
				if hi == lo {
					continue // no position and no move: nothing to count (as FromGame)
				}
				if err := bad(i, fmt.Errorf("%w: start_fen: %w", ErrDataset, err)); err != nil {
					return err
				}
				continue
			}
		}
		g.Start = start
		p := start
		var err error
		for j := lo; j < hi && err == nil; j++ {
			var m board.Move
			if m, err = board.ParseMove(mv.Value(int(j))); err == nil && !p.IsLegal(m) {
				err = fmt.Errorf("ply %d: %s is not legal", j-lo+1, m)
			}
			if err == nil {
				p.MakeMove(m)
				g.Moves = append(g.Moves, m)
			}
		}
		if err != nil {
			if err := bad(i, fmt.Errorf("%w: %w", ErrDataset, err)); err != nil {
				return err
			}
			continue
		}
		if err := fn(g); err != nil {
			return err
		}
	}
	return nil
}

// readDuplicates reads a duplicates.parquet of "xqtool dedupe": for each
// game listed, whether it is a copy. A missing file gives an empty map.
func readDuplicates(path string) (map[string]bool, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	pf, err := openParquet(path)
	if err != nil {
		return nil, err
	}
	defer pf.close()
	out := map[string]bool{}
	err = pf.each([]string{"game_id", "duplicate_kind"}, func(rec arrow.RecordBatch) error {
		ids, err := column[*array.String](rec, "game_id")
		if err != nil {
			return err
		}
		kinds, err := column[*array.String](rec, "duplicate_kind")
		if err != nil {
			return err
		}
		for i := range ids.Len() {
			out[ids.Value(i)] = strAt(kinds, i) != ""
		}
		return nil
	})
	return out, err
}
