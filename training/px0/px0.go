// Package px0 writes the V6 training records of px0, Pikafish's lc0-style
// trainer (official-pikafish/lczero-training reads them with
// tf/chunkparser.py; the px0 engine writes them in
// src/trainingdata/trainingdata.cc, struct V6TrainingData in
// trainingdata_v6.h), input format 1 (the classical 120 + 4 planes).
//
// A record is 10,256 bytes, little-endian, packed:
//
//	offset  field
//	0       uint32 version = 6
//	4       uint32 input_format = 1
//	8       float32 probabilities[2062]: the policy, by index of
//	        training.Space2062 (policy_2062): 1 on the record's move, 0 on
//	        the position's other legal moves, −1 on illegal moves (as the
//	        engine writes them)
//	8256    uint128 planes[120]: 8 history steps × 15 planes, the current
//	        position first; bit rank×9+file of a plane is a point, seen
//	        from the side to move (ranks mirrored, 9−r, when Black is to
//	        move): per step the side to move's rooks, advisors, cannons,
//	        pawns, horses, elephants, king, then the opponent's in the same
//	        order, then a plane all set when that position occurred earlier
//	        in the game. Before the game's first position the steps repeat
//	        it, except for a game from the standard start (zero planes):
//	        the engine's FEN_ONLY filling of the history.
//	10176   uint8 side_to_move (1 Black), uint8 rule50_count (halfmove
//	        clock, at most 255), uint8 invariance_info = 0, uint8 dummy = 0
//	10180   float32 root_q, best_q, root_d, best_d, root_m, best_m,
//	        plies_left, result_q, result_d, played_q, played_d, played_m,
//	        orig_q, orig_d, orig_m (NaN: no network evaluation)
//	10240   uint32 visits, uint16 played_idx, uint16 best_idx,
//	        float32 policy_kld = 0, uint32 reserved = 0
//
// result_q and result_d are the game's result from the side to move (1, 0
// a win; −1, 0 a loss; 0, 1 a draw). With an evaluation the value fields
// hold it as q = 2/(1+10^(−cp/400)) − 1 from the side to move (±1 for a
// mate, whose m is its distance in plies) and d = 0; without, they hold the
// game's result. plies_left is the number of plies left in the game.
package px0

import (
	"encoding/binary"
	"math"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/training"
)

// Sizes of a record.
const (
	RecordSize   = 10256
	PolicySize   = 2062
	Planes       = 120
	History      = 8
	PlanesPerPos = 15
	InputFormat  = 1
	Version      = 6
)

// Field offsets.
const (
	offProbs   = 8
	offPlanes  = offProbs + 4*PolicySize
	offSide    = offPlanes + 16*Planes
	offFloats  = offSide + 4
	offVisits  = offFloats + 4*15
	offPlayed  = offVisits + 4
	offBest    = offPlayed + 2
	offKLD     = offBest + 2
	offReserve = offKLD + 4
)

// Input is one position as a record needs it.
type Input struct {
	// Line holds the game's positions up to this one: Line[len-1] is the
	// position, the others its history.
	Line []board.Position
	// StandardStart is true when Line[0] is the game's standard start.
	StandardStart bool
	// Move is the move the policy is on; Played the move played; Best the
	// engine's best (NoMove: Played).
	Move, Played, Best board.Move
	// Result is the game's result from the side to move (1, 0, −1).
	Result int8
	// Score (centipawns from the side to move, ±MateScore−plies for a
	// mate) when HasScore.
	Score    int
	HasScore bool
	// PliesLeft is the number of plies left in the game.
	PliesLeft int
}

// mateScore is the score of a mate now (positions.MateScore).
const mateScore = 32000

// pieceOrder is the order of the planes of one side.
var pieceOrder = [7]board.Kind{board.Rook, board.Advisor, board.Cannon, board.Pawn, board.Knight, board.Bishop, board.King}

// planeOf is the plane (0..6) of a kind.
var planeOf = func() (t [board.NumKinds]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, k := range pieceOrder {
		t[k] = int8(i)
	}
	return
}()

// AppendRecord appends the record of in to dst.
func AppendRecord(dst []byte, in *Input, moves []board.Move) []byte {
	n := len(dst)
	dst = append(dst, make([]byte, RecordSize)...)
	rec := dst[n:]
	le := binary.LittleEndian
	le.PutUint32(rec[0:], Version)
	le.PutUint32(rec[4:], InputFormat)
	pos := &in.Line[len(in.Line)-1]
	side := pos.Side()

	// Policy: −1 everywhere, 0 on legal moves, 1 on the move.
	neg := math.Float32bits(-1)
	for i := range PolicySize {
		le.PutUint32(rec[offProbs+4*i:], neg)
	}
	for _, m := range pos.AppendLegalMoves(moves[:0]) {
		if i, ok := training.Space2062.Index(side, m); ok {
			le.PutUint32(rec[offProbs+4*i:], 0)
		}
	}
	idx := func(m board.Move) uint16 {
		i, _ := training.Space2062.Index(side, m)
		return uint16(i)
	}
	le.PutUint32(rec[offProbs+4*int(idx(in.Move)):], math.Float32bits(1))

	// Planes.
	last := len(in.Line) - 1
	for step := range History {
		at := last - step
		if at < 0 {
			if in.StandardStart {
				break
			}
			at = 0
		}
		base := offPlanes + 16*PlanesPerPos*step
		p := &in.Line[at]
		for sq := range board.Squares {
			pc := p.Piece(board.Square(sq))
			if pc.IsEmpty() {
				continue
			}
			pl := int(planeOf[pc.Kind()])
			if pc.Color() != side {
				pl += 7
			}
			bit := sq
			if side == board.Black {
				bit = (board.Ranks-1-sq/board.Files)*board.Files + sq%board.Files
			}
			rec[base+16*pl+bit/8] |= 1 << (bit % 8)
		}
		if repeated(in.Line[:at+1]) {
			off := base + 16*14
			for bit := range board.Squares {
				rec[off+bit/8] |= 1 << (bit % 8)
			}
		}
	}

	rec[offSide] = byte(side)
	rec[offSide+1] = byte(min(pos.HalfMove(), 255))

	// Value fields.
	rq, rd := float32(in.Result), float32(0)
	if in.Result == 0 {
		rd = 1
	}
	q, d, m := rq, rd, float32(in.PliesLeft)
	if in.HasScore {
		q, d, m = scoreQ(in.Score), 0, 0
		if a := abs(in.Score); a > mateScore-1000 {
			m = float32(mateScore - a)
		}
	}
	nan := float32(math.NaN())
	for i, v := range []float32{q, q, d, d, m, m, float32(in.PliesLeft), rq, rd, q, d, m, nan, nan, nan} {
		le.PutUint32(rec[offFloats+4*i:], math.Float32bits(v))
	}
	le.PutUint32(rec[offVisits:], 1)
	best := in.Best
	if best == board.NoMove {
		best = in.Played
	}
	le.PutUint16(rec[offPlayed:], idx(in.Played))
	le.PutUint16(rec[offBest:], idx(best))
	return dst
}

// repeated reports whether the last position of line occurred earlier in
// it.
func repeated(line []board.Position) bool {
	k := line[len(line)-1].Key()
	for i := len(line) - 3; i >= 0; i -= 2 { // the same side to move
		if line[i].Key() == k {
			return true
		}
	}
	return false
}

// scoreQ turns a score from the side to move into a q in [−1, 1].
func scoreQ(cp int) float32 {
	if abs(cp) > mateScore-1000 {
		if cp > 0 {
			return 1
		}
		return -1
	}
	return float32(2/(1+math.Pow(10, -float64(cp)/400)) - 1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
