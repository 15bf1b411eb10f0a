package tagnorm

import (
	"testing"
	"time"
)

func TestParseDate(t *testing.T) {
	tests := []struct {
		in   string
		want string // YYYY-MM-DD, YYYY-MM, YYYY or ""
	}{
		// The exact forms read before.
		{"1999.05.02", "1999-05-02"},
		{"1999-5-2", "1999-05-02"},
		{"2010/01/31", "2010-01-31"},
		{"2001年3月4日", "2001-03-04"},
		{"2001年12月24", "2001-12-24"},
		// Partial dates.
		{" 1985.??.?? ", "1985"},
		{"1976.03.??", "1976-03"},
		{"1976年", "1976"},
		{"1976", "1976"},
		{"1997年9月", "1997-09"},
		{"1950.4", "1950-04"},
		{"1985年6", "1985-06"},
		{"1985年8月 日", "1985-08"},
		{"1982年4月ll日", "1982-04"},
		// Compact, with time or day part, ranges, odd separators.
		{"19890605", "1989-06-05"},
		{"2010-03-13 08:30", "2010-03-13"},
		{"2010-03-13 08:3", "2010-03-13"},
		{"20091114-15：00", "2009-11-14"},
		{"20100509-9:00", "2010-05-09"},
		{"20091024上午", "2009-10-24"},
		{"2004.12.3上午", "2004-12-03"},
		{"1995年10月12日下午", "1995-10-12"},
		{"1995年10月11日晚", "1995-10-11"},
		{"1999年8月20日-25日", "1999-08-20"},
		{"1995、01、12", "1995-01-12"},
		{"2000。12。23", "2000-12-23"},
		{"2004 1 28", "2004-01-28"},
		{"2001.11.10.", "2001-11-10"},
		{"\t1993.4.27", "1993-04-27"},
		{"1986年 1月13日", "1986-01-13"},
		// Full-width digits (Big5 and GBK records).
		{"１９７６年", "1976"},
		{"１９９０年１月９日", "1990-01-09"},
		{"２００１．０２．０３", "2001-02-03"},
		// Two-digit years: 30–99 are 19YY, 00–26 20YY, 27–29 not read.
		{"76年3月", "1976-03"},
		{"93-12-25", "1993-12-25"},
		{"56。12。26", "1956-12-26"},
		{"86-4-29", "1986-04-29"},
		{"01-1-29", "2001-01-29"},
		{"30-1-1", "1930-01-01"},
		{"26-1-1", "2026-01-01"},
		{"27-1-1", ""},
		{"29年", ""},
		{"05年", "2005"},
		// Year last: the field over 12 is the day; otherwise only the year.
		{"23-9-2009", "2009-09-23"},
		{"11/17/1957", "1957-11-17"},
		{"2/17/1963", "1963-02-17"},
		{"9-9-2009", "2009-09-09"},
		{"9/3/1980", "1980"},
		{"1-28-83", "1983-01-28"},
		{"11/24/97", "1997-11-24"},
		// Not dates, or impossible ones.
		{"2001.02.30", "2001"},
		{"2001.13.01", "2001"},
		{"2001.1-2", "2001"},
		{"0999.01.01", ""},
		{"3001", ""},
		{"", ""},
		{"??", ""},
		{"May 1999", ""},
		{"11月9日", ""},
		{"第一轮", ""},
		{"12345", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := format(ParseDate(tt.in)); got != tt.want {
				t.Errorf("ParseDate(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// format writes a Date at its precision.
func format(d Date) string {
	tm, ok := d.Time()
	if !ok {
		return ""
	}
	switch d.Precision {
	case Year:
		return tm.Format("2006")
	case Month:
		return tm.Format("2006-01")
	}
	return tm.Format(time.DateOnly)
}

// TestTwoDigitCentury pins the century of every two-digit year: never
// a year after TwoDigitLatest's, never one before 1930.
func TestTwoDigitCentury(t *testing.T) {
	for yy := range 100 {
		y := twoDigitYear(yy)
		switch {
		case yy <= TwoDigitLatest && y != 2000+yy, yy >= 30 && y != 1900+yy:
			t.Errorf("twoDigitYear(%02d) = %d", yy, y)
		case yy > TwoDigitLatest && yy < 30 && y != 0:
			t.Errorf("twoDigitYear(%02d) = %d, want no year (neither century plausible)", yy, y)
		}
		if y != 0 && (y < 1930 || y > 2000+TwoDigitLatest) {
			t.Errorf("twoDigitYear(%02d) = %d outside 1930–%d", yy, y, 2000+TwoDigitLatest)
		}
	}
}

func TestPrecisionString(t *testing.T) {
	for p, want := range map[Precision]string{NoDate: "", Year: "year", Month: "month", Day: "day"} {
		if got := p.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", p, got, want)
		}
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"1999.05.02", "76年3月", "20091114-15：00", "9/3/1980", "１９７６年", "2001年3月4日-5日"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := ParseDate(s)
		tm, ok := d.Time()
		if ok != (d.Precision != NoDate) {
			t.Fatalf("%q: Time ok %v for precision %v", s, ok, d.Precision)
		}
		if !ok {
			return
		}
		if d.Year < minYear || d.Year > maxYear || tm.Year() != d.Year {
			t.Fatalf("%q: year %d (time %v)", s, d.Year, tm)
		}
		if d.Precision == Day && (int(tm.Month()) != d.Month || tm.Day() != d.Day) {
			t.Fatalf("%q: %+v is not a calendar date", s, d)
		}
	})
}
