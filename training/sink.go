package training

import (
	"os"
	"path/filepath"

	"github.com/xqtool/xqtool/internal/output"
)

// File names of the alphazero-csv output.
const (
	GameInfoName = "gameinfo.csv"
	MovesName    = "moves.csv"
)

// AlphaZeroSink writes the alphazero-csv files of a run (xqtool export
// --training --format alphazero-csv): gameinfo.csv and moves.csv in a
// directory, through AlphaZeroWriter, the games the options' filter takes
// (and their mirrors with Options.Mirror), each with its split. A
// GameSink decides the games (after the duplicate verdicts) and hands them
// over at Finish, in input order. Both files are written to temporary
// names and moved into place by Commit.
type AlphaZeroSink struct {
	*GameSink
	info, mv *output.File
	w        *AlphaZeroWriter
}

// NewAlphaZeroSink starts the alphazero-csv files in dir (created if
// needed).
func NewAlphaZeroSink(dir string, opt Options) (*AlphaZeroSink, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	s := &AlphaZeroSink{}
	var err error
	if s.info, err = output.Open(filepath.Join(dir, GameInfoName), nil); err != nil {
		return nil, err
	}
	if s.mv, err = output.Open(filepath.Join(dir, MovesName), nil); err != nil {
		s.info.Abort()
		return nil, err
	}
	s.w = NewAlphaZeroWriter(s.info, s.mv)
	s.GameSink = NewGameSink(opt, s.w.Write)
	return s, nil
}

// Commit completes both files and moves them into place.
func (s *AlphaZeroSink) Commit() error {
	s.Close()
	if err := s.w.Close(); err != nil {
		s.Abort()
		return err
	}
	if err := s.info.Commit(); err != nil {
		s.mv.Abort()
		return err
	}
	return s.mv.Commit()
}

// Abort removes the temporary files.
func (s *AlphaZeroSink) Abort() {
	s.Close()
	s.info.Abort()
	s.mv.Abort()
}
