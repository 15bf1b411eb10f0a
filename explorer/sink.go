package explorer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
)

// PageFile is the file name of the explorer page in a tree's directory.
const PageFile = "index.html"

// Output is a tree and its page being written into a directory:
// DIR/tree.parquet and DIR/index.html, each into a temporary file beside
// it, moved into place by Commit (removed by Abort), so that a failed or
// interrupted run leaves nothing half written.
type Output struct {
	dir        string
	tree, page *output.File
	Tree       Stats
	Page       PageStats
}

// WriteOutput writes the tree of b and its page into dir (created if
// needed) under their temporary names, and returns the Output to commit.
// The builder is written (see Builder.Write).
func WriteOutput(dir string, b *Builder, page PageOptions) (*Output, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	o := &Output{dir: dir}
	var err error
	if o.tree, err = output.Open(filepath.Join(dir, TreeFile), nil); err != nil {
		return nil, err
	}
	if o.page, err = output.Open(filepath.Join(dir, PageFile), nil); err != nil {
		o.Abort()
		return nil, err
	}
	// The tree goes to a file of its own first: the page reads it (twice).
	tmp, err := os.CreateTemp(b.opt.TempDir, "xqtool-explorer-*.parquet")
	if err != nil {
		o.Abort()
		return nil, err
	}
	defer func() {
		tmp.Close()
		os.Remove(tmp.Name())
	}()
	if o.Tree, err = b.Write(tmp); err != nil {
		o.Abort()
		return nil, err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		o.Abort()
		return nil, err
	}
	t, err := NewTree(tmp)
	if err == nil {
		o.Page, err = WritePage(o.page, t, page)
	}
	if err == nil {
		_, err = tmp.Seek(0, io.SeekStart)
	}
	if err == nil {
		_, err = io.Copy(o.tree, tmp)
	}
	if err != nil {
		o.Abort()
		return nil, fmt.Errorf("explorer: %w", err)
	}
	return o, nil
}

// Commit moves the tree and the page into place.
func (o *Output) Commit() error {
	if err := o.tree.Commit(); err != nil {
		o.page.Abort()
		return err
	}
	return o.page.Commit()
}

// Abort removes the temporary files.
func (o *Output) Abort() {
	if o.tree != nil {
		o.tree.Abort()
	}
	if o.page != nil {
		o.page.Abort()
	}
}

// SinkOptions configures a Sink.
type SinkOptions struct {
	Tree Options
	Page PageOptions
	// Trees are trees (tree.parquet files) merged into the run's.
	Trees []string
}

// Sink builds the tree of a run's games (see Builder) and writes it with
// its page into a directory (see WriteOutput). Without Options.AllCopies
// only kept copies count, and which games are copies is known only once
// the whole input was read: the games (start position, first MaxPly moves,
// tags: tens of bytes each) are then held (pipeline.Held) until Finish.
type Sink struct {
	pipeline.NopSink
	dir   string
	opt   SinkOptions
	b     *Builder
	held  *pipeline.Held
	moves []board.Move
	buf   []byte
	out   *Output
}

// NewSink returns a sink that writes DIR/tree.parquet and DIR/index.html.
func NewSink(dir string, opt SinkOptions) *Sink {
	return &Sink{dir: dir, opt: opt}
}

// Start opens the builder, and holds the games when copies must wait for
// the verdicts.
func (s *Sink) Start(info pipeline.Info) error {
	if s.opt.Tree.TempDir == "" {
		s.opt.Tree.TempDir = info.TempDir
	}
	s.b = NewBuilder(s.opt.Tree)
	for _, t := range s.opt.Trees {
		if err := s.b.AddTree(t); err != nil {
			return err
		}
	}
	if s.opt.Tree.AllCopies || info.Duplicates.Off {
		return nil
	}
	var err error
	s.held, err = pipeline.NewHeld(info.TempDir)
	return err
}

// Game counts the game, or holds it until the verdicts.
func (s *Sink) Game(pg *pipeline.Game) error {
	g, ok := FromGame(pg, s.moves)
	s.moves = g.Moves
	if !ok {
		return nil // nothing to count
	}
	if s.held == nil {
		return s.b.Add(&g)
	}
	s.buf = appendGame(s.buf[:0], &g, s.b.opt.MaxPly)
	return s.held.Add(pg.Num(), s.buf)
}

// Finish counts the games held, each a copy or not by its verdict, and
// writes the tree and the page under temporary names.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	if s.held != nil {
		var g Game
		err := s.held.Each(v, func(rec []byte, _ int, d pipeline.Dup) error {
			if err := decodeGame(rec, &g); err != nil {
				return err
			}
			g.Copy = d.Kind != dedupe.None
			return s.b.Add(&g)
		})
		if err != nil {
			return err
		}
	}
	var err error
	s.out, err = WriteOutput(s.dir, s.b, s.opt.Page)
	return err
}

// Output returns what was written (after Finish).
func (s *Sink) Output() *Output { return s.out }

// Commit moves the tree and the page into place.
func (s *Sink) Commit() error {
	s.held.Close()
	s.b.Close()
	if s.out == nil {
		return nil
	}
	return s.out.Commit()
}

// Abort removes everything written.
func (s *Sink) Abort() {
	s.held.Close()
	if s.b != nil {
		s.b.Close()
	}
	if s.out != nil {
		s.out.Abort()
	}
}
