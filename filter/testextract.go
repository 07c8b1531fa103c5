package filter

import "strings"

// lineKind says what is known of a line of a test's output beyond its
// text: go 1.27's test2json marks the lines of t.Error and t.Fatal
// messages (OutputType "error", "error-continue") and its own framing.
type lineKind byte

const (
	kindPlain         lineKind = iota // nothing but its text
	kindFrame                         // framing: "=== RUN", "--- FAIL:"
	kindError                         // the first line of a t.Error/t.Fatal message
	kindErrorContinue                 // a further line of one
)

// extractor finds the errors in the output of a failed test (or in a
// package's own output), line by line:
//
//   - "file_test.go:12: msg" at any indentation starts an error (t.Error,
//     t.Fatal, t.Log); lines indented deeper continue its message; a
//     testify report in it is read for the assertion's place and text;
//     lines of the testing package's own (a fuzz failure's corpus file)
//     continue the test's last error;
//   - unindented, "panic: " and "fatal error: " start a panic report with
//     its goroutine dump, "==================" a data race report, "got:"
//     in an example an example's output; other unindented lines are
//     program output, kept as the context of a failure with no message.
type extractor struct {
	p  *testPackage
	tc *testCase

	open       bool // an error is being built
	openErr    Error
	openIndent int
	openMsg    msgBuf
	gap        int // blank lines after the open error

	block   block // a panic, race report or example output being read
	maybeRc bool  // the last line was a race report's opening rule

	last     *errorList // where the test's last error is: its errors go on in it
	lastAt   int
	errors   int // errors recorded
	overflow int // errors over maxTestErrors
	omitted  int // lines not held (over maxHeldBytes)
}

// block is a multi-line report inside test output.
type block interface {
	// line consumes l and reports whether it did; a line it does not
	// consume ends the block and is parsed anew.
	line(l string) bool
	// end completes the block and records its errors.
	end()
}

func (x *extractor) init(p *testPackage, tc *testCase) {
	x.p, x.tc = p, tc
}

// test returns the name of the test the output is of, "" for a
// package's own.
func (x *extractor) test() string { return x.tc.name }

// line handles one line of output (a view).
func (x *extractor) line(l string, kind lineKind) {
	if kind == kindFrame {
		return
	}
	if x.block != nil {
		if x.block.line(l) {
			if r, ok := x.block.(*raceBlock); ok && r.done {
				x.endBlock() // complete at its closing rule
			}
			return
		}
		x.endBlock()
	}
	if x.maybeRc {
		x.maybeRc = false
		if l == "WARNING: DATA RACE" {
			x.closeOpen()
			x.block = &raceBlock{x: x}
			return
		}
		x.p.addLoose(raceRule)
	}
	indent, body := splitIndent(l)
	if body == "" {
		if x.open {
			x.gap++
		}
		return
	}
	if indent > 0 || kind != kindPlain {
		x.process(indent, body, kind)
		return
	}
	x.closeOpen()
	if i := embeddedOutput(l); i > 0 {
		// Program output without a final newline, then the testing
		// package's own line.
		x.p.addLoose(l[:i])
		x.line(l[i:], kind)
		return
	}
	switch {
	case l == "FAIL" || l == "PASS" || strings.HasPrefix(l, "exit status ") || strings.HasPrefix(l, "coverage: "):
		// The test binary's own framing, in a test's output.
	case strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: "):
		x.p.started = true
		x.block = &panicBlock{x: x, header: []string{keep(l)}}
	case l == raceRule:
		x.maybeRc = true
	case (l == "got:" || strings.HasPrefix(l, "got:")) && strings.HasPrefix(x.test(), "Example"):
		x.block = &exampleBlock{x: x, test: x.test(), lines: []string{keep(l)}}
	default:
		x.p.addLoose(l)
	}
}

// process parses an indented line (or one test2json marked).
func (x *extractor) process(indent int, body string, kind lineKind) {
	if x.open && (kind == kindErrorContinue || kind == kindPlain && indent > x.openIndent) {
		x.continueOpen(indent, body)
		return
	}
	x.closeOpen()
	pos, ok := scanPosition(body)
	if !ok {
		if kind == kindError {
			// t.Error's message, though with no position we can read.
			x.startOpen(indent, Error{Tool: ToolTest, Test: x.test()}, body)
			return
		}
		x.undecorated(body)
		return
	}
	if pos.msg == "race detected during execution of test" {
		x.p.claimRaces(x.test())
		return
	}
	x.startOpen(indent, Error{File: keep(pos.file), Line: pos.line, Column: pos.col, Tool: ToolTest, Test: x.test()}, pos.msg)
}

func (x *extractor) startOpen(indent int, e Error, msg string) {
	x.open = true
	x.openIndent = indent
	x.openErr = e
	x.openMsg.reset(msg)
}

// continueOpen adds a continuation line to the error being built.
func (x *extractor) continueOpen(indent int, body string) {
	for ; x.gap > 0; x.gap-- {
		x.openMsg.add("")
	}
	// Continuation lines are indented four more than the message; deeper
	// indentation is the message's own.
	x.openMsg.add(strings.Repeat(" ", max(0, indent-x.openIndent-4)) + body)
}

// undecorated handles test output that is not "file:line: msg" — what the
// testing package itself prints, such as a fuzz failure's corpus file: it
// continues the test's last error.
func (x *extractor) undecorated(body string) {
	if x.last != nil {
		last := x.last.at(x.lastAt)
		// The size first: counting lines of a message at its cap, line
		// after line, would be quadratic.
		if len(last.Message)+len(body) < maxMessageBytes && strings.Count(last.Message, "\n") < maxMessageLines {
			last.Message += "\n" + body
		}
		return
	}
	x.p.addLoose(body)
}

// closeOpen completes the error being built.
func (x *extractor) closeOpen() {
	x.gap = 0
	if !x.open {
		return
	}
	x.open = false
	e := x.openErr
	e.Message = x.openMsg.String()
	if tf, ok := parseTestify(e.Message); ok {
		e = tf.apply(e, x.p.h.res)
	}
	// t.Errorf("\ngot: ...") prints an empty first line.
	e.Message = strings.TrimLeft(e.Message, "\n")
	x.record(e)
}

// record keeps an error of the test until its package ends.
func (x *extractor) record(e Error) {
	if errs, ok := x.p.record(x, e); ok {
		x.last, x.lastAt = errs, errs.len()-1
	}
}

// pause completes the open error and an example's output: a line of
// another test, or a framing line, came in between.
func (x *extractor) pause() {
	x.closeOpen()
	if _, ok := x.block.(*exampleBlock); ok {
		x.endBlock()
	}
}

func (x *extractor) endBlock() {
	b := x.block
	x.block = nil
	b.end()
}

// omittedLines notes lines of the test's output that were not held.
func (x *extractor) omittedLines(n int) { x.omitted += n }

// finish completes what is open at the end of the output.
func (x *extractor) finish() {
	x.closeOpen()
	if x.block != nil {
		x.endBlock()
	}
	if x.maybeRc {
		x.maybeRc = false
		x.p.addLoose(raceRule)
	}
}

const raceRule = "=================="

// panicHint returns the test a panic in this output belongs to when its
// goroutines do not say: the test whose output it is, or the test that
// ran last.
func (x *extractor) panicHint() string {
	if t := x.test(); t != "" {
		return t
	}
	return x.p.curName()
}

// deepestFailure returns the test a recovered panic came from: the last
// failed test, or the deepest of its subtests that failed just before it
// (test2json reports the parent's --- FAIL line after the subtest's).
func (p *testPackage) deepestFailure() string {
	last := p.failed[len(p.failed)-1]
	best := last
	for i := len(p.failed) - 2; i >= 0; i-- {
		f := p.failed[i]
		if !strings.HasPrefix(f, last+"/") {
			break
		}
		if len(f) > len(best) {
			best = f
		}
	}
	return best
}
