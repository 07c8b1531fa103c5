package detect

import (
	"cmp"
	"encoding/json"
	"html"
	"regexp"
	"slices"
	"strconv"
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
	famLine       family = iota // one line, plus lines indented under it
	famTraceback                // Python's "Traceback (most recent call last):"
	famException                // "TypeError: ...", "java.lang.X: ..." with "at" frames
	famGoPanic                  // "panic: ..." with goroutine traces
	famRace                     // a data race report, between ===== lines
	famRaceTail                 // the end of a race report cut short above
	famRust                     // rustc's error[E...] with -->, | and = lines
	famRustPanic                // "thread 'main' panicked at f.rs:1:2:" and its message
	famCompiler                 // gcc, clang, javac, tsc, go: "path:l:c: error: ..." with a snippet
	famTest                     // a test's failure: ●, not ok, FAIL:
	famSection                  // a report section: pytest's "____ test_x ____", libtest's "---- x stdout ----"
	famUnittest                 // unittest's "FAIL: test_x (...)" over a rule, to the next rule
	famDoctest                  // doctest's "Failed example:" and what it expected and got
	famGoTest                   // go test's "--- FAIL: TestX", its log lines above it in -v mode, a panic below
	famRun                      // a run of lines with one prefix: "npm ERR!", "[ERROR]"
	famLinker                   // the linker's lines: "ld: x.o: in function", "undefined reference", "collect2"
	famNamed                    // a summary line naming a failed test or package
	famJSON                     // a JSON event
	famGoJSON                   // go test -json: a test's fail event and its output events
	famRecord                   // a log record: its continuation lines, and the exception or traceback it logs
	famTool                     // a program's complaint, "prog: ...": the lines that go on with the same prefix, its hints
	famSanitizer                // a sanitizer's report: from the rule above it to its end
	famGradle                   // Gradle's "FAILURE:" / "* What went wrong:" report, to its "* Try:"
	famReport                   // a test runner's report of one failure: jest's "●", vitest's "FAIL x > y", to the next
	famAnnotation               // an annotation under a source line, with the header naming the place above it
	famNumbered                 // a numbered test report, "  1) Failure:", to the next one
	famTestMore                 // Perl's Test::More report of a failed test, in TAP comments
	famOpenSSL                  // OpenSSL's error queue, with the program's message around it
	famBanner                   // "*** FATAL CONFIG FILE ERROR ***" and the paragraph under it
	famTerminate                // C++'s "terminate called after throwing an instance of 'X'", its what(), the abort
	famGdb                      // gdb's "Program received signal SIGSEGV", where it stopped, the backtrace
	famMySQL                    // the mysql client's "ERROR 1062 (23000) at line 5: ..." under its statement between dashes
	famUsage                    // a complaint about the command line, then the usage the program prints
	famJUnit                    // the JUnit Platform console's failure: the test, its source, "=> exception", frames
	famBiome                    // Biome's "path:l:c lint/x/y ━━━" header, its "× message", frame and advice
	famMiette                   // a miette report (oxlint, rspack, swc): "x message", its framed snippet, its help
	famFailHead                 // a place and a bare verdict, "x.cpp:23: Failure": the failure under it, to its test's end
	famGinkgo                   // a Ginkgo spec's report, "• [FAILED] [0.001 seconds]", between its rules of dashes
	famSubtestLog               // what a failed subtest printed under its "=== RUN" in go test -v, its result grouped further down
	famXMLFailure               // a JUnit <failure> element of a linter's finding, to its "</failure>"
	famVetJSON                  // go vet -json's finding: "posn", "end" and "message" between the braces of its object
	famPkgConfig                // pkg-config's "Package x was not found in the pkg-config search path." with its advice and reason
	famFields                   // a report of labelled fields, "Finding: ...", "RuleID: ...", to the blank line
	famHook                     // pre-commit's "name....Failed" with the "- hook id:", "- exit code:" lines under it
	famTestEntry                // a runner's entry for a failed test: gotestsum's "=== FAIL: pkg TestX (0.00s)", "::group::FAIL ...", the test's output under it
	famPrettyJSON               // an object printed over lines whose level is error's (a SARIF result through jq, a record through jq .): its braces
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
	retried    bool             // the block holds the attempts logged before the error
}

// verdict is stage 2's judgement of one line.
type verdict struct {
	kind   kind
	fam    family
	text   string
	detail []string
	cat    errkind.Category
}

// The shapes of error lines, tried in order by confirm: one rule set, so
// that one pass of its prefilter tells which of them could match a line.
const (
	rTraceback = iota
	rGoPanic
	rRustPanic
	rRustErr
	rException
	rLevel
	rRunPrefix
	rPosError
	rGoDiag
	rGoQuiet
	rToolErr
	rToolQuiet
	rSignal
	rLinker
	rGoTest
	rFailLine
	rTap
	rUnittest
	rSection
	rNamedSummary
	rCountSummary
	rWarning
	rCodeKeyword
	rRuby
	rPHP
	rKotlin
	rGradleTask
	rGradleFailure
	rGlog
	rErrnoEnd
	rGoNet
	rSanitizer
	rExitCode
)

var shapes = newRuleSet(
	// rTraceback: Python's.
	`Traceback \(most recent call last\):\s*$`,
	// rGoPanic: a Go panic or fatal error (chi's Recoverer indents it by
	// one space).
	`^ ?(?:panic: |fatal error: |SIGSEGV|SIGBUS|SIG(?:ABRT|QUIT|ILL|FPE|TRAP|SYS): |unexpected fault address|\[signal SIG)|^Benchmark\S*\s+panic: `,
	// rRustPanic
	`^thread '[^']*' (?:\(\d+\) )?panicked at`,
	// rRustErr
	`^error(?:\[E\d+\])?: `,
	// rException: an exception at the start of a line, maybe qualified
	// and behind "Uncaught", "Exception in thread", "Caused by:", pytest's
	// "E   ".
	`^\s*(?:Uncaught |Unhandled (?:exception|rejection)[:.]? |Exception in thread "[^"]*" |E {2,}|\[)?(?:[\w$]+(?:\.|::))*((?:[A-Z][\w$]*)?(?:Error|Exception|Fault|Failure|Rejection)|Errno::E[A-Z]+)(?:\s*\[\w+\])?(?::\s|:$|$|\s*\{$| \(|\])`,
	// rLevel: a level word at the start of a line: "error: ...", "ERROR
	// ...", "[ERROR] ...", "[core:error]", "fatal: ...", "error TS2304:",
	// "Fatal error: ...", sqlite3's "Parse error near line 4: ...".
	`^\s*\d+:\d+\s+error\s|^\s*(?:\[\s*(?:[\w-]+:)?(?:ERROR|ERR|FATAL|CRITICAL|CRIT|SEVERE|EMERG|ALERT|error|err|fatal|crit|alert|emerg|Error|Fatal|Critical)\s*\]|(?:ERROR|FATAL|CRITICAL|SEVERE|D?PANIC|EMERG|ALERT|ERR|CRIT)(?:\b[:\s]|$)|(?:error|fatal|Error|Fatal|ERR)(?:\[[\w-]+\])?(?::| [A-Z]{1,4}\d+:| in | -|!)|(?:Fatal|Parse|parse|Catchable fatal|Recoverable fatal|[A-Za-z][a-z]+) error(?: (?:near|on|at) line \d+)?: )`,
	// rRunPrefix: the prefix of a run of lines that are one error: npm's,
	// Maven's, prettier's.
	`^(?:npm (?:ERR!|error)|\[(?:ERROR|FATAL|error)\])(?: |$)`,
	// rPosError: a position, then an error: "x.c:3:5: error: ...",
	// "x.ts(3,7): error TS2322: ...", "src/x.ts:3:7 - error TS2322: ...",
	// "X.java:3: error:", "/x/A.java:[5,9] error:", behind a program's
	// name: "psql:x.sql:3: ERROR:".
	`^\s*(?::[A-Za-z][\w:-]*)?(?:[a-z][\w-]*:)?(?:[A-Za-z]:)?[\w./\\@~+-]+(?:(?::\d+)+|\(\d+(?:, ?\d+)*\)|:\[\d+(?:,\d+)*\])(?::| :)?\s*(?:-\s+)?(?:fatal |Fatal |syntax |parse |Parse |parser )?(?:error|Error|ERROR)(?: ?:|,|\[| [A-Z]{1,4}\d+:?| [A-Z][A-Z0-9_]+ :)`,
	// rGoDiag: a Go-style diagnostic without the word: "x.go:3:5: undefined: y".
	`^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+\.\w+:\d+:\d+(?:-\d+(?::\d+)?)?: (\S.*)`,
	// rGoQuiet: the go command's progress, not its errors.
	`^go: (?:downloading|finding|extracting|upgraded|downgraded|added|removed|found|creating|to add|to switch to|no module dependencies to download)`,
	// rToolErr: a program's complaint: "curl: (7) Failed to connect ...",
	// "bash: foo: command not found", "x.sh: line 3: y: unbound variable",
	// Apache's "AH00526: Syntax error on line 3 of x.conf:".
	`^(?:(?:\.{0,2}/)?[a-z][\w.+/-]*(?:\[\d+\])?|[A-Z]{1,4}\d{3,6}): (?:\(\d+\) )?(?:[^:]+: )*(?:(?:fatal )?error\b|.*\b(?:[Ff]ailed|[Cc]annot|[Cc]an't|[Cc]ould not|[Cc]ouldn't|[Uu]nable to|timed out|refused|denied|[Nn]ot found|[Nn]o such|undefined reference|command not found|not a git repository|[Ii]nvalid|[Uu]nknown|unbound variable|bad substitution|syntax error|division by 0|unterminated|unmatched|unexpected|error)\b)`,
	// rToolQuiet: words before a colon that make a line a field, not a
	// program's complaint.
	`^(?:msg|message|description|summary|reason|note|hint|info|debug|warning|warn|time|level|ts|caller|tip|example|usage|assistant|user|human|model|agent|codex|claude|gemini)[:=]`,
	// rSignal
	`(?:^|:\s+)(?:\d+\s+)?(?:Segmentation fault|Bus error|Aborted|Killed|Illegal instruction|Floating point exception)\b`,
	// rLinker
	`undefined reference to|(?:^|/)ld(?:\.\w+)?: |^collect2: |ld returned \d+ exit status|cannot find -l`,
	// rGoTest
	`^\s*(?:Benchmark\S*\s+)?--- FAIL: `,
	// rFailLine
	`^(?:FAIL:|ERROR: test)`,
	// rTap
	`^\s*not ok\b`,
	// rUnittest: a Python unittest report's header: "FAIL: test_x
	// (mod.Class.test_x)" over a rule of dashes.
	`^(?:FAIL|ERROR): \S+ \(`,
	// rSection: report sections: pytest's "____ test_x ____", libtest's
	// "---- tests::x stdout ----".
	`^(?:_{3,} (.+) _{3,}|---- (.+) ----)$`,
	// rNamedSummary: lines that restate failures reported above them.
	`^(?:FAIL|FAILED|ERROR)(?:\s+\S|$)|\[build failed\]|^\s*[✕✗×✘✖] |^BUILD FAILED\b`,
	// rCountSummary: lines that only count failures.
	`(?i)^\s*(?:\[\w+\]\s*)?(?:tests?:\s.*\b[1-9]\d* failed|test suites:\s.*\b[1-9]\d* failed|tests run: \d+, (?:failures: [1-9]|failures: \d+, errors: [1-9])|found [1-9]\d* (?:errors?|problems?)\b|=*\s*[1-9]\d* (?:tests? )?(?:failed|failing|errors?)\b|failed \((?:failures|errors)=|test result: failed|\*+\s*test failed\s*\*+|build failed|build failure|compilation failed|failed to compile|[1-9]\d* items? had failures|\S+ had compilation errors|^[\w ]+: \d+ \|.* \| [1-9]\d* failed$)`,
	// rWarning
	`^\s*\d+:\d+\s+warning\s|^\s*(?:\[\s*(?:[\w-]+:)?(?:WARN|WARNING|warn|warning)\s*\]|(?:WARN|WARNING)\b|(?:warning|Warning)(?:\[[\w-]+\])?:|npm (?:WARN|warn) |PHP (?:Warning|Notice|Deprecated):|(?:Notice|Deprecated): |w: )|^\s*(?:[\w.+-]+: )?(?:[A-Za-z]:)?[\w./\\@~+-]+(?:(?::\d+)+|\(\d+(?:,\d+)*\)|:\[\d+(?:,\d+)*\]):?\s*(?:-\s+)?(?:warning|[A-Z][a-z]*Warning|note|Note|info)\b`,
	// rCodeKeyword: a line of source code.
	`^\s*(?:func|return|if|else|for|while|const|let|var|def|class|import|from|package|throw|raise|try|catch|except|finally|switch|case|type|interface|struct|public|private|protected|static|void|fn|impl|use|mod|pub|async|await|export|assert|new|defer|go|elif|with|do)\b`,
	// rRuby: an uncaught Ruby exception: "x.rb:3:in `f': msg (NameError)".
	"^\\S+:\\d+:in [`'][^']*': .*\\(([A-Z]\\w*(?:::\\w+)*)\\)$",
	// rPHP: PHP's errors as the CLI logs them.
	`^PHP (?:Fatal error|Parse error|Catchable fatal error|Recoverable fatal error):`,
	// rKotlin: kotlinc and Gradle's Kotlin plugin: "e: file:///x.kt:3:5
	// Unresolved reference: y", "e: x.kt: (3, 5): ...".
	`^e: (?:file:/+)?\S+`,
	// rGradleTask: a failed Gradle task.
	`^> Task \S+ FAILED$`,
	// rGradleFailure: Gradle's failure report.
	`^(?:FAILURE: |\* What went wrong:$)`,
	// rGlog: glog and klog: "E0506 12:00:00.123456 1234 x.go:12] msg".
	`^[EF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+ \S+:\d+\] `,
	// rErrnoEnd: a line that ends with what strerror says, after a colon:
	// "open x: no such file or directory", "dial tcp x: connect: connection
	// refused", "listen tcp :80: bind: address already in use".
	`(?i): (?:no such file or directory|permission denied|connection refused|connection reset by peer|connection timed out|no such host|network is unreachable|no route to host|address already in use|broken pipe|i/o timeout|operation not permitted|is a directory|not a directory|read-only file system|disk quota exceeded|no space left on device|too many open files|temporary failure in name resolution|name or service not known|server misbehaving|context deadline exceeded|certificate signed by unknown authority|device or resource busy|file exists|directory not empty|directory not found|resource temporarily unavailable|cannot allocate memory|exec format error)(?: \(os error \d+\)|\))?\.?$`,
	// rGoNet: Go's net/http client errors: `Get "https://x": dial tcp ...`.
	`(?:^|: )(?:Get|Post|Put|Patch|Delete|Head) "[^"]+": `,
	// rSanitizer: AddressSanitizer, UBSan, LeakSanitizer, ThreadSanitizer.
	`^(?:ERROR|WARNING): (?:Address|Leak|Thread|Memory|UndefinedBehavior)Sanitizer|^\S+:\d+:\d+: runtime error: `,
	// rExitCode
	`(?i)completed with exit code [1-9]`,
)

// ctestOutputFollows reports whether the test's output follows ctest's
// line for it (--output-on-failure), not the next test's line or a blank.
func ctestOutputFollows(lines []string, i int) bool {
	if i+1 >= len(lines) {
		return false
	}
	n := strings.TrimSpace(lines[i+1])
	return n != "" && !strings.HasPrefix(n, "Start ") && !ctestFailRe.MatchString(lines[i+1]) && !ctestLineRe.MatchString(n)
}

// Patterns outside the rule set.
var (
	ctestLineRe = regexp.MustCompile(`^\d+/\d+ Test\s+#\d+: `)
	ctestFailRe = regexp.MustCompile(`^\s*\d+/\d+ Test\s+#\d+: \S.* \.*\*{3}(?:Failed|Exception|Timeout|Not Run)`)
	makeStopRe  = regexp.MustCompile(`^\S+:\d+: \*{3} .+\.  Stop\.$`)
	spacedErrRe = regexp.MustCompile(`^\S+ +: (?:[A-Z]?[a-z]+ )?error \(\d+\) : \S`)
	ghErrorRe   = regexp.MustCompile(`^##\[error\]\s*(.*)`)
	goCmdPrefix = "go: "
	jestRe      = regexp.MustCompile(`^\s*● `)
	// toolCallRe is an agent's call of a tool: "Bash(go test ./...)",
	// "Update(include/ring.h)".
	toolCallRe = regexp.MustCompile(`^[A-Z]\w*\(.*\)$`)
	vitestRe   = regexp.MustCompile(`^\s*FAIL\s+\S+(?: > | \[ )`)
	makeRe     = regexp.MustCompile(`^(?:g|gnu|bsd)?make(?:\[\d+\])?: \*\*\* `)
	// An annotation under a source line: shellcheck's "^-- SC2086 (info): ...".
	annotationRe = regexp.MustCompile(`^\s*\^[-~^]*\s+\S+ \((error|warning|info|style|note)\): `)
	// Test frameworks' assertion lines: RSpec's "Failure/Error:",
	// PHPUnit's "Failed asserting that".
	assertionLineRe = regexp.MustCompile(`^\s*(?:Failure/Error: |Failed asserting that )`)
	// failHeadRe is a place and a bare verdict: "x.cpp:23: Failure",
	// "unknown file: Failure", "x.cpp:30: FAILED:".
	failHeadRe = regexp.MustCompile(`^(?:[\w./\\@~+-]+(?::\d+|\(\d+\))|unknown file): (?:Failure|FAILED:)$`)
	// elixirRe is Elixir's and Erlang's report of an exception.
	elixirRe = regexp.MustCompile(`^\*\* \([A-Z][\w.]*\) \S`)
	// opensslRe is a line of OpenSSL's error queue.
	opensslRe = regexp.MustCompile(`^[0-9A-F]{8,16}:error:[0-9A-F]{8}:`)
	// abortedRe is a program's announcement that it died of the
	// exception below.
	abortedRe = regexp.MustCompile(`^[\w.-]+ aborted!$`)
	// goGenerateRe is go generate's report of a generator that failed.
	goGenerateRe = regexp.MustCompile(`^\S+\.go:\d+: running "[^"]+": \S`)
	// loggedClassRe is an exception's class and message behind a log
	// record's prefix, a dash between them.
	loggedClassRe = regexp.MustCompile(`^(?:[A-Z]\w*::)*[A-Z]\w*(?:Error|Exception|Invalid|NotFound|Failure)\w* - \S`)
	// stepCountRe is a script's count of the steps that failed.
	stepCountRe = regexp.MustCompile(`^(?:\S+: )?\d+ (?:step|stage|job|task|check|target)(?:\(s\)|s)? failed$`)
	// stepFailedRe is a script's report that one of its steps failed.
	stepFailedRe = regexp.MustCompile(`^(?:[Ss]tep|[Ss]tage|[Jj]ob|[Tt]ask|[Tt]arget) ['"‘]?([\w:./-]+)['"’]? failed\.?$`)
	// failMismatchRe is "FAIL name: want X, got Y" (or expected/got).
	failMismatchRe = regexp.MustCompile(`^FAIL \S.{0,120}: .*\b(?:want|wanted|expected) .+, (?:got|but got|actual) \S`)
	// loadKeyRe is ssh's refusal of a private key it cannot use.
	loadKeyRe = regexp.MustCompile(`^Load key "[^"]+": [a-z][\w ]+$`)
	// bannerRe is a banner that announces a fatal report.
	bannerRe = regexp.MustCompile(`^\*{3} (?:FATAL|ERROR|PANIC)\b.*\*{3}$`)
	// refusedRe is a sentence that says a connection was refused.
	refusedRe = regexp.MustCompile(`^(?:The )?[Cc]onnection to (?:the )?(?:\w+ )?\S+ was refused\b`)
	// jsonPosRe is the end of Python's JSONDecodeError message.
	jsonPosRe = regexp.MustCompile(`^[A-Z][\w ',:"]*: line \d+ column \d+ \(char \d+\)$`)
	// curlCodeRe is a program's complaint that starts with its exit code.
	curlCodeRe = regexp.MustCompile(`^[a-z][\w.+-]*: \([1-9]\d{0,2}\) \S`)
	// numberedHeadRe heads a numbered test report that says only what kind
	// of failure follows: minitest's "  1) Failure:".
	numberedHeadRe = regexp.MustCompile(`^\s*\d+\) (?:Failure|Error):$`)
	// Gradle's test events: "MathTest > adds() FAILED".
	gradleTestRe = regexp.MustCompile(`^\S.* > .+ FAILED$`)
	// Valgrind's error kinds.
	valgrindRe = regexp.MustCompile(`^(?:Invalid (?:read|write|free\(\)|fd|address)|Mismatched free|Conditional jump or move depends on uninitiali[sz]ed|Use of uninitiali[sz]ed value|Syscall param .* (?:points to|contains) uni|Source and destination overlap|[\d,]+ (?:\([\d,]+ direct, [\d,]+ indirect\) )?bytes in [\d,]+ blocks are (?:definitely|possibly) lost|Process terminating with default action of signal|Argument '.*' of function .* has a fishy)`)
	// fieldRe is a struct or object literal's field: a name, a colon, an
	// expression, a comma.
	fieldRe = regexp.MustCompile(`^\w+:\s+[\w.]+(?:\([^)]*\))?,(?:\s*$|\s+\w+:\s)`)
	// testMoreRe is Test::More's report of a failed test.
	testMoreRe = regexp.MustCompile(`^#\s+Failed (?:\(TODO\) )?test\b`)
	// assignRe is an assignment: "CRITICAL = 50", a constant, not a record.
	assignRe     = regexp.MustCompile(`^[\w.]+\s*:?=\s`)
	zeroErrorsRe = regexp.MustCompile(`\(0 errors?\b`)
	aptErrRe     = regexp.MustCompile(`^Err:\d+ \S`)
	cmakeRe      = regexp.MustCompile(`^CMake (?:Error|Warning|Deprecation Warning)(?: \(dev\))?(?: at |:)`)
	// A program, then a position in a script: "lua5.4: t.lua:1: ...".
	progPosRe   = regexp.MustCompile(`^[\w.+-]+: [\w./\\-]+\.\w+:\d+: \S`)
	doctestRe   = regexp.MustCompile(`^Failed example:$`)
	ruleRe      = regexp.MustCompile(`^-{20,}$`)
	logfmtRe    = regexp.MustCompile(`(?:^|\s)(?:level|lvl|severity)=("?)(\w+)`)
	logfmtMsgRe = regexp.MustCompile(`(?:^|\s)(?:msg|message|err|error)=(?:"((?:[^"\\]|\\.)*)"|(\S+))`)
	jsonKeyRe   = regexp.MustCompile(`^\s*"([^"]+)"\s*:\s*(.*?),?\s*$`)
)

// Names for the rules that block capture and categorisation use on their
// own.
var (
	tracebackRe = shapes.res[rTraceback]
	goPanicRe   = shapes.res[rGoPanic]
	exceptionRe = shapes.res[rException]
	runPrefixRe = shapes.res[rRunPrefix]
	linkerRe    = shapes.res[rLinker]
	sectionRe   = shapes.res[rSection]
)

// confirm is stage 2 for line i: is it an error, and of what shape?
func (d *Detector) confirm(doc *document, i int) verdict {
	raw := doc.lines[i]
	for _, re := range d.falsePo {
		if re.MatchString(raw) {
			return verdict{}
		}
	}
	if raw != "" && raw[0] == ' ' && doc.short[i] != "" && doc.short[i][0] != ' ' && len(doc.short[i]) < len(raw) {
		// A transcript's gutter before the line: what the rules read of
		// the line as printed is what follows it.
		raw = strings.TrimLeft(raw, " ")
	}
	if doc.diff[i] || doc.quoted[i] {
		return verdict{} // a diff's lines and quoted blocks are not output
	}
	if strings.HasPrefix(raw, "$ ") {
		return verdict{} // a shell prompt's command ("$ grep level=ERROR x.log"): what was run, not what it said
	}
	if goTestName(raw) {
		return verdict{} // a Go test's name alone (go test -list's): "TestWrapError"
	}
	for _, re := range d.custom {
		if re.MatchString(raw) {
			return verdict{kind: kindError, fam: famLine, text: strings.TrimSpace(raw)}
		}
	}
	if v := doc.jv[i]; v != nil {
		return *v // judged while the line was whole
	}
	s := doc.short[i]
	t := strings.TrimSpace(s)
	if t == "" {
		return verdict{}
	}
	if strings.HasPrefix(t, "sed: ") && sedScriptRe.MatchString(t) {
		return verdict{kind: kindError, fam: famTool, text: t, cat: errkind.CategorySyntax} // sed's complaint about its script
	}
	if strings.HasPrefix(t, `"Err": "`) && goListErrField(doc.short, i) || strings.HasPrefix(t, `"Error": "`) && goModuleErrField(doc.short, i) {
		// go list -e -json's error for a package or a module, under its
		// "Error" object or in "DepsErrors", or go mod download -json's
		// "Error" of a module: the error, whatever its words.
		_, v, _ := strings.Cut(t, ": ")
		msg, _ := strconv.Unquote(strings.TrimSuffix(v, ","))
		if msg == "" {
			msg = t
		}
		cat := matchRules(clip(msg))
		if cat == "" {
			cat = errkind.CategoryBuild // (the go command's, on a package or module it could not load)
		}
		return verdict{kind: kindError, fam: famLine, text: msg, cat: cat}
	}
	if strings.Contains(t, ": FAILED (") && stepFailedExitRe.MatchString(t) {
		// A script's verdict on a step it ran, with the step's status
		// ("step import: FAILED (exit 1)"), with nothing of the step's
		// own right above it (a block that ends in it takes it).
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if strings.HasPrefix(t, "task: [") && taskEchoRe.MatchString(t) {
		return verdict{} // task's echo of the command it runs: "task: [lint] golangci-lint run"
	}
	if strings.HasPrefix(t, "🚨 Error: The command exited with status ") {
		return verdict{kind: kindError, fam: famLine, text: t[len("🚨 "):], cat: errkind.CategoryBuild} // Buildkite's verdict on a step
	}
	if strings.Contains(raw, "] W ") || strings.Contains(raw, "] N ") || strings.Contains(raw, "] I ") || strings.Contains(raw, "] D ") {
		if m := letterLevelRe.FindStringSubmatch(raw); m != nil {
			// socat's one-letter level after its pid ("socat[12] W
			// recvmsg(): ..."): a warning or a notice, no error.
			if m[1] == "W" {
				return verdict{kind: kindWarning, fam: famLine, text: t}
			}
			return verdict{}
		}
	}
	if k := strings.Index(t, ": "); k > 0 && k < 40 && len(t) > k+3 && t[0] >= 'a' && t[0] <= 'z' && (strings.HasPrefix(t[k+2:], "[{") || strings.HasPrefix(t[k+2:], "{'") || strings.HasPrefix(t[k+2:], "[(")) && !strings.Contains(t[:k], " ") && !strings.Contains(t, " != ") && !strings.Contains(t, " == ") {
		if e := t[len(t)-1]; e == ']' || e == '}' {
			return verdict{} // a value a program printed under its name ("store: [{'sku': ..., 'name': 'error-free pen'}]"): data
		}
	}
	if u := strings.TrimLeft(s, " "); strings.HasPrefix(u, "✗ ") && len(s)-len(u) <= 4 && hookCheckFailed(u[len("✗ "):]) {
		// A hook script's mark on a check that failed, at the margin: "✗
		// gofmt: these files are not formatted:" over the list it names,
		// "✗ go vet reported problems" under vet's findings.
		cat := errkind.CategoryBuild
		if testsFailedRe.MatchString(t) {
			cat = errkind.CategoryTest // "✗ tests failed": what failed is the tests
		}
		return verdict{kind: kindError, fam: famLine, text: t, cat: cat}
	}
	if strings.HasSuffix(t, ":") && (strings.Contains(t, "fmt") || strings.Contains(t, "format")) && hookListRe.MatchString(t) && i+1 < len(doc.short) && indentOf(doc.short[i+1]) > 0 {
		// A hook's word that files are not formatted, over the list of
		// them: "pre-commit: these files need gofmt:".
		return verdict{kind: kindError, fam: famTool, text: t, cat: errkind.CategoryBuild}
	}
	if strings.Contains(t, ": No module named ") && pythonNoModuleRe.MatchString(t) {
		// python -m x with x not installed: "/usr/bin/python3: No module
		// named flake8", the interpreter's path before it.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if strings.HasPrefix(t, "ERROR ") && wgetHTTPError(t) {
		// wget's word on a request the server refused: "ERROR 404: Not
		// Found." (its stamp cut off as a record's), no exception class.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryNetwork}
	}
	if strings.HasPrefix(t, cobraTerminated) {
		// cobra's last word (golangci-lint's): it says again what its
		// "Error: x" said above it; with no such line (stderr apart) it
		// is the only report.
		if cobraErrorAbove(doc.short, i, t[len(cobraTerminated):]) {
			return verdict{}
		}
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if strings.HasPrefix(t, "Error: Exit code ") && exitCodeRe.MatchString(t) {
		return verdict{} // Claude Code's status of a command that failed, like "[exit 1]": what it printed says why
	}
	if httpFailLine(t) {
		// A response at 4xx or 5xx as curl -i prints it: the request
		// failed, whatever its body says.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryNetwork}
	}
	if (strings.HasPrefix(t, "Line ") || strings.HasPrefix(t, "Your file is not ")) && csvkitRe.MatchString(t) {
		// csvkit's word on a row whose fields do not fit the header
		// (csvclean -n, exit 0 all the same), or on a file not in the
		// encoding it read it in.
		cat := errkind.CategorySyntax
		if strings.HasPrefix(t, "Your file") {
			cat = errkind.CategoryRuntime
		}
		return verdict{kind: kindError, fam: famLine, text: t, cat: cat}
	}
	if strings.HasPrefix(t, prettierIssues) {
		// prettier --check's word that files are not formatted as it
		// would: the check failed (exit 1), though it says so as a warning.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if isDigit(t[0]) && sqliteRow(t) {
		return verdict{} // a row sqlite3 printed ("2|1002|error|card declined"): data
	}
	if t[0] == '+' && xtraceLine(s) {
		return verdict{} // the shell's trace of a command it runs (set -x): "++ grep -c level=error app.log"
	}
	if strings.Count(t, "│") >= 3 {
		return verdict{} // a table's row (tparse's summary): a recap, or no error at all
	}
	if strings.HasPrefix(t, "Oops! Something went wrong!") {
		// ESLint's fatal report: its version and the paragraphs that say
		// what went wrong, under the banner line.
		return verdict{kind: kindError, fam: famBanner, text: t}
	}
	if t[0] == 'T' && faultTimeoutRe.MatchString(t) && i+1 < len(doc.short) && threadDumpHead(doc.short[i+1]) {
		// faulthandler.dump_traceback_later's report: the time it waited,
		// then every thread's stack. What hung decides nothing else.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryRuntime}
	}
	if t[0] == '<' && (strings.HasPrefix(t, "<error ") || strings.HasPrefix(t, "<failure ")) {
		// A linter's findings as XML: checkstyle's "<error line=...
		// message=... severity="error" source="errcheck">", JUnit's
		// "<failure message="x.go:9:9: ..."> with its details to
		// "</failure>" (a test runner's failures, whose message names no
		// place, are its own rules' or a recap).
		if v, ok := xmlFinding(t); ok {
			return v
		}
	}
	if t[0] == '"' && quotedPlaceRe.MatchString(t) {
		// A file's place with its name quoted (cron's `"x.cron":1: bad
		// hour`): a diagnostic, not a string literal.
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if t[0] == '"' {
		if t == `"status": "failed",` || t == `"status": "failed"` {
			// A test runner's JSON result pretty-printed by jq (vitest's,
			// jest's assertionResults): the object of a test that failed,
			// brace to brace, said by its first failure message.
			if msg, ok := failedResultObject(doc.short, i); ok {
				return verdict{kind: kindError, fam: famPrettyJSON, text: msg, cat: reportCategory([]string{msg})}
			}
		}
		if (t == `"severity": 2,` || t == `"severity": 2`) && i > 0 && strings.HasPrefix(strings.TrimSpace(doc.short[i-1]), `"ruleId": `) {
			// ESLint's message pretty-printed by jq, at its error
			// severity: the object, brace to brace, is the finding (a
			// linter's: a build error unless it names a missing name).
			if _, _, msg, ok := prettyObject(doc.short, i); ok {
				cat := errkind.CategoryBuild
				if matchRules(clip(msg)) == errkind.CategoryReference {
					cat = errkind.CategoryReference
				}
				return verdict{kind: kindError, fam: famPrettyJSON, text: msg, cat: cat}
			}
		}
		if strings.HasPrefix(t, `"FromLinter": "`) {
			// golangci-lint's issue pretty-printed by jq: the object,
			// brace to brace, is the finding.
			if _, _, msg, ok := prettyObject(doc.short, i); ok {
				return verdict{kind: kindError, fam: famPrettyJSON, text: msg, cat: errkind.CategoryBuild}
			}
		}
		if levelKeyRe.MatchString(t) {
			// The level of an object printed over lines (SARIF's result,
			// a record pretty-printed by jq): the object is the error.
			if st, e, msg, ok := prettyObject(doc.short, i); ok {
				cat := errkind.Category("")
				if strings.Contains(t, `"level"`) && objectHas(doc.short, st, e, `"ruleId": `) || objectHas(doc.short, st, e, `"check_name": `) {
					cat = errkind.CategoryBuild // a checker's finding
				}
				return verdict{kind: kindError, fam: famPrettyJSON, text: msg, cat: cat}
			}
		}
		if strings.HasPrefix(t, `"posn": "`) {
			// go vet -json's finding, an object over lines: its place,
			// its end, its message (the analyzer names the list it is in).
			if msg := vetJSONMessage(doc.short, i); msg != "" {
				return verdict{kind: kindError, fam: famVetJSON, text: msg, cat: errkind.CategoryBuild}
			}
			return verdict{}
		}
		if m := jsonKeyRe.FindStringSubmatch(s); m != nil {
			return jsonKeyVerdict(m[1], m[2])
		}
	}
	if t[0] == '"' || t[0] == '\'' || t[0] == '`' || continuedCode(t) && !diagnosticStart(t) && !wrappedDiagnostic(doc.short, i, len(doc.short)-1) {
		// A string literal, or a line of code that goes on on the next
		// (a struct field, an argument list, a concatenation): source;
		// not a checker's message that a narrow terminal wrapped.
		return verdict{}
	}
	if strings.Contains(t, " | ") && resultRow(doc.short, i) {
		return verdict{} // a row of a query's result table ("ERROR   | t"): data
	}
	if strings.HasPrefix(t, "imports ") && strings.Contains(t, ": ") && i > 0 && importChain(doc.short, i) >= 0 {
		// The go command's chain of imports ("package x", "\timports y
		// from a.go", ...) that ends in what went wrong: "import cycle
		// not allowed", a package it cannot find.
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if strings.HasPrefix(t, "fatal: [") && strings.Contains(t, "FAILED!") && ansibleIgnored(doc.short, i) {
		return verdict{} // a task that failed with ignore_errors: "...ignoring"
	}
	if strings.HasPrefix(t, "ERROR ") && len(t) > 8 && t[6] >= 'A' && t[6] <= 'Z' && t[7] >= 'a' && t[7] <= 'z' && failurePhrase(t[6:]) && !strings.Contains(t, " | ") && !stampedRecord(raw) {
		// A tool's own level word over its message, no colon between
		// ("ERROR Failed to parse ./pyproject.toml: ...", python -m build).
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if strings.Contains(t, "/pkg/tool/") && goToolRe.MatchString(t) {
		// A tool of the Go toolchain that failed, in its own words or the
		// go command's: the linker's ".../pkg/tool/linux_amd64/link: -X
		// flag requires argument ...", "runtime/cgo: .../cgo: exit
		// status 2".
		fam := famLine
		if strings.Contains(t, ": running ") && strings.Contains(t, " failed: exit status ") {
			fam = famLinker // "link: running gcc failed: exit status 1" over gcc's command and what ld said
		}
		return verdict{kind: kindError, fam: fam, text: t, cat: errkind.CategoryBuild}
	}
	if strings.Contains(t, `: running "`) && goGenerateRe.MatchString(t) {
		// go generate's word on a generator that failed, at its
		// //go:generate line: its exit status (a step that failed), or
		// why it could not run (what that says decides).
		v := verdict{kind: kindError, fam: famLine, text: t}
		if goGenerateExit(t) {
			v.cat = errkind.CategoryBuild
		}
		return v
	}
	if strings.HasSuffix(t, " failed") && stepCountRe.MatchString(t) {
		return verdict{kind: kindSummary, fam: famLine, text: t} // "ci: 2 step(s) failed": a count
	}
	if m := stepFailed(t); m != "" {
		// A CI script's own word on a step it ran: "step 'typecheck'
		// failed". A test step failed its tests.
		v := verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
		if strings.Contains(strings.ToLower(m), "test") {
			v.cat = errkind.CategoryTest
		}
		return v
	}
	if len(s) < len(raw) && strings.Contains(t, " - ") && loggedClassRe.MatchString(t) {
		// A logged exception as Rack's and Sinatra's loggers write it:
		// "2026-05-06 12:00:00 - NoMethodError - undefined method ...",
		// its snippet and backtrace under it.
		return verdict{kind: kindError, fam: famException, text: t}
	}
	if strings.HasSuffix(t, "Failed") && preCommitFailedRe.MatchString(t) {
		// pre-commit's verdict on a hook, its id and exit code under it;
		// what the hook printed follows, its errors its own. A test hook
		// failed its tests.
		v := verdict{kind: kindError, fam: famHook, text: t, cat: errkind.CategoryBuild}
		if lt := strings.ToLower(t); hasWord(lt, "test") || hasWord(lt, "tests") {
			v.cat = errkind.CategoryTest
		}
		return v
	}
	if strings.HasPrefix(t, "Executable `") && strings.HasSuffix(t, "` not found") {
		// pre-commit's word on a hook whose program is not installed,
		// as a shell's "command not found".
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryUnknown}
	}
	if strings.Contains(t, " reported issue in this script: SC") {
		// actionlint relays shellcheck's findings in a run: script at
		// shellcheck's own level ("SC2086:info:1:6: ..."): info and
		// style are advice, a warning a warning, as shellcheck says them.
		if m := relayedLevelRe.FindStringSubmatch(t); m != nil {
			switch m[1] {
			case "info", "style":
				return verdict{}
			case "warning":
				return verdict{kind: kindWarning, fam: famLine, text: t}
			}
		}
	}
	if len(doc.consoles) > 0 && vitestConsole(doc.short, i, doc.consoleAbove(i)) {
		// What a test wrote to the console, under vitest's "stderr |
		// file > suite > test": the test's own log, whose failure, if it
		// failed, vitest reports apart.
		return verdict{}
	}
	if strings.Contains(t, "yaml: line ") && yamlLineRe.MatchString(t) {
		// go-yaml's parse error at a line of the document ("yaml: line
		// 2: mapping values are not allowed in this context"), whatever
		// the program wrapped around it.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategorySyntax}
	}
	if strings.HasSuffix(t, ":") && i+1 < len(doc.short) && errorListHead(t, doc.short[i+1]) && (i == 0 || !strings.HasSuffix(strings.TrimSpace(doc.short[i-1]), ":")) {
		// A message that announces the errors listed, indented, under it
		// (go-yaml's "yaml: unmarshal errors:" over "  line 2: cannot
		// unmarshal ..."; "2 errors occurred:" over "\t* ..."): one
		// error, what the items say decides its category. (Under a line
		// that announces it, it is what that line announced.)
		v := verdict{kind: kindError, fam: famLine, text: t}
		for j := i + 1; j < len(doc.short) && j <= i+maxBlockScan && indentOf(doc.short[j]) > 0; j++ {
			if c := matchRules(clip(doc.short[j])); c != "" {
				v.cat = c
				break
			}
		}
		return v
	}
	if strings.HasPrefix(t, "Finding:") && secretFinding(doc.short, i) {
		// gitleaks' report of a secret in the code: the line it found,
		// the secret, its rule, the file, line and commit, a fingerprint.
		return verdict{kind: kindError, fam: famFields, text: t, cat: errkind.CategoryBuild}
	}
	if strings.Contains(t, "leaks found: ") && leaksFoundRe.MatchString(t) {
		// gitleaks' count of what it found (at WRN): the findings it
		// lists with -v are the errors; without them, the only report.
		return verdict{kind: kindSummary, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if strings.HasPrefix(t, "##teamcity[") {
		return teamcityVerdict(t)
	}
	if strings.HasPrefix(t, "ESLint found too many warnings") {
		// ESLint's --max-warnings gate: the warnings failed the run.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if i > 0 && strings.HasPrefix(strings.TrimLeft(raw, " "), "│") && strings.Contains(doc.lines[i-1], " ✘ ") && strings.Contains(raw, "\t") {
		// The JUnit launcher's tree: the cause under a test's ✘ line,
		// reported in full under "Failures (n):".
		return verdict{}
	}
	if rest, ok := strings.CutPrefix(t, ": "); ok && i > 0 && !blank(doc.short[i-1]) && !promptLike(doc.short[i-1]) && failedChain(rest, false, false) {
		// The rest of an error whose message held a newline before its
		// cause (oapi-codegen's "error loading swagger spec in x.yaml\n:
		// failed to load OpenAPI specification: ..."): the line above
		// heads it.
		return verdict{kind: kindError, fam: famLine, text: strings.TrimSpace(doc.short[i-1]) + t}
	}
	if strings.HasPrefix(t, "error ") && len(s) == len(raw) && indentOf(s) == 0 && errorDoingRe.MatchString(t) && !strings.HasSuffix(t, ".") && !strings.ContainsAny(t, "`*") &&
		(i+1 >= len(doc.short) || !strings.HasPrefix(doc.short[i+1], ": ")) { // (its cause on the next line heads itself: below)
		// A Go error's own words, alone on its line: "error parsing
		// configuration style as old version or new version".
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if coverageGate(t) && !strings.HasPrefix(t, "::") {
		// A coverage gate's verdict: "coverage gate: total 80.4% is below
		// the required 85%", "coverage gate: FAIL total 71.4% < 80.0%".
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	}
	if strings.HasPrefix(t, "Failed to compile ") && strings.HasSuffix(t, ":") && !strings.Contains(t[len("Failed to compile "):len(t)-1], " ") {
		// Ginkgo's word on a suite that does not build, over the go
		// command's output.
		return verdict{kind: kindError, fam: famGinkgo, text: t}
	}
	if strings.HasPrefix(t, "Unknown ") && unknownTargetRe.MatchString(t) {
		// mage's "Unknown target specified: \"deploy\"".
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryReference}
	}
	if rest, ok := strings.CutPrefix(t, "(✗) "); ok && !strings.HasPrefix(rest, "Command failed") {
		// templ's mark on what it could not do: "(✗) Error [ error=failed
		// to generate code for x.templ: ... parsing error: ... ]".
		return verdict{kind: kindError, fam: famLine, text: rest}
	}
	if (strings.HasPrefix(t, "• [") || strings.HasPrefix(t, "[") || strings.HasPrefix(t, "A running node")) && ginkgoSpecRe.MatchString(t) {
		// A Ginkgo spec that did not pass: its report, to the rule under
		// it; what ended it says the category.
		v := verdict{kind: kindError, fam: famGinkgo, text: t}
		if i+1 < len(doc.short) && !blank(doc.short[i+1]) {
			// The spec it is about, on the line under it: "[FAILED]
			// Double [It] doubles two".
			v.text = strings.TrimPrefix(t[:strings.IndexByte(t, ']')+1], "• ") + " " + strings.TrimSpace(doc.short[i+1])
		}
		switch {
		case strings.Contains(t, "[PANICKED]"):
			v.cat = errkind.CategoryRuntime
		case strings.Contains(t, "[TIMEDOUT]") || strings.HasPrefix(t, "A running node"):
			v.cat = errkind.CategoryTest // a spec that ran out of its time, as go test's "test timed out"
		}
		return v
	}
	if strings.HasPrefix(t, "[") && ginkgoProgressRe.MatchString(t) {
		return verdict{} // ginkgo -v's word as a spec ends; its report follows under "• [FAILED]"
	}
	if strings.HasPrefix(t, "(") && stylishRowRe.MatchString(s) {
		// A checker's finding at its line and column, under its file.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if (strings.HasPrefix(t, "=== FAIL: ") || strings.HasPrefix(t, "::group::FAIL ")) && testEntryRe.MatchString(t) {
		// A runner's entry for a failed test, the test's output under it:
		// a recap when that output was printed above in the same
		// command (gotestsum's "=== Failed" section after a format that
		// showed it), else the only report of it. An entry with no
		// output is a parent's, whose subtest has its own.
		end := testEntryEnd(doc.short, i, min(len(doc.short)-1, i+maxBlockScan))
		switch {
		case end == i:
			return verdict{}
		case printedAbove(doc.short, sectionStart(doc.short, i), firstNonBlank(doc.short, i+1, end)):
			return verdict{kind: kindSummary, fam: famTestEntry, text: t, cat: errkind.CategoryTest}
		case raceHead(firstNonBlank(doc.short, i+1, end)):
			// The entry heads the race detector's first report (the
			// block ends with it); further reports and the testing
			// package's "race detected" line are errors of their own.
			return verdict{kind: kindError, fam: famTestEntry, text: t, cat: errkind.CategoryRuntime}
		case strings.HasSuffix(strings.TrimSuffix(t, t[strings.LastIndexByte(t, '('):]), "  "):
			// A package's entry, no test's ("=== FAIL: setup  (0.00s)"):
			// what its test binary printed as it failed outside any test
			// (TestMain's complaint; its own check failing the tests
			// after they passed, under their "PASS"), categorised as that
			// says.
			cat := errkind.CategoryTest
			if first := strings.TrimSpace(firstNonBlank(doc.short, i+1, end)); first != "PASS" {
				cat = refusedCat(first)
			}
			return verdict{kind: kindError, fam: famTestEntry, text: t, cat: cat}
		}
		return verdict{kind: kindError, fam: famTestEntry, text: t}
	}
	if strings.HasSuffix(t, ": race detected during execution of test") && !besideGoFail(doc.short, i) && sectionStart(doc.short, i) < i && !printedAbove(doc.short, sectionStart(doc.short, i), t) {
		// The testing package's word that the race detector caught the
		// test, with no "--- FAIL" line of its own beside it, in
		// gotestsum's "=== Failed" section and not printed above it: the
		// test's failure.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	}
	if strings.HasPrefix(t, "http: panic serving ") {
		// net/http's recovered panic in a handler, its stack under it.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryRuntime}
	}
	if strings.HasPrefix(t, "Error:") && testifyReport(doc.short, i) {
		// testify's "Error:" under its "Error Trace:", in a test's log
		// that go test -v prints before the test's "--- FAIL": that line
		// reports it, with its log.
		return verdict{}
	}
	if m := ghErrorMatch(t); m != nil {
		v := verdict{kind: kindError, fam: famLine, text: m[1]}
		if shapes.res[rExitCode].MatchString(m[1]) {
			v.cat = errkind.CategoryBuild // the step's command failed
		}
		return v
	}
	if strings.HasPrefix(t, "#") && testMoreRe.MatchString(s) {
		// Perl's Test::More: "#   Failed test 'name'" over its place and
		// what it got, as TAP comments.
		return verdict{kind: kindError, fam: famTestMore, text: t, cat: errkind.CategoryTest}
	}
	if strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "* ") && !strings.HasPrefix(t, "* What went wrong:") ||
		strings.HasPrefix(t, "<!--") || strings.HasPrefix(t, "# ") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "> ") && !strings.HasPrefix(t, "> Task ") {
		return verdict{} // comments, doc tags, bullets, quotes: prose and code
	}
	if v, ok := logfmtVerdict(s); ok {
		return v
	}
	if len(s) < len(raw) && strings.Contains(t, " err") {
		if e := levellessErr(t); e != "" && goLogPrefixRe.MatchString(raw[:len(raw)-len(s)]) {
			// A Go log record with no level whose err field holds an
			// error ("job=backup dur=0s err=job backup: exit code 3"):
			// what failed, as the record says (err=<nil>: nothing).
			return verdict{kind: kindError, fam: famLine, text: e, cat: refusedCat(e)}
		}
	}
	if t[len(t)-1] == ')' && uncheckedError(doc.short, i) {
		// errcheck's finding: the call whose error is dropped.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	}
	if v, ok := findingVerdict(raw, s, t, doc.short[i+1:min(i+3, len(doc.short))]); ok {
		return v
	}
	if v, ok := checkerVerdict(doc.short, i); ok {
		return v
	}
	if strings.HasPrefix(t, "Assertion Failed: ") && len(t) > len("Assertion Failed: ") {
		return verdict{kind: kindError, fam: famTest, text: t, cat: errkind.CategoryTest}
	}
	if failuresItem(doc.short, i) {
		return verdict{kind: kindError, fam: famNumbered, text: t}
	}
	if strings.HasPrefix(s, "WARNING: DATA RACE") {
		return verdict{kind: kindError, fam: famRace, text: t, cat: errkind.CategoryRuntime}
	}
	if t[0] == '=' && raceEndRe.MatchString(t) && raceTailStart(doc.short, i) >= 0 {
		// The end of a race report whose head was cut off ("| tail -n
		// 25"): what is left still says a race happened.
		return verdict{kind: kindError, fam: famRaceTail, text: "data race (report cut short)", cat: errkind.CategoryRuntime}
	}
	// The head of a log record: after a timestamp, a level word in any
	// case says what the record is.
	// Or the level first, then the timestamp (log4j's "%-5p %d [%t] %c -
	// %m": "ERROR 2026-05-06 12:00:00,123 [main] x.Y - msg").
	// Or logrus's on a terminal: the level, then the seconds since start
	// ("ERRO[0000] plugin failed to load").
	if lv, k := headLevel(s); lv != levelNone && upperLevel(s) {
		stamped := elapsedBracket(s[k:])
		if j := skipBlanks(s, k); !stamped && j < len(s) && j > k {
			r := s[j:]
			if r[0] == '[' {
				r = r[1:]
			}
			stamped = stampLen(r) > 0
		}
		if stamped {
			switch lv {
			case levelError:
				return verdict{kind: kindError, fam: famRecord, text: t}
			case levelWarn:
				return verdict{kind: kindWarning, fam: famLine, text: t}
			default:
				return verdict{}
			}
		}
	}
	if len(s) < len(raw) && !runnerStamped(raw) && !goRuntimeHead(s) {
		if _, stamped := recordPrefix(raw); stamped {
			switch lv, _ := headLevel(s); lv {
			case levelError:
				return verdict{kind: kindError, fam: famRecord, text: t}
			case levelWarn:
				return verdict{kind: kindWarning, fam: famLine, text: t}
			case levelInfo:
				return verdict{}
			}
		}
	}
	if strings.HasPrefix(raw, "==") && len(s) < len(raw) {
		// Valgrind: "==1234== Invalid read of size 4" and its frames; its
		// summaries only count.
		switch {
		case valgrindRe.MatchString(t):
			return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryRuntime}
		case strings.HasPrefix(t, "ERROR SUMMARY: "):
			if strings.HasPrefix(t, "ERROR SUMMARY: 0 errors") {
				return verdict{}
			}
			return verdict{kind: kindSummary, fam: famLine, text: t, cat: errkind.CategoryRuntime}
		case !strings.Contains(s, "Sanitizer"):
			return verdict{}
		}
	}
	if v, ok := mietteVerdict(doc.short, i, t); ok {
		return v
	}
	if strings.HasPrefix(t, "× ") {
		if h := biomeHeadAbove(doc.short, i); h >= 0 {
			v := verdict{kind: kindError, fam: famBiome, text: t, cat: errkind.CategoryBuild}
			if m := biomeHeadRe.FindStringSubmatch(doc.short[h]); m != nil && m[1] == "parse" {
				v.cat = errkind.CategorySyntax
			}
			return v
		}
	}
	if strings.HasPrefix(t, `Load key "`) && loadKeyRe.MatchString(t) {
		// ssh's refusal of a private key it cannot use ("bad
		// permissions", "invalid format"), under the banner that says why.
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if strings.HasPrefix(t, "terminate called ") && (strings.HasPrefix(t, "terminate called after throwing") || strings.HasPrefix(t, "terminate called without an active exception")) {
		// The C++ runtime's end on an exception nobody caught, with its
		// what() and the shell's report of the abort under it.
		return verdict{kind: kindError, fam: famTerminate, text: t, cat: errkind.CategoryRuntime}
	}
	if strings.Contains(t, ".py:") && pyTbLineRe.MatchString(t) {
		// pytest's --tb=line: a failed test as "x.py:15: AssertionError:
		// msg", an errored one as its exception.
		v := verdict{kind: kindError, fam: famLine, text: t}
		if strings.Contains(t, ": AssertionError") {
			v.cat = errkind.CategoryTest
		}
		return v
	}
	if strings.Contains(t, ".py:") && strings.Contains(t, ": assert ") && pyTbAssertRe.MatchString(t) && tbLineRun(doc.short, i) {
		// ... and a failed assert statement, "x.py:10: assert 9.0 ==
		// 9.5", in the run of such lines under pytest's FAILURES rule
		// (not grep's hit on a test's source, indented after its colon).
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	}
	if unitPlace(t) {
		// systemd's complaint about a unit file's line, "ignoring" or not.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategorySyntax}
	}
	if strings.Contains(t, " error : ") && libxmlRe.MatchString(t) {
		// libxml2's "x.xml:4: element price: Schemas validity error : ..."
		// (xmllint, xsltproc).
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if (strings.HasPrefix(t, "ERROR ") && strings.Contains(t, ") at line ")) && mysqlErrRe.MatchString(t) {
		// The MySQL/MariaDB client's "ERROR 1062 (23000) at line 5: ..."
		// from a script: its statement between dashes above it (-v).
		return verdict{kind: kindError, fam: famMySQL, text: t}
	}
	if strings.HasPrefix(t, "flag provided but not defined: ") || strings.HasPrefix(t, "flag needs an argument: ") || strings.HasPrefix(t, "invalid ") && goFlagRe.MatchString(t) {
		// Go's flag package: the complaint, then the usage it prints. A
		// flag it does not know is a command line that does not parse; a
		// value its type refuses is the category's words' (a value the
		// program refuses, or a linker's mode).
		v := verdict{kind: kindError, fam: famUsage, text: t}
		if strings.HasPrefix(t, "flag ") {
			v.cat = errkind.CategorySyntax
		}
		return v
	}
	if strings.HasPrefix(t, "=> ") && junitThrownRe.MatchString(t[3:]) {
		// The JUnit Platform console's failure: "=> java.lang.X: msg"
		// under the test's source, over the frames.
		v := verdict{kind: kindError, fam: famJUnit, text: t[3:]}
		if assertionRe.MatchString(junitThrownRe.FindStringSubmatch(t[3:])[1]) || strings.Contains(t, "AssertionFailedError") {
			v.cat = errkind.CategoryTest
		}
		return v
	}
	if strings.HasPrefix(t, "note: test did not panic as expected") {
		// libtest: a #[should_panic] test that returned.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	}
	if strings.HasPrefix(t, "Program ") && gdbSignalRe.MatchString(t) {
		// gdb's stop on a fatal signal, with where it stopped and the
		// backtrace under it: a crash, whatever gdb's own exit status.
		return verdict{kind: kindError, fam: famGdb, text: t, cat: errkind.CategoryRuntime}
	}
	h := shapes.candidates(s)
	m := func(r int) bool { return shapes.match(r, s, h) }
	if m(rSanitizer) {
		return verdict{kind: kindError, fam: famSanitizer, text: t, cat: errkind.CategoryRuntime}
	}
	if (strings.Contains(t, " columns but found ") || strings.Contains(t, ": INSERT failed: ")) && importRowRe.MatchString(t) {
		v := verdict{kind: kindError, fam: famLine, text: t}
		if !strings.Contains(t, "INSERT failed") {
			v.cat = errkind.CategorySyntax // a row that does not parse as the table's
		}
		return v
	}
	if k := diagnosticLen(s); k > 0 {
		// "path:12:5: ...": a compiler's or a linter's diagnostic, or a
		// search hit; no other shape starts so. What follows the position
		// decides, read by hand: this is the commonest line of a build.
		return diagnosticVerdict(s[k:], t)
	}
	if m(rWarning) && !m(rRustErr) {
		return verdict{kind: kindWarning, fam: famLine, text: t}
	}
	if mm := annotationMatch(s); mm != nil {
		// shellcheck's "^-- SC2045 (error): ..." under the source line.
		if mm[1] == "error" {
			return verdict{kind: kindError, fam: famAnnotation, text: t}
		}
		return verdict{kind: kindWarning, fam: famLine, text: t}
	}
	switch {
	case strings.HasSuffix(strings.TrimRight(s, " \t"), "Traceback (most recent call last):"):
		return verdict{kind: kindError, fam: famTraceback, text: t}
	case failMarked(t) && strings.Contains(t, " [ERROR] "), strings.HasPrefix(t, "ERROR in ") && len(t) > len("ERROR in "):
		// webpack's "ERROR in ./src/x.js 1:0" over what went wrong, with
		// the paragraph under it; a bundler's error behind a cross
		// (esbuild's "✘ [ERROR] msg"): what it says decides, not a test.
		return verdict{kind: kindError, fam: famBanner, text: t}
	case m(rGoPanic):
		if strings.HasPrefix(t, "panic: test timed out") {
			// The test binary's alarm: a test that ran out of time.
			return verdict{kind: kindError, fam: famGoPanic, text: t, cat: errkind.CategoryTest}
		}
		return verdict{kind: kindError, fam: famGoPanic, text: t, cat: errkind.CategoryRuntime}
	case m(rRustPanic):
		if expectedPanic(doc.short, i) {
			return verdict{} // a should_panic test's panic, printed by --nocapture in a run that passed
		}
		return verdict{kind: kindError, fam: famRustPanic, text: t}
	case m(rGoTest):
		if subtestsFailedAbove(doc.short, i) {
			return verdict{} // a parent after its subtests, saying no more (gotestsum's flat formats)
		}
		if underRunnerCount(doc.short, i) {
			// The go test function that ran a framework's specs (Ginkgo's
			// RunSpecs), bare under the framework's own count: a recap of
			// the specs it reported.
			return verdict{kind: kindSummary, fam: famNamed, text: t, cat: errkind.CategoryTest}
		}
		return verdict{kind: kindError, fam: famGoTest, text: t}
	case strings.HasPrefix(t, "Package ") && pkgConfigRe.MatchString(t):
		// pkg-config on a package it cannot give (cgo's "# [pkg-config
		// --cflags -- x]" over it): a missing dependency.
		return verdict{kind: kindError, fam: famPkgConfig, text: t, cat: errkind.CategoryBuild}
	case strings.HasPrefix(t, "System has not been booted with systemd as init system"):
		// systemctl in a container or a sandbox: it cannot run at all
		// (its "Failed to connect to bus: Host is down" concludes it).
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryRuntime}
	case strings.HasPrefix(s, "● ") || strings.Contains(s, "● ") && claudeToolCall(doc.lines, i):
		// Claude Code's mark at the margin: a tool's call, "● Bash(go
		// test ./...)" over "  ⎿  " and its output, or the agent's words.
		// (jest indents its "  ● suite › test".)
		return verdict{}
	case strings.Contains(s, "● ") && jestRe.MatchString(s), strings.Contains(s, "FAIL ") && vitestRe.MatchString(s):
		return verdict{kind: kindError, fam: famReport, text: t}
	case strings.HasSuffix(t, ":") && strings.Contains(t, ") ") && numberedHeadRe.MatchString(s):
		// minitest's "  1) Failure:" and "  2) Error:": a failed assertion
		// is a test's failure, an error is what its exception says.
		v := verdict{kind: kindError, fam: famNumbered, text: t}
		if strings.HasSuffix(t, "Failure:") {
			v.cat = errkind.CategoryTest
		}
		return v
	case strings.HasPrefix(t, "ASSERT") && assertHeadRe.MatchString(t):
		// An xUnit assertion's report: shUnit2's "ASSERT:msg", JUnit's
		// "expected:<X> but was:<Y>".
		return verdict{kind: kindError, fam: famTest, text: t, cat: errkind.CategoryTest}
	case respError(s) || strings.HasPrefix(s, "(error) ") && len(t) > len("(error) "):
		// A Redis protocol server's error reply, bare or behind redis-cli's
		// "(error) ".
		return verdict{kind: kindError, fam: famLine, text: t}
	case (strings.HasSuffix(t, "Failure") || strings.HasSuffix(t, "FAILED:")) && failHeadRe.MatchString(t):
		// A C++ test framework's failed assertion (GoogleTest's "x.cpp:23:
		// Failure", Catch2's "x.cpp:30: FAILED:"): the place, then only a
		// verdict; what failed is under it.
		return verdict{kind: kindError, fam: famFailHead, text: t}
	case m(rTap) && tapRollUp(doc.short, i):
		// A subtest's "not ok" over failed tests of its own restates them.
		return verdict{kind: kindSummary, fam: famTest, text: t, cat: errkind.CategoryTest}
	case m(rTap), strings.Contains(s, "Fail") && assertionLineRe.MatchString(s), strings.HasSuffix(s, " FAILED") && gradleTestRe.MatchString(s):
		return verdict{kind: kindError, fam: famTest, text: t}
	case strings.HasSuffix(t, " aborted!") && abortedRe.MatchString(t):
		// rake's "rake aborted!" over the exception that ended the task.
		return verdict{kind: kindError, fam: famException, text: t}
	case strings.HasPrefix(s, "CONFLICT (") && strings.Contains(s, "): "):
		// git's merge conflict, and the "Automatic merge failed" under it.
		return verdict{kind: kindError, fam: famTool, text: t}
	case strings.Contains(s, "***Timeout") && ctestFailRe.MatchString(s):
		// ctest's test that ran out of time, with what it printed before.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	case strings.Contains(s, "***") && ctestFailRe.MatchString(s) && !ctestOutputFollows(doc.short, i):
		// ctest's line for a test that failed: "2/3 Test #2: name
		// ....***Failed  0.01 sec". Under --output-on-failure the test's
		// own output follows and says more.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	case strings.HasSuffix(t, ".  Stop.") && makeStopRe.MatchString(t):
		// make's complaint about a makefile: "Makefile:4: *** missing
		// separator.  Stop."
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.HasPrefix(t, "RUNTIME ERROR: ") || strings.HasPrefix(t, "STATIC ERROR: "):
		// jsonnet's errors, the runtime's over its trace.
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.HasPrefix(t, "Coverage failure: "):
		// coverage.py's gate: "Coverage failure: total of 67 is less than
		// fail-under=90".
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	case strings.HasPrefix(t, "Runtime error (func="):
		// bc's: "Runtime error (func=f, adr=4): Divide by zero".
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.Contains(s, " error (") && spacedErrRe.MatchString(s):
		// zstd's: "f.zst : Decoding error (36) : Data corruption detected".
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.HasPrefix(s, "E: ") || strings.HasPrefix(s, "Err:") && aptErrRe.MatchString(s):
		// apt's errors; its "W: " lines are warnings.
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.HasPrefix(s, "W: "):
		return verdict{kind: kindWarning, fam: famLine, text: t}
	case strings.HasPrefix(s, "CMake ") && cmakeRe.MatchString(s):
		if strings.HasPrefix(s, "CMake Warning") || strings.HasPrefix(s, "CMake Deprecation") {
			return verdict{kind: kindWarning, fam: famLine, text: t}
		}
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.Contains(s, ": ") && progPosRe.MatchString(s) && !m(rWarning):
		return verdict{kind: kindError, fam: famTool, text: t}
	case strings.HasPrefix(s, "Failed example:") && doctestRe.MatchString(s):
		return verdict{kind: kindError, fam: famDoctest, text: t, cat: errkind.CategoryTest}
	case m(rUnittest) && i+1 < len(doc.short) && ruleRe.MatchString(doc.short[i+1]):
		return verdict{kind: kindError, fam: famUnittest, text: t}
	case m(rSection):
		mm := sectionRe.FindStringSubmatch(s)
		if name := strings.ToLower(mm[1] + mm[2]); !strings.ContainsAny(name, "_.:") && (strings.Contains(name, "summary") || strings.Contains(name, "captured")) {
			return verdict{} // a title of pytest's ("short test summary info", "Captured stdout call"), not a test's name
		}
		if strings.HasPrefix(s, "___") && pytestBanner(doc.short, i) == "PASSES" {
			// pytest -rP's section of a test that passed: what it printed,
			// its block taken whole and no error.
			return verdict{kind: kindWarning, fam: famSection, text: t}
		}
		return verdict{kind: kindError, fam: famSection, text: t}
	case m(rGradleTask):
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	case m(rGradleFailure):
		return verdict{kind: kindError, fam: famGradle, text: t}
	case m(rRunPrefix) && !m(rCountSummary) && (len(s) == len(strings.TrimLeft(raw, " ")) || runnerStamped(raw)):
		// (A run's lines carry no time: stamped records are records, a
		// transcript's gutter aside. A CI
		// runner's stamp on every line is the log's, not the tool's.)
		// In a run of "[ERROR] " lines a heading ("Failures:", "COMPILATION
		// ERROR :") is no error of its own, and the items indented under
		// it name failures reported in full elsewhere.
		content := strings.TrimPrefix(s, strings.TrimSpace(shapes.res[rRunPrefix].FindString(s)))
		switch {
		case heading(content):
			return verdict{}
		case strings.HasPrefix(content, "   ") && !blank(content):
			return verdict{kind: kindSummary, fam: famNamed, text: t}
		}
		return verdict{kind: kindError, fam: famRun, text: t}
	case strings.Contains(s, ": *** ") && makeRe.MatchString(s):
		if strings.HasSuffix(t, "*** Waiting for unfinished jobs....") {
			return verdict{} // make -j's word that it lets the other jobs end, under the failed one
		}
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	case m(rLinker) && !isCode(s) && !strings.HasSuffix(t, "{"):
		return verdict{kind: kindError, fam: famLinker, text: t, cat: errkind.CategoryBuild}
	case strings.HasPrefix(s, "fatal: ") || strings.HasPrefix(s, "FATAL: ") || strings.HasPrefix(s, "ERROR: ") && len(s) == len(raw) ||
		strings.HasPrefix(s, "error: ") && !rustFollows(doc.short, i):
		// A command line tool's complaint (git, cargo, go vet): its
		// lines go on with the same word.
		return verdict{kind: kindError, fam: famTool, text: t}
	case m(rRustErr) && !m(rPosError):
		return verdict{kind: kindError, fam: famRust, text: t}
	case m(rPosError):
		return verdict{kind: kindError, fam: famCompiler, text: t}
	case m(rKotlin):
		return verdict{kind: kindError, fam: famCompiler, text: t}
	case m(rPHP):
		return verdict{kind: kindError, fam: famException, text: t}
	case m(rRuby):
		return verdict{kind: kindError, fam: famException, text: t}
	case m(rGlog):
		// What the record says, after glog's prefix: retries that say the
		// same thing at other times restate it.
		msg := t
		if k := strings.Index(t, "] "); k >= 0 {
			msg = strings.TrimSpace(t[k+2:])
		}
		return verdict{kind: kindError, fam: famRecord, text: msg}
	case strings.HasPrefix(t, "** (") && elixirRe.MatchString(t):
		// Elixir's "** (KeyError) key :price not found" over its frames.
		return verdict{kind: kindError, fam: famException, text: t}
	case strings.Contains(t, ":error:") && opensslRe.MatchString(t):
		// OpenSSL's error queue: "40377E7E5C7F0000:error:80000002:system
		// library:file_open:No such file or directory:...".
		return verdict{kind: kindError, fam: famOpenSSL, text: t}
	case strings.HasSuffix(t, ": needs merge") && indentOf(s) == 0 && !strings.Contains(t[:len(t)-len(": needs merge")], " "):
		// git's refusal to go on with a file still in conflict ("go.mod:
		// needs merge"), its sentence on what to do under it.
		return verdict{kind: kindError, fam: famTool, text: t, cat: errkind.CategoryUnknown}
	case strings.HasPrefix(s, "go ") && strings.HasSuffix(t, ": unknown command") && goUnknownCmdRe.MatchString(t):
		// The go command's word on a subcommand it does not have ("go
		// bulid: unknown command"), its "Run 'go help'" line under it.
		return verdict{kind: kindError, fam: famTool, text: t, cat: errkind.CategoryUnknown}
	case strings.HasPrefix(s, goCmdPrefix):
		if strings.HasPrefix(s, "go: warning: ") || goDeprecatedRe.MatchString(s) {
			// "go: warning: x@v1.1.0: retracted by module author", "go:
			// module x is deprecated: use y": advice on a command that ran.
			return verdict{kind: kindWarning, fam: famTool, text: t}
		}
		if m(rGoQuiet) || goSwitchRe.MatchString(s) {
			// "go: updating go.mod requires go >= 1.27.4; switching to
			// go1.27.4": the go command fetching the toolchain it needs.
			return verdict{}
		}
		return verdict{kind: kindError, fam: famTool, text: t}
	case mayBeCount(t) && m(rCountSummary):
		return verdict{kind: kindSummary, fam: famLine, text: t}
	case failMarked(t) && markedCountRe.MatchString(t):
		// A count under a failure mark: commitlint's "✖   found 2
		// problems, 0 warnings".
		return verdict{kind: kindSummary, fam: famLine, text: t}
	case markedReport(doc.short, i):
		// "✖ parses minutes (1ms)" over the indented report of its
		// failure (node's spec reporter): a test's report, not a recap.
		return verdict{kind: kindError, fam: famTest, text: t}
	case (strings.HasPrefix(t, "ERROR ") || strings.HasPrefix(t, "Error ")) && codedErrorRe.MatchString(t):
		// "ERROR 2002 (HY000): Can't connect ...": an error with its number.
		return verdict{kind: kindError, fam: famLine, text: t, cat: complaintCat(t)}
	case (strings.HasPrefix(t, "verifying ") || strings.Contains(t, " has been modified (") || strings.Contains(t, ": missing ziphash: ")) && goModAuthRe.MatchString(t):
		// The go command finding a module that is not what go.sum says:
		// "verifying x@v1.5.4: checksum mismatch" over the two hashes,
		// go mod verify's "x v1.5.4: dir has been modified (...)".
		return verdict{kind: kindError, fam: famTool, text: t, cat: errkind.CategoryBuild}
	case (strings.Contains(t, "package ") || strings.Contains(t, "module") || strings.HasPrefix(t, "-buildmode=") || strings.HasPrefix(t, "named files ")) && goPackageErrRe.MatchString(t):
		// The go command on a package it cannot build: one not in the
		// standard library, one whose files its constraints all exclude,
		// one no module provides ("; to add it:" over "\tgo get x"); go
		// doc on a symbol that package does not have.
		cat := errkind.CategoryBuild
		if strings.HasPrefix(t, "doc: no symbol ") {
			cat = errkind.CategoryReference
		}
		return verdict{kind: kindError, fam: famLine, text: t, cat: cat}
	case strings.HasPrefix(t, "[ELIFECYCLE] ") || strings.HasPrefix(t, "::error") && ghaErrorRe.MatchString(t):
		// pnpm's word that a script failed ("[ELIFECYCLE] Test failed.
		// See above for more details."); a GitHub Actions step's error
		// annotation ("::error title=tests::tests failed"), as specific
		// as its message ("::error file=x.yaml,...::3:1 syntax error: ...").
		cat := errkind.CategoryBuild
		if k := strings.Index(t[2:], "::"); strings.HasPrefix(t, "::") && k >= 0 {
			if c := matchRules(clip(t[k+4:])); c != "" && c != errkind.CategoryTest && c != errkind.CategoryUnknown {
				cat = c
			} else if coverageGate(t[k+4:]) {
				cat = errkind.CategoryTest // "::error::coverage 36.8% < 80%"
			}
		}
		return verdict{kind: kindError, fam: famLine, text: t, cat: cat}
	case t == "error during build:":
		// Vite's heading over the error its bundler threw: the message
		// (rolldown's diagnostics), the stack, its property block.
		return verdict{kind: kindError, fam: famLine, text: t}
	case t == "Error: ERR_PNPM_RECURSIVE_FAIL":
		return verdict{kind: kindSummary, fam: famNamed, text: t}
	case t == "ERR_PNPM_RECURSIVE_FAIL" || strings.HasPrefix(t, "ERROR  run failed: "):
		// pnpm --no-bail's heading over its summary of the scripts that
		// failed, each reported under it; turbo's last word on a run
		// whose tasks failed.
		return verdict{kind: kindSummary, fam: famNamed, text: t}
	case strings.HasPrefix(t, "ELIFECYCLE ") && strings.Contains(t, "failed") || strings.HasPrefix(t, "ERROR  command (") && strings.Contains(t, " exited ("):
		// pnpm's word on a script that failed ("ELIFECYCLE  Command
		// failed with exit code 1."), turbo's on a task's command.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
	case strings.HasPrefix(t, "Could not ") && len(t) == len(s) && couldNotRe.MatchString(t):
		// A package manager's sentence at the margin (Bundler's "Could
		// not find gem 'x (~> 4.0)' in cached gems or installed locally.",
		// "Could not reach host index.rubygems.org. ...").
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.HasPrefix(t, "ERR_PNPM_") || strings.HasPrefix(t, "ERROR ") && pnpmScriptRe.MatchString(t):
		// pnpm's report that a package's script failed, under what the
		// script printed: "ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @x/api@1.0.0
		// test: `node --test`", "ERROR  @x/api@1.0.0 build: `node b.js`";
		// or another of its errors ("ERR_PNPM_NO_SCRIPT  Missing script:
		// x"), whose words decide.
		v := verdict{kind: kindError, fam: famLine, text: t}
		if strings.HasPrefix(t, "ERROR ") || strings.HasPrefix(t, "ERR_PNPM_RECURSIVE_") {
			v.cat = errkind.CategoryBuild
		}
		return v
	case strings.HasPrefix(t, "ERROR [") && loggerBracket(t[len("ERROR "):]),
		strings.HasPrefix(t, "ERROR   ") && paddedLevel(t),
		strings.HasPrefix(t, "ERROR ") && loggerColon(t[len("ERROR "):]):
		// Python logging's "%(levelname)-5.5s [%(name)s] %(message)s"
		// (Alembic's) and "%(levelname)-8s %(name)s %(message)s" (the
		// level padded to its width, as pytest's live log too), and
		// "%(levelname)s %(name)s: %(message)s": a record, not a runner's
		// recap ("ERROR tests/x.py - ...").
		return verdict{kind: kindError, fam: famRecord, text: t}
	case mayBeNamedSummary(t) && m(rNamedSummary) && !assignRe.MatchString(t):
		if strings.HasPrefix(t, "FAIL ") && failMismatchRe.MatchString(t) {
			// A check's own report of a mismatch, not a runner's recap:
			// "FAIL acct-3: want 1250, got 850".
			return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
		}
		if zeroErrorsRe.MatchString(t) {
			return verdict{} // "✖ 2 problems (0 errors, 2 warnings)"
		}
		if pkg := goFailedBuild(t); pkg != "" && !goBuildOutputNear(doc.short, i, pkg) {
			// go test's word that a package did not build, when what the
			// compiler said is not there (stderr went elsewhere): the only
			// report of it.
			return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}
		}
		return verdict{kind: kindSummary, fam: famNamed, text: t}
	case m(rFailLine) && shapes.res[rFailLine].MatchString(t):
		return verdict{kind: kindError, fam: famTest, text: t, cat: errkind.CategoryTest}
	case mayBeException(t) && m(rException):
		if isCode(s) || fieldRe.MatchString(t) {
			return verdict{} // code: "IsError: res.IsError, Code: ..."
		}
		return verdict{kind: kindError, fam: famException, text: t}
	case mayBeLevel(t) && m(rLevel) && !assignRe.MatchString(t):
		return verdict{kind: kindError, fam: famRecord, text: t}
	case m(rSignal):
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryRuntime}
	case strings.Contains(s, ": (") && curlCodeRe.MatchString(s):
		// curl's "curl: (60) SSL: ...": a program's complaint with its
		// exit code.
		return verdict{kind: kindError, fam: famTool, text: t}
	case strings.Contains(s, ": line ") && bashLineRe.MatchString(s):
		return verdict{kind: kindError, fam: famTool, text: t}
	case dashLineRe.MatchString(s):
		// dash's (sh's) complaint at a script's line: "x.sh: 3: VAR: VAR
		// must be set", "sh: 1: x: not found". It prints nothing else so.
		return verdict{kind: kindError, fam: famTool, text: t, cat: complaintCat(t)}
	case strings.Contains(s, " error") && progCountRe.MatchString(t):
		return verdict{kind: kindSummary, fam: famLine, text: t} // "ordersvc: 4 config error(s)": a count
	case m(rToolErr) && !m(rToolQuiet) && !onlyZeroCounts(s) && !tookFallback(s):
		return verdict{kind: kindError, fam: famTool, text: t, cat: complaintCat(t)}
	case numberedVerdict(t) && len(s) == len(raw):
		return verdict{kind: kindError, fam: famTool, text: t}
	case (len(s) == len(raw) || goLogPrefixRe.MatchString(raw[:len(raw)-len(s)])) && (strings.Contains(t, "pq: ") || strings.Contains(t, "(SQLSTATE ")) && dbDriverRe.MatchString(t):
		// A database driver's error at the end of a Go error chain: lib/pq's
		// "x: pq: duplicate key value ...", pgx's "... (SQLSTATE 23505)".
		return verdict{kind: kindError, fam: famLine, text: t}
	case (len(s) == len(raw) || goLogPrefixRe.MatchString(raw[:len(raw)-len(s)])) && complaint(s) && !onlyZeroCounts(s):
		// A program's complaint that says what failed without a level
		// word: "xz: f.xz: Unexpected end of input" (complaint.go), also
		// behind Go's log's date, which names no level ("2026/11/23
		// 07:41:00 pq: duplicate key value violates ...").
		return verdict{kind: kindError, fam: famTool, text: t, cat: complaintCat(t)}
	case m(rGoNet):
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryNetwork}
	case m(rErrnoEnd) && indentOf(s) == 0 && !isCode(s) && !strings.HasPrefix(t, "if ") && !m(rToolQuiet):
		return verdict{kind: kindError, fam: famTool, text: t}
	case indentOf(s) == 0 && strings.Contains(t, ": ") && goErrEndRe.MatchString(t) && (!isCode(s) || !strings.ContainsAny(t[:strings.Index(t, ": ")], "(\"'{}=;")):
		// (A first word that starts code, "import", heads a chain here
		// when the words before its first ": " hold no code: "import
		// short.csv: record on line 3: wrong number of fields".)
		// An error chain ending in what Go's standard library says
		// ("config: decode x.json: invalid character ']' looking for
		// beginning of value", "exec: \"stringer\": executable file not
		// found in $PATH"), as log.Fatal and main print it.
		return verdict{kind: kindError, fam: famTool, text: t}
	case perlDieRe(t) && !m(rWarning) && !perlWarnRe.MatchString(t):
		return verdict{kind: kindError, fam: famLine, text: t}
	}
	if m(rGoDiag) {
		if mm := shapes.res[rGoDiag].FindStringSubmatch(s); mm != nil && !looksLikeCode(mm[1]) {
			return verdict{kind: kindError, fam: famCompiler, text: t}
		}
	}
	if indentOf(s) != 0 {
		return verdict{}
	}
	switch {
	case i+1 < len(doc.short) && isFrame(doc.short[i+1]) && !isCode(s) && embeddedExceptionRe.MatchString(s):
		// A message, then an exception with its stack: "health check
		// failed: Error: timed out" over "    at ...", as console.error
		// prints them.
		return verdict{kind: kindError, fam: famException, text: t}
	case i+1 < len(doc.short) && traceOpener(doc.short[i+1]) && !isCode(s) && !strings.HasSuffix(t, ":"):
		// A message over the trace its runtime prints under it: Tcl's
		// "can't read \"x\": no such variable" over "    while executing".
		return verdict{kind: kindError, fam: famException, text: t, cat: conditionCat(t)}
	case (strings.HasPrefix(t, "can't ") || strings.HasPrefix(t, "invalid command name ")) && tclErrRe.MatchString(t):
		// Tcl's error without its trace (an interactive tclsh prints
		// only the message).
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryReference}
	case (len(s) == len(raw) || goLogPrefixRe.MatchString(raw[:len(raw)-len(s)])) && (failedChain(t, len(s) < len(raw), i+1 < len(doc.short) && indentOf(doc.short[i+1]) > 0) ||
		len(s) < len(raw) && loggedChain(t)) && !isCode(s):
		// A Go error chain whose head says what failed, as log.Fatalf and
		// main print it: "probe failed: Get \"https://x\": tls: ...",
		// "failed to load config: open x.yaml: ...".
		return verdict{kind: kindError, fam: famLine, text: t, cat: complaintCat(t)}
	case nodeSysErr(t) && !isCode(s):
		// Node's system errors in a message: "redis: connect
		// ECONNREFUSED 127.0.0.1:6379", "... (ERR_TLS_CERT_ALTNAME_INVALID)".
		return verdict{kind: kindError, fam: famLine, text: t}
	case strings.HasPrefix(t, "*** ") && bannerRe.MatchString(t):
		// A banner over a fatal report: redis's "*** FATAL CONFIG FILE
		// ERROR (Redis 7.0.15) ***".
		return verdict{kind: kindError, fam: famBanner, text: t}
	case strings.HasPrefix(t, "init terminating in do_boot"):
		// The Erlang VM could not boot.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryRuntime}
	case strings.Contains(t, " was refused") && refusedRe.MatchString(t):
		// "The connection to the server 127.0.0.1:6443 was refused".
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryNetwork}
	case strings.HasSuffix(t, ")") && strings.Contains(t, " column ") && jsonPosRe.MatchString(t):
		// A JSON decoder's complaint printed bare: "Expecting value: line 1
		// column 20 (char 19)" (python -m json.tool).
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategorySyntax}
	case strings.Contains(s, " got") && !strings.ContainsAny(s, "{}%`") && !strings.HasSuffix(t, ";") && mismatch(t):
		// A check's report of a mismatch: "case 2: want 19.98 EUR, got
		// 19.98".
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryTest}
	case strings.Contains(t, "expected:<") && xunitMismatch(t):
		return verdict{kind: kindError, fam: famTest, text: t, cat: errkind.CategoryTest}
	}
	return verdict{}
}

// vetJSONMessage returns the message of the go vet -json finding whose
// "posn" is on line i, "" when no message follows it ("end" may come
// between).
func vetJSONMessage(lines []string, i int) string {
	if !vetPosnRe.MatchString(strings.TrimSpace(lines[i])) {
		return ""
	}
	for j := i + 1; j < len(lines) && j <= i+2; j++ {
		t := strings.TrimSpace(lines[j])
		if strings.HasPrefix(t, `"end": "`) {
			continue
		}
		var msg string
		if v, ok := strings.CutPrefix(t, `"message": `); ok && json.Unmarshal([]byte(strings.TrimSuffix(v, ",")), &msg) == nil {
			return msg
		}
		return ""
	}
	return ""
}

// vetPosnRe is go vet -json's place of a finding.
var vetPosnRe = regexp.MustCompile(`^"posn": "[^"]+:\d+:\d+",?$`)

// xmlFinding judges a linter's finding written as an XML element: a
// checkstyle <error> of severity error, or a JUnit <failure> whose message
// starts at a place. It is a build error unless its words say more.
func xmlFinding(t string) (verdict, bool) {
	m := xmlMessageRe.FindStringSubmatch(t)
	if m == nil {
		return verdict{}, false
	}
	msg := html.UnescapeString(m[1])
	fam := famLine
	if strings.HasPrefix(t, "<error ") {
		if sev := xmlSeverityRe.FindStringSubmatch(t); sev != nil && sev[1] != "error" {
			return verdict{kind: kindWarning, fam: famLine, text: msg}, true
		}
	} else {
		if diagnosticLen(msg) == 0 {
			return goTestFailure(t)
		}
		fam = famXMLFailure
	}
	cat := errkind.CategoryBuild
	if c := matchRules(msg); c != "" {
		cat = c
	}
	return verdict{kind: kindError, fam: fam, text: msg, cat: cat}, true
}

var (
	// xmlMessageRe is an XML element's message attribute; xmlSeverityRe
	// its severity.
	xmlMessageRe  = regexp.MustCompile(`\bmessage="([^"]*)"`)
	xmlSeverityRe = regexp.MustCompile(`\bseverity="(\w+)"`)
)

// goTestFailure judges a JUnit <failure> whose message names no place by
// what it holds: a Go test's output with its "--- FAIL:" line (gotestsum's
// report, the output's newlines escaped) is that test's failure, a panic's
// a runtime error.
func goTestFailure(t string) (verdict, bool) {
	k := strings.IndexByte(t, '>')
	if k < 0 || !strings.Contains(t[k:], "--- FAIL: ") {
		return verdict{}, false
	}
	body := html.UnescapeString(t[k+1:]) // "&#xA;" is a newline again
	cat := errkind.CategoryTest
	if strings.Contains(body, "\npanic: ") {
		cat = errkind.CategoryRuntime
	} else if c := specificRules(clipJoin(slices.DeleteFunc(strings.Split(body, "\n"), comparesWant))); c == errkind.CategoryFilesystem || c == errkind.CategoryNetwork {
		cat = c // a test that failed on a file or the network it needed, as categorize says of a report
	}
	text, _, _ := strings.Cut(body, "\n")
	for l := range strings.SplitSeq(strings.TrimSuffix(body, "</failure>"), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "=== ") && !strings.HasPrefix(l, "--- FAIL: ") {
			return verdict{kind: kindError, fam: famXMLFailure, text: strings.TrimSpace(text), cat: cat}, true
		}
	}
	// A parent whose subtests failed says nothing of its own: a roll-up.
	return verdict{kind: kindSummary, fam: famLine, text: strings.TrimSpace(text)}, true
}

// trailingCheckCode reports whether a message ends with the check that
// found it in parentheses: one to three capitals and three or four digits,
// "(U1000)", "(SA4006)", "(ST1003)".
func trailingCheckCode(msg string) bool {
	t := strings.TrimRight(msg, " ")
	if !strings.HasSuffix(t, ")") {
		return false
	}
	k := strings.LastIndexByte(t, '(')
	if k < 0 || k < len(t)-10 {
		return false
	}
	code := t[k+1 : len(t)-1]
	return code != "" && checkCodeLen(code) == len(code)
}

// httpPanicServing starts net/http's log of a handler that panicked.
const httpPanicServing = "http: panic serving "

// goRuntimeHead reports whether a record's message is the head of a Go
// panic or fatal error, whose trace the next records carry (a supervisor
// or syslog stamps each line the program wrote): its own rule reads it.
func goRuntimeHead(s string) bool {
	return (strings.HasPrefix(s, "panic: ") || strings.HasPrefix(s, "fatal error: ")) && goPanicRe.MatchString(s)
}

// claudeToolCall reports whether line i is a tool's call in Claude Code's
// transcript, marked "●" (or "⏺"), over the "⎿" that opens its output.
func claudeToolCall(lines []string, i int) bool {
	t := strings.TrimLeft(lines[i], " ")
	for _, m := range [...]string{"● ", "⏺ "} {
		if strings.HasPrefix(t, m) {
			return toolCallRe.MatchString(t[len(m):]) && i+1 < len(lines) && strings.HasPrefix(strings.TrimLeft(lines[i+1], " "), toolOutputMark)
		}
	}
	return false
}

var (
	// goDeprecatedRe is the go command's note on a module its author
	// deprecated; goSwitchRe it switching to the toolchain a go.mod asks
	// for (not "go.mod requires go >= x (running go y; GOTOOLCHAIN=local)",
	// which refuses).
	// pkgConfigRe is pkg-config's word on a package it cannot give;
	// pkgConfigMoreRe its lines under it: advice, the reason.
	pkgConfigRe     = regexp.MustCompile(`^Package \S+ was not found in the pkg-config search path\.$|^Package dependency requirement '[^']+' could not be satisfied\.$`)
	pkgConfigMoreRe = regexp.MustCompile(`^(?:Perhaps you should |to the PKG_CONFIG_PATH |Package '[^']+'(?:,| has) )`)
	goModAuthRe     = regexp.MustCompile(`^verifying \S+@\S+: |^\S+ v\S+: (?:dir|zip) has been modified \(|^\S+ v\S+: missing ziphash: `)
	goDeprecatedRe  = regexp.MustCompile(`^go: module \S+ is deprecated: `)
	// preCommitFailedRe is pre-commit's verdict on a hook: its name, dots
	// to the width of the terminal, "Failed".
	preCommitFailedRe = regexp.MustCompile(`^\S.*?[^.]\.{3,}Failed$`)
	goSwitchRe        = regexp.MustCompile(`^go: .*requires go >= \S+; switching to go\S+$`)
	// embeddedExceptionRe is an exception named inside a line, after a
	// message: "failed: Error: x", "failed DOMException [TimeoutError]: x".
	embeddedExceptionRe = regexp.MustCompile(`\s(?:[\w$]+\.)*(?:[A-Z][\w$]*)?(?:Error|Exception)(?: \[\w+\])?: \S`)
	// nodeSysErrRe is a Node system error's message: the system call and
	// the error code, maybe the address; nodeCodeRe the code alone in
	// parentheses.
	nodeSysErrRe = regexp.MustCompile(`^(?:connect|getaddrinfo|getnameinfo|read|write|listen|bind|open|spawn\S*|lstat|stat|unlink|mkdir|rmdir|scandir|rename|access|opendir|chmod|kill|send|recv) E[A-Z]{3,}(?: \S+)?$`)
	nodeCodeRe   = regexp.MustCompile(`\((?:ERR_[A-Z0-9_]{4,}|E[A-Z]{4,})\)$`)
	// mismatchRe is a check's report: a name, then what it wanted and
	// what it got, in either order.
	mismatchRe = regexp.MustCompile(`^[^\s:][^:]{0,100}: (?:(?:expected|want(?:ed)?):? (.+), (?:but )?got:? (.*)|got:? (.+), want(?:ed)?:? (.*))$`)
)

// xunitMismatch reports whether a line reports an xUnit mismatch whose
// values differ: "expected:<1.5.0> but was:<1.5.2>".
func xunitMismatch(t string) bool {
	m := xunitMismatchRe.FindStringSubmatch(t)
	return m != nil && m[1] != m[2]
}

var (
	xunitMismatchRe = regexp.MustCompile(`\bexpected:<([^>]*)> but was:<([^>]*)>`)
	// assertHeadRe is an assertion framework's report of a failed check.
	assertHeadRe = regexp.MustCompile(`^ASSERT(?:ION)?(?: FAILED)?:`)
)

// tapRollUp reports whether the TAP test point on line i is a subtest's
// whose own subtests, printed above it and indented deeper, hold a failed
// test point: its "not ok" only rolls theirs up.
func tapRollUp(lines []string, i int) bool {
	base := indentOf(lines[i])
	for j := i - 1; j >= 0 && j >= i-maxBlockScan; j-- {
		l := lines[j]
		if blank(l) {
			continue
		}
		if indentOf(l) <= base {
			return false
		}
		if t := strings.TrimLeft(l, " \t"); strings.HasPrefix(t, "not ok") && tapNotOkRe.MatchString(t) {
			return true
		}
	}
	return false
}

// tapNotOkRe is a TAP test point that failed.
var tapNotOkRe = regexp.MustCompile(`^not ok\b`)

// mismatch reports whether a line is a check's report of a value it did
// not expect: the value it wanted and the one it got differ.
func mismatch(t string) bool {
	m := mismatchRe.FindStringSubmatch(t)
	if m == nil {
		return false
	}
	want, got := m[1]+m[4], m[2]+m[3]
	return strings.TrimSpace(want) != strings.TrimSpace(got)
}

// nodeSysErr reports whether a line ends with a Node system error's
// message after a colon ("redis: connect ECONNREFUSED 127.0.0.1:6379") or
// with an error code in parentheses ("... (ERR_TLS_CERT_ALTNAME_INVALID)").
func nodeSysErr(t string) bool {
	if c := strings.LastIndex(t, ": E"); c > 0 && errnoCodes[t[c+2:]] {
		// A message that ends in the code alone ("check x failed:
		// ECONNREFUSED"), as a program prints err.code.
		return true
	}
	if strings.HasSuffix(t, ")") {
		k := strings.LastIndexByte(t, '(')
		return k >= 0 && k+2 < len(t) && t[k+1] == 'E' && nodeCodeRe.MatchString(t[k:])
	}
	// The code is the last word or the one before it (the address).
	k := strings.LastIndexByte(t, ' ')
	if k < 0 {
		return false
	}
	if k+1 >= len(t) || t[k+1] != 'E' {
		if k = strings.LastIndexByte(t[:k], ' '); k < 0 || k+1 >= len(t) || t[k+1] != 'E' {
			return false
		}
	}
	// and the system call before it, after ": ".
	c := strings.LastIndexByte(t[:k], ' ')
	if c < 1 || t[c-1] != ':' {
		return false
	}
	return nodeSysErrRe.MatchString(t[c+1:])
}

// perlWarnRe is the start of Perl's warnings, which end like its errors.
var perlWarnRe = regexp.MustCompile(`^(?:Use of uninitiali[sz]ed value|Useless use of|Name "[^"]*" used only once|Scalar value .* better written|Possible (?:attempt|precedence)|Argument "[^"]*" isn't numeric|\S+ masks earlier declaration|Deep recursion|Odd number of elements|Reversed \S+ operator|Unquoted string|Statement unlikely to be reached|Subroutine \S+ redefined|Found = in conditional|Parentheses missing|Bareword found|Missing argument|Exiting \w+ via|print\(\) on|readline\(\) on|Wide character)`)

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
	case strings.Contains(s, `msg="`+httpPanicServing):
		// net/http's log of a handler's panic, through a logger that
		// gives it INFO (slog.SetDefault): a crash whatever its level.
		return verdict{kind: kindError, fam: famLine, text: strings.TrimSpace(s), cat: errkind.CategoryRuntime}, true
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

// levellessErr returns the value of a key=value line's last err (or error)
// field when it holds an error, running to the end of the line, or "".
// Only a line of key=value fields before it counts ("job=x dur=0s
// err=..."): prose that names err= is no record.
func levellessErr(t string) string {
	k := strings.LastIndex(t, " err=")
	if k < 0 {
		if k = strings.LastIndex(t, " error="); k < 0 {
			return ""
		}
	}
	head, v := t[:k], t[k+1:]
	v = v[strings.IndexByte(v, '=')+1:]
	if v == "" || v == "<nil>" || v == "nil" || v == "null" || v == `""` || strings.HasPrefix(v, "<nil> ") {
		return ""
	}
	for _, f := range strings.Fields(head) {
		if e := strings.IndexByte(f, '='); e <= 0 || strings.ContainsAny(f[:e], `"'`) {
			return ""
		}
	}
	return strings.Trim(v, `"`)
}

// looksLikeCode reports whether the text after a position is source code
// (a search result) rather than a diagnostic.
func looksLikeCode(msg string) bool {
	if trailingCheckCode(msg) {
		return false // staticcheck's "func f is unused (U1000)": a finding about code, its check named
	}
	if isCode(msg) && strings.ContainsAny(msg, "({=;") {
		return true
	}
	t := strings.TrimSpace(msg)
	if t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") {
		return true
	}
	if strings.Contains(t, " := ") || strings.Contains(t, "=>") || strings.Contains(t, " == ") {
		return !proseHead(t) // "comparison of function f == nil is always false": vet's words about code
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
			r.inFence, r.quoted = true, !outputFence[lang] && !(lang == "" && i+1 < len(d.lines) && strings.HasPrefix(d.lines[i+1], "$ "))
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

// fenceMatch matches a Markdown fence line: three or more backticks or
// tildes, maybe a language, nothing else; the language is m[1].
func fenceMatch(l string) []string {
	t := strings.TrimLeft(l, " \t")
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return nil
	}
	if t[0] == '~' && len(l)-len(t) > 3 {
		return nil // a compiler's underline under its snippet, not a fence (CommonMark: at most three spaces)
	}
	k := 0
	for k < len(t) && t[k] == t[0] {
		k++
	}
	if k < 3 {
		return nil
	}
	lang := strings.TrimSpace(t[k:])
	if lang == "" && k >= 16 {
		return nil // a rule drawn with tildes (Catch2's banner), not a fence
	}
	for i := 0; i < len(lang); i++ {
		if c := lang[i]; !isWordByte(c) && !strings.ContainsRune("+#.-", rune(c)) {
			return nil
		}
	}
	return []string{t[:k], lang}
}

// Fence languages that hold a program's output, not source or examples.
// (A bare fence whose first line is a shell prompt holds a run's
// transcript, as an agent's log shows the commands it ran.)
var outputFence = map[string]bool{"console": true, "output": true, "log": true, "terminal": true, "stderr": true,
	"stdout": true, "shell-session": true, "ansi": true}

// Hand-written forms of the rules a candidate line meets most often: the
// rule set's regular expressions stay the definition, these only rule
// lines out before them.

// codeWords are the words a line of source code starts with (rCodeKeyword).
var codeWords = map[string]bool{}

func init() {
	for _, w := range strings.Split("func return if else for while const let var def class import from package throw raise try catch except finally switch case type interface struct public private protected static void fn impl use mod pub async await export assert new defer go elif with do", " ") {
		codeWords[w] = true
	}
}

// isCode reports whether s starts with a keyword of source code.
func isCode(s string) bool {
	t := strings.TrimLeft(s, " \t")
	k := 0
	for k < len(t) && (t[k] >= 'a' && t[k] <= 'z' || t[k] >= 'A' && t[k] <= 'Z' || isDigit(t[k]) || t[k] == '_') {
		k++
	}
	return k > 0 && codeWords[t[:k]]
}

// ghaErrorRe is a GitHub Actions error annotation: "::error::msg",
// "::error file=x,line=3,title=t::msg".
var ghaErrorRe = regexp.MustCompile(`^::error(?: [^:]*)?::\S`)

// goPackageErrRe is the go command's word on a package it cannot build.
var goPackageErrRe = regexp.MustCompile(`(?:^|: )package \S+(?: is not in std\b|: build constraints exclude all Go files)|^no required module provides package \S+|^doc: no symbol \S+ in package \S+$|^directory \S+ outside (?:the )?main module\b|^current directory is contained in a module that is not one of the workspace modules\b|^-buildmode=\S+ not supported on \S+$|^package \S+ is not a main package$|^named files must all be in one directory; have \S+ and \S+$|^pattern \S+: directory prefix \S+ does not contain (?:the )?main module\b`)

// couldNotRe is a package manager's sentence that it could not get what
// it needed: a gem, a host, a source.
var couldNotRe = regexp.MustCompile(`^Could not (?:find|reach|locate|fetch|download|resolve) (?:gem|gems|host|source|any|a valid gem|the gem|the source)\b`)

// dbDriverRe is a Go database driver's error: lib/pq's "pq: " and its
// message, pgx's SQLSTATE code at the end.
var dbDriverRe = regexp.MustCompile(`(?:^|: )pq: [a-z]|\(SQLSTATE [0-9A-Z]{5}\)\W*$`)

// goLogPrefixRe is the prefix Go's log package writes: a prefix of the
// program's, the date, the time, maybe the file.
var goLogPrefixRe = regexp.MustCompile(`^(?:[\w.-]+:? )?\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?:\.\d+)? (?:\S+\.go:\d+: )?$`)

// pnpmScriptRe is pnpm's line for a package's script that failed: the
// package at its version, the script, the command in backquotes.
var pnpmScriptRe = regexp.MustCompile("^ERROR +\\S+@\\S+ [\\w:.-]+: `")

// paddedLevel reports whether a line starts with a level padded to a
// logging layout's width ("ERROR    name: x"): three blanks or more, then
// what the record says.
func paddedLevel(t string) bool {
	k := skipBlanks(t, len("ERROR"))
	return k-len("ERROR") >= 3 && k < len(t) && t[k] != '-' && t[k] != '@'
}

// loggerBracket reports whether s starts with a logger's name in brackets
// and a blank: "[alembic.util.messaging] ", not a progress mark ("[ 50%]").
func loggerBracket(s string) bool {
	k := strings.IndexByte(s, ']')
	if k < 2 || k+1 >= len(s) || s[k+1] != ' ' || !(s[1] >= 'a' && s[1] <= 'z' || s[1] >= 'A' && s[1] <= 'Z' || s[1] == '_') {
		return false
	}
	for _, c := range []byte(s[1:k]) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// mayBeNamedSummary rules out lines rNamedSummary cannot match.
func mayBeNamedSummary(t string) bool {
	return strings.HasPrefix(t, "FAIL") || strings.HasPrefix(t, "ERROR") || strings.HasPrefix(t, "BUILD FAILED") ||
		strings.Contains(t, "[build failed]") || failMarked(t)
}

// mayBeLevel rules out lines rLevel cannot match: it starts with a digit,
// a bracket, or the first letter of a level word.
func mayBeLevel(t string) bool {
	return t != "" && (isDigit(t[0]) || strings.IndexByte("[EFCSPARefp", t[0]) >= 0 || strings.Contains(t, " error: "))
}

// mayBeException rules out lines rException cannot match: the first word
// that is not a known lead-in must end with an exception's suffix.
func mayBeException(t string) bool {
	for _, lead := range []string{"Uncaught ", "Unhandled exception: ", "Unhandled exception. ", "Unhandled exception ", "Unhandled rejection: ", "Unhandled rejection ", "Exception in thread "} {
		if strings.HasPrefix(t, lead) {
			t = t[len(lead):]
			if lead == "Exception in thread " {
				if k := strings.Index(t, "\" "); k >= 0 {
					t = t[k+2:]
				}
			}
			break
		}
	}
	if strings.HasPrefix(t, "E ") {
		t = strings.TrimLeft(t[1:], " ")
	}
	t = strings.TrimPrefix(t, "[")
	k := 0
	for k < len(t) && (t[k] >= 'a' && t[k] <= 'z' || t[k] >= 'A' && t[k] <= 'Z' || isDigit(t[k]) || t[k] == '_' || t[k] == '$' || t[k] == '.' || t[k] == ':' && k+1 < len(t) && t[k+1] == ':') {
		if t[k] == ':' {
			k++
		}
		k++
	}
	w := t[:k]
	if strings.HasPrefix(w, "Errno::E") {
		return true // Ruby's system errors: "Errno::ENOENT: ..."
	}
	for _, suf := range []string{"Error", "Exception", "Fault", "Failure", "Rejection"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// heading reports whether the text of a line only announces what follows:
// a few words and a colon.
func heading(s string) bool {
	t := strings.TrimSpace(s)
	if !strings.HasSuffix(t, ":") || len(t) > 40 {
		return false
	}
	return strings.Count(t, " ") <= 3
}

// rustFollows reports whether rustc's snippet follows line i: " --> x.rs:1:2".
func rustFollows(lines []string, i int) bool {
	return i+1 < len(lines) && strings.HasPrefix(strings.TrimLeft(lines[i+1], " "), "--> ")
}

// mayBeCount rules out lines rCountSummary cannot match: past an optional
// "[INFO] ", it starts with a digit, "=", "*", or the first letter of
// tests, test, found, failed, build, compilation; or a program had
// compilation errors.
func mayBeCount(t string) bool {
	if strings.HasPrefix(t, "[") {
		if k := strings.IndexByte(t, ']'); k > 0 {
			t = strings.TrimLeft(t[k+1:], " \t")
		}
	}
	return t != "" && (isDigit(t[0]) || strings.IndexByte("=*tTfFbBcC", t[0]) >= 0) || strings.Contains(t, " had compilation errors") ||
		strings.Contains(t, "| ") && strings.HasSuffix(t, " failed")
}

// diagnosticVerdict judges a diagnostic by the message after its position:
// a warning or a note, a linter's coded finding (its code's letter says its
// level), an error, or a Go-style message with no level; source code (a
// search hit) is none.
func diagnosticVerdict(msg, t string) verdict {
	if msg == "" || msg[0] == ' ' || msg[0] == '\t' {
		return verdict{} // gcc's "   required from here": context, not a diagnostic
	}
	if msg[0] == '[' {
		// A level in brackets (yamllint's parsable format: "x.yaml:1:1:
		// [warning] missing document start"): the level decides.
		if k := strings.IndexByte(msg[:min(len(msg), 12)], ']'); k > 1 && levelField(msg[1:k]) {
			if lv, _ := headLevel(msg[1:k]); lv == levelWarn || lv == levelInfo {
				return verdict{kind: kindWarning, fam: famLine, text: t}
			}
		}
	}
	lower := strings.ToLower(msg)
	if len(msg) > 3 && msg[1] == ':' && msg[2] == ' ' && strings.IndexByte("CWRI", msg[0]) >= 0 && strings.Contains(msg[3:min(len(msg), 48)], "/") {
		// RuboCop's convention, warning and refactor offenses ("C:
		// Style/Documentation: ..."): below its E and F.
		return verdict{kind: kindWarning, fam: famLine, text: t}
	}
	for _, w := range []string{"warning", "note", "info", "style", "performance", "portability"} {
		// (cppcheck's levels below error: style, performance, portability.)
		if strings.HasPrefix(lower, w) && (len(msg) == len(w) || !isWordByte(msg[len(w)])) {
			return verdict{kind: kindWarning, fam: famLine, text: t}
		}
	}
	if len(msg) > 4 && msg[0] >= 'A' && msg[0] <= 'Z' {
		if d := digits(msg[1:], 5); d >= 3 && d <= 4 && len(msg) > 1+d && (msg[1+d] == ' ' || msg[1+d] == ':') {
			if strings.IndexByte("CRWI", msg[0]) >= 0 {
				return verdict{kind: kindWarning, fam: famLine, text: t}
			}
			return verdict{kind: kindError, fam: famCompiler, text: t}
		}
	}
	rest := msg
	for _, q := range []string{"fatal ", "Fatal ", "syntax ", "parse ", "Parse "} {
		rest = strings.TrimPrefix(rest, q)
	}
	for _, e := range []string{"error", "Error", "ERROR"} {
		if strings.HasPrefix(rest, e) && len(rest) > len(e) && strings.IndexByte(":[,", rest[len(e)]) >= 0 {
			return verdict{kind: kindError, fam: famCompiler, text: t}
		}
	}
	if strings.Contains(msg, "undefined reference to") {
		return verdict{kind: kindError, fam: famLinker, text: t, cat: errkind.CategoryBuild}
	}
	if strings.HasSuffix(msg, ")") && lintTailRe.MatchString(msg) {
		// golangci-lint's finding names its linter at the end ("func
		// unused is unused (unused)"), however much it reads like code.
		return verdict{kind: kindError, fam: famCompiler, text: t}
	}
	if strings.HasPrefix(msg, "package ") && goPackageErrRe.MatchString(msg) {
		return verdict{kind: kindError, fam: famCompiler, text: t, cat: errkind.CategoryBuild} // not a package clause
	}
	if looksLikeCode(msg) || strings.TrimSpace(msg) == "" {
		return verdict{}
	}
	return verdict{kind: kindError, fam: famCompiler, text: t}
}

// importRowRe is sqlite3 .import's word on a row of the file it reads:
// "x.csv:3: expected 3 columns but found 2 - filling the rest with NULL",
// "x.csv:5: INSERT failed: UNIQUE constraint failed: t.id".
var importRowRe = regexp.MustCompile(`^\S+:\d+: (?:expected \d+ columns but found \d+\b|INSERT failed: )`)

// lintTailRe is the linter a golangci-lint finding names at its end.
var lintTailRe = regexp.MustCompile(` \([a-z][a-z0-9]{2,}\)$`)

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_'
}

// lintCoded reports whether a line is a linter's coded finding:
// "x.py:1:1: F401 ...".
func lintCoded(s string) bool {
	k := diagnosticLen(s)
	if k == 0 {
		return false
	}
	msg := s[k:]
	n := checkCodeLen(msg)
	return n > 0 && len(msg) > n && (msg[n] == ' ' || msg[n] == ':')
}

// checkCodeLen returns the length of the check's code s starts with, one
// to three capitals then three or four digits (E501, F401, SC2086,
// SA5000: staticcheck's), or 0.
func checkCodeLen(s string) int {
	c := 0
	for c < len(s) && c < 3 && s[c] >= 'A' && s[c] <= 'Z' {
		c++
	}
	if c == 0 {
		return 0
	}
	if d := digits(s[c:], 5); d >= 3 && d <= 4 {
		return c + d
	}
	return 0
}

// annotationMatch matches an annotation under a source line, cheaply ruling
// most lines out.
func annotationMatch(s string) []string {
	t := strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(t, "^") {
		return nil
	}
	return annotationRe.FindStringSubmatch(s)
}

// failMarked reports whether t starts with a test runner's failure mark.
func failMarked(t string) bool {
	for _, m := range []string{"✕", "✗", "×", "✘", "✖"} {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}

// markedReport reports whether line i is a failure mark with the test's
// report indented under it: an exception or an assertion's message.
func markedReport(lines []string, i int) bool {
	t := strings.TrimSpace(lines[i])
	if !failMarked(t) || i+1 >= len(lines) || indentOf(lines[i+1]) <= indentOf(lines[i]) {
		return false
	}
	next := lines[i+1]
	return mayBeException(strings.TrimSpace(next)) && exceptionRe.MatchString(next) || assertionLineRe.MatchString(next)
}

// continuedCode reports whether a line ends as a line of source code that
// goes on: with a comma, an operator, an opening bracket.
func continuedCode(t string) bool {
	if t == "" {
		return false
	}
	switch t[len(t)-1] {
	case ',', '+', '(', '[', '\\', '&', '|':
		return !strings.HasSuffix(t, "||") || strings.Contains(t, " || ")
	}
	return false
}

// A miette report, as Rust tools print them (oxlint, rspack, swc, turbo):
// "  x eslint(no-debugger): msg" or "  × msg", then the snippet in a frame
// that opens with the place, ",-[src/a.js:6:5]" or "╭─[src/a.js:6:5]",
// closes with "`----" or "╰────", and the help under it.
var (
	mietteFrameRe = regexp.MustCompile(`^\s*(?:,-|╭─)\[[^\]]+:\d+:\d+\]`)
	mietteEndRe   = regexp.MustCompile("^\\s*(?:`-{3,}|╰─)")
)

// mayBeMietteFrame reports whether a line holds the opening of a miette
// frame, before the expression decides.
func mayBeMietteFrame(l string) bool {
	for k := strings.IndexByte(l, '['); k >= 0; {
		if strings.HasSuffix(l[:k], ",-") || strings.HasSuffix(l[:k], "╭─") {
			return true
		}
		n := strings.IndexByte(l[k+1:], '[')
		if n < 0 {
			break
		}
		k += 1 + n
	}
	return false
}

// mietteFrame reports whether a line opens a miette frame with its place.
func mietteFrame(l string) bool { return mayBeMietteFrame(l) && mietteFrameRe.MatchString(l) }

// mietteHead reports whether t opens a miette error: its cross.
func mietteHead(t string) bool {
	return strings.HasPrefix(t, "x ") || strings.HasPrefix(t, "× ")
}

// mietteVerdict judges line i as the head of a miette error (its cross
// over the frame), or as the frame's first line under its head when the
// head held no trigger word.
func mietteVerdict(lines []string, i int, t string) (verdict, bool) {
	switch {
	case mietteHead(t) && i+1 < len(lines) && mietteFrame(lines[i+1]):
		return verdict{kind: kindError, fam: famMiette, text: t}, true
	case i > 0 && mietteFrame(lines[i]):
		if h := strings.TrimSpace(lines[i-1]); mietteHead(h) {
			return verdict{kind: kindError, fam: famMiette, text: h}, true
		}
	}
	return verdict{}, false
}

// tclErrRe is Tcl's message for a variable or a command that does not
// exist.
var tclErrRe = regexp.MustCompile(`^(?:can't (?:read|set|unset) "[^"]+": no such (?:variable|element in array)|invalid command name "[^"]+")$`)

// gdbSignalRe is gdb's report of a program stopped or ended by a fatal
// signal.
var gdbSignalRe = regexp.MustCompile(`^Program (?:received|terminated with) signal SIG(?:SEGV|ABRT|BUS|FPE|ILL|KILL|SYS|TRAP)\b`)

// gdbLineRe is a line of where gdb stopped: a frame ("#1  0x... in main ()
// at x.c:14"), the stop's place ("0x... in f (n=3) at x.c:6"), the source
// line it prints ("6\t    s += ..."), a core's note.
var gdbLineRe = regexp.MustCompile(`^(?:#\d+\s+\S|0x[0-9a-f]+ in |\d+\t|[A-Za-z_][\w:<>~]* \(.*\) at \S+:\d+$|Core was generated by|warning: )`)

// goErrEndRe is the end of an error chain in the words of Go's standard
// library, for errors no errno names.
// failedChain reports whether t is an error chain ("a: b: c") whose head
// says what failed ("probe failed", "failed to load config", "cannot
// open db") and whose links are no sentence: Go's errors have no capital
// (but a message Go's log printed may), no period (but the cause at the
// end of a longer chain, another library's sentence, may) and no markdown,
// and end in a colon only over the detail indented under them (detailed).
func failedChain(t string, logged, detailed bool) bool {
	k := strings.Index(t, ": ")
	if k <= 0 || k > 64 || (t[0] < 'a' || t[0] > 'z') && !capitalFailedRe.MatchString(t) && !(logged && t[0] >= 'A' && t[0] <= 'Z') ||
		k+2 >= len(t) || strings.HasSuffix(t, ":") && !detailed || strings.HasSuffix(t, ".") && strings.Count(t, ": ") < 2 ||
		strings.Contains(t, ". ") || strings.ContainsAny(t, "`*") {
		return false
	}
	if logged && t[0] >= 'A' && t[0] <= 'Z' {
		t = string(t[0]+'a'-'A') + t[1:] // log.Fatalf("Loading input failed: %v", err)
	}
	// (A child's exit status is the wrapper's report on output of the
	// child's own, which the rules judge: "apply failed: exit status 1".)
	// A bare exception's name is a script's print over the traceback
	// that says the rest: "fetch failed: ConnectionError".
	last := t[strings.LastIndex(t, ": ")+2:]
	// An attempt that failed is a retry's note: what counts is whether
	// the last one did ("attempt 1 failed: connect ECONNREFUSED").
	head := t[:k]
	return failedHeadRe.MatchString(head) && !strings.HasPrefix(last, "exit status ") && !bareClassRe.MatchString(last) && !attemptRe.MatchString(head)
}

// goUnknownCmdRe is the go command's complaint about a subcommand it does
// not have.
var goUnknownCmdRe = regexp.MustCompile(`^go [\w.-]+: unknown command$`)

// csvkitRe is csvkit's complaint about a row's field count or a file's
// encoding.
var csvkitRe = regexp.MustCompile(`^Line \d+: Expected \d+ columns, found \d+ columns$|^Your file is not "[\w-]+" encoded\.`)

// attemptRe is a retry's word for one try.
var attemptRe = regexp.MustCompile(`\b(?:attempts?|retry|retrying|retries|try|tries)\b`)

// bareClassRe is an exception's class name alone.
var bareClassRe = regexp.MustCompile(`^(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)$`)

// capitalFailedRe is a client's own complaint, capitalised: grpcurl's
// "Failed to dial target host ...", "Error invoking method ...", and its
// request's: "GET /api/items/9 failed: HTTP 404 Not Found".
var capitalFailedRe = regexp.MustCompile(`^(?:(?:Failed to|Error [a-z]+ing) [a-z]|(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) /\S* failed: )`)

// failedHeadRe is the head of an error chain that says what failed: a
// client's request among them ("GET /api/items/9 failed").
var failedHeadRe = regexp.MustCompile(`^(?:(?:[Ff]ailed to|could not|couldn't|cannot|can't|unable to|[Ee]rror [a-z]+ing) [a-z]\w*(?: [\w"'./:-]+){0,4}|[a-z][\w.-]*(?: [\w"'./-]+){0,3} failed|(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) /\S* failed)$`)

var goErrEndRe = regexp.MustCompile(`: (?:invalid character '.{1,4}' (?:looking for beginning of \w+|after .+|in .+)|unexpected end of JSON input|executable file not found in \$PATH|cannot unmarshal \S+ into Go (?:struct field \S+ of type|struct field|value of type) \S+|unexpected EOF|returned (?:HTTP |status (?:code )?)?[45]\d\d(?: [A-Z][a-z]+)*|parsing "[^"]*": (?:invalid syntax|value out of range)|record on line \d+(?:, column \d+)?: (?:wrong number of fields|bare " in non-quoted-field|extraneous or missing " in quoted-field))$`)

// pyTbAssertRe is a failed assert statement at its place, as pytest's
// --tb=line prints it.
var pyTbAssertRe = regexp.MustCompile(`^\S+\.py:\d+: assert \S`)

// tbLineRun reports whether line i is in the run of pytest --tb=line
// failures right under its "= FAILURES =" rule.
func tbLineRun(lines []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-maxTbLines; j-- {
		t := strings.TrimSpace(lines[j])
		if strings.HasPrefix(t, "=") && strings.Contains(t, " FAILURES ") {
			return true
		}
		if !strings.Contains(t, ".py:") || !pyTbLineRe.MatchString(t) && !pyTbAssertRe.MatchString(t) {
			return false
		}
	}
	return false
}

// maxTbLines bounds the run of pytest --tb=line failures tbLineRun reads.
const maxTbLines = 500

// pyTbLineRe is a Python exception at its place, as pytest's --tb=line
// prints a failed test: "/w/test_a.py:15: AssertionError: 1 != 2".
var pyTbLineRe = regexp.MustCompile(`^\S+\.py:\d+: (?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt)\b(?::|$)`)

// biomeHeadRe is the header of a Biome diagnostic: its place (none for a
// run's own), its category ("lint/suspicious/noDebugger", "parse"), maybe
// FIXABLE, then a rule of heavy lines.
var biomeHeadRe = regexp.MustCompile(`^(?:\S+:\d+:\d+ )?([a-z]+)(?:/[\w-]+)*(?:\s+FIXABLE)?\s+━{3,}`)

// biomeHeadAbove returns the line of the Biome header over the message on
// line i (a blank line between), or -1.
func biomeHeadAbove(lines []string, i int) int {
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if strings.Contains(lines[j], "━━━") && biomeHeadRe.MatchString(lines[j]) {
			return j
		}
		if !blank(lines[j]) {
			return -1
		}
	}
	return -1
}

// runnerStamped reports whether a line starts with a CI runner's stamp
// alone (GitHub Actions' and Azure Pipelines' "2026-05-06T12:00:00.1234567Z
// "): what follows is a tool's output as the tool printed it, not a log
// record whose level word says what it is ("ERROR test_x.py" is pytest's
// summary).
func runnerStamped(l string) bool {
	const n = len("2026-05-06T12:00:00.1234567Z ")
	return len(l) > n && l[n-1] == ' ' && l[n-2] == 'Z' && l[10] == 'T' && l[19] == '.' && digits(l[20:], 7) == 7 && dateLen(l) == 10
}

// junitThrownRe is what a JUnit Platform failure says was thrown: a
// qualified class, then its message.
var junitThrownRe = regexp.MustCompile(`^(?:[\w$]+\.)+([A-Z][\w$]*(?:Error|Exception|Failure|Throwable))\b`)

// errnoCodes are the system error codes a program prints alone at the end
// of a message.
var errnoCodes = map[string]bool{}

func init() {
	for _, c := range strings.Fields(`ECONNREFUSED ECONNRESET ECONNABORTED ENOTFOUND ETIMEDOUT EAI_AGAIN EHOSTUNREACH ENETUNREACH
		EADDRINUSE EPIPE ENOENT EACCES EPERM EISDIR ENOTDIR EEXIST ENOSPC EROFS EMFILE`) {
		errnoCodes[c] = true
	}
}

var (
	// libxmlRe is libxml2's diagnostic: a place, maybe the element, the
	// domain and the level before " : ".
	libxmlRe = regexp.MustCompile(`^\S+:\d+: (?:element \S+: )?(?:[\w ]+ )?error : `)
	// mysqlErrRe is the mysql client's error in a script.
	mysqlErrRe = regexp.MustCompile(`^ERROR \d{4} \(\w{5}\) at line \d+: `)
	// goFlagRe is Go's flag package refusing a flag's value.
	goFlagRe = regexp.MustCompile(`^invalid (?:boolean )?value ".*" for (?:flag )?-\S+: `)
)

// testifyReport reports whether line i is the "Error:" field of a testify
// report ("Error Trace:" right above it) with a "--- FAIL: " line below it
// that will report the test it failed.
func testifyReport(lines []string, i int) bool {
	if i == 0 || !strings.HasPrefix(strings.TrimSpace(lines[i-1]), "Error Trace:") {
		return false
	}
	for j := i + 1; j < len(lines) && j <= i+maxTestifyLog; j++ {
		if strings.HasPrefix(strings.TrimLeft(lines[j], " \t"), "--- FAIL: ") {
			return true
		}
	}
	return false
}

// maxTestifyLog is how far below a testify report its test's "--- FAIL"
// line is looked for.
const maxTestifyLog = 400

// expectedPanic reports whether the panic of a test's thread on line i
// ("thread 'tests::x' panicked at") is one its test expected: the test run
// it is part of ends with a "test result:" line, and the run's list of
// failures does not name the test (a should_panic test's panic printed
// with --nocapture, in a run that passed or failed on other tests).
func expectedPanic(lines []string, i int) bool {
	t := strings.TrimSpace(lines[i])
	if !strings.HasPrefix(t, "thread '") || strings.HasPrefix(t, "thread 'main'") {
		return false
	}
	name := t[len("thread '"):]
	k := strings.IndexByte(name, '\'')
	if k <= 0 {
		return false
	}
	name = name[:k]
	listed, inList := false, false
	for j := i + 1; j < len(lines) && j <= i+maxBlockScan; j++ {
		l := lines[j]
		switch {
		case strings.HasPrefix(l, "test result: "):
			return !listed
		case strings.HasPrefix(l, "running ") || promptLike(l):
			return false
		case l == "failures:":
			inList = true
		case inList && strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "     "):
			listed = listed || strings.TrimSpace(l) == name
		case strings.HasPrefix(l, name+" --- FAILED"):
			return false
		}
	}
	return false
}

// proseHead reports whether t starts with three words of lower-case
// letters, the first of them no keyword a line of code starts with: a
// sentence about code, not code.
func proseHead(t string) bool {
	f := strings.SplitN(t, " ", 4)
	if len(f) < 4 || codeKeywords[f[0]] {
		return false
	}
	for _, w := range f[:3] {
		if w == "" {
			return false
		}
		for k := 0; k < len(w); k++ {
			if w[k] < 'a' || w[k] > 'z' {
				return false
			}
		}
	}
	return true
}

// codeKeywords are the words a line of code starts with that read as prose.
var codeKeywords = map[string]bool{"if": true, "else": true, "for": true, "while": true, "return": true, "switch": true,
	"case": true, "func": true, "go": true, "defer": true, "var": true, "const": true, "type": true, "elif": true,
	"let": true, "assert": true, "print": true, "not": true, "and": true, "or": true, "in": true, "do": true, "then": true}

// importChain returns the line of the "package x" that heads the go
// command's chain of "\timports y" lines ending on line i, or -1.
func importChain(lines []string, i int) int {
	for j := i - 1; j >= 0 && j >= i-64; j-- {
		switch l := lines[j]; {
		case strings.HasPrefix(l, "\timports "):
		case strings.HasPrefix(l, "package ") && !strings.Contains(l, " ; "):
			return j
		default:
			return -1
		}
	}
	return -1
}

// ansibleIgnored reports whether the failed task on line i ("fatal:
// [host]: FAILED! => {...}", its result on one line or to its closing
// brace) is followed by Ansible's "...ignoring": a failure the playbook
// expects and handles.
func ansibleIgnored(lines []string, i int) bool {
	j := i
	if strings.HasSuffix(strings.TrimSpace(lines[i]), "{") {
		for j = i + 1; j < len(lines) && j <= i+maxBlockScan && strings.TrimSpace(lines[j]) != "}"; j++ {
		}
	}
	return j+1 < len(lines) && strings.TrimSpace(lines[j+1]) == "...ignoring"
}

// resultRow reports whether line i is a row of a table a query printed:
// the lines above it hold the column separator too, up to the rule under
// the header ("---------+--------" psql draws, a markdown "|---|---|").
func resultRow(lines []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-200; j-- {
		l := strings.TrimSpace(lines[j])
		if tableRuleRe.MatchString(l) {
			return j >= 1 && strings.Contains(lines[j-1], "|")
		}
		if !strings.Contains(l, "|") {
			return false
		}
	}
	return false
}

// tableRuleRe is the rule under a table's header: psql's, markdown's.
var tableRuleRe = regexp.MustCompile(`^(?:-+(?:\+-+)+|\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-{3,}:?\s*\|?)$`)

// goGenerateExit reports whether t is go generate's report of a generator
// that exited with a status: "doc.go:4: running "go": exit status 1".
func goGenerateExit(t string) bool {
	d := 0 // (the status's digits, read from the end: every candidate line is asked)
	for d < 4 && d < len(t) && isDigit(t[len(t)-1-d]) {
		d++
	}
	if d == 0 || d > 3 || !strings.HasSuffix(t[:len(t)-d], ": exit status ") {
		return false
	}
	k := len(t) - d - len(": exit status ")
	return k > 0 && strings.Contains(t[:k], `: running "`)
}

// generatorComplaint reports whether line i of the window is go
// generate's word that a generator exited with a status and the line
// above it is that generator's own ("stringer: no values defined for
// types: Kind" over `kind.go:3: running "stringer": exit status 1`): it
// starts with the generator's name.
func generatorComplaint(doc *document, i int) bool {
	t := doc.short[i]
	if !goGenerateExit(t) || !goGenerateRe.MatchString(t) || !messageLine(doc, i-1) {
		return false
	}
	k := strings.Index(t, `: running "`) + len(`: running "`)
	name, _, _ := strings.Cut(t[k:], `"`)
	name = name[strings.LastIndexByte(name, '/')+1:]
	return name != "" && name != "go" && strings.HasPrefix(doc.short[i-1], name+": ")
}

// letterLevelRe is socat's record: its time, its name and pid, then a
// one-letter level (Debug, Info, Notice, Warning, Error, Fatal).
var letterLevelRe = regexp.MustCompile(`^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?:\.\d+)? [\w.-]+\[\d+\] ([DINW]) `)

// maxBannerScan is how far above a pytest section its banner is looked for.
const maxBannerScan = 600

// pytestBannerRe is pytest's banner over a part of its report: "====
// FAILURES ====", "==== PASSES ====".
var pytestBannerRe = regexp.MustCompile(`^=+ ([A-Z][A-Z ]*[A-Z]) =+$`)

// pytestBanner returns the title of the pytest banner the section on line
// i stands under ("FAILURES", "ERRORS", "PASSES"), or "".
func pytestBanner(lines []string, i int) string {
	for j := i - 1; j >= 0 && j >= i-maxBannerScan && !promptLike(lines[j]); j-- {
		if strings.HasPrefix(lines[j], "==") {
			if m := pytestBannerRe.FindStringSubmatch(strings.TrimSpace(lines[j])); m != nil {
				return m[1]
			}
		}
	}
	return ""
}

// hookCheckRe is what a hook script says of a check it ran that failed:
// "gofmt: these files are not formatted:", "go vet reported problems".
var hookCheckRe = regexp.MustCompile(`^[\w.-]+(?: [\w.-]+)?(?:: [a-z][\w ,'-]*(?:not|failed|problems|errors?|needs?|unformatted|issues)\b[\w ,'-]*:?| (?:reported (?:problems|errors|issues)|failed))$`)

// hookCheckFailed reports whether rest, after a failure mark at the margin,
// is a check's failure as a hook script words it (not a test's name with
// its duration, as mocha's and node's lists print them).
func hookCheckFailed(rest string) bool {
	return !strings.HasSuffix(rest, "ms)") && hookCheckRe.MatchString(strings.TrimRight(rest, " "))
}

// hookListRe is a hook's or a script's head over the files a formatter
// would change.
var hookListRe = regexp.MustCompile(`^[\w.-]+: (?:[\w-]+ )?(?:found unformatted files|(?:these )?files? needs? (?:gofmt|goimports|formatting|to be formatted)|(?:files? )?not (?:gofmt(?:ed)?|formatted)(?: files)?):$`)

// testsFailedRe is a check's verdict that its tests failed.
var testsFailedRe = regexp.MustCompile(`(?i)^✗ (?:unit |integration |go )?tests? failed\b`)

// pythonNoModuleRe is the interpreter's word when python -m names a module
// that is not installed.
var pythonNoModuleRe = regexp.MustCompile(`^\S*python[\d.]*: No module named [\w.]+$`)

// cobraTerminated opens the line a cobra command (golangci-lint) ends a
// failed run with.
const cobraTerminated = "The command is terminated due to an error: "

// maxCobraAbove is how far above its last word a cobra command's "Error:"
// line may be (its usage in between).
const maxCobraAbove = 60

// cobraErrorAbove reports whether the command's "Error: msg" line is
// above line i, in the same command.
func cobraErrorAbove(lines []string, i int, msg string) bool {
	want := "Error: " + msg
	for j := i - 1; j >= 0 && j >= i-maxCobraAbove && !promptLike(lines[j]); j-- {
		if strings.TrimSpace(lines[j]) == want {
			return true
		}
	}
	return false
}

// stampedRecord reports whether raw is a log record with a timestamp in
// its prefix: its level word is the record's (handled as a record), not
// a tool's over its message.
func stampedRecord(raw string) bool {
	_, stamped := recordPrefix(raw)
	return stamped
}

// stepFailed returns the step a script says failed ("step 'vet' failed"),
// or "": stepFailedRe runs only on lines that end in "failed".
func stepFailed(t string) string {
	if !strings.HasSuffix(t, " failed") && !strings.HasSuffix(t, " failed.") {
		return ""
	}
	if m := stepFailedRe.FindStringSubmatch(t); m != nil {
		return m[1]
	}
	return ""
}

// goFailedBuild returns the package of go test's "FAIL\tpkg [build
// failed]" (or "[setup failed]"), or "".
func goFailedBuild(t string) string {
	if !strings.HasPrefix(t, "FAIL") || !strings.HasSuffix(t, " [build failed]") && !strings.HasSuffix(t, " [setup failed]") {
		return ""
	}
	f := strings.Fields(t)
	if len(f) != 4 || f[0] != "FAIL" {
		return ""
	}
	return f[1]
}

// maxBuildOutputScan is how far above go test's "[build failed]" the
// compiler's output for its package is looked for.
const maxBuildOutputScan = 400

// goBuildOutputNear reports whether what the go command printed on
// building packages stands near line i, in the same command's output:
// above it, a "# pkg" header (of pkg, of its test package "# pkg_test
// [pkg.test]", of a dependency that broke it, or vet's "# [pkg]"), or a
// line that names the package ("pkg: ..." of a setup failure); below it, a
// header after the results, where the compiler's output lands when stdout
// and stderr are captured apart and joined.
func goBuildOutputNear(lines []string, i int, pkg string) bool {
	named, clause := pkg+": ", "package "+pkg
	for j := i - 1; j >= 0 && j >= i-maxBuildOutputScan; j-- {
		l := lines[j]
		if commandStart(l) {
			break
		}
		if goHeaderLine(l) || strings.HasPrefix(l, named) || strings.HasPrefix(l, clause) {
			return true
		}
	}
	for j := i + 1; j < len(lines) && j <= i+maxBuildOutputScan; j++ {
		l := lines[j]
		if commandStart(l) {
			return false
		}
		if goHeaderLine(l) || strings.TrimSpace(l) == "=== Errors" {
			return true // (gotestsum lists the compiler's output under "=== Errors")
		}
	}
	return false
}

// goHeader reports whether what follows "# " is the go command's header
// over a package's build output: "example.com/x", "example.com/x_test
// [example.com/x.test]", "[example.com/x]"; not a comment in words.
func goHeader(rest string) bool {
	f := strings.Fields(rest)
	switch {
	case len(f) == 1:
		p := strings.TrimSuffix(strings.TrimPrefix(f[0], "["), "]")
		return p == "command-line-arguments" || importPath(p)
	case len(f) == 2:
		return importPath(f[0]) && strings.HasPrefix(f[1], "[") && strings.HasSuffix(f[1], ".test]")
	}
	return false
}

// importPath reports whether p has the shape of a package's import path or
// directory ("example.com/x", "runtime/cgo", "./internal/x"), not a file's
// name ("scripts/ci.sh").
func importPath(p string) bool {
	if !strings.Contains(p, "/") || strings.ContainsAny(p, ":,;'\"`*?") || strings.HasSuffix(p, "/") {
		return false
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	k := strings.LastIndexByte(last, '.')
	return k < 0 || !fileExts[last[k+1:]]
}

// fileExts are the extensions of files a "# name" comment may name.
var fileExts = map[string]bool{
	"go": true, "mod": true, "sum": true, "md": true, "txt": true, "sh": true, "bash": true, "yml": true, "yaml": true, "json": true,
	"toml": true, "py": true, "js": true, "ts": true, "cfg": true, "conf": true, "ini": true, "sql": true, "proto": true, "c": true, "h": true,
}

// goHeaderLine reports whether l is the go command's header over a
// package's build output ("# example.com/x").
func goHeaderLine(l string) bool {
	rest, ok := strings.CutPrefix(l, "# ")
	return ok && goHeader(rest)
}

// goToolRe is a Go toolchain tool's complaint, or the go command's line on
// one that failed.
var goToolRe = regexp.MustCompile(`^(?:\S+: )?\S*/pkg/tool/\w+/\w+(?:\.exe)?: \S`)

// besideGoFail reports whether line i has a go test "--- FAIL" line right
// above or under it: the report it is part of.
func besideGoFail(lines []string, i int) bool {
	for _, j := range [2]int{i - 1, i + 1} {
		if j >= 0 && j < len(lines) && strings.HasPrefix(strings.TrimLeft(lines[j], " \t"), "--- FAIL: ") {
			return true
		}
	}
	return false
}

// raceHead reports whether t opens the race detector's report: its rule or
// its warning.
func raceHead(t string) bool {
	t = strings.TrimSpace(t)
	return t == "==================" || t == "WARNING: DATA RACE"
}

// testEntryRe is a test runner's entry for a failed test: gotestsum's
// "=== FAIL: pkg TestX (0.00s)" in its "=== Failed" section, its
// github-actions format's "::group::FAIL pkg.TestX (0.00s)".
var testEntryRe = regexp.MustCompile(`^(?:=== FAIL: \S+ \S*|::group::FAIL \S+)(?: \(re-run \d+\))? \(\d+(?:\.\d+)?s\)$`)

// testEntryEnd returns the last line of the test entry on line i: its
// output, to the next entry, the group's end, the runner's closing count
// or a prompt; i when it has none.
func testEntryEnd(lines []string, i, limit int) int {
	group := strings.HasPrefix(strings.TrimSpace(lines[i]), "::group::")
	end := i
	for j := i + 1; j <= limit; j++ {
		t := strings.TrimSpace(lines[j])
		if group && t == "::endgroup::" || !group && (strings.HasPrefix(t, "=== ") && !goRunRe.MatchString(t) || strings.HasPrefix(t, "DONE ")) || promptLike(lines[j]) {
			break
		}
		if !blank(lines[j]) && !goRunRe.MatchString(t) && (group || !strings.HasPrefix(t, "FAIL\t")) {
			end = j // (go test -v's "=== RUN" says nothing of the test's own, a package's entry's row under it nothing of its failure)
		}
	}
	return end
}

// sectionStart returns the line of gotestsum's "=== Failed" heading over
// the entry on line i (what the entries before it in the section say is
// no recap of the run: a re-run's entry says it again), or i.
func sectionStart(lines []string, i int) int {
	for j := i - 1; j >= 0 && j >= i-maxPrintedAbove && !promptLike(lines[j]); j-- {
		if strings.TrimSpace(lines[j]) == "=== Failed" {
			return j
		}
	}
	return i
}

// firstNonBlank returns the first line from i to end that is not blank
// (nor go test -v's "=== RUN").
func firstNonBlank(lines []string, i, end int) string {
	for j := i; j <= end; j++ {
		if !blank(lines[j]) && !goRunRe.MatchString(lines[j]) {
			return lines[j]
		}
	}
	return ""
}

// maxPrintedAbove is how far above a recap printedAbove looks.
const maxPrintedAbove = 2000

// printedAbove reports whether line l was printed above line i in the same
// command's output (up to the prompt).
func printedAbove(lines []string, i int, l string) bool {
	l = strings.TrimSpace(l)
	if l == "" {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-maxPrintedAbove && !promptLike(lines[j]); j-- {
		if len(lines[j]) >= len(l) && strings.TrimSpace(lines[j]) == l {
			return true
		}
	}
	return false
}

// subtestsFailedAbove reports whether go test's "--- FAIL: TestX" on line
// i says no more than that its subtests failed, printed after them as
// gotestsum's flat formats do: nothing of its own under it, and a "---
// FAIL: TestX/sub" above it in the same command's output.
func subtestsFailedAbove(lines []string, i int) bool {
	name := failedTestName(lines[i])
	if name == "" || i+1 < len(lines) && indentOf(lines[i+1]) > indentOf(lines[i]) {
		return false
	}
	sub := "--- FAIL: " + name + "/"
	for j := i - 1; j >= 0 && j >= i-maxPrintedAbove && !promptLike(lines[j]); j-- {
		if strings.HasPrefix(strings.TrimSpace(lines[j]), sub) {
			return true
		}
	}
	return false
}

var (
	// ginkgoSpecRe is the head of a Ginkgo spec's report when the spec
	// did not pass.
	// A suite's node ("[BeforeSuite] [FAILED] [0.001 seconds]") reports
	// so too, and a node that did not exit in time ("A running node failed
	// to exit in time") between rules of its own.
	ginkgoSpecRe = regexp.MustCompile(`^(?:• |\[[A-Z][\w ()]*\] )\[(?:FAILED|PANICKED|TIMEDOUT|INTERRUPTED|ABORTED)\] \[\d+(?:\.\d+)? seconds\]|^A running node failed to exit in time$`)
	// ginkgoProgressRe is ginkgo -v's line as a spec fails, above its
	// report: "[FAILED] in [It] - /x/a_test.go:19 @ 11/23/26 12:11:33.697".
	ginkgoProgressRe = regexp.MustCompile(`^\[(?:FAILED|PANICKED|TIMEDOUT|INTERRUPTED|ABORTED)\] in \[\w+\] - \S+:\d+ @ `)
)

// ginkgoRule is the rule of dashes Ginkgo draws between specs.
func ginkgoRule(l string) bool {
	t := strings.TrimSpace(l)
	return len(t) >= 20 && strings.Trim(t, "-") == ""
}

// runnerCountRe is a test framework's count of what it ran.
var runnerCountRe = regexp.MustCompile(`(?i)\b\d+ (?:passed|failed|pending|skipped|specs?|tests?|assertions?)\b`)

// underRunnerCount reports whether go test's "--- FAIL: TestX" on line i
// says nothing under it and stands right under a test framework's count
// of what it ran ("FAIL! -- 1 Passed | 3 Failed | 0 Pending | 0 Skipped").
func underRunnerCount(lines []string, i int) bool {
	if i+1 < len(lines) && indentOf(lines[i+1]) > indentOf(lines[i]) {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if l := lines[j]; !blank(l) {
			return indentOf(l) == 0 && !promptLike(l) && (runnerCountRe.MatchString(l) || strings.HasPrefix(l, "FAIL! -- "))
		}
	}
	return false
}

// unknownTargetRe is a build runner's word that no target has the name
// it was given.
var unknownTargetRe = regexp.MustCompile(`^Unknown (?:target|task|job)s?(?: specified)?: ["']?[\w:.-]+["']?$`)

// coverageGateRe is a coverage gate's verdict that the coverage is too low.
var coverageGateRe = regexp.MustCompile(`(?i)\bcoverage\b.*\b\d+(?:\.\d+)?% (?:is below (?:the )?(?:required|minimum|threshold)\b|(?:is )?(?:<|below) (?:the )?(?:required |minimum |threshold (?:of )?)?\d+(?:\.\d+)?%)`)

// coverageGate reports whether a line is a coverage gate's verdict that
// the coverage is too low: "coverage gate: total 80.4% is below the
// required 85%", "coverage gate: FAIL total 71.4% < 80.0%".
func coverageGate(l string) bool {
	return (strings.Contains(l, "% is below ") || strings.Contains(l, "% < ") || strings.Contains(l, "% below ")) && coverageGateRe.MatchString(l)
}

// errorDoingRe is the head of a Go error that says what it was doing.
var errorDoingRe = regexp.MustCompile(`^error (?:parsing|reading|loading|opening|decoding|encoding|creating|connecting|running|executing|writing|getting|fetching|calling|validating|compiling|generating|processing|starting|initializing|resolving|unmarshall?ing|marshall?ing|dialing|sending|saving|copying|removing|deleting|applying|querying|scanning|invoking) \S`)

// loggedChain reports whether t, behind Go's log date, is an error chain
// that says something failed: "create user: ent: missing required field
// \"User.created_at\"", "goose run: migraions directory does not exist",
// as log.Fatal prints a wrapped error.
func loggedChain(t string) bool {
	k := strings.Index(t, ": ")
	if k <= 0 || k > 48 || !(t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z') || strings.Contains(t, ". ") || strings.ContainsAny(t, "`*") {
		return false
	}
	// (Fields — "retries=3, last error: none", "failed=2 error=<nil>" —
	// count; a child's exit status is the child's own output's to say.)
	if strings.Contains(t, "=") || strings.HasSuffix(t, ": none") || strings.Contains(t, "<nil>") || strings.HasPrefix(t[strings.LastIndex(t, ": ")+2:], "exit status ") {
		return false
	}
	// The head names what was being done ("create user", "goose run",
	// "SQL logic error"); what follows says it failed.
	return (failurePhrase(t[k+2:]) || failurePhrase(t[:k])) && !attemptRe.MatchString(t[:k]) && !quietWords[strings.ToLower(t[:k])] && !quietNames[strings.ToLower(t[:k])]
}

// taskEchoRe is go-task's echo of a task's command.
var taskEchoRe = regexp.MustCompile(`^task: \[[\w:.-]+\] \S`)

// relayedLevelRe is shellcheck's level in a finding another tool relays.
var relayedLevelRe = regexp.MustCompile(` reported issue in this script: SC\d+:(\w+):\d+:\d+: `)

// maxConsoleLines is how far under vitest's header a test's console
// output is read.
const maxConsoleLines = 200

// vitestConsoleRe is vitest's header over what a test wrote to the
// console: "stderr | src/x.test.ts > suite > test", or the file alone.
var vitestConsoleRe = regexp.MustCompile(`^(?:stdout|stderr) \| \S+\.[cm]?[jt]sx?(?: > .*)?$`)

// consoleAbove returns the window's index of the last vitest console
// header at or above line i, or -1.
func (doc *document) consoleAbove(i int) int {
	for k := len(doc.consoles) - 1; k >= 0; k-- {
		if h := doc.consoles[k] - doc.base; h <= i {
			return h
		}
	}
	return -1
}

// vitestConsole reports whether line i is vitest's console header, on
// line h, or a line under it before the blank line that ends the test's
// output.
func vitestConsole(lines []string, i, h int) bool {
	if h < 0 || i-h > maxConsoleLines {
		return false
	}
	for j := i; j > h; j-- {
		if blank(lines[j]) {
			return false
		}
	}
	return true
}

// teamcityAttrRe is an attribute of a TeamCity service message:
// name='value', the value escaped with bars.
var teamcityAttrRe = regexp.MustCompile(`(\w+)='((?:[^'|]|\|.)*)'`)

// teamcityUnescape returns a TeamCity service message's value as it was
// written: "|'" a quote, "|n" a newline, "||" a bar.
func teamcityUnescape(v string) string {
	if !strings.Contains(v, "|") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '|' || i+1 == len(v) {
			b.WriteByte(v[i])
			continue
		}
		i++
		switch v[i] {
		case 'n':
			b.WriteByte('\n')
		case 'r':
		default:
			b.WriteByte(v[i]) // |' |[ |] ||
		}
	}
	return b.String()
}

// teamcityVerdict judges a TeamCity service message (golangci-lint's
// teamcity format, a test runner's or a build script's): an inspection at
// its severity, a failed test, a build problem, an error message. The
// text is what it says, at its place.
func teamcityVerdict(t string) verdict {
	name, rest, _ := strings.Cut(t[len("##teamcity["):], " ")
	attrs := map[string]string{}
	for _, m := range teamcityAttrRe.FindAllStringSubmatch(rest, -1) {
		attrs[m[1]] = teamcityUnescape(m[2])
	}
	msg := strings.TrimSpace(strings.SplitN(cmp.Or(attrs["message"], attrs["description"], attrs["text"]), "\n", 2)[0])
	if msg == "" {
		return verdict{}
	}
	switch name {
	case "inspection":
		text := msg
		if f := attrs["file"]; f != "" {
			text = f + ":" + cmp.Or(attrs["line"], "0") + ": " + msg
		}
		switch strings.ToUpper(cmp.Or(attrs["SEVERITY"], "ERROR")) {
		case "ERROR":
			return verdict{kind: kindError, fam: famLine, text: text, cat: cmp.Or(findingCat(text), errkind.CategoryBuild)}
		case "WARNING":
			return verdict{kind: kindWarning, fam: famLine, text: text}
		}
	case "testFailed":
		return verdict{kind: kindError, fam: famLine, text: cmp.Or(attrs["name"], "test") + ": " + msg, cat: errkind.CategoryTest}
	case "buildProblem":
		return verdict{kind: kindError, fam: famLine, text: msg, cat: errkind.CategoryBuild}
	case "message":
		if attrs["status"] == "ERROR" || attrs["status"] == "FAILURE" {
			return verdict{kind: kindError, fam: famLine, text: msg}
		}
	}
	return verdict{}
}

// leaksFoundRe is gitleaks' count of the secrets it found.
var leaksFoundRe = regexp.MustCompile(`(?:^|\s)leaks found: [1-9]\d*$`)

// secretFinding reports whether line i heads gitleaks' report of a
// secret: its "Secret:" and "RuleID:" fields follow.
func secretFinding(lines []string, i int) bool {
	secret, rule := false, false
	for j := i + 1; j < len(lines) && j <= i+4; j++ {
		secret = secret || strings.HasPrefix(lines[j], "Secret:")
		rule = rule || strings.HasPrefix(lines[j], "RuleID:")
	}
	return secret && rule
}

// markedCountRe is a count of problems under a failure mark.
var markedCountRe = regexp.MustCompile(`^\S+\s+found [1-9]\d* (?:problems?|errors?)\b`)

// yamlLineRe is go-yaml's error at a line of a document.
var yamlLineRe = regexp.MustCompile(`(?:^|: )yaml: line \d+: \S`)

// errorListRe is a message that ends by announcing a list of errors.
var errorListRe = regexp.MustCompile(`(?i)\S \w*\s?errors?(?: occurred| found)?:$`)

// errorListHead reports whether t, a message wrapped by what it failed at
// ("cfgcheck: x.yaml: yaml: unmarshal errors:") and no compiler's
// diagnostic at a place, announces a list of errors, and next, the line
// under it, is the first item: indented, not blank.
func errorListHead(t, next string) bool {
	return indentOf(next) > 0 && strings.TrimSpace(next) != "" && strings.Contains(t, ": ") && diagnosticLen(t) == 0 &&
		errorListRe.MatchString(t) && !strings.HasPrefix(t, "Error:")
}

// stepFailedExitRe is a script's verdict on a step it ran, with the
// step's exit status: "step import: FAILED (exit 1)".
var stepFailedExitRe = regexp.MustCompile(`^(?:[\w.-]+(?:\[\d+\])?: )?(?:\[?(?:ERROR|FAIL|FATAL)\]?:? )?(?:step )?[\w/.-]+: FAILED \((?:exit|rc|status|code)[ =]?\d+\)$`)

// goTestName reports whether s is a Go test's, benchmark's, fuzz
// target's or example's name alone on its line, as go test -list prints
// them: "TestWrapError".
func goTestName(s string) bool {
	if s == "" || s[0] != 'T' && s[0] != 'B' && s[0] != 'F' && s[0] != 'E' {
		return false
	}
	for _, p := range [...]string{"Test", "Benchmark", "Fuzz", "Example"} {
		rest, ok := strings.CutPrefix(s, p)
		if !ok || rest == "" || rest[0] != '_' && (rest[0] < 'A' || rest[0] > 'Z') {
			continue
		}
		for k := 0; k < len(rest); k++ {
			if !isWordByte(rest[k]) {
				return false
			}
		}
		return true
	}
	return false
}

// goListErrField reports whether line i, an "Err" field, is go list
// -json's error: in an "Error" object, or an entry of "DepsErrors".
func goListErrField(lines []string, i int) bool {
	open, _ := jsonObjectAround(lines, i, max(0, i-maxGoListError))
	if open < 0 {
		return false
	}
	ot := strings.TrimSpace(lines[open])
	return ot == `"Error": {` || ot == "{" && open > 0 && (strings.HasSuffix(strings.TrimSpace(lines[open-1]), `"DepsErrors": [`) || strings.TrimSpace(lines[open-1]) == "},")
}

// goModuleErrField reports whether line i, an "Error" field, is the go
// command's error in its JSON for a module (go mod download -json's).
func goModuleErrField(lines []string, i int) bool {
	open, close := jsonObjectAround(lines, i, max(0, i-maxGoListError))
	return open >= 0 && moduleObject(lines, open, close)
}

// quotedPlaceRe is a diagnostic at a place whose file's name is quoted.
var quotedPlaceRe = regexp.MustCompile(`^"[^"\s]+":\d+: [a-z]`)

// goRunExit reports whether t is go run's report that the program it ran
// failed: "exit status 1".
func goRunExit(t string) bool {
	n := strings.TrimPrefix(t, "exit status ")
	return len(n) < len(t) && n != "0" && n != "" && digits(n, 3) == len(n)
}

// lastWords judges the lines that end on line i, right above go run's
// "exit status 1", which no rule took: the last thing the program printed
// before it failed, its fatal message ("2026/11/23 19:07:55 spans: item
// 1: reversed span 9-2", "usage: spanx LIST"), when it is one. The message
// may go on over lines of its own (errors.Join's, printed whole), up to
// the record that heads it. It returns the verdict and the message's
// first line. A record at another level, a test binary's verdict, a race
// detector's count or a frame says the program said why elsewhere.
func lastWords(doc *document, i, floor int) (verdict, int) {
	start := i + 1
	for j := i; j >= floor && j > i-maxJoinedItems && messageLine(doc, j); j-- {
		start = j
		if _, stamped := recordPrefix(doc.lines[j]); stamped {
			break // the record the message starts in
		}
	}
	if start > i {
		return verdict{}, i
	}
	msg := strings.TrimSpace(doc.short[start])
	cat := matchRules(clip(msg))
	if cat == "" && !strings.HasPrefix(strings.ToLower(msg), "usage:") {
		cat = errkind.CategoryRuntime // the program gave up as it ran (log.Fatal's record, its own words)
	}
	return verdict{kind: kindError, fam: famRecord, text: msg, cat: cat}, start
}

// messageLine reports whether line i of the window may be part of what a
// program printed as it gave up: at the margin, no record at a level
// other than error's, no test binary's verdict or count, no frame, no
// prompt.
func messageLine(doc *document, i int) bool {
	l, t := doc.lines[i], doc.short[i]
	if blank(t) || indentOf(l) > 0 || l[0] == '\t' || l[0] == '{' || promptLike(l) || commandStart(l) || goFrameRe.MatchString(t) || goResultLine(t) || t == "FAIL" || t == "PASS" || goPackageFailed(t) || goRunExit(t) || t == "stderr:" || t == "stdout:" ||
		strings.HasPrefix(t, "Found ") || strings.HasPrefix(t, "ok ") || strings.HasPrefix(t, "=== ") || doc.diff[i] || doc.quoted[i] {
		return false
	}
	lv := lineLevel(l, t)
	return lv == levelNone || lv == levelError
}

// fatalTail returns the end of the block of the error on line i that ends
// on line end,
// taken on over the rest of the message the program logged whole as it
// gave up, right above go run's "exit status 1": the items of an
// errors.Join under the log.Fatal record that printed the first.
func fatalTail(doc *document, i, end int) int {
	if _, stamped := recordPrefix(doc.lines[end]); !stamped && doc.cand[i] {
		return end // (a message no rule took is the program's last words whole: lastWords)
	}
	if !doc.cand[i] && end+2 < len(doc.short) && goRunExit(doc.short[end+1]) && goGenerateExit(doc.short[end+2]) {
		// A generator's last words that no rule took: go generate's line
		// under its exit status says it is the generator's failure (its
		// conclusion, taken under it).
		return end + 1
	}
	for k := end + 1; k < len(doc.short) && k <= end+maxJoinedItems; k++ {
		if goRunExit(doc.short[k]) {
			return k - 1
		}
		if _, stamped := recordPrefix(doc.lines[k]); stamped || !messageLine(doc, k) {
			return end
		}
	}
	return end
}

// endsInCause reports whether msg ends in the cause an error reported
// above named: the words after one of its colons, long enough to be one
// ("resize batch failed: resize a.png: png: invalid format" under "worker:
// resize a.png: png: invalid format"). A program's last words that only
// say again why it failed are its recap.
func endsInCause(msg, above string) bool {
	for k := strings.Index(above, ": "); k >= 0; {
		c := above[k+2:]
		if len(c) < minCause {
			return false
		}
		if strings.HasSuffix(msg, c) {
			return true
		}
		n := strings.Index(c, ": ")
		if n < 0 {
			return false
		}
		k += 2 + n
	}
	return false
}

// zeroFieldRe is a count of failures that is zero, or an error field
// that holds none: "failed=0", "errors: 0", "err=<nil>", "0 failed".
var zeroFieldRe = regexp.MustCompile(`\b(?:(?:[Ff]ailed|[Ff]ailures?|[Ee]rrors?|err|[Ff]atals?|[Pp]anics?)(?:=|: ?)(?:0|<nil>|nil|null|none)|0 (?:failed|failures?|errors?|fatals?|panics?|missing|problems?))\b`)

// onlyZeroCounts reports whether the words that make s a program's
// complaint are all in counts of none ("reports: run complete failed=0
// duration=12ms"): a report that nothing failed.
func onlyZeroCounts(s string) bool {
	if !strings.Contains(s, "=0") && !strings.Contains(s, ": 0") && !strings.Contains(s, "nil") && !strings.Contains(s, "none") && !strings.Contains(s, "null") && !strings.Contains(s, "0 ") {
		return false
	}
	rest := zeroFieldRe.ReplaceAllString(s, "")
	return len(rest) < len(s) && !shapes.res[rToolErr].MatchString(rest) && !complaint(rest)
}

// xtraceLine reports whether s is the shell's trace of a command under
// set -x: "+ ", one "+" more a level of nesting, then a command word.
func xtraceLine(s string) bool {
	k := 0
	for k < len(s) && k < 8 && s[k] == '+' {
		k++
	}
	if k == 0 || k+1 >= len(s) || s[k] != ' ' {
		return false
	}
	c := s[k+1]
	return c >= 'a' && c <= 'z' || c == '[' || c == '.' || c == '/' || c == '\'' || c == '_'
}

// levelKeyRe is an object's level at error's, on a line of its own:
// SARIF's "level": "error", a record's "level": "ERROR" or "severity", Code
// Climate's "severity": "critical" (its issue's "description" says it).
var levelKeyRe = regexp.MustCompile(`^"(?:level|severity)": "(?i:error|fatal|critical|blocker|panic)",?$`)

// maxPrettyObject is the most lines an object printed over lines is read
// over, each way from its level.
const maxPrettyObject = 64

// prettyObject returns the first and last line of the object printed over
// lines that holds line i, its opening brace less indented than i and its
// closing brace at the brace's indentation, and the message it holds (a
// "text", "message" or "msg" string); ok is false when there is no such
// object or message.
func prettyObject(lines []string, i int) (start, end int, msg string, ok bool) {
	in := indentOf(lines[i])
	start = -1
	for j := i - 1; j >= 0 && j >= i-maxPrettyObject; j-- {
		l := lines[j]
		if k := indentOf(l); k < in {
			if strings.HasSuffix(strings.TrimRight(l, " "), "{") {
				start = j
			}
			break
		}
	}
	if start < 0 {
		return 0, 0, "", false
	}
	bi := indentOf(lines[start])
	end = -1
	for j := i + 1; j < len(lines) && j <= i+maxPrettyObject; j++ {
		l := lines[j]
		if blank(l) {
			break
		}
		if indentOf(l) == bi && strings.HasPrefix(strings.TrimSpace(l), "}") {
			end = j
			break
		}
		if indentOf(l) < bi {
			break
		}
	}
	if end < 0 {
		return 0, 0, "", false
	}
	for j := start + 1; j < end; j++ {
		t := strings.TrimSpace(lines[j])
		for _, k := range [...]string{`"text": "`, `"message": "`, `"msg": "`, `"description": "`, `"Text": "`} {
			if rest, found := strings.CutPrefix(t, k); found {
				if v, err := strconv.Unquote(`"` + strings.TrimSuffix(strings.TrimSuffix(rest, ","), `"`) + `"`); err == nil && v != "" {
					return start, end, v, true
				}
			}
		}
	}
	return 0, 0, "", false
}

// failedResultObject returns what the object printed over lines around
// line i (its "status": "failed") says failed: the first string of its
// "failureMessages" (its first line), else its name. ok is false when line
// i is in no such object.
func failedResultObject(lines []string, i int) (msg string, ok bool) {
	start, end, ok := objectBounds(lines, i)
	if !ok {
		return "", false
	}
	name := ""
	for j := start + 1; j < end; j++ {
		t := strings.TrimSpace(lines[j])
		if rest, found := strings.CutPrefix(t, `"fullName": "`); found && name == "" {
			name = strings.TrimSuffix(strings.TrimSuffix(rest, ","), `"`)
		}
		if t == `"failureMessages": [` && j+1 < end {
			v := strings.TrimSuffix(strings.TrimSpace(lines[j+1]), ",")
			if u, err := strconv.Unquote(v); err == nil && u != "" {
				first, _, _ := strings.Cut(u, "\n")
				return first, true
			}
		}
	}
	if name == "" {
		return "", false
	}
	return name, true
}

// objectBounds returns the first and last line of the object printed over
// lines that line i is a field of: the "{" above it, less indented, and
// the "}" at that brace's depth under it.
func objectBounds(lines []string, i int) (start, end int, ok bool) {
	in := indentOf(lines[i])
	start, end = -1, -1
	for j := i - 1; j >= 0 && j >= i-maxPrettyObject; j-- {
		if indentOf(lines[j]) < in {
			if strings.HasSuffix(strings.TrimRight(lines[j], " "), "{") {
				start = j
			}
			break
		}
	}
	if start < 0 {
		return 0, 0, false
	}
	bi := indentOf(lines[start])
	for j := i + 1; j < len(lines) && j <= i+maxPrettyObject; j++ {
		if indentOf(lines[j]) == bi && strings.HasPrefix(strings.TrimSpace(lines[j]), "}") {
			end = j
			break
		}
		if blank(lines[j]) || indentOf(lines[j]) < bi {
			break
		}
	}
	return start, end, end >= 0
}

// objectHas reports whether the object printed over lines start to end
// (prettyObject's) has a line that starts with key.
func objectHas(lines []string, start, end int, key string) bool {
	for j := start + 1; j < end; j++ {
		if strings.HasPrefix(strings.TrimSpace(lines[j]), key) {
			return true
		}
	}
	return false
}

// loggerColon reports whether s starts with a logger's name and a colon,
// as Python's logging writes "%(name)s: %(message)s": "notify: giving up"
// ("app.db: x"), not a path a runner names ("tests/x.py::test_y - ...").
func loggerColon(s string) bool {
	k := 0
	for k < len(s) && (isWordByte(s[k]) || s[k] == '.' || s[k] == '-') {
		k++
	}
	return k > 0 && k+1 < len(s) && s[k] == ':' && s[k+1] == ' ' && !strings.HasSuffix(s[:k], ".py")
}

// flagUsageHead reports whether t heads the usage Go's flag package prints
// after it refuses a command line: "Usage of ./x:", "Usage of
// /tmp/go-build1/b001/x.test:".
func flagUsageHead(t string) bool {
	return strings.HasPrefix(t, "Usage of ") && strings.HasSuffix(t, ":") && !strings.Contains(t[len("Usage of "):], " ")
}

// sqliteRow reports whether t is a row as sqlite3's list mode prints it:
// a number, then two or more fields parted by a bare "|".
func sqliteRow(t string) bool {
	k := digits(t, 12)
	if k == 0 || k >= len(t) || t[k] != '|' || strings.Count(t, "|") < 2 {
		return false
	}
	return !strings.Contains(t, " |") && !strings.Contains(t, "| ")
}
