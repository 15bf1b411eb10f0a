package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// Protocol is the text protocol an engine speaks on its standard input and
// output.
type Protocol string

const (
	// UCI is the Universal Chess Interface as xiangqi engines speak it
	// (Pikafish, Fairy-Stockfish with UCI_Variant xiangqi): "uci"/"uciok",
	// "setoption name N value V", "score cp|mate", "bestmove".
	UCI Protocol = "uci"
	// UCCI is the Universal Chinese Chess Protocol (ElephantEye and the
	// engines of its family): "ucci"/"ucciok", "setoption N V", a bare
	// "score N", "banmoves", "nobestmove", "quit"/"bye".
	UCCI Protocol = "ucci"
	// Auto tries UCI first, then UCCI when the program does not complete
	// the UCI handshake (ElephantEye exits at a first line other than
	// "ucci", so the second try follows at once; an engine that stays
	// silent costs the handshake timeout). Engine.Protocol tells which
	// answered.
	Auto Protocol = "auto"
)

// ParseProtocol reads "uci", "ucci" or "auto" (any case).
func ParseProtocol(s string) (Protocol, error) {
	switch p := Protocol(strings.ToLower(strings.TrimSpace(s))); p {
	case UCI, UCCI, Auto:
		return p, nil
	}
	return "", fmt.Errorf("engine: unknown protocol %q (uci, ucci or auto)", s)
}

// Ranks is how an engine numbers the ranks in its move text.
type Ranks uint8

const (
	// RanksAuto: 1 to 10 for Fairy-Stockfish (its id name starts with
	// "Fairy-Stockfish"), 0 to 9 for every other engine.
	RanksAuto Ranks = iota
	// Ranks09: ICCS and UCCI numbering, a0 to i9 (Pikafish, ElephantEye).
	Ranks09
	// Ranks110: Fairy-Stockfish's numbering for xiangqi, a1 to i10: ICCS
	// h0h9 is h1h10.
	Ranks110
)

// ParseRanks reads "auto", "0-9" or "1-10".
func ParseRanks(s string) (Ranks, error) {
	switch strings.TrimSpace(s) {
	case "", "auto":
		return RanksAuto, nil
	case "0-9":
		return Ranks09, nil
	case "1-10":
		return Ranks110, nil
	}
	return RanksAuto, fmt.Errorf("engine: unknown rank numbering %q (auto, 0-9 or 1-10)", s)
}

func (r Ranks) String() string {
	switch r {
	case Ranks09:
		return "0-9"
	case Ranks110:
		return "1-10"
	}
	return "auto"
}

// parseMove reads a move in the engine's numbering: a file letter and a rank
// number for each square ("h2e2", or "h3e3" and "h1h10" with Ranks110). It
// checks only the syntax; legality is the caller's.
func parseMove(s string, ranks Ranks) (board.Move, error) {
	from, rest, ok := parseSquare(s, ranks)
	if !ok {
		return board.NoMove, fmt.Errorf("%q is not a move", s)
	}
	to, rest, ok := parseSquare(rest, ranks)
	if !ok || rest != "" || from == to {
		return board.NoMove, fmt.Errorf("%q is not a move", s)
	}
	return board.NewMove(from, to), nil
}

// parseSquare reads one square from the start of s and returns the rest.
func parseSquare(s string, ranks Ranks) (board.Square, string, bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'i' {
		return board.NoSquare, s, false
	}
	file := int(s[0] - 'a')
	n := 1
	for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	digits := s[1:n]
	// A two-digit rank exists only as "10" in the 1–10 numbering; "h10e10"
	// must not read "h1" then "0e…".
	if len(digits) == 2 && (ranks != Ranks110 || digits != "10") {
		digits, n = digits[:1], 2
	}
	if digits == "" {
		return board.NoSquare, s, false
	}
	rank, _ := strconv.Atoi(digits)
	if ranks == Ranks110 {
		rank--
	}
	if rank < 0 || rank > 9 {
		return board.NoSquare, s, false
	}
	return board.SquareAt(file, rank), s[n:], true
}

// formatMove writes m in the engine's numbering.
func formatMove(m board.Move, ranks Ranks) string {
	if ranks != Ranks110 {
		return m.String()
	}
	sq := func(s board.Square) string {
		return string(rune('a'+s.File())) + strconv.Itoa(s.Rank()+1)
	}
	return sq(m.From()) + sq(m.To())
}

// info is what one "info" line says. Fields the line does not have are
// zero, with has* telling which were present.
type info struct {
	depth, multipv int
	score          Score
	hasScore       bool
	bound          bool // lowerbound or upperbound: not the final score of its depth
	nodes          int64
	hasNodes       bool
	pv             []string
}

// parseInfo reads the words after "info". Unknown keys are skipped, as UCI
// asks; a known key with a malformed value is an error (garbage). UCCI
// prints a bare score ("score 28"); its mate scores are ElephantEye's:
// mateValue minus the plies to mate, beyond winValue.
func parseInfo(words []string, proto Protocol) (info, error) {
	var in info
	num := func(i int, key string) (int64, error) {
		if i+1 >= len(words) {
			return 0, fmt.Errorf("info %s without a value", key)
		}
		v, err := strconv.ParseInt(words[i+1], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("info %s %q is not a number", key, words[i+1])
		}
		return v, nil
	}
	for i := 0; i < len(words); i++ {
		switch w := words[i]; w {
		case "depth", "multipv", "nodes":
			v, err := num(i, w)
			if err != nil {
				return in, err
			}
			if v < 0 {
				return in, fmt.Errorf("info %s %d is negative", w, v)
			}
			switch w {
			case "depth":
				in.depth = int(v)
			case "multipv":
				in.multipv = int(v)
			default:
				in.nodes, in.hasNodes = v, true
			}
			i++
		case "seldepth", "time", "nps", "hashfull", "tbhits", "currmovenumber", "cpuload":
			if _, err := num(i, w); err != nil {
				return in, err
			}
			i++
		case "score":
			s, n, err := parseScore(words[i+1:], proto)
			if err != nil {
				return in, err
			}
			in.score, in.hasScore = s, true
			i += n
		case "lowerbound", "upperbound":
			in.bound = true
		case "pv":
			in.pv = words[i+1:]
			i = len(words)
		case "string", "message", "refutation", "currline":
			// The rest of the line is text or moves we do not use.
			i = len(words)
		}
	}
	return in, nil
}

// UCCI mate scores as ElephantEye prints them: a mate in n plies scores
// mateValue - n; anything beyond winValue is a mate.
const (
	ucciMateValue = 10000
	ucciWinValue  = 9800
)

// parseScore reads a score from the words after "score" and returns how many
// words it took.
func parseScore(words []string, proto Protocol) (Score, int, error) {
	if len(words) == 0 {
		return Score{}, 0, fmt.Errorf("info score without a value")
	}
	kind, val := words[0], ""
	n := 2
	switch kind {
	case "cp", "mate":
		if len(words) < 2 {
			return Score{}, 0, fmt.Errorf("info score %s without a value", kind)
		}
		val = words[1]
	default:
		if proto != UCCI {
			return Score{}, 0, fmt.Errorf("info score %q is neither cp nor mate", kind)
		}
		kind, val, n = "ucci", words[0], 1
	}
	v, err := strconv.Atoi(val)
	if err != nil || v > 1<<30 || v < -(1<<30) {
		return Score{}, 0, fmt.Errorf("info score %s %q is not a number", kind, val)
	}
	switch kind {
	case "cp":
		return CP(v), n, nil
	case "mate":
		return MateIn(v), n, nil
	}
	if v > ucciWinValue || v < -ucciWinValue {
		plies := ucciMateValue - abs(v)
		if plies < 1 {
			plies = 1
		}
		moves := (plies + 1) / 2
		if v < 0 {
			moves = -moves
		}
		return MateIn(moves), n, nil
	}
	return CP(v), n, nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// optionName returns the name an "option" line of the handshake declares:
// UCI "option name Skill Level type spin …" (the name may have spaces),
// UCCI "option usemillisec type check …".
func optionName(words []string, proto Protocol) string {
	if proto == UCI {
		if len(words) < 2 || words[0] != "name" {
			return ""
		}
		end := len(words)
		for i := 1; i < len(words); i++ {
			if words[i] == "type" {
				end = i
				break
			}
		}
		return strings.Join(words[1:end], " ")
	}
	if len(words) == 0 {
		return ""
	}
	return words[0]
}

// optionDefault returns the default value an option line declares (its
// words after "option"): the word after "default" ("" when none).
func optionDefault(words []string) string {
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "default" {
			return words[i+1]
		}
	}
	return ""
}
