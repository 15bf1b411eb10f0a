package board

// Mirror returns the left-right mirror of s (file a ↔ i, Square.Mirror of
// every square); side to move and counters are kept.
func (s Setup) Mirror() Setup {
	out := s
	for sq := range s.Board {
		out.Board[Square(sq).Mirror()] = s.Board[sq]
	}
	return out
}

// Mirror returns the left-right mirror of p. The rules are symmetric, so
// the mirror has the same faults as p (a relaxed position stays relaxed)
// and the mirror of a legal move of p (Move.Mirror) is legal in it. The
// error is only for a position whose kings the rules cannot accept, which
// no Position has.
func (p *Position) Mirror() (Position, error) {
	s := p.Setup()
	return NewPositionRelaxed(s.Mirror(), s.Validate())
}
