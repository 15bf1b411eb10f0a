// Package annotate evaluates every position of many games with a UCI or
// UCCI engine (package engine) and writes the evaluations as a table,
// evals.parquet, with a class for each move and flags for the records that
// stop making sense.
//
// # Each distinct position once
//
// Games come in as small values (Game: game_id, start position, legal
// moves, declared result), from the games of a pipeline run (Sink: records
// or export datasets, which the pipeline reads alike). An Annotator
// collects them, then Run searches every distinct position (board and
// side to move: board.Position.Key, the position_key of the training
// data) once, with Options.Engines engine processes in parallel; a game's rows read the shared evaluations. Openings
// repeat across games, so the rows annotated outnumber the searches
// (Progress.Saved). Positions without a legal move are not searched: the
// side to move has lost.
//
// # The cache
//
// Evaluations are kept in a cache keyed by position, under a Profile: the
// engine's id name, protocol, options (in order) and limits. Only equal
// profiles share evaluations. On disk (Options.CacheDir) each run appends
// JSON lines to a file of its own, one line per search as it finishes, so a
// stopped run (Ctrl-C, a crash) loses at most the searches in flight: a run
// started again reads every file of the profile and searches only what is
// missing. Runs on other machines (--shard I/N) write their own files;
// copying them into one directory, or naming their directories in
// Options.ExtraCaches, merges them.
//
// # Sharing out positions
//
// Options.Share makes a run one of N that share out the distinct positions
// of the same games (--shard I/N --by position): each adds every game, and
// searches only the positions whose position_key is I mod N, so no
// position is searched twice. A game is classified whole from every
// evaluation the run has — its own, and the other shares' found in the
// caches (ExtraCaches) — and the run's rows are those of its positions,
// with the flags raised at them. Run again with the others' caches
// (Progress.Missing 0), the shares' rows together are exactly a single
// run's. PositionEvals reads tables by position_key alone, and Evals finds
// a game's rows across the shares' tables. An entry is taken only when its stored
// position equals the one looked up, so neither a key collision nor a cache
// from another build can mislabel a position. Failed searches are not
// cached: a later run tries them again.
//
// # Faults
//
// An engine that cannot start fails Run at once (nothing has been done).
// Afterwards a fault (see package engine) kills that engine; it is
// restarted, at most Options.Restarts times per engine process, and the
// position is tried Options.Retries more times; a position that still fails
// is recorded as not evaluated (status "error" with the one-line reason), and
// when every engine has used its restarts the positions left are too. No
// game is dropped: every position of every game has its row.
//
// # Classes and flags
//
// A move's loss is the evaluation before it minus the evaluation after it,
// both from the mover's point of view, each clamped to ±Thresholds.Clamp
// (1000 cp; every mate counts as ±Clamp, so a slower mate or a won position
// kept won is no loss, and the engine's depth-to-mate wobble is not a
// blunder). The engine's own best move loses nothing: each position is
// searched on its own, and a drop after the move the engine chose is the
// horizon of a fixed-depth search, not the move's fault. Classes
// (DefaultThresholds): inaccuracy ≥ 50, mistake ≥ 100, blunder ≥ 300. A
// loss needs both positions evaluated.
//
// Flags (codes and severities from the table of package flags):
//
//   - suspect_move (warning), at the move: the mover stood won (≥ Won, 500)
//     before the move, not after it, losing at least Blunder; and the reply,
//     also a blunder, hands the won position straight back (≥ Won again).
//     Two blunders in a row that cancel out are what a miscopied move looks
//     like (a wrong piece or file in the record), rarely what players do.
//   - result_contradicted (warning) and draw_contradicted (info), at the
//     last ply: the final position (not a finished game: a mate on the
//     board is analyze's result_mismatch; nor a game cut short by
//     Options.MaxPly) is decided — a mate score, or at least Decisive
//     (1000 cp) — for one side, and the declared result is a win of the
//     other (result_contradicted) or a draw (draw_contradicted). A declared
//     win in a position that is not decided raises nothing: resignations
//     and losses on time happen.
//
// # The table
//
// evals.parquet (EvalsSchema, zstd) has one row per position of each game,
// in input order: game_id, ply (0 = the start; the row of ply p is the
// position before move p+1), position_key, side (to move), status (ok, mate,
// error), error, depth, score_red_cp and mate_red (red's point of view: +3
// red mates in 3, -2 black mates in 2, 0 the side to move is mated now),
// best_iccs, pv_iccs, nodes, move_iccs (the move played from the position),
// loss_cp and class of that move, and flags (codes raised at the row). The
// engine's id name, protocol, options and limits and the thresholds are in
// the file's key-value metadata (Meta* keys). EvalsReader reads it back a
// game at a time (a batch of rows in memory); Evals finds a game's rows by
// game_id across the tables of a run and its shards (FindEvals).
//
// # In a run
//
// Sink is the pipeline sink of "xqtool annotate": it copies each game's start
// position, valid main line and declared result during the pass, searches in
// Finish (stopped by the run's context: Ctrl-C), writes the table under a
// temporary name and moves it into place in Commit; Abort removes the table
// and keeps the cache. It is a pipeline.Annotator, so the flags it raises
// reach the report lines and the HTML page of the same run with every other
// flag. A run over an export dataset gives the games their game_id in it,
// so evals.parquet joins back to the dataset's tables.
//
// PGNNotes turns a game's rows into notes of written PGN (records.PlyNote,
// "convert --evals"): after each move {[%eval 0.35,10]} — red's side in
// pawns and the depth, #3 / #-2 for mates, the command chess tools
// (python-chess, lichess, pychess-variants for xiangqi) read; xiangqi GUIs
// show it as comment text — the move's class as a NAG ($6 ?!, $2 ?, $4 ??)
// with the engine's best move, and the engine's flag codes.
//
// # Memory
//
// The distinct positions and their evaluations stay in memory until the
// table is written (about 385 bytes live per distinct position, the games
// included: 131 MB for the 341,809 distinct positions of the real records),
// and so does the cache read from disk. The engine's time dwarfs it: at
// depth 8 a distinct position costs Fairy-Stockfish about 0.09 s of CPU, so
// a gigabyte holds a few days of one core's searching.
package annotate
