package export

import (
	"github.com/apache/arrow-go/v18/arrow"
)

var (
	str      = arrow.BinaryTypes.String
	i32      = arrow.PrimitiveTypes.Int32
	strList  = arrow.ListOf(arrow.BinaryTypes.String)
	strMap   = arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String)
	date32   = arrow.FixedWidthTypes.Date32
	boolType = arrow.FixedWidthTypes.Boolean
)

func field(name string, t arrow.DataType, nullable bool) arrow.Field {
	return arrow.Field{Name: name, Type: t, Nullable: nullable}
}

// GamesSchema is the schema of games.parquet: one row per game.
//
// Standard tags have their own columns (null when the tag is absent);
// other_tags holds the remaining tags (first occurrence of each name).
// year, date_parsed and date_precision come from the Date tag as
// tagnorm.ParseDate reads it: date_parsed is the first day of the period
// the tag names and date_precision says which ("day", "month" or "year");
// all three are null when no year can be read. red_norm, black_norm and
// event_norm are the tags after tagnorm.Text (simplified characters,
// ASCII folded, no spacing or punctuation), null when empty. The Elo
// columns are null unless
// the tag is a number. start_fen is the normalized start position (the
// FEN as recorded when it could not be built); moves_iccs is the valid
// prefix of the main line in lowercase ICCS and ply_count its length.
// result_declared is "1-0", "0-1", "1/2-1/2" or "*"; result_by_position
// is the result the final position decides (mate or stalemate), else null.
// ecco, opening and variation are the tags as declared; ecco_computed,
// opening_computed and variation_computed the ECCO class computed from the
// moves (package opening), null for a game from another start or with no
// move (variation_computed also when the code names no variation).
// cluster_id is the game_id of the kept copy of the game's cluster of
// copies (its own game_id when it has no copy or is the kept copy);
// duplicate_kind is "exact", "prefix" or "mirror" for the other copies,
// else null, and duplicate_of names their kept copy as source#N (N =
// index+1), else null (see package dedupe).
var GamesSchema = arrow.NewSchema([]arrow.Field{
	field("game_id", str, false),
	field("source", str, false),
	field("index", i32, false),
	field("format", str, false),
	field("encoding", str, true),
	field("event", str, true),
	field("event_norm", str, true),
	field("site", str, true),
	field("date", str, true),
	field("year", i32, true),
	field("date_parsed", date32, true),
	field("date_precision", str, true),
	field("round", str, true),
	field("red", str, true),
	field("red_norm", str, true),
	field("black", str, true),
	field("black_norm", str, true),
	field("red_team", str, true),
	field("black_team", str, true),
	field("red_elo", i32, true),
	field("black_elo", i32, true),
	field("ecco", str, true),
	field("opening", str, true),
	field("variation", str, true),
	field("other_tags", strMap, false),
	field("start_fen", str, true),
	field("ply_count", i32, false),
	field("moves_iccs", strList, false),
	field("result_declared", str, false),
	field("result_by_position", str, true),
	field("termination", str, false),
	field("status", str, false),
	field("flag_codes", strList, false),
	field("rules", str, true),
	field("ecco_computed", str, true),
	field("opening_computed", str, true),
	field("variation_computed", str, true),
	field("cluster_id", str, false),
	field("duplicate_kind", str, true),
	field("duplicate_of", str, true),
}, nil)

// PositionsSchema is the schema of positions.parquet: one row per ply of
// the valid main-line prefix of every readable game.
//
// ply is 1-based; fen is the position before the move and side the side
// to move ("red" or "black"); the move is given in lowercase ICCS, WXF and
// Chinese (xqbase standard). capture is the FEN letter of the captured
// piece (upper case Red) or null; gives_check tells whether the move
// checks. result_stm is the game result from the side to move: +1 win, 0
// draw, −1 loss, null when unknown (the result the final position decides,
// else the declared one unless "*"). plies_to_end counts the plies from
// this position to the end of the valid prefix (1 at the last move).
var PositionsSchema = arrow.NewSchema([]arrow.Field{
	field("game_id", str, false),
	field("ply", i32, false),
	field("fen", str, false),
	field("side", str, false),
	field("move_iccs", str, false),
	field("move_wxf", str, false),
	field("move_chinese", str, false),
	field("capture", str, true),
	field("gives_check", boolType, false),
	field("result_stm", arrow.PrimitiveTypes.Int8, true),
	field("plies_to_end", i32, false),
}, nil)

// FlagsSchema is the schema of flags.parquet: one row per flag of package
// analyze. ply 0 means the whole game; side is "red", "black" or null.
var FlagsSchema = arrow.NewSchema([]arrow.Field{
	field("game_id", str, false),
	field("code", str, false),
	field("severity", str, false),
	field("ply", i32, false),
	field("side", str, true),
	field("detail", str, false),
}, nil)

// Columns stored without dictionary encoding: nearly unique per row, or
// (game_id of flags, the ply counters of positions) in runs or sequences
// that compression folds as well as a dictionary would, without hashing
// every row. (The game_id of positions is dictionary-encoded: its writer
// looks each game up once, not each row, and the runs of indices are far
// less for zstd to compress than the repeated text.)
var plainColumns = map[*arrow.Schema][]string{
	GamesSchema:     {"game_id", "cluster_id"},
	PositionsSchema: {"fen", "ply", "plies_to_end"},
	FlagsSchema:     {"game_id", "detail"},
}

// Columns written without min/max statistics: no query prunes row groups
// by them (hashes, FENs, moves, free text), and comparing every value
// costs.
var noStatsColumns = map[*arrow.Schema][]string{
	GamesSchema:     {"game_id", "start_fen", "moves_iccs.list.element", "cluster_id", "duplicate_of"},
	PositionsSchema: {"game_id", "fen", "move_iccs", "move_wxf", "move_chinese"},
	FlagsSchema:     {"game_id", "detail"},
}
