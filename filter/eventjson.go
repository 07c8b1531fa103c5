package filter

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// event is one line of go build -json or go test -json (test2json) output:
// the one type both are decoded into. Build events carry ImportPath, test
// events Package and Test.
type event struct {
	ImportPath  string
	Action      string
	Output      string
	OutputType  string // go 1.27: "frame", "error", "error-continue" or ""
	Package     string
	Test        string
	FailedBuild string
	Elapsed     float64
}

// decodeJSONEvent decodes one line of go build -json or go test -json
// output into ev: by decodeEvent's fast path when it can, by encoding/json
// otherwise. It reports whether b was an event (an object with an Action);
// ev's strings may be views of b or *scratch.
func decodeJSONEvent(b []byte, ev *event, scratch *[]byte) bool {
	if !bytes.Contains(b, []byte(`"Action":`)) && !bytes.Contains(b, []byte(`"Action" :`)) {
		return false // a program's own JSON, such as a log line
	}
	if !decodeEvent(b, ev, scratch) {
		*ev = event{}
		if err := json.Unmarshal(b, ev); err != nil {
			return false
		}
	}
	return ev.Action != ""
}

// decodeEvent decodes one line of go build -json or go test -json output —
// a flat JSON object of strings and numbers — into ev, without reflection:
// these lines are most of a go test -json log. Strings without escapes are
// views of b; one string with escapes (usually Output, with its "\n") is
// unescaped into *scratch. It returns false for anything else (nested
// values, escapes in two strings, bad syntax), and encoding/json decides.
func decodeEvent(b []byte, ev *event, scratch *[]byte) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i++
	unescaped := false
	for first := true; ; first = false {
		i = skipSpace(b, i)
		if i < len(b) && b[i] == '}' && first {
			i++
			break
		}
		key, esc, j, ok := scanString(b, i)
		if !ok || esc {
			return false
		}
		i = skipSpace(b, j)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		if i >= len(b) {
			return false
		}
		field := eventField(ev, key)
		elapsed := string(key) == "Elapsed"
		if field == nil && !elapsed && isEventKey(key) {
			return false // encoding/json matches keys in any case
		}
		if elapsed && b[i] != '-' && (b[i] < '0' || b[i] > '9') {
			return false // not a number: encoding/json decides
		}
		var val []byte
		switch c := b[i]; {
		case c == '"':
			val, esc, j, ok = scanString(b, i)
			if !ok {
				return false
			}
			if esc {
				if unescaped {
					return false
				}
				unescaped = true
				if *scratch, ok = unescape((*scratch)[:0], val); !ok {
					return false
				}
				val = *scratch
			}
			i = j
		case field != nil:
			return false // a string field of ours that is not a string
		case c == 't' || c == 'f' || c == 'n':
			j = 0
			for _, lit := range []string{"true", "false", "null"} {
				if bytes.HasPrefix(b[i:], []byte(lit)) {
					j = i + len(lit)
				}
			}
			if j == 0 {
				return false
			}
			i, val = j, nil
		case c == '-' || '0' <= c && c <= '9':
			j = scanJSONNumber(b, i)
			if j < 0 {
				return false
			}
			if elapsed {
				f, err := strconv.ParseFloat(view(b[i:j]), 64)
				if err != nil {
					return false
				}
				ev.Elapsed = f
			}
			i, val = j, nil
		default:
			return false // an object or array: not an event of ours
		}
		if field != nil {
			*field = view(val)
		}
		i = skipSpace(b, i)
		if i < len(b) && b[i] == ',' {
			i++
			continue
		}
		if i < len(b) && b[i] == '}' {
			i++
			break
		}
		return false
	}
	return skipSpace(b, i) == len(b)
}

// scanJSONNumber returns the index after the JSON number at b[i], or -1:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func scanJSONNumber(b []byte, i int) int {
	digits := func(i int) int {
		j := i
		for j < len(b) && '0' <= b[j] && b[j] <= '9' {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	default:
		if i = digits(i); i < 0 {
			return -1
		}
	}
	if i < len(b) && b[i] == '.' {
		if i = digits(i + 1); i < 0 {
			return -1
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i = digits(i); i < 0 {
			return -1
		}
	}
	return i
}

// eventField returns the field of ev that key names exactly, or nil.
func eventField(ev *event, key []byte) *string {
	switch string(key) {
	case "Action":
		return &ev.Action
	case "Output":
		return &ev.Output
	case "Package":
		return &ev.Package
	case "Test":
		return &ev.Test
	case "ImportPath":
		return &ev.ImportPath
	case "FailedBuild":
		return &ev.FailedBuild
	case "OutputType":
		return &ev.OutputType
	}
	return nil
}

var eventKeys = []string{"Action", "Output", "Package", "Test", "ImportPath", "FailedBuild", "OutputType", "Elapsed"}

func isEventKey(key []byte) bool {
	for _, k := range eventKeys {
		if bytes.EqualFold(key, []byte(k)) {
			return true
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// scanString scans the JSON string starting at b[i] ('"'): its raw
// contents, whether they hold escapes, and the index after it.
func scanString(b []byte, i int) (raw []byte, esc bool, next int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, false, 0, false
	}
	start := i + 1
	q := bytes.IndexByte(b[start:], '"')
	if q < 0 {
		return nil, false, 0, false
	}
	if bytes.IndexByte(b[start:start+q], '\\') < 0 {
		for _, c := range b[start : start+q] {
			if c < 0x20 {
				return nil, false, 0, false
			}
		}
		return b[start : start+q], false, start + q + 1, true
	}
	for j := start; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return b[start:j], true, j + 1, true
		case c == '\\':
			j++
		case c < 0x20:
			return nil, false, 0, false
		}
	}
	return nil, false, 0, false
}

// unescape appends the JSON string contents s, unescaped, to dst.
func unescape(dst, s []byte) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			dst = append(dst, c)
			continue
		}
		i++
		if i >= len(s) {
			return dst, false
		}
		switch s[i] {
		case '"', '\\', '/':
			dst = append(dst, s[i])
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := hex4(s, i+1)
			if !ok {
				return dst, false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if i+2 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
					r2, ok = hex4(s, i+3)
				}
				if dec := utf16.DecodeRune(r, r2); ok && dec != utf8.RuneError {
					r = dec
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			dst = utf8.AppendRune(dst, r)
		default:
			return dst, false
		}
	}
	return dst, true
}

func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range s[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
