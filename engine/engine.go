package engine

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/xqtool/xqtool/board"
)

// Bounds on what an engine may print.
const (
	maxLine  = 64 << 10 // one line of output
	maxStray = 1000     // lines outside the protocol during one handshake or search
	quitWait = 2 * time.Second
)

// Engine is a running engine process, ready to search. Its methods must not
// be called concurrently: run one Engine per goroutine.
//
// Any fault (an error from Search other than for a position without a legal
// move) kills the process: the Engine is then closed, and a caller that
// wants to go on starts a new one.
type Engine struct {
	cfg      Config
	proto    Protocol
	label    string // for errors: the id name, or the command before it is known
	name     string
	author   string
	offered  map[string]string // lower-case option name -> name as declared
	ranks    Ranks
	millisec bool
	threads  string // the value of UCI's Threads option, set again before each search ("": none)

	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // stdout, line by line; closed at the end of output
	stop   chan struct{} // closed by kill: the reader stops sending
	exited chan struct{} // closed when the process has been waited for
	stderr *tail

	mu      sync.Mutex
	readErr error // why output ended early (garbage), set before lines closes
	waitErr error // the process's exit status, set before exited closes
	closed  bool
}

// Start launches the engine, completes the protocol's handshake and sets
// the options. The returned engine is ready for Search. When ctx is done the
// engine is killed (Close also ends it). With the protocol Auto it tries
// UCI, then UCCI (see Auto).
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Protocol != Auto {
		return startProtocol(ctx, cfg)
	}
	cfg.Protocol = UCI
	e, err := startProtocol(ctx, cfg)
	if !errors.Is(err, ErrNotEngine) {
		return e, err
	}
	cfg.Protocol = UCCI
	if cfg.Validate() != nil {
		return nil, err // a UCCI engine could not take these limits
	}
	e, err2 := startProtocol(ctx, cfg)
	if errors.Is(err2, ErrNotEngine) {
		// Neither: say what each try met.
		var e1, e2 *Error
		if errors.As(err, &e1) && errors.As(err2, &e2) {
			return nil, &Error{Engine: e1.Engine, Op: "handshake", Err: ErrNotEngine, Detail: "as UCI: " + e1.Detail + "; as UCCI: " + e2.Detail}
		}
	}
	return e, err2
}

// startProtocol starts an engine of a known protocol.
func startProtocol(ctx context.Context, cfg Config) (*Engine, error) {
	e := &Engine{
		cfg:    cfg,
		proto:  cfg.protocol(),
		label:  commandLabel(cfg.Command),
		ranks:  cfg.Ranks,
		lines:  make(chan string, 256),
		stop:   make(chan struct{}),
		exited: make(chan struct{}),
		stderr: &tail{},
	}
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = cfg.Dir
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	if cfg.Stderr != nil {
		cmd.Stderr = io.MultiWriter(cfg.Stderr, e.stderr)
	} else {
		cmd.Stderr = e.stderr
	}
	// Bounds Wait when the engine left a descendant holding its output.
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, e.fail("start", "", ErrNotFound, err.Error())
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, e.fail("start", "", ErrNotFound, err.Error())
	}
	if err := cmd.Start(); err != nil {
		detail := err.Error()
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
			detail = fmt.Sprintf("no program %q", cfg.Command[0])
		}
		return nil, e.fail("start", "", ErrNotFound, detail)
	}
	e.cmd, e.stdin = cmd, stdin
	go e.read(stdout)
	if err := e.handshake(ctx); err != nil {
		e.kill()
		return nil, err
	}
	return e, nil
}

// Name returns the engine's "id name".
func (e *Engine) Name() string { return e.name }

// Author returns the engine's "id author" ("" when it gave none).
func (e *Engine) Author() string { return e.author }

// Protocol returns the protocol spoken.
func (e *Engine) Protocol() Protocol { return e.proto }

// Ranks returns the rank numbering of the engine's moves (never RanksAuto).
func (e *Engine) Ranks() Ranks { return e.ranks }

// Config returns the configuration the engine was started with.
func (e *Engine) Config() Config { return e.cfg }

// Result is the answer of one search.
type Result struct {
	// FEN is the position as sent to the engine: its board and side to
	// move, with no history and the counters reset ("- - 0 1"), so that the
	// answer depends on the position alone.
	FEN string
	// Outcome is Checkmate or Stalemate for a position without a legal
	// move, which is not sent to the engine: Score is then a mate-now
	// (IsMate, Mate 0) and the rest is zero.
	Outcome board.Outcome
	// Depth is the depth of the info line the score was taken from.
	Depth int
	// Score is from the side to move's point of view, as engines print it.
	Score Score
	// Nodes is the largest node count the engine printed (0 if none).
	Nodes int64
	// Best is the engine's best move, legal in the position.
	Best board.Move
	// PV is the principal variation of the score's line, every move legal
	// in turn (the best move alone when the line had none).
	PV []board.Move
	// Line is the info line the score was taken from, as printed.
	Line string
}

// SearchFEN returns the FEN a search sends for pos (see Result.FEN).
func SearchFEN(pos *board.Position) string {
	side := "w"
	if pos.Side() == board.Black {
		side = "b"
	}
	return pos.Placement() + " " + side + " - - 0 1"
}

// Search evaluates pos within the configured limits. Moves in ban are
// excluded from the search (UCCI "banmoves", UCI "go searchmoves" with every
// other legal move).
//
// A position without a legal move is answered at once, without the engine.
// Every other fault — the engine died, passed the deadline, printed garbage,
// answered an illegal or no move, or ctx ended — kills the engine and
// returns an *Error (for ctx, wrapping ctx.Err()).
func (e *Engine) Search(ctx context.Context, pos board.Position, ban []board.Move) (Result, error) {
	fen := SearchFEN(&pos)
	res := Result{FEN: fen}
	if o := pos.Outcome(); o != board.Ongoing {
		res.Outcome, res.Score = o, Score{IsMate: true}
		return res, nil
	}
	if e.isClosed() {
		return res, e.fail("search", fen, ErrClosed, "")
	}
	deadline := time.Now().Add(e.cfg.deadline())
	var searchMoves []board.Move
	if len(ban) > 0 {
		for _, m := range pos.LegalMoves() {
			if !containsMove(ban, m) {
				searchMoves = append(searchMoves, m)
			}
		}
		if len(searchMoves) == 0 {
			return res, e.fail("search", fen, ErrNoMove, "every legal move is banned")
		}
	}
	var cmds []string
	if e.proto == UCI {
		cmds = append(cmds, "ucinewgame")
		if e.threads != "" {
			// Stockfish's family keeps per-thread tables across
			// ucinewgame (Fairy-Stockfish answered a position differently
			// after other searches); setting Threads makes new threads.
			cmds = append(cmds, "setoption name Threads value "+e.threads)
		}
	}
	cmds = append(cmds, "position fen "+fen)
	if e.proto == UCCI && len(ban) > 0 {
		cmds = append(cmds, "banmoves "+e.moveList(ban))
	}
	if err := e.send(cmds...); err != nil {
		return res, e.searchFault(fen, err)
	}
	if e.proto == UCI {
		// After ucinewgame the engine may take a while to clear its
		// tables: wait until it is ready, within the deadline.
		if err := e.send("isready"); err != nil {
			return res, e.searchFault(fen, err)
		}
		if err := e.await(ctx, deadline, func(w []string) (bool, error) { return w[0] == "readyok", nil }); err != nil {
			return res, e.searchFault(fen, err)
		}
	}
	goCmd := e.cfg.Limits.goCommand(e.proto, e.millisec)
	if e.proto == UCI && len(searchMoves) > 0 {
		goCmd += " searchmoves " + e.moveList(searchMoves)
	}
	if err := e.send(goCmd); err != nil {
		return res, e.searchFault(fen, err)
	}
	var (
		line     info   // the info line the score is taken from
		lineText string // and its text
		haveLine bool
		bestText string
		maxNodes int64
	)
	err := e.await(ctx, deadline, func(w []string) (bool, error) {
		switch w[0] {
		case "info":
			in, err := parseInfo(w[1:], e.proto)
			if err != nil {
				return false, &protoError{ErrGarbage, err.Error()}
			}
			if in.hasNodes && in.nodes > maxNodes {
				maxNodes = in.nodes
			}
			if !in.hasScore || in.multipv > 1 {
				return false, nil
			}
			// The last exact line wins; a bound line (lowerbound,
			// upperbound) stands only until an exact one comes.
			if !in.bound || !haveLine || line.bound || in.depth > line.depth {
				line, lineText, haveLine = in, strings.Join(w, " "), true
			}
			return false, nil
		case "bestmove":
			if len(w) < 2 {
				return false, &protoError{ErrGarbage, "bestmove without a move"}
			}
			bestText = w[1]
			return true, nil
		case "nobestmove":
			return true, nil
		}
		return false, errStray
	})
	if err != nil {
		return res, e.searchFault(fen, err)
	}
	if bestText == "" || bestText == "(none)" || bestText == "0000" || bestText == "none" {
		return res, e.searchFault(fen, &protoError{ErrNoMove, "the engine answered no move"})
	}
	if !haveLine {
		return res, e.searchFault(fen, &protoError{ErrGarbage, "no score before bestmove " + bestText})
	}
	bm, err := parseMove(bestText, e.ranks)
	if err != nil {
		return res, e.searchFault(fen, &protoError{ErrGarbage, "bestmove " + err.Error()})
	}
	if !pos.IsLegal(bm) {
		return res, e.searchFault(fen, &protoError{ErrIllegalMove, fmt.Sprintf("bestmove %s (ICCS %s) is not legal here", bestText, bm)})
	}
	if len(ban) > 0 && containsMove(ban, bm) {
		return res, e.searchFault(fen, &protoError{ErrIllegalMove, fmt.Sprintf("bestmove %s is banned", bestText)})
	}
	pv, err := e.checkPV(pos, line.pv)
	if err != nil {
		return res, e.searchFault(fen, err)
	}
	if len(pv) == 0 {
		pv = []board.Move{bm}
	}
	res.Depth, res.Score, res.Nodes, res.Best, res.PV, res.Line = line.depth, line.score, maxNodes, bm, pv, lineText
	return res, nil
}

// checkPV parses a principal variation and plays it from pos: every move
// must be legal in turn.
func (e *Engine) checkPV(pos board.Position, words []string) ([]board.Move, error) {
	pv := make([]board.Move, 0, len(words))
	for i, w := range words {
		m, err := parseMove(w, e.ranks)
		if err != nil {
			return nil, &protoError{ErrGarbage, fmt.Sprintf("pv move %d: %v", i+1, err)}
		}
		next, err := pos.Play(m)
		if err != nil {
			return nil, &protoError{ErrIllegalMove, fmt.Sprintf("pv move %d %s (ICCS %s) is not legal in %s", i+1, w, m, SearchFEN(&pos))}
		}
		pos = next
		pv = append(pv, m)
	}
	return pv, nil
}

func (e *Engine) moveList(ms []board.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = formatMove(m, e.ranks)
	}
	return strings.Join(parts, " ")
}

func containsMove(ms []board.Move, m board.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// CPUTime returns the processor time (user and system) the engine process
// used, once it has exited (after Close or a fault); 0 before.
func (e *Engine) CPUTime() time.Duration {
	select {
	case <-e.exited:
		if st := e.cmd.ProcessState; st != nil {
			return st.UserTime() + st.SystemTime()
		}
	default:
	}
	return 0
}

// Close ends the engine: "quit", a short wait, then a kill. It is safe to
// call more than once, and after a fault.
func (e *Engine) Close() error {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		<-e.exited
		return nil
	}
	e.closed = true
	e.mu.Unlock()
	_, _ = io.WriteString(e.stdin, "quit\n")
	_ = e.stdin.Close()
	select {
	case <-e.exited:
	case <-time.After(quitWait):
	}
	e.kill()
	return nil
}

// protoError is a fault found while reading the engine's answer.
type protoError struct {
	err    error
	detail string
}

func (p *protoError) Error() string { return p.err.Error() + ": " + p.detail }

// errStray marks a line outside the protocol at that point: tolerated up to
// maxStray times.
var errStray = errors.New("stray line")

// await reads lines until handle says done, the deadline passes, ctx ends
// or the output ends. Empty lines are skipped; handle gets the line split
// in words.
func (e *Engine) await(ctx context.Context, deadline time.Time, handle func(words []string) (bool, error)) error {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	stray := 0
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return e.outputEnded()
			}
			words := strings.Fields(line)
			if len(words) == 0 {
				continue
			}
			done, err := handle(words)
			if errors.Is(err, errStray) {
				if stray++; stray > maxStray {
					return &protoError{ErrGarbage, fmt.Sprintf("%d lines outside the protocol, the last %q", stray, line)}
				}
				continue
			}
			if err != nil || done {
				return err
			}
		case <-timer.C:
			return &protoError{ErrTimeout, fmt.Sprintf("nothing within %s (killed)", e.cfg.deadline())}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// outputEnded tells why the engine's output ended: garbage the reader
// refused, or the process exiting.
func (e *Engine) outputEnded() error {
	e.mu.Lock()
	rerr := e.readErr
	e.mu.Unlock()
	if rerr != nil {
		return rerr
	}
	select {
	case <-e.exited:
	case <-time.After(quitWait):
	}
	return &protoError{ErrDied, e.exitStatus()}
}

// exitStatus describes how the process ended, with the last line of its
// standard error.
func (e *Engine) exitStatus() string {
	status := "output closed"
	select {
	case <-e.exited:
		e.mu.Lock()
		err := e.waitErr
		e.mu.Unlock()
		if err == nil {
			status = "exited with status 0"
		} else {
			status = err.Error()
		}
	default:
	}
	if t := e.stderr.last(); t != "" {
		status += "; stderr: " + t
	}
	return status
}

// searchFault kills the engine and wraps err into an *Error.
func (e *Engine) searchFault(fen string, err error) error {
	e.kill()
	return e.wrap("search", fen, err)
}

func (e *Engine) wrap(op, fen string, err error) error {
	var pe *protoError
	switch {
	case errors.As(err, &pe):
		return e.fail(op, fen, pe.err, pe.detail)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return e.fail(op, fen, err, "")
	}
	return e.fail(op, fen, ErrDied, err.Error())
}

func (e *Engine) fail(op, fen string, err error, detail string) *Error {
	return &Error{Engine: e.label, Op: op, FEN: fen, Err: err, Detail: detail}
}

// send writes command lines to the engine.
func (e *Engine) send(lines ...string) error {
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if _, err := e.stdin.Write(b.Bytes()); err != nil {
		return &protoError{ErrDied, "cannot write to it: " + e.exitStatus()}
	}
	return nil
}

// kill ends the process group at once and waits until it is reaped.
func (e *Engine) kill() {
	e.mu.Lock()
	e.closed = true
	e.mu.Unlock()
	select {
	case <-e.stop:
	default:
		close(e.stop)
	}
	if e.cmd == nil {
		return
	}
	_ = e.stdin.Close()
	select {
	case <-e.exited:
		return
	default:
	}
	killGroup(e.cmd)
	<-e.exited
}

func (e *Engine) isClosed() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.closed
}

// read sends the engine's output line by line to e.lines, refusing control
// bytes and endless lines, then waits for the process.
func (e *Engine) read(stdout io.Reader) {
	defer func() {
		err := e.cmd.Wait()
		e.mu.Lock()
		e.waitErr = err
		e.mu.Unlock()
		close(e.exited)
	}()
	defer close(e.lines)
	r := bufio.NewReaderSize(stdout, maxLine)
	for {
		b, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			e.setReadErr(&protoError{ErrGarbage, fmt.Sprintf("a line longer than %d bytes", maxLine)})
			go func() { _, _ = io.Copy(io.Discard, r) }()
			return
		}
		if len(b) > 0 {
			line := strings.TrimRight(string(b), "\r\n")
			if i := strings.IndexFunc(line, func(c rune) bool { return (c < ' ' && c != '\t') || c == 0x7f }); i >= 0 {
				e.setReadErr(&protoError{ErrGarbage, fmt.Sprintf("control byte %#02x in %q", line[i], line)})
				go func() { _, _ = io.Copy(io.Discard, r) }()
				return
			}
			select {
			case e.lines <- line:
			case <-e.stop:
				_, _ = io.Copy(io.Discard, r)
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (e *Engine) setReadErr(err error) {
	e.mu.Lock()
	e.readErr = err
	e.mu.Unlock()
}

// commandLabel names an engine by its command before it names itself: the
// program's base name and the last argument that looks like a file.
func commandLabel(cmd []string) string {
	if len(cmd) == 0 {
		return "(no command)"
	}
	label := cmd[0]
	if len(cmd) > 1 {
		label += " … " + cmd[len(cmd)-1]
	}
	return label
}

// tail keeps the last bytes written to it (an engine's standard error).
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	const keep = 2048
	t.mu.Lock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > keep {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-keep:]...)
	}
	t.mu.Unlock()
	return len(p), nil
}

// last returns the last non-empty line.
func (t *tail) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	return oneLine(strings.TrimSpace(lines[len(lines)-1]))
}
