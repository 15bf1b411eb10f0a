// Package duplicates finds the copies among the games of export datasets
// after the fact (xqtool dedupe), with the in-run detection's rule
// (package dedupe), and owns their table, duplicates.parquet: its schema
// and its writer.
package duplicates

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/hashid"
	"github.com/xqtool/xqtool/internal/output"
)

// Name is the file Find writes into each dataset directory.
const Name = "duplicates.parquet"

// Schema is the schema of duplicates.parquet: one row per game
// of the datasets. cluster_id is the game_id of the cluster's kept copy
// (the game's own for a game without copies); duplicate_kind is null for
// the kept copy, else "exact", "prefix" or "mirror"; duplicate_of names
// the kept copy as source#number (1-based), null for the kept copy.
var Schema = arrow.NewSchema([]arrow.Field{
	{Name: "game_id", Type: arrow.BinaryTypes.String},
	{Name: "cluster_id", Type: arrow.BinaryTypes.String},
	{Name: "duplicate_kind", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "duplicate_of", Type: arrow.BinaryTypes.String, Nullable: true},
}, nil)

// row returns the games.parquet row of g as package dedupe reads it (its
// line decoded when it has moves).
func row(g *dataset.Game) *dedupe.Row {
	r := &dedupe.Row{
		Source: g.Source, Index: g.Index,
		ResultDeclared: g.Result, FlagCodes: g.Codes,
		Event: g.Event, Date: g.Date, Site: g.Site, Round: g.Round, Red: g.Red, Black: g.Black,
	}
	if len(g.MovesICCS) > 0 {
		var start board.Position
		start, r.Moves, r.LineErr = g.Line()
		r.Start = start.Setup()
	}
	return r
}

// Options configures Find.
type Options struct {
	// MinPlies is dedupe.Options.MinPlies (0: dedupe.DefaultMinPlies).
	MinPlies int
	// TempDir holds the index's temporary file ("" for os.TempDir).
	TempDir string
	// Output, when set, is the one file all rows are written to instead
	// of DIR/duplicates.parquet for each dataset directory.
	Output string
	// Mem is the Arrow allocator (nil: the Go allocator).
	Mem memory.Allocator
}

// Summary counts what Find found.
type Summary struct {
	Games    int
	Files    int
	ByKind   [4]int // by dedupe.Kind; ByKind[dedupe.None] counts kept copies and games without copies
	Clusters int    // clusters of more than one game
	Written  []string
	// Repeated lists the games files reached again (a directory named
	// twice, or inside another one named too), read once.
	Repeated []string
}

// BytesPerGame is what Find keeps in memory per game, besides the
// index's own dedupe.BytesPerGame: the game_id (8 bytes) and the dataset
// directory (2 bytes), in slices that grow by doubling.
const BytesPerGame = 10

// Find reads the games of the datasets in dirs in a single run's
// order (see dataset.Reader), finds the clusters of copies with a dedupe.Index
// (each game read by dedupe.FromRow, the in-run detection's rule) and
// writes duplicates.parquet into each directory, with the rows of the
// games read from it (or all rows into opt.Output). Each file is written
// to a temporary name and renamed when complete.
func Find(dirs []string, opt Options) (Summary, error) {
	var sum Summary
	if len(dirs) > 1<<16 {
		return sum, fmt.Errorf("duplicates: at most %d directories", 1<<16)
	}
	mem := opt.Mem
	if mem == nil {
		mem = memory.DefaultAllocator
	}
	r, err := dataset.Open(dirs)
	if err != nil {
		return sum, err
	}
	defer r.Close()
	sum.Files = len(r.Files())
	sum.Repeated = r.Repeated()
	ix := dedupe.New(dedupe.Options{MinPlies: opt.MinPlies, TempDir: opt.TempDir})
	defer ix.Close()
	var ids []uint64
	var dirOf []uint16
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return sum, err
		}
		id, err := parseGameID(g.GameID)
		if err != nil {
			return sum, fmt.Errorf("%s: %s#%d: %w", g.File, g.Source, g.Index+1, err)
		}
		dg, err := dedupe.FromRow(row(g))
		if err != nil {
			return sum, fmt.Errorf("%s: %w", g.File, err)
		}
		if _, err := ix.Add(&dg); err != nil {
			return sum, err
		}
		ids = append(ids, id)
		dirOf = append(dirOf, uint16(g.Dir))
	}
	if err := ix.Finish(); err != nil {
		return sum, err
	}
	sum.Games = len(ids)
	sum.ByKind, sum.Clusters = ix.Counts()

	outs := make([]*dupWriter, len(dirs))
	if opt.Output != "" {
		w, err := newDupWriter(opt.Output, mem)
		if err != nil {
			return sum, err
		}
		for i := range outs {
			outs[i] = w
		}
	} else {
		read := map[int]bool{} // the directories a games file is read from
		for _, d := range r.Dirs() {
			read[d] = true
		}
		for i, d := range dirs {
			if !read[i] {
				continue // its files were all read through another directory
			}
			if outs[i], err = newDupWriter(filepath.Join(d, Name), mem); err != nil {
				abortAll(outs)
				return sum, err
			}
		}
	}
	for num := range ids {
		v, err := ix.Verdict(num)
		if err != nil {
			abortAll(outs)
			return sum, err
		}
		var of string
		if v.Kind != dedupe.None {
			of = v.KeptRef.String()
		}
		if err := outs[dirOf[num]].add(ids[num], ids[v.Kept], v.Kind.String(), of); err != nil {
			abortAll(outs)
			return sum, err
		}
	}
	var errs []error
	for i, w := range outs {
		if w == nil {
			continue
		}
		if i > 0 && w == outs[0] && opt.Output != "" {
			break
		}
		if err := w.commit(); err != nil {
			errs = append(errs, err)
		} else {
			sum.Written = append(sum.Written, w.out.Path())
		}
	}
	if err := errors.Join(errs...); err != nil {
		abortAll(outs)
		return sum, err
	}
	return sum, nil
}

// parseGameID reads the 16 hexadecimal digits of a game_id.
func parseGameID(s string) (uint64, error) {
	v, err := hashid.Parse(s)
	if err != nil {
		return 0, fmt.Errorf("%w: game_id %q", dataset.ErrRow, s)
	}
	return v, nil
}

func formatGameID(v uint64) string { return hashid.Format(v) }

// dupWriter writes one duplicates.parquet through a temporary file.
type dupWriter struct {
	out  *output.File
	w    *pqarrow.FileWriter
	b    *array.RecordBuilder
	done bool
}

// dupBatch is the number of rows built before they are written.
const dupBatch = 16384

func newDupWriter(path string, mem memory.Allocator) (*dupWriter, error) {
	out, err := output.Open(path, nil)
	if err != nil {
		return nil, err
	}
	props := parquet.NewWriterProperties(parquet.WithAllocator(mem), parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(1), parquet.WithDictionaryDefault(false), parquet.WithDictionaryFor("duplicate_kind", true),
		parquet.WithMaxRowGroupLength(1<<20))
	w, err := pqarrow.NewFileWriter(Schema, out, props, pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(mem), pqarrow.WithStoreSchema()))
	if err != nil {
		out.Abort()
		return nil, err
	}
	return &dupWriter{out: out, w: w, b: array.NewRecordBuilder(mem, Schema)}, nil
}

func (d *dupWriter) add(id, cluster uint64, kind, of string) error {
	d.b.Field(0).(*array.StringBuilder).Append(formatGameID(id))
	d.b.Field(1).(*array.StringBuilder).Append(formatGameID(cluster))
	for i, v := range [2]string{kind, of} {
		sb := d.b.Field(2 + i).(*array.StringBuilder)
		if v == "" {
			sb.AppendNull()
		} else {
			sb.Append(v)
		}
	}
	if d.b.Field(0).Len() >= dupBatch {
		return d.flush()
	}
	return nil
}

func (d *dupWriter) flush() error {
	rec := d.b.NewRecordBatch()
	defer rec.Release()
	if rec.NumRows() == 0 {
		return nil
	}
	return d.w.WriteBuffered(rec)
}

func (d *dupWriter) commit() error {
	if d.done {
		return nil
	}
	d.done = true
	err := d.flush()
	d.b.Release()
	if cerr := d.w.Close(); err == nil {
		err = cerr // the footer: output.File is not a Closer, so the file stays open
	}
	if err != nil {
		d.out.Abort()
		return err
	}
	return d.out.Commit()
}

func (d *dupWriter) abort() {
	if d == nil || d.done {
		return
	}
	d.done = true
	d.b.Release()
	d.w.Close()
	d.out.Abort()
}

func abortAll(ws []*dupWriter) {
	for _, w := range ws {
		if w != nil {
			w.abort()
		}
	}
}
