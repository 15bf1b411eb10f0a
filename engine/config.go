package engine

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Option is one engine option, set after the handshake in the order given.
type Option struct {
	Name, Value string
}

// ParseOption reads "Name=Value" (the name may contain spaces, as UCI
// option names do: "Skill Level=20"; a button has no value: "Clear Hash=").
func ParseOption(s string) (Option, error) {
	name, value, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return Option{}, fmt.Errorf("engine: option %q is not Name=Value", s)
	}
	if strings.ContainsAny(name+value, "\r\n") {
		return Option{}, fmt.Errorf("engine: option %q spans lines", s)
	}
	return Option{Name: name, Value: strings.TrimSpace(value)}, nil
}

func (o Option) String() string { return o.Name + "=" + o.Value }

// Limits bound one search. At least one must be set. UCI engines take them
// together (the search stops at the first reached); UCCI's "go" takes one
// mode only, so a UCCI engine gets exactly one.
type Limits struct {
	Depth    int           // plies
	Nodes    int64         // nodes searched
	MoveTime time.Duration // wall time (non-deterministic: results vary run to run)
}

// String returns the limits as a "go" command's arguments in UCI
// ("depth 8", "nodes 100000 movetime 100"): the form stored with every
// evaluation, so equal strings mean equal limits.
func (l Limits) String() string {
	var parts []string
	if l.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, "nodes "+strconv.FormatInt(l.Nodes, 10))
	}
	if l.MoveTime > 0 {
		parts = append(parts, "movetime "+strconv.FormatInt(l.MoveTime.Milliseconds(), 10))
	}
	return strings.Join(parts, " ")
}

// goCommand returns the "go" line for the protocol. UCCI's time mode counts
// in milliseconds when the engine offers usemillisec (it is switched on at
// the handshake), else in seconds (rounded up).
func (l Limits) goCommand(proto Protocol, millisec bool) string {
	if proto == UCI {
		return "go " + l.String()
	}
	switch {
	case l.Depth > 0:
		return "go depth " + strconv.Itoa(l.Depth)
	case l.Nodes > 0:
		return "go nodes " + strconv.FormatInt(l.Nodes, 10)
	}
	if millisec {
		return "go time " + strconv.FormatInt(l.MoveTime.Milliseconds(), 10)
	}
	return "go time " + strconv.FormatInt(int64((l.MoveTime+time.Second-1)/time.Second), 10)
}

// Config says how to run an engine.
type Config struct {
	// Command is the program and its arguments, e.g.
	// ["node", "--no-experimental-fetch", ".../uci.js"] or ["./pikafish"].
	Command []string
	// Env is added to the engine's environment ("NAME=value").
	Env []string
	// Dir is the engine's working directory ("": the caller's). Pikafish
	// finds a relative EvalFile from there.
	Dir string
	// Protocol is UCI (the default), UCCI or Auto.
	Protocol Protocol
	// Options are set in order after the handshake; each must be one the
	// engine declared.
	Options []Option
	// Limits bound every search.
	Limits Limits
	// Ranks is how the engine numbers ranks in its moves (RanksAuto:
	// 1–10 for Fairy-Stockfish, 0–9 for the others).
	Ranks Ranks
	// HandshakeTimeout bounds the start: from launch to uciok/ucciok and
	// readyok after the options (0: 30 s; Node.js and a WebAssembly engine
	// take a second or two).
	HandshakeTimeout time.Duration
	// Deadline bounds one search, from the position sent to bestmove (0:
	// twice the move time plus 10 s with a move time, else 60 s). An engine
	// past it is killed.
	Deadline time.Duration
	// Stderr receives the engine's standard error (nil: only its last
	// lines are kept, for error messages).
	Stderr io.Writer
}

// Validate reports a configuration that cannot work.
func (c Config) Validate() error {
	if len(c.Command) == 0 || c.Command[0] == "" {
		return fmt.Errorf("engine: no command")
	}
	switch c.Protocol {
	case "", UCI, UCCI, Auto:
	default:
		return fmt.Errorf("engine: unknown protocol %q (uci, ucci or auto)", c.Protocol)
	}
	l := c.Limits
	if l.Depth < 0 || l.Nodes < 0 || l.MoveTime < 0 {
		return fmt.Errorf("engine: negative limit (%s)", l)
	}
	set := 0
	for _, on := range []bool{l.Depth > 0, l.Nodes > 0, l.MoveTime > 0} {
		if on {
			set++
		}
	}
	if set == 0 {
		return fmt.Errorf("engine: no search limit (depth, nodes or movetime)")
	}
	if set > 1 && c.Protocol == UCCI {
		return fmt.Errorf("engine: a UCCI engine takes one limit (depth, nodes or movetime), not %q", l)
	}
	if l.MoveTime > 0 && l.MoveTime < time.Millisecond {
		return fmt.Errorf("engine: movetime under a millisecond")
	}
	return nil
}

func (c Config) protocol() Protocol {
	if c.Protocol == "" {
		return UCI
	}
	return c.Protocol
}

func (c Config) handshakeTimeout() time.Duration {
	if c.HandshakeTimeout > 0 {
		return c.HandshakeTimeout
	}
	return 30 * time.Second
}

func (c Config) deadline() time.Duration {
	if c.Deadline > 0 {
		return c.Deadline
	}
	if c.Limits.MoveTime > 0 {
		return 2*c.Limits.MoveTime + 10*time.Second
	}
	return 60 * time.Second
}
