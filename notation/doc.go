// Package notation reads and writes xiangqi (Chinese chess) move text.
//
// Three families of notation are in use in game records:
//
//   - Chinese vertical-line notation (纵线记谱), e.g. 炮二平五, 马８进７, 前车进一.
//     A move names a piece, the file it stands on (counted from the mover's
//     right: Red in Chinese numerals 一..九, Black in digits １..９ or 1..9),
//     a direction (进 forward, 退 backward, 平 sideways) and a number: steps
//     for the line movers (车 炮 兵 帅) moving forward or backward, the
//     destination file otherwise. Two or more pieces of one kind on a file
//     are told apart by a qualifier (前 中 后, or 一..五 for pawns). The
//     package reads all five layouts in use (炮二平五, 前炮平五, 炮前平五,
//     前兵九平八, 前九平八), traditional and simplified characters, any
//     numeral style for either side (一..九, 壹..玖, １..９, 1..9) and every
//     pawn-qualifier convention found in the wild.
//   - WXF / AXF letter notation, the same scheme with letters: C2.5, H8+7,
//     R+.3 (front chariot), C+-2, Pa.5 (xqbase ordinals), ++.4 (official
//     WXF front pawn of four), 3+.4 (pawns doubled on two files), with `=`
//     accepted for `.`, lowercase letters as PlayOK writes Black, and the
//     annotations !, ?, +, ++ after the move.
//   - Coordinates: ICCS (H2-E2) and UCCI (h2e2) with ranks 0..9 from Red's
//     side, and the 1..10-rank UCI form (h3e3) used by Fairy-Stockfish,
//     read only when asked for explicitly. XBoard SAN (Cbe2, Hg7, c4) is
//     read too.
//
// Reading is done in two steps, in the manner of the chess libraries: a
// Parse function turns text into a board-free syntax value (Chinese, WXF,
// ICCS, SAN), and its Resolve method matches that value against the legal
// moves of a board.Position. The side to move always comes from the
// position, never from the numerals or the piece characters. Where the
// conventions for qualifying pawns disagree, every convention is tried; if
// several pieces match, the xqbase reading (the WXF reading for WXF text)
// is preferred when it names exactly one of them, and ResolveNote reports
// the disagreement.
//
// Failures are *Error values that match ErrSyntax, ErrIllegal or
// ErrAmbiguous with errors.Is; an illegal move also matches the reason
// reported by the board package (board.ErrBlocked, board.ErrSelfCheck,
// board.ErrWrongSide, ...).
//
// Writing is the reverse: FormatChinese writes the xqbase standard
// (simplified characters, Red in Chinese numerals, Black in full-width
// digits) or a traditional / ASCII-digit variant, FormatWXF writes official
// WXF, and FormatICCS writes either ICCS spelling. Everything written is
// read back to the same move.
package notation
