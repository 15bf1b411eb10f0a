package nnue

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// RecordSize is the size of a PackedSfenValue record.
const RecordSize = 72

// MaxScore is the largest score a record holds (the converter's
// VALUE_MATE): AppendBin clamps to ±MaxScore.
const MaxScore = 32000

// Entry is one training position.
type Entry struct {
	// Pos is the position: board, side to move, halfmove clock, fullmove
	// number.
	Pos board.Setup
	// Move is the move of the position (played, or the engine's best).
	Move board.Move
	// Score is the evaluation in centipawns from the side to move.
	Score int
	// Ply is the position's ply in its game, 0 = the game's start.
	Ply int
	// Result is the game's result from the side to move: 1 a win, 0 a
	// draw, −1 a loss.
	Result int8
}

// ErrTooManyPieces is returned by AppendBin for a board whose pieces do
// not fit the 512 bits of a packed position (more than a xiangqi game
// ever has).
var ErrTooManyPieces = errors.New("nnue: too many pieces for a packed position")

// ErrKings is returned by AppendBin for a board with two kings of one
// colour: the packed position holds one square per king.
var ErrKings = errors.New("nnue: more than one king of a colour")

// AppendPlain appends the .plain block of e (six lines, the last "e").
func AppendPlain(dst []byte, e *Entry) []byte {
	dst = append(dst, "fen "...)
	dst = AppendFEN(dst, &e.Pos)
	dst = append(dst, "\nmove "...)
	dst = AppendMove(dst, e.Move)
	dst = append(dst, "\nscore "...)
	dst = strconv.AppendInt(dst, int64(e.Score), 10)
	dst = append(dst, "\nply "...)
	dst = strconv.AppendInt(dst, int64(e.Ply), 10)
	dst = append(dst, "\nresult "...)
	dst = strconv.AppendInt(dst, int64(e.Result), 10)
	return append(dst, "\ne\n"...)
}

// AppendFEN appends the FEN of s as Fairy-Stockfish writes it for
// xiangqi.
func AppendFEN(dst []byte, s *board.Setup) []byte {
	for r := board.Ranks - 1; r >= 0; r-- {
		dst = board.AppendRankFEN(dst, &s.Board, r)
		if r > 0 {
			dst = append(dst, '/')
		}
	}
	return board.AppendFENCounters(dst, s.Side, s.HalfMove, s.FullMove)
}

// AppendMove appends m as Fairy-Stockfish writes it (ranks 1–10), or
// "0000" for a move that is not on the board.
func AppendMove(dst []byte, m board.Move) []byte {
	if !m.Valid() {
		return append(dst, "0000"...)
	}
	for _, sq := range [2]board.Square{m.From(), m.To()} {
		dst = append(dst, byte('a'+sq.File()))
		dst = strconv.AppendInt(dst, int64(sq.Rank()+1), 10)
	}
	return dst
}

// ParseMove reads a move as AppendMove writes it ("h3e3", "a10a9").
func ParseMove(s string) (board.Move, error) {
	var sq [2]board.Square
	rest := s
	for i := range sq {
		if len(rest) < 2 || rest[0] < 'a' || rest[0] > 'i' {
			return board.NoMove, fmt.Errorf("%w %q", ErrMove, s)
		}
		f := int(rest[0] - 'a')
		n := 1
		for n < len(rest) && n < 3 && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		r, err := strconv.Atoi(rest[1:n])
		if err != nil || r < 1 || r > board.Ranks || rest[1] == '0' {
			return board.NoMove, fmt.Errorf("%w %q", ErrMove, s)
		}
		sq[i], rest = board.SquareAt(f, r-1), rest[n:]
	}
	if rest != "" || sq[0] == sq[1] {
		return board.NoMove, fmt.Errorf("%w %q", ErrMove, s)
	}
	return board.NewMove(sq[0], sq[1]), nil
}

// pieceIndex is the index of a kind in Fairy-Stockfish's xiangqi piece
// set (its Huffman code is 2×index−1); the king is written apart.
var pieceIndex = [board.NumKinds]uint8{
	board.Rook: 1, board.Advisor: 2, board.Cannon: 3, board.Pawn: 4, board.Knight: 5, board.Bishop: 6,
}

// noKing is the square written for a side without a king.
const noKing = board.Squares

// bits writes a little-endian bit stream into a packed position.
type bits struct {
	data *[64]byte
	n    int
}

// put writes the low n bits of v, lowest first, a byte at a time; false
// past the 512 bits.
func (b *bits) put(v uint, n int) bool {
	if b.n+n > 8*len(b.data) {
		return false
	}
	if n < 64 {
		v &= 1<<n - 1
	}
	for n > 0 {
		off := b.n & 7
		k := min(8-off, n)
		b.data[b.n>>3] |= byte(v << off)
		v >>= k
		n -= k
		b.n += k
	}
	return true
}

// packPosition writes the 64 bytes of the packed position of s.
func packPosition(data *[64]byte, s *board.Setup) error {
	*data = [64]byte{}
	b := bits{data: data}
	b.put(uint(s.Side&1), 1)
	kings := [2]uint{noKing, noKing}
	for sq, p := range s.Board {
		if p.Kind() == board.King {
			if kings[p.Color()] != noKing {
				return ErrKings
			}
			kings[p.Color()] = uint(sq)
		}
	}
	b.put(kings[board.Red], 7)
	b.put(kings[board.Black], 7)
	ok := true
	for r := board.Ranks - 1; r >= 0; r-- {
		for f := range board.Files {
			p := s.Board[board.SquareAt(f, r)]
			switch k := p.Kind(); {
			case k == board.King:
			case k == board.NoKind || pieceIndex[k] == 0:
				ok = ok && b.put(0, 1)
			default:
				ok = ok && b.put(uint(2*pieceIndex[k]-1), 5) && b.put(uint(p.Color()), 1)
			}
		}
	}
	ok = ok && b.put(0, 2*7*5) && b.put(0, 4) && b.put(0, 1)
	h := uint(max(s.HalfMove, 0))
	fm := uint(max(s.FullMove, 1))
	ok = ok && b.put(h, 6) && b.put(fm, 8) && b.put(fm>>8, 8) && b.put(h>>6, 1)
	if !ok {
		return ErrTooManyPieces
	}
	return nil
}

// engineSquare is sq on Fairy-Stockfish's 12-file board.
func engineSquare(sq board.Square) uint16 { return uint16(sq.Rank()*12 + sq.File()) }

// AppendBin appends the 72-byte record of e. It fails only for a board
// no xiangqi game has: more pieces than the packed position holds
// (ErrTooManyPieces) or two kings of one colour (ErrKings).
func AppendBin(dst []byte, e *Entry) ([]byte, error) {
	var rec [RecordSize]byte
	if err := packPosition((*[64]byte)(rec[:64]), &e.Pos); err != nil {
		return dst, err
	}
	score := int16(min(max(e.Score, -MaxScore), MaxScore))
	var mv uint16
	if e.Move.Valid() {
		mv = engineSquare(e.Move.From())<<7 | engineSquare(e.Move.To())
	}
	rec[64], rec[65] = byte(score), byte(uint16(score)>>8)
	rec[66], rec[67] = byte(mv), byte(mv>>8)
	rec[68], rec[69] = byte(e.Ply), byte(uint16(e.Ply)>>8)
	rec[70] = byte(e.Result)
	return append(dst, rec[:]...), nil
}
