package notation

import (
	"errors"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// Positions of the FORMATS 3.4 pawn table (Red pawns moving to file 四, or
// to file 五 in the two-file row) and of the other table tests.
const (
	fenTwoPawns   = "4k4/9/9/6P2/6P2/9/9/9/9/3K5 w - - 0 1"
	fenThreePawns = "4k4/9/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1"
	fenFourPawns  = "4k4/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1"
	fenFivePawns  = "4k1P2/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1"
	fenTwoFiles   = "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1"
	// fenTwoFilesBlack is fenTwoFiles turned round, Black to move.
	fenTwoFilesBlack = "4k4/9/9/9/9/9/3p1p3/4p4/3p1p3/4K4 b - - 0 1"
	// fenThreeTwo has three pawns on file 三 and two on file 七.
	fenThreeTwo = "4k4/9/2P3P2/2P3P2/6P2/9/9/9/9/3K5 w - - 0 1"
	// Two chariots on file 一, two pawns on file 九 and on file 七.
	fenTandem = "4k4/9/9/9/P1P6/P1P6/9/8R/9/3K4R w - - 0 1"
	// Black pawns doubled on files 3 and 7.
	fenBlackPawns = "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1"
)

type resolveCase struct {
	name string
	fen  string // "" = start position
	pre  []string
	text string
	n    Notation
	want string  // UCCI move, or "" when an error is expected
	errs []error // errors the result must match
}

func runResolveCases(t *testing.T, tests []resolveCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.text, func(t *testing.T) {
			p := play(t, tt.fen, tt.pre...)
			m, err := ResolveText(&p, tt.text, tt.n)
			if tt.want != "" {
				if err != nil || m.String() != tt.want {
					t.Fatalf("ResolveText(%q, %q) = %v, %v; want %s", tt.text, tt.n, m, err, tt.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("ResolveText(%q, %q) = %v; want error", tt.text, tt.n, m)
			}
			for _, e := range tt.errs {
				if !errors.Is(err, e) {
					t.Errorf("error %v does not match %v", err, e)
				}
			}
			var ne *Error
			if !errors.As(err, &ne) || ne.Text != tt.text {
				t.Errorf("error %#v is not an *Error with the text", err)
			}
		})
	}
}

// TestPawnTable has one case per cell of the FORMATS 3.4 table.
func TestPawnTable(t *testing.T) {
	C, W := NotationChinese, NotationWXF
	tests := []resolveCase{
		// 2 on one file: every convention agrees.
		{"two/xqbase", fenTwoPawns, nil, "前兵平四", C, "g6f6", nil},
		{"two/xqbase", fenTwoPawns, nil, "后兵平四", C, "g5f5", nil},
		{"two/wxf", fenTwoPawns, nil, "P+.4", W, "g6f6", nil},
		{"two/wxf", fenTwoPawns, nil, "P-.4", W, "g5f5", nil},
		// 3 on one file.
		{"three/xqbase", fenThreePawns, nil, "前兵平四", C, "g7f7", nil},
		{"three/xqbase", fenThreePawns, nil, "中兵平四", C, "g6f6", nil},
		{"three/xqbase", fenThreePawns, nil, "后兵平四", C, "g5f5", nil},
		{"three/wxf", fenThreePawns, nil, "P+.4", W, "g7f7", nil},
		{"three/wxf", fenThreePawns, nil, "P3.4", W, "g6f6", nil},
		{"three/wxf", fenThreePawns, nil, "P-.4", W, "g5f5", nil},
		{"three/xqbase-wxf", fenThreePawns, nil, "P..4", W, "g6f6", nil},
		{"three/plain-middle", fenThreePawns, nil, "兵三平四", C, "g6f6", nil},
		// 4 on one file.
		{"four/xqbase", fenFourPawns, nil, "一兵平四", C, "g8f8", nil},
		{"four/xqbase", fenFourPawns, nil, "二兵平四", C, "g7f7", nil},
		{"four/xqbase", fenFourPawns, nil, "三兵平四", C, "g6f6", nil},
		{"four/xqbase", fenFourPawns, nil, "四兵平四", C, "g5f5", nil},
		{"four/traditional", fenFourPawns, nil, "前兵平四", C, "g8f8", nil},
		{"four/traditional", fenFourPawns, nil, "后兵平四", C, "g5f5", nil},
		{"four/xqstudio", fenFourPawns, nil, "後兵平四", C, "g5f5", nil},
		{"four/wxf", fenFourPawns, nil, "++.4", W, "g8f8", nil},
		{"four/wxf", fenFourPawns, nil, "P+.4", W, "g7f7", nil},
		{"four/wxf", fenFourPawns, nil, "P-.4", W, "g6f6", nil},
		{"four/wxf", fenFourPawns, nil, "--.4", W, "g5f5", nil},
		{"four/xqbase-wxf", fenFourPawns, nil, "Pa.4", W, "g8f8", nil},
		{"four/xqbase-wxf", fenFourPawns, nil, "Pb.4", W, "g7f7", nil},
		{"four/xqbase-wxf", fenFourPawns, nil, "Pc.4", W, "g6f6", nil},
		{"four/xqbase-wxf", fenFourPawns, nil, "Pd.4", W, "g5f5", nil},
		// 5 on one file.
		{"five/xqbase", fenFivePawns, nil, "一兵平四", C, "g9f9", nil},
		{"five/xqbase", fenFivePawns, nil, "三兵平四", C, "g7f7", nil},
		{"five/xqbase", fenFivePawns, nil, "五兵平四", C, "g5f5", nil},
		{"five/traditional", fenFivePawns, nil, "前兵平四", C, "g9f9", nil},
		{"five/traditional", fenFivePawns, nil, "二兵平四", C, "g8f8", nil},
		{"five/traditional", fenFivePawns, nil, "四兵平四", C, "g6f6", nil},
		{"five/xqstudio", fenFivePawns, nil, "后兵平四", C, "g5f5", nil},
		{"five/middle", fenFivePawns, nil, "中兵平四", C, "g7f7", nil},
		{"five/wxf", fenFivePawns, nil, "++.4", W, "g9f9", nil},
		{"five/wxf", fenFivePawns, nil, "P+.4", W, "g8f8", nil},
		{"five/wxf", fenFivePawns, nil, "P3.4", W, "g7f7", nil},
		{"five/wxf", fenFivePawns, nil, "P-.4", W, "g6f6", nil},
		{"five/wxf", fenFivePawns, nil, "--.4", W, "g5f5", nil},
		{"five/xqbase-wxf", fenFivePawns, nil, "Pe.4", W, "g5f5", nil},
		// Two files with two pawns each.
		{"twofiles/xqbase", fenTwoFiles, nil, "一兵平五", C, "f8e8", nil},
		{"twofiles/xqbase", fenTwoFiles, nil, "二兵平五", C, "f6e6", nil},
		{"twofiles/xqbase", fenTwoFiles, nil, "三兵平五", C, "d8e8", nil},
		{"twofiles/xqbase", fenTwoFiles, nil, "四兵平五", C, "d6e6", nil},
		{"twofiles/traditional", fenTwoFiles, nil, "前兵四平五", C, "f8e8", nil},
		{"twofiles/traditional", fenTwoFiles, nil, "后兵四平五", C, "f6e6", nil},
		{"twofiles/traditional", fenTwoFiles, nil, "前兵六平五", C, "d8e8", nil},
		{"twofiles/traditional", fenTwoFiles, nil, "后兵六平五", C, "d6e6", nil},
		{"twofiles/abbreviated", fenTwoFiles, nil, "前四平五", C, "f8e8", nil},
		{"twofiles/abbreviated", fenTwoFiles, nil, "后六平五", C, "d6e6", nil},
		{"twofiles/xqstudio", fenTwoFiles, nil, "前兵平五", C, "", []error{ErrAmbiguous}},
		{"twofiles/wxf", fenTwoFiles, nil, "4+.5", W, "f8e8", nil},
		{"twofiles/wxf", fenTwoFiles, nil, "4-.5", W, "f6e6", nil},
		{"twofiles/wxf", fenTwoFiles, nil, "6+.5", W, "d8e8", nil},
		{"twofiles/wxf", fenTwoFiles, nil, "6-.5", W, "d6e6", nil},
		{"twofiles/xqbase-wxf", fenTwoFiles, nil, "Pa.5", W, "f8e8", nil},
		{"twofiles/xqbase-wxf", fenTwoFiles, nil, "Pb.5", W, "f6e6", nil},
		{"twofiles/xqbase-wxf", fenTwoFiles, nil, "Pc.5", W, "d8e8", nil},
		{"twofiles/xqbase-wxf", fenTwoFiles, nil, "Pd.5", W, "d6e6", nil},
		{"twofiles/black", fenTwoFilesBlack, nil, "一卒平５", C, "d1e1", nil},
		{"twofiles/black", fenTwoFilesBlack, nil, "二卒平5", C, "d3e3", nil},
		{"twofiles/black", fenTwoFilesBlack, nil, "三卒平５", C, "f1e1", nil},
		{"twofiles/black", fenTwoFilesBlack, nil, "四卒平５", C, "f3e3", nil},
		{"twofiles/black-wxf", fenTwoFilesBlack, nil, "4+.5", W, "d1e1", nil},
		{"twofiles/black-wxf", fenTwoFilesBlack, nil, "pd.5", W, "f3e3", nil},
		// 3+2: official WXF marks the middle pawn by repeating the file.
		{"threetwo/wxf", fenThreeTwo, nil, "33.4", W, "g6f6", nil},
		{"threetwo/wxf", fenThreeTwo, nil, "3+.4", W, "g7f7", nil},
		{"threetwo/wxf", fenThreeTwo, nil, "3-.4", W, "g5f5", nil},
		{"threetwo/wxf", fenThreeTwo, nil, "7+.6", W, "c7d7", nil},
		{"threetwo/wxf", fenThreeTwo, nil, "7-.6", W, "c6d6", nil},
		{"threetwo/xqbase", fenThreeTwo, nil, "一兵平四", C, "g7f7", nil},
		{"threetwo/xqbase", fenThreeTwo, nil, "五兵平六", C, "c6d6", nil},
		{"threetwo/xqbase-wxf", fenThreeTwo, nil, "Pe.6", W, "c6d6", nil},
		// A pawn alone on its file.
		{"alone", fenTwoFiles, nil, "兵五进一", C, "e7e8", nil},
		{"alone", fenTwoFiles, nil, "P5+1", W, "e7e8", nil},
	}
	runResolveCases(t, tests)
}

// TestPawnTableWrite checks the writers on the FORMATS 3.4 positions.
func TestPawnTableWrite(t *testing.T) {
	tests := []struct {
		fen, move, chinese, wxf string
	}{
		{fenTwoPawns, "g6f6", "前兵平四", "P+.4"},
		{fenTwoPawns, "g5f5", "后兵平四", "P-.4"},
		{fenThreePawns, "g7f7", "前兵平四", "P+.4"},
		{fenThreePawns, "g6f6", "中兵平四", "P3.4"},
		{fenThreePawns, "g5f5", "后兵平四", "P-.4"},
		{fenFourPawns, "g8f8", "一兵平四", "++.4"},
		{fenFourPawns, "g7f7", "二兵平四", "P+.4"},
		{fenFourPawns, "g6f6", "三兵平四", "P-.4"},
		{fenFourPawns, "g5f5", "四兵平四", "--.4"},
		{fenFivePawns, "g9f9", "一兵平四", "++.4"},
		{fenFivePawns, "g8f8", "二兵平四", "P+.4"},
		{fenFivePawns, "g7f7", "三兵平四", "P3.4"},
		{fenFivePawns, "g6f6", "四兵平四", "P-.4"},
		{fenFivePawns, "g5f5", "五兵平四", "--.4"},
		{fenTwoFiles, "f8e8", "一兵平五", "4+.5"},
		{fenTwoFiles, "f6e6", "二兵平五", "4-.5"},
		{fenTwoFiles, "d8e8", "三兵平五", "6+.5"},
		{fenTwoFiles, "d6e6", "四兵平五", "6-.5"},
		{fenTwoFiles, "e7e8", "兵五进一", "P5+1"},
		{fenTwoFilesBlack, "d1e1", "一卒平５", "4+.5"},
		{fenTwoFilesBlack, "f3e3", "四卒平５", "6-.5"},
		{fenThreeTwo, "g6f6", "二兵平四", "33.4"},
		{fenThreeTwo, "c7d7", "四兵平六", "7+.6"},
		{fenTandem, "i2g2", "前车平三", "R+.3"},
		{fenTandem, "i0i1", "后车进一", "R-+1"},
		{fenTandem, "a5b5", "三兵平八", "9+.8"},
		{fenTandem, "c4d4", "二兵平六", "7-.6"},
	}
	for _, tt := range tests {
		t.Run(tt.move, func(t *testing.T) {
			p := play(t, tt.fen)
			m, _ := board.ParseMove(tt.move)
			if got := FormatChinese(&p, m, ChineseStyle{}); got != tt.chinese {
				t.Errorf("FormatChinese = %q, want %q", got, tt.chinese)
			}
			if got := FormatWXF(&p, m); got != tt.wxf {
				t.Errorf("FormatWXF = %q, want %q", got, tt.wxf)
			}
		})
	}
}

// TestSpellings covers character variants, numeral styles, the five
// layouts, WXF variants and annotations.
func TestSpellings(t *testing.T) {
	C, W, A := NotationChinese, NotationWXF, NotationAuto
	b := []string{"h2e2"} // Black to move
	tests := []resolveCase{
		{"plain", "", nil, "炮二平五", C, "h2e2", nil},
		{"ascii red", "", nil, "炮2平5", C, "h2e2", nil},
		{"fullwidth red", "", nil, "炮２平５", C, "h2e2", nil},
		{"cannon 砲", "", nil, "砲二平五", C, "h2e2", nil},
		{"cannon 包", "", nil, "包二平五", C, "h2e2", nil},
		{"financial", "", nil, "炮贰平伍", C, "h2e2", nil},
		{"financial traditional", "", nil, "炮貳平五", C, "h2e2", nil},
		{"financial 參 陸", "", nil, "兵參進壹", C, "g3g4", nil},
		{"financial 陸", "", nil, "車壹進陸", C, "", []error{ErrIllegal, board.ErrBlocked}},
		{"financial 玖 捌", "", nil, "車玖進壹", C, "a0a1", nil},
		{"horse 馬", "", nil, "馬二進三", C, "h0g2", nil},
		{"horse 傌", "", nil, "傌二进三", C, "h0g2", nil},
		{"old 上", "", nil, "马二上三", C, "h0g2", nil},
		{"chariot 俥", "", nil, "俥一進一", C, "i0i1", nil},
		{"chariot 硨", "", nil, "硨一进二", C, "i0i2", nil},
		{"chariot 車", "", nil, "車九進二", C, "a0a2", nil},
		{"king 帥", "", nil, "帥五進一", C, "e0e1", nil},
		{"king 将 for red", "", nil, "将五进一", C, "e0e1", nil},
		{"advisor 士 for red", "", nil, "士四進五", C, "f0e1", nil},
		{"elephant 象 for red", "", nil, "象三進五", C, "g0e2", nil},
		{"pawn 卒 for red", "", nil, "卒七进一", C, "c3c4", nil},
		{"black fullwidth", "", b, "马８进７", C, "h9g7", nil},
		{"black ascii", "", b, "马8进7", C, "h9g7", nil},
		{"black chinese numerals", "", b, "马八进七", C, "h9g7", nil},
		{"black financial", "", b, "馬捌進柒", C, "h9g7", nil},
		{"black 將", "", b, "將５進１", C, "e9e8", nil},
		{"black 卒", "", b, "卒3进1", C, "c6c5", nil},
		{"black 兵", "", b, "兵３进１", C, "c6c5", nil},
		{"black 象", "", b, "象3進5", C, "c9e7", nil},
		{"ideographic space", "", nil, "\u3000炮二 平五 ", C, "h2e2", nil},
		{"annotation !", "", nil, "炮二平五!", C, "h2e2", nil},
		{"annotation ？", "", nil, "炮二平五？", C, "h2e2", nil},
		{"annotation +", "", nil, "炮二平五+", C, "h2e2", nil},
		// Layouts with two chariots on file 一.
		{"qualified", fenTandem, nil, "前车平三", C, "i2g2", nil},
		{"qualified 後", fenTandem, nil, "後車進一", C, "i0i1", nil},
		{"hk order", fenTandem, nil, "車前平三", C, "i2g2", nil},
		{"hk order rear", fenTandem, nil, "车后进一", C, "i0i1", nil},
		{"five characters", fenTandem, nil, "前车一平三", C, "i2g2", nil},
		{"plain tolerated", fenTandem, nil, "车一退一", C, "i2i1", nil},
		{"plain ambiguous", fenTandem, nil, "车一平二", C, "", []error{ErrAmbiguous}},
		{"front pawn two files", fenTandem, nil, "前兵九平八", C, "a5b5", nil},
		{"front pawn abbreviated", fenTandem, nil, "前九平八", C, "a5b5", nil},
		{"ordinal per file", fenBlackPawns, nil, "二7平6", C, "g4f4", nil},
		{"ordinal per file ３", fenBlackPawns, nil, "二３平４", C, "c4d4", nil},
		{"black front", fenBlackPawns, nil, "前卒7平6", C, "g3f3", nil},
		// WXF.
		{"wxf dot", "", nil, "C2.5", W, "h2e2", nil},
		{"wxf equals", "", nil, "C2=5", W, "h2e2", nil},
		{"wxf lowercase black", "", b, "h8+7", W, "h9g7", nil},
		{"wxf playok", "", b, "c8.7", W, "h7g7", nil},
		{"wxf B N letters", "", nil, "N2+3", W, "h0g2", nil},
		{"wxf B", "", nil, "B3+5", W, "g0e2", nil},
		{"wxf keypad", "", nil, "62.5", W, "h2e2", nil},
		{"wxf keypad horse", "", nil, "42+3", W, "h0g2", nil},
		{"wxf tandem", fenTandem, nil, "R+.3", W, "i2g2", nil},
		{"wxf tandem sign first", fenTandem, nil, "+R.3", W, "i2g2", nil},
		{"wxf tandem rear", fenTandem, nil, "R-+1", W, "i0i1", nil},
		{"wxf tandem rear sign first", fenTandem, nil, "-R+1", W, "i0i1", nil},
		{"wxf annotation !", "", nil, "C2.5!", W, "h2e2", nil},
		{"wxf annotation ?", "", nil, "C2.5?", W, "h2e2", nil},
		{"wxf annotation !?", "", nil, "C2.5!?", W, "h2e2", nil},
		{"wxf check", "", nil, "C2.5+", W, "h2e2", nil},
		{"wxf mate", "", nil, "C2.5++", W, "h2e2", nil},
		{"wxf G king", "", nil, "G5+1", W, "e0e1", nil},
		{"wxf G advisor", "", nil, "G4+5", W, "f0e1", nil},
		// Coordinates and SAN.
		{"iccs", "", nil, "H2-E2", NotationICCS, "h2e2", nil},
		{"iccs lower hyphen", "", nil, "h2-e2", NotationICCS, "h2e2", nil},
		{"ucci", "", nil, "h2e2", NotationICCS, "h2e2", nil},
		{"ucci upper", "", nil, "H2E2", NotationICCS, "h2e2", nil},
		{"uci 1-10", "", nil, "h3e3", NotationUCI, "h2e2", nil},
		{"uci rank 10", "", []string{"h2e2", "h9g7", "h0g2"}, "i10h10", NotationUCI, "i9h9", nil},
		{"san", "", nil, "Che2", NotationSAN, "h2e2", nil},
		{"san pawn", "", nil, "c4", NotationSAN, "c3c4", nil},
		{"san horse", "", nil, "Hg2", NotationSAN, "h0g2", nil},
		{"san ambiguous", "", nil, "Ce2", NotationSAN, "", []error{ErrAmbiguous}},
		// Detection.
		{"auto chinese", "", nil, "炮二平五", A, "h2e2", nil},
		{"auto iccs", "", nil, "H2-E2", A, "h2e2", nil},
		{"auto wxf", "", nil, "C2.5", A, "h2e2", nil},
		{"auto san", "", nil, "Chf2", A, "h2f2", nil},
	}
	runResolveCases(t, tests)
}

// TestErrors checks the error classes and reasons.
func TestErrors(t *testing.T) {
	C := NotationChinese
	tests := []resolveCase{
		{"syntax", "", nil, "炮二平", C, "", []error{ErrSyntax}},
		{"syntax extra", "", nil, "炮二平五五", C, "", []error{ErrSyntax}},
		{"syntax horse sideways", "", nil, "马二平三", C, "", []error{ErrSyntax}},
		{"syntax wxf", "", nil, "C2*5", NotationWXF, "", []error{ErrSyntax}},
		{"syntax iccs", "", nil, "h2e", NotationICCS, "", []error{ErrSyntax}},
		{"syntax notation", "", nil, "h2e2", Notation("dhtml"), "", []error{ErrSyntax}},
		{"blocked", "", nil, "车一进四", C, "", []error{ErrIllegal, board.ErrBlocked, board.ErrIllegalMove}},
		{"no piece", "", nil, "马五进三", C, "", []error{ErrIllegal, board.ErrNoPiece}},
		{"wrong side", "", []string{"h2e2"}, "炮五进四", C, "", []error{ErrIllegal, board.ErrWrongSide}},
		{"wrong side iccs", "", []string{"h2e2"}, "e2e6", NotationICCS, "", []error{ErrIllegal, board.ErrWrongSide}},
		{"kings facing", "4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1", nil, "炮五平四", C, "", []error{ErrIllegal, board.ErrFlyingGeneral}},
		{"self check", "3k5/9/9/4r4/9/9/9/4R4/9/4K4 w - - 0 1", nil, "车五平四", C, "", []error{ErrIllegal, board.ErrSelfCheck}},
		{"bad path", "", nil, "兵七退一", C, "", []error{ErrIllegal, board.ErrBadPath}},
		{"ambiguous", fenTwoFiles, nil, "前兵平五", C, "", []error{ErrAmbiguous}},
		{"san no piece", "", nil, "Re5", NotationSAN, "", []error{ErrIllegal}},
	}
	runResolveCases(t, tests)

	p := play(t, fenTwoFiles)
	_, err := ResolveText(&p, "前兵平五", C)
	var ne *Error
	if !errors.As(err, &ne) || len(ne.Candidates) != 2 || ne.FEN != p.FEN() {
		t.Errorf("ambiguous error %#v: want two candidates and the FEN", err)
	}
}

// TestNotes checks that disagreeing conventions are reported.
func TestNotes(t *testing.T) {
	tests := []struct {
		fen, text string
		want      Note
	}{
		{fenTwoFiles, "一兵平五", NoteDisagree},
		{fenFourPawns, "前兵平四", NoteConvention},
		{fenTandem, "车一退一", NotePlainForm},
		{"", "炮二平五", 0},
	}
	for _, tt := range tests {
		p := play(t, tt.fen)
		c, err := ParseChinese(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		if _, note, err := c.ResolveNote(&p); err != nil || note != tt.want {
			t.Errorf("%s: note %b, %v; want %b", tt.text, note, err, tt.want)
		}
	}
}

// TestParseValues checks the syntax values.
func TestParseValues(t *testing.T) {
	chinese := []struct {
		text string
		want Chinese
	}{
		{"炮二平五", Chinese{Piece: board.Cannon, File: 2, Direction: Sideways, Number: 5}},
		{"前马进７", Chinese{Piece: board.Knight, Qualifier: Front, Direction: Forward, Number: 7}},
		{"車前平三", Chinese{Piece: board.Rook, Qualifier: Front, Direction: Sideways, Number: 3}},
		{"前兵九平八", Chinese{Piece: board.Pawn, Qualifier: Front, File: 9, Direction: Sideways, Number: 8}},
		{"前九平八", Chinese{Qualifier: Front, File: 9, Direction: Sideways, Number: 8}},
		{"二7平6", Chinese{Qualifier: Second, File: 7, Direction: Sideways, Number: 6}},
		{"一卒平５", Chinese{Piece: board.Pawn, Qualifier: First, Direction: Sideways, Number: 5}},
	}
	for _, tt := range chinese {
		got, err := ParseChinese(tt.text)
		if err != nil || got != tt.want {
			t.Errorf("ParseChinese(%q) = %+v, %v; want %+v", tt.text, got, err, tt.want)
		}
	}
	wxf := []struct {
		text string
		want WXF
	}{
		{"C2.5", WXF{Piece: board.Cannon, File: 2, Direction: Sideways, Number: 5}},
		{"C+-2", WXF{Piece: board.Cannon, Qualifier: Front, Direction: Backward, Number: 2}},
		{"+C-2", WXF{Piece: board.Cannon, Qualifier: Front, Direction: Backward, Number: 2}},
		{"++.4", WXF{Piece: board.Pawn, Qualifier: Frontmost, Direction: Sideways, Number: 4}},
		{"Pa.5", WXF{Piece: board.Pawn, Qualifier: First, Direction: Sideways, Number: 5}},
		{"h2+3", WXF{Piece: board.Knight, File: 2, Direction: Forward, Number: 3}},
	}
	for _, tt := range wxf {
		got, err := ParseWXF(tt.text)
		if err != nil || got.Piece != tt.want.Piece || got.Qualifier != tt.want.Qualifier ||
			got.File != tt.want.File || got.Direction != tt.want.Direction || got.Number != tt.want.Number {
			t.Errorf("ParseWXF(%q) = %+v, %v; want %+v", tt.text, got, err, tt.want)
		}
	}
}

func TestFullWidthWXF(t *testing.T) {
	p := board.StartPosition()
	for text, want := range map[string]string{"Ｃ２＝５": "h2e2", "Ｈ２＋３": "h0g2", "Ｐ７＋１": "c3c4", "Ｅ３＋５": "g0e2", "Ｈ２－３": ""} {
		m, err := ResolveText(&p, text, NotationAuto)
		if want == "" {
			if err == nil {
				t.Errorf("%s: got %v, want an error", text, m)
			} else if e, ok := err.(*Error); !ok || e.Text != text {
				t.Errorf("%s: error %v does not carry the original text", text, err)
			}
			continue
		}
		if err != nil || m.String() != want {
			t.Errorf("%s: %v, %v; want %s", text, m, err, want)
		}
	}
	// Chinese with full-width digits is still Chinese.
	q := board.StartPosition()
	q.MakeMove(board.NewMove(board.SquareAt(7, 2), board.SquareAt(4, 2)))
	if m, err := ResolveText(&q, "马８进７", NotationAuto); err != nil || m.String() != "h9g7" {
		t.Errorf("马８进７: %v, %v", m, err)
	}
}
