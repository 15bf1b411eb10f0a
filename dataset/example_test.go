package dataset_test

import (
	"fmt"

	"github.com/xqtool/xqtool/dataset"
)

// The schema of games.parquet, as Arrow types (strings are UTF-8; lists
// and maps are Parquet LIST and MAP columns).
func Example_schema() {
	for _, f := range dataset.GamesSchema.Fields() {
		null := ""
		if f.Nullable {
			null = " (nullable)"
		}
		fmt.Printf("%-18s %s%s\n", f.Name, f.Type, null)
	}
	// Output:
	// game_id            utf8
	// source             utf8
	// index              int32
	// format             utf8
	// encoding           utf8 (nullable)
	// event              utf8 (nullable)
	// event_norm         utf8 (nullable)
	// site               utf8 (nullable)
	// date               utf8 (nullable)
	// year               int32 (nullable)
	// date_parsed        date32 (nullable)
	// date_precision     utf8 (nullable)
	// round              utf8 (nullable)
	// red                utf8 (nullable)
	// red_norm           utf8 (nullable)
	// black              utf8 (nullable)
	// black_norm         utf8 (nullable)
	// red_team           utf8 (nullable)
	// black_team         utf8 (nullable)
	// red_elo            int32 (nullable)
	// black_elo          int32 (nullable)
	// ecco               utf8 (nullable)
	// opening            utf8 (nullable)
	// variation          utf8 (nullable)
	// other_tags         map<utf8, utf8, items_nullable>
	// start_fen          utf8 (nullable)
	// ply_count          int32
	// moves_iccs         list<item: utf8, nullable>
	// result_declared    utf8
	// result_by_position utf8 (nullable)
	// termination        utf8
	// status             utf8
	// flag_codes         list<item: utf8, nullable>
	// repairs            int32
	// rules              utf8 (nullable)
	// ecco_computed      utf8 (nullable)
	// opening_computed   utf8 (nullable)
	// variation_computed utf8 (nullable)
	// cluster_id         utf8
	// duplicate_kind     utf8 (nullable)
	// duplicate_of       utf8 (nullable)
	// event_id           utf8 (nullable)
	// red_id             utf8 (nullable)
	// black_id           utf8 (nullable)
}
