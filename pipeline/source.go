package pipeline

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
)

// Datasets reads export datasets as inputs of a run, beside records
// (Options.Datasets; package dataset implements it). A dataset's games go
// through the same worker path as records: each is replayed from its
// start position and stored main line and analysed, so every sink gets a
// whole Game; it keeps the game_id, the flags and the state the export
// wrote, but for the flags the run decides again from the whole input
// (flags.Code.Late: duplicate detection's, the annotators').
type Datasets interface {
	// IsDataset reports whether the input path is a dataset (a directory
	// holding a games table) rather than records.
	IsDataset(path string) bool
	// OpenDatasets opens the games of the datasets at paths as one
	// stream, in the order of a single run over the records they were
	// exported from. The files inside the run's outputs (see Inside) are
	// not read.
	OpenDatasets(paths, outputs []string) (DatasetReader, error)
}

// DatasetReader is a pull reader of the games of datasets.
type DatasetReader interface {
	// Next returns the next game, or io.EOF after the last. The game,
	// and everything it reaches, is the caller's.
	Next() (*DatasetGame, error)
	// Files returns the files the games are read from, each with the
	// number of games read from it so far: all of them once Next returned
	// io.EOF (before the first Next, the files to read).
	Files() []File
	Close() error
}

// DatasetGame is one game of a dataset: its record as the export stored
// it, and what the export decided of it.
type DatasetGame struct {
	// ID is the game's game_id: the game keeps it, so that the tables
	// written from the dataset (evaluations, a tree, training rows) join
	// back to it.
	ID string
	// Record is the game's record rebuilt from the row: source, index,
	// format, encoding, tags, the start position (FEN, "" for the
	// standard one), the declared result and the stored valid main line
	// (as moves, Node.Move).
	Record *parse.Record
	// Flags are the game's flags as the export wrote them, positioned
	// when the dataset holds them (flags.parquet), else one per code.
	Flags []flags.Flag
}

// input is one item of a run's reading: a walker's item (a game, a file
// problem or a file's end), a game of a dataset, or a file a dataset was
// read from.
type input struct {
	item corpus.Item
	ds   *DatasetGame
	file *File
}

// datasetInputs marks the inputs that are datasets (none without
// Options.Datasets). An input that is an output of the run is left to
// the walker, which says it is not read.
func (r *run) datasetInputs(inputs []string) []bool {
	src := r.opt.Datasets
	if src == nil {
		return nil
	}
	is := make([]bool, len(inputs))
	for i, p := range inputs {
		is[i] = p != "-" && !Inside(p, r.opt.Exclude) && src.IsDataset(p)
	}
	return is
}

// part is a part of a run's inputs read one way: a record input
// (inputs[arg]) through the walker, or a run of consecutive datasets
// (inputs[arg:end]) through the run's Datasets (rd: opened early when the
// run counts its files first).
type part struct {
	arg, end int
	datasets bool
	rd       DatasetReader
}

// parts splits the inputs into parts, in order.
func (r *run) parts(inputs []string) []part {
	isDS := r.datasetInputs(inputs)
	var parts []part
	for i := 0; i < len(inputs); {
		j := i + 1
		if isDS != nil && isDS[i] {
			for j < len(inputs) && isDS[j] {
				j++
			}
		}
		parts = append(parts, part{arg: i, end: j, datasets: isDS != nil && isDS[i]})
		i = j
	}
	return parts
}

// count returns the number of files the run reads, for the progress bar:
// the record inputs' files as the walk will plan them (corpus.Walker.Count:
// the directories are listed once more, nothing is held, so a bar costs no
// memory however many files there are; an archive counts as one file) and
// the games files of each run of datasets, opened here to be read later.
func (r *run) count(w *corpus.Walker, inputs []string, parts []part) (files int, err error) {
	var args []int
	for i := range parts {
		p := &parts[i]
		if !p.datasets {
			args = append(args, p.arg)
			continue
		}
		if p.rd, err = r.opt.Datasets.OpenDatasets(inputs[p.arg:p.end], r.opt.Exclude); err != nil {
			return 0, err
		}
		files += len(p.rd.Files())
	}
	return files + w.Count(inputs, args), nil
}

// closeParts closes the datasets a run opened and did not read.
func closeParts(parts []part) {
	for _, p := range parts {
		if p.rd != nil {
			p.rd.Close()
		}
	}
}

// walk reads the parts in order: records through the walker, each run of
// datasets through the run's Datasets.
func (r *run) walk(ctx context.Context, w *corpus.Walker, inputs []string, parts []part, emit func(input) error) error {
	item := func(it corpus.Item) error { return emit(input{item: it}) }
	for i := range parts {
		p := &parts[i]
		var err error
		switch {
		case p.datasets:
			err = r.readDatasets(ctx, p, inputs, emit)
		default:
			err = w.WalkArg(ctx, p.arg, inputs[p.arg], item)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readDatasets emits the games of the part's datasets (those of the run's
// shard: by game_id, corpus.Shard.Has(0, id)), then their files, and
// closes them.
func (r *run) readDatasets(ctx context.Context, p *part, inputs []string, emit func(input) error) error {
	if p.rd == nil {
		rd, err := r.opt.Datasets.OpenDatasets(inputs[p.arg:p.end], r.opt.Exclude)
		if err != nil {
			return err
		}
		p.rd = rd
	}
	rd := p.rd
	defer func() {
		rd.Close()
		p.rd = nil
	}()
	for n := 0; ; n++ {
		if n&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !r.opt.Shard.Has(0, g.ID) {
			continue
		}
		if err := emit(input{ds: g}); err != nil {
			return err
		}
	}
	for _, f := range rd.Files() {
		r.dsFiles++
		if err := emit(input{file: &f}); err != nil {
			return err
		}
	}
	return nil
}

// errUnreadable is the read error of a dataset game whose record could
// not be read (its unreadable_record flag says why).
var errUnreadable = errors.New("the record could not be read")

// datasetGame analyses a game of a dataset as the workers analyse a
// record, and gives it the flags the export wrote but those the run
// decides again (flags.Code.Late); its state follows from them.
func datasetGame(g *DatasetGame, aopt analyze.Options, steps []Step) result {
	var own []flags.Flag
	var readErr error
	for _, f := range g.Flags {
		if f.Code.Late() {
			continue
		}
		own = append(own, f)
		if f.Code == flags.UnreadableRecord {
			readErr = errUnreadable
			if f.Detail != "" {
				readErr = errors.New(f.Detail)
			}
		}
	}
	rep := analyze.Analyze(g.Record, readErr, aopt)
	if gm := rep.Game; gm != nil && gm.Fail != nil {
		// The stored line does not replay: the failure's flag says where.
		for _, f := range rep.Flags {
			if f.Code.Ends() {
				own = append(own, f)
			}
		}
	}
	rep.Flags, rep.Status = own, analyze.StatusOf(own)
	v := applySteps(rep, g.Record.Tags, aopt, steps)
	v.id = g.ID
	return v
}

// Inside reports whether path is one of the outputs of a run, or inside
// one.
func Inside(path string, outputs []string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for _, o := range outputs {
		ao, err := filepath.Abs(o)
		if err == nil && (abs == ao || strings.HasPrefix(abs, ao+string(filepath.Separator))) {
			return true
		}
	}
	return false
}
