package pipeline

import "encoding/binary"

// Held is how a sink holds what it wrote of the games of a run until
// their verdicts (Sink.Finish): a record for a game (Add), or for
// something else at its place among them (AddOther, such as the line of
// a file without games), in a Spool in input order; Each gives every
// record back with its game's verdict. It is the one mechanism of the
// sinks whose outputs the verdicts complete (flags, state, fills, copies
// left out). A sink holds when its outputs depend on what comes after the
// pass: Info.Late (flags and states may grow) or Duplicates.Rewrites
// (games left out, tags filled). A nil *Held holds nothing.
type Held struct {
	spool *Spool
	buf   []byte
}

// NewHeld starts holding, in a temporary file in dir ("" for the
// system's temporary directory).
func NewHeld(dir string) (*Held, error) {
	sp, err := NewSpool(dir)
	if err != nil {
		return nil, err
	}
	return &Held{spool: sp}, nil
}

// HoldIfLate starts holding for a sink whose outputs wait for the flags
// that come after the pass (Info.Late), in the run's temporary
// directory; nil, which holds nothing, when none come.
func (i Info) HoldIfLate() (*Held, error) {
	if !i.Late() {
		return nil, nil
	}
	return NewHeld(i.TempDir)
}

// Add holds rec, what the sink wrote of game num (Game.Num).
func (h *Held) Add(num int, rec []byte) error { return h.add(num+1, rec) }

// AddOther holds rec, a record of no game, at its place.
func (h *Held) AddOther(rec []byte) error { return h.add(0, rec) }

func (h *Held) add(tag int, rec []byte) error {
	h.buf = append(AppendUvarint(h.buf[:0], tag), rec...)
	return h.spool.Append(h.buf)
}

// Each calls fn with every record held, in order: its bytes (valid
// during the call), its game's number and verdict (v.Of), or num −1 and
// the zero Dup for a record of no game. It stops at fn's first error.
func (h *Held) Each(v *Verdicts, fn func(rec []byte, num int, d Dup) error) error {
	return h.spool.Each(func(b []byte) error {
		tag, n := binary.Uvarint(b)
		if n <= 0 || tag > 1<<40 {
			return ErrSpool
		}
		if tag == 0 {
			return fn(b[n:], -1, Dup{})
		}
		num := int(tag - 1)
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		return fn(b[n:], num, d)
	})
}

// Close removes the held records; a nil Held has nothing to remove.
func (h *Held) Close() error {
	if h == nil {
		return nil
	}
	return h.spool.Close()
}
