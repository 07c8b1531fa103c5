package detect

import (
	"regexp"
	"strings"

	"github.com/faultline-go/faultline/errkind"
)

// kind is what stage 2 made of a candidate line.
type kind int

const (
	kindNone    kind = iota
	kindError        // an error
	kindWarning      // a warning: reported only when asked, at low severity
	kindSummary      // a count of failures: reported only when nothing else is
)

// family is the shape of an error's block, which decides how far it goes.
type family int

const (
	famLine      family = iota // one line, plus lines indented under it
	famTraceback               // Python's "Traceback (most recent call last):"
	famException               // "TypeError: ...", "java.lang.X: ..." with "at" frames
	famGoPanic                 // "panic: ..." with goroutine traces
	famRace                    // a data race report, between ===== lines
	famRust                    // rustc's error[E...] with -->, | and = lines
	famRustPanic               // "thread 'main' panicked at f.rs:1:2:" and its message
	famCompiler                // gcc, clang, javac, tsc, go: "path:l:c: error: ..." with a snippet
	famTest                    // a test's failure: --- FAIL, ●, not ok, FAIL:
	famSection                 // a pytest failure section, "____ test_x ____"
	famNpm                     // a run of "npm ERR!" / "npm error" lines
	famJSON                    // a JSON event
)

// finding is a confirmed error before it is reported.
type finding struct {
	start, end int // the block's first and last line
	key        int // the line that says what went wrong
	kind       kind
	fam        family
	text       string           // what went wrong
	detail     []string         // the block's lines when they are not the input's (JSON)
	cat        errkind.Category // set when the line's form decides it
}

// verdict is stage 2's judgement of one line.
type verdict struct {
	kind   kind
	fam    family
	text   string
	detail []string
	cat    errkind.Category
}

// Prefixes that say nothing about the line: CI timestamps, log times.
var prefixRe = regexp.MustCompile(`^(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\s+|\[\d{4}-\d{2}-\d{2}[T ][^\]]*\]\s*|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\s+|\[\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]\s*)`)

// The shapes of error lines, tried in order by confirm.
var (
	ghErrorRe   = regexp.MustCompile(`^##\[error\]\s*(.*)`)
	tracebackRe = regexp.MustCompile(`^Traceback \(most recent call last\):`)
	goPanicRe   = regexp.MustCompile(`^(?:panic: |fatal error: |SIGSEGV|SIGBUS|unexpected fault address|\[signal SIG)`)
	raceRe      = regexp.MustCompile(`^WARNING: DATA RACE`)
	rustPanicRe = regexp.MustCompile(`^thread '[^']*' (?:\(\d+\) )?panicked at`)
	rustErrRe   = regexp.MustCompile(`^error(?:\[E\d+\])?: `)
	// An exception at the start of a line, maybe qualified and behind
	// "Uncaught", "Exception in thread", "Caused by:", pytest's "E   ".
	exceptionRe = regexp.MustCompile(`^\s*(?:Uncaught |Unhandled (?:exception|rejection):? |Exception in thread "[^"]*" |E {2,}|\[)?(?:[\w$]+\.)*([A-Z][\w$]*(?:Error|Exception|Fault|Failure)|Error)(?:\s*\[\w+\])?(?::\s|:$|$|\s*\{$| \(|\])`)
	// A level word at the start of a line: "error: ...", "ERROR ...",
	// "[ERROR] ...", "fatal: ...", "error TS2304: ...".
	levelRe = regexp.MustCompile(`^\s*(?:\[\s*(?:ERROR|ERR|FATAL|CRITICAL|SEVERE|error|fatal|Error|Fatal)\s*\]|(?:ERROR|FATAL|CRITICAL|SEVERE|PANIC)(?:\b[:\s]|$)|(?:error|fatal|Error|Fatal|ERR)(?:\[[\w-]+\])?(?::| TS\d+:| in | -|!))`)
	// A position, then an error: "x.c:3:5: error: ...", "x.ts(3,7): error
	// TS2322: ...", "src/x.ts:3:7 - error TS2322: ...", "X.java:3: error:".
	posErrorRe = regexp.MustCompile(`^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+(?:(?::\d+)+|\(\d+(?:,\d+)*\)):?\s*(?:-\s+)?(?:fatal |Fatal )?(?:error|Error|ERROR)\b`)
	// A Go-style diagnostic without the word: "x.go:3:5: undefined: y".
	goDiagRe = regexp.MustCompile(`^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+\.\w+:\d+:\d+: (\S.*)`)
	// Tool prefixes: "ld: ", "collect2: error: ", "/usr/bin/ld: x.o: ".
	toolErrRe   = regexp.MustCompile(`^[\w./-]+: (?:[\w./ -]+: )*(?:(?:fatal )?error:|undefined reference to|cannot find -l|(?:line \d+: )?(?:.+: )?(?:command not found|No such file or directory|Permission denied|Is a directory|Not a directory|Operation not permitted|Segmentation fault|Killed))`)
	shellRe     = regexp.MustCompile(`^(?:.*: )?(?:Segmentation fault|Bus error|Aborted|Killed|Illegal instruction|Floating point exception)(?: \(core dumped\))?\s*$|: (?:command not found|No such file or directory|Permission denied)\s*$`)
	makeRe      = regexp.MustCompile(`^make(?:\[\d+\])?: \*\*\* `)
	npmRe       = regexp.MustCompile(`^npm (?:ERR!|error)(?: |$)`)
	goTestRe    = regexp.MustCompile(`^\s*--- FAIL: `)
	failLineRe  = regexp.MustCompile(`^(?:FAIL\b|FAIL:|ERROR: test|✕|✗|×)`)
	jestRe      = regexp.MustCompile(`^\s*● `)
	tapRe       = regexp.MustCompile(`^\s*not ok\b`)
	sectionRe   = regexp.MustCompile(`^_{3,} (.+) _{3,}$`)
	buildFailRe = regexp.MustCompile(`(?i)^\s*(?:\[\w+\]\s*)?(?:build failed|build failure|compilation failed|failed to compile|compilation error)\b|^\s*Failed (?:to|at) `)
	summaryRe   = regexp.MustCompile(`(?i)^\s*(?:FAILED\b|tests?:\s.*\b[1-9]\d* failed|test suites:\s.*\b[1-9]\d* failed|found [1-9]\d* errors?\b|[1-9]\d* (?:failed|failing|errors?)\b|.*\b[1-9]\d* failed\b.*\bpassed\b|=+ .*\b[1-9]\d* (?:failed|errors?)\b)|(?:exit(?:ed with)? (?:code|status) [1-9]\d*|completed with exit code [1-9])`)
	warningRe   = regexp.MustCompile(`^\s*(?:\[\s*(?:WARN|WARNING|warn|warning)\s*\]|(?:WARN|WARNING)\b|(?:warning|Warning)(?:\[[\w-]+\])?:|npm (?:WARN|warn) )|^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+(?:(?::\d+)+|\(\d+(?:,\d+)*\)):?\s*(?:-\s+)?(?:warning|Warning|note|Note|info)\b`)
	jsonKeyRe   = regexp.MustCompile(`^\s*"([^"]+)"\s*:\s*(.*?),?\s*$`)
	codeKeyword = regexp.MustCompile(`^\s*(?:func|return|if|else|for|while|const|let|var|def|class|import|from|package|throw|raise|try|catch|except|finally|switch|case|type|interface|struct|public|private|protected|static|void|fn|impl|use|mod|pub|async|await|export|assert|new|defer|go|elif|with|do)\b`)
)

// confirm is stage 2 for line i: is it an error, and of what shape?
func (d *Detector) confirm(doc *document, i int) verdict {
	line := doc.short[i]
	for _, re := range d.falsePo {
		if re.MatchString(line) {
			return verdict{}
		}
	}
	if doc.diff[i] || doc.code[i] {
		return verdict{} // a diff's lines and source code in fences are code
	}
	for _, re := range d.custom {
		if re.MatchString(line) {
			return verdict{kind: kindError, fam: famLine, text: line}
		}
	}
	s := prefixRe.ReplaceAllString(line, "")
	t := strings.TrimSpace(s)
	if t == "" {
		return verdict{}
	}
	if t[0] == '{' || t[0] == '[' && strings.HasPrefix(t, "[{") {
		if v, ok := jsonVerdict(strings.TrimSpace(prefixRe.ReplaceAllString(doc.lines[i], ""))); ok {
			return v
		}
	}
	if m := jsonKeyRe.FindStringSubmatch(s); m != nil {
		return jsonKeyVerdict(m[1], m[2])
	}
	if m := ghErrorRe.FindStringSubmatch(t); m != nil {
		return verdict{kind: kindError, fam: famLine, text: m[1]}
	}
	if strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "<!--") ||
		strings.HasPrefix(t, "# ") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "> ") {
		return verdict{} // comments, doc tags, bullets, quotes: prose and code
	}
	if warningRe.MatchString(s) && !rustErrRe.MatchString(s) {
		return verdict{kind: kindWarning, fam: famLine, text: t}
	}
	switch {
	case tracebackRe.MatchString(s):
		return verdict{kind: kindError, fam: famTraceback, text: t}
	case raceRe.MatchString(s):
		return verdict{kind: kindError, fam: famRace, text: t, cat: errkind.CategoryRuntime}
	case goPanicRe.MatchString(s):
		return verdict{kind: kindError, fam: famGoPanic, text: t, cat: errkind.CategoryRuntime}
	case rustPanicRe.MatchString(s):
		return verdict{kind: kindError, fam: famRustPanic, text: t}
	case goTestRe.MatchString(s), jestRe.MatchString(s), tapRe.MatchString(s):
		return verdict{kind: kindError, fam: famTest, text: t, cat: errkind.CategoryTest}
	case sectionRe.MatchString(s):
		if m := sectionRe.FindStringSubmatch(s); strings.Contains(strings.ToLower(m[1]), "summary") {
			return verdict{}
		}
		return verdict{kind: kindError, fam: famSection, text: t}
	case npmRe.MatchString(s):
		return verdict{kind: kindError, fam: famNpm, text: t}
	case makeRe.MatchString(s):
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	case rustErrRe.MatchString(s) && !posErrorRe.MatchString(s):
		return verdict{kind: kindError, fam: famRust, text: t}
	case posErrorRe.MatchString(s):
		return verdict{kind: kindError, fam: famCompiler, text: t}
	case toolErrRe.MatchString(s), shellRe.MatchString(s):
		return verdict{kind: kindError, fam: famCompiler, text: t}
	case summaryRe.MatchString(s):
		return verdict{kind: kindSummary, fam: famLine, text: t}
	case failLineRe.MatchString(t):
		return verdict{kind: kindError, fam: famTest, text: t, cat: errkind.CategoryTest}
	case exceptionRe.MatchString(s):
		if codeKeyword.MatchString(s) {
			return verdict{}
		}
		return verdict{kind: kindError, fam: famException, text: t}
	case levelRe.MatchString(s):
		return verdict{kind: kindError, fam: famLine, text: t}
	case buildFailRe.MatchString(s):
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if m := goDiagRe.FindStringSubmatch(s); m != nil && !looksLikeCode(m[1]) {
		return verdict{kind: kindError, fam: famCompiler, text: t}
	}
	return verdict{}
}

// looksLikeCode reports whether the text after a position is source code
// (a search result) rather than a diagnostic.
func looksLikeCode(msg string) bool {
	if codeKeyword.MatchString(msg) {
		return true
	}
	t := strings.TrimSpace(msg)
	if t == "" {
		return true
	}
	switch t[len(t)-1] {
	case ';', '{', '}', '(', ',':
		return true
	}
	return strings.Contains(t, " := ") || strings.Contains(t, " = ") || strings.Contains(t, "=>") ||
		strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#")
}

// markRegions marks the lines of diff hunks and of fenced source code.
func (d *document) markRegions() {
	d.diff = make([]bool, len(d.lines))
	d.code = make([]bool, len(d.lines))
	inDiff, inFence, codeFence := false, false, false
	for i, l := range d.lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			if !inFence {
				lang := strings.ToLower(strings.TrimSpace(strings.Trim(t, "`~")))
				inFence, codeFence = true, lang != "" && !outputFence[lang]
			} else {
				inFence, codeFence = false, false
			}
			inDiff = false
			continue
		}
		if inFence && codeFence {
			d.code[i] = true
			continue
		}
		switch {
		case strings.HasPrefix(l, "diff --git ") || strings.HasPrefix(l, "--- a/") || strings.HasPrefix(l, "+++ b/") ||
			strings.HasPrefix(l, "--- ") && i+1 < len(d.lines) && strings.HasPrefix(d.lines[i+1], "+++ "):
			inDiff = true
			d.diff[i] = true
		case strings.HasPrefix(l, "@@ -") || strings.HasPrefix(l, "@@@ "):
			inDiff = true
			d.diff[i] = true
		case inDiff && (l == "" || l[0] == '+' || l[0] == '-' || l[0] == ' ' || l[0] == '\\' ||
			strings.HasPrefix(l, "index ") || strings.HasPrefix(l, "new file mode") || strings.HasPrefix(l, "deleted file mode")):
			d.diff[i] = true
		default:
			inDiff = false
		}
	}
}

// Fence languages that hold output, not source.
var outputFence = map[string]bool{"text": true, "txt": true, "console": true, "shell": true, "sh": true, "bash": true,
	"output": true, "log": true, "plaintext": true, "terminal": true, "stderr": true, "stdout": true, "ansi": true}

// stage2 confirms the candidates and captures their blocks.
func (d *Detector) stage2(doc *document, cands []int) []finding {
	var found, summaries, warnings []finding
	next := 0 // the first line not yet in a block
	for _, i := range cands {
		if i < next {
			continue
		}
		v := d.confirm(doc, i)
		if v.kind == kindNone {
			continue
		}
		f := finding{start: i, end: i, key: i, kind: v.kind, fam: v.fam, text: v.text, detail: v.detail, cat: v.cat}
		if d.cfg.CaptureMultiline && v.fam != famJSON {
			f.start, f.end, f.key = capture(doc.short, i, next, v.fam)
			if f.key != i {
				f.text = strings.TrimSpace(prefixRe.ReplaceAllString(doc.lines[f.key], ""))
			}
		}
		switch v.kind {
		case kindSummary:
			summaries = append(summaries, f)
			continue // a summary is not a block: it takes no lines
		case kindWarning:
			if !d.cfg.IncludeWarnings {
				next = f.end + 1 // a warning's block is not an error's
				continue
			}
			warnings = append(warnings, f)
		default:
			found = append(found, f)
		}
		next = f.end + 1
	}
	if len(found) == 0 {
		found = summaries // the counts are all there is to say
	}
	return mergeSorted(found, warnings)
}

func mergeSorted(a, b []finding) []finding {
	if len(b) == 0 {
		return a
	}
	out := make([]finding, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && a[0].start <= b[0].start {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return out
}
