// Package training computes what makes a dataset of xiangqi games
// trainer-ready: a key per position, the index of each played move in the
// move spaces of two open trainers, a split into train, valid and test that
// never puts two copies of a game on both sides, the left-right mirror of a
// game, and the two CSV files cchess-alphazero's supervised learner reads.
//
// It works on small values (Game: start position, main line, result, and
// two verdicts; Ply: the columns of one row) and keeps nothing of a record.
// A positions writer (package dataset, xqtool export --training) calls
// PlyOf for each row, with the position it holds before the move, and
// GroupKey and a Splitter once per game; with --mirror it calls Mirror once
// per game and walks the mirrored line the same way. AlphaZeroWriter writes
// whole games; AlphaZeroSink feeds it from a run of package pipeline (xqtool
// export --training --format alphazero-csv). GameOf and Verdict copy a
// pipeline game and its duplicate verdict into a Game; Options gather what
// a run asks for (filter, proportions, seed, mirror), and Counts what it
// took and left out, by Reason.
//
// # Position key
//
// position_key is board.Position.Key of the position before the move: a
// 64-bit Zobrist key of the placement and the side to move (not the move
// counters), from a fixed-seed generator, so equal positions have equal
// keys in every game, shard and run (board pins a few keys in a test). On
// the real records no two different positions share a key. The column is
// unsigned 64-bit (Parquet INT64 annotated UINT_64; DuckDB's UBIGINT), as
// the position_key of evals.parquet and tree.parquet: one type, so the
// tables join on it without a cast (a signed column would lose every key
// with the high bit set). A trainer that wants int64 (PyTorch has few
// uint64 operations) takes the same 64 bits with numpy's
// .view(np.int64). A key is an identifier: equality, joins and hashing
// need no conversion.
//
// # Move spaces
//
// Space2086 is cchess-alphazero's (NeymarL/ChineseChess-AlphaZero) and
// Space2062 is the lc0-style px0 trainer's (official-pikafish/
// lczero-training). Both are generated here from their rules in the
// trainers' order (the tests compare them with the trainers' tables in
// ../shared/testdata/policy, label k with line k):
//
//   - cchess-alphazero, cchess_alphazero/environment/lookup_tables.py
//     (read at cee2a06f), create_action_labels(): for each rank 0–9, each
//     file 0–8, the moves along the rank, then along the file, then a
//     horse's move away; then the advisor moves of Red and of Black, then
//     the elephant moves of Red and of Black. A label is four digits: from
//     file, from rank, to file, to rank, file 0 = ICCS a, rank 0 = Red's
//     back rank (static_env.parse_ucci_move, read at 0f2831ac, maps a UCCI
//     move to it that way).
//   - px0, tf/policy_index.py (read at 04908887; the engine's kMoveStrs in
//     src/neural/encoder.cc of official-pikafish/px0 is the same list): the
//     moves along a rank or file and a horse's move away from every point,
//     and the advisor and elephant moves of Red's half only, sorted by their
//     ICCS text "a0a1". It has no move of Black's advisors and elephants:
//     every position is seen from the side to move.
//
// Convention for Black to move, as each trainer's source does it:
//
//   - cchess-alphazero turns Black's move by 180° before indexing it:
//     worker/sl.py (read at 5c9676e3) builds Black's policy with
//     build_policy(action, flip=True), which moves the 1 to the index of
//     flip_move(action), and flip_move (lookup_tables.py) maps each digit to
//     8−file and 9−rank; its environment gives Black the board turned the
//     same way (CChessEnv.observation returns fliped_FENboard, and the
//     self-play environment static_env flips the state after every move).
//     So policy_2086 = Space2086.Index(side, move), Rotate applied to a
//     move of Black.
//   - px0 mirrors the ranks of Black's move (rank r → 9−r, file unchanged):
//     the engine that writes the training chunks flips the played move when
//     Black is to move (src/trainingdata/trainingdata.cc of
//     official-pikafish/px0, read at 1e0846ce: played_move.Flip()), and
//     Move::Flip in src/chess/types.h "mirrors the ranks of the move";
//     the board is mirrored the same way for Black (ChessBoard::Mirror). The
//     trainer's chunk format (tf/chunkparser.py, read at 04908887) carries
//     side_to_move and, for the canonical input formats only, a flip
//     transform in invariance_info bit 0 (the files mirrored when the side
//     to move's king stands on file f, ChooseTransform in encoder.cc):
//     policy_2062 applies no such transform, as for the plain input
//     formats. So policy_2062 = Space2062.Index(side, move), FlipRanks
//     applied to a move of Black.
//
// Every legal move has an index in both spaces; Move decodes an index back
// to the move of the side to move, and both conventions are their own
// inverses.
//
// One finding, pinned by a test: the supervised learner's WXF reader
// (environment/light_env/chessboard.py, read at edf71384, which sl.py
// selects) numbers Red's WXF file f as its column f−1, where the self-play
// and UCCI code put file a at column 0: the learner sees every game
// left-right mirrored. The game and the label set are symmetric, so it
// learns a valid policy, but the index it computes for a move of a game in
// moves.csv is policy_2086 of the mirrored move, which is the row's
// policy_2086 when the dataset is written with --mirror.
//
// # Splits
//
// The split is decided per group of games with the same GroupKey: a hash
// of the start position and of the first dedupe.DefaultMinPlies (20)
// moves, or of the whole line when shorter, taken for the game or its
// mirror, whichever is smaller. Every copy of a game that package dedupe
// finds (exact, prefix of at least 20 plies, mirror) shares its key, so a
// duplicate cluster is never in two splits; and the key is known as soon
// as a game is read, so the split can be written during the pass, before
// the clusters are known. A group's split is a hash of its key and the
// seed compared with the proportions: the same in every run, whatever else
// the run reads, so adding files moves no game (the tests add each record
// collection in turn). Each group falls in a split with the requested
// probability, so the shares of games are the proportions within a sampling
// error: with every group on its own, a share's standard deviation is
// √(p(1−p)·Σsize²)/Σsize.
//
// Groups are coarser than clusters: games that differ only after ply 20 (a
// common opening line played to move 10) share a split. On the 6,000 games
// of the default set of the real records that makes 5,351 groups, the
// largest of 41 games (0.7%, a 10-move main line of the central cannon
// against the screen horses), and a share's standard deviation is 0.56
// points at 90% and 0.75 at 80% (0.39 and 0.52 were every game on its
// own). Over eight seeds the shares of 90,5,5 and 80,10,10 stay within
// 1.5 points of the request (43 of 48 within 1 point); a split by cluster
// (the kept copy) stays within 1.3, but it must wait for the end of the
// pass and is not stable: a file that brings a better copy of a game
// changes its kept copy (222 earlier games when one collection of the
// records is added). A larger dedupe MinPlies (--dup-min-plies) makes the
// groups finer: with 30 the largest has 11 games, with 40 five.
//
// # Filters
//
// Filter selects the games that make training data: by default those
// without an error flag (Game.Clean) and the kept copy of each cluster
// (Game.Kept, from the duplicate verdicts), with MinPlies and RequireResult
// on top. Kept is known only at the end of the pass, so a writer that
// filters holds its games until then (AlphaZeroSink spools them; the
// dataset sink writes its positions from its spooled rows, or during the
// pass when the filter takes every copy and no annotator can add an error
// flag). Check says why
// a game is left out: the first of an error flag, being a copy, no move, a
// main line shorter than MinPlies, an unknown result. Without duplicate
// detection (--no-duplicates) every game counts as kept: the copies are then
// all taken, and still never in two splits (they share their group key).
//
// # alphazero-csv
//
// AlphaZeroWriter writes the files sl.py reads with pandas.read_csv by
// column name: gameinfo.csv (gameID, winner; and game_id, to find the game
// in games.parquet, split and mirrored, which the learner ignores) and
// moves.csv (gameID, turn, side, move), comma-separated with a header line.
// The learner trains on every row of gameinfo.csv (its Keras
// validation_split=0.02 holds out the last 2% of the positions of each
// chunk of games, not whole games): to train on the train split, keep its
// rows (pandas: gi[gi.split == "train"]); the moves of the games left out
// are never read. gameID is an integer
// 1, 2, … (an id that pandas might read as a number in one chunk and as text
// in another would lose moves). winner is red, black or draw; the learner
// takes anything else for a draw, so games of unknown result are left out.
// side is red or black; turn is the move number, 1 for Red's first move
// and Black's reply. move is four characters of WXF as its reader
// (parse_WXF_move) expects them: the piece letter K A E H R C P, upper case
// for Red and lower case for Black, the piece's file (Red's files 9 at a to
// 1 at i, Black's 1 at a to 9 at i) or + / − for the front or rear of two on
// a file, then . + − and the destination file (sideways moves, horses,
// elephants, advisors) or the number of steps. The writer checks each text
// against the reader's rules (it picks the rearmost piece for a file
// number, and the first file from i to a holding two for + / −) and uses
// the other form where standard WXF would be misread; a game with a move
// neither form names (three pieces of a kind on a file, doubled pawns on
// two files) is left out, as are games that do not start from the
// standard position (the learner starts every game from it). The learner
// itself stops before each side's last turn (its loop runs while turn <
// the side's last turn): the files hold every move, and the loss of the
// last two plies is the learner's. With --mirror each game is followed by
// its mirror (mirrored true, the same game_id and split); the reader is
// not symmetric (it scans files from i to a), so where a mirror has a move
// it would misread only the mirror is left out (Counts.MirrorsLeft).
package training
