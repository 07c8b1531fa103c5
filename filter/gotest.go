package filter

import (
	"bytes"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Limits for one package's test output.
const (
	maxTestErrors = 200 // errors kept per test; more mark the result truncated
	looseLines    = 20  // lines of unstructured output kept for a failure with no --- FAIL
	maxLooseLine  = 1024
)

// testStream parses go test output: the output of test binaries, package by
// package, with the go command's own build and vet output in between. It
// reads the non-verbose form (a "--- FAIL" line, then the test's output
// indented by its depth), the -v form (=== RUN/CONT/NAME lines, output at
// four spaces, the result after it) and, fed each package's Output, what
// go test -json prints.
//
// Files in test output are printed relative to the package directory, and
// in text mode the package is only named by the "FAIL\tpkg" or "ok\tpkg"
// line that ends its output; so a package's errors are kept until then.
type testStream struct {
	p     *Parser
	pkg   string   // the package, when known before its result line (JSON mode)
	build *section // compile, vet and go command output
	inBld bool     // after a "# pkg" header, until test output or a result line

	cur     string          // the test named by the last === line
	frames  []frame         // "--- RESULT" lines in effect, innermost last
	results map[string]byte // 'F'ail, 'P'ass, 'S'kip by test name
	failed  []string        // failed tests, in the order reported
	errs    map[string][]Error
	order   []string // tests in the order their first error appeared
	dropped int      // errors over maxTestErrors

	open       bool // an error is being built
	openErr    Error
	openIndent int
	openMsg    msgBuf
	gap        int // blank lines after the open error

	races     []Error           // race reports waiting for the test they belong to
	fatal     []Error           // panics, timeouts and races: errors whatever the test's result
	pending   []*held           // output of tests whose result is not known yet
	heldOrder []string          // tests in the order their output was first held
	free      []*held           // buffers of tests that finished, for reuse
	names     map[string]string // the package's test names, each kept once
	lastTest  string            // the test result last looked up
	lastKind  byte              // and its result
	loose     *ring             // unstructured output, the last looseLines lines
	block     block             // a panic, race report or example output being read
	maybeRc   bool              // the last line was a race report's opening rule
	lastEx    string            // the failed example named by the previous line
	text      eventText         // go test -json Output
	touched   bool              // test binary output arrived since the last result line
	built     int               // build.closed when the package's output began
}

// frame is a "--- FAIL/PASS/SKIP: name" line: output indented deeper than
// it belongs to that test in non-verbose output.
type frame struct {
	indent int
	name   string
}

// block is a multi-line report inside test output.
type block interface {
	// line consumes l and reports whether it did; a line it does not
	// consume ends the block and is parsed anew.
	line(l string) bool
	// end completes the block and records its errors.
	end()
}

// newTestStream returns a stream for the package pkg ("" when its output
// will name it), which must be kept.
func (p *Parser) newTestStream(pkg string) *testStream {
	return &testStream{
		p:       p,
		pkg:     pkg,
		build:   p.newSection(ToolBuild),
		results: make(map[string]byte),
		errs:    make(map[string][]Error),
		loose:   new(ring),
	}
}

// line handles one cleaned line of test output.
func (t *testStream) line(l string) {
	if t.block != nil {
		if t.block.line(l) {
			return
		}
		t.endBlock()
	}
	if t.maybeRc {
		t.maybeRc = false
		if l == "WARNING: DATA RACE" {
			t.closeOpen()
			t.block = &raceBlock{t: t}
			return
		}
		t.addLoose(raceRule)
	}
	lastEx := t.lastEx
	t.lastEx = ""

	indent, body := splitIndent(l)
	if body == "" {
		switch {
		case t.open:
			t.gap++
		case indent > 0:
			// A blank line inside a held test's output (a message's own).
			if test := t.attribute(indent); t.results[test] == 0 && t.heldFor(test) != nil {
				t.hold(test, indent, "")
			}
		}
		return
	}
	if indent == 0 {
		if t.topLevel(l, lastEx) {
			return
		}
	}
	if kind, name, ok := parseResultLine(body); ok {
		t.result(indent, kind, name)
		return
	}
	if indent == 0 {
		t.closeOpen()
		t.touched = true
		if i := embeddedOutput(l); i > 0 {
			// Program output without a final newline, then the test's
			// own output on the same line.
			t.addLoose(l[:i])
			t.line(l[i:])
			return
		}
		t.addLoose(l)
		return
	}
	t.output(indent, body)
}

// embeddedOutput returns where the testing package's own output starts
// inside a line of program output that had no final newline: a result
// line, an "=== RUN" line or a decorated "    x_test.go:12: msg" line.
// It returns -1 when there is none.
func embeddedOutput(l string) int {
	for i := 1; i < len(l); i++ {
		switch l[i] {
		case '-':
			if _, _, ok := parseResultLine(l[i:]); ok {
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

const raceRule = "=================="

// topLevel handles an unindented line that is not a test result; it reports
// whether the line was consumed.
func (t *testStream) topLevel(l, lastEx string) bool {
	switch l[0] {
	case 'F', 'o', '?', '\t': // FAIL, ok, ?, \tpkg: package results start so
		if status, pkg, note, ok := parsePackageResult(l); ok {
			t.endPackage(keep(pkg), status == "FAIL", keep(note))
			return true
		}
	}
	switch {
	case l == "FAIL" || l == "PASS" || strings.HasPrefix(l, "exit status ") || strings.HasPrefix(l, "coverage: "):
		t.closeOpen()
		return true
	case strings.HasPrefix(l, "=== "):
		t.closeOpen()
		t.touched = true
		t.inBld = false
		t.frames = t.frames[:0]
		verb, name, _ := strings.Cut(strings.TrimPrefix(l, "=== "), " ")
		if verb != "PAUSE" {
			t.cur = t.name(strings.TrimSpace(name))
		}
		return true
	case strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: "):
		t.closeOpen()
		t.touched = true
		t.block = &panicBlock{t: t, header: []string{keep(l)}}
		return true
	case l == raceRule:
		t.closeOpen()
		t.maybeRc = true
		return true
	case lastEx != "" && (l == "got:" || strings.HasPrefix(l, "got:")):
		t.block = &exampleBlock{t: t, test: lastEx, lines: []string{keep(l)}}
		return true
	case strings.HasPrefix(l, "# ") || strings.HasPrefix(l, "go: "):
		t.closeOpen()
		t.inBld = true
		t.build.line(l)
		return true
	case t.inBld:
		t.build.line(l)
		return true
	}
	return false
}

// result handles a "--- FAIL/PASS/SKIP: name (0.00s)" line.
func (t *testStream) result(indent int, kind byte, name string) {
	t.closeOpen()
	t.touched = true
	if name == t.cur {
		name = t.cur // -v: the test that just ran; kept already
	} else {
		name = t.name(name)
	}
	t.inBld = false
	for len(t.frames) > 0 && t.frames[len(t.frames)-1].indent >= indent {
		t.frames = t.frames[:len(t.frames)-1]
	}
	t.frames = append(t.frames, frame{indent: indent, name: name})
	t.setResult(name, kind)
	if kind == 'F' && strings.HasPrefix(name, "Example") {
		t.lastEx = name
	}
}

func (t *testStream) setResult(name string, kind byte) {
	if t.results[name] == kind {
		return
	}
	t.results[name] = kind
	t.lastTest = "" // forget resultOf's answer
	switch kind {
	case 'F':
		t.failed = append(t.failed, name)
		t.replay(name)
	case 'P', 'S':
		// What a passing or skipped test logged is not an error.
		delete(t.errs, name)
		if h := t.takeHeld(name); h != nil {
			t.free = append(t.free, h)
		}
	}
}

// resultOf returns a test's result so far, 0 when it is not known. The
// lines of one test come together, so the last answer is kept.
func (t *testStream) resultOf(test string) byte {
	if test != t.lastTest || test == "" {
		t.lastTest, t.lastKind = test, t.results[test]
	}
	return t.lastKind
}

// output handles an indented line of test output. A line of a test that
// failed is parsed at once; a line of a test whose result is not known yet
// (-v prints the result after the output) is held, raw, until it is: most
// tests pass, and what they log is never parsed.
func (t *testStream) output(indent int, body string) {
	t.touched = true
	if t.open && indent > t.openIndent {
		t.continueOpen(indent, body)
		return
	}
	test := t.attribute(indent)
	switch t.resultOf(test) {
	case 'F':
		t.process(indent, body, test)
	case 'P', 'S':
		t.closeOpen() // a passing test's output is not an error
	default:
		t.closeOpen()
		t.hold(test, indent, body)
	}
}

// process parses a line of output of a test that failed.
func (t *testStream) process(indent int, body, test string) {
	if t.open && indent > t.openIndent && t.openErr.Test == test {
		t.continueOpen(indent, body)
		return
	}
	if body == "" {
		if t.open {
			t.gap++
		}
		return
	}
	t.closeOpen()
	pos, ok := scanPosition(body)
	if !ok {
		t.undecorated(test, body)
		return
	}
	if pos.msg == "race detected during execution of test" {
		t.claimRaces(test)
		return
	}
	t.open = true
	t.openIndent = indent
	t.openErr = Error{File: keep(pos.file), Line: pos.line, Column: pos.col, Tool: ToolTest, Test: test}
	t.openMsg.reset(pos.msg)
}

// continueOpen adds a continuation line to the error being built.
func (t *testStream) continueOpen(indent int, body string) {
	for ; t.gap > 0; t.gap-- {
		t.openMsg.add("")
	}
	// Continuation lines are indented four more than the message; deeper
	// indentation is the message's own.
	t.openMsg.add(strings.Repeat(" ", max(0, indent-t.openIndent-4)) + body)
}

// name returns the test name kept once for the package, so that its
// === RUN and --- PASS lines do not copy it twice.
func (t *testStream) name(s string) string {
	if n, ok := t.names[s]; ok {
		return n
	}
	if t.names == nil {
		t.names = make(map[string]string)
	}
	n := keep(s)
	t.names[n] = n
	return n
}

// held is the raw output of a test whose result is not known yet: each line
// as two bytes of indentation, the text and a newline.
type held struct {
	test    string
	buf     []byte
	dropped int // lines over maxHeldBytes
}

// heldFor returns the held output of a test, or nil. Few tests are held at
// once (one, unless tests run in parallel): a slice, not a map.
func (t *testStream) heldFor(test string) *held {
	for i := len(t.pending) - 1; i >= 0; i-- {
		if t.pending[i].test == test {
			return t.pending[i]
		}
	}
	return nil
}

// takeHeld removes and returns the held output of a test, or nil.
func (t *testStream) takeHeld(test string) *held {
	for i := len(t.pending) - 1; i >= 0; i-- {
		if h := t.pending[i]; h.test == test {
			t.pending = slices.Delete(t.pending, i, i+1)
			return h
		}
	}
	return nil
}

const maxHeldBytes = 1 << 20

// hold keeps a line of a test whose result is not known yet.
func (t *testStream) hold(test string, indent int, body string) {
	h := t.heldFor(test)
	if h == nil {
		if n := len(t.free); n > 0 {
			h, t.free = t.free[n-1], t.free[:n-1]
			h.buf, h.dropped = h.buf[:0], 0
		} else {
			h = &held{}
		}
		h.test = test
		t.pending = append(t.pending, h)
		t.heldOrder = append(t.heldOrder, test)
	}
	if len(h.buf)+len(body)+3 > maxHeldBytes {
		h.dropped++
		return
	}
	h.buf = append(h.buf, byte(indent>>8), byte(indent))
	h.buf = append(h.buf, body...)
	h.buf = append(h.buf, '\n')
}

// replay parses the held output of a test that turned out to fail.
func (t *testStream) replay(test string) {
	h := t.takeHeld(test)
	if h == nil {
		return
	}
	defer func() { t.free = append(t.free, h) }()
	t.closeOpen()
	for b := h.buf; len(b) > 2; {
		indent := int(b[0])<<8 | int(b[1])
		i := bytes.IndexByte(b[2:], '\n') + 2
		t.process(indent, view(b[2:i]), test)
		b = b[i+1:]
	}
	t.closeOpen()
	if h.dropped > 0 {
		t.dropped += h.dropped
	}
}

// attribute returns the test that output at this indentation belongs to.
func (t *testStream) attribute(indent int) string {
	for i := len(t.frames) - 1; i >= 0; i-- {
		if t.frames[i].indent < indent {
			return t.frames[i].name
		}
	}
	return t.cur
}

// undecorated handles test output that is not "file:line: msg" — what the
// testing package itself prints, such as a fuzz failure's corpus file: it
// continues the test's last error.
func (t *testStream) undecorated(test, body string) {
	if errs := t.errs[test]; len(errs) > 0 {
		last := &errs[len(errs)-1]
		// The size first: counting lines of a message at its cap, line
		// after line, would be quadratic.
		if len(last.Message)+len(body) < maxMessageBytes && strings.Count(last.Message, "\n") < maxMessageLines {
			last.Message += "\n" + body
		}
		return
	}
	t.addLoose(body)
}

// closeOpen completes the error being built.
func (t *testStream) closeOpen() {
	t.gap = 0
	if !t.open {
		return
	}
	t.open = false
	e := t.openErr
	e.Message = t.openMsg.String()
	if tf, ok := parseTestify(e.Message); ok {
		e = tf.apply(e, t.p.res)
	}
	// t.Errorf("\ngot: ...") prints an empty first line.
	e.Message = strings.TrimLeft(e.Message, "\n")
	t.record(e)
}

// record keeps an error of the test named in it until the package ends.
func (t *testStream) record(e Error) {
	errs, seen := t.errs[e.Test]
	if !seen {
		t.order = append(t.order, e.Test)
	}
	if len(errs) >= maxTestErrors {
		t.dropped++
		return
	}
	t.errs[e.Test] = append(errs, e)
}

func (t *testStream) addLoose(l string) {
	if len(l) > maxLooseLine {
		l = l[:maxLooseLine] + " …"
	}
	t.loose.add(l)
}

// ring keeps the last looseLines lines, reusing their buffers.
type ring struct {
	lines [looseLines][]byte
	next  int
	n     int
}

func (r *ring) add(l string) {
	r.lines[r.next] = append(r.lines[r.next][:0], l...)
	r.next = (r.next + 1) % looseLines
	r.n = min(r.n+1, looseLines)
}

// each calls f with the lines, oldest first.
func (r *ring) each(f func(string)) {
	for i := range r.n {
		f(string(r.lines[(r.next-r.n+i+looseLines)%looseLines]))
	}
}

func (r *ring) reset() { r.next, r.n = 0, 0 }

func (t *testStream) endBlock() {
	b := t.block
	t.block = nil
	b.end()
}

// claimRaces gives the waiting race reports to the test during which the
// race was detected.
func (t *testStream) claimRaces(test string) {
	for _, e := range t.races {
		e.Test = test
		t.fatal = append(t.fatal, e)
	}
	t.races = t.races[:0]
}

// finish ends one package's output: its errors are resolved against the
// package directory and recorded if the test they belong to failed (or
// never finished in a failed package).
func (t *testStream) endPackage(pkg string, failed bool, note string) {
	t.closeOpen()
	if t.block != nil {
		t.endBlock()
	}
	if t.maybeRc {
		t.maybeRc = false
		t.addLoose(raceRule)
	}
	t.build.end()
	if t.pkg != "" {
		pkg = t.pkg
	}
	if len(t.races) > 0 {
		t.claimRaces(t.cur)
	}
	for _, test := range t.heldOrder {
		// Tests still running when the package failed (a panic, a
		// timeout, os.Exit) count as failed; the others passed.
		if failed && t.results[test] == 0 {
			t.replay(test)
		}
	}
	dir, known := t.p.packageDir(pkg)
	reported := t.build.closed > t.built || t.p.perPackage[pkg] > 0
	for _, e := range t.fatal {
		e.Package = pkg
		t.p.resolveTestFile(&e, dir, known)
		t.p.add(e)
		reported = true
	}
	for _, test := range t.order {
		errs, ok := t.errs[test]
		if !ok {
			continue
		}
		r := t.results[test]
		if !(test == "" && failed || r == 'F' || r == 0 && failed) {
			continue
		}
		for _, e := range errs {
			e.Package = pkg
			t.p.resolveTestFile(&e, dir, known)
			t.p.add(e)
			reported = true
		}
	}
	if t.dropped > 0 {
		t.p.truncated = true
	}
	// A package that failed with nothing to show for it is an error of its
	// own — unless it failed to build because a package it imports did,
	// which is reported already.
	if failed && !reported && !((note == "build failed" || note == "setup failed") && t.p.buildErrors > 0) {
		t.p.add(t.noReport(pkg, note))
	}
	delete(t.p.perPackage, pkg) // the package is done: memory stays bounded
	// Start the next package afresh, reusing the maps and buffers.
	t.free = append(t.free, t.pending...)
	results, errs, pending, names, free, loose := t.results, t.errs, t.pending[:0], t.names, t.free, t.loose
	clear(results)
	clear(errs)
	clear(names)
	loose.reset()
	*t = testStream{p: t.p, pkg: t.pkg, build: t.build, built: t.build.closed, text: t.text,
		results: results, errs: errs, pending: pending, names: names, free: free, loose: loose}
}

// noReport is the error for a package that failed without reporting a
// failing test (os.Exit, a failing TestMain, a crash, a build that failed
// elsewhere): its unstructured output explains it.
func (t *testStream) noReport(pkg, note string) Error {
	var m msgBuf
	m.reset("test binary failed without reporting a failing test")
	if note != "" {
		m.reset(note)
	}
	t.loose.each(m.add)
	msg := m.String()
	test := ""
	if t.results[t.cur] == 0 {
		test = t.cur // -v named the test that was running
	}
	return Error{Message: msg, Tool: ToolTest, Package: pkg, Test: test}
}

// finish ends the stream. A package whose output stopped without its
// result line (the run was cut off) counts as failed.
func (t *testStream) finish() {
	t.text.flush(t.line)
	t.build.finish()
	if t.touched {
		t.endPackage(t.pkg, true, "output ended before the package finished (killed or cut off)")
	}
}

// packageDir returns the module-relative directory of an import path, and
// whether it is known.
func (p *Parser) packageDir(pkg string) (string, bool) {
	mod := p.modulePath()
	switch {
	case mod == "" || pkg == "":
		return "", false
	case pkg == mod:
		return ".", true
	case strings.HasPrefix(pkg, mod+"/"):
		return pkg[len(mod)+1:], true
	}
	return "", false
}

// modulePath returns the module path declared in the module root's go.mod.
func (p *Parser) modulePath() string {
	if p.modPathRead {
		return p.modPath
	}
	p.modPathRead = true
	if len(p.res.roots) == 0 {
		return ""
	}
	data, err := os.ReadFile(path.Join(p.res.roots[0], "go.mod"))
	if err != nil {
		return ""
	}
	p.modPath = parseModulePath(string(data))
	return p.modPath
}

// parseModulePath returns the path of the module directive in go.mod text.
func parseModulePath(gomod string) string {
	for _, l := range strings.Split(gomod, "\n") {
		l = strings.TrimSpace(l)
		rest, ok := strings.CutPrefix(l, "module")
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"') {
			continue
		}
		if i := strings.Index(rest, "//"); i >= 0 {
			rest = rest[:i]
		}
		return strings.Trim(strings.TrimSpace(rest), `"`)
	}
	return ""
}

// resolveTestFile makes the file of a test error module-relative. Test
// output prints the base name of the file relative to the package
// directory; a file that is not there (testing.go, a helper in another
// package) is not guessed at: the error keeps it in its message instead.
func (p *Parser) resolveTestFile(e *Error, dir string, known bool) {
	if e.File == "" {
		return
	}
	f := toSlash(e.File)
	if isAbsSlash(f) || strings.Contains(f, "/") {
		e.File = p.res.resolve(f)
		return
	}
	if !known {
		return
	}
	cand := path.Join(dir, f)
	if p.onDisk() && !p.exists(cand) {
		e.Message = e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Message
		e.File, e.Line, e.Column = "", 0, 0
		return
	}
	e.File = cand
}

// onDisk reports whether the module root exists here, so that files can be
// checked.
func (p *Parser) onDisk() bool {
	if len(p.res.roots) == 0 {
		return false
	}
	if p.rootOnDisk == 0 {
		p.rootOnDisk = 2
		if fi, err := os.Stat(p.res.roots[0]); err == nil && fi.IsDir() {
			p.rootOnDisk = 1
		}
	}
	return p.rootOnDisk == 1
}

// exists reports whether the module-relative file exists, caching answers.
func (p *Parser) exists(rel string) bool {
	if ok, seen := p.fileExists[rel]; seen {
		return ok
	}
	_, err := os.Stat(path.Join(p.res.roots[0], rel))
	if p.fileExists == nil {
		p.fileExists = make(map[string]bool)
	}
	p.fileExists[rel] = err == nil
	return err == nil
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

// parseResultLine parses "--- FAIL: name (0.00s)" (PASS, SKIP) without its
// indentation.
func parseResultLine(body string) (byte, string, bool) {
	rest, ok := strings.CutPrefix(body, "--- ")
	if !ok {
		return 0, "", false
	}
	var kind byte
	switch {
	case strings.HasPrefix(rest, "FAIL: "):
		kind = 'F'
	case strings.HasPrefix(rest, "PASS: "):
		kind = 'P'
	case strings.HasPrefix(rest, "SKIP: "):
		kind = 'S'
	default:
		return 0, "", false
	}
	name := rest[len("FAIL: "):]
	if i := strings.LastIndex(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		name = name[:i]
	}
	return kind, name, name != ""
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
