package parse

import "strconv"

// CHE (QQ象棋): ASCII decimal integers separated by white space
// (docs/formats.md#che): a header of two, the second the number of moves,
// then ten a move:
//
//	piece, 32, side (1 red, 0 black), from rank, from file, to rank,
//	to file, captured, move number (1, 2, …), 0
//
// Ranks count from red's side (0..9), files from red's left (0..8).

// cheFields is the number of integers of one move.
const cheFields = 10

// cheInt is one integer and where it starts.
type cheInt struct {
	v, off int
}

// cheScan returns the integers of data, at most max, and the offset of
// the first byte that is neither a digit nor white space (-1 if none).
func cheScan(data []byte, max int) (ints []cheInt, bad int) {
	bad = -1
	for i := 0; i < len(data) && len(ints) < max; {
		c := data[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(data) && data[j] >= '0' && data[j] <= '9' && j-i < 9 {
				j++
			}
			v, _ := strconv.Atoi(string(data[i:j]))
			ints = append(ints, cheInt{v, i})
			i = j
		default:
			return ints, i
		}
	}
	return ints, bad
}

// cheLooksLike reports whether head starts like a CHE record: a header,
// then whole moves numbered from 1 with their squares on the board.
func cheLooksLike(head []byte) bool {
	ints, bad := cheScan(head, 2+3*cheFields)
	if bad >= 0 && bad < len(head) && len(ints) < 2+cheFields {
		return false
	}
	if len(ints) < 2+cheFields || ints[1].v < 1 {
		return false
	}
	for k := 0; 2+(k+1)*cheFields <= len(ints) && k < 3; k++ {
		m := ints[2+k*cheFields : 2+(k+1)*cheFields]
		if m[8].v != k+1 || m[2].v > 1 || !platOnBoard(m[4].v, m[3].v) || !platOnBoard(m[6].v, m[5].v) {
			return false
		}
	}
	return true
}

func decodeCHE(data []byte, rec *Record) *Error {
	ints, bad := cheScan(data, len(data))
	if len(ints) < 2 {
		return platErr(0, ErrNoGame, "not a CHE record: no header of two numbers")
	}
	if bad >= 0 {
		platProblem(rec, bad, ErrSyntax, "byte %#02x is not part of a number", data[bad])
	}
	rec.Encoding = EncASCII
	n := ints[1].v
	rec.Tags.Set("CHEHeader", strconv.Itoa(ints[0].v))
	line := platLine{rec: rec}
	rest := ints[2:]
	for k := 0; k < n; k++ {
		if len(rest) < cheFields {
			off := len(data)
			if len(rest) > 0 {
				off = rest[0].off
			}
			platProblem(rec, off, ErrTruncated, "the file ends after %d of the %d moves it declares", k, n)
			return nil
		}
		m := rest[:cheFields]
		line.add(m[4].v, m[3].v, m[6].v, m[5].v, m[0].off)
		if m[8].v != k+1 {
			platProblem(rec, m[8].off, ErrCorrupt, "move %d is numbered %d", k+1, m[8].v)
		}
		rest = rest[cheFields:]
	}
	if len(rest) > 0 {
		platProblem(rec, rest[0].off, ErrSyntax, "%d numbers after the %d moves the header declares", len(rest), n)
	}
	return nil
}
