package dataset

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

// Columns of games.parquet, named once for the writer and the reader.
const (
	colGameID            = "game_id"
	colSource            = "source"
	colIndex             = "index"
	colFormat            = "format"
	colEncoding          = "encoding"
	colEvent             = "event"
	colEventNorm         = "event_norm"
	colSite              = "site"
	colDate              = "date"
	colYear              = "year"
	colDateParsed        = "date_parsed"
	colDatePrecision     = "date_precision"
	colRound             = "round"
	colRed               = "red"
	colRedNorm           = "red_norm"
	colBlack             = "black"
	colBlackNorm         = "black_norm"
	colRedTeam           = "red_team"
	colBlackTeam         = "black_team"
	colRedElo            = "red_elo"
	colBlackElo          = "black_elo"
	colECCO              = "ecco"
	colOpening           = "opening"
	colVariation         = "variation"
	colOtherTags         = "other_tags"
	colStartFEN          = "start_fen"
	colPlyCount          = "ply_count"
	colMovesICCS         = "moves_iccs"
	colResultDeclared    = "result_declared"
	colResultByPosition  = "result_by_position"
	colTermination       = "termination"
	colStatus            = "status"
	colFlagCodes         = "flag_codes"
	colRepairs           = "repairs"
	colRules             = "rules"
	colECCOComputed      = "ecco_computed"
	colOpeningComputed   = "opening_computed"
	colVariationComputed = "variation_computed"
	colClusterID         = "cluster_id"
	colDuplicateKind     = "duplicate_kind"
	colDuplicateOf       = "duplicate_of"
	colEventID           = "event_id"
	colRedID             = "red_id"
	colBlackID           = "black_id"
)

// Leaf columns inside the lists and the map of games.parquet.
const (
	leafMoves       = colMovesICCS + ".list.element"
	leafFlagCodes   = colFlagCodes + ".list.element"
	leafOtherKeys   = colOtherTags + ".key_value.key"
	leafOtherValues = colOtherTags + ".key_value.value"
)

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
// index+1), else null (see package dedupe). event_id is the id of the
// game's event (package tournament), from the run's note of that name,
// null when the game has no event or the run had no tournament annotator.
// repairs counts the slips of
// the record that --repair undid (its repaired flags, package repair), 0
// when there was none or repairs were not applied. red_id and black_id
// are the player_id of each side (package players; see players.Schema),
// null when the side has no name or players were not resolved (export
// --no-players): the notes of the same names of the run's annotators.
var GamesSchema = arrow.NewSchema([]arrow.Field{
	field(colGameID, str, false),
	field(colSource, str, false),
	field(colIndex, i32, false),
	field(colFormat, str, false),
	field(colEncoding, str, true),
	field(colEvent, str, true),
	field(colEventNorm, str, true),
	field(colSite, str, true),
	field(colDate, str, true),
	field(colYear, i32, true),
	field(colDateParsed, date32, true),
	field(colDatePrecision, str, true),
	field(colRound, str, true),
	field(colRed, str, true),
	field(colRedNorm, str, true),
	field(colBlack, str, true),
	field(colBlackNorm, str, true),
	field(colRedTeam, str, true),
	field(colBlackTeam, str, true),
	field(colRedElo, i32, true),
	field(colBlackElo, i32, true),
	field(colECCO, str, true),
	field(colOpening, str, true),
	field(colVariation, str, true),
	field(colOtherTags, strMap, false),
	field(colStartFEN, str, true),
	field(colPlyCount, i32, false),
	field(colMovesICCS, strList, false),
	field(colResultDeclared, str, false),
	field(colResultByPosition, str, true),
	field(colTermination, str, false),
	field(colStatus, str, false),
	field(colFlagCodes, strList, false),
	field(colRepairs, i32, false),
	field(colRules, str, true),
	field(colECCOComputed, str, true),
	field(colOpeningComputed, str, true),
	field(colVariationComputed, str, true),
	field(colClusterID, str, false),
	field(colDuplicateKind, str, true),
	field(colDuplicateOf, str, true),
	field(colEventID, str, true),
	field(colRedID, str, true),
	field(colBlackID, str, true),
}, nil)

// PositionsSchema is the schema of positions.parquet: one row per ply of
// the valid main-line prefix of every readable game.
//
// ply is the position's ply, as in every table: 0 is the game's start
// position, and the row's move is the move played from it; fen is that
// position and side the side to move ("red" or "black"); the move is given
// in lowercase ICCS, WXF and Chinese (xqbase standard). capture is the FEN letter of the captured
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

// PositionKeyColumn is the column of a position's key (board.Position.Key,
// unsigned) in positions.parquet written as training data (package
// training's Table), evals.parquet and tree.parquet.
const PositionKeyColumn = "position_key"

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
// The Lines of WithLines add their own (see package training's Table).
// A dictionary column whose values outgrow the dictionary page within a
// row group goes on in plain pages, and arrow-go then writes the chunk's
// page encoding statistics in map order: the same rows give other footer
// bytes from run to run (files.parquet's source at 29,220 files). A
// column unique per row is plain from the start.
var plainColumns = map[*arrow.Schema][]string{
	GamesSchema:     {colGameID, colClusterID},
	PositionsSchema: {"fen", "ply", "plies_to_end"},
	FlagsSchema:     {"game_id", "detail"},
	FilesSchema:     {"source"},
}

// Columns written without min/max statistics: no query prunes row groups
// by them (hashes, FENs, moves, free text), and comparing every value
// costs.
var noStatsColumns = map[*arrow.Schema][]string{
	GamesSchema:     {colGameID, colStartFEN, leafMoves, colClusterID, colDuplicateOf},
	PositionsSchema: {"game_id", "fen", "move_iccs", "move_wxf", "move_chinese"},
	FlagsSchema:     {"game_id", "detail"},
}
