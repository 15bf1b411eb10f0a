// Package export writes replayed xiangqi games as normalized datasets and
// clean records.
//
// # Parquet datasets
//
// Three Parquet files are written through Apache Arrow (arrow-go v18,
// pqarrow), zstd-compressed, with dictionary encoding on the
// low-cardinality columns and row groups bounded by rows and bytes:
//
//   - games.parquet: one row per game (GamesSchema);
//   - positions.parquet: one row per ply of the valid main-line prefix of
//     every readable game, the position before the move (PositionsSchema);
//   - flags.parquet: one row per flag raised by package analyze
//     (FlagsSchema).
//
// GamesWriter, PositionsWriter and FlagsWriter write one file each from a
// stream of *analyze.Report values; Dataset writes all three into a
// directory, optionally partitioned Hive-style by year, through a temporary
// directory that is renamed into place only when every file is complete.
//
// Every row of the three files carries game_id, the stable identity of a
// game (see GameID): the first 16 hexadecimal digits of the SHA-256 of the
// record's source name, a NUL byte and its 0-based index in the source.
//
// Output is deterministic: the same reports in the same order give
// byte-identical files (no timestamps, no map iteration).
//
// # Records
//
// WritePGN writes a game as normalized UTF-8 PGN in Chinese, WXF or ICCS
// notation, with comments and variations; ResolveRecord turns a record's
// move tree into coordinates for parse.WriteXQF. Both replay the tree on
// the board, so every written move is legal in its own position, and keep
// what cannot be played as a comment.
package export
