package parse_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// platformFile reads one file of the shared formats folder.
func platformFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(shareddata.Dir(t, "formats"), name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// platformRead detects and reads every record of data.
func platformRead(t *testing.T, name string, data []byte) (parse.Format, []*parse.Record) {
	t.Helper()
	f := parse.Detect(data[:min(len(data), parse.DetectSize)], name)
	rd, err := parse.NewReader(f, bytes.NewReader(data), int64(len(data)), name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var recs []*parse.Record
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		recs = append(recs, rec)
	}
	return f, recs
}

// platformDeclared counts the moves a sample file declares, computed from
// its bytes independently of the readers.
var platformDeclared = map[string]func(data []byte) int{
	// MXQ: the move fields "\x057C-4C".
	"sample_08_movesky.mxq": func(d []byte) int {
		return len(regexp.MustCompile(`\x05[0-8][A-J]-[0-8][A-J]`).FindAll(d, -1))
	},
	// CHE: the second number of the header.
	"sample_14_QQchess.che": func(d []byte) int {
		n, _ := strconv.Atoi(strings.Fields(string(d))[1])
		return n
	},
	// 17pk CCM: the records after the 12-byte header.
	"sample_10_17pk.CCM": func(d []byte) int { return (len(d) - 12) / 9 },
	// CHN and XQI: the 36-byte records after the list head at 0x1d8.
	"sample_11_ourgame-chess.chn": func(d []byte) int { return (len(d)-0x1d8)/36 - 1 },
	"sample_13_ourgame-chess.xqi": func(d []byte) int { return (len(d)-0x1d8)/36 - 1 },
	// PFC: the <n> elements but the root.
	"sample_31_pengfei.pfc": func(d []byte) int { return bytes.Count(d, []byte("<n ")) - 1 },
	// XGF: each move record ends in ff ff ff.
	"sample_32_xiexieXiangqi.xgf": func(d []byte) int { return bytes.Count(d, []byte{0xff, 0xff, 0xff}) },
}

func TestPlatformRealFiles(t *testing.T) {
	tests := []struct {
		file   string
		format parse.Format
		result string
		tags   map[string]string
	}{
		{"sample_08_movesky.mxq", parse.FormatMXQ, "0-1", map[string]string{
			"Red": "guest96928(5r)", "Black": "zzxxbb(3r)", "RedElo": "1500", "BlackElo": "1348",
			"Date": "2016.12.27", "Site": "聚义堂", "Event": "guest96928(5r)-负-zzxxbb(3r)"}},
		{"sample_14_QQchess.che", parse.FormatCHE, "", nil},
		{"sample_10_17pk.CCM", parse.FormatCCM, "", map[string]string{"CCMLayout": "9"}},
		{"sample_11_ourgame-chess.chn", parse.FormatCHN, "", map[string]string{
			"Red": "木易四郎", "Black": "温柔一刀", "RedAccount": "05355621689", "BlackAccount": "jyq0811",
			"Date": "2016.12.27", "Time": "20:57:56", "Event": "木易四郎[05355621689] - 温柔一刀[jyq0811]"}},
		{"sample_13_ourgame-chess.xqi", parse.FormatCHN, "", map[string]string{
			"Red": "木易四郎", "Black": "温柔一刀", "Date": "2016.12.27", "Event": "红方[689] - 黑方[811]"}},
		{"sample_31_pengfei.pfc", parse.FormatPFC, "*", map[string]string{"Date": "2012.01.27", "PFCVersion": "2"}},
		{"sample_32_xiexieXiangqi.xgf", parse.FormatXGF, "", map[string]string{
			"Event": "第25届五羊杯全国象棋冠军邀请赛", "Site": "广州", "Date": "2005.01.18", "Round": "27",
			"Red": "吉林 洪智", "Black": "火车头 于幼华", "RedElo": "1500", "BlackElo": "1500"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data := platformFile(t, tt.file)
			// Content decides: the name says nothing.
			if got := parse.Detect(data, "record.bin"); got != tt.format {
				t.Fatalf("Detect = %q, want %q", got, tt.format)
			}
			f, recs := platformRead(t, tt.file, data)
			if f != tt.format || len(recs) != 1 {
				t.Fatalf("format %q, %d records", f, len(recs))
			}
			rec := recs[0]
			if len(rec.Problems) > 0 {
				t.Errorf("problems: %v", rec.Problems)
			}
			for name, want := range tt.tags {
				if got := rec.Tags.Value(name); got != want {
					t.Errorf("tag %s = %q, want %q", name, got, want)
				}
			}
			if rec.Result != tt.result {
				t.Errorf("result %q, want %q", rec.Result, tt.result)
			}
			line := rec.MainLine()
			if want := platformDeclared[tt.file](data); len(line) != want {
				t.Errorf("%d moves, the file declares %d", len(line), want)
			}
			g := replay.Replay(rec, replay.Options{})
			if !g.HasStart || g.StartErr != nil {
				t.Fatalf("start position: %v", g.StartErr)
			}
			if g.Fail != nil {
				// Only the QQ record may fail: QQ象棋 lets a player move
				// into check, and the game ends by taking the king.
				last := line[len(line)-1].Move
				if tt.format != parse.FormatCHE || g.Fail.Ply != len(line)-1 || g.Final.Piece(last.To()).Kind() != board.King {
					t.Errorf("replay fails: %v (FEN %s)", g.Fail, g.Fail.FEN)
				}
				if g.Fail.FEN == "" {
					t.Errorf("failure without its position: %v", g.Fail)
				}
				t.Logf("flagged: %v at %s", g.Fail, g.Fail.FEN)
			}
			if len(g.Plies)+g.Unplayed != len(line) {
				t.Errorf("%d plies + %d unplayed, %d moves", len(g.Plies), g.Unplayed, len(line))
			}
		})
	}
}

// The 联众 records and the program's own text export of the same game
// (sample_12x, read by the PGN reader) hold the same moves: the XQI is
// a copy saved 20 seconds before the CHN, one move shorter.
func TestPlatformCHNMatchesTextExport(t *testing.T) {
	_, txt := platformRead(t, "sample_12x_ourgame-chess.txt", platformFile(t, "sample_12x_ourgame-chess.txt"))
	if len(txt) != 1 {
		t.Fatalf("text export: %d records", len(txt))
	}
	want := replay.Replay(txt[0], replay.Options{})
	if want.Fail != nil || len(want.Plies) == 0 {
		t.Fatalf("text export: %d plies, %v", len(want.Plies), want.Fail)
	}
	for _, name := range []string{"sample_13_ourgame-chess.xqi", "sample_11_ourgame-chess.chn"} {
		_, recs := platformRead(t, name, platformFile(t, name))
		got := replay.Replay(recs[0], replay.Options{})
		if len(got.Plies) < len(want.Plies) {
			t.Fatalf("%s: %d plies, the text export %d", name, len(got.Plies), len(want.Plies))
		}
		for i, p := range want.Plies {
			if got.Plies[i].Move != p.Move {
				t.Fatalf("%s: ply %d is %v, the text export's %v", name, i+1, got.Plies[i].Move, p.Move)
			}
		}
	}
}

// The older 7-byte CCM layout, made from the 17pk file's moves (bytes
// 3..6 from-x, to-x, from-y, to-y), reads to the same moves, and so does
// its copy saved from black's side (the board turned round).
func TestPlatformCCM7(t *testing.T) {
	data := platformFile(t, "sample_10_17pk.CCM")
	_, recs := platformRead(t, "17pk.ccm", data)
	want := recs[0].MainLine()
	n := int(binary.LittleEndian.Uint32(data[8:]))
	for _, turned := range []bool{false, true} {
		var b []byte
		for k := 0; k < n; k++ {
			r := data[12+9*k:]
			x1, y1, x2, y2 := r[3], r[4], r[5], r[6]
			if turned {
				x1, y1, x2, y2 = 8-x1, 9-y1, 8-x2, 9-y2
			}
			b = append(b, r[0], r[1], r[2], x1, x2, y1, y2)
		}
		if f := parse.Detect(b, "old.ccm"); f != parse.FormatCCM {
			t.Fatalf("Detect = %q", f)
		}
		_, got := platformRead(t, "old.ccm", b)
		line := got[0].MainLine()
		if len(line) != len(want) || len(got[0].Problems) > 0 {
			t.Fatalf("turned %v: %d moves (want %d), problems %v", turned, len(line), len(want), got[0].Problems)
		}
		for i := range line {
			if line[i].Move != want[i].Move {
				t.Fatalf("turned %v: move %d is %v, want %v", turned, i+1, line[i].Move, want[i].Move)
			}
		}
	}
}

func TestPlatformFENLists(t *testing.T) {
	for _, tt := range []struct {
		file   string
		format parse.Format
	}{
		{"sample_41_fen.fen", parse.FormatFEN},
		{"sample_42_xfen.xfen", parse.FormatXFEN},
	} {
		data := platformFile(t, tt.file)
		if got := parse.Detect(data, "list.txt"); got != tt.format {
			t.Errorf("%s: Detect = %q, want %q", tt.file, got, tt.format)
		}
		_, recs := platformRead(t, tt.file, data)
		// One entry per [FEN line, each a position without moves.
		if want := bytes.Count(data, []byte("[FEN \"")); len(recs) != want {
			t.Errorf("%s: %d entries, the file has %d FEN lines", tt.file, len(recs), want)
		}
		for i, rec := range recs {
			if rec.FEN == "" || len(rec.Root.Children) != 0 || rec.Tags.Value("FEN_INDEX") == "" || rec.Tags.Value("Event") == "" || len(rec.Problems) > 0 {
				t.Errorf("%s entry %d: FEN %q, %d moves, tags %v, problems %v", tt.file, i, rec.FEN, len(rec.Root.Children), rec.Tags, rec.Problems)
			}
			if rec.Index != i {
				t.Errorf("%s entry %d: index %d", tt.file, i, rec.Index)
			}
			if _, err := board.ParseFEN(rec.FEN); err != nil && tt.format == parse.FormatFEN {
				t.Errorf("%s entry %d: %v", tt.file, i, err)
			}
			if tt.format == parse.FormatXFEN && !strings.Contains(string(data), rec.Tags.Value("XFEN")) {
				t.Errorf("%s entry %d: XFEN tag %q not as written", tt.file, i, rec.Tags.Value("XFEN"))
			}
		}
	}
}

// platformSamples are the sample files of the new readers and their
// formats.
var platformSamples = []struct {
	file   string
	format parse.Format
}{
	{"sample_08_movesky.mxq", parse.FormatMXQ},
	{"sample_14_QQchess.che", parse.FormatCHE},
	{"sample_10_17pk.CCM", parse.FormatCCM},
	{"sample_11_ourgame-chess.chn", parse.FormatCHN},
	{"sample_13_ourgame-chess.xqi", parse.FormatCHN},
	{"sample_31_pengfei.pfc", parse.FormatPFC},
	{"sample_32_xiexieXiangqi.xgf", parse.FormatXGF},
	{"sample_41_fen.fen", parse.FormatFEN},
	{"sample_42_xfen.xfen", parse.FormatXFEN},
}

// readAllOf reads data as format f to the end; it fails on a panic, a
// reader that does not end, or a nil record returned with a non-I/O error.
func readAllOf(t *testing.T, f parse.Format, data []byte) (recs []*parse.Record, errs []error) {
	t.Helper()
	rd, err := parse.NewReader(f, bytes.NewReader(data), int64(len(data)), "damaged")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if i > len(data)+10 {
			t.Fatalf("reader does not end")
		}
		rec, err := rd.Next()
		if err == io.EOF {
			return recs, errs
		}
		var pe *parse.Error
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("unpositioned error %v", err)
		}
		if rec == nil {
			t.Fatalf("nil record with %v", err)
		}
		recs, errs = append(recs, rec), append(errs, err)
	}
}

// Damaged copies (cut at every length, every byte flipped) read without a
// panic; a cut copy that lost moves says so (a problem or an error), and
// the moves it keeps are the original's.
func TestPlatformDamaged(t *testing.T) {
	for _, s := range platformSamples {
		t.Run(s.file, func(t *testing.T) {
			data := platformFile(t, s.file)
			orig, _ := readAllOf(t, s.format, data)
			for n := 0; n < len(data); n++ {
				recs, errs := readAllOf(t, s.format, data[:n])
				if s.format == parse.FormatFEN || s.format == parse.FormatXFEN {
					continue // a cut list is a shorter list
				}
				if len(recs) != 1 {
					t.Fatalf("cut at %d: %d records", n, len(recs))
				}
				want, got := orig[0].MainLine(), recs[0].MainLine()
				if len(got) > len(want) {
					t.Fatalf("cut at %d: %d moves, more than the %d of the whole file", n, len(got), len(want))
				}
				for i := range got {
					if got[i].Move != want[i].Move && got[i].Move != board.NoMove {
						t.Fatalf("cut at %d: move %d is %v, the whole file's %v", n, i+1, got[i].Move, want[i].Move)
					}
				}
				if len(got) < len(want) && errs[0] == nil && len(recs[0].Problems) == 0 {
					t.Fatalf("cut at %d: %d of %d moves and nothing said", n, len(got), len(want))
				}
			}
			buf := make([]byte, len(data))
			for i := range data {
				copy(buf, data)
				buf[i] ^= 0xff
				recs, _ := readAllOf(t, s.format, buf)
				if len(recs) == 0 {
					t.Fatalf("byte %d flipped: no record", i)
				}
			}
		})
	}
}

// The text exports of other programs are read by the PGN reader: one of
// the games read replays every move of their numbered lines. (Their
// "标题：…" header lines are tags: pgn_textexport_test.go.)
func TestPlatformTextExports(t *testing.T) {
	numbered := regexp.MustCompile(`^\s*\d+\.\s*(.*)$`)
	for _, name := range []string{"sample_04x.txt", "sample_12x_ourgame-chess.txt", "sample_01x_gmchess.pgn"} {
		data := platformFile(t, name)
		text, _, _ := parse.DecodeText(data)
		want := 0
		for _, l := range strings.Split(text, "\n") {
			if m := numbered.FindStringSubmatch(l); m != nil {
				want += len(strings.Fields(m[1]))
			}
		}
		f, recs := platformRead(t, name, data)
		if f != parse.FormatPGN {
			t.Errorf("%s: format %q", name, f)
		}
		best := 0
		for _, rec := range recs {
			g := replay.Replay(rec, replay.Options{})
			if g.Fail == nil {
				best = max(best, len(g.Plies))
			}
		}
		if want == 0 || best != want {
			t.Errorf("%s: a game replays %d plies, the numbered lines hold %d moves", name, best, want)
		}
	}
}

// In the 17pk CCM layout the last two bytes of a move name the piece it
// captures (0 0 when none), and byte 2 the kind of the piece moved: both
// agree with the replayed game, which pins the reading of the layout.
func TestPlatformCCM17pkCaptures(t *testing.T) {
	data := platformFile(t, "sample_10_17pk.CCM")
	_, recs := platformRead(t, "17pk.ccm", data)
	g := replay.Replay(recs[0], replay.Options{})
	if g.Fail != nil {
		t.Fatal(g.Fail)
	}
	kinds := [8]board.Kind{board.NoKind, board.King, board.Advisor, board.Bishop, board.Knight, board.Rook, board.Cannon, board.Pawn}
	p := g.Start
	captures := 0
	for i, ply := range g.Plies {
		r := data[12+9*i:]
		if got := p.Piece(ply.Move.From()).Kind(); got != kinds[r[2]&7] {
			t.Errorf("move %d: kind %d, the piece moved is %v", i+1, r[2], got)
		}
		switch {
		case ply.Capture == board.NoPiece && (r[7] != 0 || r[8] != 0):
			t.Errorf("move %d: captures nothing, the record says %d %d", i+1, r[7], r[8])
		case ply.Capture != board.NoPiece && kinds[r[8]&7] != ply.Capture.Kind():
			t.Errorf("move %d: captures %v, the record says kind %d", i+1, ply.Capture, r[8])
		}
		if ply.Capture != board.NoPiece {
			captures++
		}
		p.MakeMove(ply.Move)
	}
	if captures == 0 {
		t.Error("no capture: the test checks nothing")
	}
}
