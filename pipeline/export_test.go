package pipeline

// DedupeGame is dedupeGame, for the stage benchmarks of package
// pipeline_test.
var DedupeGame = dedupeGame
