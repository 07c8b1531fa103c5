package filter

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultline-go/faultline/internal/textutil"
)

// go test output is read into one model, whatever its form:
//
//   - a testPackage per package whose test binary ran, holding a testCase
//     per test (its result, elapsed time, parent, and its output lines)
//     and a testCase for the package's own output, outside any test;
//   - filled by two framers (testframe.go): the JSON framer reads
//     test2json's events (go test -json), the text framer reads plain and
//     -v output, where tests and packages are framed by "=== RUN",
//     "--- FAIL:" and "FAIL\tpkg" lines;
//   - the output of a test whose result is not known yet is held raw, and
//     dropped unread if it passes: only failed tests' output is parsed, by
//     an extractor (testextract.go) that finds assertions, testify reports,
//     panics, races, timeouts, example and fuzz failures in it;
//   - when a package ends, its errors are made module-relative (test output
//     names files relative to the package directory) and reported; a
//     package that failed with nothing to show for it (os.Exit, TestMain)
//     is an error of its own.
//
// What the go command itself prints (compile and vet errors, module
// errors, usage errors) is parsed as compiler output (build.go).

// testAction is what happened, as test2json names it.
type testAction byte

// The results a test or package ends with; 0 while it runs.
const (
	running testAction = iota
	passed
	failed
	skipped
)

// actionOf returns the result a test2json action names, or running.
func actionOf(a string) testAction {
	switch a {
	case "pass", "bench":
		return passed
	case "fail":
		return failed
	case "skip":
		return skipped
	}
	return running
}

// Bounds of the model: memory stays bounded whatever the output.
const (
	maxTestErrors   = 200      // errors kept per test; more mark the result truncated
	looseLines      = 20       // lines of unstructured output kept for a failure with no --- FAIL
	maxLooseLine    = 1024     // bytes kept of each of them
	maxHeldBytes    = 1 << 20  // raw output held per test whose result is not known
	maxHeldTotal    = 64 << 20 // and for all of them
	maxTests        = 10000    // test records per package: finished ones are forgotten beyond it
	maxFailedNames  = 256      // failed tests remembered per package, to attribute panics
	maxOpenPackages = 1024     // go test -json packages running at once
)

// testHandler parses go test output.
type testHandler struct {
	out      sink
	res      *resolver
	build    *section            // the go command's own text output
	sections map[string]*section // go test -json's build-output events, by ImportPath
	builds   int                 // compile, vet and setup errors seen

	text textFramer
	json jsonFramer

	pending      int           // errors held in packages not finished yet
	heldTotal    int           // bytes held for tests whose result is not known
	heldDropped  int           // lines not held for being over maxHeldTotal
	free         [][]byte      // buffers of held output, for reuse
	spare        *testPackage  // a finished package's records, for reuse
	failedBuilds []failedBuild // packages that failed to build, with nothing of their own
	scratch      []byte        // an unescaped JSON string of the current line
	recordTests  bool          // Options.Tests: report each test's result
}

// failedBuild is a package that go test reports as "[build failed]" or
// "[setup failed]": an error of its own only if the output holds no
// compile or setup error at all (see testHandler.finish).
type failedBuild struct {
	pkg, note, dep string
	loose          []string
}

func newTestHandler(out sink, res *resolver) *testHandler {
	h := &testHandler{out: out, res: res}
	h.build = newSection(countSink{out, &h.builds}, res, ToolBuild)
	h.text.h = h
	h.json.h = h
	return h
}

// countSink counts the errors reported through it.
type countSink struct {
	sink
	n *int
}

func (c countSink) add(e Error) {
	*c.n++
	c.sink.add(e)
}

func (h *testHandler) line(l string) { h.text.line(l) }

func (h *testHandler) object(b []byte) bool {
	var ev event
	if !decodeJSONEvent(b, &ev, &h.scratch) {
		return false
	}
	h.json.event(&ev)
	return true
}

// sectionFor returns the section that parses go test -json's build-output
// events of the package ip.
func (h *testHandler) sectionFor(ip string) *section {
	return streamFor(&h.sections, ip, func(string) *section { return newSection(countSink{h.out, &h.builds}, h.res, ToolBuild) })
}

// finish ends the stream: packages whose output stopped without their
// result (the run was killed or its output cut) end as failed; then the
// packages that failed to build are decided on, now that the whole stream
// has been read, so that the order stdout and stderr were joined in does
// not matter.
func (h *testHandler) finish() {
	for _, ip := range slices.Sorted(maps.Keys(h.sections)) {
		h.sections[ip].finish()
	}
	h.json.finish()
	h.text.finish()
	h.build.finish()
	for _, fb := range h.failedBuilds {
		if h.builds > 0 {
			// The output holds compile or setup errors: this package's,
			// or those of a package it imports. They are the errors.
			continue
		}
		msg := fb.pkg + " [" + fb.note + "]: no compiler error for it in this output"
		if fb.dep != "" && fb.dep != fb.pkg {
			msg = fb.pkg + " [" + fb.note + "]: " + fb.dep + " did not build; no compiler error for it in this output"
		}
		var m msgBuf
		m.reset(msg)
		for _, l := range fb.loose {
			m.add(l)
		}
		h.out.add(Error{Message: m.String(), Tool: ToolTest, Package: fb.pkg})
	}
	if h.heldDropped > 0 {
		h.out.note(fmt.Sprintf("%s of test output not parsed: over the %d MiB held for tests still running", textutil.Count(h.heldDropped, "line"), maxHeldTotal>>20))
	}
}

// testPackage is one package's test run.
type testPackage struct {
	h       *testHandler
	name    string // the import path; "" in text mode until the result line names it
	started bool   // its test binary's output arrived
	verbose bool   // text: "=== RUN" lines frame its tests (-v)
	events  bool   // go test -json: events frame its tests
	cur     *testCase
	last    *testCase            // the test whose output was parsed last
	self    *testCase            // the package's own output, outside any test
	tests   map[string]*testCase // by name
	order   []*testCase          // in the order first seen

	errs    errorList // of failed tests: files relative to the package directory
	own     errorList // of the package's own output: reported if it failed
	fatal   []Error   // panics, timeouts and races: files resolved already
	races   []Error   // race reports waiting for the test they belong to
	failed  []string
	loose   ring // the last lines of unstructured output
	dropped int  // errors over the bounds

	slab []testCase // where test records are made
}

// testCase is one test of a package, or the package's own output.
type testCase struct {
	pkg      *testPackage
	name     string
	parent   *testCase // the test it is a subtest of, if that is known
	result   testAction
	reported bool       // the output said it failed (not only that it was running when its package did)
	subtests bool       // a subtest of it failed
	elapsed  float64    // seconds, as its result says
	x        *extractor // made when its output is parsed: a passing test has none
	held     []byte     // lines while the result is not known: kind, text, '\n'
	dropped  int        // lines over maxHeldBytes
	text     eventText
	// partialKind is the OutputType of the event that left text's
	// unfinished line.
	partialKind lineKind
}

func (h *testHandler) newPackage(name string) *testPackage {
	p := h.spare
	h.spare = nil
	if p == nil {
		p = &testPackage{h: h, tests: make(map[string]*testCase)}
		p.self = &testCase{pkg: p, result: failed} // parsed as it comes
	}
	p.name = name
	return p
}

// recycle keeps a finished package's records and buffers for the next
// one: a run has many packages, each with a few tests.
func (h *testHandler) recycle(p *testPackage) {
	clear(p.tests)
	clear(p.order)
	clear(p.fatal)
	clear(p.races)
	clear(p.slab)
	p.errs.reset()
	p.own.reset()
	p.loose.reset()
	self, x := p.self, p.self.x
	*self = testCase{pkg: p, result: failed, x: x}
	if x != nil {
		*x = extractor{p: p, tc: self}
	}
	*p = testPackage{h: h, tests: p.tests, order: p.order[:0], self: self, errs: p.errs, own: p.own,
		fatal: p.fatal[:0], races: p.races[:0], failed: p.failed[:0], loose: p.loose, slab: p.slab[:0]}
	h.spare = p
}

// ext returns the test's extractor, made on first use.
func (tc *testCase) ext() *extractor {
	if tc.x == nil {
		tc.x = &extractor{}
		tc.x.init(tc.pkg, tc)
	}
	return tc.x
}

// finish completes what the test's extractor has open.
func (tc *testCase) finish() {
	if tc.x != nil {
		tc.x.finish()
	}
}

// test returns the record of the named test, creating it on first use.
// name may be a view.
func (p *testPackage) test(name string) *testCase {
	if name == "" {
		return p.self
	}
	if p.cur != nil && p.cur.name == name {
		return p.cur
	}
	if tc, ok := p.tests[name]; ok {
		return tc
	}
	if len(p.tests) >= maxTests {
		p.forget()
	}
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]testCase, 0, 32) // test records come many to a package
	}
	p.slab = p.slab[:len(p.slab)+1]
	tc := &p.slab[len(p.slab)-1]
	*tc = testCase{pkg: p, name: keep(name)}
	if i := strings.LastIndexByte(tc.name, '/'); i > 0 {
		tc.parent = p.tests[tc.name[:i]]
	}
	p.tests[tc.name] = tc
	p.order = append(p.order, tc)
	return tc
}

// reportResult reports a finished test's result (Options.Tests); a test whose
// result the output never gave is not reported.
func (p *testPackage) reportResult(tc *testCase) {
	if !p.h.recordTests {
		return
	}
	var result string
	switch tc.result {
	case passed:
		result = "pass"
	case failed:
		result = "fail"
	case skipped:
		result = "skip"
	default:
		return
	}
	p.h.out.test(TestRun{Package: p.name, Name: tc.name, Result: result,
		Elapsed: time.Duration(tc.elapsed * float64(time.Second))})
}

// forget drops the records of finished tests, so that a package of
// countless tests holds only those still running.
func (p *testPackage) forget() {
	kept := p.order[:0]
	for _, tc := range p.order {
		if tc.result == running || tc == p.cur {
			kept = append(kept, tc)
			continue
		}
		tc.finish()
		p.reportResult(tc)
		p.h.freeHeld(tc)
		delete(p.tests, tc.name)
	}
	clear(p.order[len(kept):])
	p.order = kept
}

// output handles a line of a test's output (tc is p.self for the
// package's own): parsed at once if the test failed, held if its result is
// not known yet, dropped if it passed.
func (p *testPackage) output(tc *testCase, l string, kind lineKind) {
	switch tc.result {
	case failed:
		p.switchTo(tc)
		tc.ext().line(l, kind)
	case running:
		p.h.hold(tc, l, kind)
	}
}

// hold keeps a line of a test whose result is not known yet.
func (h *testHandler) hold(tc *testCase, l string, kind lineKind) {
	n := len(l) + 2
	if len(tc.held)+n > maxHeldBytes {
		tc.dropped++
		return
	}
	if h.heldTotal+n > maxHeldTotal {
		h.heldDropped++
		return
	}
	h.heldTotal += n
	if tc.held == nil && len(h.free) > 0 {
		tc.held, h.free = h.free[len(h.free)-1], h.free[:len(h.free)-1]
	}
	tc.held = append(tc.held, byte(kind))
	tc.held = append(tc.held, l...)
	tc.held = append(tc.held, '\n')
}

// freeHeld drops what is held for the test, keeping small buffers for
// the tests to come: most tests hold a few lines and pass.
func (h *testHandler) freeHeld(tc *testCase) {
	h.heldTotal -= len(tc.held)
	if tc.held != nil && cap(tc.held) <= 64<<10 && len(h.free) < 64 {
		h.free = append(h.free, tc.held[:0])
	}
	tc.held = nil
}

// result records a test's result. A test that failed has its held output
// parsed; one that passed or was skipped has it dropped unread.
func (p *testPackage) result(tc *testCase, r testAction, elapsed float64) {
	p.started = true
	if tc.result == r || tc == p.self {
		return
	}
	tc.result, tc.elapsed = r, elapsed
	p.pause()
	if r != failed {
		p.h.freeHeld(tc)
		return
	}
	tc.reported = true
	for a := tc.parent; a != nil && !a.subtests; a = a.parent {
		a.subtests = true
	}
	if len(p.failed) == maxFailedNames {
		p.failed = slices.Delete(p.failed, 0, maxFailedNames/2)
	}
	p.failed = append(p.failed, tc.name)
	p.replay(tc)
}

// switchTo notes that tc's output is parsed next: the open error of the
// test parsed before is complete.
func (p *testPackage) switchTo(tc *testCase) {
	if p.last != nil && p.last != tc && p.last.x != nil {
		p.last.x.pause()
	}
	p.last = tc
}

// pause notes a framing line: the open error of the test parsed last is
// complete.
func (p *testPackage) pause() { p.switchTo(nil) }

// replay parses the held output of a test that turned out to fail.
func (p *testPackage) replay(tc *testCase) {
	p.switchTo(tc)
	x := tc.ext()
	b := tc.held
	for len(b) > 0 {
		i := strings.IndexByte(view(b), '\n')
		x.line(view(b[1:i]), lineKind(b[0]))
		b = b[i+1:]
	}
	p.h.freeHeld(tc)
	if tc.dropped > 0 {
		x.omittedLines(tc.dropped)
		tc.dropped = 0
	}
}

// finish ends a package's run: the tests still running when it failed
// (a panic, a timeout, os.Exit) count as failed; its errors are resolved
// against the package directory and reported. note is "build failed" or
// "setup failed" when go test says so, dep the package that failed to
// build (go test -json's FailedBuild).
func (p *testPackage) finish(isFailed bool, note, dep string) {
	h := p.h
	curRunning := p.cur != nil && p.cur.result == running
	if isFailed {
		for _, tc := range p.order {
			if tc.result == running {
				tc.result = failed
				p.replay(tc)
			}
		}
	}
	for _, tc := range p.order {
		tc.finish()
		p.reportResult(tc)
		h.freeHeld(tc)
	}
	p.self.finish()
	if len(p.races) > 0 {
		p.claimRaces(p.curName())
	}
	if p.events || p.verbose || isFailed && p.errs.len()+p.own.len()+len(p.fatal) == 0 {
		// Plain output cannot tell a test's result line from a program's
		// line that looks like one: its "--- FAIL" lines count only when
		// nothing else explains a failed package.
		p.silentFailures()
	}
	dir, known := h.res.packageDir(p.name)
	reported := false
	for _, e := range p.fatal {
		e.Package = p.name
		h.out.add(e)
		reported = true
	}
	h.pending -= p.errs.len() + p.own.len() + len(p.fatal)
	if !isFailed {
		p.own.reset() // what a passing package printed is not an error
	}
	for _, errs := range []*errorList{&p.errs, &p.own} {
		for i := range errs.len() {
			e := *errs.at(i)
			e.Package = p.name
			h.resolveTestFile(&e, dir, known)
			h.out.add(e)
			reported = true
		}
	}
	overflow, omitted := 0, 0
	for _, tc := range append(p.order, p.self) {
		if tc.x != nil {
			overflow += tc.x.overflow
			omitted += tc.x.omitted
		}
	}
	if overflow > 0 {
		h.out.truncate()
		h.out.note(fmt.Sprintf("kept the first %d errors of a test; %d more were left out", maxTestErrors, overflow))
	}
	if omitted > 0 {
		h.out.truncate()
		h.out.note(fmt.Sprintf("%s of a failed test's output over %d MiB not parsed", textutil.Count(omitted, "line"), maxHeldBytes>>20))
	}
	if p.dropped > 0 {
		h.out.drop(p.dropped)
		reported = true
	}
	switch {
	case !isFailed || reported:
	case note == "build failed" || note == "setup failed":
		fb := failedBuild{pkg: p.name, note: keep(note), dep: keep(dep)} // views of the line
		p.loose.each(func(l string) { fb.loose = append(fb.loose, l) })
		h.failedBuilds = append(h.failedBuilds, fb)
	default:
		h.out.add(p.noReport(note, curRunning))
	}
}

// silentFailures records an error for each test that the output says
// failed with nothing to show for it (t.Fail, t.FailNow, a message the
// bounds left out aside): no message of its own, no panic or race
// attributed to it, no subtest that failed.
func (p *testPackage) silentFailures() {
	if p.dropped > 0 {
		return // a missing message may be among those dropped
	}
	attributed := make(map[string]bool, len(p.fatal))
	for _, e := range p.fatal {
		attributed[e.Test] = true
	}
	for _, tc := range p.order {
		if tc.result != failed || !tc.reported || tc.subtests || attributed[tc.name] {
			continue
		}
		x := tc.ext()
		if x.errors > 0 || x.overflow > 0 || x.omitted > 0 {
			continue
		}
		msg := "--- FAIL: " + tc.name + " (" + strconv.FormatFloat(tc.elapsed, 'f', 2, 64) + "s) with no message"
		p.record(x, Error{Tool: ToolTest, Test: tc.name, Message: msg})
	}
}

// curName returns the name of the test the output last named.
func (p *testPackage) curName() string {
	if p.cur == nil {
		return ""
	}
	return p.cur.name
}

// noReport is the error of a package that failed without reporting a
// failing test (os.Exit, a failing TestMain, a crash): its unstructured
// output explains it.
func (p *testPackage) noReport(note string, curRunning bool) Error {
	var m msgBuf
	m.reset("test binary failed without reporting a failing test")
	if note != "" {
		m.reset(note)
	}
	p.loose.each(m.add)
	test := ""
	if curRunning {
		test = p.cur.name // -v named the test that was running
	}
	return Error{Message: m.String(), Tool: ToolTest, Package: p.name, Test: test}
}

// record keeps an error of a failed test until its package ends, and
// returns where, unless it is over the bounds.
func (p *testPackage) record(x *extractor, e Error) (*errorList, bool) {
	if x.errors >= maxTestErrors {
		x.overflow++
		return nil, false
	}
	x.errors++
	if p.h.pending >= p.h.out.room() {
		p.dropped++
		return nil, false
	}
	p.h.pending++
	errs := &p.errs
	if x.tc == p.self {
		errs = &p.own
	}
	errs.add(e)
	return errs, true
}

// recordFatal keeps a panic, timeout or race until its package ends.
func (p *testPackage) recordFatal(e Error) {
	if p.h.pending >= p.h.out.room() {
		p.dropped++
		return
	}
	p.h.pending++
	p.fatal = append(p.fatal, e)
}

// claimRaces gives the waiting race reports to the test during which the
// race was detected.
func (p *testPackage) claimRaces(test string) {
	for _, e := range p.races {
		e.Test = test
		p.recordFatal(e)
	}
	p.races = p.races[:0]
}

func (p *testPackage) addLoose(l string) {
	if len(l) > maxLooseLine {
		l = l[:maxLooseLine] + " …"
	}
	p.loose.add(l)
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

func (r *ring) reset() { r.next, r.n = 0, 0 }

// each calls f with the lines, oldest first.
func (r *ring) each(f func(string)) {
	for i := range r.n {
		f(string(r.lines[(r.next-r.n+i+looseLines)%looseLines]))
	}
}

// resolveTestFile makes the file of a test error module-relative. Test
// output prints the base name of the file relative to the package
// directory; a file that is not there (testing.go, a helper in another
// package) is not guessed at: the error keeps it in its message instead.
func (h *testHandler) resolveTestFile(e *Error, dir string, known bool) {
	if e.File == "" {
		return
	}
	f := toSlash(e.File)
	if isAbsSlash(f) || strings.Contains(f, "/") {
		e.File = h.res.resolve(f)
		return
	}
	if !known {
		return
	}
	cand := path.Join(dir, f)
	if h.res.onDisk() && !h.res.exists(cand) {
		e.Message = e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Message
		e.File, e.Line, e.Column = "", 0, 0
		return
	}
	e.File = cand
}
