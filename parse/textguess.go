package parse

// Choosing between GB18030 and Big5 when the move text does not decide.
//
// The notation score (textLegacyScores) counts characters of Chinese move
// notation in each reading; a file holding only tags, or a few words of
// comment, has none. The text itself then decides: each double-byte code
// is scored by how likely it is in Chinese text under each reading — a
// character of the common (level 1) set is evidence for that reading; a
// Cyrillic or Greek letter, a kana, a code of the rare extension areas or
// an unassigned code is evidence against it. Big5 text read as GB18030
// gives such codes for nearly half its characters (第00局 結論 becomes
// 材00Ы 挡阶), GB text read as Big5 falls into Big5's level 2 or into its
// unassigned rows. When even that is close, the encoding of the other
// files of the same directory or archive (a hint from the caller)
// decides, and the choice is reported as weak.

// textWeakMargin is the likelihood margin (in points, two per common
// character) under which a choice made from the text alone is weak:
// about six characters of evidence.
const textWeakMargin = 12

// textLikelihood scores the raw bytes b as Chinese text read as GB18030
// and as Big5 (see the comment at the top of this file).
func textLikelihood(b []byte) (gb, big5 int) {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		if i+1 >= len(b) {
			break // cut at the end of the sample
		}
		d := b[i+1]
		switch {
		case c == 0x80 || c == 0xFF:
			gb -= 3
			i++
			continue
		case d >= 0x30 && d <= 0x39:
			gb-- // four-byte GB18030: rare in Chinese text
			i += 4
			continue
		case d < 0x40 || d == 0x7F || d == 0xFF:
			gb -= 3 // invalid trail byte
		case d < 0xA1:
			gb -= 2 // GBK extension areas: rare characters
		case c >= 0xB0 && c <= 0xD7:
			gb += 2 // level 1: the 3,755 common characters
		case c >= 0xD8 && c <= 0xF7:
			gb++ // level 2
		case c == 0xA1 || c == 0xA3:
			// punctuation, full-width ASCII
		case c >= 0xA2 && c <= 0xA9:
			gb -= 2 // numerals in circles, kana, Greek, Cyrillic, box drawing
		default:
			gb -= 3 // user-defined areas
		}
		i += 2
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		if i+1 >= len(b) {
			break
		}
		d := b[i+1]
		code := uint16(c)<<8 | uint16(d)
		switch {
		case c < 0xA1 || c > 0xF9 || d < 0x40 || d > 0x7E && d < 0xA1 || d == 0xFF:
			big5 -= 3 // not a Big5 code
		case code >= 0xA440 && code <= 0xC67E:
			big5 += 2 // level 1: the 5,401 common characters
		case c >= 0xC9:
			big5++ // level 2
		case c <= 0xA3:
			// symbols and punctuation
		default:
			big5 -= 3 // C6A1–C8FE: unassigned in Big5
		}
		i += 2
	}
	return gb, big5
}

// textLegacyChoice chooses GB18030 or Big5 for b: by the notation
// characters each reading holds when they differ by two or more, else by
// the likelihood of the text, else by hint (the encoding of the other
// files of the same directory, "" if none), else GB18030. weak reports a
// choice not made by the notation nor by a clear likelihood margin (or a
// narrow one the hint agrees with).
func textLegacyChoice(b []byte, hint string) (enc string, weak bool) {
	gs, bs := textLegacyScores(b)
	switch {
	case gs >= bs+2:
		return EncGB18030, false
	case bs >= gs+2:
		return EncBig5, false
	}
	gl, bl := textLikelihood(b)
	margin := gl - bl
	if margin < 0 {
		margin = -margin
	}
	if margin >= 2 || hint != EncGB18030 && hint != EncBig5 {
		enc = EncGB18030
		if bl > gl {
			enc = EncBig5
		}
		// A hint that agrees corroborates a narrow margin.
		return enc, margin < textWeakMargin && hint != enc
	}
	return hint, true
}

// Weak reports whether the GB18030 or Big5 encoding of the piece last
// decoded was chosen on little evidence (no notation characters to tell
// the readings apart and a close likelihood): its text may be mojibake.
func (d *TextDecoder) Weak() bool { return d != nil && d.pieceWeak }
