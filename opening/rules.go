package opening

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrRules is wrapped by every error in the rule text (see ecco.rules).
var ErrRules = errors.New("opening: bad rule")

// key is a WXF move of four bytes packed into an int ("C2.5"); 0 is no move.
type key uint32

func keyOf(s string) (key, bool) {
	if len(s) != 4 {
		return 0, false
	}
	return key(s[0])<<24 | key(s[1])<<16 | key(s[2])<<8 | key(s[3]), true
}

func (k key) String() string {
	if k == 0 {
		return ""
	}
	return string([]byte{byte(k >> 24), byte(k >> 16), byte(k >> 8), byte(k)})
}

type op uint8

const (
	opCode op = iota // answer
	opSkip           // go on scanning
	opLet            // remember a value, go on scanning
	opMove           // r N / b N / r @K / b @K
	opSeq            // seq
	opSet            // set
	opAll            // all
	opScan           // scan
	opIf             // if
	opVar            // var
	opCall           // call
)

// node is one rule. Its children are matched by label: moves (for the
// move nodes and scans), values (var), or the fixed labels below.
type node struct {
	op      op
	code    string // opCode: the answer; opLet/opIf/opVar: variable; opCall: rule name
	class   Class  // opCode: the names of the answer (set by load)
	value   string // opLet
	side    int    // 0 Red, 1 Black
	round   int    // 1-based round; relative offset when rel
	rel     bool
	to      int   // last round of a scan or all
	moves   []key // seq, set, all
	cases   []arm
	yes, no *node // seq, set, all, if
	other   *node // * label
	end     *node // scan: no move decided
	call    *node // resolved opCall target
	line    int
}

// arm is a labelled child: any of keys (or a value of a var) leads to n.
type arm struct {
	keys  []key
	value string
	n     *node
}

// ruleSet is the parsed rule text.
type ruleSet struct {
	root *node
	defs map[string]*node
}

// parseRules reads the rule text (format in ecco.rules) and checks that
// every code it answers is in codes.
func parseRules(text string, codes map[string]bool) (*ruleSet, error) {
	rs := &ruleSet{defs: map[string]*node{}}
	type open struct {
		indent int
		n      *node
	}
	var stack []open
	var calls []*node
	for i, raw := range strings.Split(text, "\n") {
		lineNo := i + 1
		if j := strings.IndexByte(raw, '#'); j >= 0 {
			raw = raw[:j]
		}
		line := strings.TrimRight(raw, " \t")
		if strings.TrimSpace(line) == "" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		line = strings.TrimSpace(line)
		label, body, ok := strings.Cut(line, ": ")
		if !ok {
			return nil, fmt.Errorf("%w: line %d: want \"label: rule\": %q", ErrRules, lineNo, line)
		}
		n, err := parseNode(body, lineNo, codes)
		if err != nil {
			return nil, err
		}
		if n.op == opCall {
			calls = append(calls, n)
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		if indent == 0 {
			switch {
			case label == "root" && rs.root == nil:
				rs.root = n
			case strings.HasPrefix(label, "def ") && rs.defs[label[4:]] == nil:
				rs.defs[label[4:]] = n
			default:
				return nil, fmt.Errorf("%w: line %d: top level wants \"root:\" once or a new \"def NAME:\": %q", ErrRules, lineNo, label)
			}
		} else {
			if len(stack) == 0 {
				return nil, fmt.Errorf("%w: line %d: indented line without a parent", ErrRules, lineNo)
			}
			if err := attach(stack[len(stack)-1].n, label, n); err != nil {
				return nil, fmt.Errorf("%w: line %d: %v", ErrRules, lineNo, err)
			}
		}
		stack = append(stack, open{indent, n})
	}
	if rs.root == nil {
		return nil, fmt.Errorf("%w: no root", ErrRules)
	}
	for _, c := range calls {
		c.call = rs.defs[c.code]
		if c.call == nil {
			return nil, fmt.Errorf("%w: line %d: no rule %q", ErrRules, c.line, c.code)
		}
	}
	var err error
	walk(rs.root, map[*node]bool{}, func(n *node) {
		if err == nil {
			err = complete(n)
		}
	})
	for _, d := range rs.defs {
		walk(d, map[*node]bool{}, func(n *node) {
			if err == nil {
				err = complete(n)
			}
		})
	}
	return rs, err
}

func walk(n *node, seen map[*node]bool, f func(*node)) {
	if n == nil || seen[n] {
		return
	}
	seen[n] = true
	f(n)
	for _, a := range n.cases {
		walk(a.n, seen, f)
	}
	for _, c := range []*node{n.yes, n.no, n.other, n.end} {
		walk(c, seen, f)
	}
}

// complete checks that a node has the children its kind needs, so that
// evaluation never meets a missing branch.
func complete(n *node) error {
	need := func(ok bool, what string) error {
		if !ok {
			return fmt.Errorf("%w: line %d: missing %s", ErrRules, n.line, what)
		}
		return nil
	}
	switch n.op {
	case opMove, opVar:
		return need(n.other != nil, `"*:"`)
	case opSeq, opSet, opAll, opIf:
		if err := need(n.yes != nil, `"+:"`); err != nil {
			return err
		}
		return need(n.no != nil, `"-:"`)
	case opScan:
		if err := need(n.other != nil, `"*:"`); err != nil {
			return err
		}
		return need(n.end != nil, `"end:"`)
	}
	return nil
}

func attach(p *node, label string, n *node) error {
	dup := func(slot **node) error {
		if *slot != nil {
			return fmt.Errorf("label %q twice", label)
		}
		*slot = n
		return nil
	}
	switch p.op {
	case opCode, opSkip, opLet, opCall:
		return fmt.Errorf("label %q under a rule that reads none", label)
	}
	switch {
	case label == "*":
		return dup(&p.other)
	case label == "+":
		return dup(&p.yes)
	case label == "-":
		return dup(&p.no)
	case label == "end":
		return dup(&p.end)
	case p.op == opVar:
		p.cases = append(p.cases, arm{value: label, n: n})
		return nil
	case p.op == opMove || p.op == opScan:
		a := arm{n: n}
		for _, s := range strings.Split(label, "|") {
			k, ok := keyOf(s)
			if !ok {
				return fmt.Errorf("bad move %q", s)
			}
			a.keys = append(a.keys, k)
		}
		p.cases = append(p.cases, a)
		return nil
	}
	return fmt.Errorf("label %q under a rule that reads none", label)
}

func parseNode(body string, line int, codes map[string]bool) (*node, error) {
	f := strings.Fields(body)
	bad := func(why string) (*node, error) {
		return nil, fmt.Errorf("%w: line %d: %s: %q", ErrRules, line, why, body)
	}
	n := &node{line: line}
	side := func(s string) bool {
		switch s {
		case "r":
			n.side = 0
		case "b":
			n.side = 1
		default:
			return false
		}
		return true
	}
	round := func(s string) (int, bool) {
		v, err := strconv.Atoi(s)
		return v, err == nil && v >= 1 && v <= Rounds
	}
	// span reads the rounds a..b of "scan" and "all".
	span := func(from, to string) (a, b int, ok bool) {
		a, ok1 := round(from)
		b, ok2 := round(to)
		return a, b, ok1 && ok2 && a <= b
	}
	switch {
	case len(f) == 1 && codes[f[0]]:
		n.op, n.code = opCode, f[0]
	case len(f) == 1 && f[0] == "skip":
		n.op = opSkip
	case len(f) == 3 && f[0] == "let":
		n.op, n.code, n.value = opLet, f[1], f[2]
	case len(f) == 2 && (f[0] == "if" || f[0] == "var" || f[0] == "call"):
		n.op, n.code = map[string]op{"if": opIf, "var": opVar, "call": opCall}[f[0]], f[1]
	case len(f) == 2 && side(f[0]):
		n.op = opMove
		if strings.HasPrefix(f[1], "@") {
			v, err := strconv.Atoi(f[1][1:])
			if err != nil {
				return bad("bad offset")
			}
			n.rel, n.round = true, v
		} else if v, ok := round(f[1]); ok {
			n.round = v
		} else {
			return bad("bad round")
		}
	case len(f) == 4 && f[0] == "seq" && side(f[1]):
		v, ok := round(f[2])
		ks, ok2 := splitMoves(f[3])
		if !ok || !ok2 {
			return bad("bad seq")
		}
		n.op, n.round, n.moves = opSeq, v, ks
	case len(f) == 2 && f[0] == "set":
		ks, ok := splitMoves(f[1])
		if !ok {
			return bad("bad set")
		}
		n.op, n.moves = opSet, ks
	case len(f) == 4 && f[0] == "scan" && side(f[1]):
		a, b, ok := span(f[2], f[3])
		if !ok {
			return bad("bad scan rounds")
		}
		n.op, n.round, n.to = opScan, a, b
	case len(f) == 5 && f[0] == "all" && side(f[1]):
		a, b, ok := span(f[2], f[3])
		if !ok {
			return bad("bad all rounds")
		}
		n.op, n.round, n.to = opAll, a, b
		for _, s := range strings.Split(f[4], "|") {
			k, ok := keyOf(s)
			if !ok {
				return bad("bad move")
			}
			n.moves = append(n.moves, k)
		}
	default:
		return bad("unknown rule (or a code not in ecco.tsv)")
	}
	return n, nil
}

// splitMoves cuts a run of 4-byte WXF moves ("C2.5N8+7").
func splitMoves(s string) ([]key, bool) {
	if len(s) == 0 || len(s)%4 != 0 {
		return nil, false
	}
	ks := make([]key, 0, len(s)/4)
	for i := 0; i < len(s); i += 4 {
		k, _ := keyOf(s[i : i+4])
		ks = append(ks, k)
	}
	return ks, true
}

// vars are the values a scan remembers ("let"); a classification uses a
// handful at most.
type vars struct {
	names  [8]string
	values [8]string
	n      int
}

func (v *vars) get(name string) string {
	for i := 0; i < v.n; i++ {
		if v.names[i] == name {
			return v.values[i]
		}
	}
	return ""
}

func (v *vars) set(name, value string) {
	for i := 0; i < v.n; i++ {
		if v.names[i] == name {
			v.values[i] = value
			return
		}
	}
	if v.n < len(v.names) {
		v.names[v.n], v.values[v.n] = name, value
		v.n++
	}
}

// line is the game as the rules read it: the WXF moves of the first
// Rounds rounds, Red's of round r at [2(r-1)], Black's at [2(r-1)+1].
type line [2 * Rounds]key

func (l *line) at(side, round int) key {
	if round < 1 || round > Rounds {
		return 0
	}
	return l[2*(round-1)+side]
}

// eval runs rule n on the line; cur is the round a scan is at. It returns
// the answer (an opCode node), or go on (true) for skip and let inside a
// scan.
func (n *node) eval(l *line, v *vars, cur int) (*node, bool) {
	switch n.op {
	case opCode:
		return n, false
	case opSkip:
		return nil, true
	case opLet:
		v.set(n.code, n.value)
		return nil, true
	case opMove:
		r := n.round
		if n.rel {
			r += cur
		}
		return pick(n, l.at(n.side, r)).eval(l, v, cur)
	case opSeq:
		return branch(n, l.seq(n.side, n.round, n.moves)).eval(l, v, cur)
	case opSet:
		return branch(n, l.set(n.moves)).eval(l, v, cur)
	case opAll:
		return branch(n, l.all(n.side, n.round, n.to, n.moves)).eval(l, v, cur)
	case opIf:
		return branch(n, v.get(n.code) != "").eval(l, v, cur)
	case opVar:
		val := v.get(n.code)
		for _, a := range n.cases {
			if a.value == val {
				return a.n.eval(l, v, cur)
			}
		}
		return n.other.eval(l, v, cur)
	case opCall:
		return n.call.eval(l, v, cur)
	case opScan:
		for r := n.round; r <= n.to; r++ {
			if ans, more := pick(n, l.at(n.side, r)).eval(l, v, r); !more {
				return ans, false
			}
		}
		return n.end.eval(l, v, cur)
	}
	return nil, false
}

func pick(n *node, k key) *node {
	if k != 0 {
		for _, a := range n.cases {
			for _, c := range a.keys {
				if c == k {
					return a.n
				}
			}
		}
	}
	return n.other
}

func branch(n *node, ok bool) *node {
	if ok {
		return n.yes
	}
	return n.no
}

// seq reports whether the plies from the side's move of round on are ks.
func (l *line) seq(side, round int, ks []key) bool {
	i := 2*(round-1) + side
	if i+len(ks) > len(l) {
		return false
	}
	for j, k := range ks {
		if l[i+j] != k {
			return false
		}
	}
	return true
}

// set reports whether each side's first moves are, in some order, the
// moves of ks that are its own (ks alternates from Red).
func (l *line) set(ks []key) bool {
	for side := 0; side < 2; side++ {
		var buf [Rounds]key
		var used [Rounds]bool
		want := buf[:0]
		for i := side; i < len(ks); i += 2 {
			if len(want) == Rounds {
				return false
			}
			want = append(want, ks[i])
		}
	next:
		for r := 1; r <= len(want); r++ {
			k := l.at(side, r)
			for j, w := range want {
				if !used[j] && w == k {
					used[j] = true
					continue next
				}
			}
			return false
		}
	}
	return true
}

// all reports whether every move of the side in rounds from..to is in ks.
func (l *line) all(side, from, to int, ks []key) bool {
next:
	for r := from; r <= to; r++ {
		k := l.at(side, r)
		for _, c := range ks {
			if c == k {
				continue next
			}
		}
		return false
	}
	return true
}
