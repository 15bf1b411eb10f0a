package report

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/pipeline"
)

// ListOptions selects the lines of a List.
type ListOptions struct {
	// Warnings lists the flags of severity warning too, not only the
	// errors.
	Warnings bool
	// Max is the most lines written (0: no limit); the others are only
	// counted, and a last line says how many there were.
	Max int
	// More is what the last line suggests to see the others ("--list
	// all").
	More string
}

// Errors of ParseList, wrapped with the value given.
var (
	ErrListKind = errors.New("--list must be errors, warnings, all or none")
	ErrListMax  = errors.New("--list-max must be at least 0 (0: no limit)")
)

// ParseList returns the options of validate's --list kind (errors,
// warnings, all or none) and --list-max max, and whether lines are
// listed at all (not for none).
func ParseList(kind string, max int) (opt ListOptions, on bool, err error) {
	opt = ListOptions{Max: max, More: "--list all"}
	switch kind {
	case "errors":
	case "warnings":
		opt.Warnings = true
	case "all":
		opt.Warnings, opt.Max = true, 0
	case "none":
	default:
		return opt, false, fmt.Errorf("%w, got %q", ErrListKind, kind)
	}
	if max < 0 {
		return opt, false, fmt.Errorf("%w, got %d", ErrListMax, max)
	}
	return opt, kind != "none", nil
}

// List is a sink writing one text line per flag of severity error (and,
// with ListOptions.Warnings, warning), in input order:
//
//	source#game  state  code  ply  detail
//
// where game counts from 1 in its source and state is the game's. It
// lists the flags raised while reading the games (those of validate: the
// flags of duplicate detection, raised later, are information).
type List struct {
	pipeline.NopSink
	w       io.Writer
	opt     ListOptions
	written int
	more    int
}

// NewList returns a List writing to w.
func NewList(w io.Writer, opt ListOptions) *List {
	return &List{w: w, opt: opt}
}

// Game writes the lines of the game's flags.
func (l *List) Game(g *pipeline.Game) error {
	for _, f := range g.Flags() {
		if f.Severity != flags.Error && (!l.opt.Warnings || f.Severity != flags.Warning) {
			continue
		}
		if l.opt.Max > 0 && l.written >= l.opt.Max {
			l.more++
			continue
		}
		l.written++
		_, err := fmt.Fprintf(l.w, "%s#%d  %s  %s  %d  %s\n", oneLine(g.Source()), g.Index()+1, g.Status(), f.Code, f.Ply, oneLine(f.Detail))
		if err != nil {
			return err
		}
	}
	return nil
}

// Commit writes the line of the flags left out, if any.
func (l *List) Commit() error {
	if l.more == 0 {
		return nil
	}
	more := ""
	if l.opt.More != "" {
		more = " (" + l.opt.More + ")"
	}
	_, err := fmt.Fprintf(l.w, "… and %d more%s\n", l.more, more)
	return err
}

// Lines is the number of flags the list met (written or counted).
func (l *List) Lines() int { return l.written + l.more }

// oneLine replaces the line breaks and tabs of s by spaces: a detail or a
// file name stays on its line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n\t") {
		return s
	}
	return strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ", "\t", " ").Replace(s)
}
