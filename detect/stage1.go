package detect

import "strings"

// Stage 1 is one pass over the text with an Aho–Corasick automaton of all
// trigger words at once, ASCII case folded: a line is a candidate when it
// holds any of them, or when it starts like a compiler's diagnostic
// ("path.ext:12:5: "), which names no word. It is deliberately loose
// ("handleError" holds "error"); stage 2 decides.
var triggerWords = []string{
	"error", "err!", "fatal", "exception", "fault", "panic", "fail", "traceback", "critical", "severe",
	"core dumped", "command not found", "no such file", "permission denied", "killed", "aborted",
	"not ok", "timed out", "could not", "couldn't", "cannot", "unable to", "undefined reference", "cannot find", "data race", "unhandled", "uncaught",
	"econn", "enoent", "eacces", "etimedout", "eaddrinuse", "epipe", "enotfound", "eai_again", "ehostunreach",
	"make: ***", "make[", "___", "==========", "●", "✕", "✗", "×",
}

// automaton is a byte-level Aho–Corasick automaton with every transition
// precomputed.
type automaton struct {
	next [][256]int32
	out  []bool // a word ends in this state
}

func newAutomaton(words []string) *automaton {
	a := &automaton{next: make([][256]int32, 1), out: make([]bool, 1)}
	for _, w := range words {
		s := int32(0)
		for i := 0; i < len(w); i++ {
			c := lower(w[i])
			if a.next[s][c] == 0 {
				a.next = append(a.next, [256]int32{})
				a.out = append(a.out, false)
				a.next[s][c] = int32(len(a.next) - 1)
			}
			s = a.next[s][c]
		}
		a.out[s] = true
	}
	// Breadth first: failure links turn the trie into a full automaton.
	fail := make([]int32, len(a.next))
	var queue []int32
	for c := 0; c < 256; c++ {
		if s := a.next[0][c]; s != 0 {
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		a.out[s] = a.out[s] || a.out[fail[s]]
		for c := 0; c < 256; c++ {
			t := a.next[s][c]
			if t == 0 {
				a.next[s][c] = a.next[fail[s]][c]
				continue
			}
			fail[t] = a.next[fail[s]][c]
			queue = append(queue, t)
		}
	}
	return a
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

var (
	triggers        = newAutomaton(triggerWords)
	warningTriggers = newAutomaton(append([]string{"warn"}, triggerWords...))
)

// candidates returns the indexes of the lines of text (ended by '\n') that
// hold a trigger word or start like a diagnostic.
func (a *automaton) candidates(text string) []int {
	var cands []int
	line, s := 0, int32(0)
	lineStart := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\n' {
			line++
			s = 0
			lineStart = true
			continue
		}
		if lineStart {
			lineStart = false
			if diagnosticStart(text[i:]) || strings.HasPrefix(text[i:], "go: ") {
				cands = append(cands, line)
				i = skipLine(text, i)
				line++
				lineStart = true
				continue
			}
		}
		s = a.next[s][lower(c)]
		if a.out[s] {
			cands = append(cands, line)
			i = skipLine(text, i)
			line++
			s = 0
			lineStart = true
		}
	}
	return cands
}

// skipLine returns the index of the '\n' ending the line that holds i.
func skipLine(text string, i int) int {
	if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(text)
}

// diagnosticStart reports whether s starts with "path.ext:N:N: ", after
// indentation, the shape of a compiler's diagnostic.
func diagnosticStart(s string) bool {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	dot, n := false, 0
	for i < len(s) && s[i] != ':' && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' {
		dot = dot || s[i] == '.'
		i++
		n++
	}
	if n == 0 || !dot {
		// A Windows drive: "C:\x\y.go:1:2: ".
		if n == 1 && i+1 < len(s) && s[i] == ':' && (s[i+1] == '\\' || s[i+1] == '/') {
			return diagnosticStart(s[i+1:])
		}
		return false
	}
	for k := 0; k < 2; k++ {
		if i >= len(s) || s[i] != ':' {
			return false
		}
		i++
		d := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
	}
	return i+1 < len(s) && s[i] == ':' && s[i+1] == ' '
}
