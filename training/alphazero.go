package training

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// Errors of AlphaZeroWriter.Write for a game it cannot write (the caller
// counts them and goes on).
var (
	// ErrNotStandardStart: the supervised learner starts every game from
	// the standard position.
	ErrNotStandardStart = errors.New("training: alphazero-csv: the game does not start from the standard position")
	// ErrNoResultCSV: the learner reads any winner other than red or black
	// as a draw, so a game of unknown result is left out.
	ErrNoResultCSV = errors.New("training: alphazero-csv: the result is unknown")
	// ErrUnreadableMove: the learner's WXF reader would take one of the
	// moves for another (three pieces of a kind on a file, or doubled
	// pawns on two files).
	ErrUnreadableMove = errors.New("training: alphazero-csv: a move has no WXF text the learner reads back")
	// ErrNoMoves: a game without moves has no row in moves.csv.
	ErrNoMoves = errors.New("training: alphazero-csv: no moves")
)

// AlphaZeroWriter writes the two files cchess-alphazero's supervised
// learner reads (cchess_alphazero/worker/sl.py): gameinfo.csv, a row per
// game (gameID, winner; and game_id to find the game in games.parquet,
// split and mirrored, which the learner does not read), and moves.csv, a row per move (gameID, turn, side, move). See the
// package documentation for the format and what the learner does with it.
type AlphaZeroWriter struct {
	info, moves *csv.Writer
	next        int // the next gameID
	rows        []string
	err         error
}

// NewAlphaZeroWriter returns a writer of gameinfo.csv to info and
// moves.csv to moves, and writes their header lines. Close flushes them
// (it does not close the io.Writers).
func NewAlphaZeroWriter(info, moves io.Writer) *AlphaZeroWriter {
	w := &AlphaZeroWriter{info: csv.NewWriter(info), moves: csv.NewWriter(moves), next: 1}
	w.err = w.info.Write([]string{"gameID", "winner", "game_id", "split", "mirrored"})
	if err := w.moves.Write([]string{"gameID", "turn", "side", "move"}); w.err == nil {
		w.err = err
	}
	return w
}

// Games returns the number of games written.
func (w *AlphaZeroWriter) Games() int { return w.next - 1 }

// Write writes game g: its row in gameinfo.csv and a row per move in
// moves.csv, with the next gameID (1, 2, …). A game the learner could not
// read as it is returns ErrNotStandardStart, ErrNoResultCSV,
// ErrUnreadableMove or ErrNoMoves (wrapped) and writes nothing; an I/O
// error is returned and sticks.
func (w *AlphaZeroWriter) Write(g *Game) error {
	if w.err != nil {
		return w.err
	}
	if len(g.Moves) == 0 {
		return fmt.Errorf("%w: %s", ErrNoMoves, g.ID)
	}
	if g.Start.Key() != startKey || g.Start.Side() != board.Red {
		return fmt.Errorf("%w: %s", ErrNotStandardStart, g.ID)
	}
	var winner string
	switch g.Result {
	case RedWin:
		winner = "red"
	case BlackWin:
		winner = "black"
	case Draw:
		winner = "draw"
	default:
		return fmt.Errorf("%w: %s", ErrNoResultCSV, g.ID)
	}
	// Every move's text first: a game is written whole or not at all.
	texts := w.rows[:0]
	p := g.Start
	for i, m := range g.Moves {
		t, ok := learnerWXF(&p, m)
		if !ok {
			w.rows = texts
			return fmt.Errorf("%w: %s ply %d %v", ErrUnreadableMove, g.ID, i+1, m)
		}
		texts = append(texts, t)
		p.MakeMove(m)
	}
	w.rows = texts
	id := strconv.Itoa(w.next)
	for i, t := range texts {
		side := "red"
		if i%2 == 1 {
			side = "black"
		}
		if err := w.moves.Write([]string{id, strconv.Itoa(i/2 + 1), side, t}); err != nil {
			w.err = err
			return err
		}
	}
	if err := w.info.Write([]string{id, winner, g.ID, g.Split.String(), strconv.FormatBool(g.Mirrored)}); err != nil {
		w.err = err
		return err
	}
	w.next++
	return nil
}

// Close flushes both files and returns the first error met.
func (w *AlphaZeroWriter) Close() error {
	w.info.Flush()
	w.moves.Flush()
	for _, err := range []error{w.err, w.info.Error(), w.moves.Error()} {
		if err != nil {
			w.err = err
			return err
		}
	}
	return nil
}

// startKey is the key of the standard start position.
var startKey = func() uint64 { p := board.StartPosition(); return p.Key() }()

// wxfLetters are the piece letters the learner's WXF reader knows (it
// reads H for the horse and E for the elephant, not N and B), by kind.
var wxfLetters = [board.NumKinds]byte{board.King: 'K', board.Advisor: 'A', board.Bishop: 'E', board.Knight: 'H', board.Rook: 'R', board.Cannon: 'C', board.Pawn: 'P'}

// learnerWXF returns the four-character WXF text of legal move m in p as
// cchess-alphazero's reader (L_Chessboard.parse_WXF_move and find_row in
// environment/light_env/chessboard.py) reads it back to m: the piece letter
// in upper case for Red and lower case for Black, its file (WXF numbering:
// Red's from 9 at file a to 1 at file i, Black's from 1 at file a to 9 at
// file i) or + / − for the front or rear piece of two on a file, then . + −
// and the destination file (sideways moves and the diagonal movers) or the
// number of steps. It is standard WXF unless that would be misread: the
// reader takes a file number for the rearmost piece of the kind on the
// file (from Red's side: the lowest rank), and + / − for the front or rear
// of the two rearmost pieces on the first file, from file i towards a,
// that holds two. ok is false when neither form names the piece.
func learnerWXF(p *board.Position, m board.Move) (string, bool) {
	from, to := m.From(), m.To()
	pc := p.Piece(from)
	kind, side := pc.Kind(), pc.Color()
	var files [board.Files][]int // ranks of the pieces pc, by file, low to high
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if p.Piece(sq) == pc {
			files[sq.File()] = append(files[sq.File()], sq.Rank())
		}
	}
	ff, fr := from.File(), from.Rank()
	// The reader's file-number form picks the lowest rank on the file.
	number := files[ff][0] == fr
	// Its +/- form looks at the first file from i to a with two of them and
	// the two lowest ranks there: Red's front is the higher, Black's the
	// lower.
	var tandem byte
	for f := board.Files - 1; f >= 0; f-- {
		if len(files[f]) < 2 {
			continue
		}
		if f == ff {
			lo, hi := files[f][0], files[f][1]
			switch {
			case fr == hi && side == board.Red, fr == lo && side == board.Black:
				tandem = '+'
			case fr == lo && side == board.Red, fr == hi && side == board.Black:
				tandem = '-'
			}
		}
		break
	}
	// Standard WXF names the front or rear piece when two of the kind share
	// a file, except advisors and elephants (their direction tells).
	standardTandem := len(files[ff]) > 1 && kind != board.Advisor && kind != board.Bishop
	var second byte
	switch {
	case standardTandem && tandem != 0, !number && tandem != 0:
		second = tandem
	case number:
		second = wxfFile(side, ff)
	default:
		return "", false
	}
	letter := wxfLetters[kind]
	if side == board.Black {
		letter += 'a' - 'A'
	}
	forward := to.Rank() > fr
	if side == board.Black {
		forward = to.Rank() < fr
	}
	op, last := byte('-'), byte(0)
	if forward {
		op = '+'
	}
	switch {
	case to.Rank() == fr:
		op, last = '.', wxfFile(side, to.File())
	case kind == board.Knight || kind == board.Bishop || kind == board.Advisor:
		last = wxfFile(side, to.File())
	default:
		steps := to.Rank() - fr
		if steps < 0 {
			steps = -steps
		}
		last = byte('0' + steps)
	}
	return string([]byte{letter, second, op, last}), true
}

// wxfFile returns the WXF file digit of file f (0 = a) for side.
func wxfFile(side board.Color, f int) byte {
	if side == board.Red {
		return byte('0' + board.Files - f)
	}
	return byte('1' + f)
}
