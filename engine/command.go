package engine

import (
	"errors"
	"strings"
)

// ParseCommand splits an engine's command line into its program and
// arguments as a POSIX shell splits words, without running a shell: words
// are separated by blanks; single quotes keep everything up to the next
// single quote; double quotes keep everything up to the next double quote
// except that a backslash escapes ", \, $ and `; outside quotes a backslash
// keeps the next character. Nothing is expanded (no variables, globs or
// ~), so 'node --no-experimental-fetch "/opt/my engines/uci.js"' is three
// words whatever the environment.
func ParseCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("engine: command: unterminated ' quote")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, errors.New(`engine: command: unterminated " quote`)
			}
			inWord = true
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New(`engine: command: a \ ends it`)
			}
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("engine: command: empty")
	}
	return words, nil
}
