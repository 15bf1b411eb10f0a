package export

import (
	"strconv"
	"strings"
	"time"

	"github.com/xqtool/xqtool/parse"
)

// Standard tags: each has its own column in games.parquet (and its fixed
// place in written PGN). The comparison with record tags ignores case.
const (
	tagEvent     = "Event"
	tagSite      = "Site"
	tagDate      = "Date"
	tagRound     = "Round"
	tagRed       = "Red"
	tagBlack     = "Black"
	tagRedTeam   = "RedTeam"
	tagBlackTeam = "BlackTeam"
	tagRedElo    = "RedElo"
	tagBlackElo  = "BlackElo"
	tagECCO      = "ECCO"
	tagOpening   = "Opening"
	tagVariation = "Variation"
	tagResult    = "Result"
	tagFEN       = "FEN"
	tagFormat    = "Format"
	tagGame      = "Game"
)

// columnTags are the tags with a column of their own in games.parquet;
// FEN and Result are represented by start_fen and result_declared.
var columnTags = []string{
	tagEvent, tagSite, tagDate, tagRound, tagRed, tagBlack, tagRedTeam, tagBlackTeam,
	tagRedElo, tagBlackElo, tagECCO, tagOpening, tagVariation, tagResult, tagFEN,
}

func isColumnTag(name string) bool {
	for _, t := range columnTags {
		if strings.EqualFold(t, name) {
			return true
		}
	}
	return false
}

// otherTags returns the tags without a column of their own, first
// occurrence of each name (case-insensitive) only, in record order.
func otherTags(tags parse.Tags) []parse.Tag {
	var out []parse.Tag
outer:
	for i, t := range tags {
		if isColumnTag(t.Name) {
			continue
		}
		for _, u := range tags[:i] {
			if strings.EqualFold(u.Name, t.Name) {
				continue outer
			}
		}
		out = append(out, t)
	}
	return out
}

// ParseDate reads a date tag. It accepts YYYY.MM.DD, YYYY-MM-DD,
// YYYY/MM/DD and YYYY年M月D日 (month and day with one or two digits, the
// day mark 日 optional), surrounded by spaces. year is the year when the
// text starts with a plausible one (1000–2999) followed by the end or a
// separator ("1985.??.??" has a year), else 0. ok reports a full, valid
// calendar date, returned as t (UTC midnight).
func ParseDate(s string) (year int, t time.Time, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) < 4 {
		return 0, time.Time{}, false
	}
	y, err := strconv.Atoi(s[:4])
	if err != nil || y < 1000 || y > 2999 || s[0] == '+' || s[0] == '-' {
		return 0, time.Time{}, false
	}
	rest := s[4:]
	var sep string
	switch {
	case rest == "":
		return y, time.Time{}, false
	case rest[0] == '.' || rest[0] == '-' || rest[0] == '/' || rest[0] == ' ':
		sep = rest[:1]
		rest = rest[1:]
	case strings.HasPrefix(rest, "年"):
		sep = "年"
		rest = rest[len("年"):]
	default:
		return 0, time.Time{}, false
	}
	month, rest, okm := leadingNumber(rest)
	if !okm {
		return y, time.Time{}, false
	}
	switch {
	case sep == "年" && strings.HasPrefix(rest, "月"):
		rest = rest[len("月"):]
	case sep != "年" && sep != " " && strings.HasPrefix(rest, sep):
		rest = rest[1:]
	default:
		return y, time.Time{}, false
	}
	day, rest, okd := leadingNumber(rest)
	if !okd {
		return y, time.Time{}, false
	}
	if sep == "年" {
		rest = strings.TrimPrefix(rest, "日")
	}
	if rest != "" || month < 1 || month > 12 || day < 1 || day > 31 {
		return y, time.Time{}, false
	}
	t = time.Date(y, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if t.Day() != day {
		return y, time.Time{}, false // e.g. 02-30
	}
	return y, t, true
}

// leadingNumber reads one or two ASCII digits.
func leadingNumber(s string) (int, string, bool) {
	n, i := 0, 0
	for i < len(s) && i < 2 && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	return n, s[i:], i > 0
}

// parseElo returns the rating in an Elo tag, ok false when it is not a
// plain number.
func parseElo(s string) (int32, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || n < 0 {
		return 0, false
	}
	return int32(n), true
}

// daysSinceEpoch converts a UTC midnight to the date32 value.
func daysSinceEpoch(t time.Time) int32 {
	return int32(t.Unix() / 86400)
}
