package records

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// Failures lists the games a sink could not write: an unreadable record,
// a game XQF cannot hold.
type Failures struct {
	N     int
	First []string // the first few, "source#N: why"
}

// Write writes the count of the games not written, then the first few,
// one a line, indented, and how many more there are.
func (f Failures) Write(w io.Writer) {
	fmt.Fprintf(w, "%d game(s) not converted\n", f.N)
	for _, s := range f.First {
		fmt.Fprintf(w, "  %s\n", s)
	}
	if f.N > len(f.First) {
		fmt.Fprintf(w, "  … and %d more\n", f.N-len(f.First))
	}
}

// maxListed bounds Failures.First.
const maxListed = 20

func (f *Failures) add(g *pipeline.Game, err error) {
	f.N++
	if len(f.First) < maxListed {
		f.First = append(f.First, fmt.Sprintf("%s#%d: %v", g.Source(), g.Index()+1, err))
	}
}

// gameError returns the error that keeps g from being written: its
// record could not be read.
func gameError(g *pipeline.Game) error {
	if err := g.Report().ReadErr; err != nil {
		var pe *parse.Error
		if errors.As(err, &pe) {
			// The source is named by the failure already.
			return fmt.Errorf("%v: %w", pe.Pos, pe.Err)
		}
		return err
	}
	return nil
}

// PGNSink writes the games of a run as one PGN file (see WritePGN). When
// duplicate detection may drop games or fill tags, the games are held
// (pipeline.Held) until the verdicts are known.
type PGNSink struct {
	pipeline.NopSink
	// Notes, when set, gives the notes of each game's main line (see
	// NewAnnotatedPGN), during Game.
	Notes func(g *pipeline.Game) ([]PlyNote, error)

	out    *output.File
	n      Notation
	held   *pipeline.Held
	buf    []byte
	failed Failures
}

// NewPGNSink returns a sink writing PGN in notation n to out.
func NewPGNSink(out *output.File, n Notation) *PGNSink {
	return &PGNSink{out: out, n: n}
}

// Failed returns the games that could not be written.
func (s *PGNSink) Failed() Failures { return s.failed }

// Start holds the games when the verdicts rewrite them.
func (s *PGNSink) Start(info pipeline.Info) error {
	if !info.Duplicates.Rewrites() {
		return nil
	}
	var err error
	s.held, err = pipeline.NewHeld(info.TempDir)
	return err
}

// Game writes (or holds) one game.
func (s *PGNSink) Game(g *pipeline.Game) error {
	if err := gameError(g); err != nil {
		s.failed.add(g, err)
		return nil
	}
	var notes []PlyNote
	if s.Notes != nil {
		var err error
		if notes, err = s.Notes(g); err != nil {
			return err
		}
	}
	p, err := NewAnnotatedPGN(g, s.n, notes)
	if err != nil {
		return err
	}
	if s.held == nil {
		return p.Write(s.out, nil)
	}
	s.buf = p.appendTo(s.buf[:0])
	return s.held.Add(g.Num(), s.buf)
}

// Finish writes the games held, completed with their verdicts.
func (s *PGNSink) Finish(v *pipeline.Verdicts) error {
	if s.held == nil {
		return nil
	}
	return s.held.Each(v, func(b []byte, _ int, d pipeline.Dup) error {
		if d.Drop {
			return nil
		}
		var p PGN
		if err := p.decode(b); err != nil {
			return err
		}
		return p.Write(s.out, d.Fills)
	})
}

// Commit completes the file.
func (s *PGNSink) Commit() error {
	s.held.Close()
	return s.out.Commit()
}

// Abort removes the file.
func (s *PGNSink) Abort() {
	s.held.Close()
	s.out.Abort()
}

// appendTo encodes p after b.
func (p *PGN) appendTo(b []byte) []byte {
	b = pipeline.AppendUvarint(b, len(p.Tags))
	for _, t := range p.Tags {
		b = pipeline.AppendString(pipeline.AppendString(b, t.Name), t.Value)
	}
	for _, s := range []string{p.Result, p.FEN, string(p.n)} {
		b = pipeline.AppendString(b, s)
	}
	b = pipeline.AppendUvarint(b, p.col)
	return pipeline.AppendString(b, string(p.body))
}

// decode reads what appendTo wrote.
func (p *PGN) decode(b []byte) error {
	d := pipeline.NewDecoder(b)
	for n := d.Uvarint(); n > 0 && !d.Failed(); n-- {
		p.Tags = append(p.Tags, parse.Tag{Name: d.String(), Value: d.String()})
	}
	p.Result, p.FEN, p.n = d.String(), d.String(), Notation(d.String())
	p.col = d.Uvarint()
	p.body = []byte(d.String())
	return d.Err()
}

// XQFSink writes every game of a run as an XQF file of its own,
// DIR/<game_id>.xqf (see WriteXQF). The files are written into a
// temporary directory inside DIR and moved into place by Commit; copies
// that duplicate detection leaves out are removed and filled tags are
// written into the files before that.
type XQFSink struct {
	pipeline.NopSink
	dir     string
	tmp     string
	rewrite bool
	written []xqfFile // with rewrite: the files written, in input order
	failed  Failures
	created output.Dirs
}

type xqfFile struct {
	num int
	id  string
}

// NewXQFSink returns a sink writing into dir, which is created if needed.
func NewXQFSink(dir string) (*XQFSink, error) {
	tmp, created, err := output.MkdirTemp(dir, ".convert-tmp-")
	if err != nil {
		return nil, err
	}
	return &XQFSink{dir: dir, tmp: tmp, created: created}, nil
}

// Failed returns the games that could not be written.
func (s *XQFSink) Failed() Failures { return s.failed }

// Start notes whether the verdicts rewrite games.
func (s *XQFSink) Start(info pipeline.Info) error {
	s.rewrite = info.Duplicates.Rewrites()
	return nil
}

// Game writes one game's file.
func (s *XQFSink) Game(g *pipeline.Game) error {
	if err := gameError(g); err != nil {
		s.failed.add(g, err)
		return nil
	}
	var buf bytes.Buffer
	if err := WriteXQF(&buf, g); err != nil {
		s.failed.add(g, err)
		return nil
	}
	if err := os.WriteFile(filepath.Join(s.tmp, g.ID()+".xqf"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	if s.rewrite {
		s.written = append(s.written, xqfFile{g.Num(), g.ID()})
	}
	return nil
}

// Finish removes the copies left out and writes the filled tags.
func (s *XQFSink) Finish(v *pipeline.Verdicts) error {
	for _, f := range s.written {
		d, err := v.Of(f.num)
		if err != nil {
			return err
		}
		path := filepath.Join(s.tmp, f.id+".xqf")
		switch {
		case d.Drop:
			if err := os.Remove(path); err != nil {
				return err
			}
		case len(d.Fills) > 0:
			if err := fillXQF(path, d.Fills); err != nil {
				return err
			}
		}
	}
	s.written = nil
	return nil
}

// fillXQF sets tags in a written XQF file.
func fillXQF(path string, fills []dedupe.Fill) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	rec, err := parse.NewXQFReader(bytes.NewReader(data), int64(len(data)), path).Next()
	if err != nil {
		return fmt.Errorf("records: reading back %s: %w", path, err)
	}
	for _, f := range fills {
		rec.Tags.Set(f.Name, f.Value)
		if f.Name == parse.TagResult {
			rec.Result = f.Value
		}
	}
	var buf bytes.Buffer
	if err := parse.WriteXQF(&buf, rec); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// Commit moves the files into place (replacing files of the same name).
func (s *XQFSink) Commit() error {
	entries, err := os.ReadDir(s.tmp)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	for _, n := range names {
		if !strings.HasSuffix(n, ".xqf") {
			continue
		}
		if err := os.Rename(filepath.Join(s.tmp, n), filepath.Join(s.dir, n)); err != nil {
			return err
		}
	}
	return os.RemoveAll(s.tmp)
}

// Abort removes the files written, and the directories NewXQFSink made.
func (s *XQFSink) Abort() {
	os.RemoveAll(s.tmp)
	s.created.Remove()
}
