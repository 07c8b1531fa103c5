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
	famTest                    // a test's failure: ●, not ok, FAIL:
	famSection                 // a report section: pytest's "____ test_x ____", libtest's "---- x stdout ----"
	famUnittest                // unittest's "FAIL: test_x (...)" over a rule, to the next rule
	famDoctest                 // doctest's "Failed example:" and what it expected and got
	famGoTest                  // go test's "--- FAIL: TestX", its log lines above it in -v mode, a panic below
	famRun                     // a run of lines with one prefix: "npm ERR!", "[ERROR]"
	famLinker                  // the linker's lines: "ld: x.o: in function", "undefined reference", "collect2"
	famNamed                   // a summary line naming a failed test or package
	famJSON                    // a JSON event
	famGoJSON                  // go test -json: a test's fail event and its output events
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

// Prefixes that say nothing about the line: CI timestamps, log times. The
// rules look at lines without them.
var prefixRe = regexp.MustCompile(`^(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})? |\[\d{4}-\d{2}-\d{2}[T ][^\]]*\] ?|\d{2}:\d{2}:\d{2}(?:[.,]\d+)? |\[\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\] ?)`)

// stripPrefix removes a timestamp prefix from a line.
func stripPrefix(s string) string {
	if s == "" || (s[0] < '0' || s[0] > '9') && s[0] != '[' {
		return s
	}
	if loc := prefixRe.FindStringIndex(s); loc != nil {
		return s[loc[1]:]
	}
	return s
}

// The shapes of error lines, tried in order by confirm.
var (
	ghErrorRe   = regexp.MustCompile(`^##\[error\]\s*(.*)`)
	tracebackRe = regexp.MustCompile(`Traceback \(most recent call last\):\s*$`)
	goPanicRe   = regexp.MustCompile(`^(?:panic: |fatal error: |SIGSEGV|SIGBUS|unexpected fault address|\[signal SIG)`)
	raceRe      = regexp.MustCompile(`^WARNING: DATA RACE`)
	rustPanicRe = regexp.MustCompile(`^thread '[^']*' (?:\(\d+\) )?panicked at`)
	rustErrRe   = regexp.MustCompile(`^error(?:\[E\d+\])?: `)
	// An exception at the start of a line, maybe qualified and behind
	// "Uncaught", "Exception in thread", "Caused by:", pytest's "E   ".
	exceptionRe = regexp.MustCompile(`^\s*(?:Uncaught |Unhandled (?:exception|rejection):? |Exception in thread "[^"]*" |E {2,}|\[)?(?:[\w$]+\.)*([A-Z][\w$]*(?:Error|Exception|Fault|Failure|Rejection)|Error)(?:\s*\[\w+\])?(?::\s|:$|$|\s*\{$| \(|\])`)
	// A level word at the start of a line: "error: ...", "ERROR ...",
	// "[ERROR] ...", "fatal: ...", "error TS2304: ...".
	levelRe = regexp.MustCompile(`^\s*\d+:\d+\s+error\s|^\s*(?:\[\s*(?:ERROR|ERR|FATAL|CRITICAL|SEVERE|error|fatal|Error|Fatal)\s*\]|(?:ERROR|FATAL|CRITICAL|SEVERE|PANIC)(?:\b[:\s]|$)|(?:error|fatal|Error|Fatal|ERR)(?:\[[\w-]+\])?(?::| [A-Z]{1,4}\d+:| in | -|!))`)
	// The prefix of a run of lines that are one error: npm's, Maven's.
	runPrefixRe = regexp.MustCompile(`^(?:npm (?:ERR!|error)|\[(?:ERROR|FATAL)\])(?: |$)`)
	// A position, then an error: "x.c:3:5: error: ...", "x.ts(3,7): error
	// TS2322: ...", "src/x.ts:3:7 - error TS2322: ...", "X.java:3: error:".
	posErrorRe = regexp.MustCompile(`^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+(?:(?::\d+)+|\(\d+(?:,\d+)*\)):?\s*(?:-\s+)?(?:fatal |Fatal )?(?:error|Error|ERROR)(?::|\[| [A-Z]{1,4}\d+:?)`)
	// A Go-style diagnostic without the word: "x.go:3:5: undefined: y".
	goDiagRe = regexp.MustCompile(`^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+\.\w+:\d+:\d+: (\S.*)`)
	// The go command's own errors ("go: go.mod requires go >= 1.30"), not
	// its progress.
	goCmdRe   = regexp.MustCompile(`^go: `)
	goQuietRe = regexp.MustCompile(`^go: (?:downloading|finding|extracting|upgraded|added|found|creating|to add|updates to go\.mod needed;? to update)`)
	// A program's complaint: "curl: (7) Failed to connect ...", "ld: ...",
	// "bash: foo: command not found".
	toolErrRe   = regexp.MustCompile(`^[a-z][\w.+-]*(?:\[\d+\])?: (?:\(\d+\) )?(?:[^:]+: )*(?:(?:fatal )?error\b|.*\b(?:[Ff]ailed|[Cc]annot|[Cc]ould not|[Cc]ouldn't|[Uu]nable to|timed out|refused|denied|[Nn]ot found|[Nn]o such|undefined reference|command not found|not a git repository|[Ii]nvalid|[Uu]nknown|error)\b)`)
	toolQuietRe = regexp.MustCompile(`^(?:msg|message|description|summary|reason|note|hint|info|debug|warning|warn|time|level|ts|caller|tip|example|usage)[:=]`)
	signalRe    = regexp.MustCompile(`(?:^|: )(?:\d+ )?(?:Segmentation fault|Bus error|Aborted|Killed|Illegal instruction|Floating point exception)\b`)
	linkerRe    = regexp.MustCompile(`undefined reference to|(?:^|/)ld(?:\.\w+)?: |^collect2: |ld returned \d+ exit status|cannot find -l`)
	makeRe      = regexp.MustCompile(`^make(?:\[\d+\])?: \*\*\* `)
	goTestRe    = regexp.MustCompile(`^\s*--- FAIL: `)
	failLineRe  = regexp.MustCompile(`^(?:FAIL:|ERROR: test)`)
	jestRe      = regexp.MustCompile(`^\s*● `)
	tapRe       = regexp.MustCompile(`^\s*not ok\b`)
	doctestRe   = regexp.MustCompile(`^Failed example:$`)
	// A Python unittest report's header: "FAIL: test_x (mod.Class.test_x)"
	// over a rule of dashes.
	unittestRe = regexp.MustCompile(`^(?:FAIL|ERROR): \S+ \(`)
	ruleRe     = regexp.MustCompile(`^-{20,}$`)
	// Report sections: pytest's "____ test_x ____", libtest's
	// "---- tests::x stdout ----".
	sectionRe = regexp.MustCompile(`^(?:_{3,} (.+) _{3,}|---- (.+) ----)$`)
	// Lines that restate failures reported above them, or only count
	// them: reported only when nothing else is.
	namedSummaryRe = regexp.MustCompile(`^(?:FAIL|FAILED|ERROR)(?:\s+\S|$)|\[build failed\]|^\s*[✕✗×] `)
	countSummaryRe = regexp.MustCompile(`(?i)^\s*(?:\[\w+\]\s*)?(?:tests?:\s.*\b[1-9]\d* failed|test suites:\s.*\b[1-9]\d* failed|tests run: \d+, (?:failures: [1-9]|failures: \d+, errors: [1-9])|found [1-9]\d* errors?\b|=*\s*[1-9]\d* (?:failed|failing|errors?)\b|failed \((?:failures|errors)=|test result: failed|\*+\s*test failed\s*\*+|build failed|build failure|compilation failed|failed to compile|[1-9]\d* items? had failures)`)
	exitRe         = regexp.MustCompile(`(?i)completed with exit code [1-9]`)
	warningRe      = regexp.MustCompile(`^\s*\d+:\d+\s+warning\s|^\s*(?:\[\s*(?:WARN|WARNING|warn|warning)\s*\]|(?:WARN|WARNING)\b|(?:warning|Warning)(?:\[[\w-]+\])?:|npm (?:WARN|warn) )|^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+(?:(?::\d+)+|\(\d+(?:,\d+)*\)):?\s*(?:-\s+)?(?:warning|Warning|note|Note|info)\b`)
	logfmtRe       = regexp.MustCompile(`(?:^|\s)(?:level|lvl|severity)=("?)(\w+)`)
	logfmtMsgRe    = regexp.MustCompile(`(?:^|\s)(?:msg|message|err|error)=(?:"((?:[^"\\]|\\.)*)"|(\S+))`)
	jsonKeyRe      = regexp.MustCompile(`^\s*"([^"]+)"\s*:\s*(.*?),?\s*$`)
	codeKeyword    = regexp.MustCompile(`^\s*(?:func|return|if|else|for|while|const|let|var|def|class|import|from|package|throw|raise|try|catch|except|finally|switch|case|type|interface|struct|public|private|protected|static|void|fn|impl|use|mod|pub|async|await|export|assert|new|defer|go|elif|with|do)\b`)
)

// confirm is stage 2 for line i: is it an error, and of what shape?
func (d *Detector) confirm(doc *document, i int) verdict {
	raw := clip(doc.lines[i])
	for _, re := range d.falsePo {
		if re.MatchString(raw) {
			return verdict{}
		}
	}
	if doc.diff[i] || doc.quoted[i] {
		return verdict{} // a diff's lines and quoted blocks are not output
	}
	for _, re := range d.custom {
		if re.MatchString(raw) {
			return verdict{kind: kindError, fam: famLine, text: strings.TrimSpace(raw)}
		}
	}
	s := doc.short[i]
	t := strings.TrimSpace(s)
	if t == "" {
		return verdict{}
	}
	if v := doc.jv[i]; v != nil {
		return *v // judged while the line was whole
	}
	if t[0] == '"' {
		if m := jsonKeyRe.FindStringSubmatch(s); m != nil {
			return jsonKeyVerdict(m[1], m[2])
		}
	}
	if m := ghErrorMatch(t); m != nil {
		v := verdict{kind: kindError, fam: famLine, text: m[1]}
		if exitRe.MatchString(m[1]) {
			v.cat = errkind.CategoryBuild // the step's command failed
		}
		return v
	}
	if strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "<!--") ||
		strings.HasPrefix(t, "# ") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "> ") {
		return verdict{} // comments, doc tags, bullets, quotes: prose and code
	}
	if v, ok := logfmtVerdict(s); ok {
		return v
	}
	if raceRe.MatchString(s) {
		return verdict{kind: kindError, fam: famRace, text: t, cat: errkind.CategoryRuntime}
	}
	if warningRe.MatchString(s) && !rustErrRe.MatchString(s) {
		return verdict{kind: kindWarning, fam: famLine, text: t}
	}
	switch {
	case strings.Contains(s, "Traceback") && tracebackRe.MatchString(s):
		return verdict{kind: kindError, fam: famTraceback, text: t}
	case goPanicRe.MatchString(s):
		return verdict{kind: kindError, fam: famGoPanic, text: t, cat: errkind.CategoryRuntime}
	case rustPanicRe.MatchString(s):
		return verdict{kind: kindError, fam: famRustPanic, text: t}
	case goTestRe.MatchString(s):
		return verdict{kind: kindError, fam: famGoTest, text: t}
	case jestRe.MatchString(s), tapRe.MatchString(s):
		return verdict{kind: kindError, fam: famTest, text: t}
	case doctestRe.MatchString(s):
		return verdict{kind: kindError, fam: famDoctest, text: t, cat: errkind.CategoryTest}
	case unittestRe.MatchString(s) && i+1 < len(doc.short) && ruleRe.MatchString(doc.short[i+1]):
		return verdict{kind: kindError, fam: famUnittest, text: t}
	case sectionRe.MatchString(s):
		m := sectionRe.FindStringSubmatch(s)
		if name := strings.ToLower(m[1] + m[2]); strings.Contains(name, "summary") || strings.Contains(name, "captured") {
			return verdict{}
		}
		return verdict{kind: kindError, fam: famSection, text: t}
	case runPrefixRe.MatchString(s) && !countSummaryRe.MatchString(s):
		return verdict{kind: kindError, fam: famRun, text: t}
	case makeRe.MatchString(s):
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	case linkerRe.MatchString(s):
		return verdict{kind: kindError, fam: famLinker, text: t, cat: errkind.CategoryBuild}
	case rustErrRe.MatchString(s) && !posErrorRe.MatchString(s):
		return verdict{kind: kindError, fam: famRust, text: t}
	case posErrorRe.MatchString(s):
		return verdict{kind: kindError, fam: famCompiler, text: t}
	case goCmdRe.MatchString(s):
		if goQuietRe.MatchString(s) {
			return verdict{}
		}
		return verdict{kind: kindError, fam: famLine, text: t}
	case countSummaryRe.MatchString(s):
		return verdict{kind: kindSummary, fam: famLine, text: t}
	case namedSummaryRe.MatchString(s):
		return verdict{kind: kindSummary, fam: famNamed, text: t}
	case failLineRe.MatchString(t):
		return verdict{kind: kindError, fam: famTest, text: t, cat: errkind.CategoryTest}
	case exceptionRe.MatchString(s):
		if codeKeyword.MatchString(s) {
			return verdict{}
		}
		return verdict{kind: kindError, fam: famException, text: t}
	case levelRe.MatchString(s):
		return verdict{kind: kindError, fam: famLine, text: t}
	case signalRe.MatchString(s):
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryRuntime}
	case toolErrRe.MatchString(s) && !toolQuietRe.MatchString(s):
		return verdict{kind: kindError, fam: famCompiler, text: t}
	}
	if m := goDiagRe.FindStringSubmatch(s); m != nil && !looksLikeCode(m[1]) {
		return verdict{kind: kindError, fam: famCompiler, text: t}
	}
	return verdict{}
}

// ghErrorMatch matches a GitHub Actions error annotation.
func ghErrorMatch(t string) []string {
	if !strings.HasPrefix(t, "##[") {
		return nil
	}
	return ghErrorRe.FindStringSubmatch(t)
}

// logfmtVerdict judges a key=value log line by its level, as jsonVerdict
// judges a JSON one; ok is false when the line has no level.
func logfmtVerdict(s string) (verdict, bool) {
	if !strings.Contains(s, "level=") && !strings.Contains(s, "lvl=") && !strings.Contains(s, "severity=") {
		return verdict{}, false
	}
	m := logfmtRe.FindStringSubmatch(s)
	if m == nil {
		return verdict{}, false
	}
	level := strings.ToLower(m[2])
	var k kind
	switch {
	case errorLevels[level]:
		k = kindError
	case warnLevels[level]:
		k = kindWarning
	default:
		return verdict{}, true
	}
	var parts []string
	for _, mm := range logfmtMsgRe.FindAllStringSubmatch(s, -1) {
		v := mm[1] + mm[2]
		if v != "" {
			parts = append(parts, strings.ReplaceAll(v, `\"`, `"`))
		}
	}
	text := strings.Join(parts, ": ")
	if text == "" {
		text = strings.TrimSpace(s)
	}
	return verdict{kind: k, fam: famLine, text: text}, true
}

// looksLikeCode reports whether the text after a position is source code
// (a search result) rather than a diagnostic.
func looksLikeCode(msg string) bool {
	if codeKeyword.MatchString(msg) {
		return true
	}
	t := strings.TrimSpace(msg)
	if t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") {
		return true
	}
	if strings.Contains(t, " := ") || strings.Contains(t, "=>") || strings.Contains(t, " == ") {
		return true
	}
	switch t[len(t)-1] {
	case ';', '{', '(':
		return strings.Contains(t, "(")
	}
	return false
}

// regionState marks, line by line, the lines of diff hunks and of quoted
// blocks: fenced blocks in prose (```go ... ```) are source code or
// examples the text talks about, unless the fence says it holds a
// program's output (```console, ```log, ```stderr).
type regionState struct {
	inDiff, inFence, quoted bool
}

// mark marks line i of the window; the line after it must be there, if
// the input has one.
func (r *regionState) mark(d *document, i int) {
	l := d.lines[i]
	if m := fenceMatch(l); m != nil {
		if !r.inFence {
			lang := strings.ToLower(m[1])
			r.inFence, r.quoted = true, !outputFence[lang]
		} else {
			r.inFence, r.quoted = false, false
		}
		r.inDiff = false
		d.quoted[i] = true
		return
	}
	if r.inFence && r.quoted {
		d.quoted[i] = true
		return
	}
	switch {
	case strings.HasPrefix(l, "diff --git ") || strings.HasPrefix(l, "--- a/") || strings.HasPrefix(l, "+++ b/") ||
		strings.HasPrefix(l, "--- ") && i+1 < len(d.lines) && strings.HasPrefix(d.lines[i+1], "+++ "):
		r.inDiff = true
		d.diff[i] = true
	case strings.HasPrefix(l, "@@ -") || strings.HasPrefix(l, "@@@ "):
		r.inDiff = true
		d.diff[i] = true
	case r.inDiff && (l == "" || l[0] == '+' || l[0] == '-' || l[0] == ' ' || l[0] == '\\' ||
		strings.HasPrefix(l, "index ") || strings.HasPrefix(l, "new file mode") || strings.HasPrefix(l, "deleted file mode")):
		d.diff[i] = true
	default:
		r.inDiff = false
	}
}

// fenceMatch matches a Markdown fence line, cheaply ruling most lines out.
func fenceMatch(l string) []string {
	t := strings.TrimLeft(l, " \t")
	if !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~") {
		return nil
	}
	return fenceRe.FindStringSubmatch(l)
}

// fenceRe is a Markdown fence line, with its language.
var fenceRe = regexp.MustCompile("^\\s*(?:`{3,}|~{3,})\\s*([\\w+#.-]*)\\s*$")

// Fence languages that hold a program's output, not source or examples.
var outputFence = map[string]bool{"console": true, "output": true, "log": true, "terminal": true, "stderr": true,
	"stdout": true, "shell-session": true, "ansi": true}
