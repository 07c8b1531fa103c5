package filter

import (
	"strconv"
	"strings"
)

// Bounds on what is kept of a goroutine dump.
const (
	maxGoroutines = 10000 // goroutines parsed per dump
	maxFrames     = 64    // frames kept per goroutine or race access
	shownFrames   = 8     // module frames listed in a message
)

// stackFrame is one frame of a goroutine trace or race report.
type stackFrame struct {
	fn   string // function with its import path: "example.com/m/lib.Get"
	file string // as printed, usually absolute
	line int
}

// goroutine is one goroutine of a trace.
type goroutine struct {
	frames    []stackFrame
	createdBy string // the function that started it
}

// stack collects the goroutines of a trace:
//
//	goroutine 7 [running]:
//	example.com/m/lib.Get(...)
//		/src/m/lib/lib.go:3
//	created by testing.(*T).Run in goroutine 1
//		/usr/local/go/src/testing/testing.go:2101 +0x4c5
type stack struct {
	gs      []goroutine
	fn      string // the function line waiting for its location
	created bool   // fn is a "created by" line
	skipped int    // goroutines over maxGoroutines
}

func (s *stack) line(l string) {
	switch {
	case strings.HasPrefix(l, "goroutine ") && strings.HasSuffix(l, ":"):
		if len(s.gs) >= maxGoroutines {
			s.skipped++
			return
		}
		s.gs = append(s.gs, goroutine{})
		s.fn = ""
	case len(s.gs) == 0 || s.skipped > 0 || isBlank(l):
	case l[0] == '\t' || l[0] == ' ':
		if s.fn == "" {
			return
		}
		file, line, ok := frameLocation(l)
		g := &s.gs[len(s.gs)-1]
		if ok && s.created {
			g.createdBy = s.fn
		} else if ok && len(g.frames) < maxFrames {
			g.frames = append(g.frames, stackFrame{fn: s.fn, file: keep(file), line: line})
		}
		s.fn = ""
	default:
		fn, created := frameFunc(l), false
		if rest, ok := strings.CutPrefix(l, "created by "); ok {
			fn, _, _ = strings.Cut(rest, " in goroutine ")
			created = true
		}
		s.fn, s.created = "", created
		if !isRuntimeFunc(fn) {
			// The runtime's and testing's frames are never the module's
			// nor a test's: they are not kept.
			s.fn = keep(fn)
		}
	}
}

// frameFunc returns the function of a trace line without its arguments:
// "example.com/m.(*T).Get(0x1, {0x2, 0x3})" → "example.com/m.(*T).Get".
func frameFunc(l string) string {
	l = strings.TrimSpace(l)
	if strings.HasSuffix(l, ")") {
		if i := strings.LastIndexByte(l, '('); i > 0 {
			return l[:i]
		}
	}
	return l
}

// frameLocation parses a trace location line: "\t/src/m/x.go:12 +0x1d".
func frameLocation(l string) (string, int, bool) {
	l = strings.TrimSpace(l)
	if i := strings.LastIndex(l, " +0x"); i > 0 {
		l = l[:i]
	}
	i := strings.LastIndexByte(l, ':')
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(l[i+1:])
	if err != nil || n < 0 {
		return "", 0, false
	}
	return l[:i], n, true
}

// shortFunc returns a function name without its import path directory:
// "example.com/m/lib.Get" → "lib.Get".
func shortFunc(fn string) string {
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

// testFunc returns the top-level test function a frame's function belongs
// to ("TestSub" for "example.com/m.TestSub.func1"), or "".
func testFunc(fn string) string {
	s := shortFunc(fn)
	_, s, ok := strings.Cut(s, ".")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(s, ".")
	if name == "TestMain" {
		return "" // runs the tests; it is not one
	}
	for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			if rest == "" || rest[0] == '_' || 'A' <= rest[0] && rest[0] <= 'Z' || '0' <= rest[0] && rest[0] <= '9' {
				return name
			}
		}
	}
	return ""
}

// moduleFrames returns the frames that belong to the module under test,
// innermost first, with their files made module-relative: not the runtime
// or testing, not other modules, not vendor/ and not the generated test
// main. With no module root known, every frame outside the Go runtime
// counts.
func (r *resolver) moduleFrames(frames []stackFrame) []stackFrame {
	var out []stackFrame
	for _, f := range frames {
		file := r.resolve(f.file)
		if strings.HasSuffix(file, "_testmain.go") || strings.HasPrefix(file, "vendor/") {
			continue
		}
		if len(r.roots) > 0 && !r.inside(file) {
			continue
		}
		if len(r.roots) == 0 && isRuntimeFunc(f.fn) {
			continue
		}
		f.file = file
		out = append(out, f)
	}
	return out
}

// isRuntimeFunc reports whether fn belongs to the Go runtime or testing
// machinery.
func isRuntimeFunc(fn string) bool {
	for _, prefix := range []string{"runtime.", "testing.", "panic(", "sync.", "internal/", "reflect.", "main.main"} {
		if strings.HasPrefix(fn, prefix) {
			return true
		}
	}
	return fn == "panic"
}

// frameLines lists frames as message lines: "\tlib.Get (lib/lib.go:3)".
func frameLines(frames []stackFrame) string {
	var b strings.Builder
	for i, f := range frames {
		if i == shownFrames {
			b.WriteString("\n\t… " + strconv.Itoa(len(frames)-shownFrames) + " more frames")
			break
		}
		b.WriteString("\n\t")
		b.WriteString(shortFunc(f.fn))
		b.WriteString(" (")
		b.WriteString(f.file)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(f.line))
		b.WriteByte(')')
	}
	return b.String()
}

// panicBlock reads a panic or fatal error and its goroutine dump, up to the
// package's result line.
type panicBlock struct {
	x       *extractor
	header  []string // the lines before the first goroutine
	inStack bool
	stack   stack
}

func (b *panicBlock) line(l string) bool {
	if _, _, _, ok := parsePackageResult(l); ok {
		return false
	}
	if strings.HasPrefix(l, "=== ") {
		return false
	}
	if !b.inStack && strings.HasPrefix(l, "goroutine ") && strings.HasSuffix(l, ":") {
		b.inStack = true
	}
	if b.inStack {
		b.stack.line(l)
	} else if len(b.header) < maxMessageLines {
		b.header = append(b.header, keep(l))
	}
	return true
}

func (b *panicBlock) end() {
	p, res := b.x.p, b.x.p.h.res
	if timeout, ok := strings.CutPrefix(b.header[0], "panic: test timed out after "); ok {
		b.timeouts("test timed out after " + timeout)
		return
	}
	msg, recovered := panicMessage(b.header)
	var frames []stackFrame
	var g *goroutine
	if len(b.stack.gs) > 0 {
		g = &b.stack.gs[0]
		frames = res.moduleFrames(g.frames)
	}
	hint := b.x.panicHint()
	test := ""
	switch {
	case recovered && len(p.failed) > 0:
		test = p.deepestFailure()
	case g != nil:
		test = goroutineTest(g, hint)
	}
	if test == "" {
		test = hint
	}
	e := Error{Message: msg + frameLines(frames), Tool: ToolTest, Test: test}
	if len(frames) > 0 {
		e.File, e.Line = frames[0].file, frames[0].line
	}
	p.recordFatal(e)
}

// timeouts records one error per test that was still running when the
// test binary's alarm fired, located where its goroutine was blocked.
func (b *panicBlock) timeouts(msg string) {
	p, res := b.x.p, b.x.p.h.res
	var running []string
	for _, l := range b.header[1:] {
		if name, ok := strings.CutPrefix(l, "\t\t"); ok {
			if i := strings.LastIndex(name, " ("); i > 0 {
				name = name[:i]
			}
			running = append(running, name)
		}
	}
	leaves := running[:0:0]
	for _, name := range running {
		leaf := true
		for _, other := range running {
			leaf = leaf && !strings.HasPrefix(other, name+"/")
		}
		if leaf {
			leaves = append(leaves, name)
		}
	}
	if len(leaves) == 0 {
		p.recordFatal(Error{Message: msg, Tool: ToolTest, Test: b.x.panicHint()})
		return
	}
	claimed := make(map[int]bool)
	for _, name := range leaves {
		e := Error{Message: msg, Tool: ToolTest, Test: name}
		if i := findTestGoroutine(b.stack.gs, name, claimed); i >= 0 {
			claimed[i] = true
			frames := res.moduleFrames(b.stack.gs[i].frames)
			e.Message += frameLines(frames)
			if len(frames) > 0 {
				e.File, e.Line = frames[0].file, frames[0].line
			}
		}
		p.recordFatal(e)
	}
}

// findTestGoroutine returns the goroutine running the test: for a
// top-level test the one with its function's frame, for a subtest one with
// a closure of its top-level test; -1 when none is left.
func findTestGoroutine(gs []goroutine, name string, claimed map[int]bool) int {
	top, _, sub := strings.Cut(name, "/")
	for i, g := range gs {
		if claimed[i] {
			continue
		}
		for _, f := range g.frames {
			s := shortFunc(f.fn)
			_, fn, _ := strings.Cut(s, ".")
			if !sub && fn == top || sub && strings.HasPrefix(fn, top+".") {
				return i
			}
		}
	}
	return -1
}

// goroutineTest returns the test a goroutine belongs to: the test function
// in its frames or the one that started it, refined by the current test
// when that is one of its subtests.
func goroutineTest(g *goroutine, cur string) string {
	name := ""
	for _, f := range g.frames {
		if name = testFunc(f.fn); name != "" {
			break
		}
	}
	if name == "" {
		name = testFunc(g.createdBy)
	}
	if name != "" && strings.HasPrefix(cur, name+"/") {
		return cur
	}
	return name
}

// panicMessage returns the message of a panic's header lines without the
// "[recovered]" markers and repeated values, and whether the testing
// package recovered it (so the test that failed is the one that panicked).
func panicMessage(header []string) (string, bool) {
	recovered := false
	var lines []string
	for i, l := range header {
		if isBlank(l) {
			continue
		}
		for _, suffix := range []string{" [recovered, repanicked]", " [recovered]"} {
			if s, ok := strings.CutSuffix(l, suffix); ok {
				l, recovered = s, true
			}
		}
		if rest, ok := strings.CutPrefix(l, "\tpanic: "); ok && i > 0 {
			if strings.TrimPrefix(lines[len(lines)-1], "panic: ") == strings.TrimSuffix(rest, " [recovered]") {
				recovered = true
				continue // go before 1.23 printed the value again
			}
		}
		if strings.HasPrefix(l, "[signal ") {
			// "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a]"
			if i := strings.Index(l, " code="); i > 0 {
				l = l[:i] + "]"
			}
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n"), recovered
}

// raceBlock reads a data race report between its "==================" rules.
type raceBlock struct {
	x        *extractor
	accesses []raceAccess
	fn       string
	done     bool
}

// raceAccess is one section of a race report: "Read at 0x... by goroutine
// 7:" or "Goroutine 7 (running) created at:", with its frames.
type raceAccess struct {
	what    string // "Read", "Previous write", ...
	created bool
	frames  []stackFrame
}

func (b *raceBlock) line(l string) bool {
	if b.done {
		return false
	}
	switch {
	case l == raceRule:
		b.done = true
	case isBlank(l):
	case l[0] != ' ' && l[0] != '\t':
		a := raceAccess{what: l, created: strings.HasPrefix(l, "Goroutine ")}
		if i := strings.Index(l, " at 0x"); i > 0 {
			a.what = l[:i]
		} else if i := strings.Index(l, " by "); i > 0 {
			a.what = l[:i]
		}
		a.what = keep(a.what)
		if len(b.accesses) < 16 {
			b.accesses = append(b.accesses, a)
		}
	case len(b.accesses) == 0:
	default:
		if file, line, ok := frameLocation(l); ok && strings.HasPrefix(l, "    ") {
			a := &b.accesses[len(b.accesses)-1]
			if b.fn != "" && len(a.frames) < maxFrames {
				a.frames = append(a.frames, stackFrame{fn: b.fn, file: keep(file), line: line})
			}
			b.fn = ""
			return true
		}
		b.fn = keep(frameFunc(l))
	}
	return true
}

func (b *raceBlock) end() {
	res := b.x.p.h.res
	e := Error{Message: "WARNING: DATA RACE", Tool: ToolTest}
	for _, a := range b.accesses {
		if a.created {
			continue
		}
		frames := res.moduleFrames(a.frames)
		if len(frames) == 0 {
			e.Message += "\n\t" + a.what
			continue
		}
		f := frames[0]
		if e.File == "" {
			e.File, e.Line = f.file, f.line
		}
		e.Message += "\n\t" + a.what + " at " + f.file + ":" + strconv.Itoa(f.line) + " (" + shortFunc(f.fn) + ")"
	}
	b.x.p.races = append(b.x.p.races, e)
}

// exampleBlock reads the got:/want: output of a failed example.
type exampleBlock struct {
	x     *extractor
	test  string
	lines []string
}

func (b *exampleBlock) line(l string) bool {
	if l == "FAIL" || l == "PASS" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "panic: ") {
		return false
	}
	if _, _, _, ok := parseResultLine(strings.TrimLeft(l, " ")); ok {
		return false
	}
	if _, _, _, ok := parsePackageResult(l); ok {
		return false
	}
	if len(b.lines) < maxMessageLines {
		b.lines = append(b.lines, keep(l))
	}
	return true
}

func (b *exampleBlock) end() {
	lines := b.lines
	for len(lines) > 0 && isBlank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	b.x.record(Error{Message: strings.Join(lines, "\n"), Tool: ToolTest, Test: b.test})
}
