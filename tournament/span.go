package tournament

import (
	"slices"
	"time"

	"github.com/xqtool/xqtool/tagnorm"
)

// Span is the dates an event was played on, as its games' Date tags show
// them robustly (see EventSpan); the zero Span is unknown.
type Span struct {
	From, To time.Time // first and last day, inclusive
}

// Known reports whether the span has dates.
func (s Span) Known() bool { return !s.From.IsZero() }

// String formats the span as "2006-08-03..2006-08-07" ("" when unknown).
func (s Span) String() string {
	if !s.Known() {
		return ""
	}
	return s.From.Format(time.DateOnly) + ".." + s.To.Format(time.DateOnly)
}

// Contains reports whether the period of d meets the span.
func (s Span) Contains(d tagnorm.Date) bool {
	from, to, ok := period(d)
	return ok && !to.Before(s.From) && !from.After(s.To)
}

// Rules of the span.
const (
	// GapDays is the longest gap between two dates of one stretch of
	// play: a league plays a round every week or few, and nothing pauses
	// two months inside an event.
	GapDays = 60
	// minDatedForOutliers is the fewest dated games an event needs before
	// any of them is called outside its stretch of play.
	minDatedForOutliers = 3
)

// period returns the first and last day of the period a date names.
func period(d tagnorm.Date) (from, to time.Time, ok bool) {
	from, ok = d.Time()
	if !ok {
		return from, from, false
	}
	switch d.Precision {
	case tagnorm.Year:
		to = from.AddDate(1, 0, -1)
	case tagnorm.Month:
		to = from.AddDate(0, 1, -1)
	default:
		to = from
	}
	return from, to, true
}

// EventSpan returns the span of an event from its games' dates (undated
// ones tagnorm.Date{}) and the first and last year its name holds (0:
// none; "2004－2005年…" holds two), and which dates lie outside it:
//
//  1. With years Y1..Y2 in the name, the event is played from 1 December
//     of Y1−1 to 31 January of Y2+1 at the widest (events played across
//     the new year, seasons); a date whose period misses that window is
//     outside.
//  2. The other dates precise to the month or day, in order, fall into
//     stretches of play wherever two follow each other by more than
//     GapDays days. With at least three such dates and one stretch holding
//     more than half of them (the bulk of the event), the dates of the
//     other stretches are outside, and so are the year-only dates of
//     another year. Without a bulk (too few dates, or split evenly),
//     nothing more is outside: the record gives no ground to choose.
//
// The span runs from the first to the last day of the bulk (else of the
// dates not outside; a year-only date spans its year).
func EventSpan(dates []tagnorm.Date, firstYear, lastYear int) (Span, []bool) {
	outside := make([]bool, len(dates))
	var window Span
	if firstYear > 0 {
		window = Span{
			From: time.Date(firstYear-1, 12, 1, 0, 0, 0, 0, time.UTC),
			To:   time.Date(max(firstYear, lastYear)+1, 1, 31, 0, 0, 0, 0, time.UTC),
		}
	}
	type dated struct {
		i        int
		from, to time.Time
	}
	var fine []dated // month or day precision, inside the window
	for i, d := range dates {
		from, to, ok := period(d)
		if !ok {
			continue
		}
		if window.Known() && !window.Contains(d) {
			outside[i] = true
			continue
		}
		if d.Precision != tagnorm.Year {
			fine = append(fine, dated{i, from, to})
		}
	}
	slices.SortStableFunc(fine, func(a, b dated) int { return a.from.Compare(b.from) })
	// Stretches: [start, end) ranges of fine.
	var bulk [2]int
	found := false
	if len(fine) >= minDatedForOutliers {
		best, start := -1, 0
		lastTo := fine[0].to
		for k := 1; k <= len(fine); k++ {
			if k < len(fine) && fine[k].from.Sub(lastTo) <= GapDays*24*time.Hour {
				lastTo = later(lastTo, fine[k].to)
				continue
			}
			if n := k - start; n > best {
				best, bulk = n, [2]int{start, k}
			}
			if k < len(fine) {
				start, lastTo = k, fine[k].to
			}
		}
		found = 2*best > len(fine)
	}
	var span Span
	grow := func(from, to time.Time) {
		if !span.Known() || from.Before(span.From) {
			span.From = from
		}
		if to.After(span.To) {
			span.To = to
		}
	}
	if found {
		for k, f := range fine {
			if k < bulk[0] || k >= bulk[1] {
				outside[f.i] = true
				continue
			}
			grow(f.from, f.to)
		}
		for i, d := range dates {
			if d.Precision == tagnorm.Year && !outside[i] && (d.Year < span.From.Year() || d.Year > span.To.Year()) {
				outside[i] = true
			}
		}
		return span, outside
	}
	for i, d := range dates {
		if from, to, ok := period(d); ok && !outside[i] {
			grow(from, to)
		}
	}
	return span, outside
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
