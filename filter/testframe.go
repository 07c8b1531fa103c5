package filter

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The two framers of go test output: they tell which package and which
// test each line belongs to, and when tests and packages end, and fill the
// model (gotest.go) with it.

// jsonFramer reads go test -json: test2json's events, and go build -json's
// for what the go command compiled. It trusts the events: a line belongs
// to the test its event names, whatever the line looks like, and a test or
// a package ends with its pass, fail or skip event, never with a line of
// output that looks like a result.
type jsonFramer struct {
	h     *testHandler
	pkgs  map[string]*testPackage // running, by import path
	order []string                // in the order they started
}

func (f *jsonFramer) event(ev *event) {
	h := f.h
	switch ev.Action {
	case "build-output":
		sec := h.sectionFor(ev.ImportPath)
		sec.text.feed(ev.Output, sec.line)
		return
	case "build-fail":
		if s, ok := h.sections[ev.ImportPath]; ok {
			s.finish()
			delete(h.sections, ev.ImportPath) // done: memory stays bounded
		}
		return
	}
	p := f.pkg(ev.Package)
	p.started = true
	switch ev.Action {
	case "run":
		p.cur = p.test(ev.Test)
	case "pause", "cont":
		p.test(ev.Test)
	case "output":
		tc := p.test(ev.Test)
		if tc != p.self {
			p.cur = tc
		}
		kind := kindOf(ev.OutputType)
		if (kind == kindFrame || kind == kindError) && tc.text.partial != "" && tc.partialKind == kindPlain {
			// go 1.27 marks where the testing package's own output
			// starts: the program's unfinished line before it ends
			// there (older test2json joins the two into one line).
			f.flush(p, tc)
		}
		tc.partialKind = kind
		tc.text.feed(ev.Output, func(l string) {
			if kind == kindFrame || kind == kindPlain && isFraming(l, ev.Test, p.name) {
				return // the framing of the test or package: the events say it
			}
			p.output(tc, l, kind)
		})
	case "pass", "fail", "skip", "bench":
		r := actionOf(ev.Action)
		if ev.Test != "" {
			tc := p.test(ev.Test)
			f.flush(p, tc)
			p.result(tc, r, ev.Elapsed)
			return
		}
		// The package ended: its output is complete.
		note := ""
		if ev.FailedBuild != "" {
			note = "build failed"
		}
		f.end(p, r == failed, note, ev.FailedBuild)
	}
}

// kindOf maps test2json's OutputType (go 1.27) to what the extractor
// makes of a line.
func kindOf(outputType string) lineKind {
	switch outputType {
	case "frame":
		return kindFrame
	case "error":
		return kindError
	case "error-continue":
		return kindErrorContinue
	}
	return kindPlain
}

// isFraming reports whether l is the line test2json made an event of —
// "=== RUN", "--- FAIL:" and the like naming the event's own test, or the
// package's "PASS", "FAIL" and result lines — when the event does not say
// so itself (test2json before go 1.27 has no OutputType).
func isFraming(l, test, pkg string) bool {
	if test != "" {
		body := strings.TrimLeft(l, " ")
		if verb, name, ok := strings.Cut(strings.TrimPrefix(body, "=== "), " "); ok && len(body) > 4 && body[:4] == "=== " {
			return strings.TrimSpace(name) == test && (verb == "RUN" || verb == "PAUSE" || verb == "CONT" || verb == "NAME")
		}
		if _, name, _, ok := parseResultLine(body); ok {
			return name == test
		}
		return false
	}
	switch {
	case l == "PASS" || l == "FAIL" || strings.HasPrefix(l, "exit status ") || strings.HasPrefix(l, "coverage: "):
		return true
	case l == "testing: warning: no tests to run":
		return true
	}
	_, name, _, ok := parsePackageResult(l)
	return ok && name == pkg
}

// pkg returns the running package of that name, starting it if it is new.
func (f *jsonFramer) pkg(name string) *testPackage {
	if p, ok := f.pkgs[name]; ok {
		return p
	}
	if len(f.pkgs) >= maxOpenPackages {
		// More packages running at once than go test runs: the oldest
		// ended without its result in the stream.
		f.end(f.pkgs[f.order[0]], true, noEnd, "")
	}
	if f.pkgs == nil {
		f.pkgs = make(map[string]*testPackage)
	}
	p := f.h.newPackage(keep(name))
	p.events = true
	f.pkgs[p.name] = p
	f.order = append(f.order, p.name)
	return p
}

// flush passes a test's unfinished last line on.
func (f *jsonFramer) flush(p *testPackage, tc *testCase) {
	tc.text.flush(func(l string) { p.output(tc, l, kindPlain) })
}

// end finishes a package and forgets it.
func (f *jsonFramer) end(p *testPackage, isFailed bool, note, dep string) {
	f.flush(p, p.self)
	for _, tc := range p.order {
		f.flush(p, tc)
	}
	p.finish(isFailed, note, dep)
	delete(f.pkgs, p.name)
	if i := slices.Index(f.order, p.name); i >= 0 {
		f.order = slices.Delete(f.order, i, i+1)
	}
	f.h.recycle(p)
}

// noEnd is the note of a package whose output stopped before its result.
const noEnd = "output ended before the package finished (killed or cut off)"

// finish ends the packages whose output stopped before their result.
func (f *jsonFramer) finish() {
	for _, name := range slices.Sorted(maps.Keys(f.pkgs)) {
		f.end(f.pkgs[name], true, noEnd, "")
	}
}

// textFramer reads go test's text output, plain and -v, and the go
// command's own text (in either mode). A package's lines come together,
// ended by its result line ("FAIL\tpkg\t0.01s", "ok  \tpkg"), which is
// the first to name it. Within them:
//
//   - "=== RUN name" (-v) starts a test: the lines up to the next "==="
//     line are its output, unindented program output included;
//   - "--- FAIL: name (0.00s)" ends one; in plain output the lines
//     indented deeper under it are its output, and nested results frame
//     its subtests by indentation (a result line indented under another
//     counts only if it names a subtest of it, so a message's own
//     "--- FAIL" lines stay in the message);
//   - "# pkg" headers and the compiler output after them are the go
//     command's, but only where the go command can print them: never
//     while a -v test runs, and only if the line after the header is no
//     test output (a test may print "# results").
type textFramer struct {
	h       *testHandler
	p       *testPackage
	frames  []frame   // result lines in effect (plain output), innermost last
	inBuild bool      // after a header: the go command's output
	header  string    // a "# x" line: the go command's only if the next line is not test output
	lastEx  *testCase // the failed example the previous line named
	example *testCase // the example whose got:/want: lines these are
}

// frame is a "--- FAIL/PASS/SKIP: name" line: output indented deeper than
// it belongs to that test in plain output.
type frame struct {
	indent int
	tc     *testCase
}

func (f *textFramer) pkg() *testPackage {
	if f.p == nil {
		f.p = f.h.newPackage("")
	}
	return f.p
}

func (f *textFramer) line(l string) {
	p := f.pkg()
	if f.header != "" {
		hdr := f.header
		f.header = ""
		if !isBlank(l) && !testShaped(l) {
			f.inBuild = true
			f.h.build.line(hdr)
			f.h.build.line(l)
			return
		}
		f.unindented(hdr) // program output after all
	}
	if f.inBuild {
		if !testShaped(l) || isGCCNoise(l) {
			f.h.build.line(l)
			return
		}
		f.inBuild = false
	}
	lastEx := f.lastEx
	f.lastEx = nil

	indent, body := splitIndent(l)
	if body == "" {
		// A blank line inside a message, an example's output.
		if f.example != nil {
			p.output(f.example, l, kindPlain)
		} else {
			p.output(f.attribute(indent), l, kindPlain)
		}
		return
	}
	if kind, name, elapsed, ok := parseResultLine(body); ok {
		if tc := f.resultOf(indent, name); tc != nil {
			f.result(indent, tc, kind, elapsed)
			return
		}
	}
	if indent > 0 {
		if f.example != nil {
			p.output(f.example, l, kindPlain)
			return
		}
		p.started = true
		p.output(f.attribute(indent), l, kindPlain)
		return
	}
	f.topLevel(l, lastEx)
}

// topLevel handles an unindented line that is not a test's result.
func (f *textFramer) topLevel(l string, lastEx *testCase) {
	p := f.p
	switch l[0] {
	case 'F', 'o', '?', '\t': // FAIL, ok, ?, \tpkg: package results start so
		if status, pkg, note, ok := parsePackageResult(l); ok && (status == "FAIL" || !f.running()) {
			// A package passes only once its tests have: "ok" while a
			// test runs is that test's output.
			f.end(pkg, status == "FAIL", note)
			return
		}
	case '=':
		verb, name, _ := strings.Cut(strings.TrimPrefix(l, "=== "), " ")
		name = strings.TrimSpace(name)
		if strings.HasPrefix(l, "=== ") && name != "" && (verb == "RUN" || verb == "PAUSE" || verb == "CONT" || verb == "NAME") {
			f.example = nil
			p.pause()
			p.started, p.verbose = true, true
			f.frames = f.frames[:0]
			tc := p.test(name)
			if verb != "PAUSE" {
				p.cur = tc
			}
			return
		}
	}
	if lastEx != nil && (l == "got:" || strings.HasPrefix(l, "got:")) {
		// A failed example's output follows its result line.
		f.example = lastEx
	}
	if f.example != nil {
		p.output(f.example, l, kindPlain)
		return
	}
	if i := embeddedOutput(l); i > 0 {
		// Program output without a final newline, then the testing
		// package's own line.
		f.unindented(l[:i])
		f.line(l[i:])
		return
	}
	if f.running() {
		p.output(p.cur, l, kindPlain) // whatever it looks like
		return
	}
	switch {
	case l == "FAIL" || l == "PASS":
		// The test binary's verdict (no test runs after it), or the go
		// command's at the very end.
		p.pause()
		p.cur = nil
		return
	case strings.HasPrefix(l, "exit status ") || strings.HasPrefix(l, "coverage: ") || l == "testing: warning: no tests to run":
		return
	case strings.HasPrefix(l, "# "):
		if _, ok := packageHeader(l); ok {
			f.header = keep(l)
			return
		}
	case strings.HasPrefix(l, "go: "):
		f.inBuild = true
		f.h.build.line(l)
		return
	}
	f.unindented(l)
}

// unindented handles an unindented line of output: the running test's
// under -v, the package's own otherwise.
func (f *textFramer) unindented(l string) {
	p := f.pkg()
	tc := p.self
	if f.running() || p.verbose && p.cur != nil && p.cur.result == failed {
		tc = p.cur // -v: a panic after the test's result is its own
	}
	p.output(tc, l, kindPlain)
}

// running reports whether a -v test is running: its output is on, and the
// go command prints nothing of its own in between.
func (f *textFramer) running() bool {
	p := f.p
	return p != nil && p.verbose && p.cur != nil && p.cur.result == running
}

// resultOf returns the test a "--- RESULT: name" line at this indentation
// reports on, or nil when the line cannot be a result: under -v a result
// names a test that ran, and an indented result a subtest of the result
// it is indented under.
func (f *textFramer) resultOf(indent int, name string) *testCase {
	p := f.p
	if p.verbose {
		if _, ok := p.tests[name]; !ok && (p.cur == nil || p.cur.name != name) {
			return nil
		}
	}
	if indent > 0 {
		parent := f.frameAt(indent - 4)
		if parent == nil || !strings.HasPrefix(name, parent.name+"/") {
			return nil
		}
	}
	return p.test(name)
}

// frameAt returns the test of the result line in effect at exactly this
// indentation, or nil.
func (f *textFramer) frameAt(indent int) *testCase {
	for i := len(f.frames) - 1; i >= 0; i-- {
		if f.frames[i].indent == indent {
			return f.frames[i].tc
		}
		if f.frames[i].indent < indent {
			break
		}
	}
	return nil
}

// result handles a "--- FAIL/PASS/SKIP: name (0.00s)" line.
func (f *textFramer) result(indent int, tc *testCase, r testAction, elapsed float64) {
	p := f.p
	f.example = nil
	p.pause()
	for len(f.frames) > 0 && f.frames[len(f.frames)-1].indent >= indent {
		f.frames = f.frames[:len(f.frames)-1]
	}
	f.frames = append(f.frames, frame{indent: indent, tc: tc})
	p.result(tc, r, elapsed)
	if r == failed && strings.HasPrefix(tc.name, "Example") {
		f.lastEx = tc
	}
}

// attribute returns the test that output at this indentation belongs to.
func (f *textFramer) attribute(indent int) *testCase {
	for i := len(f.frames) - 1; i >= 0; i-- {
		if f.frames[i].indent < indent {
			return f.frames[i].tc
		}
	}
	if f.p.cur != nil {
		return f.p.cur
	}
	return f.p.self
}

// end finishes the package a result line names.
func (f *textFramer) end(name string, isFailed bool, note string) {
	p := f.p
	p.name = keep(name)
	p.finish(isFailed, note, "")
	f.p, f.frames, f.example, f.lastEx, f.inBuild = nil, f.frames[:0], nil, nil, false
	f.h.recycle(p)
}

// finish ends the stream. A package whose output started without its
// result line (the run was cut off) counts as failed; output that no
// package's test binary printed (a usage error of the go command) is an
// error of its own.
func (f *textFramer) finish() {
	if f.header != "" {
		hdr := f.header
		f.header = ""
		f.unindented(hdr)
	}
	p := f.p
	if p == nil {
		return
	}
	if p.started {
		f.end(p.name, true, noEnd)
		return
	}
	p.self.finish()
	var m msgBuf
	first := true
	p.loose.each(func(l string) {
		if first {
			m.reset(l)
			first = false
			return
		}
		m.add(l)
	})
	if !first {
		f.h.out.add(Error{Message: m.String(), Tool: ToolTest})
	}
	f.p = nil
}

// testShaped reports whether an unindented line can only be a test
// binary's output: a test's output (indented), its framing and results, a
// panic, a race report.
func testShaped(l string) bool {
	if l == "" {
		return false
	}
	if l[0] == ' ' {
		return true
	}
	switch {
	case strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") || l == "PASS" || l == "FAIL" || l == raceRule:
		return true
	case strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "ok  \t") || strings.HasPrefix(l, "got:"):
		return true
	}
	_, _, _, ok := parsePackageResult(l)
	return ok
}

// splitIndent returns the number of leading spaces of l and the rest.
func splitIndent(l string) (int, string) {
	i := 0
	for i < len(l) && l[i] == ' ' {
		i++
	}
	body := l[i:]
	if isBlank(body) {
		return i, ""
	}
	return i, body
}

// parseResultLine parses "--- FAIL: name (0.00s)" (PASS, SKIP, BENCH)
// without its indentation, and the seconds it took.
func parseResultLine(body string) (testAction, string, float64, bool) {
	rest, ok := strings.CutPrefix(body, "--- ")
	if !ok {
		return 0, "", 0, false
	}
	var r testAction
	switch {
	case strings.HasPrefix(rest, "FAIL: "):
		r = failed
	case strings.HasPrefix(rest, "PASS: "):
		r = passed
	case strings.HasPrefix(rest, "SKIP: "):
		r = skipped
	case strings.HasPrefix(rest, "BENCH: "):
		r, rest = passed, rest[1:] // one letter longer than the others
	default:
		return 0, "", 0, false
	}
	name := rest[len("FAIL: "):]
	elapsed := 0.0
	if i := strings.LastIndex(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		elapsed, _ = strconv.ParseFloat(strings.TrimSuffix(name[i+2:len(name)-1], "s"), 64)
		name = name[:i]
	}
	return r, name, elapsed, name != ""
}

// parsePackageResult parses the line that ends a package's test output:
// "FAIL\tpkg\t0.01s", "FAIL\tpkg [build failed]", "ok  \tpkg\t(cached)",
// "?   \tpkg\t[no test files]", "\tpkg\t\tcoverage: 0.0% of statements".
// note is "build failed" or "setup failed".
func parsePackageResult(l string) (status, pkg, note string, ok bool) {
	head, rest, found := strings.Cut(l, "\t")
	if !found {
		return "", "", "", false
	}
	switch strings.TrimRight(head, " ") {
	case "FAIL":
		status = "FAIL"
	case "ok":
		status = "ok"
	case "?", "":
		// "" is "\tpkg\t\tcoverage: 0.0% of statements": -cover on a
		// package without tests (printed without its newline, even).
		status = "?"
	default:
		return "", "", "", false
	}
	pkg, after, tab := strings.Cut(rest, "\t")
	if head == "" && !(tab && (after == "\t" || strings.HasPrefix(after, "\tcoverage: "))) {
		return "", "", "", false
	}
	if i := strings.Index(pkg, " ["); i >= 0 {
		note = strings.TrimSuffix(pkg[i+2:], "]")
		pkg = pkg[:i]
	}
	if pkg == "" || strings.ContainsAny(pkg, " :") {
		return "", "", "", false
	}
	return status, pkg, note, true
}

// embeddedOutput returns where the testing package's own output starts
// inside a line of program output that had no final newline: a result
// line, an "=== RUN" line or a decorated "    x_test.go:12: msg" line.
// It returns -1 when there is none.
func embeddedOutput(l string) int {
	for i := 1; i < len(l); i++ {
		switch l[i] {
		case '-':
			if _, _, _, ok := parseResultLine(l[i:]); ok {
				return i
			}
		case '=':
			if strings.HasPrefix(l[i:], "=== RUN ") || strings.HasPrefix(l[i:], "=== CONT ") || strings.HasPrefix(l[i:], "=== NAME ") {
				return i
			}
		case ' ':
			if !strings.HasPrefix(l[i:], "    ") {
				continue
			}
			k := i
			for k < len(l) && l[k] == ' ' {
				k++
			}
			if pos, ok := scanPosition(l[k:]); ok && strings.HasSuffix(pos.file, ".go") && pos.col == 0 {
				return i
			}
			i = k - 1
		}
	}
	return -1
}
