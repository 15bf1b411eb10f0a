// The header of the text exports of Chinese programs, read by the PGN
// reader: lines "标题：…", "红方：…", "比赛日期：2016年12月27日20时  比赛地点：…"
// (docs/formats.md, "The text exports").

package parse

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/xqtool/xqtool/notation"
)

// textExportKeys maps the keys of the header lines (spaces taken out) to
// tags. A key not listed is kept under TagTextHeader.
var textExportKeys = map[string]string{
	"标题": "Title", "对局名称": TagEvent, "赛事": TagEvent, "比赛名称": TagEvent,
	"分类": "Category", "来源": "Source", "赛事类型": "EventType", "轮次": TagRound,
	"组别": "Group", "台次": "Board", "日期": TagDate, "比赛日期": TagDate,
	"地点": TagSite, "比赛地点": TagSite, "时间规则": "TimeControl",
	"红方": TagRed, "红等级分": TagRedElo, "红方用时": "RedTime", "红队": TagRedTeam,
	"黑方": TagBlack, "黑等级分": TagBlackElo, "黑方用时": "BlackTime", "黑队": TagBlackTeam,
	"解说": "Annotator", "录入": "Creator", "创建日期": "Created", "修改日期": "Modified",
	"ECCO": TagECCO, "棋谱类型": "RecordType", "对局种类": "GameType",
	"结果": TagResult, "比赛结果": TagResult, "结束方式": "Termination", "裁判员": "Arbiter",
	"耗时":  "Time", // the time used by the player named on the line: RedTime, BlackTime
	"FEN": TagFEN,
}

// TagTextHeader keeps a header line of a text export whose key has no
// tag: its value is the line's "key：value".
const TagTextHeader = "TextHeader"

// textExportTitle is the title line of 联众's export, spaces taken out.
const textExportTitle = "中国象棋对局记录"

// textExportTitleGBK is textExportTitle in GBK, the 联众 export's encoding.
var textExportTitleGBK, _ = simplifiedchinese.GBK.NewEncoder().Bytes([]byte(textExportTitle))

// textExportRawKeys holds the listed keys as raw bytes: in UTF-8 and in
// GBK.
var textExportRawKeys = func() map[string]bool {
	m := map[string]bool{}
	enc := simplifiedchinese.GBK.NewEncoder()
	for k := range textExportKeys {
		m[k] = true
		if b, err := enc.Bytes([]byte(k)); err == nil {
			m[string(b)] = true
		}
	}
	return m
}()

// textExportRawKind classifies a raw line (undecoded: UTF-8 or GBK) that
// pgnLineKind would take for move text: a header line of a text export
// (a listed key, then a colon: "标题：", "红    方：", "ECCO："), a rule of
// dashes or the title of 联众's export is a blank line to the game
// splitter, so that it neither starts a game nor ends a tag section (a
// keyword line "FEN ：…" follows sample_04x's header lines). The tag
// section's parser reads the header lines (textExportLine). ok is false
// for anything else.
func textExportRawKind[T string | []byte](b T) (kind int, ok bool) {
	i := 0
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		i = 3 // a byte-order mark
	}
	var key [24]byte
	n := 0
	for ; i < len(b) && i < 64; i++ {
		c := b[i]
		colon := c == ':' ||
			c == 0xEF && i+2 < len(b) && b[i+1] == 0xBC && b[i+2] == 0x9A || // "：" in UTF-8
			c == 0xA3 && i+1 < len(b) && b[i+1] == 0xBA // in GBK
		switch {
		case colon:
			if textExportRawKeys[string(key[:n])] && !textRawMoveNumberAfter(b, i) {
				return pgnLineBlank, true
			}
			return textExportDecoration(b)
		case c == ' ' || c == '\t':
		case n == len(key) || c < 0x80 && !(c >= 'A' && c <= 'Z'):
			return textExportDecoration(b)
		default:
			key[n] = c
			n++
		}
	}
	return textExportDecoration(b)
}

// textRawMoveNumberAfter reports whether a move number ("1." then a blank
// or a non-digit) follows the colon at b[i], blanks skipped: a line of
// moves labelled by side ("红方： 1. 炮二平五"), not a header line.
func textRawMoveNumberAfter[T string | []byte](b T, i int) bool {
	for i < len(b) && b[i] != ' ' && b[i] != '\t' && !(b[i] >= '0' && b[i] <= '9') && i < 64 {
		i++ // the rest of the colon
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	d := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i > d && i < len(b) && b[i] == '.' && (i+1 == len(b) || b[i+1] < '0' || b[i+1] > '9')
}

// textMoveNumber reports whether w is a move number: digits and dots
// ("1.", "12...") or digits and '、'.
func textMoveNumber(w string) bool {
	d := strings.TrimLeft(w, "0123456789")
	return len(d) < len(w) && (d != "" && strings.Trim(d, ".") == "" || d == "、")
}

// textExportDecoration reports a line of dashes or the title of 联众's
// export as a blank line.
func textExportDecoration[T string | []byte](b T) (int, bool) {
	if len(b) > 64 || len(b) == 0 || b[0] != '-' && b[0] < 0x80 {
		return 0, false
	}
	dashes, other := 0, false
	var squeezed [64]byte
	k := 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '-':
			dashes++
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case k == len(squeezed):
			return 0, false
		default:
			other = true
			squeezed[k] = c
			k++
		}
	}
	if !other && dashes >= 5 {
		return pgnLineBlank, true
	}
	if s := squeezed[:k]; bytes.Equal(s, []byte(textExportTitle)) || bytes.Equal(s, textExportTitleGBK) {
		return pgnLineBlank, true
	}
	return 0, false
}

// textExportField is one "key：value" of a header line.
type textExportField struct {
	key, value string
}

// textExportFields splits a decoded line into its "key：value" fields.
// ok is false when the line is not such a line: its first colon must
// follow a key of up to eight characters, Chinese or a listed one. A
// later colon starts a field only after a listed key ("耗时：" in "红方：
// 某某  耗时：2分"); other colons are in a value ("(Email:)").
func textExportFields(l string) (fields []textExportField, ok bool) {
	l = strings.TrimLeft(l, " \t\ufeff\u3000")
	first := textExportColon(l, 0)
	if first < 0 {
		return nil, false
	}
	key := strings.Join(strings.Fields(l[:first]), "")
	if _, known := textExportKeys[key]; !known {
		if key == "" || utf8.RuneCountInString(key) > 8 {
			return nil, false
		}
		for _, r := range key {
			if r < 0x80 {
				return nil, false
			}
		}
	}
	rest := l[first+textColonLen(l, first):]
	for _, w := range strings.Fields(rest) {
		if notation.Classify(w).Class&notation.ClassChinese != 0 || textMoveNumber(w) {
			return nil, false // "红方：马二进三 黑方：车９平８", "红方： 1. 炮二平五": moves labelled by side
		}
	}
	for {
		next, nextKey, valueEnd := textExportNextKey(rest)
		if next < 0 {
			return append(fields, textExportField{key, strings.TrimSpace(rest)}), true
		}
		fields = append(fields, textExportField{key, strings.TrimSpace(rest[:valueEnd])})
		key, rest = nextKey, rest[next+textColonLen(rest, next):]
	}
}

// textExportNextKey finds the next field in the rest of a line: a colon
// after a listed key, the last word (or two words, "黑    方") before it.
// It returns the colon, the key and where the key starts; next is -1 when
// there is none. Only the 48 bytes before a colon are looked at (keys are
// short), so that a long line costs no more than its length.
func textExportNextKey(rest string) (next int, key string, start int) {
	for at := 0; ; {
		c := textExportColon(rest, at)
		if c < 0 {
			return -1, "", 0
		}
		from := max(0, c-48)
		starts := textWordStarts(rest[from:c])
		for w := 1; w <= 2 && w <= len(starts); w++ {
			s := from + starts[len(starts)-w]
			if s == from && from > 0 {
				break // the word may go on before the 48 bytes
			}
			k := strings.Join(strings.Fields(rest[s:c]), "")
			if _, known := textExportKeys[k]; known {
				return c, k, s
			}
		}
		at = c + textColonLen(rest, c)
	}
}

// textWordStarts returns where the words of s (split at blanks) start.
func textWordStarts(s string) []int {
	var starts []int
	blank := true
	for i, r := range s {
		isBlank := r == ' ' || r == '\t' || r == '\u3000'
		if !isBlank && blank {
			starts = append(starts, i)
		}
		blank = isBlank
	}
	return starts
}

// textExportColon returns the index of the first colon (ASCII or
// full-width) of s at or after i, -1 when none.
func textExportColon(s string, i int) int {
	j := strings.IndexAny(s[i:], ":：")
	if j < 0 {
		return -1
	}
	return i + j
}

func textColonLen(s string, i int) int {
	if s[i] == ':' {
		return 1
	}
	return len("：")
}

// textExportDecorated reports whether a decoded line of the header is
// decoration of an export: a rule of dashes, the title of 联众's export,
// the head of its table of moves ("棋谱   红方   黑方"), or the heading
// "最新弈法" over the moves of sample_04x's program.
func textExportDecorated(l string) bool {
	if _, ok := textExportDecoration(l); ok {
		return true
	}
	return fieldsSpell(l, "棋谱红方黑方") || fieldsSpell(l, "最新弈法")
}

// fieldsSpell reports whether the space-separated fields of l, joined,
// spell want. It stops at the first field that does not fit, so a long
// line of moves costs a few bytes, not a split.
func fieldsSpell(l, want string) bool {
	for f := range strings.FieldsSeq(l) {
		if !strings.HasPrefix(want, f) {
			return false
		}
		want = want[len(f):]
	}
	return want == ""
}

// textExportMoves reports whether a line the game splitter took for a
// header line of a text export (a blank line to it) is none: the tag
// section's parser did not read it (textExportLine), so it is move text
// ("红方：炮二平五 黑方：马８进７").
func textExportMoves(l string) bool {
	k, ok := textExportRawKind(l)
	_, decoration := textExportDecoration(l)
	return ok && k == pgnLineBlank && !decoration
}

// textExportLine reads a header line of a text export into tags and
// reports whether l was one (or decoration of one, skipped).
func (g *pgnGame) textExportLine(l string) bool {
	if textExportDecorated(l) {
		return true
	}
	fields, ok := textExportFields(l)
	if !ok {
		return false
	}
	player := "" // the side named on the line, for 耗时
	for _, f := range fields {
		tag, known := textExportKeys[f.key]
		v := f.value
		switch {
		case !known:
			if v != "" {
				g.addTag(TagTextHeader, f.key+"："+v)
			}
			continue
		case v == "" || v == "(Email:)":
			continue
		}
		switch tag {
		case TagRed, TagBlack:
			player = tag
			if m := textExportAccount.FindStringSubmatch(v); m != nil {
				g.addTag(tag, m[1])
				g.addTag(tag+"Account", m[2])
				continue
			}
		case "Time":
			if player == "" {
				break
			}
			tag = player + "Time"
		case TagDate:
			if d, clock, ok := textExportDate(v); ok {
				g.addTag(TagDate, d)
				if clock != "" {
					g.addTag("Time", clock)
				}
				continue
			}
		case TagECCO:
			if code, name, ok := strings.Cut(v, " "); ok && len(code) == 3 {
				g.addTag(TagECCO, code)
				g.addTag(TagOpening, strings.TrimSpace(name))
				continue
			}
		case TagResult:
			if r := textExportResult(v); r != "" {
				g.addTag(TagResult, r)
				if r == "*" && v != "未知" {
					g.addTag(TagTextHeader, f.key+"："+v)
				}
				continue
			}
		case TagFEN:
			v = strings.TrimSpace(strings.TrimLeft(v, ":："))
		}
		g.addTag(tag, v)
	}
	return true
}

// textExportAccount splits "木易四郎(05355621689)" into the name and the
// account (联众's export; its CHN record keeps them apart).
var textExportAccount = regexp.MustCompile(`^(.+?)\s*[(（]([0-9A-Za-z_.\-]+)[)）]$`)

// textExportDate reads "2016年12月27日20时" as "2016.12.27" and the rest of
// the value ("20时") as it is written.
func textExportDate(v string) (date, rest string, ok bool) {
	m := textExportDateRE.FindStringSubmatch(v)
	if m == nil {
		return "", "", false
	}
	pad := func(s string) string {
		if len(s) == 1 {
			return "0" + s
		}
		return s
	}
	return m[1] + "." + pad(m[2]) + "." + pad(m[3]), strings.TrimSpace(v[len(m[0]):]), true
}

var textExportDateRE = regexp.MustCompile(`^(\d{4})\s*[年.\-/]\s*(\d{1,2})\s*[月.\-/]\s*(\d{1,2})\s*日?`)

// textExportResult is the result of an export's 结果 field, "" when it
// is not one.
func textExportResult(v string) string {
	switch strings.Join(strings.Fields(v), "") {
	case "红胜", "红方胜", "红先胜", "黑负", "黑方负":
		return "1-0"
	case "黑胜", "黑方胜", "红负", "红方负", "红先负":
		return "0-1"
	case "和棋", "和局", "红先和", "和":
		return "1/2-1/2"
	case "未知":
		return "*"
	}
	if r := NormalizeResult(v); r != "*" {
		return r
	}
	return ""
}
