package detect

import (
	"cmp"
	"regexp"
	"strings"

	"github.com/faultline-go/faultline/errkind"
)

// Shapes of error lines that name no level word where rLevel looks for
// one, or name it where it does not mean an error: a linter's finding
// rows, a position spelled in words, a syslog record's priority, a
// runtime's header over an uncaught condition, a message over the trace
// a runtime prints under it.

var (
	// findingTableRe is a row of a linter's finding table: the line and
	// the position, maybe labelled, the rule's code and its message, in
	// cells split by "|" ("L:   3 | P:  12 | LT01 | message").
	findingTableRe = regexp.MustCompile(`^\s*(?:[A-Za-z]{1,6}:\s*)?\d+\s*\|\s*(?:[A-Za-z]{1,6}:\s*)?\d+\s*\|\s*[A-Za-z][A-Za-z0-9_/.-]{0,30}\s*\|\s*\S`)
	// levelRowRe is a row of a finding table that names the line and the
	// level: PHP_CodeSniffer's "  6 | ERROR | [x] message".
	levelRowRe = regexp.MustCompile(`^\d+ +\| (ERROR|WARNING) +\| \S`)
	// foundCountRe is the heading of such a table.
	foundCountRe = regexp.MustCompile(`^FOUND \d+ ERRORS?(?: AND \d+ WARNINGS?)? AFFECTING \d+ LINES?$`)
	// djangoCheckRe is a finding of Django's system check.
	djangoCheckRe = regexp.MustCompile(`^(?:[\w.]+|<[^>]{1,200}>): \(\w+\.([EWC])\d{3}\) \S`)
	// uvuFailRe is uvu's failed test.
	uvuFailRe = regexp.MustCompile(`^FAIL\s+"([^"]+)"$`)
	// symfonyHeadRe heads a Symfony Console error box.
	symfonyHeadRe = regexp.MustCompile(`^In \S+\.php line \d+:$`)
	// banditRe is Bandit's issue: ">> Issue: [B602:name] message".
	banditRe = regexp.MustCompile(`^>> Issue: \[B\d+:\w+\] \S`)
	// markedRowRe is a linter's finding row whose severity is a mark, not
	// a word: "  8:15  ✖  message  rule" (stylelint's, and the like).
	markedRowRe = regexp.MustCompile(`^\s*\d+:\d+\s+([✖✘×✗⚠‼])\s+\S`)
	// problemsRecapRe is a linter's count of its findings: "✖ 4 problems
	// (4 errors, 0 warnings)".
	problemsRecapRe = regexp.MustCompile(`^\W{0,3}\s*\d+ problems? \((\d+) errors?, \d+ warnings?\)`)
	// wordPosRe is a position spelled in words before a severity: HTML
	// Tidy's "line 11 column 1 - Error: ...".
	wordPosRe = regexp.MustCompile(`^(?:[Ll]ine \d+,? (?:[Cc]olumn|[Cc]ol\.?|[Cc]har(?:acter)?) \d+|[Ll]ine \d+)\s*(?:-|:)\s*(?:(Error|ERROR|error|Fatal|FATAL|fatal)|Warning|WARNING|warning|Info|INFO|info|Access|Config|Note|note)\b`)
	// uncaughtRe is a runtime's header over a condition nothing handled:
	// "Unhandled TYPE-ERROR in thread ...", "Unhandled exception: ...",
	// "An unhandled exception occurred at ...", Ada's "raised
	// CONSTRAINT_ERROR : x.adb:8 ...", "Fortran runtime error: ...", D's
	// "std.conv.ConvException@x.d(12): ...".
	uncaughtRe = regexp.MustCompile(`^(?:Unhandled [A-Z][A-Z0-9-]*[A-Z](?: in thread |:)|(?:An )?[Uu]nhandled (?:exception|condition|error)(?: occurred\b|:)|raised [A-Z][\w.]* : \S|[A-Z]\w* runtime error(?: \d+)?: \S|(?:[a-z]\w*\.)*[A-Z]\w*(?:Exception|Error)@\S+\(\d+\): \S)`)
	// progLevelRe is a program's complaint whose level word comes after
	// its place and the record it was reading: "gawk: cmd. line:1:
	// (FILENAME=d.csv FNR=1) fatal: ...".
	progLevelRe = regexp.MustCompile(`^[a-z][\w.+-]*: (?:[^:()]{1,40}:\d+: )?\([^()]{1,80}\) (fatal|error|warning): \S`)
	// refusalRe is a sentence that says a check of the peer failed or the
	// peer refused us: "Host key verification failed.", and behind a
	// user@host prefix "deploy@db1: Permission denied (publickey).".
	refusalRe = regexp.MustCompile(`^(?:[A-Z][\w -]{0,40} (?:verification|authentication|handshake) failed\.?|[\w.-]+@[\w.:\[\]-]+: Permission denied\b.*|(?:Unable to|Could not|Couldn't|Failed to) (?:negotiate|connect|establish|authenticate) (?:with|to) \S+[^:]*: \S.*)$`)
	// exunitHeadRe heads ExUnit's numbered report of a failed test: "  1)
	// test name (Module)".
	exunitHeadRe = regexp.MustCompile(`^\s*\d+\) test .+ \([A-Z][\w.]*\)$`)
	// lineFailRe is a file's line, then what could not be done with it,
	// with no level word: "/x/app.service:7: Failed to parse ...".
	lineFailRe  = regexp.MustCompile(`^(?:[A-Za-z]:)?[\w./\\@~+-]+\.\w+:\d+: (?:Failed to|[Cc]annot|[Cc]ould not|[Uu]nable to|[Ii]nvalid|[Uu]nknown|[Mm]issing|[Uu]nexpected|[Dd]uplicate|[Bb]ad) \S`)
	lineParseRe = regexp.MustCompile(`:\d+: (?:Failed to parse|[Ii]nvalid|[Uu]nknown|[Uu]nexpected|[Bb]ad) `)
	// emptyErrorRe is a field that names an error and holds none: "error:
	// null", "errors: 0", "failed: false", "err = nil".
	emptyErrorRe = regexp.MustCompile(`(?i)^(?:error|errors|err|fatal|failure|failures|failed|exception)\s*[:=]\s*(?:null|nil|none|undefined|false|0|\[\]|\{\}|""|''|~)\s*,?$`)
	// errorCallRe is an uncaught error call as GHC's runtime prints it:
	// "prog: Module.function: message" ("Limit.hs: Prelude.read: no
	// parse", "lookup: Map.!: given key is not an element in the map").
	errorCallRe = regexp.MustCompile(`^[A-Za-z][\w.-]*[a-z][\w.-]*: (?:[A-Z][\w']*\.)+[^\s:]+: \S`)
	// verdictWordRe is a program's verdict in capitals: "gpg: BAD
	// signature from ...".
	verdictWordRe = regexp.MustCompile(`^[a-z][\w.+~-]*: (?:BAD|INVALID|FAILED|DENIED|REJECTED)\b`)
	// reportHeadRe heads a test runner's report of one test, by its kind
	// and place: busted's "Failure -> spec/x_spec.lua @ 5", "Error -> ...".
	reportHeadRe = regexp.MustCompile(`^(Failure|Error) (?:->|→) \S+ @ \d+$`)
	// codedLevelRe is a level word, then the error's number and where it
	// arose: OpenSSL's "error 20 at 0 depth lookup: unable to get ...".
	codedLevelRe = regexp.MustCompile(`^(?:error|ERROR|Error) \d+(?: at [\w ]{1,40})?: \S`)
	// subjectRe is the name of what a check was on, printed over its
	// verdict: "CN = web.internal.test".
	subjectRe = regexp.MustCompile(`^\w{1,20} = \S`)
	// midUncaughtRe is the same header after what the program printed
	// on the line before it died: "ratio An unhandled exception occurred
	// at $0000000000401100:".
	midUncaughtRe = regexp.MustCompile(`\sAn unhandled exception occurred at `)
)

// traceOpener reports whether a line opens the trace a runtime prints
// under an uncaught error's message: Tcl's errorInfo ("    while
// executing"), Haskell's "CallStack (from HasCallStack):", Ruby's and
// Crystal's "  from x.rb:3:in ...".
func traceOpener(l string) bool {
	if l == "" || l[0] != ' ' && l[0] != '\t' && l[0] != 'C' {
		return false
	}
	t := l[skipBlanks(l, 0):]
	if t == "" || t[0] != 'w' && t[0] != 'i' && t[0] != 'C' && t[0] != 'f' {
		return false
	}
	switch {
	case t == "while executing" || t == "invoked from within":
		return len(t) < len(l)
	case strings.HasPrefix(t, "CallStack (from "):
		return true
	case strings.HasPrefix(t, "from ") && len(t) < len(l):
		return rubyFromRe.MatchString(t)
	}
	return false
}

var rubyFromRe = regexp.MustCompile(`^from \S+:\d+(?::\d+)?:? ?in [` + "`" + `'"]`)

// syslogPri returns the severity of a syslog record's priority ("<129>"
// is local0's alert: 1), or -1 when the line starts with none.
func syslogPri(s string) int {
	if len(s) < 4 || s[0] != '<' {
		return -1
	}
	n, i := 0, 1
	for ; i < len(s) && i < 5 && isDigit(s[i]); i++ {
		n = n*10 + int(s[i]-'0')
	}
	if i == 1 || i >= len(s) || s[i] != '>' || n > 191 {
		return -1
	}
	if r := s[i+1:]; len(r) == 0 || !(isDigit(r[0]) || 'A' <= r[0] && r[0] <= 'Z') {
		return -1 // a record goes on with its timestamp or version
	}
	return n & 7
}

// findingCandidate is stage 1 for the shapes here that name no trigger
// word.
func findingCandidate(line string) bool {
	t := line[skipBlanks(line, 0):]
	if t == "" {
		return false
	}
	switch {
	case t[0] == '<':
		if sev := syslogPri(t); sev >= 0 {
			return sev <= 4
		}
		return strings.Contains(t, ">: (") && djangoCheckRe.MatchString(t) // Django's check of a class
	case isDigit(t[0]) && (markedRowRe.MatchString(t) || strings.Contains(t, ") test ") && exunitHeadRe.MatchString(t)):
		return true
	case mayBeTableRow(t) && findingTableRe.MatchString(t):
		return true
	case checkerRowShape(t):
		return true
	case strings.HasPrefix(t, "Assertion Failed: "):
		return true // behave's failed step's reason
	case strings.HasPrefix(t, ">> Issue: ["):
		return true // Bandit's issue
	case strings.HasPrefix(t, "In ") && symfonyHeadRe.MatchString(t):
		return true // a Symfony Console application's error box
	case strings.Contains(t, ": (") && djangoCheckRe.MatchString(t):
		return true
	case len(t) == len(line) && placedRuleRow(t):
		return true // a linter's finding with its rule in a column or brackets
	case len(t) == len(line) && isDigit(t[0]) && strings.Contains(t[:min(len(t), 6)], ") "):
		return true // a numbered item at the margin: maybe a failure's (stage 2 looks for its section)
	}
	// (An uncaught condition's header holds a trigger word: unhandled,
	// runtime error, error, exception.)
	return mayBeErrorCall(t) && (errorCallRe.MatchString(t) || verdictWordRe.MatchString(t))
}

// mayBeErrorCall rules out, without a regular expression, lines that
// errorCallRe and verdictWordRe cannot match: a name, ": ", a capital.
func mayBeErrorCall(t string) bool {
	k := 0
	for k < len(t) && t[k] != ' ' && t[k] != ':' {
		k++ // the program's name: one word
	}
	if k == 0 || k+3 >= len(t) || t[k] != ':' || t[k+1] != ' ' {
		return false
	}
	r := t[k+2:]
	if c := r[0]; c < 'A' || c > 'Z' {
		return false
	}
	if j := strings.Index(r, ": "); j > 0 && strings.IndexByte(r[:j], '.') > 0 && strings.IndexByte(r[:j], ' ') < 0 {
		return true // "Module.function: "
	}
	for _, w := range []string{"BAD", "INVALID", "FAILED", "DENIED", "REJECTED"} {
		if strings.HasPrefix(r, w) {
			return true
		}
	}
	return false
}

// findingVerdict is stage 2 for the shapes here; ok is false when none
// of them decides the line.
func findingVerdict(raw, s, t string, below []string) (verdict, bool) {
	if sev := syslogPri(raw); sev >= 0 {
		switch {
		case sev <= 3:
			return verdict{kind: kindError, fam: famRecord, text: t}, true
		case sev == 4:
			return verdict{kind: kindWarning, fam: famLine, text: t}, true
		}
		return verdict{}, true // the record's priority says it is no error
	}
	if t == "" {
		return verdict{}, false
	}
	if len(t) <= 24 && strings.IndexAny(t, ":=") > 0 && emptyErrorRe.MatchString(t) {
		return verdict{}, true // an error field with nothing in it
	}
	if mayBeTableRow(t) && findingTableRe.MatchString(t) {
		return verdict{kind: kindError, fam: famLine, text: t, cat: findingCat(t)}, true
	}
	if placedRuleRow(t) {
		// A linter's finding at a place, its rule or linter named in a
		// column or in brackets: golangci-lint's tab format ("jobs.go:38:14
		// errcheck  Error return ..."), a report's "x.go:38 [errcheck] ...".
		return verdict{kind: kindError, fam: famLine, text: t, cat: cmp.Or(findingCat(t), errkind.CategoryBuild)}, true
	}
	if m := levelRowMatch(t); m != nil {
		// PHP_CodeSniffer's full report: "  6 | ERROR | [x] message",
		// its wrapped rows indented under it.
		if m[1] == "WARNING" {
			return verdict{kind: kindWarning, fam: famLine, text: t}, true
		}
		return verdict{kind: kindError, fam: famLine, text: t, cat: cmp.Or(findingCat(t), errkind.CategoryBuild)}, true
	}
	if strings.HasPrefix(t, "FOUND ") && foundCountRe.MatchString(t) {
		return verdict{kind: kindSummary, fam: famLine, text: t}, true // its heading: "FOUND 11 ERRORS AFFECTING 5 LINES"
	}
	if m := djangoMatch(t); m != nil {
		// Django's system check: "app.Model.field: (fields.E120) msg";
		// W is a warning, E and C fail the check.
		if m[1] == "W" {
			return verdict{kind: kindWarning, fam: famLine, text: t}, true
		}
		return verdict{kind: kindError, fam: famLine, text: t, cat: cmp.Or(matchRules(t), errkind.CategoryBuild)}, true
	}
	if strings.HasPrefix(t, "SystemCheckError: System check identified") {
		return verdict{kind: kindSummary, fam: famLine, text: t}, true // the issues listed under it are the errors
	}
	if strings.HasPrefix(t, "*** Error compiling '") {
		// compileall: the file, then the compiler's error under it.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategorySyntax}, true
	}
	if strings.HasPrefix(t, "FAIL") && uvuFailRe.MatchString(t) {
		// uvu: ' FAIL  "test name"' over the assertion and its stack.
		return verdict{kind: kindError, fam: famReport, text: t}, true
	}
	if strings.HasPrefix(t, "In ") && symfonyHeadRe.MatchString(t) {
		// Symfony Console's error box (Composer, artisan): "In
		// Factory.php line 320:" over the padded lines of the message.
		return verdict{kind: kindError, fam: famBanner, text: t}, true
	}
	if strings.HasPrefix(t, ">> Issue: [") && banditRe.MatchString(t) {
		// Bandit: every issue fails the run, whatever its severity.
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryBuild}, true
	}
	c := t[0]
	switch {
	case isDigit(c):
		if m := markedRowRe.FindStringSubmatch(t); m != nil {
			if m[1] == "⚠" || m[1] == "‼" {
				return verdict{kind: kindWarning, fam: famLine, text: t}, true
			}
			return verdict{kind: kindError, fam: famLine, text: t, cat: findingCat(t)}, true
		}
		if m := recapMatch(t); m != nil {
			if m[1] == "0" {
				return verdict{}, true
			}
			return verdict{kind: kindSummary, fam: famLine, text: t}, true
		}
		if strings.Contains(t, ") test ") && exunitHeadRe.MatchString(s) {
			return verdict{kind: kindError, fam: famNumbered, text: t}, true
		}
	case (c == 'l' || c == 'L') && strings.HasPrefix(t[1:], "ine "):
		if m := wordPosRe.FindStringSubmatch(t); m != nil {
			if m[1] != "" {
				return verdict{kind: kindError, fam: famLine, text: t, cat: findingCat(t)}, true
			}
			return verdict{}, true
		}
	case !isWordByte(c) && c != '<':
		if m := recapMatch(t); m != nil {
			if m[1] == "0" {
				return verdict{}, true
			}
			return verdict{kind: kindSummary, fam: famLine, text: t}, true
		}
	}
	if indentOf(s) == 0 && mayBeRefusal(t) && refusalRe.MatchString(t) {
		return verdict{kind: kindError, fam: famLine, text: t, cat: errkind.CategoryNetwork}, true
	}
	if indentOf(s) == 0 && mayBeLineFail(t) && lineFailRe.MatchString(t) {
		v := verdict{kind: kindError, fam: famLine, text: t}
		if lineParseRe.MatchString(t) {
			v.cat = errkind.CategorySyntax // a line of the file that does not parse
		}
		return v, true
	}
	if !strings.Contains(s, ") ") {
		// (progLevelRe needs one.)
	} else if m := progLevelRe.FindStringSubmatch(s); m != nil {
		if m[1] == "warning" {
			return verdict{kind: kindWarning, fam: famLine, text: t}, true
		}
		// The record it was reading: the program was running.
		return verdict{kind: kindError, fam: famTool, text: t, cat: errkind.CategoryRuntime}, true
	}
	if (c == 'F' || c == 'E') && strings.Contains(t, " @ ") {
		if m := reportHeadRe.FindStringSubmatch(s); m != nil {
			v := verdict{kind: kindError, fam: famException, text: t, cat: errkind.CategoryTest}
			if m[1] == "Error" {
				// What the test raised, under its name, decides.
				v.cat = errkind.CategoryRuntime
				if len(below) > 1 && !blank(below[1]) {
					v.cat = conditionCat(strings.TrimSpace(below[1]))
				}
			}
			return v, true
		}
	}
	if indentOf(s) == 0 && mayBeErrorCall(t) && !shapes.res[rToolQuiet].MatchString(t) {
		switch {
		case verdictWordRe.MatchString(t):
			return verdict{kind: kindError, fam: famLine, text: t, cat: conditionCat(t)}, true
		case errorCallRe.MatchString(t) && !isCode(s):
			return verdict{kind: kindError, fam: famException, text: t, cat: conditionCat(t)}, true
		}
	}
	if (c == 'e' || c == 'E') && len(t) > 6 && isDigit(t[6]) && codedLevelRe.MatchString(t) {
		// A check the program ran that failed where it ran, whatever it
		// checked (a certificate's chain, not a connection).
		return verdict{kind: kindError, fam: famException, text: t, cat: errkind.CategoryRuntime}, true
	}
	if indentOf(s) == 0 && mayBeUncaught(t) {
		if uncaughtRe.MatchString(t) || strings.Contains(t, " unhandled exception occurred ") && midUncaughtRe.MatchString(t) {
			return verdict{kind: kindError, fam: famException, text: t, cat: conditionCat(t)}, true
		}
	}
	return verdict{}, false
}

// traceEnd returns the last line of the trace a runtime prints under an
// uncaught error whose block so far ends at end: Tcl's errorInfo (its
// indented lines and the quoted commands between them), a numbered
// backtrace after a blank line ("Backtrace for: ...", "0: (F 5)") and the
// runtime's last word under it.
func traceEnd(lines []string, i, end, limit int) int {
	if codedLevelRe.MatchString(lines[i]) {
		// The same level word goes on with the verdict: "error web.crt:
		// verification failed".
		for j := end + 1; j <= limit && j <= end+4 && strings.HasPrefix(lines[j], lines[i][:6]); j++ {
			end = j
		}
		return end
	}
	if reportHeadRe.MatchString(lines[i]) {
		// A test's report: its name and what went wrong, to the blank
		// line.
		for j := i + 1; j <= limit && !blank(lines[j]) && !promptLike(lines[j]) && !reportHeadRe.MatchString(lines[j]); j++ {
			end = j
		}
		return end
	}
	if i+1 <= limit && (strings.TrimSpace(lines[i+1]) == "while executing" || end > i && strings.TrimSpace(lines[end]) == "while executing") {
		for j := end + 1; j <= limit && !blank(lines[j]); j++ {
			if indentOf(lines[j]) == 0 && lines[j][0] != '"' && !strings.HasPrefix(strings.TrimSpace(lines[j-1]), `"`) {
				break
			}
			end = j
		}
		return end
	}
	if end == i {
		// A message of several lines (JSON.parse quotes the text it
		// could not read), then the frames: the frames say where it
		// ends.
		for j := i + 1; j <= limit && j <= i+maxMessageLines; j++ {
			if blank(lines[j]) && (j == i+1 && !strings.HasSuffix(lines[i], "Exception: ") && !yamlLike(lines[i]) || j+1 > limit || blank(lines[j+1])) || promptLike(lines[j]) {
				break // (a blank line inside it only when the message quotes a snippet: js-yaml's)
			}
			if isFrame(lines[j]) {
				return captureIndented(lines, j, limit, false)
			}
		}
	}
	if f := framesAfterMarker(lines, end, limit); end > i && f > 0 {
		// The frames under the snippet a message quoted and its marker
		// (js-yaml's "--------^" and the snippet's lines after it).
		end = captureIndented(lines, f, limit, false)
		if strings.HasSuffix(lines[end], " {") {
			// Node's property block after the last frame, to its brace.
			for j := end + 1; j <= limit && j <= end+maxBannerLines*5 && !blank(lines[j]); j++ {
				if lines[j] == "}" {
					return j
				}
			}
		}
		return end
	}
	if i+1 <= limit && strings.HasPrefix(lines[i+1], "CallStack (from ") {
		// Haskell's call stack: its header and the frames under it.
		end = i + 1
		for j := end + 1; j <= limit && indentOf(lines[j]) > 0 && !blank(lines[j]); j++ {
			end = j
		}
		return end
	}
	j := end + 1
	if j <= limit && blank(lines[j]) {
		j++
	}
	if j > limit || !strings.HasPrefix(lines[j], "Backtrace") || !strings.HasSuffix(strings.Fields(lines[j])[0], ":") &&
		!strings.HasPrefix(lines[j], "Backtrace for") {
		return end
	}
	end = j
	for j = end + 1; j <= limit && numberedFrameRe.MatchString(lines[j]); j++ {
		end = j
	}
	if end+2 <= limit && blank(lines[end+1]) && lastWordRe.MatchString(lines[end+2]) {
		end += 2
	}
	return end
}

var (
	numberedFrameRe = regexp.MustCompile(`^\s*\d+: \S`)
	lastWordRe      = regexp.MustCompile(`^[Uu]nhandled .*, quitting$`)
)

// findingRow reports whether a line is a linter's finding row of a shape
// here: a finding table's row, a row marked "✖", a position in words
// before "Error:".
func findingRow(t string) bool {
	t = strings.TrimLeft(t, " \t")
	if t == "" {
		return false
	}
	if mayBeTableRow(t) && (findingTableRe.MatchString(t) || levelRowMatch(t) != nil) || checkerRowShape(t) {
		return true
	}
	if isDigit(t[0]) {
		return markedRowRe.MatchString(t)
	}
	return (t[0] == 'l' || t[0] == 'L') && wordPosRe.MatchString(t)
}

var (
	// findingSyntaxRe is a linter's finding that the input holds what its
	// grammar does not know or cannot read.
	findingSyntaxRe = regexp.MustCompile(`(?i)\b(?:unknown|unrecognized|not recognized|unparsable|parse error|parsing error|could(?:n't| not) find closing|missing closing)\b|\|\s*PRS\s*\|`)
	// conditionRefRe and conditionTypeRe are an uncaught condition's
	// words for a name that is not bound and a value of the wrong type.
	conditionRefRe  = regexp.MustCompile(`(?i)no such variable|undefined (?:variable|function)|\bunbound[- ]variable\b|\bundefined-function\b`)
	conditionTypeRe = regexp.MustCompile(`(?i)\btype[- ]error\b|\bnon-numeric\b|\bis not of type\b|\battempt to (?:index|call|perform arithmetic on|compare|concatenate) `)
)

// findingCat is the category a finding row's words decide, or "".
func findingCat(t string) errkind.Category {
	if findingSyntaxRe.MatchString(t) {
		return errkind.CategorySyntax
	}
	return ""
}

// conditionCat is the category of an uncaught condition's header: a
// name not bound, a value of the wrong type, what the rules say, or else
// a crash.
func conditionCat(t string) errkind.Category {
	switch {
	case conditionRefRe.MatchString(t):
		return errkind.CategoryReference
	case conditionTypeRe.MatchString(t):
		return errkind.CategoryType
	}
	if c := matchRules(clip(t)); c != "" {
		return c
	}
	return errkind.CategoryRuntime
}

// mayBeVerdict rules out lines verdictWordRe cannot match: it needs one
// of its capitalised verdicts after a colon and a space.
func mayBeVerdict(t string) bool {
	return strings.Contains(t, ": BAD") || strings.Contains(t, ": INVALID") || strings.Contains(t, ": FAILED") ||
		strings.Contains(t, ": DENIED") || strings.Contains(t, ": REJECTED")
}

// refusalStart returns the first line of a failed check's block whose
// verdict is on line i ("Host key verification failed."): the sentence
// right above it that says why ("No RSA host key is known for ...").
func refusalStart(lines []string, i, start, floor int) int {
	t := lines[i]
	if start == i && i-1 >= floor && codedLevelRe.MatchString(t) && subjectRe.MatchString(lines[i-1]) {
		return i - 1 // what was checked, printed above the verdict ("CN = x")
	}
	if start == i && mayBeVerdict(t) && verdictWordRe.MatchString(t) {
		// A program's verdict in capitals closes its report: the lines
		// above it with its prefix ("gpg: Signature made ...").
		p := t[:strings.Index(t, ": ")+2]
		for j := i - 1; j >= floor && j >= i-10 && strings.HasPrefix(lines[j], p); j-- {
			start = j
		}
		return start
	}
	if start < i || i-1 < floor || !strings.HasSuffix(strings.TrimRight(t, " "), "failed.") || !refusalRe.MatchString(t) {
		return start
	}
	a := strings.TrimRight(lines[i-1], " ")
	if blank(a) || indentOf(a) > 0 || promptLike(a) || !strings.HasSuffix(a, ".") || len(a) > 200 || a[0] < 'A' || a[0] > 'Z' {
		return start
	}
	return i - 1
}

// Literal tests that rule out, without a regular expression, the lines
// the rules here cannot match: most lines of any output.

func mayBeTableRow(t string) bool {
	k := strings.IndexByte(t, '|')
	return k > 0 && strings.IndexByte(t[k+1:], '|') > 0
}

func recapMatch(t string) []string {
	if !strings.Contains(t, " problem") {
		return nil
	}
	return problemsRecapRe.FindStringSubmatch(t)
}

func mayBeRefusal(t string) bool {
	return strings.Contains(t, " failed") || strings.Contains(t, "Permission denied") ||
		strings.HasPrefix(t, "Unable to ") || strings.HasPrefix(t, "Could") || strings.HasPrefix(t, "Failed to ")
}

func mayBeLineFail(t string) bool {
	k := strings.Index(t, ": ")
	if k < 3 || k+2 >= len(t) || !isDigit(t[k-1]) || strings.IndexByte("FCcUuIiMmDdBb", t[k+2]) < 0 {
		return false
	}
	j := k - 1
	for j > 0 && isDigit(t[j]) {
		j--
	}
	return t[j] == ':' && !isDigit(t[j-1]) // one line number, not "x.go:12:5"
}

func mayBeUncaught(t string) bool {
	if c := t[0]; c == 'U' || c == 'r' {
		return true
	}
	return strings.Contains(t, "nhandled ") || strings.IndexByte(t, '@') > 0 || strings.Contains(t, " runtime error")
}

var (
	// posWordsRowRe is a checker's finding row in the compact layout, the
	// position in words after the file: "x.css: line 3, col 19, Error -
	// message (rule)", "x.js: line 2, col 14, Missing semicolon.".
	posWordsRowRe = regexp.MustCompile(`^[^\s:]+: line \d+, col(?:umn)? \d+, (?:(Warning|warning|WARNING|Info|info|Notice|Hint)\b)?`)
	// rowNoteRe is what a checker writes on each finding row beside its
	// message: the rule's name or code in brackets ("[build/namespaces]
	// [5]", "(tag-pair)"), its confidence ("(60% confidence)"), the
	// suggested fix ("colour ==> color").
	rowNoteRe = regexp.MustCompile(`(?:\[[\w./-]+\](?:\s+\[\d+\])?|\(\d+% confidence\)|\([a-z][a-z0-9]*(?:[-/][a-z0-9]+)+\)\.?)\s*$|\S ==> \S`)
)

// onePosMsg returns the message of a finding row with one position and
// no column, "path.ext:N: message", or "".
func onePosMsg(t string) string {
	k := strings.Index(t, ": ")
	if k < 3 || !isDigit(t[k-1]) {
		return ""
	}
	j := k - 1
	for j > 0 && isDigit(t[j]) {
		j--
	}
	if t[j] != ':' || j == 0 || isDigit(t[j-1]) {
		return "" // no line number, or a line and a column
	}
	p := t[:j]
	if strings.IndexByte(p, '.') < 0 || strings.ContainsAny(p, " \t\"'()=,;<>|") {
		return ""
	}
	msg := strings.TrimLeft(t[k+2:], " ")
	if msg == "" || levelFirst(msg) {
		return "" // a level word decides elsewhere
	}
	return msg
}

// levelFirst reports whether a message starts with a level word.
func levelFirst(msg string) bool {
	lower := strings.ToLower(msg[:min(len(msg), 8)])
	for _, w := range []string{"error", "warning", "warn", "note", "info", "fatal"} {
		if strings.HasPrefix(lower, w) && (len(lower) == len(w) || !isWordByte(lower[len(w)])) {
			return true
		}
	}
	return false
}

// checkerRowShape reports whether a line has the shape of a checker's
// finding row that names no level word: the compact layout's position in
// words, or one position and a message that carries its rule, its
// confidence or its fix.
func checkerRowShape(t string) bool {
	if t == "" || t[0] == ' ' || t[0] == '\t' {
		return false
	}
	if strings.Contains(t, ": line ") && strings.Contains(t, ", col") && posWordsRowRe.MatchString(t) {
		return true
	}
	msg := onePosMsg(t)
	return msg != "" && (strings.Contains(msg, " ==> ") || !looksLikeCode(msg)) && rowNoteRe.MatchString(msg)
}

// checkerVerdict is stage 2 for a checker's finding rows with no level
// word. The compact layout decides alone; a row with one position is a
// finding only in a run of such rows (another within three lines), the
// shape of a checker's report, not of a search's hit.
func checkerVerdict(lines []string, i int) (verdict, bool) {
	t := lines[i]
	if !checkerRowShape(t) {
		return verdict{}, false
	}
	t = strings.TrimSpace(t)
	if m := posWordsRowRe.FindStringSubmatch(t); m != nil {
		if m[1] != "" {
			return verdict{kind: kindWarning, fam: famLine, text: t}, true
		}
		return verdict{kind: kindError, fam: famLine, text: t}, true
	}
	for j := max(0, i-3); j < len(lines) && j <= i+3; j++ {
		if j != i && checkerRowShape(lines[j]) {
			return verdict{kind: kindError, fam: famLine, text: t}, true
		}
	}
	return verdict{}, false
}

// failuresItem reports whether line i is a numbered item of a runner's
// "Failures:" section at the margin ("1) Suite spec", "2) Scenario: x #
// features/x.feature:7"): the heading is looked for over the section's
// items, at most 80 lines up.
func failuresItem(lines []string, i int) bool {
	t := lines[i]
	if len(t) < 4 || !isDigit(t[0]) || !numberedRe.MatchString(t) {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-80; j-- {
		l := strings.TrimRight(lines[j], " ")
		if l == "Failures:" || l == "Failed tests:" || l == "Failed scenarios:" {
			return true
		}
		if l != "" && l[0] != ' ' && l[0] != '\t' && !isDigit(l[0]) {
			return false // another section's line at the margin
		}
	}
	return false
}

// maxMessageLines bounds the lines of an exception's message before its
// frames.
const maxMessageLines = 12

// levelRowMatch is levelRowRe's submatches, without running it on lines
// that cannot match: a number, then "| ERROR" or "| WARNING".
func levelRowMatch(t string) []string {
	if t == "" || !isDigit(t[0]) || !strings.Contains(t, "| ERROR") && !strings.Contains(t, "| WARNING") {
		return nil
	}
	return levelRowRe.FindStringSubmatch(t)
}

// placedRuleRow reports whether a line is a finding at a file's place
// with its rule or linter named before the message: in a column after two
// blanks or more ("jobs.go:38:14  errcheck     Error return ..."), or in
// brackets ("jobs.go:38 [errcheck] Error return ...").
func placedRuleRow(t string) bool {
	sp := strings.IndexByte(t, ' ')
	if sp < 5 || sp > 200 {
		return false
	}
	place := t[:sp]
	c := strings.IndexByte(place, ':')
	if c <= 2 || c+1 >= len(place) || !isDigit(place[c+1]) || strings.IndexByte(place[:c], '.') < 0 {
		return false
	}
	for _, r := range place[c+1:] {
		if !(r == ':' || r >= '0' && r <= '9') {
			return false
		}
	}
	rest := t[sp:]
	if strings.HasPrefix(rest, " [") {
		k := strings.IndexByte(rest, ']')
		return k > 2 && k < 40 && k+2 < len(rest) && rest[k+1] == ' ' && ruleName(rest[2:k]) && !levelField(rest[2:k]) // (a level is yamllint's: below)
	}
	if k := strings.Index(rest, ": "); k > 2 && k < 24 && rest[0] == ' ' && rest[1] != ' ' && !strings.HasSuffix(place, ":") {
		// A linter's name after a place with no column, as a report put
		// through jq prints it: "store.go:63 govet: assign: self-assignment".
		w := rest[1:k]
		lower := true
		for i := 0; i < len(w); i++ {
			if c := w[i]; !(c >= 'a' && c <= 'z' || isDigit(c)) {
				lower = false
			}
		}
		return lower && !levelField(w) && k+2 < len(rest)
	}
	if !strings.HasPrefix(rest, "  ") {
		return false
	}
	rest = strings.TrimLeft(rest, " ")
	k := strings.IndexByte(rest, ' ')
	return k > 1 && k < 40 && ruleName(rest[:k]) && strings.HasPrefix(rest[k:], "  ") && strings.TrimLeft(rest[k:], " ") != ""
}

// ruleName reports whether s may name a linter or a rule: "errcheck",
// "SA1019", "no-unused-vars".
func ruleName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '-' || c == '_' || c == '/' || c == '.') {
			return false
		}
	}
	return s != ""
}

// djangoMatch is djangoCheckRe's submatches, without running it on lines
// that hold no ": (".
func djangoMatch(t string) []string {
	if !strings.Contains(t, ": (") {
		return nil
	}
	return djangoCheckRe.FindStringSubmatch(t)
}

// yamlLike reports whether an exception line is a YAML parser's, whose
// message quotes the input after a blank line.
func yamlLike(l string) bool {
	return strings.Contains(l, "YAMLException") || strings.Contains(l, "YAMLError")
}

// markerLine reports whether a line only points at a column: dashes or
// spaces up to a caret ("--------^").
func markerLine(l string) bool {
	t := strings.TrimRight(l, " ")
	return len(t) > 1 && t[len(t)-1] == '^' && strings.Trim(t[:len(t)-1], "- ~") == ""
}

// framesAfterMarker returns the line of the first frame under line end
// when only a marker line ("--------^") and the snippet's numbered lines
// (" 5 | x") come between, or 0.
func framesAfterMarker(lines []string, end, limit int) int {
	marked := false
	for j := end + 1; j <= limit && j <= end+6; j++ {
		switch l := lines[j]; {
		case markerLine(l):
			marked = true
		case snippetNumRe.MatchString(l):
		case isFrame(l):
			if marked {
				return j
			}
			return 0
		default:
			return 0
		}
	}
	return 0
}

// snippetNumRe is a numbered line of a quoted snippet: " 5 |     x".
var snippetNumRe = regexp.MustCompile(`^\s*\d+ \|`)

// codePlaceLen returns the length of the place a line starts with when a
// tab, then code, follows it: errcheck's "store.go:16:12:\tenc.Encode(v)"
// (with -verbose, the function's name and a tab before the code). 0 when
// the line has another shape.
func codePlaceLen(s string) int {
	if s == "" || s[0] == ' ' || s[0] == '\t' {
		return 0
	}
	t := strings.IndexByte(s[:min(len(s), 512)], '\t')
	if t < 6 || s[t-1] != ':' {
		return 0 // (the place's tab is the line's first)
	}
	k := diagnosticLen(s[:t] + " " + s[t+1:min(len(s), t+2)])
	if k == 0 || k >= len(s) || s[k-1] != '\t' || s[k] == ' ' || s[k] == '\t' || strings.Count(s[:k], ":") != 3 {
		return 0
	}
	return k
}

// maxToolAbove is how far above a finding that names nothing the line
// naming the tool that printed it may be.
const maxToolAbove = 24

// uncheckedError reports whether line i is errcheck's finding, a place
// and the call whose error is dropped: its findings name no rule and no
// word, so the tool must be named above them, on its command's line or a
// runner's (make's echo, a hook's id), with only its findings, its
// -verbose "checking pkg" lines and a runner's lines between. A search's
// matches (rg --vimgrep, "x.go:3:1:\tcode") are not findings.
func uncheckedError(lines []string, i int) bool {
	if codePlaceLen(lines[i]) == 0 || !strings.HasSuffix(strings.TrimRight(lines[i], " "), ")") && !strings.Contains(lines[i], " = ") {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-maxToolAbove; j-- {
		l := strings.TrimSpace(lines[j])
		switch {
		case codePlaceLen(lines[j]) > 0 || strings.HasPrefix(l, "checking ") || strings.HasPrefix(l, "- ") || l == "":
			continue
		case hasWord(l, "errcheck"):
			return true
		}
		return false
	}
	return false
}

// hasWord reports whether s holds w as a word of its own.
func hasWord(s, w string) bool {
	for k := 0; ; {
		j := strings.Index(s[k:], w)
		if j < 0 {
			return false
		}
		a, b := k+j, k+j+len(w)
		if (a == 0 || !isWordByte(s[a-1])) && (b == len(s) || !isWordByte(s[b])) {
			return true
		}
		k = b
	}
}
