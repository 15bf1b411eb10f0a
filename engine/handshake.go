package engine

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// handshake runs "uci"/"ucci" up to "uciok"/"ucciok", sets the options and
// waits for "readyok", all within the handshake timeout.
func (e *Engine) handshake(ctx context.Context) error {
	deadline := time.Now().Add(e.cfg.handshakeTimeout())
	hello, ok := "uci", "uciok"
	if e.proto == UCCI {
		hello, ok = "ucci", "ucciok"
	}
	e.offered = map[string]string{}
	if err := e.send(hello); err != nil {
		return e.notEngine(ok, err)
	}
	err := e.await(ctx, deadline, func(w []string) (bool, error) {
		switch w[0] {
		case ok:
			return true, nil
		case "id":
			if len(w) >= 3 {
				text := strings.ToValidUTF8(strings.Join(w[2:], " "), "?")
				switch w[1] {
				case "name":
					e.name = text
				case "author":
					e.author = text
				}
			}
			return false, nil
		case "option":
			if name := optionName(w[1:], e.proto); name != "" {
				e.offered[strings.ToLower(name)] = name
				if e.proto == UCI && strings.EqualFold(name, "Threads") {
					e.threads = optionDefault(w[1:])
				}
			}
			return false, nil
		}
		return false, errStray
	})
	if err != nil {
		return e.notEngine(ok, err)
	}
	if e.name == "" {
		e.name = e.label
	} else {
		e.label = e.name
	}
	if e.ranks == RanksAuto {
		e.ranks = Ranks09
		if strings.HasPrefix(e.name, "Fairy-Stockfish") {
			e.ranks = Ranks110
		}
	}
	if err := e.checkOptions(); err != nil {
		return err
	}
	var cmds []string
	if e.proto == UCCI {
		if _, has := e.offered["usemillisec"]; has {
			cmds = append(cmds, "setoption usemillisec true")
			e.millisec = true
		}
	}
	for _, o := range e.cfg.Options {
		name := e.offered[strings.ToLower(o.Name)]
		if strings.EqualFold(name, "Threads") {
			e.threads = o.Value
		}
		if e.proto == UCI {
			cmd := "setoption name " + name
			if o.Value != "" {
				cmd += " value " + o.Value
			}
			cmds = append(cmds, cmd)
		} else {
			cmds = append(cmds, strings.TrimSpace("setoption "+name+" "+o.Value))
		}
	}
	cmds = append(cmds, "isready")
	if err := e.send(cmds...); err != nil {
		return e.wrap("setoption", "", err)
	}
	err = e.await(ctx, deadline, func(w []string) (bool, error) {
		switch w[0] {
		case "readyok":
			return true, nil
		case "info":
			// Fairy-Stockfish says "info string variant xiangqi …".
			return false, nil
		}
		return false, errStray
	})
	if err != nil {
		return e.wrap("setoption", "", err)
	}
	return nil
}

// notEngine words a failed handshake: whatever went wrong, the program is
// not an engine of the protocol (or not a working one).
func (e *Engine) notEngine(ok string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return e.fail("handshake", "", err, "")
	}
	var pe *protoError
	detail := err.Error()
	if errors.As(err, &pe) {
		switch pe.err {
		case ErrDied:
			detail = "no " + ok + ": " + pe.detail
		case ErrTimeout:
			detail = fmt.Sprintf("no %s within %s", ok, e.cfg.handshakeTimeout())
		default:
			detail = "no " + ok + ": " + pe.detail
		}
	}
	return e.fail("handshake", "", ErrNotEngine, detail)
}

// checkOptions refuses options the engine did not declare (a typo would
// otherwise be ignored silently, and the evaluations labelled with an option
// that never took effect), and Fairy-Stockfish without UCI_Variant, which
// would read xiangqi positions as chess.
func (e *Engine) checkOptions() error {
	hasVariant := false
	for _, o := range e.cfg.Options {
		if _, has := e.offered[strings.ToLower(o.Name)]; !has {
			names := make([]string, 0, len(e.offered))
			for _, n := range e.offered {
				names = append(names, n)
			}
			sort.Strings(names)
			return e.fail("setoption", "", ErrOption, fmt.Sprintf("the engine has no option %q (it has: %s)", o.Name, strings.Join(names, ", ")))
		}
		if strings.EqualFold(o.Name, "UCI_Variant") {
			hasVariant = true
			if !strings.EqualFold(o.Value, "xiangqi") {
				return e.fail("setoption", "", ErrOption, fmt.Sprintf("UCI_Variant %q is not xiangqi", o.Value))
			}
		}
	}
	if strings.HasPrefix(e.name, "Fairy-Stockfish") && !hasVariant {
		return e.fail("setoption", "", ErrOption, "Fairy-Stockfish plays chess unless told: add the option UCI_Variant=xiangqi")
	}
	return nil
}
