// Package positions writes position-level training data from a run of
// package pipeline: one record per position of the games a run takes,
// in the formats engine trainers read as they are — the .plain text and
// the 72-byte PackedSfenValue records of the Stockfish-family NNUE
// trainers (package nnue), and px0's V6 chunks (package px0).
//
// A Sink takes the games through training.GameSink (the same games,
// splits, mirrors and counts as the other training formats: error-free
// kept copies with a known result by default), walks each game's main line
// and hands every position with the move played from it (ply 0 = the
// game's start position; the final position, which has no move, is not
// written) to the format's writer for the game's split. Evaluations of
// xqtool annotate (evals.parquet) are joined on position_key alone
// (annotate.PositionEvals): any run's or shard's row of the position
// serves.
//
// # Scores
//
// The score of a position is its evaluation from the side to move, in
// centipawns, as Stockfish-family trainers store it (VALUE_MATE = 32000):
//
//   - a centipawn score: score_red_cp with Red to move, −score_red_cp
//     with Black to move;
//   - a mate: m = mate_red from the side to move (negated with Black to
//     move); m > 0 (the side to move mates in m moves, 2m−1 plies) gives
//     32000 − (2m−1); m < 0 (it is mated in −m moves, −2m plies) gives
//     −(32000 + 2m); a position whose side to move has no legal move
//     (status "mate", mate_red 0) gives −32000.
//
// --score-clamp C then limits every score to ±C. Without evaluations
// (result-only training) every score is 0.
//
// The result is the game's from the side to move: 1 a win, 0 a draw, −1 a
// loss; games whose result is unknown are left out.
package positions
