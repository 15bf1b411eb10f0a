// Package fakeengine is a fake xiangqi engine for tests: a program that
// speaks UCI or UCCI on its standard input and output, answers searches from
// a scripted table (or with a small deterministic evaluation of its own), and
// commits on demand every fault a real engine can: it exits at start, never
// answers the handshake, dies or hangs in a search, prints garbage, answers an
// illegal move or no move.
//
// The fake runs as the test binary itself, re-executed with the environment
// variable EnvSpec holding its Spec: a test package calls Main first thing in
// its TestMain, and starts the engine with Command and Spec.Env.
package fakeengine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
)

// EnvSpec is the environment variable that turns the test binary into the
// fake engine; its value is the JSON of a Spec.
const EnvSpec = "XQTOOL_FAKE_ENGINE"

// Spec is what the fake engine does.
type Spec struct {
	// Protocol is "uci" (default) or "ucci".
	Protocol string `json:"protocol,omitempty"`
	// Name is the id name (default "Fake Engine"). A name starting with
	// "Fairy-Stockfish" makes the fake number ranks 1–10 as
	// Fairy-Stockfish does, unless Ranks09 is set.
	Name    string `json:"name,omitempty"`
	Ranks09 bool   `json:"ranks09,omitempty"`
	// Handshake is a fault at start: "exit" (exits with status 1 at once),
	// "echo" (echoes every line, like cat: never uciok), "silent" (reads
	// and says nothing), "babble" (prints 2,000 lines of text and exits).
	Handshake string `json:"handshake,omitempty"`
	// Fault is a fault in a search: "die" (exits in the middle), "hang"
	// (never answers, ignores stop), "control" (control bytes),
	// "longline" (a line of 100 KB), "flood" (2,000 lines outside the
	// protocol), "badnumber" (info depth x), "illegal" (an illegal best
	// move), "illegal-pv" (an illegal move in the principal variation),
	// "nomove" (bestmove (none) / nobestmove), "noscore" (bestmove without
	// an info line).
	Fault string `json:"fault,omitempty"`
	// FaultAt is the search of each process that the fault hits (1 = the
	// first); 0 hits every search.
	FaultAt int `json:"fault_at,omitempty"`
	// FaultFEN limits the fault to one position (its board and side to
	// move: "placement w").
	FaultFEN string `json:"fault_fen,omitempty"`
	// Table scripts answers: position (board and side to move) -> the
	// lines printed after "go" (info lines and bestmove), verbatim.
	Table map[string][]string `json:"table,omitempty"`
	// Log is a file to which the fake appends "go <position>" when a
	// search starts and "done <position>" when it has answered.
	Log string `json:"log,omitempty"`
	// Delay is waited before each answer.
	Delay time.Duration `json:"delay,omitempty"`
}

// Env returns the environment entry that makes the test binary this fake.
func (s Spec) Env() string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return EnvSpec + "=" + string(b)
}

// Command returns the command that runs the fake: the running test binary,
// told to run no test (Main takes over before the tests when EnvSpec is
// set).
func Command() []string {
	return []string{os.Args[0], "-test.run=^$"}
}

// Main runs the fake engine and exits when EnvSpec is set; otherwise it
// returns at once. Call it first in TestMain.
func Main() {
	v, ok := os.LookupEnv(EnvSpec)
	if !ok {
		return
	}
	var s Spec
	if err := json.Unmarshal([]byte(v), &s); err != nil {
		fmt.Fprintln(os.Stderr, "fake engine: bad spec:", err)
		os.Exit(2)
	}
	os.Exit(Run(s, os.Stdin, os.Stdout, os.Stderr))
}

// Key returns the table key of a position: its board and side to move.
func Key(p *board.Position) string {
	side := "w"
	if p.Side() == board.Black {
		side = "b"
	}
	return p.Placement() + " " + side
}

// Run is the fake engine's main loop; it returns the exit status.
func Run(s Spec, stdin io.Reader, stdout, stderr io.Writer) int {
	f := &fake{spec: s, out: bufio.NewWriter(stdout), stderr: stderr}
	f.ucci = s.Protocol == "ucci"
	f.ranks10 = strings.HasPrefix(s.Name, "Fairy-Stockfish") && !s.Ranks09
	if s.Name == "" {
		f.spec.Name = "Fake Engine"
	}
	if s.Handshake == "exit" {
		fmt.Fprintln(stderr, "fake engine: exiting at start as told")
		return 1
	}
	if s.Handshake == "babble" {
		for i := range 2000 {
			f.println("this is not an engine, line", strconv.Itoa(i))
		}
		return 0
	}
	in := bufio.NewScanner(stdin)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		switch s.Handshake {
		case "echo":
			f.println(line)
			continue
		case "silent":
			continue
		}
		if code, quit := f.command(line); quit {
			return code
		}
	}
	return 0
}

type fake struct {
	spec     Spec
	out      *bufio.Writer
	stderr   io.Writer
	ucci     bool
	ranks10  bool
	booted   bool // a first command was read
	pos      board.Position
	ban      []board.Move
	searches int
	depth    int
}

var logMu sync.Mutex

func (f *fake) log(what string) {
	if f.spec.Log == "" {
		return
	}
	logMu.Lock()
	defer logMu.Unlock()
	fh, err := os.OpenFile(f.spec.Log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintln(fh, what)
	fh.Close()
}

// LogLines reads the log a fake wrote (Spec.Log): what follows verb in
// each of its lines that start with verb and a space (for "go" and
// "done": the positions searched), in order; none when there is no log.
func LogLines(tb testing.TB, path, verb string) []string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		tb.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, verb+" "); ok {
			out = append(out, rest)
		}
	}
	return out
}

func (f *fake) println(words ...string) {
	f.out.WriteString(strings.Join(words, " "))
	f.out.WriteByte('\n')
	f.out.Flush()
}

// command handles one input line; quit reports the end of the program.
func (f *fake) command(line string) (code int, quit bool) {
	w := strings.Fields(line)
	if len(w) == 0 {
		return 0, false
	}
	if f.ucci && !f.booted && w[0] != "ucci" {
		// ElephantEye reads one line at start and exits unless it is
		// "ucci".
		fmt.Fprintln(f.stderr, "fake engine: not ucci, bye")
		return 0, true
	}
	f.booted = true
	switch w[0] {
	case "uci", "ucci":
		if (w[0] == "ucci") != f.ucci {
			// A UCI engine answers an unknown command, as Stockfish does.
			f.println("Unknown command: '" + line + "'. Type help for more information.")
			return 0, false
		}
		f.println("id name", f.spec.Name)
		f.println("id author xqtool tests")
		if f.ucci {
			f.println("option usemillisec type check default false")
			f.println("option usebook type check default true")
			f.println("option hashsize type spin min 0 max 1024 default 0")
			f.println("ucciok")
		} else {
			f.println("option name UCI_Variant type combo default chess var chess var xiangqi")
			f.println("option name Hash type spin default 16 min 1 max 1024")
			f.println("option name Threads type spin default 1 min 1 max 64")
			f.println("option name EvalFile type string default <empty>")
			f.println("uciok")
		}
	case "isready":
		f.println("readyok")
	case "position":
		if err := f.position(w[1:]); err != nil {
			fmt.Fprintln(f.stderr, "fake engine:", err)
		}
		f.ban = nil
	case "banmoves":
		for _, m := range w[1:] {
			if mv, err := f.parseMove(m); err == nil {
				f.ban = append(f.ban, mv)
			}
		}
	case "go":
		f.depth = 1
		for i := 1; i+1 < len(w); i++ {
			if w[i] == "depth" {
				f.depth, _ = strconv.Atoi(w[i+1])
			}
			if w[i] == "searchmoves" {
				// Everything not listed is banned.
				allowed := map[board.Move]bool{}
				for _, m := range w[i+1:] {
					if mv, err := f.parseMove(m); err == nil {
						allowed[mv] = true
					}
				}
				f.ban = nil
				for _, m := range f.pos.LegalMoves() {
					if !allowed[m] {
						f.ban = append(f.ban, m)
					}
				}
				break
			}
		}
		return f.search()
	case "quit":
		if f.ucci {
			f.println("bye")
		}
		return 0, true
	}
	return 0, false
}

func (f *fake) position(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position without arguments")
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = board.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(rest[:i], " "), rest[i:]
	default:
		return fmt.Errorf("position %q", args[0])
	}
	p, err := board.PositionFromFEN(fen)
	if err != nil {
		return err
	}
	if len(rest) > 0 && rest[0] == "moves" {
		for _, m := range rest[1:] {
			mv, err := f.parseMove(m)
			if err != nil {
				return err
			}
			if p, err = p.Play(mv); err != nil {
				return err
			}
		}
	}
	f.pos = p
	return nil
}
