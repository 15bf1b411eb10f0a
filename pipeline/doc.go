// Package pipeline is one pass over the inputs of a command: Run reads
// every input once — records through package corpus, and export
// datasets through a Datasets source (package dataset's) — analyses every
// game on a worker pool (package analyze, then the run's steps), hands
// each sink the same immutable Game in input order, and after the pass
// the verdicts of duplicate detection and of the annotators (Dup), with
// each game's final state.
//
// A dataset's game is the record it was exported from, rebuilt from its
// row and replayed: a sink cannot tell it from a record's but by its
// source, and it keeps its game_id, so that what a run writes from a
// dataset joins back to it.
package pipeline
