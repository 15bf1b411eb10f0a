// Package explorer is an opening explorer and a position search over a
// database of games: which moves were played in a position, how often,
// how they scored, in which years, by whom; which games reached it.
//
// # The tree
//
// A Builder counts games (small Game values: a start position, the valid
// main line, the declared result, the year, a few tags) into rows, one
// per (position, move), and writes them as tree.parquet (TreeSchema),
// sorted by position_key and move:
//
//   - A position is its board and side to move: position_key is
//     board.Position.Key(), the fen column its placement and side, without
//     counters. Positions reached by different move orders are one
//     position (transpositions).
//   - Each game counts with its first MaxPly plies (default 30) up to its
//     first move that is not legal: a flagged game counts to its first bad
//     move. A game counts once per row: a game that plays the same move in
//     the same position twice adds one game.
//   - games, red_wins, draws, black_wins and unknown count by the declared
//     Result tag ("*" or none is unknown); first_year and last_year bound
//     the years of the games' Date tags.
//   - Kept copies only: a Game marked Copy (a duplicate or near duplicate
//     of another game, as duplicate detection decides) is left out unless
//     Options.AllCopies.
//   - With MergeMirrors a position and its left-right mirror are one
//     position, held in a canonical orientation: of the two boards, the
//     one that is greater point by point from a0 (a0, b0 … i0, a1 … i9; an
//     empty point lowest) — so that the wing that moved first is Red's
//     right, as the books write it (炮二平五, not 炮八平五; ECCO mirrors
//     the same way). A game in the other orientation counts with its moves
//     mirrored. In a symmetric position (the start) a move and its mirror
//     are one row, named by the move that leads to the canonical
//     orientation.
//
// # The position's ECCO class
//
// The ECCO classification (package opening) names lines, not positions,
// and transpositions can reach one position by lines of different codes.
// Each row keeps its ecco_votes: the code of the line by which each of its
// games reached the position (opening.Classify of the moves before it),
// with the games of each code. The position's code (the ecco and
// ecco_name columns, the same on all its rows) is the code with the most
// games over all the position's rows, the lower code on a tie; a position
// no classified line reaches (the start itself, another start position)
// has none. Votes add up, so merged trees decide exactly as one run.
//
// # Example games
//
// Each row keeps up to Options.Examples example games (default 3), the
// first by this total order: games that name both players; then the
// later year (an unknown year last); then more non-empty tags among Event,
// Date, Site, Round, Red, Black and a declared result; then by game_id,
// source, index and ply. The order depends on the games only, never on
// their input order, so any split of the games chooses the same examples.
//
// # Memory and merging
//
// The builder counts rows in a table in memory; when its estimated size
// passes Options.MemoryBudget it is sorted and spilled to a temporary run
// file, and Write merges the runs (k-way, at most 32 files at once, in
// rounds when there are more) as it writes the tree: the memory is the
// budget (and Go's garbage collector's margin over it), whatever the
// number of games. Trees merge the same way (Builder.AddTree): counts and
// votes add, years widen, the examples are the best of both, so the trees
// of shards, or of several datasets, give exactly the tree of one run
// over all their games. A tree written with MinGames above 1 has lost rows
// and is refused, as is a tree of another MaxPly, MergeMirrors or
// AllCopies. (Trees of the shards of one run count the copies found within
// each shard only: merge trees built with AllCopies, or build from the
// shards' datasets given together, whose copies the run finds across
// them.)
//
// # Reading a tree
//
// Tree.Lookup returns the moves of one position (what a book query shows,
// Book.WriteTable): it reads the row groups whose position_key statistics
// hold the key (RowGroupRows rows each), of those only the key column and
// then the position's rows. With MergeMirrors a position held as its
// mirror is answered in its own orientation. The reader checks what it
// reads: a damaged or hostile file gives an error wrapping ErrTree.
//
// # The page
//
// WritePage writes index.html, a self-contained explorer (inline CSS, SVG
// and script; nothing fetched): the board, the moves of the position with
// their games, share, a bar of Red wins, draws, Black wins and unknown
// results, and Red's score; a move (or a piece and its destination) is
// clicked to follow the tree, with back and forward, the line played, the
// ECCO name and the example games; the address (#h2e2.h9g7) keeps the
// line. To open quickly on any corpus it holds at most PageOptions.MaxNodes
// positions (default 20,000): those with at least MinGames games (default
// 2; raised until they fit) reached from the start position through such
// positions, as compact JSON (strings in one table, moves as numbers).
//
// # Position search
//
// FindSink lists the games of a pipeline run (records or export datasets)
// that reach a position or a material signature (ParseMaterial): it plays
// each game's valid main line again, comparing each position's key (the
// position then confirms it) and its material, counted as pieces are
// taken, for every query at once.
//
// # Inputs
//
// Sink feeds the builder from a pipeline run (FromGame, the games held in
// a spool until the duplicate verdicts come): records, or export datasets,
// which the pipeline reads as the records they were exported from (the
// same Game values, hence the same tree), and trees merged in
// (SinkOptions.Trees).
package explorer
