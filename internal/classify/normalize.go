package classify

import (
	"bytes"
	"strings"
)

// Normalize removes from error text what changes between runs of the same
// mistake: timestamps, durations, hex addresses, goroutine numbers,
// directories (temporary ones included) and line and column numbers.
// Other numbers stay: "got 3, want 4" and "got 5, want 6" differ. Only the
// first MaxBytes of text count.
//
// It applies, in order, the replacements of these regular expressions (the
// definition, kept in normalize_test.go, which checks that the hand-written
// passes below do exactly what they say, several times faster):
//
//	\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?  →  <time>
//	\d{4}[-/]\d{2}[-/]\d{2}                                                   →  <date>
//	\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b                                         →  <time>
//	0x[0-9a-fA-F]+                                                            →  0x?
//	\b(goroutine|thread|pid|PID) \d+                                          →  $1 ?
//	(?:[A-Za-z]:)?(?:[\w.\-~$@+]*[/\\])+([\w.\-~$@+]*)                        →  $1
//	(\.[A-Za-z]\w*)(?::\d+)+                                                  →  $1
//	\b(line|col|column) \d+                                                   →  $1 ?
//	\b\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h)(?:\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h))*\b  →  <dur>
//	\s+                                                                       →  " "
//
// and trims the result.
func Normalize(text string) string { return string(appendNormalized(nil, text)) }

// appendNormalized appends the normalised text to dst.
func appendNormalized(dst []byte, text string) []byte {
	s := Prefix(text)
	may := scanFor(s)
	if may.timestamp {
		s = replace(s, &digitStart, fixed(timestampAt, "<time>"))
	}
	if may.date {
		s = replace(s, &digitStart, fixed(dateAt, "<date>"))
	}
	if may.clock {
		s = replace(s, &digitStart, fixed(clockAt, "<time>"))
	}
	if may.hex {
		s = replace(s, &zeroStart, fixed(hexAt, "0x?"))
	}
	if may.numbered {
		s = replace(s, &numberedStart, numberedAt)
	}
	if may.path {
		if t := replace(s, &pathStart, pathAt); t != s {
			// Removing a path's directories can join what was apart
			// ("col \0" is "col 0"): the later passes' conditions are
			// checked again on what is left.
			s, may = t, scanFor(t)
		}
	}
	if may.fileLine {
		s = replace(s, &dotStart, fileLineAt)
	}
	if may.lineCol {
		s = replace(s, &lineColStart, lineColAt)
	}
	if may.duration {
		s = replace(s, &digitStart, fixed(durationAt, "<dur>"))
	}
	return appendCollapsed(dst, s)
}

// passes says which replacements may apply: each flag is a condition the
// text must meet for its pattern to match. The replacements before a pass
// only remove text or insert text that no later pattern starts with, so the
// conditions, checked once on the text as given, hold for every pass.
type passes struct {
	timestamp, date, clock, hex, numbered, path, fileLine, lineCol, duration bool
}

// scanFor checks every condition in one pass over s.
func scanFor(s string) passes {
	var p passes
	run := 0 // digits just before i
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isDigit(c) {
			run++
			continue
		}
		if run == 0 && scanClass[c] == 0 {
			continue // a letter after a letter, a space after a word: most bytes
		}
		next := byte(0)
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch c {
		case '-':
			p.timestamp = p.timestamp || run >= 4
			p.date = p.date || run >= 4
		case '/', '\\':
			p.path = true
			p.date = p.date || c == '/' && run >= 4
		case ':':
			p.clock = p.clock || run >= 2 && isDigit(next)
			p.fileLine = p.fileLine || i > 0 && isWord(s[i-1]) && isDigit(next)
		case 'x':
			p.hex = p.hex || run > 0 && s[i-1] == '0'
		case ' ':
			if isDigit(next) {
				w := s[:i]
				p.numbered = p.numbered || strings.HasSuffix(w, "goroutine") || strings.HasSuffix(w, "thread") ||
					strings.HasSuffix(w, "pid") || strings.HasSuffix(w, "PID")
				p.lineCol = p.lineCol || strings.HasSuffix(w, "line") || strings.HasSuffix(w, "col") || strings.HasSuffix(w, "column")
			}
		case 'n', 'u', 'm', 's', 'h', 0xc2: // ns, us, ms, s, m, h; µ is 0xc2 0xb5
			p.duration = p.duration || run > 0
		}
		run = 0
	}
	return p
}

// scanClass marks the bytes scanFor looks at even after a non-digit.
var scanClass = func() (c [256]uint8) {
	for _, b := range []byte("-/\\: ") {
		c[b] = 1
	}
	return c
}()

// A matcher returns the end of the match starting at s[i] and the text
// that replaces it, or a negative end and where to try next (i+1 at least).
type matcher func(s string, i int) (end int, with string, next int)

// fixed makes a matcher that replaces each match with the same text.
func fixed(at func(string, int) int, with string) matcher {
	return func(s string, i int) (int, string, int) { return at(s, i), with, 0 }
}

// byteSet is the set of bytes a match can start with.
type byteSet [256]bool

func setOf(chars string) (b byteSet) {
	for i := 0; i < len(chars); i++ {
		b[chars[i]] = true
	}
	return b
}

var (
	digitStart    = setOf("0123456789")
	zeroStart     = setOf("0")
	numberedStart = setOf("gtpP")
	lineColStart  = setOf("lc")
	dotStart      = setOf(".")
	pathStart     = func() byteSet {
		b := setOf("/\\.-~$@+_")
		for c := 0; c < 256; c++ {
			b[c] = b[c] || isWord(byte(c))
		}
		return b
	}()
)

// replace replaces every leftmost, non-overlapping match in s; a match
// starts with a byte in first. Text with no match is returned as it is.
func replace(s string, first *byteSet, at matcher) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !first[s[i]] {
			i++
			continue
		}
		e, with, next := at(s, i)
		if e < 0 {
			i = max(next, i+1)
			continue
		}
		if b.Cap() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:i])
		b.WriteString(with)
		i, last = e, e
	}
	if b.Cap() == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isWord(c byte) bool   { return isLetter(c) || isDigit(c) || c == '_' }

// isPathChar reports whether c is in [\w.\-~$@+].
func isPathChar(c byte) bool {
	return isWord(c) || c == '.' || c == '-' || c == '~' || c == '$' || c == '@' || c == '+'
}

// boundary reports whether \b holds at i in s.
func boundary(s string, i int) bool {
	before := i > 0 && isWord(s[i-1])
	after := i < len(s) && isWord(s[i])
	return before != after
}

// digits returns the end of the n digits at s[i:], or -1.
func digits(s string, i, n int) int {
	if i+n > len(s) {
		return -1
	}
	for j := i; j < i+n; j++ {
		if !isDigit(s[j]) {
			return -1
		}
	}
	return i + n
}

// digitRun returns the end of the digits starting at i (i itself if none).
func digitRun(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// char returns the end of the byte at i if it is one of set, or -1.
func char(s string, i int, set string) int {
	if i >= 0 && i < len(s) && strings.IndexByte(set, s[i]) >= 0 {
		return i + 1
	}
	return -1
}

// seq matches digit groups and separators: seq(s, i, 4, "-", 2) is \d{4}-\d{2}.
func seq(s string, i int, parts ...any) int {
	for _, p := range parts {
		if i < 0 {
			return -1
		}
		switch p := p.(type) {
		case int:
			i = digits(s, i, p)
		case string:
			i = char(s, i, p)
		}
	}
	return i
}

// timestampAt: \d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?
func timestampAt(s string, i int) int {
	e := seq(s, i, 4, "-", 2, "-", 2, "T ", 2, ":", 2, ":", 2)
	if e < 0 {
		return -1
	}
	if f := char(s, e, ".,"); f > 0 {
		if d := digitRun(s, f); d > f {
			e = d
		}
	}
	if char(s, e, "Z") > 0 {
		return e + 1
	}
	if z := seq(s, e, "+-", 2, ":", 2); z > 0 {
		return z
	}
	if z := seq(s, e, "+-", 2, 2); z > 0 {
		return z
	}
	return e
}

// dateAt: \d{4}[-/]\d{2}[-/]\d{2}
func dateAt(s string, i int) int { return seq(s, i, 4, "-/", 2, "-/", 2) }

// clockAt: \b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b
func clockAt(s string, i int) int {
	if !boundary(s, i) {
		return -1
	}
	e := seq(s, i, 2, ":", 2, ":", 2)
	if e < 0 {
		return -1
	}
	if f := char(s, e, ".,"); f > 0 {
		// The digits after the separator end where \b holds only when
		// all of them are taken: a shorter run ends between digits.
		if d := digitRun(s, f); d > f && boundary(s, d) {
			return d
		}
	}
	if boundary(s, e) {
		return e
	}
	return -1
}

// hexAt: 0x[0-9a-fA-F]+
func hexAt(s string, i int) int {
	if !strings.HasPrefix(s[i:], "0x") {
		return -1
	}
	j := i + 2
	for j < len(s) && (isDigit(s[j]) || 'a' <= s[j] && s[j] <= 'f' || 'A' <= s[j] && s[j] <= 'F') {
		j++
	}
	if j == i+2 {
		return -1
	}
	return j
}

// numberedAt: \b(goroutine|thread|pid|PID) \d+ → "$1 ?"
func numberedAt(s string, i int) (int, string, int) {
	return wordNumberAt(s, i, "goroutine", "thread", "pid", "PID")
}

// lineColAt: \b(line|col|column) \d+ → "$1 ?"
func lineColAt(s string, i int) (int, string, int) {
	return wordNumberAt(s, i, "line", "col", "column")
}

// wordNumberAt matches \b(w1|w2|...) \d+, trying the words in order, and
// keeps the word with " ?" for the number.
func wordNumberAt(s string, i int, words ...string) (int, string, int) {
	if !boundary(s, i) {
		return -1, "", 0
	}
	for _, w := range words {
		if !strings.HasPrefix(s[i:], w) {
			continue
		}
		j := i + len(w)
		if j < len(s) && s[j] == ' ' {
			if d := digitRun(s, j+1); d > j+1 {
				return d, w + " ?", 0
			}
		}
	}
	return -1, "", 0
}

// pathAt: (?:[A-Za-z]:)?(?:[\w.\-~$@+]*[/\\])+([\w.\-~$@+]*) → "$1". When
// nothing matches at i, no position inside the run of path characters
// starting at i can match either (the run ends where it did from i), but
// for a drive letter at its end: next skips to that.
func pathAt(s string, i int) (int, string, int) {
	if i+1 < len(s) && isLetter(s[i]) && s[i+1] == ':' {
		if e, keep := dirs(s, i+2); e >= 0 {
			return e, keep, 0
		}
	}
	if e, keep := dirs(s, i); e >= 0 {
		return e, keep, 0
	}
	k := i
	for k < len(s) && isPathChar(s[k]) {
		k++
	}
	if k-1 > i && k < len(s) && s[k] == ':' && isLetter(s[k-1]) {
		return -1, "", k - 1
	}
	return -1, "", k
}

// dirs matches (?:[\w.\-~$@+]*[/\\])+([\w.\-~$@+]*) at i: its end and the
// captured base name, or -1.
func dirs(s string, i int) (int, string) {
	n := 0
	for {
		k := i
		for k < len(s) && isPathChar(s[k]) {
			k++
		}
		if k < len(s) && (s[k] == '/' || s[k] == '\\') {
			i = k + 1
			n++
			continue
		}
		if n == 0 {
			return -1, ""
		}
		return k, s[i:k]
	}
}

// fileLineAt: (\.[A-Za-z]\w*)(?::\d+)+ → "$1"
func fileLineAt(s string, i int) (int, string, int) {
	if s[i] != '.' || i+1 >= len(s) || !isLetter(s[i+1]) {
		return -1, "", 0
	}
	j := i + 2
	for j < len(s) && isWord(s[j]) {
		j++
	}
	end := -1
	for k := j; k < len(s) && s[k] == ':'; {
		d := digitRun(s, k+1)
		if d == k+1 {
			break
		}
		end, k = d, d
	}
	if end < 0 {
		return -1, "", 0
	}
	return end, s[i:j], 0
}

// durationUnits are tried in this order, as the alternation lists them.
var durationUnits = []string{"ns", "µs", "us", "ms", "s", "m", "h"}

// durationAt:
// \b\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h)(?:\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h))*\b
// matched as a backtracking engine would, preferring greedy choices.
func durationAt(s string, i int) int {
	if i >= len(s) || !isDigit(s[i]) || !boundary(s, i) {
		return -1
	}
	// Most numbers are no durations: a unit must follow the digits (and
	// their fraction) for any of the alternatives to match.
	j := digitRun(s, i)
	if j < len(s) && s[j] == '.' {
		if k := digitRun(s, j+1); k > j+1 {
			j = k
		}
	}
	if j >= len(s) || strings.IndexByte("nµumsh", s[j]) < 0 && s[j] != 0xc2 {
		if j >= len(s) || s[j] != '.' {
			return -1
		}
	}
	return durationElem(s, i)
}

// The pieces of the duration pattern, matched as a backtracking engine
// would, preferring greedy choices; each returns the end of the whole
// match, or -1.

// durationRep: (?:...)* greedy — one more element first, then stop where
// \b holds.
func durationRep(s string, j int) int {
	if e := durationElem(s, j); e >= 0 {
		return e
	}
	if boundary(s, j) {
		return j
	}
	return -1
}

// durationElem: \d+(?:\.\d+)?(?:units), then the rest.
func durationElem(s string, i int) int {
	for d := digitRun(s, i); d > i; d-- {
		if e := durationFraction(s, d); e >= 0 {
			return e
		}
	}
	return -1
}

func durationFraction(s string, i int) int {
	if i < len(s) && s[i] == '.' {
		for d := digitRun(s, i+1); d > i+1; d-- {
			if e := durationUnit(s, d); e >= 0 {
				return e
			}
		}
	}
	return durationUnit(s, i)
}

func durationUnit(s string, i int) int {
	for _, u := range durationUnits {
		if strings.HasPrefix(s[i:], u) {
			if e := durationRep(s, i+len(u)); e >= 0 {
				return e
			}
		}
	}
	return -1
}

// appendCollapsed appends s to dst with each run of [\t\n\f\r ] replaced
// by one space and, as strings.TrimSpace does, white space (Unicode's)
// trimmed at both ends.
func appendCollapsed(dst []byte, s string) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	start := len(dst)
	for i := 0; i < len(s); {
		if !isSpace(s[i]) {
			j := i + 1
			for j < len(s) && !isSpace(s[j]) {
				j++
			}
			dst = append(dst, s[i:j]...)
			i = j
			continue
		}
		dst = append(dst, ' ')
		for i < len(s) && isSpace(s[i]) {
			i++
		}
	}
	t := bytes.TrimSpace(dst[start:])
	n := copy(dst[start:], t)
	return dst[:start+n]
}
