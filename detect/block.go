package detect

import (
	"github.com/faultline-go/faultline/errkind"

	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Lines that continue an error's block whatever their indentation.
var (
	caretRe     = regexp.MustCompile(`^\s*[\^~][\^~\s-]*$`)
	locationRe  = regexp.MustCompile(`^\s*(?:File ".*", line \d+.*|[\w:./\\@~+-]+:\d+|<[\w.-]+>:\d+|\S+\(\d+,\d+\))$`)
	gccInRe     = regexp.MustCompile(`^(?:\S+: (?:In (?:function|member function|static member function|constructor|destructor|instantiation|substitution|lambda)\b.*|At global scope|Assembler messages):|In file included from .*|\s+from .*[,:]|\S+:\d+:\d+:\s+(?:required|recursively required|instantiated) (?:from|by) .*)$`)
	frameRe     = regexp.MustCompile(`^\s+at |^\s*Caused by:(?: |$)|^\s*Suppressed: |^\s*\.\.\. \d+ (?:more|common frames omitted)|^Emitted '.*' event(?: .*)? at:$|^\s+from \S+:\d+:in |^Stack trace:$|^#\d+ (?:\S+\(\d+\): |\{main\}|\[internal function\])|^\s+thrown in |^(?:hint|help): |^\s*Did you mean\?|^\S+:\d+:in [` + "`" + `'][^']*'$|^BEGIN failed--compilation aborted|^stack traceback:$|^(?:/|[A-Za-z]:\\)\S+:\d+$|^Execution of \S+ aborted due to compilation errors`)
	rustLineRe  = regexp.MustCompile(`^\s*(?:-->|::: |\d*\s*\||= (?:note|help)|\.\.\.$)|^(?:help|note): |^\d+ [+~-] `)
	tscSnipRe   = regexp.MustCompile(`^\d+ \S`)
	pyFileRe    = regexp.MustCompile(`^\s*File ".*", line \d+`)
	numberedRe  = regexp.MustCompile(`^\s*\d+\) \S`)
	snippetRe   = regexp.MustCompile(`^\s*%?\s*\d*\s*\|`)
	noteRe      = regexp.MustCompile(`^\s*(?:[A-Za-z]:)?[\w./\\@~+-]+(?::\d+)+:\s*note:|^note: `)
	goFrameRe   = regexp.MustCompile(`^(?:goroutine \d+ (?:.* )?\[|created by |\[signal |\s*\[recovered\]|panic\(|panic: |[\w./*()\[\]{}%-]+(?:\.[\w*()\[\]{}%-]+)*\(.*\)$|\t| +\S+\.(?:go|s):\d+)`)
	pyChainRe   = regexp.MustCompile(`^(?:During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)$`)
	pyExcRe     = regexp.MustCompile(`^[\w.]*[A-Za-z]\w*(?::.*)?$`)
	raceEndRe   = regexp.MustCompile(`^={10,}$`)
	sectionEnd  = regexp.MustCompile(`^(?:_{3,} .* _{3,}|={3,}.*)$`)
	libtestEnd  = regexp.MustCompile(`^(?:---- .* ----|failures:|test result: .*)$`)
	stars       = regexp.MustCompile(`^\*{10,}$`)
	pyExcLineRe = regexp.MustCompile(`^(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt)\b`)
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
	if i-1 >= floor && asyncioFuture(lines[i]) && asyncioRe.MatchString(lines[i-1]) {
		// asyncio's "Task exception was never retrieved" over the future
		// that names the exception (its traceback below).
		_, end, key = capture(lines, i, i, fam)
		return i - 1, end, key
	}
	if h := pipHead(lines, i, floor); h >= 0 {
		if end = pipDiagnostic(lines, h, min(len(lines)-1, h+maxBlockScan)); end > h {
			// pip's verdict on the diagnostic above it ("error:
			// metadata-generation-failed", "╰─> See above for output.")
			// closes it.
			j := end + 1
			for j < len(lines) && blank(lines[j]) {
				j++
			}
			if j < len(lines) && pipHeadRe.MatchString(strings.TrimSpace(lines[j])) {
				if e := pipDiagnostic(lines, j, min(len(lines)-1, j+maxBlockScan)); e > j && seeAbove(lines[j:e+1]) {
					end = e
				}
			}
			return h, end, i
		}
	}
	if strings.HasSuffix(lines[i], " aborted!") && abortedRe.MatchString(lines[i]) && i+1 < len(lines) && !blank(lines[i+1]) {
		// rake's "rake aborted!": the exception or the failed command
		// under it, a snippet error_highlight indents after a blank
		// line, the frames, "Tasks: TOP => x" and the --trace hint.
		end, key = i, i+1
		for j := i + 1; j < len(lines) && j <= i+maxBannerLines*5; j++ {
			l := lines[j]
			if promptLike(l) {
				break
			}
			if blank(l) {
				if j+1 < len(lines) && indentOf(lines[j+1]) > 0 && !blank(lines[j+1]) {
					continue
				}
				break
			}
			end = j
			if strings.HasPrefix(l, "(See full trace") {
				break
			}
		}
		return i, end, key
	}
	if strings.HasPrefix(lines[i], "E: Unable to correct problems") || strings.HasPrefix(lines[i], "E: Unmet dependencies") {
		// apt: "Some packages could not be installed" and the unmet
		// dependencies it lists head its conclusion.
		for j := i - 1; j >= floor && j >= i-40 && !promptLike(lines[j]); j-- {
			if strings.HasPrefix(lines[j], "Some packages could not be installed") {
				return j, i, i
			}
		}
	}
	if strings.Contains(lines[i], "***Timeout") && ctestFailRe.MatchString(lines[i]) {
		end = i // the test's output under it, to the blank line
		for j := i + 1; j < len(lines) && j <= i+maxBlockScan && !blank(lines[j]) && !ctestLineRe.MatchString(strings.TrimSpace(lines[j])) &&
			!strings.HasPrefix(strings.TrimSpace(lines[j]), "Start "); j++ {
			end = j
		}
		return i, end, i
	}
	switch fam {
	case famFields:
		return i, matchedBelow(lines, i, i+maxBlockScan, reportFieldRe), i // its fields, "Label:  value", to the blank line
	case famHook:
		return i, matchedBelow(lines, i, i+4, hookFieldRe), i // its id, its exit code, its word on files it changed
	}
	if httpFailLine(lines[i]) {
		// A failed response curl -i printed: its status line, its
		// headers, a blank line, its body to the next blank line.
		limit := min(len(lines)-1, i+maxBlockScan)
		end = i
		j := i + 1
		for j <= limit && j <= i+maxResponseHeaders && headerLineRe.MatchString(strings.TrimSuffix(lines[j], "\r")) {
			end, j = j, j+1
		}
		if j <= limit && blank(lines[j]) {
			for k := j + 1; k <= limit && k <= j+maxBlockScan && !blank(lines[k]) && !promptLike(lines[k]) && !commandStart(lines[k]) && !stampedOrRecord(lines[k]); k++ {
				end = k
			}
		}
		return i, end, i
	}
	if strings.HasPrefix(lines[i], prettierIssues) {
		// prettier --check's list of the files it would reformat, each a
		// "[warn] x" line, over its count: one failed check.
		start = i
		for j := i - 1; j >= floor && strings.HasPrefix(lines[j], "[warn] ") && !strings.HasPrefix(lines[j], prettierIssues); j-- {
			start = j
		}
		return start, i, i
	}
	if strings.HasPrefix(lines[i], "\timports ") {
		if h := importChain(lines, i); h >= floor {
			return h, i, i // the chain of imports that ends in the error
		}
	}
	if i-1 >= floor && strings.HasPrefix(lines[i], "error: failed to push some refs") && strings.HasPrefix(lines[i-1], " ! [") {
		// git push's status of each ref it could not update (" !
		// [rejected]  main -> main (fetch first)") says why.
		_, end, key = capture(lines, i, i, fam)
		start = i
		for j := i - 1; j >= floor && strings.HasPrefix(lines[j], " ! ["); j-- {
			start = j
		}
		if start-1 >= floor && strings.HasPrefix(lines[start-1], "To ") && !strings.Contains(lines[start-1][3:], " ") {
			start-- // "To <remote>": where the refs were to go
			for start-1 >= floor && strings.HasPrefix(lines[start-1], "remote: ") {
				start-- // what the remote's hook said about them
			}
		}
		return start, end, key
	}
	start, end, key = stepAbove(lines, i, floor)
	if start < i {
		// A failed step's report under it: the step heads the block.
		s, e, k := capture(lines, i, i, fam)
		return min(start, s), e, k
	}
	limit := min(len(lines)-1, i+maxBlockScan)
	switch fam {
	case famTraceback:
		end, key = captureTraceback(lines, i, limit)
		if i-2 >= floor && strings.TrimSpace(lines[i-1]) == `"""` && strings.Contains(lines[i-2], "RemoteTraceback") &&
			end+1 <= limit && strings.TrimSpace(lines[end+1]) == `"""` {
			// multiprocessing's RemoteTraceback: the worker's traceback
			// quoted under it, and the parent's re-raise it caused.
			start = i - 2
			j := end + 2
			for j <= limit && blank(lines[j]) {
				j++
			}
			if j <= limit && strings.HasPrefix(lines[j], "The above exception was the direct cause") {
				for j++; j <= limit && blank(lines[j]); j++ {
				}
				if j <= limit && tracebackRe.MatchString(lines[j]) {
					end, key = captureTraceback(lines, j, limit)
					return start, end, key
				}
			}
			return start, end + 1, key
		}
		// An exception whose message goes on in paragraphs after a blank
		// line, each a heading and what is indented under it
		// (jsonschema's "Failed validating ... in schema:" and "On
		// instance[...]:").
		for end+3 <= limit && blank(lines[end+1]) && paragraphHead(lines[end+2]) && indentOf(lines[end+3]) > 0 && !blank(lines[end+3]) {
			end += 3
			for end+1 <= limit && indentOf(lines[end+1]) > 0 && !blank(lines[end+1]) {
				end++
			}
		}
		// asyncio's "Task exception was never retrieved" and the future it
		// names stand over the traceback.
		start = captureAbove(lines, i, floor, fam)
		if i-2 >= floor && asyncioRe.MatchString(lines[i-2]) && asyncioFuture(lines[i-1]) {
			start = min(start, i-2)
		}
		if start == i && i-1 >= floor && headsTrace(lines[i-1]) && !statesException(lines[i-1]) {
			start = i - 1
		}
		return start, end, key
	case famRace:
		for j := i + 1; j <= limit; j++ {
			l := lines[j]
			if !blank(l) && indentOf(l) == 0 && !raceLineRe.MatchString(l) && !elided(l) {
				break // a report cut short: what follows is not its (a harness's elision is)
			}
			end = j
			if raceEndRe.MatchString(l) {
				break
			}
		}
		for end > i && blank(lines[end]) {
			end--
		}
		if i-1 >= floor && raceEndRe.MatchString(lines[i-1]) {
			start = i - 1
		}
		return start, end, key
	case famXMLFailure:
		for j := i; j <= limit && j <= i+maxBannerLines; j++ {
			if strings.Contains(lines[j], "</failure>") {
				end = j
				break
			}
		}
		return start, end, key
	case famVetJSON:
		// From the object's "{" to its "}", its suggested fixes with it.
		if st, e, ok := objectBounds(lines, i); ok && st >= floor && st >= i-4 {
			start, end = st, e
			// lostcancel's second finding, the return that leaks the
			// cancel var, is the same one: its object right under.
			if strings.Contains(strings.Join(lines[st:e+1], "\n"), "the cancel function") && e+2 <= limit && strings.TrimSpace(lines[e+1]) == "{" {
				for j := e + 2; j <= limit && j <= e+5; j++ {
					if strings.Contains(lines[j], "this return statement may be reached without using the cancel var") {
						if _, e2, ok := objectBounds(lines, j); ok {
							end = e2
						}
						break
					}
				}
			}
			return start, end, key
		}
		if i-1 >= floor && strings.TrimSpace(lines[i-1]) == "{" {
			start = i - 1
		}
		for j := i + 1; j <= limit && j <= i+3; j++ {
			t := strings.TrimSpace(lines[j])
			end = j
			if t == "}" || t == "}," || strings.HasPrefix(t, `"message": `) && (j+1 > limit || !strings.HasPrefix(strings.TrimSpace(lines[j+1]), "}")) {
				break
			}
		}
		return start, end, key
	case famPrettyJSON:
		if st, e, _, ok := prettyObject(lines, i); ok && st >= floor {
			return st, e, key
		}
		if st, e, ok := objectBounds(lines, i); ok && st >= floor {
			return st, e, key // (an object whose message is no "text" or "message" string)
		}
		return start, end, key
	case famPkgConfig:
		for j := i + 1; j <= limit && j <= i+4 && pkgConfigMoreRe.MatchString(lines[j]); j++ {
			end = j
		}
		return start, end, key
	case famRaceTail:
		return max(raceTailStart(lines, i), floor), i, i
	case famGoPanic:
		end = captureGoPanic(lines, i, limit)
		if end == i && i+2 <= limit && blank(lines[i+1]) && strings.HasPrefix(strings.TrimSpace(lines[i+2]), "-> ") {
			// chi's Recoverer prints the panic, then its frames with
			// arrows and indentation, to an empty line.
			for j := i + 1; j <= limit && (blank(lines[j]) || indentOf(lines[j]) > 0); j++ {
				if !blank(lines[j]) {
					end = j
				}
			}
		}
	case famRustPanic:
		// libtest: "---- tests::x stdout ----", a blank line, the panic.
		if j := i - 1; j-1 >= floor && blank(lines[j]) && strings.HasPrefix(lines[j-1], "---- ") {
			start = j - 1
		}
		for j := i + 1; j <= limit; j++ {
			if blank(lines[j]) {
				break
			}
			end = j
			if strings.HasPrefix(lines[j], "note: ") {
				break
			}
		}
		// libtest's notes on a should_panic test under the panic ("note:
		// panic did not contain expected string" with the message and
		// the substring indented under it).
		for end+1 <= limit && strings.HasPrefix(lines[end], "note: ") &&
			(strings.HasPrefix(lines[end+1], "note: ") || indentOf(lines[end+1]) > 0 && !blank(lines[end+1])) {
			end++
			for end+1 <= limit && indentOf(lines[end+1]) > 0 && !blank(lines[end+1]) {
				end++
			}
			if !strings.HasPrefix(lines[end], "note: ") {
				break
			}
		}
		return start, end, key
	case famRun:
		// The lines with the same prefix, and the lines indented under
		// them; when the first names a place of its own ("[ERROR]
		// /x/A.java:[5,9] ...", "[error] src/x.js: SyntaxError: ..."), the
		// next that does starts another error.
		prefix := runPrefixRe.FindString(lines[i])
		prefix = strings.TrimSpace(prefix)
		first := strings.TrimPrefix(lines[i], prefix)
		own := positionedRe.MatchString(first) || fileNamedRe.MatchString(first)
		for j := i + 1; j <= limit; j++ {
			l := lines[j]
			if strings.HasPrefix(l, prefix) {
				if c := strings.TrimPrefix(l, prefix); own && !strings.HasPrefix(c, "  ") && strings.TrimSpace(c) != "" && !codeFrameRe.MatchString(c) {
					break
				}
			} else if blank(l) || indentOf(l) == 0 {
				break
			}
			end = j
		}
		for end > i && strings.TrimSpace(lines[end]) == prefix {
			end--
		}
		if end+2 <= limit && exceptionRe.MatchString(lines[end+1]) && frameRe.MatchString(lines[end+2]) {
			end = captureIndented(lines, end+1, limit, false) // the report's exception
			// and the run's lines after it: Maven's help trailer.
			for j := end + 1; j <= limit && strings.HasPrefix(lines[j], prefix) && !own; j++ {
				end = j
			}
		} else if end+1 <= limit && indentOf(lines[end+1]) == 0 && exceptionRe.MatchString(lines[end+1]) && (end+2 > limit || blank(lines[end+2])) {
			end++ // the report's exception, without frames (surefire's "<<< FAILURE!" over an AssertionError)
		}
		return start, end, key
	case famLinker:
		if strings.Contains(lines[i], ": running ") && strings.Contains(lines[i], " failed: exit status ") {
			// Go's linker on the external linker it ran: the command
			// line it echoes and all the linker said, to a blank line.
			for j := i + 1; j <= limit && !blank(lines[j]) && !promptLike(lines[j]) && indentOf(lines[j]) == 0; j++ {
				end = j
			}
			return start, end, key
		}
		for j := i + 1; j <= limit && linkerRe.MatchString(lines[j]); j++ {
			end = j
		}
		for j := i - 1; j >= floor && (linkerRe.MatchString(lines[j]) || strings.Contains(lines[j], ": in function ")); j-- {
			start = j
		}
		return start, end, key
	case famSection:
		next := sectionEnd
		if strings.HasPrefix(lines[i], "---- ") {
			next = libtestEnd
		}
		for j := i + 1; j <= limit && !next.MatchString(lines[j]); j++ {
			end = j
		}
		for end > i && blank(lines[end]) {
			end--
		}
		return start, end, lastException(lines, start, end, key)
	case famUnittest:
		for j := i + 2; j <= limit && !raceEndRe.MatchString(lines[j]) && !ruleRe.MatchString(lines[j]); j++ {
			end = j
		}
		for end > i && blank(lines[end]) {
			end--
		}
		return start, end, lastException(lines, start, end, key)
	case famDoctest:
		for j := i + 1; j <= limit && !stars.MatchString(lines[j]); j++ {
			end = j
		}
		if i-1 >= floor && strings.HasPrefix(lines[i-1], "File \"") {
			start = i - 1
		}
		return start, end, key
	case famGinkgo:
		if strings.HasPrefix(lines[i], "Failed to compile ") {
			// The go command's output a blank line under it, to the
			// next blank line.
			j := i + 1
			for j <= limit && blank(lines[j]) && j <= i+2 {
				j++
			}
			for ; j <= limit && !blank(lines[j]) && !promptLike(lines[j]); j++ {
				end = j
			}
			return start, end, key
		}
		// From the rule above (ginkgo -v names the spec and its place
		// there first) to the rule under it, or the summary.
		for j := i - 1; j >= floor && j >= i-maxBannerLines && !ginkgoRule(lines[j]) && !promptLike(lines[j]); j-- {
			if !blank(lines[j]) {
				start = j
			}
		}
		for j := i + 1; j <= limit && !ginkgoRule(lines[j]) && !promptLike(lines[j]) && !strings.HasPrefix(lines[j], "Summarizing ") && !strings.HasPrefix(lines[j], "Ran "); j++ {
			if !blank(lines[j]) {
				end = j
			}
		}
		return start, end, key
	case famSubtestLog:
		if _, run, ok := runSection(lines, i); ok {
			start = run + 1
			for start < i && blank(lines[start]) {
				start++
			}
		}
		return start, runSectionEnd(lines, i, limit), key
	case famTestEntry:
		end = testEntryEnd(lines, i, limit)
		for j := i + 1; j <= end; j++ {
			if blank(lines[j]) {
				continue
			}
			if raceHead(lines[j]) {
				for k := j + 2; k <= end; k++ {
					if raceEndRe.MatchString(lines[k]) {
						return start, k, key // a race report under the entry: the entry heads it
					}
				}
			}
			break
		}
		return start, end, key
	case famGoTest:
		end = splitSubtests(lines, i, captureIndented(lines, i, limit, false))
		if end == i && i+1 <= limit && indentOf(lines[i+1]) == indentOf(lines[i]) && subtestOf(lines[i], lines[i+1]) {
			// A parent that says nothing, over its failed subtest at its
			// own margin (tparse): the subtest's report is the parent's.
			end = captureIndented(lines, i+1, limit, false)
		}
		if indentOf(lines[i]) == 0 {
			// go test indents a test's log with spaces: a line that starts
			// with a tab is what the next test printed itself, before its
			// own "--- FAIL" (matryer/is: "\tx_test.go:42: 3 != 2").
			for j := i + 1; j <= end; j++ {
				if strings.HasPrefix(lines[j], "\t") && tabLogAboveFail(lines, j, limit) {
					end = j - 1
					for end > i && blank(lines[end]) {
						end--
					}
					break
				}
			}
		}
		if end == i && strings.Contains(lines[i], "--- FAIL: Example") && i+1 <= limit && lines[i+1] == "got:" {
			// An example whose output differs: what it printed and what
			// its comment wanted, at the margin.
			for end+1 <= limit && !exampleOutputEnd(lines[end+1]) {
				end++
			}
			for end > i && blank(lines[end]) {
				end--
			}
		}
		for end > i && (strings.HasPrefix(strings.TrimSpace(lines[end]), "--- PASS: ") || strings.HasPrefix(strings.TrimSpace(lines[end]), "--- SKIP: ")) {
			end-- // the subtests that passed after the one that failed
		}
		if end+1 <= limit && gotestsumRow(lines[i], lines[end+1]) {
			end++ // gotestsum's row for the same test, right under it (--format testname)
		}
		if p := parentFail(lines[i]); p != "" && end+1 <= limit && strings.TrimSpace(lines[end+1]) == p &&
			(end+2 > limit || indentOf(lines[end+2]) == 0) {
			end++ // a benchmark's parent, printed after its sub-benchmark and saying no more
		}
		if end+1 <= limit && (end == i || strings.Contains(lines[end+1], "[recovered")) && (goPanicRe.MatchString(lines[end+1]) && !strings.HasPrefix(lines[end+1], "Benchmark") || indentOf(lines[end+1]) > 0 && indentOf(lines[end+1]) == indentOf(lines[i]) && goPanicRe.MatchString(strings.TrimLeft(lines[end+1], " "))) {
			// The test's own panic: right under its --- FAIL line, or the
			// one the testing package recovered and panicked again. Another
			// goroutine's panic after the test's report crashed the binary
			// on its own: its own error.
			key = end + 1 // the panic says what went wrong
			end = captureGoPanic(lines, end+1, limit)
		}
		// In -v mode a test's log lines come before its --- FAIL line.
		base := indentOf(lines[i])
		for j := i - 1; j >= floor && (indentOf(lines[j]) > base || lines[j] != "" && blank(lines[j]) && j-1 >= floor && indentOf(lines[j-1]) > base) && !goResultLine(strings.TrimSpace(lines[j])); j-- {
			start = j // (a line of blanks inside a log: quicktest's, under its report)
		}
		return goSubtestLogs(lines, start, end, floor), end, key
	case famTest:
		end = captureIndented(lines, i, limit, true)
		end = captureTapParent(lines, i, end, limit)
	case famReport:
		end = captureReport(lines, i, limit)
		if i-1 >= floor && strings.HasPrefix(lines[i-1], "FAIL ") && jestRe.MatchString(lines[i]) {
			start = i - 1 // jest's "FAIL file" over its first report
		}
		return start, end, key
	case famRecord:
		end = captureIndented(lines, i, limit, false)
		if strings.Contains(lines[i], "Unclosed ") || strings.Contains(lines[i], "asyncio") {
			// asyncio's complaint about an object, its repr under it.
			for end+1 <= limit && reprFieldRe.MatchString(lines[end+1]) {
				end++
			}
		}
		if e := captureLogged(lines, end, limit); e > end {
			if !strings.HasPrefix(lines[end+1], "Traceback (") && isPyException(lines[e]) {
				// Over a request line the record says only that something
				// failed; the exception says what.
				key = e
			}
			end = e
		}
		if i-1 >= floor && julHeaderRe.MatchString(lines[i-1]) {
			start = i - 1 // java.util.logging puts the time and the logger on a line of their own
		}
		return start, end, key
	case famTool:
		end = captureTool(lines, i, limit)
		if end == i && i+1 <= limit && strings.Contains(lines[i], "unknown command") {
			if u := lines[i+1]; strings.HasPrefix(u, "usage: ") || strings.HasPrefix(u, "Usage: ") {
				end = captureIndented(lines, i+1, limit, false) // the usage the program prints under its refusal
			}
		}
		if end == i && i+1 <= limit && strings.HasPrefix(lines[i+1], "Run '") && strings.HasSuffix(strings.TrimRight(lines[i+1], " \r"), " for usage.") {
			end = i + 1 // the go command's advice under its complaint: "Run 'go help' for usage."
		}
		if i+1 <= limit && traceOpener(lines[i+1]) {
			if e := traceEnd(lines, i, end, limit); !otherErrno(lines[i], lines[e]) {
				end = e // Tcl's errorInfo under the message
			}
		}
		if j := end + 1; j <= limit && tracebackRe.MatchString(lines[j]) && headsTrace(lines[i]) {
			// "ERROR:    Exception in x" over the traceback it logs: the
			// exception says what went wrong. (A child's complaint in no
			// such words, "gostat: row 4: parsing "n/a": invalid syntax",
			// over its parent's traceback is an error of its own.)
			if e, k := captureTraceback(lines, j, limit); !otherErrno(lines[i], lines[e]) {
				end, key = e, k
			}
		}
		start = captureUsage(lines, i, floor)
		if start == i && caretSource(lines, i, floor) {
			start = i - 1
		}
		return start, end, key
	case famSanitizer:
		return captureSanitizer(lines, i, floor, limit)
	case famFailHead:
		return captureFailHead(lines, i, floor, limit)
	case famAnnotation:
		// shellcheck: "In x.sh line 3:", the source line, the carets:
		// each finding at the place under it (two carets, one line).
		for j := i + 1; j <= limit && j <= i+maxBannerLines && annotationMatch(lines[j]) != nil; j++ {
			end = j
		}
		for j := i - 1; j >= floor && j >= i-8 && !blank(lines[j]); j-- {
			if strings.HasPrefix(lines[j], "In ") && strings.Contains(lines[j], " line ") {
				start = j
				break
			}
		}
		return start, end, key
	case famGradle:
		return captureGradle(lines, i, floor, limit)
	case famTestMore:
		// Its lines go on with "#" and more space than the report's; the
		// next report or the count of failures ends it.
		for j := i + 1; j <= limit; j++ {
			l := lines[j]
			if !strings.HasPrefix(l, "#  ") || testMoreRe.MatchString(l) {
				break
			}
			end = j
		}
		return start, end, key
	case famOpenSSL:
		// The queue's lines, the program's message above them ("Could not
		// open file ...") and its conclusion below ("Unable to load
		// certificate").
		tid := queueThread(lines[i]) // the queue's thread: another is another process's
		for j := i + 1; j <= limit && opensslRe.MatchString(lines[j]); j++ {
			if t := queueThread(lines[j]); t != "" {
				if tid != "" && t != tid {
					break
				}
				tid = t
			}
			end = j
		}
		if j := i - 1; j >= floor && explains(lines[j]) && !opensslRe.MatchString(lines[j]) && triggers.holds(lines[j]) && strings.TrimSpace(lines[j]) != "stderr:" {
			start = j // (a harness's "stderr:" header over the stream is no message of the program's)
		}
		if k := verifyCallbackAbove(lines, start, floor); k < start {
			start = k
		}
		for k := i + 1; k <= end; k++ {
			if t := queueThread(lines[k]); t != "" && tid != "" && t != tid {
				end = k - 1 // (what the lines before held may run into another process's queue)
				break
			}
		}
		if j := end + 1; j <= limit && queueThread(lines[j]) == "" && (explains(lines[j]) && triggers.holds(lines[j]) || connectErrnoRe.MatchString(lines[j])) {
			end = j // "Unable to load certificate"; s_client's "connect:errno=111"
		}
		return start, end, key
	case famTerminate:
		if end+1 <= limit && strings.HasPrefix(strings.TrimSpace(lines[end+1]), "what():") {
			end++
		}
		if end+1 <= limit && shapes.res[rSignal].MatchString(lines[end+1]) {
			end++ // the shell's "Aborted (core dumped)"
		}
		return start, end, key
	case famGdb:
		for j := i + 1; j <= limit && j <= i+maxGdbLines; j++ {
			if blank(lines[j]) && j+1 <= limit && gdbLineRe.MatchString(lines[j+1]) {
				continue // gdb's warnings come after a blank line
			}
			if !gdbLineRe.MatchString(lines[j]) {
				break
			}
			end = j
		}
		if j := i - 1; j >= floor && strings.HasPrefix(lines[j], "Core was generated by") {
			start = j
		}
		return start, end, key
	case famMySQL:
		// mysql -v echoes the statement between rules of dashes, a blank
		// line, then the error.
		j := i - 1
		if j >= floor && blank(lines[j]) {
			j--
		}
		if j-1 >= floor && isDashRule(lines[j]) {
			for k := j - 1; k >= floor && k >= j-maxBlockScan; k-- {
				if isDashRule(lines[k]) {
					start = k
					break
				}
			}
		}
		return start, end, key
	case famUsage:
		// The usage the program prints under its complaint ("Usage of
		// x:", the linker's "usage: link [options] main.o", and the
		// flags indented under it).
		if i+1 <= limit {
			if u := strings.TrimSpace(lines[i+1]); strings.HasPrefix(u, "Usage") || strings.HasPrefix(u, "usage: ") {
				end = captureIndented(lines, i+1, limit, false)
			}
		}
		return start, end, key
	case famJUnit:
		base := indentOf(lines[i])
		for j := i + 1; j <= limit && !blank(lines[j]) && (indentOf(lines[j]) > base || strings.HasPrefix(lines[j], "\t")); j++ {
			end = j // (a cause the launcher prints a tab in: "\torg.opentest4j.AssertionFailedError: ...")
		}
		if j := i - 1; j >= floor && strings.HasPrefix(strings.TrimSpace(lines[j]), "MethodSource [") {
			start = j
			if j-1 >= floor && indentOf(lines[j-1]) > 0 && indentOf(lines[j-1]) < indentOf(lines[j]) && strings.Contains(lines[j-1], ":") {
				start = j - 1 // "  JUnit Jupiter:MoneyTest:splitsEvenly()"
			}
		}
		return start, end, key
	case famBiome:
		start = biomeHeadAbove(lines, i)
		if start < 0 {
			start = i
		}
		// To the empty line that ends the diagnostic (its own blank lines
		// hold two spaces), or the next header.
		for j := i + 1; j <= limit && lines[j] != "" && !(strings.Contains(lines[j], "━━━") && biomeHeadRe.MatchString(lines[j])); j++ {
			end = j
		}
		for end > i && blank(lines[end]) {
			end--
		}
		return start, end, i
	case famMiette:
		if !mietteHead(strings.TrimSpace(lines[i])) {
			start = i - 1 // the frame's first line: its head is above
		}
		for j := i + 1; j <= limit; j++ {
			end = j
			if mietteEndRe.MatchString(lines[j]) {
				break
			}
		}
		for end+1 <= limit {
			if n := strings.TrimSpace(lines[end+1]); !strings.HasPrefix(n, "help: ") && !strings.HasPrefix(n, "note: ") {
				break
			}
			end++
		}
		return start, end, start
	case famBanner:
		switch t := strings.TrimSpace(lines[i]); {
		case strings.HasPrefix(t, "In ") && symfonyHeadRe.MatchString(t):
			// The box's lines are padded with spaces, its end an empty
			// line: the message is its lines that hold text.
			for j := i + 1; j <= limit && lines[j] != "" && j <= i+maxBannerLines; j++ {
				if !blank(lines[j]) {
					end = j
				}
			}
			return start, end, key
		case strings.HasPrefix(t, "Oops! Something went wrong!"):
			// ESLint: paragraphs one blank line apart, to the next command.
			for j := i + 1; j <= limit && j <= i+maxBannerLines && !promptLike(lines[j]) && !(blank(lines[j]) && (j+1 > limit || blank(lines[j+1]))); j++ {
				if !blank(lines[j]) {
					end = j
				}
			}
			return start, end, key
		case strings.HasPrefix(t, "ERROR in "):
			// webpack: the paragraph under it, whatever its lines say.
			for j := i + 1; j <= limit && j <= i+maxBannerLines && !blank(lines[j]) && !(promptLike(lines[j]) && !codeFrameRe.MatchString(lines[j])); j++ {
				end = j
			}
			return start, end, key
		case failMarked(t):
			// esbuild: the place and the code frame, indented under a
			// blank line.
			return start, captureIndented(lines, i, limit, true), key
		}
		// A banner's report: the paragraph under it.
		for j := i + 1; j <= limit && j <= i+10 && !blank(lines[j]) && !promptLike(lines[j]) && toolPrefix(lines[j]) == ""; j++ {
			end = j
		}
		return start, end, key
	case famNumbered:
		for j := i + 1; j <= limit && !numberedRe.MatchString(lines[j]) && !numberedEndRe.MatchString(lines[j]) && !sectionHead(lines[j]) &&
			!(blank(lines[j]) && j+1 <= limit && blank(lines[j+1])); j++ {
			end = j
		}
		for end > i && blank(lines[end]) {
			end--
		}
		if i+2 <= end && !blank(lines[i+2]) {
			key = i + 2 // what failed, under the test's name
		}
		return start, end, key
	default:
		if t := strings.TrimLeft(lines[i], " \u2009"); strings.HasPrefix(t, "ERR_PNPM_") || strings.HasPrefix(t, "ERROR") && i+1 <= limit && exitStatusRe.MatchString(lines[i+1]) {
			start, end = pnpmReport(lines, i, floor, limit)
			return start, end, key
		}
		if strings.HasPrefix(lines[i], "Fatal Python error: ") || strings.HasPrefix(lines[i], "Timeout (") {
			end = captureThreadDump(lines, i, limit)
			break
		}
		if wrappedDiagnostic(lines, i, limit) {
			// mypy --pretty's message wrapped at the terminal's width:
			// its rest at the margin, then the snippet under it.
			end = captureIndented(lines, i+1, limit, true)
			break
		}
		end = captureIndented(lines, i, limit, fam == famRust || fam == famCompiler)
		if end+1 <= limit && strings.HasPrefix(lines[end+1], "goroutine ") && goroutineRe.MatchString(lines[end+1]) {
			// The stack a Go service logs under its record
			// (debug.Stack() after a recovered panic).
			end = captureGoPanic(lines, end+1, limit)
		}
		if fam == famLine && strings.Contains(lines[i], " line ") && perlDieRe(lines[i]) {
			end = capturePerl(lines, i, end, limit)
		}
		if end == i && i+1 <= limit && announces(lines[i]) && !blank(lines[i+1]) && !promptLike(lines[i+1]) {
			// A complaint that ends with a colon announces what is under
			// it: "startup failed:" over the compiler's message, "Parse
			// error on line 1:" over the line and its marker.
			end = captureIndented(lines, i+1, limit, true)
		}
		if strings.HasPrefix(lines[i], "*** Error compiling '") && end+1 <= limit && (strings.HasPrefix(lines[end+1], "Sorry: ") || isPyException(lines[end+1])) {
			end++ // compileall's error: the SyntaxError under its place, or "Sorry: " alone
		}
		if strings.HasPrefix(lines[i], ">> Issue: [") {
			// Bandit's source lines under the issue's place: "9\tcode".
			for end+1 <= limit && tabNumberedRe.MatchString(lines[end+1]) {
				end++
			}
		}
		if end == i && announces(lines[i]) {
			// "1 error(s) decoding:", a blank line, "* cannot parse ...":
			// the list of what it announced.
			end = bulletsUnder(lines, i, limit)
		}
		if fam == famCompiler && end > i && lines[end] == "but expected one of:" {
			// Nim's report of the overloads it tried: the paragraph under
			// it, and the expression after a blank line.
			for end+1 <= limit && !blank(lines[end+1]) {
				end++
			}
			if end+2 <= limit && strings.HasPrefix(lines[end+2], "expression: ") {
				end += 2
			}
		}
		if fam == famLine && strings.HasPrefix(lines[i], "init terminating in do_boot") {
			// The Erlang VM's boot crash: the reason tuple above, the crash
			// dump line after a blank one.
			if i-1 >= floor && strings.HasPrefix(lines[i-1], `{"init terminating in do_boot"`) {
				start = i - 1
			}
			if end+2 <= limit && blank(lines[end+1]) && strings.HasPrefix(lines[end+2], "Crash dump is being written to") {
				end += 2
			}
			return start, end, key
		}
		if strings.HasPrefix(lines[i], "Error: ") {
			end = max(end, cobraTail(lines, i, limit))
		}
		if lines[i] == "error during build:" {
			if i-1 >= floor && strings.HasPrefix(lines[i-1], "✗ Build failed") {
				start = i - 1 // Vite's verdict over its heading
			}
			return start, thrownTail(lines, i, limit), key
		}
		if strings.HasPrefix(lines[i], "[ELIFECYCLE] ") && i-1 >= floor && strings.TrimSpace(lines[i-1]) == "Failed" {
			start = i - 1 // pnpm's "packages/x test: Failed" over its verdict
			return start, end, key
		}
		if end == i && i+1 <= limit && strings.Contains(lines[i], "the cancel function") && strings.Contains(lines[i+1], ": this return statement may be reached without using the cancel var") {
			end = i + 1 // go vet's lostcancel names the return too, at its own place
		}
		if end == i && strings.HasPrefix(lines[i], "Could not ") {
			end = sentenceTail(lines, i, limit)
		}
		if fam == famException && end == i && strings.Contains(lines[i], ":in `") {
			// Ruby's message that runs on over lines of its own, a blank
			// one among them, before the frames ("\tfrom x.rb:3:in ...").
			end = rubyMessageTail(lines, i, limit)
		}
		if end == i && strings.Contains(lines[i], " != ") && isPyException(lines[i]) {
			end = ndiffTail(lines, i+1, limit) // unittest's assertEqual, its traceback cut: the ndiff of the two
		}
		if fam == famException || i+1 <= limit && traceOpener(lines[i+1]) {
			if e := traceEnd(lines, i, end, limit); !otherErrno(lines[i], lines[e]) {
				end = e
			}
		}
		if end > i && isPyException(lines[i]) {
			// Python prints a traceback's frames above its exception: a
			// frame under it is the next report's ("  File \"x.py\", line
			// 3" over another SyntaxError).
			for j := i + 1; j <= end; j++ {
				if strings.HasPrefix(strings.TrimLeft(lines[j], " "), "File \"") && pyFileRe.MatchString(lines[j]) {
					end = j - 1
					for end > i && blank(lines[end]) {
						end--
					}
					break
				}
			}
		}
		for fam == famException && end > i && end+1 <= limit && strings.HasPrefix(strings.TrimLeft(lines[end], " \t"), "from ") && strings.Contains(lines[end+1], ":in ") && shapes.res[rRuby].MatchString(lines[end+1]) {
			// Ruby prints the exception's cause under its frames, with
			// frames of its own ("x.rb:9:in `connect': Connection refused
			// (Errno::ECONNREFUSED)"): one failure, as a chained
			// traceback is, whose cause says what went wrong.
			key = end + 1
			end = captureIndented(lines, end+1, limit, false)
		}
		if fam == famException && end > i && abortedRe.MatchString(lines[i]) && exceptionRe.MatchString(lines[i+1]) {
			key = i + 1 // "rake aborted!": the exception says what went wrong
		}
	}
	start = refusalStart(lines, i, captureAbove(lines, i, floor, fam), floor)
	start = headerAbove(lines, start, floor)
	if fam == famException && start == i && end > i && i-1 >= floor && headsTrace(lines[i-1]) && !selfHeaded(lines[i]) {
		start = i - 1 // "Unhandled Exception:", "Caught: x" over the trace
	}
	if start < i && numberedRe.MatchString(lines[start]) {
		// A numbered report (mocha's "  1) suite"): to the next one.
		end = i
		for j := i + 1; j <= limit && !numberedRe.MatchString(lines[j]) && !(blank(lines[j]) && j+1 <= limit && blank(lines[j+1])) &&
			!numberedEndRe.MatchString(lines[j]); j++ {
			end = j
		}
		for end > i && blank(lines[end]) {
			end--
		}
	}
	return start, end, key
}

// captureFailHead returns the block of a failed assertion's head on line
// i ("x.cpp:23: Failure"): up to its test's verdict ("[  FAILED  ] T (0
// ms)"), through the test's other failures, or to the next test or rule;
// above it, the test's header between rules (Catch2's name, place and
// dotted line). What failed is on the line under the head.
func captureFailHead(lines []string, i, floor, limit int) (start, end, key int) {
	start, end, key = i, i, i
	if i+1 <= limit && !blank(lines[i+1]) {
		key = i + 1
	}
	for j := i + 1; j <= limit && j <= i+maxFailHead; j++ {
		l := lines[j]
		if testEndRe.MatchString(l) || blank(l) && (j+1 > limit || blank(lines[j+1])) {
			break
		}
		end = j
		if testVerdictRe.MatchString(l) {
			break
		}
	}
	for end > i && blank(lines[end]) {
		end--
	}
	// The header: a rule, the test's name, a rule, its place, dots.
	j := i - 1
	for j >= floor && j >= i-2 && blank(lines[j]) {
		j--
	}
	if j-2 < floor || !dotRuleRe.MatchString(lines[j]) {
		return start, end, key
	}
	for k := j - 2; k >= floor && k >= j-8; k-- {
		if ruleRe.MatchString(lines[k]) && k+1 < j-1 && ruleRe.MatchString(lines[j-2]) {
			start = k
		}
		if ruleRe.MatchString(lines[k]) && k < j-2 {
			break
		}
	}
	return start, end, key
}

// maxFailHead is the most lines a failed assertion's report is looked
// through for its test's end.
const maxFailHead = 200

var (
	// testEndRe starts what follows a test's report: the next test, a rule.
	testEndRe = regexp.MustCompile(`^(?:\[ RUN +\]|\[-{5,}\]|\[=+\]|-{20,}$|={20,}$)`)
	// testVerdictRe is a test's closing verdict: "[  FAILED  ] T (0 ms)".
	testVerdictRe = regexp.MustCompile(`^\[ +FAILED +\] \S+ \(`)
	// dotRuleRe is a rule of dots.
	dotRuleRe = regexp.MustCompile(`^\.{20,}$`)
)

// captureTapParent extends the block of a failed TAP test point on line
// i, which ends on line end, over the "not ok" of the subtest enclosing it
// when that follows directly (after the subtest's plan): the subtest
// failed because it did.
func captureTapParent(lines []string, i, end, limit int) int {
	if !tapNotOkRe.MatchString(strings.TrimLeft(lines[i], " \t")) {
		return end
	}
	// Its diagnostics as TAP comments at its margin (bats): "# (in test
	// file x.bats, line 12)".
	pad := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " \t"))]
	for end+1 <= limit && strings.HasPrefix(lines[end+1], pad+"#") && !tapTrailerRe.MatchString(lines[end+1][len(pad):]) {
		end++
	}
	j := end + 1
	for j <= limit && j <= end+3 && (blank(lines[j]) || tapPlanRe.MatchString(lines[j])) {
		j++
	}
	if j > limit || indentOf(lines[j]) >= indentOf(lines[i]) || !tapNotOkRe.MatchString(strings.TrimLeft(lines[j], " \t")) {
		return end
	}
	return captureIndented(lines, j, limit, false)
}

// tapTrailerRe is a TAP comment that is not a test's diagnostic: the next
// subtest's name, the run's counts.
var tapTrailerRe = regexp.MustCompile(`^#\s*(?:Subtest:|(?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d|\{)`)

// tapPlanRe is a TAP plan: "1..3".
var tapPlanRe = regexp.MustCompile(`^\s*\d+\.\.\d+\s*$`)

// lastException returns the line of the last exception in a report's
// block (what a Python test report's traceback ends with), or key.
func lastException(lines []string, start, end, key int) int {
	for j := end; j > start; j-- {
		if l := lines[j]; indentOf(l) == 0 && pyExcLineRe.MatchString(l) || strings.HasPrefix(l, "E  ") && exceptionRe.MatchString(l) {
			return j
		}
	}
	return key
}

// captureIndented extends a block over the lines indented under its first
// line, its frames, snippets, carets and notes, and over blank lines
// between them.
func captureIndented(lines []string, i, limit int, snippets bool) int {
	base := indentOf(lines[i])
	end := i
	braces := false  // inside an object dump: "at x (y.js:1:2) {" ... "}"
	framed := false  // a stack frame has been seen
	snipped := false // a source line over its caret has been taken
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if blank(l) {
			// A blank line continues the block only if what follows does
			// (jest and tsc put blank lines inside their reports).
			k := j + 1
			for k <= limit && blank(lines[k]) && k-j < 2 {
				k++
			}
			if k > limit || blank(lines[k]) || !continues(lines[k], lineAt(lines, k+1, limit), base, snippets, true) &&
				!((j == i+1 || snippets && !snipped && end > i && indentOf(lines[end]) > base) && snippetAt(lines, k, limit)) {
				break
			}
			if (j != i+1 || snippets) && snippetAt(lines, k, limit) && indentOf(lines[k]) <= base {
				// tsc's snippet after the message's elaboration lines
				// and a blank one: taken once.
				snipped = true
				end, j = k+1, k+1
			}
			continue
		}
		gap := 0
		if pgLabel(lines[end]) {
			gap = labelGap(lines, j, limit)
		}
		switch {
		case braces && strings.HasPrefix(l, "}"):
			braces = false
		case snippets && mayBeGccIn(l) && gccInRe.MatchString(l):
			// gcc's context lines ("In file included from", "In
			// instantiation of", "required from") belong to the notes
			// below them, or else to the next error.
			k := j
			for k <= limit && gccInRe.MatchString(lines[k]) {
				k++
			}
			if k > limit || !strings.Contains(lines[k], ": note:") {
				return end
			}
			end = k
			j = k
			continue
		case continues(l, lineAt(lines, j+1, limit), base, snippets, blank(lines[j-1])):
		case gap > 0:
			// The lines of a PostgreSQL DETAIL that psql prints at the
			// margin ("DETAIL:  Process 1 waits ..." / "Process 2 waits
			// ..."), up to the next label.
			end, j = gap, gap
			continue
		case !framed && j+1 <= limit && mayBeException(strings.TrimSpace(l)) && !strings.HasPrefix(l, "PHP ") && exceptionRe.MatchString(l) && frameRe.MatchString(lines[j+1]):
			// A report's header, then the exception and its frames; after
			// frames, another exception is another error.
		case (j == i+1 || j == i+2 && blank(lines[i+1]) || snippets && noteRe.MatchString(lines[j-1])) && snippetAt(lines, j, limit):
			// The source line under an error or its note, at the margin
			// as javac, clang and Ruby print it, over its caret.
		case j+1 <= limit && interleaved(lines, i, j):
			// A line another stream printed inside a stack trace.
		default:
			return end
		}
		end = j
		framed = framed || isFrame(l)
		if t := strings.TrimSpace(l); strings.HasSuffix(t, "{") && (frameRe.MatchString(l) || j == i+1 && exceptionRe.MatchString(lines[i])) {
			braces = true
		}
	}
	return end
}

// continues reports whether line l, after a block whose first line is
// indented base, belongs to it; next is the line after l ("" at the end).
func continues(l, next string, base int, snippets, afterBlank bool) bool {
	ind := indentOf(l)
	if ind > base && !(mayBeJestStart(l) && jestStartRe.MatchString(l)) {
		return true
	}
	// Every shape below but a note starts with one of a few bytes: look
	// at it before asking a regular expression.
	if snippets && strings.Contains(l, "note:") && noteRe.MatchString(l) {
		return true
	}
	t := strings.TrimLeft(l, " \t")
	if t == "" {
		return false
	}
	if reportLine(t) {
		return true
	}
	if (t[0] == 0xe2 || isDigit(t[0])) && boxLine(t) {
		return true
	}
	if strings.IndexByte(continueStarts, t[0]) < 0 && !isDigit(t[0]) {
		return false
	}
	if frameRe.MatchString(l) {
		return true
	}
	if snippets && (rustLineRe.MatchString(l) || snippetRe.MatchString(l) || caretRe.MatchString(l) ||
		afterBlank && tscSnipRe.MatchString(l) && caretRe.MatchString(next)) {
		return true
	}
	return caretRe.MatchString(l)
}

// continueStarts are the bytes a continuation line (a frame, a snippet, a
// caret, a hint) may start with, besides digits.
const continueStarts = "aBCDSE.ftT#hn^~-:|=/<s%"

// reportLine reports whether a line, without its indentation, is one of
// the lines a runtime or a tool prints inside its report of an error:
// rake's "Tasks: TOP => x" and its --trace hint, R's "Calls:", "In
// addition:", "In f(x) :" and "Execution halted", Nim's "but expected one
// of:", PostgreSQL's DETAIL, HINT and the like, OCaml's "Hint:" and its
// backtrace ("Raised at", "Called from").
func reportLine(t string) bool {
	switch t[0] {
	case 'T':
		return strings.HasPrefix(t, "Tasks: TOP => ")
	case '(':
		return t == "(See full trace by running task with --trace)"
	case 'R':
		return strings.HasPrefix(t, "Raised at ") || strings.HasPrefix(t, "Raised by primitive operation at ") || strings.HasPrefix(t, "Re-raised at ")
	case 'C':
		return strings.HasPrefix(t, "Calls: ") || strings.HasPrefix(t, "Called from ") || strings.HasPrefix(t, "CONTEXT:") && contLabelRe.MatchString(t)
	case 'I':
		return strings.HasPrefix(t, "In addition: ") || strings.HasPrefix(t, "In ") && strings.HasSuffix(t, " :")
	case 'E':
		return t == "Execution halted"
	case 'b':
		return t == "but expected one of:"
	case 'D', 'H', 'Q', 'S', 'L':
		return contLabelRe.MatchString(t) || strings.HasPrefix(t, "Hint: ")
	}
	return false
}

// pnpmReport returns the block of pnpm's report of an error on line i: the
// directory of the project it names, on the line above ("/x/packages/api:"),
// the "Exit status 1" under it, and the advice it gives after a blank line
// ("Command "chek" not found. Did you mean ...?").
func pnpmReport(lines []string, i, floor, limit int) (start, end int) {
	start, end = i, i
	if i-1 >= floor {
		if t := strings.TrimRight(lines[i-1], " "); strings.HasPrefix(t, "/") && strings.HasSuffix(t, ":") && !strings.Contains(t, " ") {
			start = i - 1
		}
	}
	if end+1 <= limit && exitStatusRe.MatchString(lines[end+1]) {
		end++
	}
	if end+2 <= limit && blank(lines[end+1]) && !blank(lines[end+2]) && indentOf(lines[end+2]) == 0 && !promptLike(lines[end+2]) &&
		!strings.Contains(lines[end+2], "ERR_PNPM_") && !strings.Contains(lines[end+2], "WARN") && !strings.Contains(lines[end+2], "ERROR") &&
		(end+3 > limit || blank(lines[end+3]) || promptLike(lines[end+3])) {
		end += 2
	}
	return start, end
}

// exitStatusRe is pnpm's line with a failed script's exit status.
var exitStatusRe = regexp.MustCompile(`^Exit status \d+$`)

// faultTimeoutRe is faulthandler's line when dump_traceback_later's time
// ran out: "Timeout (0:00:01)!".
var faultTimeoutRe = regexp.MustCompile(`^Timeout \(\d+:\d\d:\d\d(?:\.\d+)?\)!$`)

// threadDumpHead reports whether a line heads one thread's stack in
// faulthandler's dump: "Thread 0x00007f... (most recent call first):",
// "Current thread 0x... (most recent call first):".
func threadDumpHead(l string) bool {
	return (strings.HasPrefix(l, "Thread 0x") || strings.HasPrefix(l, "Current thread 0x")) && strings.HasSuffix(strings.TrimRight(l, " \r"), "(most recent call first):")
}

// captureThreadDump returns the end of faulthandler's report that starts
// on line i ("Fatal Python error: Segmentation fault", "Timeout
// (0:00:01)!"): every thread's stack, blank lines between them, and the
// extension modules it lists.
func captureThreadDump(lines []string, i, limit int) int {
	end := i
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		switch {
		case blank(l):
			if j+1 > limit || !threadDumpHead(lines[j+1]) && !strings.HasPrefix(lines[j+1], "Extension modules: ") && !strings.HasPrefix(lines[j+1], "Python runtime state: ") {
				return end
			}
		case threadDumpHead(l), strings.HasPrefix(l, "  File \""), strings.HasPrefix(l, "  <no Python frame>"),
			strings.HasPrefix(l, "Extension modules: "), strings.HasPrefix(l, "Python runtime state: "), strings.HasPrefix(l, "  Garbage-collecting"):
			end = j
		default:
			return end
		}
	}
	return end
}

// gitPushTail returns the end of git push's report of a ref the remote
// rejected, when the remote's error (a hook's "remote: error: ...") ends on
// line end: the "To <remote>" line, the " ! [remote rejected]" lines,
// "error: failed to push some refs" and its hints. Else end.
func gitPushTail(lines []string, end, limit int) int {
	if end+2 > limit || !strings.HasPrefix(lines[end+1], "To ") || !strings.HasPrefix(lines[end+2], " ! [") ||
		strings.HasPrefix(lines[end], "error: failed to push some refs") || strings.HasPrefix(lines[end], "hint: ") {
		return end // (a push report that closed: the next is another push's)
	}
	end += 2
	for end+1 <= limit && strings.HasPrefix(lines[end+1], " ! [") {
		end++
	}
	if end+1 <= limit && strings.HasPrefix(lines[end+1], "error: failed to push some refs") {
		end++
		for end+1 <= limit && strings.HasPrefix(lines[end+1], "hint: ") {
			end++
		}
	}
	return end
}

// thrownTail returns the end of an error a tool prints under a heading
// and then throws: its message's lines, blank ones among them, to the last
// frame of its stack ("    at x (file:1:2)") and the property block that
// frame opens. Without frames, the paragraph under the heading. It stops at
// a prompt.
func thrownTail(lines []string, i, limit int) int {
	end, last := i, -1
	for j := i + 1; j <= limit && j <= i+maxBlockScan; j++ {
		if promptLike(lines[j]) || strings.HasPrefix(lines[j], "✗ Build failed") || strings.TrimRight(lines[j], " \r") == "error during build:" {
			break // (Vite's verdict on the next build: stderr drained with no prompt between)
		}
		if frameRe.MatchString(lines[j]) && strings.HasPrefix(strings.TrimLeft(lines[j], " "), "at ") {
			last = j
		}
	}
	if last < 0 {
		for end+1 <= limit && !blank(lines[end+1]) && !promptLike(lines[end+1]) {
			end++
		}
		return end
	}
	end = last
	if strings.HasSuffix(strings.TrimRight(lines[end], " "), "{") {
		for k := end + 1; k <= limit && k <= end+maxBlockScan; k++ {
			if strings.TrimSpace(lines[k]) == "}" {
				return k
			}
			if promptLike(lines[k]) {
				break
			}
		}
	}
	return end
}

// cobraTail returns the end of what a cobra command prints under its
// "Error: ..." line: the usage ("Usage:", its indented lines, "Flags:"
// and the other headed sections, blank lines between), or the advice
// after a blank line ("Did you mean this?" over the suggestions, "Run 'x
// --help' for usage."). Else i.
func cobraTail(lines []string, i, limit int) int {
	end := i
	j := i + 1
	if j <= limit && lines[j] == "Usage:" {
		for ; j <= limit && j <= i+maxBlockScan; j++ {
			l := lines[j]
			switch {
			case blank(l):
				continue
			case indentOf(l) > 0 || cobraSection(l):
				end = j
				continue
			}
			break
		}
		return end
	}
	for j <= limit && blank(lines[j]) && j+1 <= limit {
		n := lines[j+1]
		switch {
		case strings.HasPrefix(n, "Did you mean this?"):
			end = j + 1
			for end+1 <= limit && indentOf(lines[end+1]) > 0 && !blank(lines[end+1]) {
				end++
			}
		case strings.HasPrefix(n, "Run '") && strings.HasSuffix(n, " for usage."):
			return j + 1
		default:
			return end
		}
		j = end + 1
	}
	return end
}

// cobraSection reports whether a line heads a section of cobra's usage.
func cobraSection(l string) bool {
	switch l {
	case "Usage:", "Flags:", "Global Flags:", "Available Commands:", "Aliases:", "Examples:", "Additional Commands:", "Additional help topics:":
		return true
	}
	return strings.HasPrefix(l, "Use \"") && strings.HasSuffix(l, "for more information about a command.")
}

// sentenceTail returns the end of a tool's sentence that starts on line i
// at the margin: its rest that the terminal wrapped onto the next line
// ("... Check your network connection and try" / "again."), and the list
// it goes on with after a blank line ("The source contains the following
// gems matching 'x':" over "  * x-3.0.5").
func sentenceTail(lines []string, i, limit int) int {
	end := i
	if t := strings.TrimRight(lines[i], " "); i+1 <= limit && t != "" && strings.IndexByte(".:!?)", t[len(t)-1]) < 0 {
		if n := lines[i+1]; len(n) > 0 && len(n) < 40 && n[0] >= 'a' && n[0] <= 'z' && strings.HasSuffix(n, ".") {
			end = i + 1
		}
	}
	if end+3 <= limit && blank(lines[end+1]) && indentOf(lines[end+2]) == 0 && strings.HasSuffix(strings.TrimRight(lines[end+2], " "), ":") && bulletLine(lines[end+3]) {
		end += 3
		for end+1 <= limit && bulletLine(lines[end+1]) {
			end++
		}
	}
	return end
}

// bulletLine reports whether a line is an indented item of a list: "  * x",
// "  - x".
func bulletLine(l string) bool {
	t := strings.TrimLeft(l, " ")
	return len(t) < len(l) && (strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "- "))
}

// rubyMessageTail returns the last frame under a Ruby exception whose
// message runs on over the lines below its head, blank ones among them
// (Bundler's "Could not find gem ...", a blank line, the gems the source
// has), when its "\tfrom" frames follow within a few lines; else i.
func rubyMessageTail(lines []string, i, limit int) int {
	for j := i + 1; j <= limit && j <= i+maxRubyMessage; j++ {
		l := lines[j]
		if strings.HasPrefix(l, "\tfrom ") {
			if j == i+1 {
				return i // frames right under the head: the usual capture takes them
			}
			end := j
			for end+1 <= limit && strings.HasPrefix(lines[end+1], "\tfrom ") {
				end++
			}
			return end
		}
		if promptLike(l) || len(stripPrefix(l)) < len(l) || strings.Contains(l, ":in `") {
			return i
		}
	}
	return i
}

// maxRubyMessage is the most lines a Ruby exception's message runs on
// over before its frames.
const maxRubyMessage = 12

// exampleOutputEnd reports whether a line ends the got/want output of a
// failing example: go test's own lines.
func exampleOutputEnd(l string) bool {
	return l == "FAIL" || l == "PASS" || strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "=== ") ||
		strings.HasPrefix(l, "FAIL\t") || strings.HasPrefix(l, "ok  \t") || strings.HasPrefix(l, "coverage: ") || strings.HasPrefix(l, "panic: ")
}

// goResultLine reports whether a line, trimmed, is go test's result for a
// test ("--- FAIL: TestX (0.00s)"), not a line a test logged that starts
// with dashes ("--- got").
func goResultLine(t string) bool {
	for _, p := range [...]string{"--- FAIL: ", "--- PASS: ", "--- SKIP: ", "--- BENCH: "} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// wrappedDiagnostic reports whether line i is a checker's diagnostic
// ("x.py:3: error: ...") whose message a narrow terminal wrapped onto line
// i+1 at the margin, as mypy --pretty does: a long line no wider than a
// terminal, then a line that starts no diagnostic or context of its own and ends in the error's code ("[arg-type]")
// or stands over an indented snippet.
func wrappedDiagnostic(lines []string, i, limit int) bool {
	l := lines[i]
	if len(l) < 60 || len(l) > 160 || i+1 > limit || !strings.Contains(l, ": error: ") && !strings.Contains(l, ": note: ") || strings.HasSuffix(strings.TrimRight(l, " "), "]") {
		return false
	}
	n := lines[i+1]
	if blank(n) || indentOf(n) > 0 || promptLike(n) || mayBeGccIn(n) && gccInRe.MatchString(n) || strings.Contains(n, ": error: ") || strings.Contains(n, ": note: ") || strings.Contains(n, ": warning: ") {
		return false
	}
	if t := strings.TrimRight(n, " "); strings.HasSuffix(t, "]") && errorCodeRe.MatchString(t) {
		return true
	}
	return i+2 <= limit && indentOf(lines[i+2]) > 0 && !blank(lines[i+2])
}

// errorCodeRe is the code a checker ends its message with: mypy's
// "[arg-type]".
var errorCodeRe = regexp.MustCompile(`(?:^|\s)\[[a-z][a-z0-9-]*\]$`)

// labelLine reports whether a line is one of PostgreSQL's labelled lines
// that only add to the error above ("DETAIL:  ...", "HINT:  ...").
func labelLine(l string) bool {
	t := strings.TrimLeft(l, " \t")
	return t != "" && strings.IndexByte("DHCQSL", t[0]) >= 0 && contLabelRe.MatchString(t)
}

// pgLabel reports whether a line is a PostgreSQL label as its clients
// print it, two blanks after the colon ("DETAIL:  ...", "HINT:  ..."), not
// another tool's "HINT: ...".
func pgLabel(l string) bool {
	t := strings.TrimLeft(l, " \t")
	k := strings.Index(t, ":  ")
	if k < 4 || k > 9 {
		return false
	}
	switch t[:k] {
	case "DETAIL", "HINT", "CONTEXT", "QUERY", "STATEMENT", "LOCATION":
		return true
	}
	return false
}

// maxLabelGap is the most lines a PostgreSQL label's text runs on over
// before the next label.
const maxLabelGap = 8

// labelGap returns the line of the next PostgreSQL label when the lines
// from j up to it are the previous label's text, run on at the margin:
// none blank, none an error's head. Else 0.
func labelGap(lines []string, j, limit int) int {
	for k := j; k <= limit && k < j+maxLabelGap; k++ {
		l := lines[k]
		switch {
		case blank(l) || strings.Contains(l, "ERROR:") || strings.Contains(l, "FATAL:") || strings.Contains(l, "PANIC:"):
			return 0
		case k > j && pgLabel(l):
			return k
		}
	}
	return 0
}

// captureAbove extends a block upwards over what belongs before its first
// line: a code frame (location, source line, caret) as Node and Python
// print it, gcc's "In function" lines, a numbered test report's header.
func captureAbove(lines []string, i, floor int, fam family) int {
	start := i
	j := i - 1
	for k := 0; k < 2 && j >= floor && blank(lines[j]) && fam == famException; k++ {
		j-- // Node puts a blank line between the frame and the error, tsx two
	}
	if j-1 >= floor && caretRe.MatchString(lines[j]) && !blank(lines[j-1]) && !(fam == famCompiler && positionedRe.MatchString(lines[i])) {
		// A code frame over the error (Node, Python); a caret above a
		// compiler's positioned diagnostic is the previous one's.
		start = j - 1
		if j-2 >= floor && locationRe.MatchString(lines[j-2]) {
			start = j - 2
		}
		return start
	}
	if caretSource(lines, i, floor) {
		return i - 1
	}
	if fam == famException {
		// Node's code frame whose source line is empty (the end of the
		// input, a JSON text): its place, then blanks, then the error.
		k := i - 1
		for k >= floor && k >= i-4 && blank(lines[k]) {
			k--
		}
		nodePlace := func(l string) bool {
			return locationRe.MatchString(l) && !strings.HasPrefix(strings.TrimSpace(l), "File ")
		}
		switch {
		case k >= floor && k < i-2 && nodePlace(lines[k]):
			return k
		case k-1 >= floor && k < i-1 && nodePlace(lines[k-1]):
			return k - 1 // the place, the source line with no caret under it ("<anonymous_script>:1" over a JSON text)
		}
	}
	// Python without a caret: File "x.py", line 3 / the line / the error.
	if fam == famException && i-2 >= floor && indentOf(lines[i-1]) > 0 && pyFileRe.MatchString(lines[i-2]) {
		return i - 2
	}
	if fam == famCompiler || fam == famLine {
		for j := i - 1; j >= floor && gccInRe.MatchString(lines[j]); j-- {
			start = j
		}
		// A build tool's report of the step that failed (ninja's "FAILED:
		// target") and the command it echoes head what the step printed.
		for j := start - 1; j >= floor && j >= start-3 && !blank(lines[j]) && !promptLike(lines[j]); j-- {
			if strings.HasPrefix(lines[j], "FAILED: ") {
				start = j
				break
			}
		}
	}
	// A stack printed above the error, innermost frame last (Nim's
	// "x.nim(8) proc" lines), with its header.
	for j := i - 1; j >= floor && j >= i-maxFramesAbove && frameAboveRe.MatchString(lines[j]); j-- {
		start = j
		if j-1 >= floor && strings.HasPrefix(lines[j-1], "Traceback (most recent call last)") {
			start = j - 1
		}
	}
	if fam == famException || fam == famTest {
		// mocha: "  1) suite" / "       test name:" / blank / the error;
		// RSpec: "  1) Cart adds" / "     Failure/Error: ...".
		for j := i - 1; j >= floor && j >= i-4; j-- {
			if numberedRe.MatchString(lines[j]) {
				return j
			}
			if !blank(lines[j]) && !strings.HasSuffix(strings.TrimSpace(lines[j]), ":") {
				break
			}
		}
	}
	return start
}

// awkCaretUnder reports whether l is gawk's caret line under the source
// line prev quotes: the same program and place, then a caret.
func awkCaretUnder(prev, l, prefix string) bool {
	a, b := prev[len(prefix):], l[len(prefix):]
	k := strings.Index(a, ": ")
	if k <= 0 || !strings.HasPrefix(b, a[:k+2]) {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(b[k+2:], " "), "^")
}

// firstAttemptRe is a retry loop's first attempt: "attempt 1/3", "attempt 1:".
var firstAttemptRe = regexp.MustCompile(`\battempt 1(?:/\d+)?\b`)

// afterAttemptsRe is a loop's word that it stopped after its attempts.
var afterAttemptsRe = regexp.MustCompile(`\bafter \d+ (?:attempts|tries|retries)\b`)

// gitFatalConclusion reports whether l is git's second fatal line, its
// conclusion under the transport's complaint: "fatal: Could not read from
// remote repository.", "fatal: the remote end hung up unexpectedly".
func gitFatalConclusion(l string) bool {
	switch strings.TrimRight(l, " \r") {
	case "fatal: Could not read from remote repository.", "fatal: the remote end hung up unexpectedly", "fatal: early EOF", "fatal: index-pack failed", "fatal: fetch-pack: invalid index-pack output":
		return true
	}
	// (a submodule's clone under the clone's own complaint)
	return strings.HasPrefix(l, "fatal: clone of '") && strings.Contains(l, "' failed")
}

// terminalCause reports whether a line is an error chain that ends in the
// words the system or Go's library end an error in.
func terminalCause(l string) bool {
	t := strings.TrimRight(l, " \r")
	return strings.Contains(t, ": ") && (shapes.res[rErrnoEnd].MatchString(t) || goErrEndRe.MatchString(t))
}

// goChainEnd reports whether a line is an error chain that ends in Go's
// library's words for a value or input it refused.
func goChainEnd(l string) bool {
	t := strings.TrimRight(l, " \r")
	if k := len(t) - maxCauseTail; k > 0 {
		t = t[k:] // (the cause is at the end: the regexp reads no more)
	}
	return strings.Contains(t, ": ") && goErrEndRe.MatchString(t)
}

// maxCauseTail is how much of a line's end goChainEnd reads for its cause.
const maxCauseTail = 200

// lastCause returns the last link of an error chain: "is a directory".
func lastCause(l string) string {
	t := strings.TrimRight(l, " \r")
	return t[strings.LastIndex(t, ": ")+1:]
}

// queueThread returns the thread id an OpenSSL error-queue line starts
// with ("400731B3167F0000:error:..."), or "".
func queueThread(l string) string {
	k := strings.Index(l, ":error:")
	if k < 8 || k > 16 {
		return ""
	}
	for _, c := range l[:k] {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'F') {
			return ""
		}
	}
	return l[:k]
}

// otherErrno reports whether a message that names a system error ("[Errno
// 2] No such file or directory: 'x'") stands over a trace whose exception
// on line last names another, or none: the trace is another failure's.
func otherErrno(msg, last string) bool {
	k := strings.Index(msg, "[Errno ")
	if k < 0 {
		return false
	}
	e := strings.IndexByte(msg[k:], ']')
	return e > 0 && !strings.Contains(last, msg[k:k+e+1])
}

// frameAboveRe is a frame of a stack printed above its error: Nim's
// "/x/wc.nim(8)    wc".
var frameAboveRe = regexp.MustCompile(`^\S+\.\w+\(\d+\)\s+\S+$`)

// isPyException reports whether l is a traceback's final exception line,
// as pyExcRe says (TestPyException holds them equal), without the
// expression's backtracking over a long line: a dotted name whose last
// part holds a letter, then the end of the line or a colon.
func isPyException(l string) bool {
	p := 0
	for p < len(l) && (isWordByte(l[p]) || l[p] == '.') {
		p++
	}
	if p < len(l) && l[p] != ':' {
		return false
	}
	name := l[:p]
	if k := strings.LastIndexByte(name, '.'); k >= 0 {
		name = name[k+1:]
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// maxFramesAbove is the most lines of a stack looked back over above an
// error.
const maxFramesAbove = 64

// captureTraceback returns the end of a Python traceback that starts at
// line i, through chained tracebacks, and the line of its final exception.
func captureTraceback(lines []string, i, limit int) (end, key int) {
	end, key = i, i
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		switch {
		case blank(l):
			// Chained exceptions: a blank line, the chain sentence, a
			// blank line, another traceback. A message that ends in a
			// newline (psycopg2's) puts a second blank line before the
			// sentence.
			k := j + 1
			if k < limit && blank(lines[k]) && pyChainRe.MatchString(lines[k+1]) {
				k++
			}
			if k <= limit && (pyChainRe.MatchString(lines[k]) || pyChainRe.MatchString(lines[end]) && tracebackRe.MatchString(lines[k])) {
				j = k
				end = k
				continue
			}
			return end, key
		case indentOf(l) > 0 || caretRe.MatchString(l):
			end = j
		case tracebackRe.MatchString(l) || pyChainRe.MatchString(l) || elided(l):
			end = j
		case isPyException(l) && !(end > key && key > i && upperLevel(l)):
			// (After the exception and its notes, "WARNING:relay:x" at
			// the margin is logging's next record, not another exception.)
			end, key = j, j
			if t := pyMessageTail(lines, j, limit); t > j {
				end, j = t, t
			}
			// The exception ends the traceback unless a chain follows.
			if j+1 <= limit && (blank(lines[j+1]) || pyChainRe.MatchString(lines[j+1])) {
				continue
			}
			if j+1 <= limit && indentOf(lines[j+1]) > 0 && !tracebackRe.MatchString(lines[j+1]) {
				continue // exception notes, or a multi-line message
			}
			if j+1 <= limit && tracebackRe.MatchString(lines[j+1]) {
				// A child's traceback, then the parent's that only says
				// the child failed (subprocess.CalledProcessError): one
				// failure, whose cause is the child's.
				if e := parentTraceback(lines, j+1, limit); e > j {
					return e, key
				}
				if e := sameExceptionTraceback(lines, j+1, limit, l); e > j && !otherModuleLine(lines[i+1], lines[min(j+2, limit)]) {
					// The same exception raised again over another stack
					// (asyncio's shutdown log, then the interpreter's): one
					// failure.
					return e, key
				}
			}
			return end, key
		default:
			return end, key
		}
	}
	return end, key
}

// pyMessageTail returns the last line of what an exception's message goes
// on with under the exception line i, or i: a database error's labelled
// lines (psycopg2's "DETAIL:  ...", "LINE 1: ..." over its caret, "HINT:
// ..."), and SQLAlchemy's report of the statement ("[SQL: ...]",
// "[parameters: ...]", "(Background on this error at: ...)"), after a
// blank line or not.
func pyMessageTail(lines []string, i, limit int) int {
	end := i
	j := i + 1
	for ; j <= limit; j++ {
		l := lines[j]
		if labelLine(l) || strings.HasPrefix(lines[j-1], "LINE ") && caretRe.MatchString(l) {
			end = j
			continue
		}
		if j-1 > i && pgLabel(lines[j-1]) {
			if g := labelGap(lines, j, limit); g > 0 {
				end, j = g, g
				continue
			}
		}
		break
	}
	if end == i && strings.Contains(lines[i], " != ") {
		if e := ndiffTail(lines, i+1, limit); e > i {
			return e // unittest's assertEqual: "x != y" over the ndiff of the two
		}
	}
	if j <= limit && blank(lines[j]) && j+1 <= limit && strings.HasPrefix(lines[j+1], "[SQL: ") {
		j++
	}
	if j > limit || !strings.HasPrefix(lines[j], "[SQL: ") && !strings.HasPrefix(lines[j], sqlaBackground) {
		return end
	}
	// The statement may run over many lines, blank ones inside its
	// brackets; the report ends with the link to the error's page.
	open := false
	for k := j; k <= limit && k < j+maxBlockScan; k++ {
		l := lines[k]
		switch {
		case strings.HasPrefix(l, sqlaBackground):
			return k
		case strings.HasPrefix(l, "[SQL: "):
			open = !strings.HasSuffix(strings.TrimRight(l, " \r"), "]")
		case open:
			open = !strings.HasSuffix(strings.TrimRight(l, " \r"), "]")
		case blank(l) || promptLike(l):
			return end
		}
	}
	return end
}

// ndiffTail returns the last line of the difflib.ndiff that starts on
// line j ("- {'a': 1}", "?       ^", "+ {'a': 2}", a blank line after a
// hint), or j-1 when none does.
func ndiffTail(lines []string, j, limit int) int {
	end := j - 1
	if j > limit || !strings.HasPrefix(lines[j], "- ") && !strings.HasPrefix(lines[j], "+ ") {
		return end
	}
	for k := j; k <= limit && k < j+maxBlockScan; k++ {
		l := lines[k]
		switch {
		case len(l) > 2 && (strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "+ ") || strings.HasPrefix(l, "? ") || strings.HasPrefix(l, "  ")):
			end = k
		case l == "" && k+1 <= limit && strings.HasPrefix(lines[k-1], "? ") && (strings.HasPrefix(lines[k+1], "- ") || strings.HasPrefix(lines[k+1], "+ ")):
			// (the blank line a hint's own newline leaves)
		default:
			return end
		}
	}
	return end
}

// sqlaBackground starts the last line of SQLAlchemy's exception messages.
const sqlaBackground = "(Background on this error at: "

// captureGoPanic returns the end of a Go panic or fatal error: its
// message, the goroutine traces and their frames.
func captureGoPanic(lines []string, i, limit int) int {
	end := i
	// A trace printed indented (inside an agent's box): its lines are
	// read without the indentation its first line has, and a frame's file
	// line, its tab turned into spaces, is indented further.
	pad := indentOf(lines[i])
	// A message over several lines, tab-indented (testify/mock's
	// "panic: \n\t\n\tmock: Unexpected Method Call ..."), comes before the
	// first goroutine.
	inMsg := true
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if strings.HasPrefix(l, "goroutine ") {
			inMsg = false
		}
		if pad > 0 {
			if indentOf(l) < pad && !blank(l) {
				return end
			}
			if len(l) >= pad {
				l = l[pad:]
			}
			if strings.HasPrefix(l, " ") && !blank(l) {
				end = j
				continue
			}
		}
		if blank(l) {
			next := ""
			if j+1 <= limit {
				next = lines[j+1]
				if pad > 0 && indentOf(next) >= pad {
					next = next[pad:]
				}
			}
			if inMsg && strings.HasPrefix(next, "\t") || strings.HasPrefix(next, "goroutine ") || strings.HasPrefix(next, "[signal ") || strings.HasPrefix(next, "runtime stack:") || goSignalRe.MatchString(next) || elided(next) {
				continue
			}
			return end
		}
		l = strings.TrimRight(l, " ") // (tparse pads its lines)
		if !inMsg && (strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ")) && !strings.Contains(l, "[recovered") {
			return end // another crash after this one's goroutines: a restarted process's
		}
		if goFrameRe.MatchString(l) || strings.HasPrefix(l, "runtime stack:") || strings.HasPrefix(l, "...") || goSignalRe.MatchString(l) || elided(l) {
			end = j
			continue
		}
		return end
	}
	return end
}

// elided reports whether l is the line a harness puts where it left out
// the middle of a command's output, the end shown under it (Codex's "…
// +10 lines"): the block it cuts goes on below it.
func elided(l string) bool {
	t := strings.TrimSpace(l)
	if !strings.HasPrefix(t, "… +") || !strings.HasSuffix(t, " lines") {
		return false
	}
	for _, c := range []byte(t[len("… +") : len(t)-len(" lines")]) {
		if !isDigit(c) {
			return false
		}
	}
	return len(t) > len("… + lines")
}

// goSignalRe is a line of the runtime's report of a signal it could not
// handle ("SIGABRT: abort"): where it arrived, and the registers after the
// goroutines.
var goSignalRe = regexp.MustCompile(`^(?:PC=0x[0-9a-f]+ m=\d+|signal arrived during |[a-z][a-z0-9]{1,5} +0x[0-9a-f]+$)`)

// captureLogged extends a log record's block that ends on line end over
// what the record logged below it: a Python traceback, an exception with
// its frames.
func captureLogged(lines []string, end, limit int) int {
	j := end + 1
	if j > limit {
		return end
	}
	if j+1 <= limit && strings.HasPrefix(lines[j+1], "Traceback (") && contextLine(lines[j]) {
		j++ // the request the record names, printed over its traceback
	}
	if e := goStackBelow(lines, j, limit); e >= j {
		return e
	}
	switch {
	case tracebackRe.MatchString(lines[j]):
		e, _ := captureTraceback(lines, j, limit)
		return e

	case j+1 <= limit && exceptionRe.MatchString(lines[j]) && frameRe.MatchString(lines[j+1]):
		return captureIndented(lines, j, limit, false)
	}
	return end
}

// panicLevel reports whether a record is at a logger's panic level:
// logrus's "level=panic", zap's "DPANIC" or "PANIC", zerolog's "PNC" or
// "level":"panic".
func panicLevel(l string) bool {
	if strings.Contains(l, "level=panic") || strings.Contains(l, `"level":"panic"`) || strings.Contains(l, `"level":"dpanic"`) {
		return true
	}
	for _, f := range strings.Fields(l[:min(len(l), 64)]) {
		if f == "PANIC" || f == "DPANIC" || f == "PNC" || f == "[PANIC]" {
			return true
		}
	}
	return false
}

// goStackBelow returns the last line of a Go stack that starts on line j
// without a goroutine's header, as zap and debug.Stack's callers print it
// under a record: a function ("main.main", "main.(*T).m(...)"), its file
// and line indented by a tab under it, again. Else j-1.
func goStackBelow(lines []string, j, limit int) int {
	k := j
	for k+1 <= limit && goFuncLine(lines[k]) && strings.HasPrefix(lines[k+1], "\t") && strings.Contains(lines[k+1], ".go:") {
		k += 2
	}
	return k - 1
}

// goFuncLine reports whether a line names a Go function as a stack does:
// at the margin, one word with a dot, maybe its arguments.
func goFuncLine(l string) bool {
	if l == "" || l[0] == ' ' || l[0] == '\t' || len(l) > 300 {
		return false
	}
	if k := strings.IndexByte(l, '('); k > 0 && strings.HasSuffix(l, ")") && !strings.HasPrefix(l[k:], "(*") {
		l = l[:k] // its arguments: "main.run(0xc000012345)"
	}
	return strings.IndexByte(l, '.') > 0 && !strings.ContainsAny(l, " \t:\"'")
}

// contextLine reports whether a line between a log record and the
// traceback it logs only describes what was being done: at the margin, not
// blank, and no error, record or frame of its own (Tornado's
// "HTTPServerRequest(protocol='http', ...)").
func contextLine(l string) bool {
	if blank(l) || indentOf(l) > 0 || strings.Contains(l, "rror") || strings.Contains(l, "xception") {
		return false
	}
	if _, stamped := recordPrefix(l); stamped {
		return false
	}
	lv, _ := headLevel(l)
	return lv == levelNone
}

// toolPrefix returns the "prog: " a program's complaint starts with.
func toolPrefix(l string) string {
	k := strings.Index(l, ": ")
	if k <= 0 || k > 64 {
		return ""
	}
	if p := l[:k]; strings.ContainsAny(p, " \t") {
		// "tar (child): ": a program and the part of it that speaks.
		b := strings.Index(p, " (")
		if b <= 0 || !strings.HasSuffix(p, ")") || strings.ContainsAny(p[:b], " \t") || strings.Count(p, " ") > 2 {
			return ""
		}
	}
	return l[:k+2]
}

// positioned reports whether a line names a place of its own: "x.c:3",
// "line 12", "x.py(4)".
// codeFrameRe is a line of a code frame: "> 3 | }", "    | ^".
var codeFrameRe = regexp.MustCompile(`^\s*>?\s*\d*\s+\|`)

// fileNamedRe is a message that starts with the file it is about.
var fileNamedRe = regexp.MustCompile(`^\s?[\w./\\@~+-]+\.[A-Za-z]\w*: \S`)

var positionedRe = regexp.MustCompile(`\.[A-Za-z]\w*:\d+|\bline \d+|-e expression #\d+, char \d+|\bcmd\. line:\d+|\w\(\d+(?:,\d+)?\)|:\[\d+,\d+\]|^(?:[\w./-]+\.sh|sh|dash): \d+: `)

// plainBody reports whether line j, under curl's complaint of a failed
// request, is the server's text answer --fail-with-body printed: one line
// ending the command's output, neither a label waiting for its value
// ("metrics:") nor a status curl -w printed ("507").
func plainBody(lines []string, j, limit int) bool {
	b := strings.TrimSpace(lines[j])
	if b == "" || len(b) > 200 || promptLike(lines[j]) || strings.HasSuffix(b, ":") || digits(b, len(b)) == len(b) {
		return false
	}
	return j == limit || j+1 >= len(lines) || blank(lines[j+1]) || promptLike(lines[j+1])
}

// captureTool returns the end of a program's complaint on line i: the
// lines after it with the same "prog: " prefix (git's "fatal: ..." twice,
// pip's "ERROR: ..." lines) unless each names its own place, and its hints
// and indented lines.
func captureTool(lines []string, i, limit int) int {
	if strings.HasSuffix(lines[i], ": needs merge") {
		end := i
		for end+1 <= limit && end < i+3 && (strings.HasSuffix(lines[end+1], ": needs merge") || strings.HasPrefix(lines[end+1], "You must edit all merge conflicts") || strings.HasPrefix(lines[end+1], "mark them as resolved using git add")) {
			end++ // git's other files in conflict, and what to do
		}
		return end
	}
	if strings.HasPrefix(lines[i], "jq: error") && strings.HasSuffix(strings.TrimRight(lines[i], " \r"), ":") && i+1 <= limit && !blank(lines[i+1]) && !promptLike(lines[i+1]) {
		// jq's compile error quotes the program under it, whatever it
		// starts with ("[.[] | select(.qty > )]"), then counts the errors.
		end := i + 1
		if end+1 <= limit && compileCountRe.MatchString(strings.TrimRight(lines[end+1], " \r")) {
			end++
		}
		return end
	}
	end := captureToolLines(lines, i, limit)
	if end == i && end+1 <= limit && strings.HasPrefix(lines[i], "curl: (22) ") {
		// --fail-with-body prints the server's answer under the
		// complaint: a JSON line, or a page to its end.
		if b := strings.TrimSpace(lines[end+1]); (strings.HasPrefix(b, "{") || strings.HasPrefix(b, "[")) && !promptLike(b) {
			end++
		} else if strings.HasPrefix(b, "<") {
			for j := end + 1; j <= limit && j <= end+200 && !promptLike(lines[j]); j++ {
				end = j
				if strings.Contains(lines[j], "</html>") || strings.Contains(lines[j], "</HTML>") {
					break
				}
			}
		} else if plainBody(lines, end+1, limit) {
			end++ // a text answer alone on its line: "404 page not found"
		}
		return end
	}
	// Where to read more ("More details here: https://...") goes with the
	// complaint under it; so does what a complaint that ends with a colon
	// announces ("Syntax error on line 3 of x.conf:" over "Invalid command
	// 'Lisen', ...").
	switch {
	case end+1 > limit:
	case docsRe.MatchString(lines[end+1]):
		end++
	case end == i && strings.HasSuffix(strings.TrimSpace(lines[i]), ":") && fieldLineRe.MatchString(lines[i+1]) && !strings.Contains(lines[i], " line "):
		// "x: invalid config:" over the errors it joined, one a line:
		// "port: must be between 1 and 65535, got 0".
		for end+1 <= limit && end-i < 20 && fieldLineRe.MatchString(lines[end+1]) {
			end++
		}
	case end == i && strings.HasSuffix(strings.TrimSpace(lines[i]), ":") && explains(lines[i+1]):
		end++
	case end == i && strings.Contains(lines[i], " in line ") && migrateStmtRe.MatchString(lines[i]):
		// golang-migrate prints the whole migration after the line its
		// error is in: the statements to a blank line.
		for j := i + 1; j <= limit && j <= i+maxBannerLines && !blank(lines[j]) && !promptLike(lines[j]); j++ {
			end = j
		}
	case end == i && strings.HasSuffix(strings.TrimSpace(lines[i]), ":") && strings.HasPrefix(lines[i+1], "[Goroutine "):
		// goleak's "found unexpected goroutines:" over the goroutines it
		// found, in brackets.
		for j := i + 1; j <= limit && j <= i+maxBlockScan && !promptLike(lines[j]); j++ {
			end = j
			if strings.TrimSpace(lines[j]) == "]" {
				break
			}
		}
	case end == i && strings.HasSuffix(strings.TrimSpace(lines[i]), ":") && namedFileLine(lines[i], lines[i+1]) != "":
		// "go: errors parsing go.mod:" over "go.mod:5: unknown
		// directive: x": the places in the file it announced.
		p := namedFileLine(lines[i], lines[i+1])
		for end+1 <= limit && (strings.HasPrefix(lines[end+1], p) || strings.HasPrefix(lines[end+1], "\t") && !blank(lines[end+1])) {
			end++ // (a usage's "\t or replace ..." goes on its line)
		}
	case end+2 <= limit && strings.HasSuffix(lines[end+1], ":") && adviceRe.MatchString(lines[end+1]) && !blank(lines[end+2]):
		// Advice right under the complaint that announces an example
		// (git's "Use '--' to separate paths from revisions, like this:").
		end += 2
	}
	// The advice a tool prints after a blank line ("Please make sure you
	// have the correct access rights", "curl failed to verify ...") goes
	// with its complaint.
	prog := strings.TrimSuffix(toolPrefix(lines[i]), ": ")
	if end+2 <= limit && blank(lines[end+1]) && (adviceRe.MatchString(lines[end+2]) ||
		prog != "" && !strings.Contains(prog, " ") && strings.HasPrefix(lines[end+2], prog+" ") && advicePart(lines[end+2][len(prog)+1:])) {
		end += 2
		for k := 0; k < 4 && end+1 <= limit && advicePart(lines[end+1]); k++ {
			end++
		}
	}
	// A shouted heading after a blank line ("SECURITY ERROR") over the
	// paragraph that explains the complaint, and where to read more.
	if end+2 <= limit && blank(lines[end+1]) && shoutedErrorRe.MatchString(lines[end+2]) {
		end += 2
		for end+1 <= limit && end-i < maxBannerLines && !blank(lines[end+1]) && !promptLike(lines[end+1]) {
			end++
		}
		if end+2 <= limit && blank(lines[end+1]) && strings.HasPrefix(lines[end+2], "For more information, see ") {
			end += 2
		}
	}
	// Paragraphs that explain it, after blank lines, each a heading and
	// its items ("The conflict is caused by:" over indented lines, "To
	// fix this you could try to:" over numbered ones), and the complaint
	// that concludes them (pip's "ERROR: ResolutionImpossible: ...").
	for k := 0; k < 4 && end+3 <= limit && blank(lines[end+1]); k++ {
		h := lines[end+2]
		if announces(h) && indentOf(h) == 0 && !promptLike(h) && itemLine(lines[end+3]) {
			end += 3
			for end+1 <= limit && itemLine(lines[end+1]) {
				end++
			}
			continue
		}
		if prefix := toolPrefix(lines[i]); k > 0 && prefix != "" && strings.HasPrefix(h, prefix) && !positionedRe.MatchString(h) {
			end += 2
		}
		break
	}
	return end
}

// itemLine reports whether a line is an item under a heading: indented, or
// numbered ("1. loosen the range").
func itemLine(l string) bool {
	if blank(l) {
		return false
	}
	if indentOf(l) > 0 {
		return true
	}
	k := 0
	for k < len(l) && k < 3 && isDigit(l[k]) {
		k++
	}
	return k > 0 && k+1 < len(l) && (l[k] == '.' || l[k] == ')') && l[k+1] == ' '
}

// relatedPlaceRe is a place a tool names under its complaint, a tab
// after it: "a.go:13:6:\tconflicts with func in same block".
var relatedPlaceRe = regexp.MustCompile(`^[\w./\\@~+-]+\.\w+:\d+:\d+:\t\S`)

// moreInfoRe heads a list of where to read more.
var moreInfoRe = regexp.MustCompile(`^(?:For more information|More information|See also):?\s*$`)

// shoutedErrorRe is a heading in capitals that names an error.
var shoutedErrorRe = regexp.MustCompile(`^[A-Z]+(?: [A-Z]+)? ERROR$`)

// docsRe is a line that says where to read more about an error.
var docsRe = regexp.MustCompile(`^(?:More (?:details|information|info)|See|For (?:more|details))\b.*\bhttps?://\S+$`)

// seeLogRe is a tool's advice to read its log: autoconf's "See
// `config.log' for more details", CMake's "See also \"x/CMakeOutput.log\"".
var seeLogRe = regexp.MustCompile("^See (?:also )?[`'\"]?\\S+['\"]?(?: for (?:more )?details)?\\.?$")

// adviceRe starts the paragraph of advice a tool prints under an error.
var adviceRe = regexp.MustCompile(`^(?:Please |Make sure |Check (?:that|your|the) |Try |You (?:can|may|might|need|should) |To fix |Run |Use |Did you )`)

// captureToolLines returns the end of a program's complaint on line i:
// see captureTool.
func captureToolLines(lines []string, i, limit int) int {
	end := captureIndented(lines, i, limit, false)
	prefix := toolPrefix(lines[i])
	// git: "error: x", "hint: y", "fatal: z"; pip: "ERROR: x", "ERROR: y".
	levels := prefix == "error: " || prefix == "fatal: " || prefix == "ERROR: " || prefix == "FATAL: "
	own := positionedRe.MatchString(lines[i])
	place := bashLineRe.FindString(lines[i]) // "x.sh: line 5: ": the same place goes on
	for j := end + 1; j <= limit; j++ {
		l := lines[j]
		switch {
		case end > i && indentOf(lines[i+1]) > indentOf(lines[i]) && j+1 <= limit && indentOf(lines[j+1]) > indentOf(l):
			// The complaint was a header with its lines under it, and so is
			// this: another complaint ("go: x imports" and the package
			// under each).
			return end
		case seeLogRe.MatchString(l):
			return j // the tool's advice to read its log closes its complaint
		case strings.Contains(l, ": *** ") && makeRe.MatchString(l), strings.HasPrefix(l, `Error: running "`) && strings.Contains(l, " failed with exit code "):
			return end // make's or mage's word on the command that failed: its own error
		case strings.HasPrefix(l, `task: Failed to run task "`) && prefix != "task: ":
			return end // task's, under what another program said
		case prefix != "" && !own && strings.HasPrefix(l, prefix) && ownSubject(lines[i], l, prefix):
			return end // the same program's complaint about another thing
		case own && prefix != "" && strings.HasPrefix(l, prefix) && awkCaretUnder(lines[end], l, prefix):
			// gawk's caret under the source line it quotes, at the same
			// place: "gawk: bad.awk:3: ^ syntax error".
		case prefix != "" && strings.HasPrefix(l, prefix) && lastCause(lines[end]) != lastCause(l) && !strings.HasSuffix(strings.TrimSpace(lines[i]), ":") && (goChainEnd(lines[end]) || goChainEnd(l)) && terminalCause(lines[end]) && terminalCause(l):
			// Two whole error chains of one program, each to another
			// cause the system or Go's library gave, one Go's ("importcsv: reading data:
			// read data: is a directory", then "importcsv: row 4: bad
			// id: strconv.Atoi: parsing \"three\": invalid syntax"): two
			// errors, two runs' back to back on stderr.
			return end
		case strings.Contains(l, "attempt 1") && (givesUp(lines[end]) || strings.Contains(lines[end], "still ") && stillFailsRe.MatchString(lines[end]) || strings.Contains(lines[end], " after ") && afterAttemptsRe.MatchString(lines[end])) && firstAttemptRe.MatchString(l):
			return end // a retry loop gave up; its first attempt again is another run's
		case strings.HasPrefix(lines[end], "fatal: ") && (strings.HasPrefix(l, "fatal: ") || strings.HasPrefix(l, "error: ")) && !gitFatalConclusion(l):
			return end // git dies once a process: another fatal is another git's (streams drained together)
		case prefix != "" && strings.HasPrefix(l, prefix) && strings.Contains(l, "[Errno ") && !strings.Contains(lines[i], "[Errno ") && !strings.Contains(lines[end], "[Errno "):
			return end // a system error of its own: pip's "Could not open requirements file: [Errno 2] ..." under its "No matching distribution"
		case prefix != "" && strings.HasPrefix(l, prefix) && progressRe.MatchString(l[len(prefix):]) && !complaint(l):
			return end // the same program going on to its next thing ("genconf: reading b.json")
		case strings.HasPrefix(l, "hint: ") || strings.HasPrefix(l, "help: ") || strings.HasPrefix(l, "note: "):
		case place != "" && strings.HasPrefix(l, place):
		case strings.HasPrefix(lines[i], "CONFLICT (") && (strings.HasPrefix(l, "CONFLICT (") || strings.HasPrefix(l, "Automatic merge failed") ||
			strings.HasPrefix(l, "Auto-merging ") && j+1 <= limit && strings.HasPrefix(lines[j+1], "CONFLICT (")):
			// (git's word on the next file it merges, when that file
			// conflicts too, is the same merge's.)
		case strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "Traceback (most recent call last)"):
			return end // a crash of its own under the complaint
		case cargoVerdict(l):
			return end // cargo's verdict on another target
		case l == lines[j-1] && toolPrefix(l) != "":
			// The same complaint again (tar's "Unexpected EOF in archive"
			// twice, curl's --retry): one error.
		case strings.Contains(l, ": (") && curlCodeRe.MatchString(l):
			return end // curl's exit code: another request that failed
		case strings.HasSuffix(l, ": Connection closed") || strings.HasSuffix(l, ": lost connection"):
			// scp's or rsync's word that the connection ssh could not make
			// is gone: the same failure.
		case strings.Contains(l, "ERROR:  ") && strings.Contains(lines[i], "ERROR:  "):
			return end // another statement the server refused (pg_restore, psql)
		case levels && !own && levelPrefix(l) && !positionedRe.MatchString(l):
		case !levels && !own && (strings.HasPrefix(l, "fatal: ") || strings.HasPrefix(l, "error: ")) && !positionedRe.MatchString(l):
			// The program's conclusion after the complaint of what it ran:
			// ssh's failure, then git's "fatal: Could not read from remote
			// repository."
		case !own && (levelPrefix(l) || toolPrefix(l) != "") && !positionedRe.MatchString(l) && sharesSubject(lines[i:end+1], l) &&
			(prefix == "" || toolPrefix(l) == "" || sameProgram(prefix, toolPrefix(l)) || strings.HasSuffix(strings.TrimSpace(l), " failed")):
			// Another complaint about the same thing: wget's "Resolving
			// x... failed", then "wget: unable to resolve host address 'x'"
			// (another program's about it is its own, cp's then chmod's,
			// unless it only says it failed: a script's "build for x
			// failed" under go's complaint about x).
		case shapes.res[rSignal].MatchString(l) && !shapes.res[rSignal].MatchString(lines[i]):
			// The shell reports the signal the failure ended in.
		case prefix != "" && strings.HasPrefix(l, prefix) && !own && !positionedRe.MatchString(l) && !quietTool(l):
		case prefix != "" && !own && sameProgram(prefix, toolPrefix(l)) && !positionedRe.MatchString(l) &&
			len(appendSubjects(nil, l[len(toolPrefix(l)):])) == 0:
			// The program's conclusion about what its other part
			// reported: "tar (child): x: Cannot open", then "tar: Child
			// returned status 2", naming nothing of its own.
		case j == i+1 && !own && toolPrefix(lines[i]) != "" && callerComplaint(l) && !positionedRe.MatchString(l) &&
			len(appendSubjects(nil, l[len(toolPrefix(l)):])) == 0 && (sameProgram(prefix, toolPrefix(l)) || !shapes.res[rErrnoEnd].MatchString(l) && !strings.ContainsAny(l[len(toolPrefix(l)):], "'‘\"")):
			// The caller's complaint right under what the program it ran
			// said, naming nothing of its own: ssh's "Could not resolve
			// hostname", then "rsync: connection unexpectedly closed".
			// (Another program's complaint that ends in a system error of
			// its own or names a quoted subject, chmod's then ln's "File
			// exists", is its own.)
		default:
			return end
		}
		end = captureIndented(lines, j, limit, false)
		j = end
	}
	return end
}

// cargoVerdict reports whether l is cargo's verdict on a target: each
// stands alone ("error: test failed, to rerun pass `--lib`", "error:
// doctest failed, ...", "error: 2 targets failed:" with the targets under
// it).
func cargoVerdict(l string) bool {
	return strings.HasPrefix(l, "error: ") && (strings.HasPrefix(l, "error: could not compile") ||
		strings.Contains(l, " failed, to rerun pass ") || strings.HasPrefix(l, "error: test failed") ||
		strings.HasSuffix(l, " targets failed:"))
}

// quietTool reports whether a line is a program's progress rather than
// part of its complaint.
func quietTool(l string) bool {
	return shapes.res[rGoQuiet].MatchString(l)
}

// captureUsage returns the start of a program's complaint on line i,
// extended over the usage message printed above it (argparse, getopt).
func captureUsage(lines []string, i, floor int) int {
	start := i
	for j := i - 1; j >= floor && j >= i-30; j-- {
		l := lines[j]
		if strings.HasPrefix(strings.ToLower(l), "usage:") {
			return j
		}
		if blank(l) || indentOf(l) == 0 {
			return start
		}
	}
	return start
}

// captureSanitizer returns the block of a sanitizer's report: from the
// rule of '=' above it through its "==N==ABORTING" or "SUMMARY:" line, or
// for a one-line UBSan report its own line.
func captureSanitizer(lines []string, i, floor, limit int) (start, end, key int) {
	start, end, key = i, i, i
	if j := i - 1; j >= floor && raceEndRe.MatchString(lines[j]) {
		start = j
	}
	if strings.Contains(lines[i], ": runtime error: ") {
		// UBSan: the line, its notes with the memory they point at, maybe
		// its SUMMARY.
		for j := i + 1; j <= limit; j++ {
			l := lines[j]
			if !(strings.Contains(l, ": note: ") && indentOf(l) == 0 || indentOf(l) > 0 || caretRe.MatchString(l) ||
				strings.HasPrefix(l, "SUMMARY: ")) || blank(l) {
				break
			}
			end = j
		}
		return start, end, key
	}
	// A report that aborts the program runs to its "==N==ABORTING",
	// whatever it prints on the way (the frames' descriptions, the shadow
	// bytes and their legend), unless another report starts first.
	for j := i + 1; j <= limit && j <= i+maxSanitizerReport; j++ {
		l := lines[j]
		if strings.HasPrefix(l, "ABORTING") {
			return start, j, key
		}
		if shapes.res[rSanitizer].MatchString(l) || strings.HasPrefix(l, "WARNING: ThreadSanitizer") {
			break
		}
	}
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if sanitizerEndRe.MatchString(l) || start < i && raceEndRe.MatchString(l) {
			return start, j, key // its last line, or the rule that closes it as one opened it
		}
		if !blank(l) && indentOf(l) == 0 && !sanitizerLineRe.MatchString(l) {
			break
		}
		end = j
	}
	for end > i && blank(lines[end]) {
		end--
	}
	return start, end, key
}

// numberedEndRe ends a numbered test report: PHPUnit's "--" between
// sections and its closing counts, RSpec's "Finished in".
var numberedEndRe = regexp.MustCompile(`^(?:--\r?$|There (?:was|were) \d+ \w+:|Finished in |\d+ examples?, |\d+ runs?, \d+ assertions?|ERRORS!|FAILURES!|Tests: \d)`)

// julHeaderRe is the first line of a java.util.logging record.
var julHeaderRe = regexp.MustCompile(`^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} [AP]M \S+ \S+$`)

// asyncioFuture reports whether l is the future or handle asyncio names
// under its header.
func asyncioFuture(l string) bool {
	return strings.HasPrefix(l, "future: <") || strings.HasPrefix(l, "handle: <") || strings.HasPrefix(l, "task: <")
}

// asyncioRe is asyncio's header over an exception nobody retrieved.
var asyncioRe = regexp.MustCompile(`^(?:[A-Z]+:asyncio:)?(?:Task exception was never retrieved|Future exception was never retrieved|Exception in callback .*|unhandled exception during asyncio\.run\(\) shutdown)$`)

// reprFieldRe is a line asyncio logs under an object it complains about:
// the object's name and its repr ("client_session: <aiohttp.client...>",
// "connections: ['[(<...>, 37380.5)]']").
var reprFieldRe = regexp.MustCompile(`^[a-z_]+: [<\[]`)

// maxSanitizerReport is the most lines a sanitizer's report is looked
// through for its end.
const maxSanitizerReport = 400

var (
	sanitizerEndRe = regexp.MustCompile(`^(?:==\d+==)?ABORTING|^==\d+==(?:HINT|NOTE):|^-{10,}$`)
	// The unindented lines inside a sanitizer's report.
	sanitizerLineRe = regexp.MustCompile(`^(?:READ|WRITE|SUMMARY|Shadow|Freed|previously|allocated|0x[0-9a-f]+ is located|=>0x|Address 0x|Direct leak|Indirect leak|Thread T\d+|[A-Z][\w ]+ of size \d+|HINT|==\d+==)`)
)

// captureGradle returns the block of Gradle's failure report: "FAILURE:
// Build failed with an exception.", "* What went wrong:" and what follows,
// up to "* Try:" or the next report.
func captureGradle(lines []string, i, floor, limit int) (start, end, key int) {
	start, end, key = i, i, i
	if strings.HasPrefix(lines[i], "* What went wrong:") {
		if j := i - 1; j >= floor && blank(lines[j]) && j-1 >= floor && strings.HasPrefix(lines[j-1], "FAILURE: ") {
			start = j - 1
		}
	}
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if strings.HasPrefix(l, "* ") && !strings.HasPrefix(l, "* What went wrong:") || strings.HasPrefix(l, "BUILD FAILED") ||
			strings.HasPrefix(l, "FAILURE: ") {
			break
		}
		if !blank(l) {
			end = j
			if key == i && strings.HasPrefix(lines[j-1], "* What went wrong:") {
				key = j // what went wrong
			}
		}
	}
	return start, end, key
}

// levelPrefix reports whether a line starts with a command line tool's
// level word: "error: ", "fatal: ", "ERROR: ".
func levelPrefix(l string) bool {
	for _, p := range []string{"error: ", "fatal: ", "ERROR: ", "FATAL: "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// captureReport returns the end of a test runner's report of one failure
// that starts on line i: it runs to the next report, a rule, the run's
// summary, or two blank lines, whatever its lines look like (diffs,
// snippets, stacks).
func captureReport(lines []string, i, limit int) int {
	end := i
	blanks := 0
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if blank(l) {
			blanks++
			if blanks >= 2 {
				break
			}
			continue
		}
		blanks = 0
		if jestRe.MatchString(l) || vitestRe.MatchString(l) || reportEndRe.MatchString(l) {
			break
		}
		end = j
	}
	return end
}

// reportEndRe ends a test runner's report: a rule, a summary (jest's
// snapshot counts after a file's reports), another file's verdict.
var reportEndRe = regexp.MustCompile(`^\s*(?:› \d+ snapshots? (?:failed|obsolete|written|updated|removed|file)|Snapshot Summary$|[⎯─━═]{3,}|[⎯─━═]+\s*$|\d+ tests? (?:failed|passed)|(?:Test Suites|Tests|Test Files|Snapshots|Time):|(?:PASS|FAIL) \S|Test Files |Tests  )`)

// mayBeGccIn rules out lines gccInRe cannot match.
// mayBeJestStart rules out lines jestStartRe cannot match: most lines
// hold none of its words, and an expression that starts with no literal
// tries every position.
func mayBeJestStart(l string) bool {
	return strings.Contains(l, "●") || strings.Contains(l, "Test Suites:") || strings.Contains(l, "Tests:") ||
		strings.Contains(l, "Snapshots:") || strings.Contains(l, "Time:")
}

func mayBeGccIn(l string) bool {
	return strings.Contains(l, "In ") || strings.Contains(l, "from ") || strings.Contains(l, "required") ||
		strings.Contains(l, "instantiated") || strings.Contains(l, "At global scope") || strings.Contains(l, "Assembler messages")
}

// lineAt returns lines[i], or "" past limit.
func lineAt(lines []string, i, limit int) string {
	if i > limit || i >= len(lines) {
		return ""
	}
	return lines[i]
}

// advicePart reports whether a line goes on with a paragraph of advice:
// prose, not a prompt, not another complaint.
func advicePart(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && indentOf(l) == 0 && !strings.HasPrefix(t, "$ ") && !strings.HasPrefix(t, "> ") && !strings.HasPrefix(t, "# ") &&
		!levelPrefix(l) && toolPrefix(l) == "" && unicode.IsLower(rune(t[0]))
}

// interleaved reports whether line j, inside the block that starts on line
// i, is a line printed by another stream (stdout) between the frames of a
// stack trace: a frame or the exception's header above it, a frame below.
func interleaved(lines []string, i, j int) bool {
	l := lines[j]
	if blank(l) || indentOf(l) != 0 || !isFrame(lines[j+1]) {
		return false
	}
	if !isFrame(lines[j-1]) && !(j-1 == i && exceptionRe.MatchString(lines[i])) {
		return false
	}
	return !triggers.holds(l) // plain output, not an error or a record of one
}

// isFrame reports whether a line is a frame of a JVM or Node stack trace:
// indented, "at ...".
func isFrame(l string) bool {
	t := strings.TrimLeft(l, " \t")
	return len(t) < len(l) && len(t) > 3 && strings.HasPrefix(t, "at ") && t[3] != ' '
}

// snippetAt reports whether line k is a line of source with a caret line
// under it that points into it.
func snippetAt(lines []string, k, limit int) bool {
	if k+1 > limit || blank(lines[k]) || !caretRe.MatchString(lines[k+1]) {
		return false
	}
	return len(strings.TrimRight(lines[k+1], " \t")) <= len(lines[k])+1
}

// explains reports whether a line is plain prose at the margin, not
// another complaint, a prompt, a record or a tool's trace.
func explains(l string) bool {
	t := strings.TrimSpace(l)
	if t == "" || indentOf(l) != 0 || toolPrefix(l) != "" || levelPrefix(l) {
		return false
	}
	switch t[0] {
	case '$', '[', '+', '#', '*', '>', '=', '-', '{', '<':
		return false
	}
	return !strings.HasPrefix(t, "Traceback")
}

// perlPlaceRe is where a Perl diagnostic says it is: "at x.pl line 7",
// and what it quotes: ', near "..."'.
var perlPlaceRe = regexp.MustCompile(`\bat (\S+ line \d+)(?:, <[^>]*> (?:line|chunk) \d+)?(, near "|\.$)`)

// capturePerl extends the block of a Perl diagnostic on line i, which
// ends on line end so far: over the lines of the code it quotes ('near
// "$c' and the rest of the quote on the next lines), and over the
// diagnostics Perl prints after it about the same code at the same place
// ("Scalar found where operator expected at x.pl line 7, near ..." and
// then "syntax error at x.pl line 7, near ..."): one mistake.
func capturePerl(lines []string, i, end, limit int) int {
	m := perlPlaceRe.FindStringSubmatch(lines[i])
	if m == nil {
		return end
	}
	place, near := m[1], m[2] != "."
	end = max(end, perlQuote(lines, i, limit))
	for near && end+1 <= limit {
		n := lines[end+1]
		mm := perlPlaceRe.FindStringSubmatch(n)
		if mm == nil || mm[1] != place || mm[2] == "." || indentOf(n) != 0 {
			break
		}
		end = captureIndented(lines, perlQuote(lines, end+1, limit), limit, false)
	}
	return end
}

// perlQuote returns the last line of the diagnostic on line i: a quote
// (', near "...') that it opens and does not close goes on to the line
// that closes it.
func perlQuote(lines []string, i, limit int) int {
	k := strings.Index(lines[i], `, near "`)
	if k < 0 || strings.Count(lines[i][k+8:], `"`)%2 == 1 {
		return i
	}
	for j := i + 1; j <= limit && j <= i+5; j++ {
		if strings.Count(lines[j], `"`)%2 == 1 {
			return j
		}
	}
	return i
}

// sameProgram reports whether two complaints' prefixes name the same
// program: "tar (child): " and "tar: ".
func sameProgram(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	name := func(p string) string {
		p = strings.TrimSuffix(p, ": ")
		if k := strings.IndexByte(p, ' '); k > 0 {
			p = p[:k]
		}
		return p
	}
	return name(a) == name(b)
}

// matchedBelow returns the last line of the run right under line i, to
// limit, that re matches; i when the next line does not.
func matchedBelow(lines []string, i, limit int, re *regexp.Regexp) int {
	end := i
	for j := i + 1; j < len(lines) && j <= limit && re.MatchString(lines[j]); j++ {
		end = j
	}
	return end
}

// reportFieldRe is a labelled field of a report: "RuleID:      aws-access-token".
var reportFieldRe = regexp.MustCompile(`^[A-Z][A-Za-z]{1,15}:\s+\S`)

// hookFieldRe is a line pre-commit prints under a hook's verdict.
var hookFieldRe = regexp.MustCompile(`^- (?:hook id: \S+|exit code: -?\d+|duration: [\d.]+s|files were modified by this hook)$`)

// promptLike reports whether a line is a shell's echo of a command or of
// its exit status, as transcripts and CI logs print them.
func promptLike(l string) bool {
	return strings.HasPrefix(l, "$ ") || strings.HasPrefix(l, "+ ") || strings.HasPrefix(l, "[exit ") || strings.HasPrefix(l, "> ")
}

// conclusionRe is a program's conclusion right under its complaint,
// saying only that it gave up on what it reported: "Fatal: Compilation
// aborted", rsync's "(see previous errors) (code 23)", a config checker's
// "Error(s) found in configuration file", an import that "had errors", a
// script's ERR trap ("install: FAILED at line 20: sqlite3 ... (exit 1)").
var conclusionRe = regexp.MustCompile(`^\(✗\) Command failed: |^[\w.-]+: (?:[\w./-]+: )?(?:\w+ failed|at least one \w+ failure|error loading packages)$|^Error: error compiling \w+$|\((?:see )?(?:the )?previous errors?\)|(?:^|: )(?:[Ff]atal: )?[Cc]ompilation aborted\.?$|\b(?:[Ee]rror\(s\)|[Ff]atal errors?|[Ee]rrors) found in (?:the )?config|\bhad errors\.?$|^\S+ error: error in \S+(?: \S+)? \(code \d+\)|^\d+ out of \d+ \w+ FAILED\b|^cc1(?:plus)?: (?:all |some )?warnings being treated as errors$|^\S+ fails to validate$|^(?:\S+: )?(?:ERROR: |!! |error: )?\S+(?: to \S+)? failed(?:, (?:continuing|skipping|retrying|aborting|rolled back|rolling back)\b.*)?\.?$|^(?:\[ERROR\] )?Aborting$|: Error is not recoverable: exiting now$|^Error occurred when checking code style in the above file\.$|^\S+: Child returned status \d+$|^rsync error: .* \(code \d+\) at \S+|because of previous errors\.?$|^Unit \S+ has a bad unit file setting\.$|(?:^|# )Failed [^,]+, aborting\.$|^Unit \S+ failed to load properly\b|^\S+: \w+ unit lacks .*Refusing\.$|^Failed to connect to bus: |^error: \S+: patch does not apply$|^errors? in \S+ file, can't \w+\.?$|^[\w.-]+: (?:\w+ )?(?:FAILED|[Ff]ailed) (?:at|on) line \d+(?:: .*)? \((?:exit|status|rc)[ =]?\d+\)$|^[\w./-]+: error (?:on|at) line \d+: ".+" exited (?:with (?:code|status) )?\d+$|^[\w./-]+: (?:aborted|stopped) at line \d+ \((?:exit|status|rc)[ =]?\d+\)$|^[\w.-]+: commit aborted\b`)

// maxConclusions is the most conclusion lines taken under an error.
const maxConclusions = 3

// captureConclusions returns the end of the block that ends at end,
// extended over the conclusions right under it.
func captureConclusions(lines []string, end int) int {
	for k := 0; k < maxConclusions && end+1 < len(lines); k++ {
		if end+2 < len(lines) && goRunExit(lines[end+1]) && conclusion(lines[end+2]) {
			end += 2 // a program's error, go run's exit status and the word on it of what ran it (go generate's, a script's)
			continue
		}
		if end+2 < len(lines) && xtraceLine(lines[end+1]) && conclusion(lines[end+2]) {
			end += 2 // the shell's trace of the trap's echo (set -x), then what it echoed
			continue
		}
		if !conclusion(lines[end+1]) {
			break
		}
		end++
	}
	return end
}

// maxPluginHint is how far under a protoc plugin's complaint its
// "Plugin failed" line may come.
const maxPluginHint = 12

// pluginFailedRe is protoc's word on a plugin that failed, under what the
// plugin said: "--go_out: protoc-gen-go: Plugin failed with status code 1.".
var pluginFailedRe = regexp.MustCompile(`^--[\w-]+_out: \S+: Plugin failed with status code \d+\.$`)

// pluginFailedBelow returns the end of the block that ends at end, extended
// to protoc's "Plugin failed" line when it comes a few lines under it,
// after the plugin's advice: the plugin's complaint (on line start), whole.
func pluginFailedBelow(lines []string, start, end int) int {
	if !strings.HasPrefix(lines[start], "protoc-gen-") {
		return end
	}
	for j := end + 1; j < len(lines) && j <= end+maxPluginHint && !promptLike(lines[j]); j++ {
		if strings.HasPrefix(lines[j], "--") && pluginFailedRe.MatchString(lines[j]) {
			return j
		}
	}
	return end
}

// typecheckHeadRe is the head golangci-lint gives a typecheck issue that
// holds the compiler's output for a package: "x.go:1: : # example.com/p".
var typecheckHeadRe = regexp.MustCompile(`^\S+\.go:\d+: : # \S+`)

// typecheckIssue returns the bounds of the block start..end, widened to the
// whole of golangci-lint's typecheck issue when the block is the one
// diagnostic that issue holds: the head above it ("x.go:1: : # pkg"),
// the diagnostic ending in "(typecheck)", and the source line golangci-lint
// quotes under it ("package x"). An issue that holds several diagnostics
// is theirs: each is its own error.
func typecheckIssue(lines []string, start, end, floor int) (int, int) {
	if start != end || start-1 < floor || !strings.HasSuffix(lines[end], " (typecheck)") || !strings.Contains(lines[start-1], ": : # ") || !typecheckHeadRe.MatchString(lines[start-1]) {
		return start, end
	}
	start--
	if j := end + 1; j < len(lines) && !blank(lines[j]) && !promptLike(lines[j]) && codePlaceLen(lines[j]) == 0 && !issueCountRe.MatchString(lines[j]) {
		end = j
	}
	return start, end
}

// maxTestcaseHead is how far above a failure its JUnit <testcase> may open;
// maxTestcaseTail how far under the block its </testcase> may close.
const (
	maxTestcaseHead = 2
	maxTestcaseTail = 60
)

// xmlTestcase returns the bounds of the block start..end, widened to the
// JUnit <testcase> element it stands in: from the <testcase ...> line that
// opens a few lines above it to the </testcase> a few lines under it, the
// report of one failed test (golangci-lint's, gotestsum's, node's junit
// reporter's). A block not between the two keeps its bounds.
func xmlTestcase(lines []string, start, end, floor int) (int, int) {
	open := -1
	for j := start; j >= floor && j >= start-maxTestcaseHead; j-- {
		t := strings.TrimSpace(lines[j])
		if strings.HasPrefix(t, "<testcase ") {
			if !strings.HasSuffix(t, "/>") {
				open = j
			}
			break
		}
		if j < start && (t == "" || strings.HasPrefix(t, "</")) {
			break
		}
	}
	if open < 0 {
		return start, end
	}
	for j := start + 1; j < len(lines) && j <= max(end, start+maxTestcaseTail); j++ {
		t := strings.TrimSpace(lines[j])
		if t == "</testcase>" {
			return open, j // (a block that ran on past it ends with it)
		}
		if strings.HasPrefix(t, "<testcase ") || strings.HasPrefix(t, "</testsuite") || strings.HasPrefix(lines[j], "$ ") {
			break // (a diff's "+ Received" inside the failure is no prompt)
		}
	}
	return start, end
}

// maxSQLATail is the most lines SQLAlchemy prints under its exception.
const maxSQLATail = 6

// sqlalchemyTail returns the end of the block that ends at end, extended
// over what SQLAlchemy prints under its exception (a blank line between
// may come): the statement ("[SQL: ...]"), its parameters and where to
// read about the error ("(Background on this error at: https://...)").
func sqlalchemyTail(lines []string, end int) int {
	e := end
	for j := end + 1; j < len(lines) && j <= end+maxSQLATail; j++ {
		t := strings.TrimSpace(lines[j])
		switch {
		case t == "" && j == end+1:
		case strings.HasPrefix(t, "[SQL: ") || strings.HasPrefix(t, "[parameters: "):
			e = j
		case strings.HasPrefix(t, "(Background on this error at: "):
			return j
		default:
			if e > end && (strings.HasPrefix(lines[e], "[SQL: ") || strings.HasPrefix(lines[e], "[parameters: ")) {
				return e
			}
			return end
		}
	}
	return end
}

// verifyLineRe is a line of OpenSSL's verify callback, as s_client prints
// it over the handshake's failure: "depth=0 CN = x", "verify
// error:num=10:certificate has expired", "notAfter=...", "verify return:1".
var verifyLineRe = regexp.MustCompile(`^(?:depth=\d+ |verify error:num=\d+:|verify return:\d+$|not(?:After|Before)=)`)

// connectErrnoRe is s_client's word on a connection it could not make.
var connectErrnoRe = regexp.MustCompile(`^connect:errno=\d+$`)

// verifyCallbackAbove returns the first of the verify callback's lines
// right above line i when they, or line i, say why the certificate failed
// (a "verify error:num="), else i.
func verifyCallbackAbove(lines []string, i, floor int) int {
	start, failed := i, strings.HasPrefix(lines[i], "verify error:")
	for j := i - 1; j >= floor && verifyLineRe.MatchString(lines[j]); j-- {
		start = j
		failed = failed || strings.HasPrefix(lines[j], "verify error:")
	}
	if !failed {
		return i
	}
	return start
}

// maxBacktraceAbove is how far above an error its "Backtrace:" may open.
const maxBacktraceAbove = 60

// backtraceAbove returns the line of the "Backtrace:" heading a Scheme
// (Guile's) prints over its frames, a blank line and the error on line i,
// when it is there; else i. The frames are indented or name their file
// ("In ice-9/eval.scm:").
func backtraceAbove(lines []string, i, floor int) int {
	if i-2 < floor || !blank(lines[i-1]) {
		return i
	}
	for j := i - 2; j >= floor && j >= i-maxBacktraceAbove; j-- {
		l := lines[j]
		switch {
		case strings.TrimSpace(l) == "Backtrace:":
			return j
		case blank(l) || indentOf(l) == 0 && !(strings.HasPrefix(l, "In ") && strings.HasSuffix(l, ":")):
			return i
		}
	}
	return i
}

// gfortran's shapes: the place of a runtime error ("At line 6 of file
// x.f90"), a compile error's place alone on its line ("x.f90:12:19:"), a
// line of the source it quotes ("   12 |   call f(x" and the marker line
// "      |   1"), and a frame of the backtrace it prints after "Error
// termination. Backtrace:" ("#3  0x55b7 in bounds", "\tat x.f90:8").
var (
	fortranAtRe     = regexp.MustCompile(`^At line \d+ of file \S+`)
	fortranPlaceRe  = regexp.MustCompile(`^\S+\.[fF]\w*:\d+:\d+:$`)
	fortranSourceRe = regexp.MustCompile(`^\s+(?:\d+ )?\|`)
	fortranFrameRe  = regexp.MustCompile(`^(?:#\d+\s+0x[0-9a-f]+ in |\tat )`)
)

// fortranBlock returns the bounds of the block start..end, widened to what
// gfortran prints around the error on line start: the runtime error's
// place above it and its backtrace below, or a compile error's place and
// the source it quotes above its "Error:" line.
func fortranBlock(lines []string, start, end, floor int) (int, int) {
	switch {
	case strings.HasPrefix(lines[start], "Fortran runtime error: "):
		if start-1 >= floor && fortranAtRe.MatchString(lines[start-1]) {
			start--
		}
		if end+2 < len(lines) && blank(lines[end+1]) && strings.HasPrefix(lines[end+2], "Error termination.") {
			end += 2
			for end+1 < len(lines) && fortranFrameRe.MatchString(lines[end+1]) {
				end++
			}
		}
	case strings.HasPrefix(lines[start], "Error: "):
		j := start - 1
		for j >= floor && j > start-8 && fortranSourceRe.MatchString(lines[j]) {
			j--
		}
		if j < start-1 && j-1 >= floor && blank(lines[j]) && fortranPlaceRe.MatchString(lines[j-1]) {
			start = j - 1
		}
	}
	return start, end
}

// cobraLastWord returns the end of the block that ends at end, extended
// over a cobra command's last word ("The command is terminated due to an
// error: ...", golangci-lint's) and the items it lists after a blank line
// ("* cannot parse 'x' as bool"): right under the block, or after the
// blank lines and the pointer to help ("Use "x --help" for more
// information ...") that a usage ends with when the block is the
// command's own "Error:" line.
func cobraLastWord(lines []string, end int, own bool) int {
	for j := end + 1; j < len(lines) && j <= end+4; j++ {
		t := strings.TrimSpace(lines[j])
		switch {
		case strings.HasPrefix(t, cobraTerminated):
			end = j
			for end+2 < len(lines) && strings.HasSuffix(strings.TrimSpace(lines[j]), ":") && blank(lines[end+1]) && strings.HasPrefix(lines[end+2], "* ") {
				end += 2
				for end+1 < len(lines) && strings.HasPrefix(lines[end+1], "* ") {
					end++
				}
			}
			return end
		case own && (t == "" || strings.HasPrefix(t, "Use \"") && strings.Contains(t, "--help\" for more information")):
		default:
			return end
		}
	}
	return end
}

// maxGoListError is how many lines go list -json's "Error" object may hold.
const maxGoListError = 24

// goListErrorObject returns the bounds of the block start..end widened to
// the object go list -e -json or go mod download -json prints an error
// in, brace to brace, when the block is its "Err" or "Error" field: a
// package's "Error" object ("import cycle not allowed" under its
// "ImportStack" and "Pos"), an entry of its "DepsErrors", or a module's
// whole object ({"Path", "Version", "Error"}), which says nothing else.
func goListErrorObject(lines []string, start, end, floor int) (int, int) {
	t := strings.TrimSpace(lines[start])
	if start != end || !strings.HasPrefix(t, `"Err": "`) && !strings.HasPrefix(t, `"Error": "`) {
		return start, end
	}
	open, close := jsonObjectAround(lines, start, floor)
	if open < 0 {
		return start, end
	}
	ot := strings.TrimSpace(lines[open])
	if strings.HasPrefix(t, `"Err": "`) && ot != `"Error": {` && !(ot == "{" && open > floor && strings.HasSuffix(strings.TrimSpace(lines[open-1]), `"DepsErrors": [`) || ot == "{" && strings.HasPrefix(strings.TrimSpace(lines[open-1]), "},")) {
		return start, end
	}
	if ot == `"Error": {` {
		if o, c := jsonObjectAround(lines, open, floor); o >= 0 && moduleObject(lines, o, c) {
			return o, c
		}
		return open, close
	}
	if ot == "{" && (strings.HasPrefix(t, `"Err": "`) || moduleObject(lines, open, close)) {
		return open, close
	}
	return start, end
}

// jsonObjectAround returns the lines of the braces of the JSON object,
// printed indented one field a line, that holds line i: the nearest line
// above it less indented, ending in "{", and the line below at that
// indentation that closes it; -1, -1 when there is none near.
func jsonObjectAround(lines []string, i, floor int) (int, int) {
	in := indentOf(lines[i])
	open := -1
	for j := i - 1; j >= floor && j >= i-maxGoListError; j-- {
		n := indentOf(lines[j])
		if n < 0 {
			return -1, -1
		}
		if n < in {
			if strings.HasSuffix(strings.TrimSpace(lines[j]), "{") {
				open = j
			}
			break
		}
	}
	if open < 0 {
		return -1, -1
	}
	for j := i + 1; j < len(lines) && j <= open+maxGoListError; j++ {
		n := indentOf(lines[j])
		if n < 0 || n < indentOf(lines[open]) {
			return -1, -1
		}
		if t := strings.TrimSpace(lines[j]); (t == "}" || t == "},") && n == indentOf(lines[open]) {
			return open, j
		}
	}
	return -1, -1
}

// moduleObject reports whether the object on lines open..close is the go
// command's JSON for a module: "Path" its first field, at the margin.
func moduleObject(lines []string, open, close int) bool {
	return open+1 < close && indentOf(lines[open]) == 0 && strings.HasPrefix(strings.TrimSpace(lines[open+1]), `"Path": "`)
}

// wgetErrorRe is wget's word on a failed HTTP request: "2026-11-24
// 00:27:33 ERROR 404: Not Found." (the stamp may be cut off as a record's).
var wgetErrorRe = regexp.MustCompile(`^(?:\d{4}-\d\d-\d\d \d\d:\d\d:\d\d )?ERROR \d{3}: `)

// wgetHTTPError reports whether t is wget's ERROR line.
func wgetHTTPError(t string) bool {
	return strings.Contains(t, "ERROR ") && wgetErrorRe.MatchString(strings.TrimSpace(t))
}

// wgetRequestLine reports whether t is what wget prints right over its
// ERROR line: the URL wget -nv names ("http://x/y.tgz:") or the status of
// the request ("HTTP request sent, awaiting response... 502 Bad Gateway").
func wgetRequestLine(t string) bool {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "HTTP request sent, awaiting response... ") {
		return true
	}
	return strings.HasSuffix(t, ":") && !strings.Contains(t, " ") && (strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "https://") || strings.HasPrefix(t, "ftp://"))
}

// maxDoctestHead is how far above a doctest's panic its section opens.
const maxDoctestHead = 6

// doctestSectionAbove returns the line of libtest's section header ("----
// src/lib.rs - f (line 5) stdout ----") over a doctest's panic on line
// i, when only what libtest prints between them stands there ("Test
// executable failed (exit status: 101).", "stderr:", blank lines); else i.
func doctestSectionAbove(lines []string, i, floor int) int {
	if !strings.HasPrefix(lines[i], "thread '") {
		return i
	}
	for j := i - 1; j >= floor && j >= i-maxDoctestHead; j-- {
		t := strings.TrimSpace(lines[j])
		switch {
		case strings.HasPrefix(t, "---- ") && strings.HasSuffix(t, " ----"):
			return j
		case t == "" || t == "stderr:" || t == "stdout:" || strings.HasPrefix(t, "Test executable failed (exit status: "):
		default:
			return i
		}
	}
	return i
}

// maxElidedTail is how many lines after a harness's elision a block may
// take.
const maxElidedTail = 40

// acrossElision returns the end of the block start..end, extended across
// a harness's elision right under it ("… +8 lines", Codex's) over the
// lines shown after it that are indented deeper than the block's first
// line (and a closing brace at its depth), to the first blank line: the
// end of the same output, its middle left out.
func acrossElision(lines []string, start, end int) int {
	if end+2 >= len(lines) || !elided(lines[end+1]) {
		return end
	}
	pad := indentOf(lines[start])
	e := end
	for j := end + 2; j < len(lines) && j <= end+1+maxElidedTail; j++ {
		l := lines[j]
		if blank(l) || promptLike(l) || indentOf(l) < pad {
			break
		}
		if indentOf(l) == pad {
			if t := strings.TrimSpace(l); t == "}" || t == "]" {
				e = j // the closing brace of what the block opened
			}
			break
		}
		e = j
	}
	if e == end {
		return end
	}
	return e
}

// accessRecordRe is a structured access-log record of a request a server
// answered with a 5xx: its method, path and status fields, in JSON or
// logfmt.
var accessRecordRe = regexp.MustCompile(`(?:"method":"[A-Z]+"|\bmethod=[A-Z]+\b).*(?:"status":5\d\d\b|\bstatus=5\d\d\b)`)

// accessRecord reports whether l is a structured access-log record of a
// request that failed on the server (status 5xx), logged at the error
// level.
func accessRecord(l string) bool {
	if !strings.Contains(l, "method") || !strings.Contains(l, "status") || !accessRecordRe.MatchString(l) {
		return false
	}
	// At the error level: an INFO access record is the log's, not the failure's.
	return strings.Contains(l, `"level":"ERROR"`) || strings.Contains(l, `"level":"error"`) || strings.Contains(l, "level=ERROR") || strings.Contains(l, "level=error")
}

// childExit reports whether l is a program's word that the child it ran
// exited with a status, naming the child the complaint head speaks as
// ("relkit: 2026/11/23 19:29:02 publish: curl: exit status 7" under
// "curl: (7) Failed to connect to ..."): the complaint's conclusion.
func childExit(l, head string) bool {
	k := strings.LastIndex(l, ": exit status ")
	if k <= 0 || digits(l[k+len(": exit status "):], 3) != len(l)-k-len(": exit status ") {
		return false
	}
	name, _, ok := strings.Cut(head, ": ")
	if !ok || name == "" || strings.ContainsAny(name, " \t") {
		return false
	}
	before := l[:k]
	return before == name || strings.HasSuffix(before, " "+name) || strings.HasSuffix(before, ": "+name)
}

// annotationRestates reports whether a CI step's error annotation says
// again what the diagnostic head says, without its place
// ("::error file=svc/main.go,line=8,col=2::no required module provides
// package x" under "main.go:8:2: no required module provides package x").
func annotationRestates(annotation, head string) bool {
	msg := annotationMessage(strings.TrimSpace(annotation))
	if len(msg) < minCause {
		return false
	}
	if n := diagnosticLen(head); n > 0 && n < len(head) && strings.TrimSpace(head[n:]) == msg {
		return true
	}
	// Another place's layout ("x.ts(2,32): error TS2345: msg"): the
	// diagnostic ends in the message after a ": ".
	return strings.HasSuffix(strings.TrimSpace(head), ": "+msg)
}

// annotationMessage returns the message of a GitHub Actions error
// annotation ("::error file=x,line=3::msg"), or "".
func annotationMessage(t string) string {
	if !strings.HasPrefix(t, "::error") || !ghaErrorRe.MatchString(t) {
		return ""
	}
	k := strings.Index(t[2:], "::")
	return strings.TrimSpace(t[k+4:])
}

// maxImportIssue is how many lines golangci-lint's "could not import"
// issue may hold.
const maxImportIssue = 12

// couldNotImportIssue returns the end of the block start..end widened to
// the whole of golangci-lint's typecheck issue that opens on line start
// with "could not import x (-: # x": the compiler's lines it quotes, to the
// one that ends in ") (typecheck)", and the source line and caret under
// them.
func couldNotImportIssue(lines []string, start, end int) int {
	l := lines[start]
	if !strings.Contains(l, ": could not import ") || !strings.Contains(l, " (-: # ") {
		return end
	}
	for j := start + 1; j < len(lines) && j <= start+maxImportIssue; j++ {
		if strings.HasSuffix(strings.TrimRight(lines[j], " "), ") (typecheck)") {
			e := j
			for e+1 < len(lines) && e+1 <= j+2 && strings.HasPrefix(lines[e+1], "\t") {
				e++ // the import's source line and its caret
			}
			return max(end, e)
		}
		if blank(lines[j]) || promptLike(lines[j]) {
			break
		}
	}
	return end
}

// issueCountRe is golangci-lint's count of the issues it reported: "1 issues:".
var issueCountRe = regexp.MustCompile(`^\d+ issues?:?$`)

// captureAborted returns the end of the block that ends at end, extended
// over the compiler's conclusion a blank line under it, which names no place
// or cause of its own and only the one error above (rustc's "error: aborting
// due to 1 previous error"; "due to 3 previous errors" rolls up several
// and stands alone, like cargo's "could not compile"),
// and over the pointer to the explanation a blank line under that ("For
// more information about this error, try `rustc --explain E0425`.").
func captureAborted(lines []string, end int) int {
	if end+2 < len(lines) && blank(lines[end+1]) && strings.HasPrefix(strings.TrimSpace(lines[end+2]), "For more information about this error") {
		return end + 2 // cargo's word on the only error, without rustc's "aborting"
	}
	if end+2 >= len(lines) || !blank(lines[end+1]) || strings.TrimSpace(lines[end+2]) != "error: aborting due to 1 previous error" {
		return end
	}
	end += 2
	if end+2 < len(lines) && blank(lines[end+1]) && strings.HasPrefix(lines[end+2], "For more information about this error") {
		end += 2
	}
	return end
}

// conclusion reports whether a line is a conclusion (conclusionRe); the
// words it must hold are looked for first, in one pass.
func conclusion(l string) bool {
	if strings.HasSuffix(strings.TrimRight(l, "."), " failed") && diagnosticLen(l) > 0 {
		return false // a diagnostic at its place is its own ("x.go:13:4: undefined: failed")
	}
	if strings.Contains(l, `: running "`) && goGenerateExit(l) && goGenerateRe.MatchString(l) {
		return true // go generate's word on the generator whose error is above
	}
	if l == "Couldn't compile the test." || strings.HasSuffix(l, " compile error") || strings.HasSuffix(l, " compile errors") {
		// A doctest's rustc error's end; jq's "jq: 1 compile error".
		return l == "Couldn't compile the test." || compileCountRe.MatchString(l)
	}
	if strings.HasPrefix(l, "error: failed to push some refs to ") {
		return true // git's word on the push a hook or the remote refused above
	}
	if strings.Contains(l, ": FAILED (") && stepFailedExitRe.MatchString(l) {
		return true // a script's verdict on its step, under what the step said: "ERROR step load: FAILED (exit 1)"
	}
	if len(l) < 200 && strings.Contains(l, "failed") && wrapperFailedRe.MatchString(l) && !countFailedRe.MatchString(l) && stepFailed(l) == "" && !levelWordRe.MatchString(l) && !errorHeadRe.MatchString(l) {
		return true // a script's word that the step it ran failed: "release: build for windows/amd64 failed"
	}
	return len(l) < 400 && conclusionWords.holds(l) && conclusionRe.MatchString(l)
}

// wrapperFailedRe is a script's conclusion about what it ran, right under
// what that said: "backup: rsync failed with code 11", "health check
// failed", "[dev] build failed". It names no cause of its own.
var wrapperFailedRe = regexp.MustCompile(`^(?:[\w.-]+: |\[[\w.-]+\] )?[\w/.-]+(?: [\w/.-]+){0,5} failed(?: with (?:exit )?(?:code|status) \d+| to [a-z]+| for:? [\w/.,-]+(?:, [\w/.-]+)*)?\.?$|^[\w.-]+: command ".+" failed with exit (?:code |status )?\d+(?: at line \d+)?$|^[\w./-]+: line \d+: ".+" failed with exit (?:code |status )?\d+$|^[\w./-]+: (?:step|command|build) failed at line \d+ \(exit \d+\)$|^[\w./-]+: error (?:on|at) line \d+: ".+" exited (?:with (?:code|status) )?\d+$`)

// levelWordRe is a logging level's word: a record's, not a script's plain line.
var levelWordRe = regexp.MustCompile(`\b(?:ERROR|ERR|FATAL|CRITICAL|CRIT|WARN|WARNING|INFO|DEBUG|SEVERE|ALERT|EMERG)\b`)

// errorHeadRe is an error's own head word: such a line is an error of its
// own, not a conclusion.
var errorHeadRe = regexp.MustCompile(`^(?i:error|fatal|fail(?:ed|ure)?|panic)\b`)

// countFailedRe is a count of what failed ("3 of 4 checks failed"): a recap.
var countFailedRe = regexp.MustCompile(`\b\d+ (?:of \d+ |out of \d+ )?\S+ failed`)

// compileCountRe is a program's count of its compile errors: "jq: 1
// compile error".
var compileCountRe = regexp.MustCompile(`^\S+: \d+ compile errors?$`)

// migrateStmtRe is golang-migrate's error at a line of a migration, the
// migration's statements after it.
var migrateStmtRe = regexp.MustCompile(`^error: .* in line \d+: \S`)

// conclusionWords are the words conclusionRe's alternatives hold.
var conclusionWords = newAutomaton([]string{"previous error", "fails to validate", " failed", "aborting", "not recoverable",
	"rsync error: ", "refusing.", "bad unit file setting", "treated as errors", "ompilation aborted", " found in ", "had errors",
	" error: error in ", " failure", "Command failed", "error loading packages", "error compiling", "failed to connect to bus", "patch does not apply", " file, can't ", "Child returned status", "checking code style", "error on line ", "error at line ", "aborted at line ", "stopped at line ", "commit aborted"})

// sectionHead reports whether a line is a one-word heading at the margin
// that opens a runner's next section ("Pending:", "Failures:").
func sectionHead(l string) bool {
	if len(l) < 4 || len(l) > 24 || l[0] < 'A' || l[0] > 'Z' || l[len(l)-1] != ':' {
		return false
	}
	for k := 1; k < len(l)-1; k++ {
		if c := l[k]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// stepAbove returns i-1 as the start of line i's block when line i is
// indented under a less indented step that names where it is defined,
// "    Then the total is 9   # features/steps/cart.py:14": a scenario
// runner's failed step over its reason; else i.
func stepAbove(lines []string, i, floor int) (start, end, key int) {
	if i-1 < floor || indentOf(lines[i]) == 0 || indentOf(lines[i-1]) >= indentOf(lines[i]) {
		return i, i, i
	}
	a := strings.TrimRight(lines[i-1], " ")
	k := strings.LastIndex(a, " # ")
	if k < 0 || !isDigit(a[len(a)-1]) || !stepLocRe.MatchString(a[k:]) {
		return i, i, i
	}
	return i - 1, i, i
}

var stepLocRe = regexp.MustCompile(`^ # \S+\.\w+:\d+$`)

// headsTrace reports whether a line is a heading a runtime or a logger
// prints right above a stack trace it announces: "Exception in thread
// t:", "Exception ignored in: <function f>", "Unhandled Exception:", an
// error record ("ERROR:    Exception in ASGI application", "<CRITICAL>
// cannot ship"). It starts at the margin and names an exception, an error
// or a fatal or critical condition.
func headsTrace(l string) bool {
	if l == "" || l[0] == ' ' || l[0] == '\t' || len(l) > 300 || promptLike(l) {
		return false
	}
	if quietRecord(l) || quietRecord(stripPrefix(l)) {
		return false // an INFO record that counts "0 errors" heads nothing
	}
	for _, w := range traceHeadWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// statesException reports whether a line over a Python traceback is a
// message of its own that ends in an exception's name ("fetch failed:
// ConnectionError", a handled error printed before another one crashed
// the program), not a heading: no log record, no colon at its end, no
// level word in capitals.
func statesException(l string) bool {
	t := strings.TrimRight(l, " \r")
	k := strings.LastIndex(t, ": ")
	if k < 0 || len(stripPrefix(t)) < len(t) || strings.Contains(t, "ERROR") || strings.Contains(t, "CRITICAL") || strings.Contains(t, "FATAL") {
		return false
	}
	name := t[k+2:]
	return name != "" && !strings.ContainsAny(name, " .:") && (strings.HasSuffix(name, "Error") || strings.HasSuffix(name, "Exception"))
}

// traceHeadWords are the words a heading over a stack trace names.
var traceHeadWords = []string{"Exception", "exception", "ERROR", "Error", "error", "CRITICAL", "Critical", "FATAL", "Fatal", "fatal", "Caught:", "Unhandled", "unhandled"}

// boxLine reports whether a line, without its indentation, is a line of
// the box a diagnostic draws around its source (Dart Sass, Terraform): an
// opening "╷", a closing "╵", or a "│" gutter after an optional line
// number ("4 │   color: $x;", "│ ^^^").
func boxLine(t string) bool {
	k := 0
	for k < len(t) && k < 8 && isDigit(t[k]) {
		k++
	}
	for k < len(t) && t[k] == ' ' {
		k++
	}
	r := t[k:]
	return strings.HasPrefix(r, "│") || strings.HasPrefix(r, "╷") || strings.HasPrefix(r, "╵")
}

// responseAbove returns the status line of the HTTP response whose body
// starts on line i ("HTTP/1.1 503 Service Unavailable", its "Name: value"
// header lines, a blank line, the body), or -1 when the line above is not
// the end of a failed response's headers. It looks no higher than floor.
func responseAbove(lines []string, i, floor int) int {
	if i-1 >= floor && (strings.HasPrefix(lines[i-1], "* ") || strings.HasPrefix(lines[i-1], "\r")) {
		return verboseResponseAbove(lines, i, floor)
	}
	if i-2 < floor || !blank(lines[i-1]) || !strings.Contains(lines[i-2], ": ") {
		return -1
	}
	for j := i - 2; j >= floor && j >= i-maxResponseHeaders; j-- {
		l := strings.TrimSuffix(lines[j], "\r")
		if strings.HasPrefix(l, "HTTP/") {
			if httpFailRe.MatchString(l) {
				return j
			}
			return -1
		}
		if !headerLineRe.MatchString(l) {
			return -1
		}
	}
	return -1
}

// verboseResponseAbove returns the status line of a failed response that
// curl -v printed above its body on line i ("< HTTP/1.1 422 ..." and its
// "< " headers, curl's "* " notes, "{ [72 bytes data]" and its progress
// meter between), or -1.
func verboseResponseAbove(lines []string, i, floor int) int {
	for j := i - 1; j >= floor && j >= i-maxResponseHeaders; j-- {
		l := strings.TrimSuffix(lines[j], "\r")
		switch {
		case strings.HasPrefix(l, "< HTTP/"):
			if httpFailRe.MatchString(l[2:]) {
				return j
			}
			return -1
		case strings.HasPrefix(l, "< ") || l == "<" || strings.HasPrefix(l, "* ") || strings.HasPrefix(l, "{ [") || strings.HasPrefix(l, "\r") || curlMeterRe.MatchString(l):
		default:
			return -1
		}
	}
	return -1
}

// curlMeterRe is a line of curl's progress meter.
var curlMeterRe = regexp.MustCompile(`^\s*\d+\s+\d+[kMG]?\s+\d+\s+\d+`)

// maxResponseHeaders is the most header lines looked back over for the
// status line of a response.
const maxResponseHeaders = 40

var (
	// httpFailRe is the status line of a failed HTTP response.
	httpFailRe = regexp.MustCompile(`^HTTP/[\d.]+ [45]\d\d\b`)
	// headerLineRe is an HTTP header line: "Content-Type: text/html".
	headerLineRe = regexp.MustCompile(`^[A-Za-z][\w-]*: \S`)
)

// httpFailLine reports whether l is the status line of a failed HTTP
// response ("HTTP/1.1 503 Service Unavailable"), the regexp run only on
// lines that start as one.
func httpFailLine(l string) bool {
	return strings.HasPrefix(l, "HTTP/") && httpFailRe.MatchString(l)
}

// failedStatusRe is a complaint's word on a request's failed HTTP status:
// "failed: HTTP 404 Not Found", "unexpected status code: 500".
var failedStatusRe = regexp.MustCompile(`\bHTTP(?:/[\d.]+)? [45]\d\d\b|\b[Ss]tatus(?: code)?:? [45]\d\d\b`)

// responseBodyBelow returns i+1 when line i, a complaint about a request
// whose HTTP status failed, has the response's body on the line under it:
// a JSON value alone on its line ('{"error":"not_found",...}'), as a
// client prints what the server said. Else i.
func responseBodyBelow(lines []string, i int) int {
	if i+1 >= len(lines) || !strings.Contains(lines[i], "HTTP") && !strings.Contains(lines[i], "tatus") || !failedStatusRe.MatchString(lines[i]) {
		return i
	}
	b := strings.TrimSpace(lines[i+1])
	if len(b) < 2 || !(b[0] == '{' && b[len(b)-1] == '}' || b[0] == '[' && b[len(b)-1] == ']') || !json.Valid([]byte(b)) {
		return i
	}
	return i + 1
}

// statusAloneRe is a failed HTTP status alone on its line, as curl -w
// prints it after the body: "HTTP 500", "http_code=404", "status: 502".
var statusAloneRe = regexp.MustCompile(`^(?i:HTTP|http_code|status(?: code)?)[ :=]*[45]\d\d$`)

// statusBelow returns the line of a failed HTTP status printed alone under
// the response body that ends on line end (a blank line may come between:
// curl -w '\nHTTP %{http_code}\n'), or end.
func statusBelow(lines []string, end int) int {
	for j := end + 1; j < len(lines) && j <= end+2; j++ {
		t := strings.TrimSpace(lines[j])
		if t == "" {
			continue
		}
		if len(t) <= 20 && statusAloneRe.MatchString(t) {
			return j
		}
		break
	}
	return end
}

// contextHeadRe is a line that only introduces its context: a compiler's
// "x.c: In function 'f':", a heading.
var contextHeadRe = regexp.MustCompile(`: In (?:function|member function|instantiation|constructor|destructor|lambda|static member function|substitution)\b|^In file included from |^\S+:$`)

// announces reports whether an error's head line ends with a colon that
// announces what follows ("...: startup failed:"), not a heading or a
// context line.
func announces(l string) bool {
	t := strings.TrimRight(l, " \t\r")
	return len(t) > 8 && strings.HasSuffix(t, ":") && !strings.HasSuffix(t, "::") && !strings.HasSuffix(t, " :") && strings.Contains(t, " ") &&
		!contextHeadRe.MatchString(t) && !strings.HasSuffix(t, "(most recent call last):")
}

// caretSource reports whether the error on line i is a caret under the
// source line above it, both behind the same prefix (gawk's "awk: x.awk:3:
// ... ^ syntax error" under "awk: x.awk:3: <source>").
func caretSource(lines []string, i, floor int) bool {
	k := strings.IndexByte(lines[i], '^')
	if k <= 0 || i-1 < floor {
		return false
	}
	p := strings.TrimRight(lines[i][:k], " \t")
	return len(p) > 2 && len(p) < k && strings.HasSuffix(p, ":") && strings.HasPrefix(lines[i-1], p+" ")
}

// maxGdbLines bounds a gdb stop's backtrace.
const maxGdbLines = 200

// maxRunScan is how far above a line runSection looks for the test
// it belongs to.
const maxRunScan = 400

// testOutput reads line i as output go test -v printed for the test it
// was running (runSection): passed when that test then passed (go test's
// own result lines excepted); failedSubtest when it is a subtest that
// failed and whose result is not right under its output — go test groups
// it under its parent's, and the output is the subtest's failure.
func testOutput(lines []string, i, limit int) (passed, failedSubtest bool) {
	name, _, ok := runSection(lines, i)
	if !ok {
		return false, false
	}
	end := runSectionEnd(lines, i, limit) // (no result line stands between i and end)
	switch testResult(lines, name, end, limit) {
	case "PASS":
		return !strings.HasPrefix(strings.TrimLeft(lines[i], " "), "--- "), false
	case "FAIL":
		return false, strings.Contains(name, "/") && failedTestName(lineAt(lines, end+1, limit)) != name
	}
	return false, false
}

// tabLogAboveFail reports whether the tab-indented lines from line j on
// stand right above a test's "--- FAIL" line: that test's own report.
func tabLogAboveFail(lines []string, j, limit int) bool {
	for j <= limit && strings.HasPrefix(lines[j], "\t") {
		j++
	}
	return j <= limit && strings.HasPrefix(lines[j], "--- FAIL: ")
}

// goTestLogRe is a test's log line as go test prints it, indented:
// "    store_test.go:26: first insert: ...".
var goTestLogRe = regexp.MustCompile(`^\s+[\w.-]+_test\.go:\d+: `)

// maxTestLog is how many lines of a test's log goTestLogAboveFail reads
// down to its "--- FAIL".
const maxTestLog = 200

// goTestLogAboveFail reports whether line i is a test's log line that go
// test -v prints above the test's "--- FAIL: X": only the test's log (its
// lines, indented as deep or deeper) between them.
func goTestLogAboveFail(lines []string, i, limit int) bool {
	if indentOf(lines[i]) < 4 {
		return false
	}
	// The log line this one is, or goes on under ("    x_test.go:37: "
	// over quicktest's "        error:").
	logged := false
	for j := i; j >= 0 && j >= i-maxTestLog && (indentOf(lines[j]) >= 4 || blank(lines[j])); j-- {
		if goTestLogRe.MatchString(lines[j]) {
			logged = true
			break
		}
	}
	if !logged {
		return false
	}
	for j := i + 1; j <= limit && j <= i+maxTestLog; j++ {
		if l := lines[j]; !blank(l) && indentOf(l) < 4 {
			return strings.HasPrefix(l, "--- FAIL: ")
		}
	}
	return false
}

// runSection returns the test go test -v was running when it printed line
// i (the "=== RUN", "=== CONT" or "=== NAME" above it, with no result line
// between) and that line, or false.
func runSection(lines []string, i int) (name string, run int, ok bool) {
	for j := i - 1; j >= 0 && j >= i-maxRunScan; j-- {
		l := lines[j]
		if promptLike(l) || strings.HasPrefix(strings.TrimLeft(l, " "), "--- ") || l == "PASS" || l == "FAIL" {
			return "", 0, false
		}
		if strings.HasPrefix(l, "=== ") {
			m := goRunRe.FindStringSubmatch(l)
			if m == nil {
				return "", 0, false
			}
			return m[1], j, true
		}
	}
	return "", 0, false
}

// runSectionEnd returns the last line of the go test -v section that
// holds line i: before the next "=== " line, result line or prompt.
func runSectionEnd(lines []string, i, limit int) int {
	end := i
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if strings.HasPrefix(l, "=== ") || strings.HasPrefix(strings.TrimLeft(l, " "), "--- ") || promptLike(l) || l == "PASS" || l == "FAIL" ||
			strings.HasPrefix(l, "ok  \t") || strings.HasPrefix(l, "FAIL\t") {
			break
		}
		if !blank(l) {
			end = j
		}
	}
	return end
}

// testResult returns how go test reports test name below line i: "FAIL",
// "PASS" (or SKIP), or "" when it does not before a prompt or limit.
func testResult(lines []string, name string, i, limit int) string {
	for j := i + 1; j <= limit && j < len(lines); j++ {
		l := strings.TrimLeft(lines[j], " ")
		if promptLike(lines[j]) {
			return ""
		}
		if strings.HasPrefix(l, "--- ") {
			if k := strings.Index(l, ": "); k > 0 && strings.HasPrefix(l[k+2:], name+" (") {
				if strings.HasPrefix(l, "--- FAIL: ") {
					return "FAIL"
				}
				return "PASS"
			}
		}
	}
	return ""
}

// maxSpecLines bounds how far ginkgoPassedOutput looks for a spec's end.
const maxSpecLines = 200

// ginkgoPassedOutput reports whether line i is what a Ginkgo spec printed
// (GinkgoWriter, ginkgo -v) that then passed: between the rules of dashes
// Ginkgo draws around a spec, over its "• [0.000 seconds]".
func ginkgoPassedOutput(lines []string, i, limit int) bool {
	above := false
	for j := i - 1; j >= 0 && j >= i-maxSpecLines && !promptLike(lines[j]); j-- {
		if ginkgoRule(lines[j]) {
			above = true
			break
		}
	}
	if !above {
		return false
	}
	for j := i + 1; j <= limit && j <= i+maxSpecLines && !promptLike(lines[j]); j++ {
		t := strings.TrimSpace(lines[j])
		if ginkgoRule(t) {
			return false
		}
		if strings.HasPrefix(t, "• ") || t == "•" {
			return t == "•" || strings.HasPrefix(t, "• [") && len(t) > len("• [") && isDigit(t[len("• [")])
		}
	}
	return false
}

// goRunRe is go test -v's line for a test that starts or goes on.
var goRunRe = regexp.MustCompile(`^=== (?:RUN|CONT|PAUSE|NAME)\s+(\S+)`)

// goSubtestLogs returns the start of a go test -v failure whose block
// starts on line start, moved up over the log lines of its failed
// subtests: -v prints each subtest's "=== RUN" with its messages under it,
// long before the "--- FAIL" lines that name it. The messages of a test
// that passed, or a line that is neither, end the walk.
func goSubtestLogs(lines []string, start, end, floor int) int {
	failed := map[string]bool{}
	for _, l := range lines[start : end+1] {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "--- FAIL: ") {
			if f := strings.Fields(t[len("--- FAIL: "):]); len(f) > 0 {
				failed[f[0]] = true
			}
		}
	}
	if len(failed) == 0 {
		return start
	}
	top, msgs := start, false
	for j := start - 1; j >= floor && j >= start-maxBlockScan; j-- {
		if m := goRunRe.FindStringSubmatch(lines[j]); m != nil {
			if msgs {
				if !failed[m[1]] {
					return top // a test that passed, with logs of its own
				}
				top = j + 1
			}
			msgs = false
			continue
		}
		if indentOf(lines[j]) == 0 || blank(lines[j]) || strings.HasPrefix(strings.TrimSpace(lines[j]), "--- ") {
			break
		}
		msgs = true
	}
	return top
}

// headerAbove returns the start of a block that starts on line start,
// moved up over the header a runner prints over what it ran: libtest's
// "---- tests::x stdout ----" (a blank line between), compileall's "***
// Error compiling 'x.py'...".
func headerAbove(lines []string, start, floor int) int {
	j := start - 1
	if j >= floor && blank(lines[j]) {
		j--
	}
	if j < floor {
		return start
	}
	l := lines[j]
	if strings.HasPrefix(l, "---- ") && strings.HasSuffix(l, " stdout ----") || strings.HasPrefix(l, "*** Error compiling '") && j == start-1 {
		return j
	}
	return start
}

// selfHeaded reports whether an exception's line says itself that it is
// the head of its report ("PHP Fatal error:  Uncaught ...", "Exception in
// thread ..."): the line above it is not its heading.
func selfHeaded(l string) bool {
	return strings.HasPrefix(l, "PHP ") || strings.HasPrefix(l, "Exception in thread ") || strings.HasPrefix(l, "Fatal error: ") ||
		strings.HasPrefix(l, "Uncaught ")
}

// parentTraceback returns the last line of the traceback that starts on
// line i when it ends in subprocess.CalledProcessError, or -1: it is
// read without following chains, so a run of tracebacks costs one pass.
func parentTraceback(lines []string, i, limit int) int {
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		switch {
		case indentOf(l) > 0 || caretRe.MatchString(l):
		case isPyException(l):
			if strings.Contains(l, "CalledProcessError") {
				return j
			}
			return -1
		default:
			return -1
		}
	}
	return -1
}

// sameExceptionTraceback returns the last line of the traceback that
// starts on line i when it ends in the very exception line exc, or -1.
// otherModuleLine reports whether two tracebacks' outermost frames are
// two lines of one script's top level ("line 12, in <module>", "line 15,
// in <module>"): two statements that each failed, in two runs, not one
// failure told twice.
func otherModuleLine(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !strings.HasSuffix(a, ", in <module>") || !strings.HasSuffix(b, ", in <module>") || a == b {
		return false
	}
	fa, _, _ := strings.Cut(a, ", line ")
	fb, _, _ := strings.Cut(b, ", line ")
	return fa == fb
}

func sameExceptionTraceback(lines []string, i, limit int, exc string) int {
	for j := i + 1; j <= limit && j <= i+maxBlockScan; j++ {
		l := lines[j]
		switch {
		case indentOf(l) > 0 || caretRe.MatchString(l):
		case l == exc:
			return j
		default:
			return -1
		}
	}
	return -1
}

// maxBannerLines bounds the paragraph under a bundler's "ERROR in".
const maxBannerLines = 40

// raceTailStart returns the first line of a race report whose closing
// rule is line i and whose head was cut off: the run of its lines, frames
// and blanks above, which names an access or a goroutine but holds no
// opening rule or "WARNING: DATA RACE". It returns -1 when line i closes
// no such tail.
func raceTailStart(lines []string, i int) int {
	start, named := i, false
	for j := i - 1; j >= 0 && j >= i-maxBlockScan; j-- {
		l := lines[j]
		switch {
		case blank(l) || indentOf(l) > 0:
		case raceEndRe.MatchString(l) || strings.HasPrefix(l, "WARNING: DATA RACE"):
			return -1 // a whole report, or between two
		case raceAccessRe.MatchString(l):
			named = true
		case raceLineRe.MatchString(l):
		default:
			j = -1 // the cut, or what came before the report
			continue
		}
		start = j
	}
	for start < i && blank(lines[start]) {
		start++
	}
	if !named || start == i {
		return -1
	}
	return start
}

// raceAccessRe is a race report's line on an access or a goroutine.
var raceAccessRe = regexp.MustCompile(`^(?:(?:Previous )?(?:[Rr]ead|[Ww]rite|Atomic \w+) at 0x[0-9a-f]+ by |Goroutine \d+ \((?:running|finished)\) created at:$)`)

// raceLineRe is a line of a data race report at the margin: its header,
// an access, a goroutine's creation, its closing rule.
var raceLineRe = regexp.MustCompile(`^(?:WARNING: DATA RACE|(?:Previous )?(?:[Rr]ead|[Ww]rite|Atomic \w+|\w+ access) at |Goroutine \d+ |=+$|Location is |Mutex )`)

// splitSubtests returns the end of a go test failure on line i that
// captureIndented ended on line end, cut before the second of its failed
// subtests that carry messages of their own (plain go test prints each
// subtest's messages under its "--- FAIL"): each such subtest is its own
// failure, the first under its parent's line. Subtests listed without
// messages (-v printed them earlier) stay in one block.
func splitSubtests(lines []string, i, end int) int {
	seen, msgs := false, false
	for j := i + 1; j <= end; j++ {
		t := strings.TrimSpace(lines[j])
		if strings.HasPrefix(t, "--- FAIL: ") {
			if seen && msgs {
				return j - 1
			}
			seen, msgs = true, false
			continue
		}
		if seen && t != "" && !strings.HasPrefix(t, "--- ") {
			msgs = true
		}
	}
	return end
}

// isDashRule reports whether a line is a rule of dashes alone.
func isDashRule(l string) bool {
	t := strings.TrimSpace(l)
	return len(t) >= 4 && strings.Trim(t, "-") == ""
}

// goroutineRe is the head of a goroutine's stack.
var goroutineRe = regexp.MustCompile(`^goroutine \d+ \[[^\]]+\]:$`)

// bulletsUnder returns the last line of the list of "* " items a blank
// line under line i (a multierror's or mapstructure's "N error(s)
// decoding:"), or i when there is none.
func bulletsUnder(lines []string, i, limit int) int {
	end := i
	if i+2 > limit || !blank(lines[i+1]) {
		return end
	}
	for j := i + 2; j <= limit && strings.HasPrefix(strings.TrimLeft(lines[j], " \t"), "* "); j++ {
		end = j
	}
	return end
}

// restated returns the end of the block from start to end, extended over
// the line right under it that says one of its errors again, alone ("Could
// not apply 7c4dd57... x" under git's "error: could not apply 7c4dd57...
// x") or as the cause a program names as it stops ("The command is
// terminated due to an error: can't load config: ..."), with the list it
// repeats too.
func restated(lines []string, start, end, limit int) int {
	if end+1 > limit || end-start > 40 {
		return end
	}
	next := strings.TrimSpace(lines[end+1])
	if len(next) < 16 || promptLike(lines[end+1]) {
		return end
	}
	for k := start; k <= end; k++ {
		l := lines[k]
		if v := errField(l); len(v) >= 16 {
			// A structured record's err field, said again at the end of
			// the program's last line ("x: push: " + err).
			if c := len(next) - len(v); next == v || c > 2 && next[c-2:c] == ": " && next[c:] == v {
				return end + 1
			}
		}
		if j := skipBlanks(l, 0); j >= len(l) || l[j] != 'e' && l[j] != 'E' && l[j] != 'f' {
			continue // only "error: ", "Error: ", "ERROR: ", "fatal: ", "ERROR [x] " lines are looked at
		}
		m := strings.TrimSpace(l)
		for _, p := range [...]string{"error: ", "Error: ", "ERROR: ", "fatal: "} {
			m = strings.TrimPrefix(m, p)
		}
		m = strings.TrimLeft(m, " ") // PostgreSQL's two blanks after its level
		if strings.HasPrefix(m, "ERROR [") && loggerBracket(m[len("ERROR "):]) {
			m = m[strings.IndexByte(m, ']')+2:] // a record's message: "ERROR [x.y] ..."
		}
		if len(m) < 16 || m == strings.TrimSpace(lines[k]) || !strings.Contains(m, " ") {
			continue // only an error's message is said again
		}
		// Alone, or as the cause after ": ".
		if c := len(next) - len(m); !sameFirstFold(next, m) && !(c > 2 && next[c-2:c] == ": " && sameFirstFold(next[c:], m)) {
			continue
		}
		end++
		if j := bulletsUnder(lines, end, limit); j > end && bulletsUnder(lines, k, limit) > k {
			end = j
		}
		return end
	}
	return end
}

// errField returns the value of a logfmt record's err or error field,
// unquoted (log/slog's text handler: err="dial tcp: \"x\" refused"), or "".
func errField(l string) string {
	k := strings.Index(l, " err=\"")
	n := len(" err=\"")
	if k < 0 {
		k, n = strings.Index(l, " error=\""), len(" error=\"")
	}
	if k < 0 {
		return ""
	}
	v, err := strconv.QuotedPrefix(l[k+n-1:])
	if err != nil {
		return ""
	}
	u, err := strconv.Unquote(v)
	if err != nil {
		return ""
	}
	return u
}

// sameFirstFold reports whether a and b are equal but for the case of
// their first letter.
func sameFirstFold(a, b string) bool {
	return len(a) == len(b) && a[1:] == b[1:] && (a[0] == b[0] || a[0]|0x20 == b[0]|0x20 && a[0]|0x20 >= 'a' && a[0]|0x20 <= 'z')
}

// yamlMarkRe is the line PyYAML writes under each part of its error to
// say where: `  in "x.yaml", line 5, column 11`.
var yamlMarkRe = regexp.MustCompile(`^\s+in "[^"]*", line \d+, column \d+[.:]?$`)

// yamlProblem returns the end of the block that ends at end, extended over
// the problem PyYAML reports under its context ("while parsing a flow
// sequence", its mark, then "did not find expected ','" and its own mark).
func yamlProblem(lines []string, end, limit int) int {
	for end+2 <= limit && strings.Contains(lines[end], ", column ") && yamlMarkRe.MatchString(lines[end]) && indentOf(lines[end+1]) == 0 && !blank(lines[end+1]) &&
		yamlMarkRe.MatchString(lines[end+2]) {
		end += 2
	}
	return end
}

// atBoxAbove returns the first line of the box of '@' (OpenSSH's "WARNING:
// UNPROTECTED PRIVATE KEY FILE!", "REMOTE HOST IDENTIFICATION HAS
// CHANGED!") over the paragraph that ends right above line start, or start
// when there is none: the banner says what the complaint under it is about.
func atBoxAbove(lines []string, start, floor int) int {
	j := start - 1
	for n := 0; j >= floor && n < 16 && lines[j] != "" && lines[j][0] != '@' && lines[j][0] != '$'; n++ {
		j--
	}
	if j < floor || lines[j] == "" || lines[j][0] != '@' || !atRule(lines[j]) {
		return start
	}
	top := j
	for k := j - 1; k >= floor && k >= j-4; k-- {
		t := strings.TrimRight(lines[k], "\r ")
		if !strings.HasPrefix(t, "@") || !strings.HasSuffix(t, "@") {
			break
		}
		if atRule(t) {
			top = k
		}
	}
	return top
}

// atRule reports whether a line is a rule of '@'.
func atRule(l string) bool {
	l = strings.TrimRight(l, "\r ")
	return len(l) >= 20 && strings.Trim(l, "@") == ""
}

// tabNumberedRe is a line of source a tool lists with its number and a tab.
var tabNumberedRe = regexp.MustCompile(`^\d+\t`)

// namedFileLine returns "f:" when next is a diagnostic at a line of the
// file f that head names ("go.mod:5: ..." under "errors parsing go.mod:"),
// or "".
func namedFileLine(head, next string) string {
	k := strings.IndexByte(next, ':')
	if k <= 0 || k+1 >= len(next) || !isDigit(next[k+1]) || strings.ContainsAny(next[:k], " \t") {
		return ""
	}
	f := next[:k]
	if !strings.Contains(head, " "+f+":") && !strings.Contains(head, " "+f+" ") {
		return ""
	}
	return f + ":"
}

// fieldLineRe is a line that names a field and what is wrong with it:
// "port: must be between 1 and 65535, got 0" (errors.Join's lines).
var fieldLineRe = regexp.MustCompile(`^(?:[a-z_][\w.\[\]-]{0,40}: [a-z]|(?:row|line|item|entry|record) \d+: \S)`)

// pipHead returns the line of pip's diagnostic head ("error: x-y") that
// line i is, or that stands a blank line over the "× " line i is; or -1.
func pipHead(lines []string, i, floor int) int {
	t := strings.TrimSpace(lines[i])
	switch {
	case strings.HasPrefix(t, "error: ") && pipHeadRe.MatchString(t):
		return i
	case strings.HasPrefix(t, "× ") && i-2 >= floor && blank(lines[i-1]) && pipHeadRe.MatchString(strings.TrimSpace(lines[i-2])):
		return i - 2
	}
	return -1
}

// pipHeadRe is the head of pip's diagnostic: "error: subprocess-exited-with-error".
var pipHeadRe = regexp.MustCompile(`^error: [a-z]+(?:-[a-z]+)+$`)

// pipDiagnostic returns the last line of pip's diagnostic headed on line
// i (a blank line, "× what failed", "│ exit code: 1", "╰─> [n lines of
// output]", the output indented under it to "[end of output]", and its
// note: and hint: lines), or i when the head has none.
func pipDiagnostic(lines []string, i, limit int) int {
	if i+2 > limit || !blank(lines[i+1]) || !strings.HasPrefix(strings.TrimSpace(lines[i+2]), "× ") {
		return i
	}
	base, end, framed := indentOf(lines[i]), i, false
	for j := i + 1; j <= limit; j++ {
		l := lines[j]
		if blank(l) {
			if j+1 <= limit && blank(lines[j+1]) {
				break
			}
			continue
		}
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "× "):
			framed = true // to "╰─>": the frame's lines (their gutter may be gone)
		case framed:
			framed = !strings.HasPrefix(t, "╰─>")
		case indentOf(l) > base || indentOf(l) == base && (strings.HasPrefix(t, "note: ") || strings.HasPrefix(t, "hint: ")):
		default:
			return end
		}
		end = j
	}
	return end
}

// seeAbove reports whether a diagnostic points at the output above it.
func seeAbove(block []string) bool {
	for _, l := range block {
		if strings.Contains(l, "See above for ") {
			return true
		}
	}
	return false
}

// commandWas returns the end of the block that ends at end, extended over
// the statement a database client echoes under the error it ran into
// ("Command was: CREATE TABLE x (" to its closing ";").
func commandWas(lines []string, end, limit int) int {
	if end+1 > limit || !strings.HasPrefix(lines[end+1], "Command was: ") {
		return end
	}
	for j := end + 1; j <= limit && j <= end+80; j++ {
		if blank(lines[j]) {
			return end
		}
		end = j
		if strings.HasSuffix(strings.TrimRight(lines[j], " \r"), ";") {
			return end
		}
	}
	return end
}

// ctestHeadAbove returns the line of ctest's "***Failed" report over the
// block that starts on line start when only the test's banner lines come
// between (GoogleTest's "Running main()", "[==========]", "[ RUN      ]"),
// or start: under --output-on-failure ctest's line heads what its test
// printed.
func ctestHeadAbove(lines []string, start, floor int) int {
	for j := start - 1; j >= floor && j >= start-12; j-- {
		l := lines[j]
		switch {
		case strings.Contains(l, "***") && ctestFailRe.MatchString(l):
			return j
		case strings.HasPrefix(l, "[==========]"), strings.HasPrefix(l, "[----------]"), strings.HasPrefix(l, "[ RUN      ]"),
			strings.HasPrefix(l, "Running main() from"), strings.HasPrefix(l, "Note: Google Test filter"), strings.HasPrefix(l, "Note: Randomizing"):
		default:
			return start
		}
	}
	return start
}

// paragraphHead reports whether a line at the margin heads a paragraph of
// an exception's message: it ends with a colon.
func paragraphHead(l string) bool {
	t := strings.TrimRight(l, " \r")
	return len(t) > 3 && indentOf(t) == 0 && strings.HasSuffix(t, ":") && !promptLike(t) && !strings.HasPrefix(t, "Traceback") &&
		!strings.HasPrefix(t, "During handling") && !strings.HasPrefix(t, "The above exception")
}

// vitestCaught reports whether l is the banner over one error vitest
// caught outside a test: "⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯", "Uncaught
// Exception", "Unhandled Error".
func vitestCaught(l string) bool {
	return strings.Contains(l, "⎯") && (strings.Contains(l, "Uncaught Exception") || strings.Contains(l, "Unhandled Rejection") || strings.Contains(l, "Unhandled Error") && !strings.Contains(l, "Unhandled Errors"))
}

// vitestUnhandled returns the block of an error vitest caught outside a
// test ("⎯ Uncaught Exception ⎯", "⎯ Unhandled Rejection ⎯") widened to
// the explanation under it ("This error originated in ..." and its
// items), or the block as it was. (The "⎯ Unhandled Errors ⎯" banner
// above with its paragraph heads all the errors it caught, none of them.)
func vitestUnhandled(lines []string, start, end, floor, limit int) (int, int) {
	if !vitestCaught(lines[start]) {
		return start, end
	}
	if end+2 <= limit && blank(lines[end+1]) && strings.HasPrefix(strings.TrimSpace(lines[end+2]), "This error originated in") {
		end += 2
		for end+1 <= limit && !blank(lines[end+1]) && !strings.Contains(lines[end+1], "⎯") {
			end++
		}
	}
	return start, end
}

// edges returns the block from start to end widened over what heads or
// closes it whatever its family: a line that says its error again, the
// problem PyYAML reports under its context, the statement a database
// client echoes, OpenSSH's banner, ctest's line for the test, vitest's
// banner and explanation, the goroutine stack under the line that
// reported it, and two rules of dashes around it.
func edges(lines []string, start, end, floor int) (int, int) {
	limit := func(k int) int { return min(len(lines)-1, k+maxBlockScan) }
	end = restated(lines, start, end, limit(end))
	end = yamlProblem(lines, end, limit(end))
	end = commandWas(lines, end, limit(end))
	start = atBoxAbove(lines, start, floor)
	start = ctestHeadAbove(lines, start, floor)
	if start-1 >= floor && start-1 > 0 && numberedRe.MatchString(lines[start-1]) && blank(lines[start-2]) && !numberedRe.MatchString(lines[start]) {
		start-- // a runner's numbered item over what failed in it (PHPUnit's "1) Class::test")
	}
	start, end = vitestUnhandled(lines, start, end, floor, limit(end))
	if n := end + 1; n < len(lines) && strings.HasPrefix(lines[n], "goroutine ") && goroutineRe.MatchString(lines[n]) {
		// The goroutine's stack a Go program prints under the line that
		// reported the failure (net/http's "http: panic serving x: ...",
		// a logged debug.Stack()).
		end = captureGoPanic(lines, n, limit(n))
	}
	for end > start && (strings.HasPrefix(strings.TrimLeft(lines[end], " "), "╰") || strings.HasPrefix(strings.TrimLeft(lines[end], " "), "╭")) {
		end-- // a box's border closes the box, not the error in it
	}
	if start-1 >= floor && end+1 < len(lines) && lines[start-1] == lines[end+1] && ruleRe.MatchString(lines[end+1]) {
		// A report between two rules of the same dashes (socketserver's
		// "Exception occurred during processing of request"): the rules
		// frame it.
		start, end = start-1, end+1
	}
	return start, end
}

// gotestsumRow reports whether row is gotestsum's "FAIL pkg.TestX (0.00s)"
// for the test whose go test result line is result.
func gotestsumRow(result, row string) bool {
	name := failedTestName(result)
	if name == "" || !strings.HasPrefix(row, "FAIL ") {
		return false
	}
	f := strings.Fields(row)
	if len(f) == 5 && f[2] == "(re-run" {
		f = []string{f[0], f[1], f[4]} // --rerun-fails: "FAIL pkg.TestX (re-run 1) (0.00s)"
	}
	return len(f) == 3 && strings.HasSuffix(f[1], "."+name) && strings.HasPrefix(f[2], "(")
}

// subtestOf reports whether go test's result line sub is for a subtest of
// the test whose result line is parent.
func subtestOf(parent, sub string) bool {
	name := failedTestName(parent)
	return name != "" && strings.HasPrefix(strings.TrimSpace(sub), "--- FAIL: "+name+"/")
}

// failedTestName returns the test go test's "--- FAIL: name (0.00s)" line
// names, whatever its indentation, or "".
func failedTestName(l string) string {
	t, ok := strings.CutPrefix(strings.TrimSpace(l), "--- FAIL: ")
	if !ok {
		return ""
	}
	name, _, ok := strings.Cut(t, " ")
	if !ok {
		return ""
	}
	return name
}

// parentFail returns the "--- FAIL: Parent" line of a sub-test or
// sub-benchmark's "--- FAIL: Parent/sub" line, or "".
func parentFail(l string) string {
	t := strings.TrimSpace(l)
	if !strings.HasPrefix(t, "--- FAIL: ") {
		return ""
	}
	name := strings.Fields(t[len("--- FAIL: "):])
	if len(name) == 0 {
		return ""
	}
	k := strings.LastIndexByte(name[0], '/')
	if k <= 0 {
		return ""
	}
	return "--- FAIL: " + name[0][:k]
}

// maxRecipeReport is how many lines a failed recipe's own report may
// have above make's word that it failed.
const maxRecipeReport = 12

// recipeReport returns what a failed make recipe printed above make's
// "*** [Makefile:9: fmt-check] Error 1" on line i, when none of it was
// found an error: a check's own words ("gofmt needed on:" over the files
// it lists, "coverage gate failed"). It runs from the line after the
// recipe's echoed command, a prompt, a blank line, a test runner's row
// or make's own line; it reports nothing when no such line bounds it
// above floor (the end of the error above).
//
// It must say it failed (a failure phrase), or be a label over what it
// lists ("gofmt needed on:" over files); a blank line right under the
// error above bounds that error's advice ("For more information:"), not
// a report.
func recipeReport(lines []string, i, floor int) (start, end int, ok bool) {
	lo := max(floor, i-maxRecipeReport-1)
	j := i - 1
	for j >= lo && !recipeBound(lines[j]) {
		j--
	}
	if j == lo-1 && j >= 0 && j == floor-1 && j+1 < i && strings.HasPrefix(lines[j], "make") && makeRe.MatchString(lines[j]) {
		// The error above ends in make's word on the recipe before: the
		// lines after it are the next recipe's (make -k), its report when
		// it names a file it needed and did not find ("schema/x.sql
		// missing").
		if recipeCat(lines[j+1:i]) != errkind.CategoryFilesystem {
			return 0, 0, false
		}
		return j + 1, i - 1, true
	} else if j < lo || j+1 == i || j == floor && blank(lines[j]) {
		return 0, 0, false
	}
	report := lines[j+1 : i]
	if moreInfoRe.MatchString(report[0]) {
		return 0, 0, false // where to read about what was found (ShellCheck's links): a recap
	}
	if len(report) > 1 && strings.HasSuffix(strings.TrimSpace(report[0]), ":") {
		return j + 1, i - 1, true
	}
	for _, l := range report {
		if failurePhrase(l) || gateRe.MatchString(l) {
			return j + 1, i - 1, true
		}
	}
	return 0, 0, false
}

// gateRe is a check's word on what it wanted: a limit a figure is below or
// above, something needed or required, files left unformatted or changed.
var gateRe = regexp.MustCompile(`(?i)\b(?:below|above|exceeds?|exceeded|threshold|minimum|maximum|required|needed|needs|must|unformatted|dirty|differs?|changed|violations?)\b`)

// recipeBound reports whether a line bounds a recipe's report above: it
// is no part of what the recipe printed on failure.
func recipeBound(l string) bool {
	t := strings.TrimSpace(l)
	switch {
	case t == "" || commandStart(l) || l[0] == '\t' || strings.HasPrefix(t, "[exit ") || isDigit(t[0]):
		return true // (a count: "2 failed in 0.01s", "1 file would be reformatted")
	case strings.HasPrefix(t, "./") && !strings.Contains(t, " "):
		return true // a script, echoed without arguments
	case strings.HasPrefix(t, "make") && (makeRe.MatchString(t) || strings.HasPrefix(t, "make: ") || strings.HasPrefix(t, "make[")):
		return true
	case strings.HasPrefix(t, "ok  ") || strings.HasPrefix(t, "?   ") || strings.HasPrefix(t, "FAIL") || strings.HasPrefix(t, "PASS") ||
		strings.HasPrefix(t, "--- ") || strings.HasPrefix(t, "=== "):
		return true // a test runner's rows
	}
	return echoedCommand(t)
}

// echoedCommand reports whether t is a command line as make echoes it
// before running it: a program's name, then arguments among which a flag,
// a path or an assignment ("go vet ./...", "black --check svc"). A
// sentence, a label ("gofmt needed on:") or a file's name is not.
func echoedCommand(t string) bool {
	fs := strings.Fields(t)
	if len(fs) < 2 || strings.HasSuffix(t, ":") || strings.Contains(t, ": ") {
		return false
	}
	for k := 0; k < len(fs[0]); k++ {
		c := fs[0][k]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' && k > 0 || c == '-' || c == '_' || c == '.' || c == '/') {
			return false
		}
	}
	for _, a := range fs[1:] {
		if a[0] == '-' || a[0] == '$' || strings.ContainsAny(a, "/=") || a == "." {
			return true
		}
	}
	return false
}

// recipeCat is the category of a recipe's own report: a coverage gate
// failed the tests; anything else is a check that failed the build.
func recipeCat(report []string) errkind.Category {
	for _, l := range report {
		if strings.Contains(strings.ToLower(l), "coverage") {
			return errkind.CategoryTest
		}
	}
	// A file the check needed and did not find ("schema/orders.sql
	// missing", "No such file or directory") is the file's failure.
	for _, l := range report {
		if c := matchRules(clip(l)); c == errkind.CategoryFilesystem {
			return c
		}
	}
	return errkind.CategoryBuild
}

// ownSubject reports whether l, a line of the same program as the
// complaint on line first, is a complaint of its own: the go command's
// next word, or a line that names another subject before what failed
// ("prep: step 2: open x: file exists" under "prep: step 1: mkdir out:
// file exists"). A conclusion that names no subject ("tar: Exiting with
// failure status ...", "x: 3 of 4 failed") goes on with the complaint.
func ownSubject(first, l, prefix string) bool {
	a, b := first[len(prefix):], l[len(prefix):]
	if prefix == "go: " {
		// The go command says one thing a line: another line of its is
		// another error, unless it says what it is doing or what to do.
		return !goProgressRe.MatchString(b)
	}
	ka, kb := strings.Index(a, ": "), strings.Index(b, ": ")
	if ka <= 0 || kb <= 0 || strings.HasSuffix(strings.TrimSpace(first), ":") {
		return false
	}
	if lastCause(first) == lastCause(l) && fileNamed(a[:ka]) && fileNamed(b[:kb]) {
		return false // one run's complaints about its files, in the same words ("tar: a.csv: Cannot stat: ...", "tar: b.db: ...")
	}
	return a[:ka] != b[:kb] && thingNamed(a[:ka]) && thingNamed(b[:kb]) && (complaint(l) || shapes.res[rErrnoEnd].MatchString(l) || goErrEndRe.MatchString(l))
}

// fileNamed reports whether s names a file: a path or a name with an
// extension, no spaces.
func fileNamed(s string) bool {
	s = strings.Trim(s, "'\"‘’`")
	return s != "" && !strings.Contains(s, " ") && (strings.Contains(s, "/") || fileNameRe.MatchString(s))
}

// progressRe is a program's word that it goes on to another thing: a
// verb of work in its -ing form, then what it works on.
var progressRe = regexp.MustCompile(`^(?:reading|loading|writing|processing|fetching|opening|parsing|checking|building|starting|downloading|uploading|connecting to|scanning|importing|exporting|compiling|generating|copying|installing) \S`)

// thingNamed reports whether a complaint's subject names a thing the
// program worked on: a path, a file, a quoted name, a numbered item ("step
// 2"); not a phrase ("verify signatures failed") or an error code
// ("E170013"), which go on about the same failure.
func thingNamed(s string) bool {
	switch {
	case s == "" || len(s) > 160:
		return false
	case s[0] == '\'' || s[0] == '"':
		return len(s) > 2 && s[len(s)-1] == s[0]
	case !strings.Contains(s, " "):
		return strings.Contains(s, "/") || fileNameRe.MatchString(s)
	}
	return numberedItemRe.MatchString(s)
}

var (
	goProgressRe   = regexp.MustCompile(`^(?:downloading|finding|found|extracting|added|upgraded|downgraded|removed|creating|to |warning: |module \S+ found)`)
	fileNameRe     = regexp.MustCompile(`^[\w.-]+\.[A-Za-z]\w{0,5}$`)
	numberedItemRe = regexp.MustCompile(`^[A-Za-z]+ #?\d+$`)
)

// prettierIssues starts prettier --check's count of the files it would
// reformat: "[warn] Code style issues found in 2 files. Run Prettier
// with --write to fix."
const prettierIssues = "[warn] Code style issues found in "
