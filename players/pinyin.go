package players

import (
	"strings"

	"github.com/mozillazg/go-pinyin"
)

// maxReadings bounds the readings kept for one Han name: every reading of
// every character while their product stays under it, else every reading
// of the first character (the surname: 曾 zeng/ceng, 单 shan/dan) and the
// common reading of the others.
const maxReadings = 64

var pyArgs = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Style = pinyin.Normal
	a.Heteronym = true
	return a
}()

// Readings returns the toneless pinyin readings of a Han name (a key of
// two to four Han characters), each as "SURNAME GIVEN": the syllables of
// the surname, one space, the given name's syllables run together (胡荣华:
// "hu ronghua"). Both splits are given, after the first character and,
// for names of three characters or more, after the second (欧阳琦琳:
// "ou yangqilin" and "ouyang qilin"), so that compound surnames need no
// list. ü is written u, as romanKey writes it. Nil for a key that is
// not a Han name or has a character without pinyin.
//
// The pinyin comes from github.com/mozillazg/go-pinyin (its table is
// made from the Unicode Han database and pinyin-data).
func Readings(key string) []string {
	if !isHanName(key) {
		return nil
	}
	chars := pinyin.Pinyin(key, pyArgs)
	if len(chars) != len([]rune(key)) {
		return nil
	}
	n := 1
	for _, c := range chars {
		if len(c) == 0 {
			return nil
		}
		n *= len(c)
	}
	if n > maxReadings {
		for i := 1; i < len(chars); i++ {
			chars[i] = chars[i][:1]
		}
	}
	var out []string
	var walk func(i int, syl []string)
	walk = func(i int, syl []string) {
		if i == len(chars) {
			for split := 1; split <= 2 && split < len(syl); split++ {
				out = append(out, foldRoman(strings.Join(syl[:split], ""))+" "+foldRoman(strings.Join(syl[split:], "")))
			}
			return
		}
		for _, r := range chars[i] {
			walk(i+1, append(syl, r))
		}
	}
	walk(0, nil)
	return dedup(out)
}

// RomanCandidates returns the readings the words of a romanized name
// (Form.Words) may stand for, in the form of Readings: surname first
// ("hu ronghua" from "Hu Ronghua", "HU Rong-hua") and surname last
// ("hu ronghua" from "Ronghua Hu"; the last word is the surname).
func RomanCandidates(w []string) []string {
	if len(w) < 2 {
		return nil
	}
	first := w[0] + " " + strings.Join(w[1:], "")
	last := w[len(w)-1] + " " + strings.Join(w[:len(w)-1], "")
	return dedup([]string{first, last})
}

func dedup(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
