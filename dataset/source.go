package dataset

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// Source reads export datasets as inputs of a pipeline run
// (pipeline.Options.Datasets): a run over a dataset hands its sinks the
// games of the dataset as a run over the records it was exported from
// does, each keeping its game_id and the flags the export wrote.
type Source struct{}

var _ pipeline.Datasets = Source{}

// IsDataset reports whether path is a dataset (see IsDataset).
func (Source) IsDataset(path string) bool { return IsDataset(path) }

// OpenDatasets opens the games of the datasets at paths (see Open) but
// the games files inside the run's outputs: each row becomes the record it
// was written from, with its flags from flags.parquet when the dataset has
// one beside the games file (else one flag per code of flag_codes,
// without ply or detail).
func (Source) OpenDatasets(paths, outputs []string) (pipeline.DatasetReader, error) {
	r, err := open(paths, func(path string) bool { return pipeline.Inside(path, outputs) })
	if err != nil {
		return nil, err
	}
	if len(r.Files()) == 0 {
		r.Close()
		return nil, fmt.Errorf("%v: %w", paths, ErrNoGames)
	}
	return &sourceReader{r: r, games: map[string]int{}}, nil
}

// sourceReader is the pipeline.DatasetReader of Source.
type sourceReader struct {
	r     *Reader
	games map[string]int // games read, by games file
	flags map[string]*flagsCursor
}

// Next returns the next game as the record it was exported from.
func (s *sourceReader) Next() (*pipeline.DatasetGame, error) {
	g, err := s.r.Next()
	if err != nil {
		return nil, err
	}
	s.games[g.File]++
	fs, err := s.flagsOf(g)
	if err != nil {
		return nil, err
	}
	rec, bad := recordOf(g)
	if bad != nil {
		fs = append(fs, *bad)
	}
	return &pipeline.DatasetGame{ID: strings.Clone(g.GameID), Record: rec, Flags: fs}, nil
}

// flagsOf returns the flags of g: its rows of the flags file beside its
// games file, else one flag per code.
func (s *sourceReader) flagsOf(g *Game) ([]flags.Flag, error) {
	if s.flags == nil {
		s.flags = map[string]*flagsCursor{}
	}
	fc, ok := s.flags[g.File]
	if !ok {
		var err error
		if fc, err = openFlags(g.File); err != nil {
			return nil, err
		}
		s.flags[g.File] = fc
	}
	if fc != nil {
		fs, err := fc.of(g)
		if err != nil {
			return nil, err
		}
		if sameCodes(fs, g.Codes) {
			return fs, nil
		}
	}
	fs := make([]flags.Flag, 0, len(g.Codes))
	for _, c := range g.Codes {
		fs = append(fs, flags.New(flags.Code(strings.Clone(c)), 0, "", ""))
	}
	return fs, nil
}

// sameCodes reports whether the flags have the codes of flag_codes (each
// code once, in the flags' order).
func sameCodes(fs []flags.Flag, codes []string) bool {
	cs := flags.Codes(fs)
	if len(cs) != len(codes) {
		return false
	}
	for i, c := range cs {
		if string(c) != codes[i] {
			return false
		}
	}
	return true
}

// recordOf rebuilds the record of a row: its main line is the stored
// valid prefix, as moves. A move that is no ICCS move ends the line there,
// with the unreadable_move flag it returns (nil when every move reads).
func recordOf(g *Game) (*parse.Record, *flags.Flag) {
	rec := &parse.Record{
		Source: strings.Clone(g.Source), Index: g.Index,
		Format: parse.Format(strings.Clone(g.Format)), Encoding: strings.Clone(g.Encoding),
		Tags: make(parse.Tags, 0, len(g.Tags)+1),
	}
	for _, t := range g.Tags {
		rec.Tags = append(rec.Tags, parse.Tag{Name: strings.Clone(t.Name), Value: strings.Clone(t.Value)})
	}
	if g.Result != "" && g.Result != "*" {
		rec.Result = strings.Clone(g.Result)
		rec.Tags = append(rec.Tags, parse.Tag{Name: parse.TagResult, Value: rec.Result})
	}
	if g.StartFEN != board.StartFEN {
		rec.FEN = strings.Clone(g.StartFEN)
	}
	node := &rec.Root
	for i, text := range g.MovesICCS {
		m, err := board.ParseMove(text)
		if err != nil {
			f := flags.New(flags.UnreadableMove, i+1, "", g.Errorf("%w: moves_iccs: ply %d: %q: %w", ErrRow, i+1, text, err).Error())
			return rec, &f
		}
		n := &parse.Node{Move: m}
		node.Children = []*parse.Node{n}
		node = n
	}
	return rec, nil
}

// Files returns the games files read, each with its games.
func (s *sourceReader) Files() []pipeline.File {
	var out []pipeline.File
	for _, name := range s.r.Files() {
		f := pipeline.File{Source: name, Bytes: -1, Format: "parquet", Games: s.games[name], Status: corpus.FileRead}
		if st, err := os.Stat(name); err == nil {
			f.Bytes = st.Size()
		}
		out = append(out, f)
	}
	return out
}

// Close closes the files.
func (s *sourceReader) Close() error {
	errs := []error{s.r.Close()}
	for _, fc := range s.flags {
		if fc != nil {
			errs = append(errs, fc.close())
		}
	}
	return errors.Join(errs...)
}

var _ io.Closer = (*sourceReader)(nil)
