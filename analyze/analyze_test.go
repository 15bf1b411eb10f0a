package analyze

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/randgame"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/parse"
)

const fullTags = `[Event "Test"]
[Date "2024.01.01"]
[Red "A"]
[Black "B"]
`

// readPGN parses the first game of a PGN text.
func readPGN(t *testing.T, text string) (*parse.Record, error) {
	t.Helper()
	rec, err := parse.NewPGNReader(strings.NewReader(text), "test.pgn").Next()
	if rec == nil {
		t.Fatalf("no record: %v", err)
	}
	return rec, err
}

func codes(r *Report) []flags.Code {
	var out []flags.Code
	for _, f := range r.Flags {
		out = append(out, f.Code)
	}
	return out
}

func flag(r *Report, code flags.Code) *flags.Flag {
	for i := range r.Flags {
		if r.Flags[i].Code == code {
			return &r.Flags[i]
		}
	}
	return nil
}

// TestFlagCodes has one hand-made record for every flag code that a single
// record can raise (duplicate needs two games: see the cmd tests).
func TestFlagCodes(t *testing.T) {
	tests := []struct {
		name    string
		pgn     string
		code    flags.Code
		ply     int
		side    string
		sev     flags.Severity
		detail  string // substring of the detail
		status  Status
		notCode flags.Code // a code that must not be raised
	}{
		{name: "clean game", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n",
			status: StatusOK},
		{name: "illegal move: horse leg", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进四 1-0\n",
			code: flags.IllegalMove, ply: 3, side: "red", sev: flags.Error, detail: "blocked", status: StatusError},
		// Numerals do not tell the side: 炮八平五 as Black's move is the
		// black cannon on Black's file 8.
		{name: "black move in red numerals", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 炮八平五 1-0\n",
			status: StatusOK},
		{name: "illegal move: wrong side", pgn: fullTags + "[Result \"1-0\"]\n[Format \"ICCS\"]\n1. h2e2 h0g2 1-0\n",
			code: flags.IllegalMove, ply: 2, side: "black", sev: flags.Error, detail: "wrong side", status: StatusError},
		{name: "junk token", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 XYZW 马８进７ 1-0\n",
			code: flags.RecordSyntax, sev: flags.Warning, detail: "XYZW", status: StatusWarning},
		{name: "unreadable move", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 炮二平五五 1-0\n",
			code: flags.UnreadableMove, ply: 2, side: "black", sev: flags.Error, status: StatusError},
		{name: "ambiguous move", pgn: fullTags + "[Result \"*\"]\n[FEN \"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1\"]\n1. 前兵平五 *\n",
			code: flags.AmbiguousMove, ply: 1, side: "red", sev: flags.Error, status: StatusError},
		{name: "illegal variation move", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 (1. 马二进四) 马８进７ 1-0\n",
			code: flags.IllegalVariationMove, ply: 1, side: "red", sev: flags.Warning, status: StatusWarning, notCode: flags.IllegalMove},
		{name: "invalid start position", pgn: fullTags + "[Result \"*\"]\n[FEN \"4k4/9/9/9/9/9/9/4n4/3A5/3K5 w\"]\n1. 帅六进一 *\n",
			code: flags.InvalidStart, sev: flags.Error, detail: "advisor", status: StatusError},
		{name: "empty game", pgn: fullTags + "[Result \"1-0\"]\n1-0\n",
			code: flags.EmptyGame, sev: flags.Warning, status: StatusWarning},
		{name: "truncated", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 {a comment that never ends\n",
			code: flags.Truncated, sev: flags.Error, status: StatusError},
		{name: "move number gap", pgn: fullTags + "[Result \"1-0\"]\n1. 炮二平五 马８进７ 3. 马二进三 车９平８ 1-0\n",
			code: flags.MoveNumberGap, ply: 3, side: "red", sev: flags.Warning, detail: "move number 3 where 2 was expected", status: StatusWarning},
		{name: "missing result", pgn: fullTags + "1. 炮二平五 马８进７\n",
			code: flags.MissingResult, sev: flags.Warning, status: StatusWarning},
		{name: "missing tags", pgn: "[Result \"1-0\"]\n1. 炮二平五 马８进７ 1-0\n",
			code: flags.MissingTags, sev: flags.Warning, detail: "Event, Date, Red, Black", status: StatusWarning},
		{name: "result mismatch after mate", pgn: fullTags + "[Result \"0-1\"]\n[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n1. 车九进二 0-1\n",
			code: flags.ResultMismatch, ply: 1, side: "black", sev: flags.Error, detail: "checkmate", status: StatusError},
		{name: "moves after mate", pgn: fullTags + "[Result \"1-0\"]\n[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n1. 车九进二 将４进１ 1-0\n",
			code: flags.MovesAfterEnd, ply: 2, side: "black", sev: flags.Error, detail: "after checkmate", status: StatusError, notCode: flags.IllegalMove},
		{name: "mate with the right result", pgn: fullTags + "[Result \"1-0\"]\n[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n1. 车九进二 1-0\n",
			status: StatusOK, notCode: flags.ResultMismatch},
		// Stalemate (困毙) loses: black king d9 cannot move and is not in
		// check after the rook closes rank 8.
		{name: "stalemate declared as draw", pgn: fullTags + "[Result \"1/2-1/2\"]\n[FEN \"3k5/9/R8/9/9/9/9/9/9/4K4 w\"]\n1. 车九进一 1/2-1/2\n",
			code: flags.ResultMismatch, ply: 1, side: "black", sev: flags.Error, detail: "stalemate", status: StatusError},
		{name: "encoding suspect", pgn: fullTags + "[Result \"1-0\"]\n{\x81\x20bad bytes \xc5\xda}1. 炮二平五 1-0\n",
			code: flags.EncodingSuspect, sev: flags.Warning, status: StatusWarning},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := readPGN(t, tt.pgn)
			r := Analyze(rec, err, Options{})
			if r.Status != tt.status {
				t.Errorf("status = %s, want %s (flags %v)", r.Status, tt.status, r.Flags)
			}
			if tt.notCode != "" && r.HasCode(tt.notCode) {
				t.Errorf("unexpected %s: %v", tt.notCode, r.Flags)
			}
			if tt.code == "" {
				if tt.status == StatusOK && len(r.Flags) > 0 {
					t.Errorf("flags on a clean game: %v", r.Flags)
				}
				return
			}
			f := flag(r, tt.code)
			if f == nil {
				t.Fatalf("no %s flag; flags: %v", tt.code, r.Flags)
			}
			if f.Ply != tt.ply || f.Side != tt.side || f.Severity != tt.sev {
				t.Errorf("flag = %+v, want ply %d side %q severity %s", *f, tt.ply, tt.side, tt.sev)
			}
			if !strings.Contains(f.Detail, tt.detail) {
				t.Errorf("detail %q lacks %q", f.Detail, tt.detail)
			}
		})
	}
}

// TestRepetitionFlags: a rook checking for ever; the record ends at the
// third occurrence. The checking side must change (it loses), so a draw
// declared in the record contradicts the verdict.
func TestRepetitionFlags(t *testing.T) {
	pgn := fullTags + "[Result \"1/2-1/2\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/R2K5 w\"]\n" +
		"1. 车九进九 将５进１ 2. 车九退一 将５退１ 3. 车九进一 将５进１ 4. 车九退一 将５退１ 5. 车九进一 1/2-1/2\n"
	for _, rules := range []RuleSet{RulesCXA, RulesAXF} {
		rec, err := readPGN(t, pgn)
		r := Analyze(rec, err, Options{Rules: rules})
		f := flag(r, flags.PerpetualCheck)
		if f == nil || f.Side != "red" || f.Ply != 9 || f.Severity != flags.Warning {
			t.Fatalf("%s: perpetual_check flag = %+v; flags %v", rules, f, r.Flags)
		}
		if m := flag(r, flags.ResultMismatch); m == nil || m.Ply != 9 {
			t.Errorf("%s: result_mismatch = %+v", rules, m)
		}
		if r.Termination != TermRepetition || r.ResultByPosition != ResultBlack || r.Rules != rules {
			t.Errorf("%s: termination %q result %q rules %q", rules, r.Termination, r.ResultByPosition, r.Rules)
		}
		if len(r.Classes) == 0 {
			t.Errorf("%s: no classification stored", rules)
		}
	}
	rec, err := readPGN(t, pgn)
	if r := Analyze(rec, err, Options{Repetitions: 4}); r.HasCode(flags.PerpetualCheck) {
		t.Errorf("--repetitions 4 judged at the third occurrence: %v", r.Flags)
	}
}

func TestResultByPosition(t *testing.T) {
	rec, err := readPGN(t, fullTags+"[Result \"1-0\"]\n[FEN \"3k5/9/R8/9/9/9/9/9/9/4K4 w\"]\n1. 车九进一 1-0\n")
	r := Analyze(rec, err, Options{})
	if r.ResultByPosition != ResultRed || r.Termination != TermStalemate {
		t.Errorf("result by position %q termination %q, want 1-0 stalemate", r.ResultByPosition, r.Termination)
	}
	if r.Status != StatusOK {
		t.Errorf("flags: %v", r.Flags)
	}
}

func TestUnreadableRecord(t *testing.T) {
	bad := []byte("XQ\x13\x00" + strings.Repeat("\x00", 1020))
	rd := parse.NewXQFReader(bytes.NewReader(bad), int64(len(bad)), "bad.xqf")
	rec, err := rd.Next()
	if err == nil || rec == nil {
		t.Fatalf("want a record and an error, got %v, %v", rec, err)
	}
	r := Analyze(rec, err, Options{})
	if r.Status != StatusError || !r.HasCode(flags.UnreadableRecord) {
		t.Errorf("status %s flags %v", r.Status, r.Flags)
	}
}

func TestRequireTagsOption(t *testing.T) {
	rec, err := readPGN(t, "[Result \"1-0\"]\n1. 炮二平五 1-0\n")
	if r := Analyze(rec, err, Options{RequireTags: []string{}}); r.HasCode(flags.MissingTags) {
		t.Errorf("empty RequireTags still flags: %v", r.Flags)
	}
	r := Analyze(rec, err, Options{RequireTags: []string{"Site"}})
	if f := flag(r, flags.MissingTags); f == nil || f.Detail != "missing or empty: Site" {
		t.Errorf("flags %v", r.Flags)
	}
}

// TestNaturalLimit builds a game of 120 quiet plies (random legal moves
// that capture nothing) and expects the natural_limit flag at ply 120.
func TestNaturalLimit(t *testing.T) {
	moves := randgame.Quiet(rand.New(rand.NewPCG(3, 4)), 130)
	var b strings.Builder
	b.WriteString(fullTags + "[Result \"1/2-1/2\"]\n[Format \"ICCS\"]\n")
	for i, m := range moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m.String() + " ")
	}
	b.WriteString("1/2-1/2\n")
	rec, err := readPGN(t, b.String())
	r := Analyze(rec, err, Options{})
	f := flag(r, flags.NaturalLimit)
	if f == nil || f.Ply != 120 || f.Severity != flags.Info {
		t.Fatalf("natural_limit flag = %+v; flags %v", f, r.Flags)
	}
	if r.Status != StatusOK {
		t.Errorf("an info flag must not make the game flagged: %v", r.Flags)
	}
}

// recordsDir returns ../shared/testdata/records or skips.
func recordsDir(t testing.TB) string {
	t.Helper()
	return shareddata.Dir(t, "records")
}

// TestRealEndgameResults checks result_mismatch and stalemate on positions
// from real endgame records: every walker8088 end-game file that replays
// fully and ends in mate or stalemate must get the result the position
// decides, and a declared result that contradicts it must be flagged.
func TestRealEndgameResults(t *testing.T) {
	dir := filepath.Join(recordsDir(t), "walker8088__cchess", "games")
	var decided, mismatches, stalemates int
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f := parse.Detect(data, path)
		if f == "" {
			return nil
		}
		rd, err := parse.NewReader(f, bytes.NewReader(data), int64(len(data)), path)
		if err != nil {
			return nil
		}
		for {
			rec, err := rd.Next()
			if err == io.EOF || rec == nil {
				return nil
			}
			r := Analyze(rec, err, Options{})
			if r.Game == nil || r.Game.Fail != nil || (r.Termination != TermMate && r.Termination != TermStalemate) {
				continue
			}
			decided++
			if r.Termination == TermStalemate {
				stalemates++
			}
			// The final position must really be terminal.
			if r.Game.Final.HasLegalMove() {
				t.Errorf("%s#%d: result by position %s but the side to move has a move", path, rec.Index, r.ResultByPosition)
			}
			d := r.Declared()
			mismatch := d != ResultUnknown && d != r.ResultByPosition
			if mismatch != r.HasCode(flags.ResultMismatch) {
				t.Errorf("%s#%d: declared %s, by position %s, flags %v", path, rec.Index, d, r.ResultByPosition, codes(r))
			}
			if mismatch {
				mismatches++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if decided < 50 {
		t.Errorf("only %d real games end in mate or stalemate; expected many endgame records", decided)
	}
	t.Logf("%d real games end in mate/stalemate (%d stalemates), %d with a contradicting declared result", decided, stalemates, mismatches)
}

func TestFailureReasons(t *testing.T) {
	// Each reason named in the illegal_move detail.
	tests := []struct {
		fen, move, reason string
	}{
		{"", "e4e5", "no such piece"},
		{"", "b0d1", "blocked"},
		{"3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", "kings facing"},
		{"3k5/9/9/9/9/9/9/9/3r5/4K4 w", "e0d0", "leaves the king in check"},
	}
	for _, tt := range tests {
		pgn := fullTags + "[Result \"*\"]\n[Format \"ICCS\"]\n"
		if tt.fen != "" {
			pgn += "[FEN \"" + tt.fen + "\"]\n"
		}
		pgn += "1. " + tt.move + " *\n"
		rec, err := readPGN(t, pgn)
		r := Analyze(rec, err, Options{})
		f := flag(r, flags.IllegalMove)
		if f == nil || !strings.Contains(f.Detail, tt.reason) {
			t.Errorf("%s %s: flags %v, want illegal_move with %q", tt.fen, tt.move, r.Flags, tt.reason)
		}
	}
}
