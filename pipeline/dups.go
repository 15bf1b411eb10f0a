package pipeline

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/tagnorm"
)

// Duplicates configures duplicate detection (package dedupe).
type Duplicates struct {
	// Off turns detection off: every Dup is the zero value.
	Off bool
	// MinPlies is the shortest main line that counts as a prefix or
	// mirror copy (0: dedupe.DefaultMinPlies).
	MinPlies int
	// KeptOnly leaves the copies out of the outputs (Dup.Drop).
	KeptOnly bool
	// FillTags fills the kept copies' empty tags from their copies
	// (Dup.Fills).
	FillTags bool
}

// Rewrites reports whether the verdicts change more of an output than the
// flags of its games: games left out or tags filled. A sink that writes
// a game's text during the pass must then hold it until Finish.
func (d Duplicates) Rewrites() bool { return !d.Off && (d.KeptOnly || d.FillTags) }

// Dup is what duplicate detection says of one game once the whole input
// was read: its cluster and kept copy, the flags this adds, the tags it
// fills.
type Dup struct {
	// Kind is how the game copies its cluster's kept copy; dedupe.None for
	// the kept copy itself or a game without copies.
	Kind dedupe.Kind
	// Kept is the cluster's kept copy when Kind is not None.
	Kept dedupe.Ref
	// Flags are the flags the verdict adds, after the game's own:
	// duplicate or near_duplicate for a copy, tags_filled for a kept copy
	// whose tags were filled; then the annotators' (see Annotator).
	Flags []flags.Flag
	// Fills are the kept copy's empty tags filled from its copies
	// (Duplicates.FillTags), in dedupe.TagNames order.
	Fills []dedupe.Fill
	// Drop is true for a copy left out of the outputs
	// (Duplicates.KeptOnly).
	Drop bool
	// Notes are the annotators' findings about the game (see Annotator),
	// given to the sinks that finish after them.
	Notes []Note
	// State is the game's final state, decided once for every output
	// (see FinalState): from its own flags (its state after the pass,
	// Game.Status) and Flags. An annotator asking before the annotators
	// have finished gets the state without their flags.
	State analyze.Status
}

// FinalState decides a game's state from its final flags: pass is the
// state its own flags give (Game.Status, analyze.StatusOf of them), late
// the flags the verdicts add after the pass (duplicate detection's, the
// annotators'). It is the one place a state is decided after the pass:
// every output (summary, report lines, page, datasets) writes the value
// it gives, through Dup.State.
func FinalState(pass analyze.Status, late []flags.Flag) analyze.Status {
	if st := analyze.StatusOf(late); st.Worse(pass) {
		return st
	}
	return pass
}

// Note returns the value of the note key, "" when there is none.
func (d Dup) Note(key string) string {
	for _, n := range d.Notes {
		if n.Key == key {
			return n.Value
		}
	}
	return ""
}

// ClusterID is the game_id of the game's cluster: its kept copy's, or
// own (the game's own id) for a kept copy or a game without copies.
func (d Dup) ClusterID(own string) string {
	if d.Kind == dedupe.None {
		return own
	}
	return d.Kept.ID
}

// DuplicateOf names the kept copy as source#N (N 1-based), "" for a kept
// copy or a game without copies.
func (d Dup) DuplicateOf() string {
	if d.Kind == dedupe.None {
		return ""
	}
	return d.Kept.Source + "#" + strconv.Itoa(d.Kept.Index+1)
}

// FillTags returns tags with the filled values set (tags itself when
// nothing is filled; otherwise a copy).
func (d Dup) FillTags(tags parse.Tags) parse.Tags {
	if len(d.Fills) == 0 {
		return tags
	}
	out := append(parse.Tags(nil), tags...)
	for _, f := range d.Fills {
		out.Set(f.Name, f.Value)
	}
	return out
}

// Result returns the declared result after the fills: a filled Result
// tag, else declared.
func (d Dup) Result(declared string) string {
	for _, f := range d.Fills {
		if f.Name == "Result" {
			return f.Value
		}
	}
	return declared
}

// Verdicts gives the Dup of every game of the run, once the pass is over
// (Sink.Finish). Games are numbered in input order (Game.Num).
type Verdicts struct {
	ix         *dedupe.Index // nil when detection is off
	opt        Duplicates
	n          int
	ctx        context.Context
	seen       func(num int) // progress
	annotators []Annotator
	annotated  bool // the annotators have finished: Of adds their notes
	// states holds each game's state after the pass (Game.Status).
	states *passStates
}

// Len is the number of games of the run.
func (v *Verdicts) Len() int { return v.n }

// Context returns the run's context: a sink whose Finish does long work
// (an engine search over every position) ends it when the run is
// cancelled (Ctrl-C), and returns the context's error.
func (v *Verdicts) Context() context.Context {
	if v.ctx == nil {
		return context.Background()
	}
	return v.ctx
}

// Of returns the Dup of game num.
func (v *Verdicts) Of(num int) (Dup, error) {
	d, err := v.of(num, true)
	if err == nil && v.annotated {
		for _, a := range v.annotators {
			an := a.Annotate(num)
			d.Notes = append(d.Notes, an.Notes...)
			d.Flags = append(d.Flags, an.Flags...)
		}
	}
	if err != nil {
		return d, err
	}
	st, _, err := v.states.at(num)
	d.State = FinalState(st, d.Flags)
	return d, err
}

// Copies returns what duplicate detection says of game num without the
// flags, the annotators' notes or the state: Kind, Kept, Fills and Drop,
// as Of gives them. It is for an annotator that completes its games with
// their clusters and fills (Of writes each copy's flag detail, text a
// sink that does not write flags does not need).
func (v *Verdicts) Copies(num int) (Dup, error) { return v.of(num, false) }

// of returns the verdict of duplicate detection on game num, with the
// flags it adds when withFlags.
func (v *Verdicts) of(num int, withFlags bool) (Dup, error) {
	if num < 0 || num >= v.n {
		return Dup{}, errors.New("pipeline: no game " + strconv.Itoa(num))
	}
	if num&1023 == 1023 && v.ctx != nil {
		if err := v.ctx.Err(); err != nil {
			return Dup{}, err
		}
	}
	if v.seen != nil {
		v.seen(num)
	}
	if v.ix == nil {
		return Dup{}, nil
	}
	vd, err := v.ix.Verdict(num)
	if err != nil {
		return Dup{}, err
	}
	d := Dup{Kind: vd.Kind}
	if vd.Kind != dedupe.None {
		d.Kept = vd.KeptRef
		if withFlags {
			f, _ := vd.Flag()
			d.Flags = []flags.Flag{f}
		}
		d.Drop = v.opt.KeptOnly
		return d, nil
	}
	if f, ok := vd.FillFlag(); ok {
		d.Fills = vd.Fills
		if withFlags {
			d.Flags = []flags.Flag{f}
		}
	}
	return d, nil
}

// dupRun is duplicate detection during a run.
type dupRun struct {
	ix  *dedupe.Index
	buf []board.Move
}

func newDupRun(opt Duplicates, tempDir string) *dupRun {
	return &dupRun{ix: dedupe.New(dedupe.Options{
		MinPlies: opt.MinPlies, FillTags: opt.FillTags, SameName: tagnorm.ScriptSplit, TempDir: tempDir,
	})}
}

// add adds a game in input order.
func (d *dupRun) add(g *Game) error {
	dg := dedupeGame(g.report, g.id, g.result, d.buf)
	d.buf = dg.Moves
	_, err := d.ix.Add(&dg)
	return err
}

// dedupeGame returns the dedupe.Game of an analysed record. Its moves are
// appended to buf[:0]. The Result tag counts as non-empty when a result
// is declared. A games.parquet row gives the same Game (dedupe.FromRow).
func dedupeGame(r *analyze.Report, id, result string, buf []board.Move) dedupe.Game {
	g := dedupe.Game{Moves: buf[:0], ID: id}
	if rec := r.Record; rec != nil {
		g.Source, g.Index = rec.Source, rec.Index
		for i, name := range dedupe.TagNames[:6] {
			g.Tags[i] = rec.Tags.Value(name)
		}
	}
	if result != analyze.ResultUnknown {
		g.Tags[6], g.Result = result, true
	}
	g.Clean = flags.Worst(r.Flags) != flags.Error
	// A game's line is whole when nothing stopped it: no failure in its
	// replay, and no flag that stops a line (a dataset's game replays its
	// stored valid prefix; its flags say where the record stopped).
	if gm := r.Game; gm != nil && gm.HasStart && gm.Fail == nil && !endsLine(r.Flags) {
		g.Complete = true
		g.Start = gm.Start.Setup()
		g.Moves = slices.Grow(g.Moves, len(gm.Plies))[:len(gm.Plies)]
		for i := range g.Moves {
			g.Moves[i] = gm.Plies[i].Move
		}
	}
	return g
}

// endsLine reports whether a flag stops the main line before its end.
func endsLine(fs []flags.Flag) bool {
	for _, f := range fs {
		if f.Code.Ends() {
			return true
		}
	}
	return false
}
