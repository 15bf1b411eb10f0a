package dataset

import (
	"strconv"
	"strings"
	"time"

	"github.com/xqtool/xqtool/parse"
)

// columnTags are the tags with a column of their own in games.parquet;
// FEN and Result are represented by start_fen and result_declared.
var columnTags = []string{
	parse.TagEvent, parse.TagSite, parse.TagDate, parse.TagRound, parse.TagRed, parse.TagBlack, parse.TagRedTeam, parse.TagBlackTeam,
	parse.TagRedElo, parse.TagBlackElo, parse.TagECCO, parse.TagOpening, parse.TagVariation, parse.TagResult, parse.TagFEN,
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
