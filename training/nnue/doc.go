// Package nnue writes and reads the position files that the NNUE
// trainers of the Stockfish family read: the text ".plain" format and
// Fairy-Stockfish's 72-byte PackedSfenValue records (".bin"), for
// xiangqi.
//
// An Entry is one training position: the position (a board.Setup: board,
// side to move, halfmove clock, fullmove number), the move played or the
// engine's best move, a score in centipawns and the game's result, both
// from the side to move, and the position's ply in its game (0 = the
// game's start position).
//
// # The .plain format
//
// One block of six lines per position, as the trainers' tools write and
// read it:
//
//	fen 1rbakab2/9/2n6/p1p1p3p/1c4P2/PR3R3/2P1P1r1c/N2CC4/9/2BAKAB2 w - - 0 1
//	move d3d4
//	score -390
//	ply 0
//	result 1
//	e
//
// The FEN is as Fairy-Stockfish writes it for xiangqi: "w" or "b", two
// dashes, the halfmove clock and the fullmove number. A move is written
// the way Fairy-Stockfish writes moves on its large boards: a square is a
// file a–i and a rank 1–10 counted from Red's side (the ICCS rank + 1), so
// ICCS h2e2 is h3e3 and a9a8 is a10a9. PlainReader reads such blocks back
// with errors that name the line.
//
// # The .bin format
//
// AppendBin packs an Entry into the record that variant-nnue-tools'
// convert_bin (github.com/fairy-stockfish/variant-nnue-tools,
// src/tools/packed_sfen.h and src/tools/sfen_packer.cpp, built with
// largeboards=yes, UCI_Variant xiangqi) writes for the same block; the
// tests compare every record of a file that tool made. Little-endian:
//
//	bytes 0–63  the packed position, a bit stream (bit i of the stream is
//	            bit i%8 of byte i/8; an n-bit number is written from its
//	            lowest bit):
//	              1 bit   side to move (0 Red, 1 Black)
//	              7 bits  Red's king square, then 7 bits Black's
//	                      (rank×9 + file, rank 0 = Red's back rank;
//	                      90 when there is no king)
//	              every other point from rank 9 down to rank 0, files a to
//	              i: 1 bit 0 when empty, else a 5-bit code 2k−1 of the
//	              piece's index k (rook 1, advisor 2, cannon 3, pawn 4,
//	              horse 5, elephant 6) and 1 bit of colour (0 Red, 1 Black)
//	              70 bits  pieces in hand (5 bits for each of 7 piece
//	                       types and both colours: all 0 in xiangqi)
//	              4 bits   castling rights (0), 1 bit en passant (0)
//	              6 bits   halfmove clock (low 6 bits)
//	              8 bits   fullmove number (low 8 bits; below 1 written as
//	                       1), then 8 bits its next 8 bits
//	              1 bit    bit 6 of the halfmove clock
//	            the rest 0
//	bytes 64–65 score, int16 (clamped to ±32000, the converter's
//	            VALUE_MATE)
//	bytes 66–67 move, uint16: from<<7 | to with a square numbered
//	            rank×12 + file (the engine's 12-file board)
//	bytes 68–69 ply, uint16
//	byte  70    result, int8
//	byte  71    padding, 0 (the converter leaves it unset)
package nnue
