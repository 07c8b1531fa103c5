package detect

import (
	"regexp"
	"strings"
)

// Lines that continue an error's block whatever their indentation.
var (
	caretRe     = regexp.MustCompile(`^\s*[\^~][\^~\s-]*$`)
	locationRe  = regexp.MustCompile(`^(?:\s*File ".*", line \d+.*|[\w:./\\@~+-]+:\d+|\S+\(\d+,\d+\))$`)
	gccInRe     = regexp.MustCompile(`^(?:\S+: In (?:function|member function|static member function|constructor|destructor|instantiation|lambda)\b.*:|In file included from .*|\s+from .*[,:])$`)
	frameRe     = regexp.MustCompile(`^\s+at |^\s*Caused by: |^\s*Suppressed: |^\s*\.\.\. \d+ (?:more|common frames omitted)`)
	rustLineRe  = regexp.MustCompile(`^\s*(?:-->|::: |\d*\s*\||= (?:note|help)|\.\.\.$)`)
	snippetRe   = regexp.MustCompile(`^\s*\d*\s*\|`)
	noteRe      = regexp.MustCompile(`^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+(?::\d+)+:\s*note:|^note: `)
	goFrameRe   = regexp.MustCompile(`^(?:goroutine \d+ \[|created by |\[signal |\s*\[recovered\]|panic\(|panic: |[\w./*()\[\]{}%-]+(?:\.[\w*()\[\]{}%-]+)*\(.*\)$|\t)`)
	pyChainRe   = regexp.MustCompile(`^(?:During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)$`)
	pyExcRe     = regexp.MustCompile(`^[\w.]*[A-Za-z]\w*(?::.*)?$`)
	nodeFootRe  = regexp.MustCompile(`^Node\.js v\d+`)
	raceEndRe   = regexp.MustCompile(`^={10,}$`)
	sectionEnd  = regexp.MustCompile(`^(?:_{3,} .* _{3,}|={3,}.*)$`)
	jestStartRe = regexp.MustCompile(`^\s*(?:●|Test Suites:|Tests:|Snapshots:|Time:)`)
)

// The most lines capture scans for the end of a block that has no end
// (a race report without its closing line, say).
const maxBlockScan = 5000

func indentOf(s string) int {
	n := 0
	for _, c := range s {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return -1 // blank
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

// capture returns the block of the error on line i: its first and last
// line and the line that says what went wrong. The block may not reach
// above floor (the line after the previous block).
func capture(lines []string, i, floor int, fam family) (start, end, key int) {
	start, end, key = i, i, i
	limit := min(len(lines)-1, i+maxBlockScan)
	switch fam {
	case famTraceback:
		end, key = captureTraceback(lines, i, limit)
	case famRace:
		for j := i + 1; j <= limit; j++ {
			end = j
			if raceEndRe.MatchString(lines[j]) {
				break
			}
		}
		if i-1 >= floor && raceEndRe.MatchString(lines[i-1]) {
			start = i - 1
		}
		return start, end, key
	case famGoPanic:
		end = captureGoPanic(lines, i, limit)
	case famRustPanic:
		for j := i + 1; j <= limit && j <= i+20; j++ {
			if blank(lines[j]) {
				break
			}
			end = j
			if strings.HasPrefix(lines[j], "note: ") {
				break
			}
		}
	case famNpm:
		prefix := lines[i][:strings.IndexByte(lines[i], ' ')+1] // "npm "
		for j := i + 1; j <= limit && npmRe.MatchString(lines[j]) && strings.HasPrefix(lines[j], prefix); j++ {
			end = j
		}
		for j := i - 1; j >= floor && npmRe.MatchString(lines[j]); j-- {
			start = j
		}
		return start, end, key
	case famSection:
		for j := i + 1; j <= limit && !sectionEnd.MatchString(lines[j]); j++ {
			end = j
		}
		for end > i && blank(lines[end]) {
			end--
		}
		return start, end, key
	case famTest:
		end = captureIndented(lines, i, limit, true)
	default:
		end = captureIndented(lines, i, limit, fam == famRust || fam == famCompiler)
	}
	start = captureAbove(lines, i, floor, fam)
	return start, end, key
}

// captureIndented extends a block over the lines indented under its first
// line, its frames, snippets, carets and notes, and over blank lines
// between them.
func captureIndented(lines []string, i, limit int, snippets bool) int {
	base := indentOf(lines[i])
	end := i
	braces := strings.HasSuffix(strings.TrimSpace(lines[i]), "{")
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if blank(l) {
			// A blank line continues the block only if what follows does
			// (jest and tsc put blank lines inside their reports).
			k := j + 1
			for k <= limit && blank(lines[k]) && k-j < 2 {
				k++
			}
			if k > limit || blank(lines[k]) || !continues(lines[k], base, snippets, true) {
				if k <= limit && nodeFootRe.MatchString(lines[k]) {
					end = k
				}
				break
			}
			continue
		}
		if braces && strings.HasPrefix(l, "}") {
			end = j
			braces = false
			continue
		}
		if !continues(l, base, snippets, false) && !braces {
			break
		}
		end = j
		if strings.HasSuffix(strings.TrimSpace(l), "{") {
			braces = true
		}
	}
	return end
}

// continues reports whether line l, after a block whose first line is
// indented base, belongs to it.
func continues(l string, base int, snippets, afterBlank bool) bool {
	if ind := indentOf(l); ind > base && !jestStartRe.MatchString(l) {
		return true
	}
	if frameRe.MatchString(l) {
		return true
	}
	if snippets && (rustLineRe.MatchString(l) || snippetRe.MatchString(l) || caretRe.MatchString(l) || noteRe.MatchString(l)) {
		return true
	}
	return !afterBlank && caretRe.MatchString(l)
}

// captureAbove extends a block upwards over what belongs before its first
// line: a code frame (location, source line, caret) as Node and Python
// print it, gcc's "In function" lines, a "==================" opener.
func captureAbove(lines []string, i, floor int, fam family) int {
	start := i
	j := i - 1
	if j >= floor && blank(lines[j]) && fam == famException {
		j-- // Node puts a blank line between the frame and the error
	}
	if j-1 >= floor && caretRe.MatchString(lines[j]) && !blank(lines[j-1]) {
		start = j - 1
		if j-2 >= floor && locationRe.MatchString(lines[j-2]) {
			start = j - 2
		}
		return start
	}
	if fam == famCompiler || fam == famLine {
		for j := i - 1; j >= floor && gccInRe.MatchString(lines[j]); j-- {
			start = j
		}
	}
	return start
}

// captureTraceback returns the end of a Python traceback that starts at
// line i, through chained tracebacks, and the line of its final exception.
func captureTraceback(lines []string, i, limit int) (end, key int) {
	end, key = i, i
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		switch {
		case blank(l):
			// Chained exceptions: a blank line, the chain sentence, a
			// blank line, another traceback.
			k := j + 1
			if k <= limit && (pyChainRe.MatchString(lines[k]) || pyChainRe.MatchString(lines[end]) && tracebackRe.MatchString(lines[k])) {
				j = k
				end = k
				continue
			}
			return end, key
		case indentOf(l) > 0 || caretRe.MatchString(l):
			end = j
		case tracebackRe.MatchString(l) || pyChainRe.MatchString(l):
			end = j
		case pyExcRe.MatchString(l):
			end, key = j, j
			// The exception ends the traceback unless a chain follows.
			if j+1 <= limit && (blank(lines[j+1]) || pyChainRe.MatchString(lines[j+1])) {
				continue
			}
			if j+1 <= limit && indentOf(lines[j+1]) > 0 && !tracebackRe.MatchString(lines[j+1]) {
				continue // exception notes, or a multi-line message
			}
			return end, key
		default:
			return end, key
		}
	}
	return end, key
}

// captureGoPanic returns the end of a Go panic or fatal error: its
// message, the goroutine traces and their frames.
func captureGoPanic(lines []string, i, limit int) int {
	end := i
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if blank(l) {
			if j+1 <= limit && (strings.HasPrefix(lines[j+1], "goroutine ") || strings.HasPrefix(lines[j+1], "[signal ") ||
				strings.HasPrefix(lines[j+1], "runtime stack:")) {
				continue
			}
			return end
		}
		if goFrameRe.MatchString(l) || strings.HasPrefix(l, "runtime stack:") || strings.HasPrefix(l, "...") {
			end = j
			continue
		}
		return end
	}
	return end
}
