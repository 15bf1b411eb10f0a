// Package repair recovers games whose record has a transcription slip: a
// main-line move that cannot be played because it was written wrongly
// (进 for 退, a wrong file number, 前 for 后, a piece read as another), a
// move left out, written twice, or two moves written in the wrong order.
// It knows every legal move at every ply, searches the small space of
// plausible slips, and keeps a repair only when the rest of the game proves
// it. It never touches a game that replays cleanly: Find returns at once
// for such a game, and a search costs nothing until a record fails.
//
// # Input and result
//
// The search works on an Input of values (start position, notation, the
// main line as written) copied from a record (FromRecord, or Find with the
// record and its replay.Game); the Result holds no pointer into the
// record. It carries either the accepted repairs (Edit: kind, place,
// written text, replacement text in the record's notation and style, the
// replacement board.Move, a note on what changed) with the repaired line,
// or the candidates that could not be told apart. The caller applies a
// repair (a pipeline step); Suggestion is the question a validate flag
// asks ("did you mean 马二进三 (进/退)?") and Edit.Detail the detail of the
// flag flags.Repaired (a warning) that a repaired game carries. Record
// makes the repairs on a copy of the record, noting in each changed
// move's comment what was written; Step is all of it as a pipeline step.
//
// # The edits, and why each is a real slip
//
// Edits of one written move, by notation. Replacement characters keep the
// record's own spelling: its characters for each piece, traditional or
// simplified forms, and each numeral's script (一..九, １..９, 1..9).
//
//   - Direction: 进, 退 and 平 (WXF +, -, .) for one another. The
//     commonest slip of all: the writer knows the piece and the number
//     and writes the other verb (进/退 are also neighbours in the
//     pinyin input of many editors).
//   - Number: a numeral, origin file or step count or destination, one
//     off (二 for 三). Neighbouring files are one column apart on the
//     board, and 一 二 三 differ by one stroke in handwriting and OCR.
//   - Mirror: the move's file numerals counted from the other side (n for
//     10-n, both the origin file and a destination file). Red counts files
//     一..九 from its right, Black 1..9 from its right: a writer who reads
//     Black's moves from Red's seat (or the reverse) mirrors every file.
//     A numeral in the other side's script (Chinese numerals in a black
//     move) is the mark of it; by itself a script is never an error,
//     since every reader accepts either for either side.
//   - Qualifier: 前, 中 and 后 for one another, a tandem form for a plain
//     one (前马进七 for 马八进七, the file for the qualifier) and back (前马
//     for 马二): counting front and rear from the wrong side, or using the
//     tandem form when only one piece stands on the file.
//   - Piece: another piece named (炮 for 车, 士 for 相): the writer's mind
//     on another piece; in traditional sets 俥 and 傌 differ by one
//     component. Characters of one piece (車/车, 馬/马/傌, 砲/炮/包, 仕/士,
//     相/象, 帥/帅/將/将, 兵/卒) are the same piece to every reader and
//     never a slip.
//   - Glyph: one character that is not notation at all, replaced by each
//     notation character: a homophone from the pinyin input (近 for 进, 跑
//     for 炮, 凭 for 平), a look-alike from OCR or handwriting (土 for 士, 师
//     for 帅), a byte of another encoding; also a character left out (马进８)
//     or doubled.
//   - Character: one character of an ICCS or WXF move (a letter or digit
//     mistyped); WXF edits are named Direction, Number, Piece or Qualifier
//     when they change that sign or letter, and WXF moves get the Mirror
//     edit too. Binary records (XQF, CBR/CBL, CBF, DhtmlXQ) have no text:
//     their moves are edited as their ICCS coordinates, one file or rank
//     changed. Such records were entered by hand, often from printed
//     scores, or converted from text by programs that write the square
//     the text names, slip and all (see TestRealFailures: an XQF game
//     whose advisor file was mirrored twice).
//
// Edits of the line, for every notation:
//
//   - Missing: a legal move inserted so that the written one fits (a ply
//     skipped when copying; converters drop moves they cannot read).
//   - Swapped: two moves of one side (plies k and k+2) written in the
//     wrong order. Moves of the two sides are written in two columns, so a
//     red move is not written in black's place; adjacent plies are not
//     exchanged.
//   - Extra: a written move removed (a move copied twice).
//
// # Where the slip is searched
//
// The slip is not always the move that fails: a wrong number or direction
// often gives another legal move, and the record breaks later. Made in
// real games (TestEvidence), a slip that stays legal surfaces a median of
// 0, a 90th percentile of 3 to 6, a 99th of 20 to 35 and at most 128
// plies later. A window of 6 plies before the failure made 11 wrong
// repairs in 3,393 failing games, one of 20 plies 8, the whole line none
// (TestEvidenceWindow): a slip beyond the window leaves a nearer, wrong
// edit that fits. So the edits of a move are tried over the whole line
// before the failing ply (Options.Window bounds it). The edits of the line
// surface sooner (a missing or extra ply 3 plies later at the 99th
// percentile, a swap 11) and cost more (Missing tries every legal move):
// they are tried over the 12 plies before the failure
// (Options.LineWindow), which lost no repair and made none wrong. A search
// resolves a few thousand moves, bounded by Options.MaxWork.
//
// # When a repair is accepted
//
// Every candidate edit is played and the written line replayed after it
// as far as it goes. A candidate is accepted only when:
//
//  1. it is the only candidate (counting edits that give the same line
//     once) that makes the rest of the main line replay to its end; or,
//     when none does (a second slip further on), the only one that
//     replays furthest, at least Options.Confirm plies (4) past the
//     failure: the repairs after it must then make the whole line replay,
//     and each must again be found alone with the others made, or none is
//     kept;
//  2. no other legal move in place of any written move from the start to
//     the failing one makes the line replay as far. That refutes the slip
//     model itself: the record's real fault may be a move written wholly
//     wrong. At the edited move itself only the slips compete, unless
//     Options.Strict.
//
// A repaired line therefore always replays to its end. Otherwise nothing
// changes, and Result.Candidates lists the candidates (and a refuting
// move), for the validate flag's question. Options.Quick, for a question
// only (validate without --repair), skips rule 2 and the check of a
// chain: ~1.7 ms of CPU for a failing game instead of ~4.6 ms
// (BenchmarkSearch's games, one core).
//
// # Precision and recall
//
// TestCorruptedRecords gives real games of the shared records (Chinese
// PGN as written, ICCS, binary records; WXF written from real games) one
// slip of each kind at a random ply, with a fixed seed, and searches them.
// With 200 slips a kind: precision 100% over the modelled kinds (1,916
// restored, none wrong); recall (restored over the slips that make the
// record fail) direction 91%, number 79%, mirror 86%, qualifier 94%,
// piece 94%, glyph 91%, ICCS character 90%, WXF character 82%, swapped
// 69%, missing 79%, extra 96%, two slips in one game 55%. Slips outside
// the model: a move replaced by a random legal move is never repaired
// wrongly; two slips in one move are repaired wrongly in about 4% of the
// games that fail (Options.Strict: none, at about 10 points of recall).
// Most misses list the original among the candidates: the rest of the
// game cannot tell it from another edit.
package repair
