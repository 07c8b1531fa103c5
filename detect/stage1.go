package detect

import (
	"regexp"
	"strings"
)

// Stage 1 is one pass over the text with an Aho–Corasick automaton of all
// trigger words at once, ASCII case folded: a line is a candidate when it
// holds any of them, or when it starts like a compiler's diagnostic
// ("path.ext:12:5: "), which names no word. It is deliberately loose
// ("handleError" holds "error"); stage 2 decides.
var triggerWords = []string{
	"error", "err!", "fatal", "exception", "fault", "panic", "fail", "traceback", "critical", "severe",
	"core dumped", "command not found", "no such file", "permission denied", "killed", "aborted",
	"not ok", "timed out", "could not", "couldn't", "cannot", "unable to", "undefined reference", "cannot find", "data race", "unhandled", "uncaught", "sigsegv", "sigbus",
	"econn", "enoent", "eacces", "etimedout", "eaddrinuse", "epipe", "enotfound", "eai_again", "ehostunreach",
	"make: ***", "make[", "___", "==========", "●", "✕", "✗", "×", "✘", "✖",
	"unbound variable", "not found", "no such host", "dial tcp", "connection refused", "connection reset", "address already in use",
	"name or service not known", "name resolution", "network is unreachable", "no route to host", "i/o timeout",
	"broken pipe", "deadline exceeded", "sanitizer", "runtime error", "err:", "unresolved reference", "temporary failure", "conflict (",
	"emerg", "crit]", "alert]", "(err_", ", got ", ": got ", ", but got ", `"level":50`, `"level":60`,
	"unterminated", "unmatched", "unexpected", " was refused", "init terminating", "assert:", "expected:<", ".  stop.",
	"no such variable", "invalid command name", "invalid character", "end of json input", "terminate called", "load key \"", "went wrong!", "import cycle", "provided but not defined", "flag needs an argument", "too many warnings", "***timeout", "\": exit status", ", found '", "\timports ", "err_pnpm_", "duplicate key value", "violates foreign key", "violates not-null", "violates check constraint", "pq: ", "is not in std", "build constraints exclude", "is not a main package", " columns but found ", `"fromlinter": "`, `"status": "failed"`, ": no module named ", "named files must all be in one directory", "does not contain main module", "/pkg/tool/", "invalid value \"", "invalid boolean value \"",
	// The ends of Go's system errors ("open x: file exists") that hold no word above.
	": file exists", ": is a directory", ": not a directory", ": read-only file system", ": no space left on device", ": too many open files", ": operation not permitted",
	": device or resource busy", ": directory not empty", ": resource temporarily unavailable", ": cannot allocate memory", ": exec format error", ": disk quota exceeded",
	": server misbehaving", "signed by unknown authority",
	// The go command's module authentication: go.sum and go mod verify.
	": checksum mismatch", " has been modified (", ": missing ziphash",
	// systemctl where systemd is not init (a container, a sandbox).
	"not been booted with systemd",
	// The testing package's word on a test the race detector caught.
	"race detected during execution",
	// The go command's bare words on a package or symbol it cannot find.
	"no required module provides", "no symbol ",
	// The Go runtime's dump on a signal it does not handle ("SIGQUIT: quit").
	"sigquit: ", "sigabrt: ", "sigill: ", "sigfpe: ", "sigtrap: ", "sigsys: ",
	// go vet -json's finding: its place, then its message.
	`"posn": "`,
	// A TeamCity service message that reports a build problem.
	"##teamcity[buildproblem",
	// gitleaks' report of a secret, and its count.
	"finding:  ", "leaks found: ",
	// go-yaml's parse errors at a line.
	"yaml: line ",
	// ESLint's message as JSON at error's severity.
	`"severity":2,`,
	// prettier --check's count of files it would reformat.
	"code style issues found",
}

// automaton is a byte-level Aho–Corasick automaton with every transition
// precomputed and ASCII case folded into the table. Its alphabet is
// compressed: the bytes the words hold are classes of their own and every
// other byte is one class, so that a state's row is a few dozen entries,
// not 256, and the tables of large rule sets stay in the cache. A row is
// addressed by its offset in the flat table; a transition into a state
// where some word ends is stored as the offset's complement (a negative
// number), so that the scan loop tests one value per byte.
type automaton struct {
	class [256]uint8 // the class of each byte
	width int32      // classes per row
	next  []int32    // row offsets, or their complements when a word ends there
	out   []hits     // the words that end in each state, by row number
}

// newAutomaton returns an automaton that only tells whether a word occurs.
func newAutomaton(words []string) *automaton {
	ids := make([]hits, len(words))
	for i := range ids {
		ids[i].add(0)
	}
	return newAutomatonSets(words, ids)
}

// newAutomatonSets returns an automaton whose scan reports the union of
// ids[i] for every words[i] that occurs.
func newAutomatonSets(words []string, ids []hits) *automaton {
	a := &automaton{}
	// Classes: 0 for bytes no word holds; one for each byte a word holds,
	// upper-case letters sharing their lower-case letter's.
	width := int32(1)
	for _, w := range words {
		for i := 0; i < len(w); i++ {
			if c := lower(w[i]); a.class[c] == 0 {
				if width == 256 {
					panic("detect: automaton alphabet too large")
				}
				a.class[c] = uint8(width)
				width++
			}
		}
	}
	for c := 'A'; c <= 'Z'; c++ {
		a.class[c] = a.class[c+'a'-'A']
	}
	a.width = width
	// The trie, by state number.
	next := [][]int32{make([]int32, width)}
	out := []hits{{}}
	for wi, w := range words {
		s := int32(0)
		for i := 0; i < len(w); i++ {
			c := a.class[w[i]]
			if next[s][c] == 0 {
				next = append(next, make([]int32, width))
				out = append(out, hits{})
				next[s][c] = int32(len(next) - 1)
			}
			s = next[s][c]
		}
		out[s] = out[s].or(ids[wi])
	}
	// Breadth first: failure links turn the trie into a full automaton.
	fail := make([]int32, len(next))
	var queue []int32
	for c := int32(0); c < width; c++ {
		if s := next[0][c]; s != 0 {
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		out[s] = out[s].or(out[fail[s]])
		for c := int32(0); c < width; c++ {
			t := next[s][c]
			if t == 0 {
				next[s][c] = next[fail[s]][c]
				continue
			}
			fail[t] = next[fail[s]][c]
			queue = append(queue, t)
		}
	}
	// Flatten: rows by offset, accepting targets complemented.
	a.next = make([]int32, len(next)*int(width))
	for s, row := range next {
		for c, t := range row {
			v := t * width
			if out[t] != (hits{}) {
				v = ^v
			}
			a.next[int32(s)*width+int32(c)] = v
		}
	}
	a.out = out
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

// scan returns the union of the sets of the words that occur in s.
func (a *automaton) scan(s string) hits {
	var h hits
	st := int32(0)
	for i := 0; i < len(s); i++ {
		st = a.next[st+int32(a.class[s[i]])]
		if st < 0 {
			st = ^st
			h = h.or(a.out[st/a.width])
		}
	}
	return h
}

// holds reports whether any word occurs in s.
func (a *automaton) holds(s string) bool {
	st := int32(0)
	for i := 0; i < len(s); i++ {
		if st = a.next[st+int32(a.class[s[i]])]; st < 0 {
			return true
		}
	}
	return false
}

// candidate reports whether a line is a candidate: it holds a trigger
// word or starts like a diagnostic.
func (a *automaton) candidate(line, stripped string) bool {
	if startsLikeError(line) || a.holds(line) || shapedLikeError(line) {
		return true
	}
	// The shapes that start a line start it after a log's or a CI
	// runner's timestamp too ("2026-05-06T12:00:00.1234567Z x.go:3:5:
	// ...").
	if len(stripped) < len(line) {
		s := strings.TrimLeft(stripped, " ")
		return startsLikeError(s) || shapedLikeError(s) || strings.Contains(s, ": ") && loggedChain(s) || strings.Contains(s, " err=") && levellessErr(s) != "" || strings.Contains(s, ": record on line ") && goChainEnd(s)
	}
	// And inside a box's sides, as Gemini CLI frames a tool's output.
	if inner, ok := boxInner(line); ok {
		return startsLikeError(inner) || shapedLikeError(inner)
	}
	return false
}

// boxInner returns what a line drawn inside a box's sides holds ("│
// x.go:3:5: ... │"), and whether it is such a line.
func boxInner(line string) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if !strings.HasPrefix(t, "│") {
		return "", false
	}
	t = strings.TrimRight(strings.TrimLeft(t[len("│"):], " "), " \r")
	t = strings.TrimRight(strings.TrimSuffix(t, "│"), " ")
	return t, t != ""
}

// startsLikeError reports whether a line starts as an error that names
// no trigger word does: a compiler's place, go's, kotlinc's and apt's
// prefixes, a sanitizer's pid, faulthandler's timeout.
func startsLikeError(line string) bool {
	return diagnosticStart(line) || codePlaceLen(line) > 0 || line != "" && line[0] == '"' && quotedPlaceRe.MatchString(line) || strings.HasPrefix(line, "go: ") || strings.HasSuffix(line, ":") && (strings.Contains(line, "fmt") || strings.Contains(line, "format")) && hookListRe.MatchString(line) || strings.HasSuffix(line, ": needs merge") || strings.HasPrefix(line, "Line ") && strings.Contains(line, " columns, found ") || strings.HasPrefix(line, "go ") && strings.HasSuffix(line, ": unknown command") || strings.HasPrefix(line, "• [") || strings.IndexByte(line, '%') >= 0 && coverageGate(line) || toolDiagnostic(line) > 0 || strings.HasPrefix(line, "Unknown ") && unknownTargetRe.MatchString(line) ||
		(strings.HasPrefix(line, "directory ") || strings.HasPrefix(line, "current directory ") || strings.HasPrefix(line, "-buildmode=")) && goPackageErrRe.MatchString(line) || strings.HasPrefix(line, "e: ") || strings.HasPrefix(line, "E: ") ||
		strings.HasPrefix(line, "==") && strings.Contains(line, "== ") || strings.HasPrefix(line, "Timeout (") ||
		httpFailLine(line) || strings.Contains(line, ".py:") && strings.Contains(line, ": assert ") && pyTbAssertRe.MatchString(line) ||
		(strings.Contains(line, ".sh: ") || strings.HasPrefix(line, "sh: ") || strings.HasPrefix(line, "dash: ")) && dashLineRe.MatchString(line)
}

// shapedLikeError reports whether a line has another shape of an error
// that names no trigger word.
func shapedLikeError(line string) bool {
	return structural(line) || respError(line) || findingCandidate(line) || complaint(line) || framedOrBuilt(line)
}

// framedOrBuilt reports whether a line is a miette report's frame
// (",-[x.js:3:5]", "╭─[x.js:3:5]") or go test -json's build output: shapes
// whose bytes the trigger automaton leaves out, to keep its alphabet
// small.
func framedOrBuilt(line string) bool {
	if line == "" {
		return false
	}
	if line[0] == '{' {
		return strings.Contains(line, `"build-output"`) || strings.Contains(line, `"start_line":`)
	}
	if line[0] == ' ' && strings.HasPrefix(strings.TrimLeft(line, " "), `"severity": 2`) {
		return true // ESLint's message at its error severity, pretty-printed (confirm asks if it is one)
	}
	if line[0] == '\t' && strings.HasPrefix(strings.TrimLeft(line, "\t"), `"Err": "`) {
		return true // go list -e -json's error, in whatever words (confirm asks where it is)
	}
	return mayBeMietteFrame(line) || unitPlace(line)
}

// respError reports whether a line is an error reply of the Redis
// protocol (RESP) as a client prints it bare: its code, a space, the
// message ("WRONGTYPE Operation against a key ...").
func respError(line string) bool {
	k := strings.IndexByte(line, ' ')
	return k >= 3 && k+1 < len(line) && respCodes[line[:k]]
}

// respCodes are the error codes of the Redis protocol's error replies.
var respCodes = map[string]bool{
	"ERR": true, "WRONGTYPE": true, "NOSCRIPT": true, "NOAUTH": true, "NOPERM": true, "WRONGPASS": true, "BUSYKEY": true,
	"BUSYGROUP": true, "NOGROUP": true, "LOADING": true, "READONLY": true, "MISCONF": true, "EXECABORT": true,
	"NOREPLICAS": true, "CROSSSLOT": true, "TRYAGAIN": true, "MASTERDOWN": true, "NOPROTO": true, "OOM": true,
	"BUSY": true, "UNKILLABLE": true, "NOTBUSY": true, "MOVED": true, "ASK": true,
}

// structural reports whether a line has the shape of an error that names
// no trigger word: Perl's "... at x.pl line 3.", bash's "x.sh: line 3:
// ...", Ruby's "x.rb:3:in `f': ... (Klass)", curl's "curl: (60) ...", a
// JSON decoder's "...: line 1 column 9 (char 8)", Go's `Get "url": ...`.
func structural(line string) bool {
	colon := strings.Index(line, ": ")
	return strings.Contains(line, " line ") && (perlDieRe(line) || bashLineRe.MatchString(line)) ||
		colon >= 0 && (progPosRe.MatchString(line) || strings.HasPrefix(line, "sed: ") && sedScriptRe.MatchString(line) || colon+2 < len(line) && line[colon+2] == '(' && curlCodeRe.MatchString(line)) ||
		strings.Contains(line, ":in ") && shapes.res[rRuby].MatchString(line) ||
		strings.Contains(line, " column ") && jsonPosRe.MatchString(line) ||
		strings.Contains(line, "\": ") && shapes.res[rGoNet].MatchString(stripPrefix(line)) ||
		strings.HasPrefix(line, "  (") && stylishRowRe.MatchString(line)
}

// stylishRowRe is a finding in staticcheck's stylish format, under the
// file it is in: "  (19, 2)   U1000   field items is unused".
var stylishRowRe = regexp.MustCompile(`^\s+\(\d+, \d+\)\s+(?:[A-Z]{1,3}\d{4}|compile)\s+\S`)

// sedScriptRe is sed's complaint about its script, at the character or
// line it stopped at: "sed: -e expression #1, char 13: Unmatched ( or \(",
// "sed: file fix.sed line 2: unknown command: `x'".
var sedScriptRe = regexp.MustCompile(`^sed: (?:-e expression #\d+, char \d+|file \S+ line \d+): \S`)

var bashLineRe = regexp.MustCompile(`^\S+: line \d+: `)

// dashLineRe is dash's (sh's) place before its complaint: the script, or
// sh itself, and the line ("x.sh: 3: ", "sh: 1: ").
var dashLineRe = regexp.MustCompile(`^(?:[\w./-]+\.sh|sh|dash): \d+: \S`)

// perlDie reports whether a line ends as Perl's die and warn messages do:
// "... at script.pl line 12." (maybe ", <STDIN> line 3.").
func perlDieRe(line string) bool {
	t := strings.TrimRight(line, " ")
	return (strings.HasSuffix(t, ".") || strings.Contains(t, ", near ")) && strings.Contains(t, " line ") && perlAtRe.MatchString(t)
}

var perlAtRe = regexp.MustCompile(`\bat \S+ line \d+(?:, <[^>]*> (?:line|chunk) \d+)?(?:\.$|, near )`)

// diagnosticStart reports whether s starts with "path.ext:N:N: ", after
// indentation, the shape of a compiler's diagnostic.
func diagnosticStart(s string) bool { return diagnosticLen(s) > 0 }

// diagnosticLen returns the length of the "path.ext:N:N: " a line starts
// with, after indentation, or 0.
func diagnosticLen(s string) int {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	start := i
	dot, n := false, 0
	for i < len(s) && s[i] != ':' && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' {
		if strings.IndexByte("\"'`(),;{}=", s[i]) >= 0 {
			return 0 // code or a string literal, not a path
		}
		dot = dot || s[i] == '.'
		i++
		n++
	}
	if n == 0 || !dot {
		// A Windows drive: "C:\x\y.go:1:2: ".
		if n == 1 && i+1 < len(s) && s[i] == ':' && (s[i+1] == '\\' || s[i+1] == '/') {
			if k := diagnosticLen(s[i+1:]); k > 0 && s[i+1] != ' ' && s[i+1] != '\t' {
				return i + 1 + k
			}
		}
		return 0
	}
	_ = start
	for k := 0; k < 2; k++ {
		if i >= len(s) || s[i] != ':' {
			return 0
		}
		i++
		d := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == d {
			return 0
		}
		if k == 0 && i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
			// GNU's "line.column" and ranges ("calc.y:10.11-15: ",
			// "x.y:3.1-4.2: "): one position.
			i++
			for i < len(s) && (isDigit(s[i]) || s[i] == '.' || s[i] == '-') {
				i++
			}
			if i+1 < len(s) && s[i] == ':' && s[i+1] == ' ' {
				return i + 2
			}
			return 0
		}
	}
	if i+1 < len(s) && s[i] == '-' && isDigit(s[i+1]) {
		// gopls's column range: "a.go:8:3-7: ", "a.go:8:3-9:5: ".
		i++
		for i < len(s) && (isDigit(s[i]) || s[i] == ':' && i+1 < len(s) && isDigit(s[i+1])) {
			i++
		}
		if i+1 < len(s) && s[i] == ':' && s[i+1] == ' ' {
			return i + 2
		}
		return 0
	}
	if i+1 < len(s) && s[i] == ':' && s[i+1] == ' ' {
		return i + 2
	}
	if i+1 < len(s) && s[i] == ':' && (s[i+1] >= 'A' && s[i+1] <= 'Z' || s[i+1] >= 'a' && s[i+1] <= 'z') {
		return i + 1 // buf's "x.proto:8:3:cannot find ...", no blank after the column
	}
	return 0
}

// unitPlace reports whether a line starts with a systemd unit file's place
// ("x/backup.service:11: ..."), as systemd-analyze verify prints its
// complaints, whatever their words.
func unitPlace(line string) bool {
	k := strings.Index(line, ":")
	if k <= 0 || k > 200 {
		return false
	}
	if k+1 >= len(line) || !isDigit(line[k+1]) {
		return false
	}
	name := line[:k]
	for _, ext := range []string{".service", ".timer", ".socket", ".mount", ".path", ".target"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}
