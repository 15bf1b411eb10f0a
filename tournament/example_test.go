package tournament_test

import (
	"fmt"

	"github.com/xqtool/xqtool/tagnorm"
	"github.com/xqtool/xqtool/tournament"
)

// An event's id comes from its normalized name and its year: spellings
// in either script share it.
func ExampleEventKey() {
	for _, name := range []string{"1984年全國象棋團體賽", "1984年 全国象棋团体赛"} {
		norm, year, fromName := tournament.EventKey(name, "1984.04.22")
		fmt.Println(norm, year, fromName, tournament.EventID(norm, year))
	}
	// Output:
	// 1984年全国象棋团体赛 1984 true f5ae356812d12e43
	// 1984年全国象棋团体赛 1984 true f5ae356812d12e43
}

// A game dated months away from the bulk of its event lies outside it.
func ExampleEventSpan() {
	var dates []tagnorm.Date
	for _, d := range []string{"1995.05.06", "1995.05.13", "1995.05.09", "1992.5.12"} {
		dates = append(dates, tagnorm.ParseDate(d))
	}
	span, outside := tournament.EventSpan(dates, 1995, 1995)
	fmt.Println(span, outside)
	// Output:
	// 1995-05-06..1995-05-13 [false false false true]
}
