// Package engine runs a xiangqi engine as a child process and asks it to
// evaluate positions, over UCI (Pikafish; Fairy-Stockfish with
// UCI_Variant=xiangqi) or UCCI (ElephantEye and its family).
//
// # Conversation
//
// Start launches the program, says "uci" (or "ucci") and reads up to
// "uciok" ("ucciok"), keeping the "id name" and the declared options; sets
// the configured options ("setoption name N value V" in UCI, "setoption N V"
// in UCCI, plus "setoption usemillisec true" when a UCCI engine offers it)
// and waits for "readyok". Search sends, for each position,
//
//	ucinewgame                       (UCI only)
//	position fen <board> <side> - - 0 1
//	banmoves …                        (UCCI, when moves are banned)
//	isready → readyok                 (UCI only)
//	go depth N | nodes N | movetime T (UCCI: go depth | nodes | time)
//
// and reads "info" lines up to "bestmove" (or UCCI's "nobestmove"). Close
// says "quit" (UCCI engines answer "bye"), waits two seconds, then kills.
//
// With the protocol Auto, Start says "uci" first and, when no "uciok"
// comes, starts the program again and says "ucci" (ElephantEye exits at a
// first line other than "ucci", so the second try follows at once).
// ParseCommand splits a command line as a shell would, without one.
//
// # Interpretations
//
//   - One position, no history. The position is sent as a FEN of its board
//     and side to move with the counters reset and no moves before it, and
//     UCI engines get "ucinewgame" first (it clears the hash table and the
//     search history) and, when they declare the option Threads, "setoption
//     name Threads value N" again (N as configured, else the declared
//     default): engines of Stockfish's family keep per-thread tables across
//     ucinewgame, and Fairy-Stockfish answered a position differently after
//     other searches (22 cp fresh, 48 cp after two others: see
//     TestFairyStockfishOrderFree); new threads forget them, for about a
//     fifth more engine time at its default 16 MB hash (its table is
//     allocated again). An evaluation then depends on the position, the
//     engine, its options and the limits alone — what lets a cache share it
//     between games, runs and machines, and 1 and 2 engines write the same
//     table — and a depth- or node-limited search is repeatable. The price:
//     an engine does not see that a move repeats a position of the game.
//   - The score of a search is the last "info" line with a score and no
//     "multipv" above 1; a "lowerbound"/"upperbound" line counts only until an
//     exact one comes. Depth and principal variation come from that line;
//     Nodes is the largest node count printed.
//   - Scores are from the side to move, as engines print them; Score.Red
//     turns them to red's side. UCI mate scores count moves ("mate 3": the
//     side to move mates with its third move; "mate -2": it is mated after
//     its second). UCCI prints a bare number: ElephantEye's mate scores are
//     10000 minus the plies to mate, so a value beyond ±9800 is read as a
//     mate in ⌈plies/2⌉ moves.
//   - Moves. ICCS/UCCI numbers ranks 0–9 (h0h9); Fairy-Stockfish numbers
//     them 1–10 in xiangqi (h1h10). Ranks says which an engine uses;
//     RanksAuto picks 1–10 for an engine whose id name starts with
//     "Fairy-Stockfish". Every move an engine answers — the best move and
//     each move of the principal variation, played in turn — is checked
//     against the position with package board; one illegal move fails the
//     search. A position without a legal move (mate, or stalemate, which
//     loses in xiangqi) is answered without asking the engine.
//   - Options are checked against those the engine declares (a typo is an
//     error, not an option silently ignored), and Fairy-Stockfish without
//     UCI_Variant=xiangqi is refused: it would read the positions as chess.
//
// # Faults
//
// Every fault is an *Error on one line — the engine, the step, the position,
// a sentinel and the detail (exit status, the offending line, the last line
// of the engine's standard error) — and kills the engine (its whole process
// group on Unix: a wrapper script's engine too, nothing it did not start):
//
//	program missing or not runnable          ErrNotFound
//	no uciok/ucciok (exits, echoes, silence)  ErrNotEngine
//	an option it does not declare             ErrOption
//	exits in the middle of a search           ErrDied
//	no bestmove within the deadline           ErrTimeout
//	control bytes, a line over 64 KiB, a malformed number, no score,
//	1,000 lines outside the protocol          ErrGarbage
//	an illegal best move or PV move           ErrIllegalMove
//	no move in a position that has some       ErrNoMove
//
// Cancelling the context kills the engine at once and returns the
// context's error. Restarting after a fault is the caller's choice (package
// annotate restarts a bounded number of times).
package engine
