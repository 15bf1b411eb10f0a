package tagnorm

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Precision says how much of a Date a Date tag stated.
type Precision uint8

const (
	// NoDate: the text holds no year that can be read without guessing.
	NoDate Precision = iota
	// Year: only the year is known ("1976年", "1985.??.??", "1984").
	Year
	// Month: year and month ("1997年9月", "1950.4", "1976.03.??").
	Month
	// Day: a full calendar date.
	Day
)

// String returns "year", "month", "day", or "" for NoDate: the values of
// games.parquet's date_precision column.
func (p Precision) String() string {
	switch p {
	case Year:
		return "year"
	case Month:
		return "month"
	case Day:
		return "day"
	}
	return ""
}

// Date is a Date tag as read by ParseDate: the fields below Precision are
// zero.
type Date struct {
	Year, Month, Day int
	Precision        Precision
}

// Time returns the first day of the period the date names (the day
// itself for Day precision) at UTC midnight, and false for NoDate.
func (d Date) Time() (time.Time, bool) {
	if d.Precision == NoDate {
		return time.Time{}, false
	}
	m, day := max(d.Month, 1), max(d.Day, 1)
	return time.Date(d.Year, time.Month(m), day, 0, 0, 0, 0, time.UTC), true
}

// Years a Date may hold: earlier four-digit numbers are not dates of a
// recorded game (and "0999" is a typing slip), later ones are typing slips.
const (
	minYear = 1000
	maxYear = 2999
)

// Two-digit years. Records typed with two-digit years ("93-12-25",
// "76年3月", "56。12。26") come from 1930 on; a year YY from 30 to 99 is
// 19YY, and one from 00 to TwoDigitLatest is 20YY. Between the two (27–29
// today) neither century is plausible — 1927–1929 predates every record
// typed this way and 2027–2029 was still to come when the rule was set —
// so such a date is not read at all rather than read with a guessed
// century. TwoDigitLatest is a constant, not the clock, so that the same
// input always gives the same dataset.
const (
	TwoDigitLatest  = 26
	twoDigitEarlies = 30
)

// ParseDate reads the Date tag of a record. Digits may be ASCII or
// full-width (Big5 and GBK records type １９７６); the text is trimmed of
// white space, and of a time of day or a day part after the date
// ("2010-03-13 08:30", "20091114-15：00", "1995年10月12日下午"). Accepted
// forms, Y a four-digit year, YY a two-digit one (see TwoDigitLatest),
// M and D one or two digits:
//
//	Y.M.D  Y-M-D  Y/M/D  Y、M、D  Y。M。D  Y M D     day ("??" for M or D lowers the precision)
//	Y年M月D日  Y年M月D  Y年M月  Y年M  Y年        day, day, month, month, year
//	YYYYMMDD                                   day
//	Y.M  Y-M  Y/M                              month
//	Y                                          year
//	YY-M-D  YY.M.D  YY/M/D  YY。M。D  YY年M月D日  YY年M月  YY年
//	D-M-Y  M-D-Y  D/M/Y  M/D/Y  M-D-YY  M/D/YY  the year last: the field over
//	                                           12 is the day; when both are 12
//	                                           or under and differ, only the
//	                                           year is taken (never a guess)
//
// A range keeps its start ("1999年8月20日-25日"); text the forms do not
// cover after a year and month written with 年 and 月 keeps what was read
// ("1982年4月ll日" is April 1982). Anything else, and an impossible
// calendar date, gives no date — or only the year when the year itself is
// certain ("2001.02.30" is 2001).
func ParseDate(s string) Date {
	s = foldDigits(strings.TrimSpace(s))
	if s == "" {
		return Date{}
	}
	if d, ok := parseCJKDate(s); ok {
		return d
	}
	s = cutTime(s)
	if len(s) == 8 && allDigits(s) {
		return ymd(atoi(s[:4]), atoi(s[4:6]), atoi(s[6:]), true, true)
	}
	if d := parseFields(s); d.Precision != NoDate {
		return d
	}
	// A leading year followed by a separator is still the year
	// ("2001.1-2", "1985/??").
	if r, _ := utf8.DecodeRuneInString(s[min(4, len(s)):]); len(s) > 4 && allDigits(s[:4]) && strings.ContainsRune(".-/、。 ", r) {
		return yearOnly(atoi(s[:4]))
	}
	return Date{}
}

// parseFields reads the forms whose fields are separated by one kind of
// separator.
func parseFields(s string) Date {
	fields, ok := splitDate(s)
	if !ok {
		return Date{}
	}
	switch len(fields) {
	case 1:
		if len(fields[0]) == 4 && allDigits(fields[0]) {
			return yearOnly(atoi(fields[0]))
		}
	case 2:
		if len(fields[0]) == 4 && allDigits(fields[0]) {
			y := atoi(fields[0])
			m, mok := field(fields[1])
			return ymd(y, m, 0, mok, false)
		}
	case 3:
		return threeFields(fields)
	}
	return Date{}
}

// threeFields reads a date of three fields: the year first (four digits,
// or two with the month and day after it), else the year last.
func threeFields(f []string) Date {
	a, b, c := f[0], f[1], f[2]
	switch {
	case len(a) == 4 && allDigits(a):
		m, mok := field(b)
		d, dok := field(c)
		return ymd(atoi(a), m, d, mok, dok)
	case len(c) == 4 && allDigits(c) || len(c) == 2 && allDigits(c) && !yearFirstFits(a, b, c):
		y := atoi(c)
		if len(c) == 2 {
			if y = twoDigitYear(y); y == 0 {
				return Date{}
			}
		}
		x, xok := field(a)
		z, zok := field(b)
		if !xok || !zok {
			return yearOnly(y)
		}
		switch {
		case x > 12 && z <= 12:
			return ymd(y, z, x, true, true) // D-M-Y
		case z > 12 && x <= 12, x == z:
			return ymd(y, x, z, true, true) // M-D-Y
		}
		return yearOnly(y) // both could be the month
	case len(a) == 2 && allDigits(a):
		y := twoDigitYear(atoi(a))
		if y == 0 {
			return Date{}
		}
		m, mok := field(b)
		d, dok := field(c)
		return ymd(y, m, d, mok, dok)
	}
	return Date{}
}

// yearFirstFits reports whether YY-M-D reads a, b, c as a valid date: the
// Chinese order wins over a year written last.
func yearFirstFits(a, b, c string) bool {
	if len(a) != 2 || !allDigits(a) || twoDigitYear(atoi(a)) == 0 {
		return false
	}
	m, mok := field(b)
	d, dok := field(c)
	return mok && dok && validDay(twoDigitYear(atoi(a)), m, d)
}

// parseCJKDate reads the forms written with 年, 月 and 日.
func parseCJKDate(s string) (Date, bool) {
	yi := strings.Index(s, "年")
	if yi < 0 {
		return Date{}, false
	}
	ys := strings.TrimSpace(s[:yi])
	if !allDigits(ys) || len(ys) != 4 && len(ys) != 2 {
		return Date{}, true
	}
	y := atoi(ys)
	if len(ys) == 2 {
		if y = twoDigitYear(y); y == 0 {
			return Date{}, true
		}
	}
	rest := strings.TrimSpace(s[yi+len("年"):])
	m, rest, mok := leadingNumber(rest)
	if !mok {
		return yearOnly(y), true
	}
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "月"))
	d, rest, dok := leadingNumber(rest)
	if !dok {
		return ymd(y, m, 0, true, false), true
	}
	rest = strings.TrimPrefix(rest, "日")
	if rest != "" && !rangeOrDayPart(rest) {
		return ymd(y, m, 0, true, false), true
	}
	return ymd(y, m, d, true, true), true
}

// rangeOrDayPart reports whether text after a full date is the end of a
// range or a part of the day.
func rangeOrDayPart(s string) bool {
	switch {
	case strings.HasPrefix(s, "-"), strings.HasPrefix(s, "至"), strings.HasPrefix(s, "~"),
		strings.HasPrefix(s, "～"), strings.HasPrefix(s, "—"):
		return true
	}
	return isDayPart(strings.TrimSpace(s))
}

// dayParts are words for a part of the day written after a date.
var dayParts = []string{"上午", "下午", "中午", "晚上", "早上", "凌晨", "晚", "早", "夜"}

func isDayPart(s string) bool {
	for _, p := range dayParts {
		if s == p {
			return true
		}
	}
	return false
}

// cutTime removes a time of day or a day part after a date: after white
// space ("2010-03-13 08:30"), after a hyphen following eight digits
// ("20091114-15:00"), or a day-part word ("2004.12.3上午").
func cutTime(s string) string {
	for _, p := range dayParts {
		if t, ok := strings.CutSuffix(s, p); ok {
			return strings.TrimSpace(t)
		}
	}
	if i := strings.IndexByte(s, ' '); i > 0 && isTime(strings.TrimSpace(s[i:])) {
		return s[:i]
	}
	if len(s) > 9 && allDigits(s[:8]) && s[8] == '-' && isTime(s[9:]) {
		return s[:8]
	}
	return s
}

// isTime reports whether s is h:m (either colon, minutes of one or two
// digits: some records cut the time short).
func isTime(s string) bool {
	s = strings.ReplaceAll(s, "：", ":")
	h, m, ok := strings.Cut(s, ":")
	return ok && len(h) >= 1 && len(h) <= 2 && allDigits(h) && len(m) >= 1 && len(m) <= 2 && allDigits(m)
}

// splitDate splits a date written with one separator kind into its
// fields; a trailing separator is dropped ("2001.11.10.").
func splitDate(s string) ([]string, bool) {
	var sep string
	for _, c := range []string{".", "-", "/", "、", "。", " "} {
		if strings.Contains(s, c) {
			if sep != "" {
				return nil, false // two kinds: not a date form
			}
			sep = c
		}
	}
	if sep == "" {
		return []string{s}, true
	}
	s = strings.TrimSuffix(s, sep)
	if sep == " " {
		return strings.Fields(s), true
	}
	return strings.Split(s, sep), true
}

// field reads a month or day field: one or two digits; "?" or "??" is
// unknown.
func field(s string) (int, bool) {
	if s == "" || len(s) > 2 || !allDigits(s) {
		return 0, false
	}
	return atoi(s), true
}

// ymd assembles a date of the given precision, lowering it where a field
// is unknown or the calendar rejects it.
func ymd(y, m, d int, mok, dok bool) Date {
	if y < minYear || y > maxYear {
		return Date{}
	}
	if !mok || m < 1 || m > 12 {
		return yearOnly(y)
	}
	if !dok {
		return Date{Year: y, Month: m, Precision: Month}
	}
	if !validDay(y, m, d) {
		return yearOnly(y)
	}
	return Date{Year: y, Month: m, Day: d, Precision: Day}
}

func validDay(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return false
	}
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Day() == d
}

func yearOnly(y int) Date {
	if y < minYear || y > maxYear {
		return Date{}
	}
	return Date{Year: y, Precision: Year}
}

// twoDigitYear maps a two-digit year to its century (see TwoDigitLatest),
// 0 where neither century is plausible.
func twoDigitYear(yy int) int {
	switch {
	case yy >= twoDigitEarlies:
		return 1900 + yy
	case yy <= TwoDigitLatest:
		return 2000 + yy
	}
	return 0
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

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// foldDigits turns full-width digits, colon and the ideographic space
// into ASCII, leaving the rest as it is (年, 月, 日 and the ideographic
// full stop keep their meaning). Other white space becomes a space.
func foldDigits(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r >= '０' && r <= '９':
			r = '0' + (r - '０')
		case r == '．':
			r = '.'
		case r == '－':
			r = '-'
		case r == '／':
			r = '/'
		case unicode.IsSpace(r):
			r = ' '
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}
