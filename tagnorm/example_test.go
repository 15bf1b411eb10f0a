package tagnorm_test

import (
	"fmt"

	"github.com/xqtool/xqtool/tagnorm"
)

func ExampleText() {
	fmt.Println(tagnorm.Text("胡榮華"), tagnorm.Text(" 胡荣华 "), tagnorm.Text("第十八屆“五羊杯”"))
	// Output: 胡荣华 胡荣华 第十八届五羊杯
}

func ExampleParseDate() {
	for _, s := range []string{"1990年01月09日", "76年3月", "1985.??.??", "９/３/１９８０"} {
		d := tagnorm.ParseDate(s)
		fmt.Println(d.Year, d.Month, d.Day, d.Precision)
	}
	// Output:
	// 1990 1 9 day
	// 1976 3 0 month
	// 1985 0 0 year
	// 1980 0 0 year
}
