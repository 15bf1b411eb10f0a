package pipeline

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/spill"
)

// passStates holds each game's state and set of codes after the pass,
// by number, for the verdicts (Dup.State) and the summary's tally: a
// temporary file of fixed-width entries (passStateWidth bytes a game),
// appended during the pass and read back through a window, so that the
// run's memory does not grow with its games. The file is created with
// the first game.
type passStates struct {
	dir string
	f   *spill.Fixed
	e   [passStateWidth]byte
}

// passStateWidth is an entry: the state (1 byte), the codes (8 bytes,
// little endian).
const passStateWidth = 9

// passStateWindow is the number of entries read at a time (36 KB).
const passStateWindow = 4096

// byteStatus are the states by their byte in an entry.
var byteStatus = [...]analyze.Status{analyze.StatusOK, analyze.StatusWarning, analyze.StatusError}

// add appends the state and codes of the next game.
func (p *passStates) add(st analyze.Status, codes codeSet) error {
	if p.f == nil {
		f, err := spill.CreateFixed(p.dir, "states", passStateWidth, passStateWindow)
		if err != nil {
			return fmt.Errorf("pipeline: %w", err)
		}
		p.f = f
	}
	b := slices.Index(byteStatus[:], st)
	if b < 0 {
		return fmt.Errorf("pipeline: game state %q", st)
	}
	p.e[0] = byte(b)
	binary.LittleEndian.PutUint64(p.e[1:], uint64(codes))
	if err := p.f.Append(p.e[:]); err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	return nil
}

// at returns the state and codes of game num.
func (p *passStates) at(num int) (analyze.Status, codeSet, error) {
	var e []byte
	var err error
	if p.f != nil {
		e, err = p.f.Get(num)
	}
	if err != nil {
		return "", 0, fmt.Errorf("pipeline: %w", err)
	}
	if len(e) != passStateWidth || int(e[0]) >= len(byteStatus) {
		return "", 0, fmt.Errorf("pipeline: no state of game %d: %w", num, spill.ErrCorrupt)
	}
	return byteStatus[e[0]], codeSet(binary.LittleEndian.Uint64(e[1:])), nil
}

// close removes the file.
func (p *passStates) close() error { return p.f.Close() }
