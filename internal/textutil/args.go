package textutil

import (
	"errors"
	"fmt"
	"strings"
)

// SplitArgs splits a command line into words with simple shell quoting:
// '...' is literal, "..." keeps spaces and lets a backslash escape " and \,
// and a backslash outside quotes escapes the next character. Nothing else
// (variables, globs) is expanded.
func SplitArgs(s string) ([]string, error) {
	var (
		words  []string
		word   strings.Builder
		inWord bool
	)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case '\\':
			if i+1 == len(s) {
				return nil, fmt.Errorf("trailing backslash in %q", s)
			}
			i++
			word.WriteByte(s[i])
			inWord = true
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unbalanced ' in %q", s)
			}
			word.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case '"':
			closed := false
			for i++; i < len(s); i++ {
				if s[i] == '"' {
					closed = true
					break
				}
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				word.WriteByte(s[i])
			}
			if !closed {
				return nil, fmt.Errorf("unbalanced \" in %q", s)
			}
			inWord = true
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty command")
	}
	return words, nil
}
