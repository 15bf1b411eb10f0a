package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard start position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// Setup is a position as written: a board, a side to move and the two
// counters, with no promise of legality. NewPosition turns it into a
// Position after validation.
type Setup struct {
	Board    [Squares]Piece
	Side     Color
	HalfMove int // plies since the last capture
	FullMove int // full-move number, from 1
}

// Sentinels for FEN syntax errors, wrapped in *FENError.
var (
	ErrFENEmpty    = errors.New("empty FEN")
	ErrFENRanks    = errors.New("placement must have 10 ranks")
	ErrFENFiles    = errors.New("rank must have 9 points")
	ErrFENPiece    = errors.New("unknown piece letter")
	ErrFENSide     = errors.New("side to move must be w, r or b")
	ErrFENCounter  = errors.New("bad move counter")
	ErrFENTooMany  = errors.New("too many fields")
	ErrFENCastling = errors.New("castling and en passant fields must be -")
)

// FENError is a syntax error in a FEN string.
type FENError struct {
	FEN   string
	Field int // 1-based FEN field (1 = placement)
	Rank  int // rank (9..0) for placement errors, else -1
	Err   error
}

func (e *FENError) Error() string {
	if e.Rank >= 0 {
		return fmt.Sprintf("board: FEN %q: rank %d: %v", e.FEN, e.Rank, e.Err)
	}
	return fmt.Sprintf("board: FEN %q: field %d: %v", e.FEN, e.Field, e.Err)
}

func (e *FENError) Unwrap() error { return e.Err }

// ParseFEN reads a FEN string. It accepts "w" or "r" for Red and "b" for
// Black, H/h and E/e as horse and elephant, and missing trailing fields
// (placement and side only, or placement only: Red to move). The result is
// not validated: see NewPosition.
func ParseFEN(fen string) (Setup, error) {
	var s Setup
	s.FullMove = 1
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return s, &FENError{FEN: fen, Field: 1, Rank: -1, Err: ErrFENEmpty}
	}
	if len(fields) > 6 {
		return s, &FENError{FEN: fen, Field: 7, Rank: -1, Err: ErrFENTooMany}
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != Ranks {
		return s, &FENError{FEN: fen, Field: 1, Rank: -1, Err: ErrFENRanks}
	}
	for i, row := range ranks {
		r := Ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			b := row[j]
			if b >= '1' && b <= '9' {
				f += int(b - '0')
				if f > Files {
					return s, &FENError{FEN: fen, Field: 1, Rank: r, Err: ErrFENFiles}
				}
				continue
			}
			p, ok := PieceFromFEN(b)
			if !ok {
				return s, &FENError{FEN: fen, Field: 1, Rank: r, Err: fmt.Errorf("%w %q", ErrFENPiece, b)}
			}
			if f >= Files {
				return s, &FENError{FEN: fen, Field: 1, Rank: r, Err: ErrFENFiles}
			}
			s.Board[SquareAt(f, r)] = p
			f++
		}
		if f != Files {
			return s, &FENError{FEN: fen, Field: 1, Rank: r, Err: ErrFENFiles}
		}
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w", "r", "W", "R":
			s.Side = Red
		case "b", "B":
			s.Side = Black
		default:
			return s, &FENError{FEN: fen, Field: 2, Rank: -1, Err: ErrFENSide}
		}
	}
	for i := 2; i < 4 && i < len(fields); i++ {
		if fields[i] != "-" {
			return s, &FENError{FEN: fen, Field: i + 1, Rank: -1, Err: ErrFENCastling}
		}
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 1000 {
			return s, &FENError{FEN: fen, Field: 5, Rank: -1, Err: ErrFENCounter}
		}
		s.HalfMove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > 100000 {
			return s, &FENError{FEN: fen, Field: 6, Rank: -1, Err: ErrFENCounter}
		}
		if n == 0 {
			n = 1
		}
		s.FullMove = n
	}
	return s, nil
}

// Placement returns the first FEN field of the board.
func (s *Setup) Placement() string {
	return placement(&s.Board)
}

func placement(b *[Squares]Piece) string {
	var buf [90]byte
	return string(appendPlacement(buf[:0], b))
}

// appendPlacement appends the first FEN field of b to dst.
func appendPlacement(dst []byte, b *[Squares]Piece) []byte {
	for r := Ranks - 1; r >= 0; r-- {
		dst = AppendRankFEN(dst, b, r)
		if r > 0 {
			dst = append(dst, '/')
		}
	}
	return dst
}

// AppendRankFEN appends the FEN text of rank r (0..9) of b to dst: piece
// letters and counts of empty squares, without the '/' between ranks. A
// writer that keeps a placement up to date rewrites the ranks of a move's
// two squares with it.
func AppendRankFEN(dst []byte, b *[Squares]Piece, r int) []byte {
	empty := byte(0)
	for _, pc := range b[r*Files : (r+1)*Files] {
		if pc.IsEmpty() {
			empty++
			continue
		}
		if empty > 0 {
			dst = append(dst, '0'+empty)
			empty = 0
		}
		dst = append(dst, pc.FENLetter())
	}
	if empty > 0 {
		dst = append(dst, '0'+empty)
	}
	return dst
}

// AppendFENCounters appends the FEN fields after the placement: " w - - "
// or " b - - " and the two move counters (a full-move counter below 1
// written as 1).
func AppendFENCounters(dst []byte, side Color, halfMove, fullMove int) []byte {
	if side == Black {
		dst = append(dst, " b - - "...)
	} else {
		dst = append(dst, " w - - "...)
	}
	dst = strconv.AppendInt(dst, int64(halfMove), 10)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(max(fullMove, 1)), 10)
}

// FEN returns the full six-field FEN of the setup.
func (s *Setup) FEN() string {
	var buf [128]byte
	return string(AppendFENCounters(appendPlacement(buf[:0], &s.Board), s.Side, s.HalfMove, s.FullMove))
}

// PositionErrorKinds is a set of reasons why a Setup is not a legal
// position. Callers can ignore some of them (see NewPositionRelaxed):
// historical records sometimes break placement rules.
type PositionErrorKinds uint32

// Position error kinds.
const (
	ErrMissingKing       PositionErrorKinds = 1 << iota // a side has no king
	ErrTooManyKings                                     // more than one king per side
	ErrTooManyPieces                                    // more than 2 A, B, N, R or C, or 5 P, per side
	ErrKingOutsidePalace                                // king not in its palace
	ErrAdvisorPoint                                     // advisor off its five points
	ErrBishopPoint                                      // elephant off its seven points
	ErrPawnPoint                                        // pawn behind its start rank or on an impossible point
	ErrKingsFacing                                      // the kings face each other on an open file
	ErrOppositeCheck                                    // the side not to move is in check
)

var kindNames = []struct {
	k    PositionErrorKinds
	name string
}{
	{ErrMissingKing, "missing king"},
	{ErrTooManyKings, "too many kings"},
	{ErrTooManyPieces, "too many pieces"},
	{ErrKingOutsidePalace, "king outside its palace"},
	{ErrAdvisorPoint, "advisor off its points"},
	{ErrBishopPoint, "elephant off its points"},
	{ErrPawnPoint, "pawn on an impossible point"},
	{ErrKingsFacing, "kings facing"},
	{ErrOppositeCheck, "side not to move is in check"},
}

// String lists the kinds, comma-separated.
func (k PositionErrorKinds) String() string {
	var parts []string
	for _, n := range kindNames {
		if k&n.k != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, ", ")
}

// PositionError reports why a Setup was rejected.
type PositionError struct {
	Kinds PositionErrorKinds
	// Squares where a placement fault was found (for messages).
	Squares []Square
}

func (e *PositionError) Error() string {
	return "board: invalid position: " + e.Kinds.String()
}

// Is makes errors.Is(err, ErrInvalidPosition) true for every *PositionError.
func (e *PositionError) Is(target error) bool { return target == ErrInvalidPosition }

// ErrInvalidPosition matches every *PositionError with errors.Is.
var ErrInvalidPosition = errors.New("board: invalid position")

// Validate checks s against the placement rules and returns the kinds of
// fault found (0 when s is a legal position).
func (s *Setup) Validate() PositionErrorKinds {
	k, _ := s.validate()
	return k
}

// placementRules holds, by kind, the points a piece of each colour may
// stand on and the fault of one that stands elsewhere; nil points for
// the kinds that may stand anywhere.
var placementRules = [NumKinds]struct {
	points *[2][Squares]bool
	fault  PositionErrorKinds
}{
	King:    {&inPalace, ErrKingOutsidePalace},
	Advisor: {&advisorPoint, ErrAdvisorPoint},
	Bishop:  {&bishopPoint, ErrBishopPoint},
	Pawn:    {&pawnPoint, ErrPawnPoint},
}

func (s *Setup) validate() (PositionErrorKinds, []Square) {
	var kinds PositionErrorKinds
	var bad []Square
	var count [2][NumKinds]int
	kings := [2]Square{NoSquare, NoSquare}
	for sq := Square(0); sq < Squares; sq++ {
		p := s.Board[sq]
		if p.IsEmpty() {
			continue
		}
		c, k := p.Color(), p.Kind()
		count[c][k]++
		if k == King {
			kings[c] = sq
		}
		if rule := placementRules[k]; rule.points != nil && !rule.points[c][sq] {
			kinds |= rule.fault
			bad = append(bad, sq)
		}
	}
	for c := Red; c <= Black; c++ {
		switch {
		case count[c][King] == 0:
			kinds |= ErrMissingKing
		case count[c][King] > 1:
			kinds |= ErrTooManyKings
		}
		for k := Advisor; k <= Cannon; k++ {
			if count[c][k] > 2 {
				kinds |= ErrTooManyPieces
			}
		}
		if count[c][Pawn] > 5 {
			kinds |= ErrTooManyPieces
		}
	}
	if kinds&(ErrMissingKing|ErrTooManyKings) != 0 {
		return kinds, bad
	}
	p := Position{board: s.Board, side: s.Side, kings: kings}
	if p.kingsFacing() {
		kinds |= ErrKingsFacing
	} else if p.attacked(kings[s.Side.Other()], s.Side) {
		kinds |= ErrOppositeCheck
	}
	return kinds, bad
}

// NewPosition validates s and returns the position, or a *PositionError.
func NewPosition(s Setup) (Position, error) {
	return NewPositionRelaxed(s, 0)
}

// NewPositionRelaxed is NewPosition ignoring the fault kinds in ignore.
// Missing or extra kings and facing kings can never be ignored: the rules
// (and move generation) need exactly one king per side.
func NewPositionRelaxed(s Setup, ignore PositionErrorKinds) (Position, error) {
	kinds, bad := s.validate()
	kinds &^= ignore &^ (ErrMissingKing | ErrTooManyKings | ErrKingsFacing)
	if kinds != 0 {
		return Position{}, &PositionError{Kinds: kinds, Squares: bad}
	}
	p := Position{board: s.Board, side: s.Side, halfMove: s.HalfMove, fullMove: s.FullMove}
	if p.fullMove < 1 {
		p.fullMove = 1
	}
	for sq := Square(0); sq < Squares; sq++ {
		if pc := s.Board[sq]; pc.Kind() == King {
			p.kings[pc.Color()] = sq
		}
	}
	p.key = p.computeKey()
	return p, nil
}

// PositionFromFEN parses and validates a FEN.
func PositionFromFEN(fen string) (Position, error) {
	s, err := ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(s)
}

// StartPosition returns the standard start position.
func StartPosition() Position { return startPos }

var startPos = func() Position {
	_, _ = tablesReady, zobristReady
	p, err := PositionFromFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}()
