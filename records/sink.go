package records

import (
	"bytes"
	"encoding/binary"
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
// duplicate detection may drop games or fill tags, the games wait in a
// spool until the verdicts are known.
type PGNSink struct {
	pipeline.NopSink
	out    *output.File
	n      Notation
	spool  *pipeline.Spool
	buf    []byte
	failed Failures
}

// NewPGNSink returns a sink writing PGN in notation n to out.
func NewPGNSink(out *output.File, n Notation) *PGNSink {
	return &PGNSink{out: out, n: n}
}

// Failed returns the games that could not be written.
func (s *PGNSink) Failed() Failures { return s.failed }

// Start opens the spool when the verdicts rewrite games.
func (s *PGNSink) Start(info pipeline.Info) error {
	if !info.Duplicates.Rewrites() {
		return nil
	}
	var err error
	s.spool, err = pipeline.NewSpool(info.TempDir)
	return err
}

// Game writes (or holds) one game.
func (s *PGNSink) Game(g *pipeline.Game) error {
	if err := gameError(g); err != nil {
		s.failed.add(g, err)
		return nil
	}
	p, err := NewPGN(g, s.n)
	if err != nil {
		return err
	}
	if s.spool == nil {
		return p.Write(s.out, nil)
	}
	s.buf = p.appendTo(binary.AppendUvarint(s.buf[:0], uint64(g.Num())))
	return s.spool.Append(s.buf)
}

// Finish writes the games held, completed with their verdicts.
func (s *PGNSink) Finish(v *pipeline.Verdicts) error {
	if s.spool == nil {
		return nil
	}
	if err := s.spool.Rewind(); err != nil {
		return err
	}
	for {
		b, err := s.spool.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		num, n := binary.Uvarint(b)
		if n <= 0 {
			return pipeline.ErrSpool
		}
		var p PGN
		if err := p.decode(b[n:]); err != nil {
			return err
		}
		d, err := v.Of(int(num))
		if err != nil {
			return err
		}
		if d.Drop {
			continue
		}
		if err := p.Write(s.out, d.Fills); err != nil {
			return err
		}
	}
}

// Commit completes the file.
func (s *PGNSink) Commit() error {
	s.close()
	return s.out.Commit()
}

// Abort removes the file.
func (s *PGNSink) Abort() {
	s.close()
	s.out.Abort()
}

func (s *PGNSink) close() {
	if s.spool != nil {
		s.spool.Close()
		s.spool = nil
	}
}

// appendTo encodes p after b.
func (p *PGN) appendTo(b []byte) []byte {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(p.Tags)))
	for _, t := range p.Tags {
		str(t.Name)
		str(t.Value)
	}
	str(p.Result)
	str(p.FEN)
	str(string(p.n))
	b = binary.AppendUvarint(b, uint64(p.col))
	str(string(p.body))
	return b
}

// decode reads what appendTo wrote.
func (p *PGN) decode(b []byte) error {
	bad := false
	num := func() int {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > uint64(len(b))+1<<20 {
			bad = true
			return 0
		}
		b = b[n:]
		return int(v)
	}
	str := func() string {
		l := num()
		if bad || l > len(b) {
			bad = true
			return ""
		}
		s := string(b[:l])
		b = b[l:]
		return s
	}
	nt := num()
	if bad || nt > len(b) {
		return pipeline.ErrSpool
	}
	p.Tags = make(parse.Tags, nt)
	for i := range p.Tags {
		p.Tags[i] = parse.Tag{Name: str(), Value: str()}
	}
	p.Result, p.FEN, p.n = str(), str(), Notation(str())
	p.col = num()
	p.body = []byte(str())
	if bad || len(b) != 0 {
		return pipeline.ErrSpool
	}
	return nil
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
}

type xqfFile struct {
	num int
	id  string
}

// NewXQFSink returns a sink writing into dir, which is created if needed.
func NewXQFSink(dir string) (*XQFSink, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(dir, ".convert-tmp-")
	if err != nil {
		return nil, err
	}
	return &XQFSink{dir: dir, tmp: tmp}, nil
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

// Abort removes the files written.
func (s *XQFSink) Abort() { os.RemoveAll(s.tmp) }
