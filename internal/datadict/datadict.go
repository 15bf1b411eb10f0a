// Package datadict is the data dictionary of the tables xqtool writes:
// every table with its schema (the one its writer uses), its key, a line of
// meaning for every column, and the joins between tables. Markdown renders
// it as docs/datasets.md; the package's test fails when that file differs
// from the schemas (go test ./internal/datadict -update writes it again),
// when a column has no meaning, and when two tables share a column name
// with different types.
package datadict

import (
	"github.com/apache/arrow-go/v18/arrow"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/dedupe/duplicates"
	"github.com/xqtool/xqtool/explorer"
	"github.com/xqtool/xqtool/players"
	"github.com/xqtool/xqtool/tournament"
	"github.com/xqtool/xqtool/training"
)

// Table is one table: a Parquet file, the schema it is written with and
// what its columns mean.
type Table struct {
	// Name is the table's name, File its file (in a dataset directory, or
	// as many part files under a directory of that name when partitioned).
	Name, File string
	// Writer names the commands that write it; Schema the Go schema
	// (package.Name), which Arrow is its Arrow schema.
	Writer, Schema string
	Arrow          *arrow.Schema
	// Rows says what one row is.
	Rows string
	// Key lists the columns that identify a row (none: rows are not
	// unique).
	Key []string
	// Meanings holds the meaning of every column by name, and of the
	// fields of nested columns as "column.field".
	Meanings map[string]string
}

// Join is a pair of columns (or column lists) two tables join on.
type Join struct {
	Left, Right         string   // table names
	LeftCols, RightCols []string // the columns, in pairs
	Meaning             string
}

// Shared meanings: the columns that mean one thing in every table.
const (
	gameID      = "the game's id: 16 hex digits from its file's identity (absolute real path; an archive member: the archive's, `!`, the member's name; standard input: the SHA-256 of its bytes) and its index in the file; the same however the path is written, sharded or not"
	ply         = "the position's ply: 0 is the game's start position, n the position after n moves; the row's move is the move played from it"
	positionKey = "board.Position.Key of the position (placement and side to move, not the move counters): a 64-bit Zobrist key, the same for the same position in every table, game, shard and run"
	side        = "the side to move in the position: `red` or `black`"
	moveICCS    = "the move played from the position, lowercase ICCS (`h2e2`)"
	clusterID   = "game_id of the kept copy of the game's cluster of copies (its own when it has no copy or is the kept copy)"
	dupKind     = "`exact`, `prefix` or `mirror` for a copy of the kept copy, null for the kept copy"
	dupOf       = "the kept copy as source#N (N = index + 1), null for the kept copy"
)

// Tables returns every table, in the order the dictionary lists them.
func Tables() []Table {
	positions := map[string]string{
		"game_id":      gameID,
		"ply":          ply,
		"fen":          "the position (FEN, the move counters included)",
		"side":         side,
		"move_iccs":    moveICCS,
		"move_wxf":     "the move in WXF notation",
		"move_chinese": "the move in Chinese notation (xqbase standard)",
		"capture":      "FEN letter of the piece the move captures (upper case Red), null when none",
		"gives_check":  "whether the move gives check",
		"result_stm":   "the game's result from the side to move: +1 win, 0 draw, −1 loss; null when unknown (the result the final position decides, else the declared one unless `*`)",
		"plies_to_end": "plies from this position to the end of the valid main line (1 at the last move)",
	}
	trainingMeanings := map[string]string{
		"position_key": positionKey,
		"policy_2086":  "the move's index in cchess-alphazero's 2,086 labels, Black's move turned 180° as that trainer does",
		"policy_2062":  "the move's index in the 2,062 moves of the lc0-style px0 trainer, Black's move with its ranks mirrored as that trainer does",
		"split":        "`train`, `valid` or `test`: the same for every row of a game and for every copy of it",
		"mirrored":     "the row is of the game's left-right mirror (`--mirror`): fen, moves, key and indices are the mirror's; game_id, ply, result_stm and plies_to_end the game's",
	}
	for k, v := range positions {
		trainingMeanings[k] = v
	}
	return []Table{
		{
			Name: "games", File: "games.parquet", Writer: "export", Schema: "dataset.GamesSchema", Arrow: dataset.GamesSchema,
			Rows: "one row per game read (every game, flagged or not; `--only-ok` and `--dedupe` leave some out)",
			Key:  []string{"game_id"},
			Meanings: map[string]string{
				"game_id":            gameID,
				"source":             "the game's file (an archive member as archive!member)",
				"index":              "the game's 0-based number in its file",
				"format":             "the record format: `pgn`, `xqf`, `cbf`, `cbl`, …",
				"encoding":           "the text encoding its text was decoded from (binary formats too: their names and comments), null when none",
				"event":              "the Event tag, null when absent",
				"event_norm":         "the Event tag normalized for matching across sources: traditional characters to simplified (OpenCC's t2s tables), full-width ASCII folded and lowered, spaces, punctuation and symbols removed; null when empty",
				"site":               "the Site tag, null when absent",
				"date":               "the Date tag as written, null when absent",
				"year":               "the year of the Date tag (the forms README lists), null when none can be read",
				"date_parsed":        "the first day of the period the Date tag names, null when no year can be read",
				"date_precision":     "what date_parsed holds: `day`, `month` or `year`; null with it",
				"round":              "the Round tag, null when absent",
				"red":                "the Red tag (Red's player), null when absent",
				"red_norm":           "the Red tag normalized for matching, null when empty",
				"black":              "the Black tag, null when absent",
				"black_norm":         "the Black tag normalized for matching, null when empty",
				"red_team":           "the RedTeam tag, null when absent",
				"black_team":         "the BlackTeam tag, null when absent",
				"red_elo":            "the RedElo tag, null unless a number",
				"black_elo":          "the BlackElo tag, null unless a number",
				"ecco":               "the ECCO tag as declared, null when absent",
				"opening":            "the Opening tag as declared, null when absent",
				"variation":          "the Variation tag as declared, null when absent",
				"other_tags":         "the remaining tags (the first value of each name)",
				"start_fen":          "the normalized start position (the FEN as recorded when no position could be built)",
				"ply_count":          "the length of the valid main line (its moves, in moves_iccs)",
				"moves_iccs":         "the valid prefix of the main line, lowercase ICCS",
				"result_declared":    "the declared result: `1-0`, `0-1`, `1/2-1/2` or `*`",
				"result_by_position": "the result the final position decides (mate, stalemate, a judged final cycle), else null",
				"termination":        "how the main line ends: `mate`, `stalemate`, `repetition`, `limit` or `unknown`",
				"status":             "the game's final state from all its flags (its own, duplicate detection's, the annotators'): `ok`, `warning` or `error`; the same in every output of the run",
				"flag_codes":         "the codes of the game's flags (rows of flags.parquet), in order",
				"repairs":            "slips of the record `--repair` undid (its `repaired` flags), 0 when none",
				"rules":              "the repetition rules the game was judged by: `cxa` or `axf`",
				"ecco_computed":      "the ECCO code computed from the moves, null for another start or no move",
				"opening_computed":   "the opening of ecco_computed, null with it",
				"variation_computed": "the variation of ecco_computed, null when the code names none",
				"cluster_id":         clusterID,
				"duplicate_kind":     dupKind,
				"duplicate_of":       dupOf,
				"event_id":           "the id of the game's event (events.parquet), null without an Event tag or with `--no-events`",
				"red_id":             "Red's player_id (players.parquet), null for a side without a name or with `--no-players`",
				"black_id":           "Black's player_id (players.parquet), null likewise",
			},
		},
		{
			Name: "positions", File: "positions.parquet", Writer: "export", Schema: "dataset.PositionsSchema", Arrow: dataset.PositionsSchema,
			Rows:     "one row per move of the valid main line of every game: the position it is played from and the move",
			Key:      []string{"game_id", "ply"},
			Meanings: positions,
		},
		{
			Name: "positions (--training)", File: "positions.parquet", Writer: "export --training", Schema: "training.PositionsSchema", Arrow: training.PositionsSchema,
			Rows:     "as positions, for the games the training filter takes, and the rows of their mirrors with `--mirror`",
			Key:      []string{"game_id", "ply", "mirrored"},
			Meanings: trainingMeanings,
		},
		{
			Name: "flags", File: "flags.parquet", Writer: "export", Schema: "dataset.FlagsSchema", Arrow: dataset.FlagsSchema,
			Rows: "one row per flag of a game (README, Flags)",
			Meanings: map[string]string{
				"game_id":  gameID,
				"code":     "the flag's code (`illegal_move`, `result_conflict`, …)",
				"severity": "the code's severity: `error`, `warning` or `info`; a game's status is the worst of its rows (`info` counts as ok)",
				"ply":      "the ply of the position the flagged move leads to (the move is that of the positions row ply − 1); 0 for a flag about the whole game",
				"side":     "the side of the flagged move, null for the whole game",
				"detail":   "what was found, in words",
			},
		},
		{
			Name: "files", File: "files.parquet", Writer: "export", Schema: "dataset.FilesSchema", Arrow: dataset.FilesSchema,
			Rows: "one row per input file or archive member, read or not",
			Key:  []string{"source"},
			Meanings: map[string]string{
				"source":   "the file (an archive member as archive!member): games.source of its games",
				"bytes":    "its size, null when unknown",
				"format":   "the record format recognised, null when none",
				"encoding": "the text encoding of its games (`mixed` when they differ), null when none decoded",
				"games":    "the games read from it: the rows of games.parquet with this source (without `--only-ok`)",
				"status":   "`read`, `unreadable` (unknown format, I/O error, no game) or `skipped` (an output of the run, a documentation file, an insecure archive member)",
				"problem":  "what went wrong, null when read cleanly",
			},
		},
		{
			Name: "players", File: "players.parquet", Writer: "export, players", Schema: "players.Schema", Arrow: players.Schema,
			Rows: "one row per player (README, Players)",
			Key:  []string{"player_id"},
			Meanings: map[string]string{
				"player_id":          "the player's id: games.red_id and games.black_id",
				"name":               "the canonical name",
				"spellings":          "every name as written, most frequent first",
				"spellings.spelling": "one spelling",
				"spellings.count":    "the game sides that carry it",
				"games":              "the games naming the player (copies included)",
				"first_year":         "the first year of those games' dates, null when none has a year",
				"last_year":          "the last year likewise",
				"red_points":         "points with Red over the games with a decided result (a win 1, a draw 0.5)",
				"red_games":          "those games with Red",
				"black_points":       "points with Black likewise",
				"black_games":        "those games with Black",
			},
		},
		{
			Name: "events", File: "events.parquet", Writer: "export, tournament", Schema: "tournament.EventsSchema", Arrow: tournament.EventsSchema,
			Rows: "one row per event (README, Events and tournaments), in order of its first game",
			Key:  []string{"event_id"},
			Meanings: map[string]string{
				"event_id":           "the event's id (normalized Event tag and year): games.event_id",
				"name":               "its most frequent spelling",
				"names":              "every spelling of its Event tag, most games first",
				"year":               "the year of the event_id, null when none",
				"first_date":         "the first day of its dates, null when none is known",
				"last_date":          "the last day likewise",
				"site":               "its most frequent Site tag, null when none",
				"format":             "`round-robin`, `double-round-robin` or `by-round`",
				"players":            "its players' names by rank",
				"rounds":             "its Round tags in round order",
				"games":              "its games (copies included)",
				"counted":            "its games counted once per cluster of copies (the crosstable's)",
				"pairing_conflict":   "its games flagged pairing_conflict",
				"repeated_pairing":   "its games flagged repeated_pairing",
				"result_conflict":    "its games flagged result_conflict",
				"date_outside_event": "its games flagged date_outside_event",
				"name_variants":      "its games flagged name_variants",
			},
		},
		{
			Name: "duplicates", File: duplicates.Name, Writer: "dedupe", Schema: "duplicates.Schema", Arrow: duplicates.Schema,
			Rows: "one row per game of the datasets read",
			Key:  []string{"game_id"},
			Meanings: map[string]string{
				"game_id":        gameID,
				"cluster_id":     clusterID,
				"duplicate_kind": dupKind,
				"duplicate_of":   dupOf,
			},
		},
		{
			Name: "evals", File: annotate.EvalsName, Writer: "annotate", Schema: "annotate.EvalsSchema", Arrow: annotate.EvalsSchema,
			Rows: "one row per position of each game annotated: every position of its main line up to `--max-ply`, the final one included",
			Key:  []string{"game_id", "ply"},
			Meanings: map[string]string{
				"game_id":      gameID,
				"ply":          ply,
				"position_key": positionKey,
				"side":         side,
				"status":       "`ok` (evaluated), `mate` (no legal move: the side to move has lost) or `error` (not evaluated)",
				"error":        "why the position was not evaluated, null unless status is `error`",
				"depth":        "the search depth reached, null when not evaluated",
				"score_red_cp": "the evaluation in centipawns from Red's point of view, null for a mate score",
				"mate_red":     "mate in so many moves from Red's point of view (> 0 Red mates, < 0 Black mates, 0 the side to move is mated), null otherwise",
				"best_iccs":    "the engine's best move, lowercase ICCS",
				"pv_iccs":      "the engine's principal variation",
				"nodes":        "the nodes searched",
				"move_iccs":    moveICCS + ", null at the final position",
				"loss_cp":      "what the move lost from the mover's point of view, in clamped centipawns, null unless both positions were evaluated",
				"class":        "the move's class: `inaccuracy`, `mistake` or `blunder`, null for none",
				"flags":        "the codes of the engine's game flags raised at this row",
			},
		},
		{
			Name: "tree", File: explorer.TreeFile, Writer: "explore", Schema: "explorer.TreeSchema", Arrow: explorer.TreeSchema,
			Rows: "one row per (position, move) of the games' first plies, sorted by position_key, then move",
			Key:  []string{"position_key", "move_iccs"},
			Meanings: map[string]string{
				"position_key":     positionKey + " (with `--merge-mirrors`, of the canonical orientation)",
				"fen":              "the position's placement and side to move (no move counters)",
				"move_iccs":        "the move played from the position, lowercase ICCS",
				"move_chinese":     "the move in Chinese notation",
				"games":            "the games that play the move in the position",
				"red_wins":         "those whose declared result is a Red win",
				"draws":            "those declared drawn",
				"black_wins":       "those declared a Black win",
				"unknown":          "those whose result is `*` or absent",
				"first_year":       "the first year of their Date tags, null when none",
				"last_year":        "the last year likewise",
				"ecco":             "the position's ECCO code: the code of most of its games' lines (the same on all its rows), null when none",
				"ecco_name":        "that code's opening name, null with it",
				"ecco_votes":       "the codes of the lines by which the row's games reached the position",
				"ecco_votes.code":  "an ECCO code",
				"ecco_votes.games": "the games reaching the position by a line of that code",
				"examples":         "up to --examples example games, best first",
				"examples.game_id": gameID,
				"examples.source":  "the example's file",
				"examples.index":   "its 0-based number in the file",
				"examples.red":     "its Red tag, null when absent",
				"examples.black":   "its Black tag, null when absent",
				"examples.event":   "its Event tag, null when absent",
				"examples.date":    "its Date tag, null when absent",
				"examples.year":    "the year of its Date tag, null when none",
				"examples.result":  "its declared result",
				"examples.tags":    "how many of Event, Date, Site, Round, Red, Black and a result it declares",
				"examples.ply":     "the ply of the row's position in the example (0 the start; the row's move is played from it), as ply in positions and evals",
			},
		},
	}
}

// Joins returns the joins between tables, each on columns of one type
// and one meaning.
func Joins() []Join {
	return []Join{
		{"games", "positions", []string{"game_id"}, []string{"game_id"}, "a game's moves"},
		{"games", "flags", []string{"game_id"}, []string{"game_id"}, "a game's flags"},
		{"games", "duplicates", []string{"game_id"}, []string{"game_id"}, "a game's cluster as dedupe finds it across datasets"},
		{"games", "games", []string{"cluster_id"}, []string{"game_id"}, "a game's kept copy"},
		{"games", "files", []string{"source"}, []string{"source"}, "a game's file"},
		{"games", "players", []string{"red_id"}, []string{"player_id"}, "Red's player (black_id likewise)"},
		{"games", "events", []string{"event_id"}, []string{"event_id"}, "a game's event"},
		{"games", "evals", []string{"game_id"}, []string{"game_id"}, "a game's evaluations"},
		{"positions", "evals", []string{"game_id", "ply"}, []string{"game_id", "ply"}, "a position and its evaluation (the same position, the same move)"},
		{"positions (--training)", "evals", []string{"position_key"}, []string{"position_key"}, "a position and its evaluations in any game"},
		{"positions (--training)", "tree", []string{"position_key"}, []string{"position_key"}, "a position and the moves played from it in the tree's games"},
		{"evals", "tree", []string{"position_key"}, []string{"position_key"}, "an evaluated position and the moves played from it"},
	}
}
