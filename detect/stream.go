package detect

import (
	"bytes"
	"encoding/json"
	"errors"
	"hash/maphash"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/internal/termtext"
)

// Stream is one detection over input written to it in pieces of any size:
// an io.Writer. It holds a bounded window of lines, never the whole input:
// a line is judged once the lines an error's block may reach below it have
// arrived, and forgotten once no block or context can reach back to it.
// The report is the same however the input is cut into writes. A Stream is
// not safe for concurrent use.
type Stream struct {
	d   *Detector
	doc document

	pend    []byte // the line being read, as much of it as is kept
	pendCut int    // bytes of it dropped past the keep limit
	open    bool   // a line has begun and not ended
	cr      bool   // the last byte read was a carriage return

	lines  int // lines read whole
	marked int // lines whose regions (diff, fence) are marked
	reg    regionState
	pos    int // the next line stage 2 looks at
	next   int // the first line not yet in a block

	errs, warns, named, counts []Error
	nErrs                      int     // errors found, listed or not
	namedSum, countsSum        Summary // the summaries found, listed or not
	sum                        Summary
	unlisted                   int
	seen                       map[uint64]struct{} // hashes of the errors' texts
	places                     map[uint64]struct{} // the places and words of the diagnostics a command reported (placeHash)
	runPlaces                  map[uint64]struct{} // the same since make last gave up on a recipe: one tool run's, whose go vet says them again as "vet: x.go:3:1: ..."
	// names are the tests a recap named as failed ("✘ [fail]: parses
	// minutes"): a later line that is only such a name heads the test's
	// report (ava, node's spec reporter).
	names map[string]struct{}

	// A command's output, from one shell prompt to the next: a recap in
	// it with no error of its own above or below is all there is of the
	// failure it counts (the errors went to another stream, or a filter
	// hid them). segmented is whether a prompt was seen; segErrs counts
	// the errors of the current command, segNamed and segCounts hold its
	// recaps.
	segmented           bool
	framed              bool // a command's prompt or a CI step's group has been read: runs are told apart
	segErrs             int
	recipeErrs          int              // errors kept since make last gave up on a recipe, or since the last prompt
	lastErr             int              // the last line of the last error's block (when nErrs > 0)
	lastText            string           // what the last error said (when nErrs > 0)
	lastCat             errkind.Category // the last error's category (when nErrs > 0)
	warnEnd             int              // one past the last line of the last warning reported (include_warnings)
	segNamed, segCounts []Error

	// runAt is one past the line of go test -v's last "=== RUN" (or
	// CONT, NAME), 0 when there was none: what testOutput needs.
	runAt int
	// ruleAt is one past the last rule of dashes Ginkgo draws between
	// specs, 0 when there was none: what ginkgoPassedOutput needs.
	ruleAt int

	// boxWrap is whether the last line filled its box to the right side:
	// the box's tool wrapped it, and the next line goes on with it.
	boxWrap bool
	// boxPad is how far the current box indents the output it holds
	// (Gemini CLI's three spaces under its tool's title line), -1 until
	// its first line of output shows it, -2 outside a box.
	boxPad int

	// wsTags are the prefixes a workspace runner puts before every line
	// a package's script prints (pnpm's "packages/api test: ", turbo's
	// "@shop/api:build: "), learned from the line that starts the script.
	wsTags []string
	// svTags are the tags a supervisor puts before every line a program
	// prints, learned where they carry a line no program complaint has
	// (see supervisorTag).
	svTags []string
	// elapsed is whether the lines are stamped with the seconds since a
	// start ("0.000075 "), learned as svTags are.
	elapsed bool

	// out, while DetectReader runs, takes batches of prepared lines to the
	// goroutine that keeps the window; batch is the one being filled.
	out   chan []prepared
	batch []prepared

	// gutter is the width of the margin Claude Code's transcript puts
	// before a tool's output ("  ⎿  " and then five spaces), while one
	// is open: 0 when none is.
	gutter int

	closed bool
	rep    Report
}

// document is the window of the input that stage 2 sees: clean lines
// (ANSI escapes and carriage returns removed, invalid UTF-8 replaced, cut
// to keepLine bytes), indexed from base, the number of the window's first
// line in the whole input (0-based).
type document struct {
	base   int
	lines  []string   // the clean lines
	short  []string   // the lines without their log record's prefix: what the rules look at
	cut    []int      // bytes dropped from the end of each line
	cand   []bool     // stage 1: the line holds a trigger word
	jv     []*verdict // stage 2's judgement of a JSON line, made while it was whole
	diff   []bool     // the line is part of a diff hunk
	quoted []bool     // the line is inside a fenced block that is not output
	tag    []string   // a supervisor's tag the line was read without, shown again in the report
	// consoles are the lines of vitest's console headers ("stderr |
	// x.test.ts > test") in the window, in order.
	consoles []int
}

// Window sizes, in lines. An error's block may reach maxBlockScan lines
// below the line that starts it and lookBehind lines above it.
const (
	lookBehind = 1000
	// keepLine is how much of a line is kept; a JSON line is kept whole up
	// to maxJSONLine, judged, then cut like any other.
	keepLine    = ruleWindow
	maxJSONLine = 16 << 20
	// maxSeen bounds the set of error texts kept to drop restatements.
	maxSeen = 1 << 14
)

// NewStream starts a detection; write the input to it, then Close it.
func (d *Detector) NewStream() *Stream {
	return &Stream{d: d, seen: map[uint64]struct{}{}, boxPad: -2}
}

// seenSeed hashes the texts of errors to drop restatements.
var seenSeed = maphash.MakeSeed()

// errClosed is returned by a write after Close.
var errClosed = errors.New("detect: write to a closed stream")

// Write adds p to the input. It returns an error only after Close.
func (s *Stream) Write(p []byte) (int, error) {
	if s.closed {
		return 0, errClosed
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		seg := p
		if i >= 0 {
			seg = p[:i]
		}
		if len(seg) > 0 {
			s.open = true
		}
		// Carriage returns: trailing ones end the line; any other is a
		// terminal overwrite, and only the text after it stays.
		trail := 0
		for trail < len(seg) && seg[len(seg)-1-trail] == '\r' {
			trail++
		}
		if body := seg[:len(seg)-trail]; len(body) > 0 {
			if s.cr {
				s.pend, s.pendCut = s.pend[:0], 0
			}
			if k := bytes.LastIndexByte(body, '\r'); k >= 0 {
				s.pend, s.pendCut = s.pend[:0], 0
				body = body[k+1:]
			}
			s.appendPend(body)
			s.cr = false
		}
		if trail > 0 {
			s.cr = true
		}
		if i < 0 {
			break
		}
		s.lineDone()
		p = p[i+1:]
	}
	if s.out == nil {
		s.advance(false)
	}
	return n, nil
}

// lineDone ends the current line: into the window, or into the batch for
// the goroutine that keeps the window when DetectReader runs one.
func (s *Stream) lineDone() {
	if s.out == nil {
		s.endLine()
		return
	}
	s.batch = append(s.batch, s.prepareLine())
	if len(s.batch) == batchLines {
		s.out <- s.batch
		s.batch = make([]prepared, 0, batchLines)
	}
}

// batchLines is how many prepared lines DetectReader hands over at a time,
// and pipeDepth how many batches may wait: the lines in flight are
// bounded.
const (
	batchLines = 1024
	pipeDepth  = 2
)

// WriteString adds text to the input.
func (s *Stream) WriteString(text string) (int, error) {
	var buf [32 << 10]byte
	n := len(text)
	for len(text) > 0 {
		k := copy(buf[:], text)
		if _, err := s.Write(buf[:k]); err != nil {
			return n - len(text), err
		}
		text = text[k:]
	}
	return n, nil
}

// appendPend keeps what fits of b in the current line and counts the rest.
func (s *Stream) appendPend(b []byte) {
	limit := keepLine
	if len(s.pend)+len(b) > keepLine && mayBeJSON(s.pend, b) {
		limit = maxJSONLine
	}
	room := max(0, limit-len(s.pend))
	if len(b) > room {
		s.pendCut += len(b) - room
		b = b[:room]
	}
	s.pend = append(s.pend, b...)
}

// mayBeJSON reports whether a line that begins with head (or with b when
// head is empty) may be a JSON value, maybe behind a timestamp.
func mayBeJSON(head, b []byte) bool {
	if len(head) == 0 {
		head = b
	}
	head = head[:min(len(head), 64)]
	return bytes.IndexByte(head, '{') >= 0 || bytes.IndexByte(head, '[') >= 0
}

// prepared is a line read whole, with what stage 1 found in it: what
// endLine works out from the line's bytes alone, apart from the window.
type prepared struct {
	line     string   // the line, cut to keepLine, valid UTF-8, without tag
	tag      string   // the supervisor's tag before it
	stripped string   // what it says without a workspace's or a record's prefix
	cut      int      // bytes cut from it
	cand     bool     // stage 1 took it
	jv       *verdict // a JSON line's verdict, judged while it was whole
}

// endLine ends the current line: cleans it, judges a JSON line while it is
// whole, and adds it to the window.
func (s *Stream) endLine() {
	s.commitLine(s.prepareLine())
}

// prepareLine ends the current line and runs stage 1 over it. It reads
// only the line being read and the detector, and the workspace prefixes it
// learns: DetectReader runs it apart from the window.
func (s *Stream) prepareLine() prepared {
	raw := termtext.CleanLine(s.pend)
	cut := s.pendCut
	d := s.d
	var jv *verdict
	cand := false
	if len(raw) > keepLine {
		// Only a JSON value is kept this long: judge it now, whole, from
		// its bytes; then keep its head like any other line's.
		if holdsBytes(d.words, raw) || jsonPlaceRe.Match(raw) {
			cand = true
			head := string(raw[:min(len(raw), 128)])
			if v, ok := jsonVerdict(bytes.TrimSpace(raw[len(head)-len(stripPrefix(head)):])); ok {
				jv = &v
			}
		}
		k := len(cutRunes(string(raw[:min(len(raw), keepLine+utf8.UTFMax)]), keepLine))
		cut += len(raw) - k
		raw = raw[:k]
	}
	var line string
	if utf8.Valid(raw) {
		line = string(raw)
	} else {
		line = string(bytes.ToValidUTF8(raw, []byte("\uFFFD")))
	}
	var tag string
	if k := s.supervisorTag(line); k > 0 {
		// A supervisor's tag before what a program printed (docker
		// compose's "svc-1  | ", foreman's "12:00:00 web.1 | "): the
		// rules read what the program said; the report shows the tag
		// again.
		line, tag = line[k:], line[:k]
	}
	s.pend, s.pendCut, s.open, s.cr = s.pend[:0], 0, false, false
	if cap(s.pend) > 2*keepLine {
		s.pend = nil // a long JSON line's buffer is not kept for the next lines
	}
	body := s.workspaceBody(line)
	stripped := stripPrefix(body)
	if jv == nil && !cand {
		cand = d.candidateAfter(body, stripped)
		if t := strings.TrimLeft(stripped, " "); !cand && len(t) > 1 && t[0] == '{' && strings.Contains(t, ": ") && jsonPlaceRe.MatchString(t) {
			// A compiler's place inside a JSON record's string (a hook's
			// tool_response: "stderr":"x.go:3:7: s.n undefined ..."),
			// which names no trigger word.
			cand = true
		}
		if cand {
			if t := strings.TrimSpace(stripped); t != "" && (t[0] == '{' || strings.HasPrefix(t, "[{")) {
				if k := strings.LastIndex(t, "}[exit "); k > 0 && strings.HasSuffix(t, "]") {
					t = t[:k+1] // a body with no newline, the transcript's exit line on its end
				}
				if v, ok := jsonVerdict([]byte(t)); ok {
					jv = &v
				}
			}
		}
	}
	return prepared{line: line, tag: tag, stripped: stripped, cut: cut, cand: cand, jv: jv}
}

// commitLine adds a prepared line to the window and runs stage 2 when the
// window is full.
func (s *Stream) commitLine(p prepared) {
	doc := &s.doc
	line, cut, cand, jv := p.line, p.cut, p.cand, p.jv
	doc.lines = append(doc.lines, line)
	short := clip(p.stripped)
	switch {
	case len(short) < len(line) && strings.HasPrefix(short, "#011"):
		// syslog writes a message's tab as "#011": the line was indented.
		short = "\t" + short[4:]
	case len(short) > 0 && short[0] != ' ' && short[0] != '\t' && unblankedPlace(short) > 0:
		// buf's "x.proto:8:3:cannot find ..." read as the diagnostic
		// every compiler writes, a blank after its place.
		k := unblankedPlace(short)
		short = short[:k] + " " + short[k:]
	case toolDiagnostic(short) > 0:
		// A tool's name over a compiler-style diagnostic: go vet's type
		// checker on a package it cannot load ("vet: ./x.go:3:5:
		// undefined: y"), wire's "wire: /x/wire.go:7:1: inject X: no
		// provider found for Y". The rules read the diagnostic.
		short = short[toolDiagnostic(short):]
	case strings.HasPrefix(strings.TrimLeft(short, " "), "╭"):
		s.boxPad = -1 // a box opens: its padding is not known yet
	case strings.HasPrefix(strings.TrimLeft(short, " "), "╰"):
		s.boxPad = -2
	case strings.HasPrefix(strings.TrimLeft(short, " "), boxSide):
		// A diagnostic drawn in a box (Terraform's), or a tool's output
		// framed in one (Gemini CLI's, one space in): the rules read
		// what the box holds.
		short = strings.TrimLeft(short, " ")
		short = strings.TrimPrefix(short[len(boxSide):], " ")
		wrapped := s.boxWrap
		s.boxWrap = false
		if t := strings.TrimRight(short, " "); strings.HasSuffix(t, boxSide) {
			// A box closed on the right too (Gemini CLI's tool output):
			// what it holds, without its right side. A line that fills
			// the box to its side was wrapped: the next goes on with it,
			// read as indented under it.
			inner := t[:len(t)-len(boxSide)]
			body := strings.TrimRight(inner, " ")
			s.boxWrap = strings.TrimSpace(body) != "" && len(inner)-len(body) <= maxWrapPad && !strings.ContainsAny(body[len(body)-1:], ".!?:;)]}")
			short = strings.TrimRight(inner, " ")
			if t := strings.TrimSpace(short); t != "" && s.boxPad >= -1 {
				switch {
				case s.boxPad == -1 && indentOf(short) == 0:
					// the tool's title line ("✔  Shell go test ./..."),
					// or output the box does not indent: no padding
					if !toolTitle(t) {
						s.boxPad = 0
					}
				case s.boxPad == -1:
					s.boxPad = indentOf(short)
				}
				if s.boxPad > 0 {
					short = short[min(s.boxPad, indentOf(short)):]
				}
			}
			if wrapped && short != "" && !diagnosticStart(short) {
				short = "  " + short
			}
		}
	}
	prev := ""
	if n := len(doc.short); n > 0 {
		prev = doc.short[n-1]
	}
	if u := s.ungutter(short, prev); len(u) < len(short) {
		// Under a transcript's gutter a record's stamp starts the line
		// the tool printed: read without it, as at the margin.
		short = u
		if _, stamped := recordPrefix(u); stamped {
			short = stripPrefix(u)
		}
	}
	short = taskTagged(short)
	if !cand && jv == nil && short != p.stripped && len(short) < len(p.stripped) {
		// The first line of a tool's output under a transcript's mark
		// ("  └ x.go:5:2: unreachable code"): read without it.
		cand = s.d.candidateAfter(short, stripPrefix(short))
	}
	if jv == nil && cand && len(short) > 1 && short[0] == '{' && short != p.stripped {
		// A JSON value a box or a transcript's gutter held (a response's
		// body in Gemini CLI's tool box): judged as a bare one is.
		if v, ok := jsonVerdict([]byte(strings.TrimSpace(short))); ok {
			jv = &v
		}
	}
	if n := len(doc.short); n > 0 && !doc.cand[n-1] && s.lines-s.pos > 0 && traceOpener(short) {
		// A runtime's trace under a message: the message is its error's.
		doc.cand[n-1] = true
	}
	doc.short = append(doc.short, short)
	if (strings.HasPrefix(short, "stderr | ") || strings.HasPrefix(short, "stdout | ")) && vitestConsoleRe.MatchString(short) {
		if len(doc.consoles) > 0 && doc.consoles[0] < doc.base {
			doc.consoles = slices.DeleteFunc(doc.consoles, func(h int) bool { return h < doc.base })
		}
		doc.consoles = append(doc.consoles, doc.base+len(doc.lines)-1)
	}
	if strings.HasPrefix(short, "=== ") {
		s.runAt = doc.base + len(doc.lines)
	} else if strings.HasPrefix(strings.TrimLeft(short, " "), "--------------------") && ginkgoRule(short) {
		s.ruleAt = doc.base + len(doc.lines)
	}
	doc.cut = append(doc.cut, cut)
	doc.cand = append(doc.cand, cand)
	doc.jv = append(doc.jv, jv)
	doc.diff = append(doc.diff, false)
	doc.quoted = append(doc.quoted, false)
	doc.tag = append(doc.tag, p.tag)
	s.lines++
	if s.lines-s.pos > s.lookAhead()+1024 {
		s.advance(false) // one large write must not fill the window
	}
}

// candidate is stage 1 for one line, with the custom patterns.
func (d *Detector) candidate(line string) bool {
	return d.candidateAfter(line, stripPrefix(line))
}

// candidateAfter is candidate, told the line without its record prefix.
func (d *Detector) candidateAfter(line, stripped string) bool {
	if d.words.candidate(line, stripped) {
		return true
	}
	for _, re := range d.custom {
		if re.MatchString(line) {
			return true
		}
	}
	return false
}

// lookAhead is how many lines below a line must have arrived before it is
// judged: its block and the context after it.
func (s *Stream) lookAhead() int {
	return maxBlockScan + s.d.cfg.MaxContextLines/2 + 2
}

// advance marks regions and runs stage 2 over the lines whose look-ahead
// has arrived (all of them when final), then forgets what no block can
// reach any more.
func (s *Stream) advance(final bool) {
	doc := &s.doc
	for s.marked < s.lines-1 || final && s.marked < s.lines {
		s.reg.mark(doc, s.marked-doc.base)
		s.marked++
	}
	la := s.lookAhead()
	for s.pos < s.lines && (final || s.pos+la < s.lines) {
		if l := doc.short[s.pos-doc.base]; !s.framed && l != "" && (l[0] == '#' || l[0] == ':' || l[0] == 's') && groupMarker(strings.TrimSpace(l)) {
			s.framed = true
		}
		if commandStart(doc.lines[s.pos-doc.base]) {
			s.framed = true
			s.endCommand()
			if len(s.places) > 0 {
				s.places, s.runPlaces = nil, nil
			}
			if len(s.seen) > 0 {
				// A shell prompt starts another command: what it prints
				// again is its own error, not a restatement. (A new map:
				// clearing one costs what it once held.)
				s.seen = map[uint64]struct{}{}
			}
		} else if l := doc.short[s.pos-doc.base]; len(s.seen) > 0 && len(l) > 2 && l[0] == '#' && goHeaderLine(l) {
			// The go command's "# pkg" over a package's build output: a
			// compiler run of its own (runtime/cgo runs gcc once a file),
			// whose errors are its own even in the same words.
			s.seen = map[uint64]struct{}{}
		}
		if i := s.pos - doc.base; i > 0 && s.pos-1 >= s.next && doc.cand[i] && !doc.cand[i-1] && generatorComplaint(doc, i) && !s.errorSince(doc, i-1) {
			// What a generator said right above go generate's word that
			// it failed, in no error's words: its complaint, with that
			// word its conclusion.
			t := strings.TrimSpace(doc.short[i-1])
			s.judged(i-1, verdict{kind: kindError, fam: famLine, text: t, cat: refusedCat(t)})
		}
		if s.pos >= s.next && (doc.cand[s.pos-doc.base] || len(s.names) > 0 && s.namedHeader(s.pos-doc.base)) {
			s.consider(s.pos - doc.base)
		} else if i := s.pos - doc.base; i > 0 && s.pos >= s.next && goHeaderLine(doc.short[i-1]) && linkerComplaint(doc.short[i]) {
			// The linker's complaint about a symbol, the first line under
			// the go command's "# pkg", in no error's words
			// ("runtime.main_main·f: function main is undeclared in the
			// main package"): a build that failed, a linker's error a build
			// error whatever it names.
			t := strings.TrimSpace(doc.short[i])
			s.judged(i, verdict{kind: kindError, fam: famLinker, text: t, cat: errkind.CategoryBuild})
		} else if i := s.pos - doc.base; i > 0 && s.pos-1 >= s.next && goRunExit(doc.short[i]) && !s.errorSince(doc, i-1) {
			lo := max(s.next, s.pos-lookBehind) - doc.base
			if s.nErrs > 0 {
				lo = max(lo, s.lastErr+1-doc.base)
			}
			if v, start := lastWords(doc, i-1, lo); v.kind == kindError && !(s.nErrs > 0 && s.lastErr > s.pos-maxBlockScan && endsInCause(v.text, s.lastText)) {
				s.judged(start, v)
			}
		} else if i := s.pos - doc.base; i > 0 && s.pos-1 >= s.next && flagUsageHead(doc.short[i]) && !s.errorSince(doc, i-1) && messageLine(doc, i-1) {
			// What Go's flag package said before the usage it prints, in
			// no error's words ("testing: -parallel can only be given a
			// positive integer"): a command line it refused.
			t := strings.TrimSpace(doc.short[i-1])
			s.judged(i-1, verdict{kind: kindError, fam: famUsage, text: t, cat: refusedCat(t)})
		}
		s.pos++
	}
	// Forget the lines no block or context can reach.
	keep := s.pos - lookBehind - s.d.cfg.MaxContextLines/2 - 1
	if drop := keep - doc.base; drop > 4096 && drop > len(doc.lines)/2 {
		doc.lines = slices.Delete(doc.lines, 0, drop)
		doc.short = slices.Delete(doc.short, 0, drop)
		doc.cut = slices.Delete(doc.cut, 0, drop)
		doc.cand = slices.Delete(doc.cand, 0, drop)
		doc.jv = slices.Delete(doc.jv, 0, drop)
		doc.diff = slices.Delete(doc.diff, 0, drop)
		doc.quoted = slices.Delete(doc.quoted, 0, drop)
		doc.tag = slices.Delete(doc.tag, 0, drop)
		doc.base += drop
	}
}

// consider is stage 2 for the candidate line i of the window: confirm it,
// capture its block, record it.
func (s *Stream) consider(i int) {
	d, doc := s.d, &s.doc
	if !d.cfg.Enabled {
		return
	}
	if !d.cfg.TwoStage {
		// Stage 1 alone: every candidate is an error of one line.
		s.nErrs++
		s.add(&s.errs, doc, finding{start: i, end: i, key: i, kind: kindError, text: doc.lines[i]})
		return
	}
	s.judged(i, d.confirm(doc, i))
}

// judged goes on with stage 2 for line i of the window, once it is judged
// v: its block, recorded.
func (s *Stream) judged(i int, v verdict) {
	d, doc := s.d, &s.doc
	if v.kind == kindError && recoveredAttempt(doc.short, i) {
		return // an attempt a later one recovered: the retry succeeded
	}
	if v.kind == kindError && s.nErrs > 0 && s.lastErr >= doc.base+i-3 && stepVerdict(s.lastText) && stepFailed(strings.TrimSpace(doc.short[i])) != "" {
		// A script's word that a job or step failed right under the CI
		// runner's verdict on it ("##[error]Process completed with exit
		// code 1.", then "Job 'build' failed"): the same failure, said
		// again.
		return
	}
	if v.kind == kindError && (strings.Contains(v.text, " with ") || strings.Contains(v.text, "=")) && finishedWithRe.MatchString(v.text) && recordCause(doc.short[i]) == "" {
		// A record that only says a run ended with failures ("run
		// finished with failures failed=1"), naming no cause: a recap of
		// the failures reported above it.
		v = verdict{kind: kindSummary, fam: famLine, text: v.text}
	}
	if v.kind == kindNone && len(s.names) > 0 && s.namedHeader(i) {
		v = verdict{kind: kindError, fam: famReport, text: strings.TrimSpace(doc.lines[i])}
	}
	if v.kind == kindError && v.cat == errkind.CategorySyntax && underGoHeader(doc, i) {
		v.cat = errkind.CategoryBuild // a flag a tool refused is no syntax error of the source
	}
	if v.kind == kindNone {
		return
	}
	if v.kind == kindError && v.fam == famRustPanic && rustTestPassed(doc.short, i) {
		// What a libtest test that passed printed (--nocapture): it
		// expected the panic. A warning, its block taken whole.
		v = verdict{kind: kindWarning, fam: famRustPanic, text: v.text}
	}
	if v.kind == kindError && v.fam != famGinkgo && s.ruleAt > 0 && s.ruleAt > doc.base+i-maxSpecLines && ginkgoPassedOutput(doc.short, i, min(len(doc.short)-1, i+maxBlockScan)) {
		return // what a Ginkgo spec that passed printed: the spec expected it
	}
	nearRun := s.runAt > 0 && s.runAt > doc.base+i-maxRunScan // a go test -v "=== RUN" this line may be under
	subtestLog := false
	if v.kind == kindError && nearRun {
		passed, failedSub := testOutput(doc.short, i, min(len(doc.short)-1, i+maxBlockScan))
		if passed {
			return // what a test that passed printed (go test -v): the test expected it
		}
		subtestLog = failedSub && v.fam != famGoTest
	}
	if subtestLog {
		// What a failed subtest printed in go test -v, its result grouped
		// under its parent's further down: the subtest's failure, one
		// error a subtest as without -v.
		v = verdict{kind: kindError, fam: famSubtestLog, text: v.text, cat: v.cat}
		if v.cat == errkind.CategoryBuild || v.cat == errkind.CategorySyntax {
			v.cat = "" // (a log line is no compiler's finding)
		}
	} else if v.kind == kindError && v.fam != famGoTest && goTestLogAboveFail(doc.short, i, min(len(doc.short)-1, i+maxBlockScan)) {
		return // a test's log line in -v mode: its "--- FAIL" below takes it
	}
	if v.kind == kindError && v.fam == famGoTest && nearRun && (subtestsReported(doc.short, i) || bareSubtestResult(doc.short, i)) && s.errorSince(doc, goRunOf(doc.short, i)) {
		// A parent's --- FAIL over its subtests' results, each of whose
		// failure was reported where it printed it (go test -v): a recap.
		v = verdict{kind: kindSummary, fam: famNamed, text: v.text, cat: errkind.CategoryTest}
	}
	floor := max(s.next, s.pos-lookBehind) - doc.base
	f := finding{start: i, end: i, key: i, kind: v.kind, fam: v.fam, text: v.text, detail: v.detail, cat: v.cat}
	proc := recordProcAt(doc, i) // the process a record names: its block, its duplicates
	switch {
	case v.fam == famGoJSON:
		f.start, f.end, f.text = captureGoJSON(doc.lines, i, floor)
		if !d.cfg.CaptureMultiline {
			f.start, f.end = i, i
		}
	case d.cfg.CaptureMultiline && v.fam != famJSON:
		f.start, f.end, f.key = capture(doc.short, i, floor, v.fam)
		if f.key != i {
			f.text = strings.TrimSpace(stripPrefix(doc.lines[f.key]))
		}
		if f.key == i && f.end == i {
			f.end = responseBodyBelow(doc.short, i) // the failed response's body under the complaint
		}
		if f.key == i && f.end > i && wrappedDiagnostic(doc.short, i, f.end) {
			f.text += " " + strings.TrimSpace(doc.short[i+1]) // the message whole, with its code
		}
		if v.fam == famTool {
			// Complaints of one program that its count under them numbers
			// ("ordersvc: 4 config error(s)"): each its own error, a value
			// the program refused unless its words say more.
			for j := i + 1; j <= i+maxJoinedItems && j < len(doc.short); j++ {
				if items := countedComplaints(doc.short, j, max(i-maxJoinedItems, 0)); slices.Contains(items, i) {
					f.end = i
					if f.cat == "" && matchRules(clip(f.text)) == "" {
						f.cat = errkind.CategoryRuntime
					}
					break
				}
			}
		}
		f.end = extendRecords(doc, i, f.end, min(len(doc.lines)-1, i+maxBlockScan), proc)
		f.end = retriedRecords(doc, i, f.end, min(len(doc.lines)-1, i+maxBlockScan), proc)
		if n := f.end + 1; f.end > i && n < len(doc.short) && strings.Contains(doc.short[n], "still ") && stillFailsRe.MatchString(doc.short[n]) && sameShape(doc, i, n) {
			f.end = n // the record that gives up after the retries ("[emerg] still could not bind()")
		}
		if p := f.end + 1; p < len(doc.short) && strings.HasPrefix(doc.short[p], "panic: ") && panicLevel(doc.lines[i]) {
			// The panic a logger raises after writing a record at its
			// panic level (logrus's Panic, zap's DPanic in development):
			// one failure, the record's cause.
			f.end = captureGoPanic(doc.short, p, min(len(doc.short)-1, p+maxBlockScan))
		}
		if strings.HasPrefix(doc.short[f.start], "remote: ") {
			f.end = gitPushTail(doc.short, f.end, min(len(doc.lines)-1, i+maxBlockScan))
		}
		if strings.HasPrefix(doc.lines[i], boxSide) {
			if st, e, ok := box(doc.lines, i, floor, min(len(doc.lines)-1, i+maxBlockScan)); ok {
				f.start, f.end = st, e
			}
		}
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && v.fam == famJSON && strings.Contains(doc.short[i], `"Action":"build-output"`) {
		// go build -json: a diagnostic's indented lines ("\thave (x)",
		// "\twant (y)") come as records of their own under it.
		for j := f.end + 1; j < len(doc.short) && j <= f.end+maxBuildOutputScan; j++ {
			if l := doc.short[j]; !strings.Contains(l, `"Action":"build-output"`) || !strings.Contains(l, `"Output":"\t`) {
				break
			}
			f.end = j
		}
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && v.fam == famJSON {
		if e := statusBelow(doc.short, f.end); e > f.end {
			f.end, f.cat = e, errkind.CategoryNetwork // a response's body, then the failed status curl -w printed
		}
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && f.start == i && i-3 >= floor && strings.HasPrefix(strings.TrimSpace(doc.short[i-1]), "┗") &&
		strings.HasPrefix(strings.TrimSpace(doc.short[i-3]), "┏") {
		f.start = i - 3 // a heavy box right above that names what failed (tparse's "┃ PANIC package: x • TestY ┃")
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && f.start == i && i > floor {
		// A Go log record's message over several lines (errors.Join under
		// log.Fatal): its first item has the record's date, the rest none.
		f.start = joinedRecordAbove(doc.lines, i, floor)
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && f.start == i && i > 0 {
		// The attempts logged as warnings right above the record that
		// gives up, with the same cause: one failure, retried. (A
		// warning moves the floor past it; the attempts go back to the
		// last error's end.)
		lo := s.pos - lookBehind
		if s.nErrs > 0 {
			lo = max(lo, s.lastErr+1)
		}
		lo = max(lo, s.warnEnd) // (attempts reported as warnings stay theirs)
		f.start = attemptsAbove(doc, i, max(lo-doc.base, 0))
		f.retried = f.start < i
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && f.start == i && i > floor && strings.HasPrefix(doc.short[i], ": ") {
		f.start = i - 1 // the head of an error its newline cut (confirm)
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && f.start == i && i > floor && strings.HasPrefix(doc.short[i], "\t") && goPackageHead(doc.short[i-1]) {
		// The go command's "package x" over what is wrong with it,
		// indented ("\tb.go:3:8: use of internal package ... not
		// allowed"): the package it names heads the error.
		f.start = i - 1
	}
	if d.cfg.CaptureMultiline && v.kind == kindError && f.start == i && i > 0 && (blank(doc.short[i-1]) || strings.HasPrefix(doc.short[i-1], "* ")) {
		if h := responseAbove(doc.short, i, floor); h >= 0 {
			// A failed HTTP response's body: its status line heads it and
			// says what went wrong.
			f.start, f.key, f.text = h, h, strings.TrimSpace(doc.lines[h])
		}
	}
	if j := f.end + 1; v.kind == kindError && j < len(doc.short) && httpStatusLine(doc.short[j]) && strings.HasPrefix(strings.TrimSpace(doc.short[f.end]), "{") && !stampedOrRecord(strings.TrimSpace(doc.short[f.end])) {
		// A response's JSON body with the status curl -w printed under
		// it (" 502"): the answer of a request that failed (not a log
		// record's, whose status line is curl's next request's).
		f.end = j
		if f.cat == "" {
			f.cat = errkind.CategoryNetwork
		}
	}
	if j := f.end + 1; v.kind == kindError && j < len(doc.short) && trailer(doc.short[j]) {
		f.end = j // the program's closing line: "configuration file x test failed"
	}
	for j, stop := f.end+1, f.end+8; v.kind == kindError && codePlaceLen(doc.short[f.end]) == 0 && j < len(doc.short) && j <= stop && strings.Contains(doc.short[j], ":\t") && relatedPlaceRe.MatchString(doc.short[j]); j++ {
		// The places a checker names under its complaint, a tab after
		// each: gopls's "a.go:13:6:\tconflicts with func in same block".
		f.end = j
	}
	if v.kind == kindError && d.cfg.CaptureMultiline {
		f.end = retryTail(doc, f.start, f.end, min(len(doc.short)-1, f.end+maxBlockScan))
		f.end = attemptsConcluded(doc.short, f.end)
		e := captureConclusions(doc.short, fatalTail(doc, i, f.end))
		if a := captureAborted(doc.short, e); a > e {
			e = captureConclusions(doc.short, a) // "Couldn't compile the test." under rustc's "aborting"
		}
		f.end = e
		if j := f.end + 1; v.fam != famGoPanic && j < len(doc.short) && strings.HasPrefix(doc.short[j], "SIGABRT: ") {
			// C's abort() under Go (a failed assert in cgo): the runtime's
			// dump of the signal, under what the C code said.
			f.end = captureGoPanic(doc.short, j, min(len(doc.short)-1, j+maxBlockScan))
		}
		f.end = pluginFailedBelow(doc.short, f.start, f.end)
		f.start, f.end = typecheckIssue(doc.short, f.start, f.end, floor)
		f.end = couldNotImportIssue(doc.short, f.start, f.end)
		f.start, f.end = xmlTestcase(doc.short, f.start, f.end, floor)
		f.end = sqlalchemyTail(doc.short, f.end)
		if k := backtraceAbove(doc.short, f.start, floor); k < f.start {
			f.start = k
		}
		f.start, f.end = fortranBlock(doc.short, f.start, f.end, floor)
		f.start, f.end = goListErrorObject(doc.short, f.start, f.end, floor)
		f.start = doctestSectionAbove(doc.short, f.start, floor)
		f.end = acrossElision(doc.short, f.start, f.end)
		if k := strings.Index(doc.short[f.end], ": "); k > 0 && (strings.Contains(doc.short[f.end], " columns but found ") || strings.Contains(doc.short[f.end], ": INSERT failed: ")) && importRowRe.MatchString(doc.short[f.end]) {
			for j := f.end + 1; j < len(doc.short) && strings.HasPrefix(doc.short[j], doc.short[f.end][:k+2]) && importRowRe.MatchString(doc.short[j]); j++ {
				f.end = j // sqlite3 .import's other word on the same row
			}
		}
		if j := f.end + 1; j < len(doc.short) && j-1 >= f.start && accessRecord(doc.short[j]) && recordCause(doc.short[j]) == "" && recordCause(doc.short[f.end]) != "" {
			f.end = j // the access log's record of the request that failed, right under the handler's error
		}
		if f.start-1 >= floor && wgetHTTPError(doc.short[f.start]) && wgetRequestLine(doc.short[f.start-1]) {
			f.start-- // the URL wget -nv names, or the request's status line, over wget's ERROR
		}
		if f.start-1 >= floor && strings.HasPrefix(doc.short[f.start-1], "failed to load config from ") {
			f.start-- // vite's word on what it was loading when the error under it came
		}
		f.end = cobraLastWord(doc.short, f.end, strings.HasPrefix(doc.short[f.start], "Error: "))
		if j := f.end + 1; j < len(doc.short) && childExit(doc.short[j], doc.short[f.start]) {
			f.end = j // the parent's word that the child whose complaint this is exited: "x: publish: curl: exit status 7"
		}
		if j := f.end + 1; j < len(doc.short) && strings.HasPrefix(doc.short[j], "::error") && annotationRestates(doc.short[j], doc.short[f.start]) {
			f.end = j // the step's annotation of the diagnostic right above it
		}
		if strings.HasPrefix(doc.short[f.start], "verify error:") {
			f.start = verifyCallbackAbove(doc.short, f.start, floor) // "depth=0 CN = x" over it
		}
		f.end = embeddedPlaceLines(doc.short, i, f.end)
		f.end = restatedRequest(doc, f.start, f.end)
		if v.fam != famGinkgo { // (Ginkgo's rules part its specs: they frame none)
			f.start, f.end = edges(doc.short, f.start, f.end, floor)
		}
		if j := f.end + 1; j < len(doc.short) && jsonTwin(doc.short[j], f.text) {
			f.end = j
		}
		f.end = turnEnd(doc, i, f.end)
		for j := i + 1; j <= f.end; j++ {
			if t := strings.TrimSpace(doc.short[j]); strings.HasPrefix(t, "##[error]") || strings.HasPrefix(t, "ERROR: Job failed: ") {
				f.end = j - 1 // the CI step's verdict is its own error
				break
			}
		}
	}
	if v.kind == kindSummary && goPackageFailed(f.text) && !s.errorSince(doc, goPackageStart(doc.short, i)) && sectionStart(doc.short, i) == i {
		ps := goPackageStart(doc.short, i)
		// (In gotestsum's "=== Failed" section the row closes a package's
		// entry, which says its failure again or is it.)
		if lw, start := lastWords(doc, i-1, max(ps, s.next-doc.base)); lw.kind == kindError {
			if start > 0 && strings.TrimSpace(doc.short[start-1]) == "PASS" && matchRules(clip(lw.text)) == "" {
				lw.cat = errkind.CategoryTest // TestMain's own check after the tests passed failed them
			}
			// What the package's test binary printed last as it failed
			// outside any test, in no error's words (TestMain's "DSN is
			// not set"): its failure, the row under it its summary.
			s.judged(start, lw)
			return
		}
		// go test's "FAIL\tpkg\t0.01s" with nothing of its package's
		// failure above it (a filter kept only the packages' rows): the
		// only report of it.
		v.kind, f.kind, f.cat = kindError, kindError, errkind.CategoryTest
	}
	if v.kind == kindSummary && d.cfg.CaptureMultiline {
		if items := countedFindings(doc.short, i, floor); len(items) > 0 {
			// A checker's count under findings that name no word, grouped
			// under their files: the count vouches for them, each an error.
			for _, k := range items {
				s.keep(doc, finding{start: k, end: k, key: k, kind: kindError, fam: famLine, text: strings.TrimSpace(doc.short[k]), cat: errkind.CategoryBuild}, "")
			}
			s.next = doc.base + i + 1
			return
		}
		if items := countedComplaints(doc.short, i, floor); len(items) > 0 {
			// A program's count of its complaints under as many lines of
			// its own that name no error word ("ordersvc: config c.json:
			// shards: must be at least 1, got 0" over "ordersvc: 1 config
			// error(s)"): the count vouches for them, each an error.
			for _, k := range items {
				t := strings.TrimSpace(doc.short[k])
				s.keep(doc, finding{start: k, end: k, key: k, kind: kindError, fam: famLine, text: t, cat: refusedCat(t)}, "")
			}
			s.next = doc.base + i + 1
			return
		}
	}
	switch v.kind {
	case kindSummary:
		// A summary is not a block: it takes no lines, and it is reported
		// only when nothing else is; a test's roll-up with a block of its
		// own (a TAP subtest's YAML) is passed over whole.
		if (v.fam == famTest || v.fam == famTestEntry) && d.cfg.CaptureMultiline {
			s.next = doc.base + f.end + 1
		}
		if s.segErrs == 0 && len(s.segNamed)+len(s.segCounts) < maxSeen && len(strings.Fields(f.text)) > 1 {
			// (A bare "FAILED" names nothing and counts nothing.) A recap
			// with the report under it is categorised as a test's report
			// is: by what ended the test.
			g := f
			switch {
			case g.end > g.start:
				g.kind, g.fam = kindError, famTest
			case g.cat == "" && !testWordRe.MatchString(g.text):
				// A count that is not of tests ("Found 2 errors in 1
				// file"): a check that failed.
				if g.cat = matchRules(clip(g.text)); g.cat == "" || g.cat == errkind.CategoryTest {
					g.cat = errkind.CategoryBuild
				}
			}
			e := d.record(doc, g, true)
			if v.fam == famNamed {
				s.segNamed = append(s.segNamed, e)
			} else {
				s.segCounts = append(s.segCounts, e)
			}
		}
		if s.nErrs > 0 {
			return
		}
		list, sum := &s.counts, &s.countsSum
		if v.fam == famNamed {
			list, sum = &s.named, &s.namedSum
			if name := failedName(v.text); name != "" && len(s.names) < maxSeen {
				if s.names == nil {
					s.names = map[string]struct{}{}
				}
				// The name, and its first words: a recap may add to it
				// ("✘ [fail]: reads codes Error thrown in test").
				s.names[name] = struct{}{}
				words := strings.Fields(name)
				for k := 2; k < len(words) && k < 10; k++ {
					s.names[strings.Join(words[:k], " ")] = struct{}{}
				}
			}
		}
		e := d.record(doc, f, len(*list) < d.cfg.MaxErrors)
		sum.count(e.Severity)
		if len(*list) < d.cfg.MaxErrors {
			*list = append(*list, e)
		}
		return
	case kindWarning:
		s.next = doc.base + f.end + 1 // a warning's block is not an error's
		if d.cfg.IncludeWarnings {
			s.add(&s.warns, doc, f)
			s.warnEnd = doc.base + f.end + 1
		}
		return
	}
	if d.cfg.CaptureMultiline && v.fam == famLine && f.start == i && strings.Contains(doc.short[i], ": *** ") && makeRe.MatchString(doc.short[i]) {
		if st, e, ok := recipeReport(doc.short, i, floor); ok && s.recipeErrs == 0 {
			// What the failed recipe printed, when no line of it was an
			// error: a check's own words over what it found.
			r := finding{start: st, end: e, key: st, kind: kindError, fam: famLine, text: strings.TrimSpace(doc.short[st]), cat: recipeCat(doc.short[st : e+1])}
			s.next = doc.base + e + 1
			s.keep(doc, r, recordProcAt(doc, st))
		}
	}
	if d.cfg.CaptureMultiline && v.fam == famGoTest && f.key == i && f.start < i {
		f.start = s.subtestSections(doc, f.start, i)
	}
	s.next = doc.base + f.end + 1
	if f.key != i {
		proc = recordProcAt(doc, f.key)
	}
	s.keep(doc, f, proc)
}

// subtestSections reports, as errors of their own, the log sections of
// failed subtests that go test -v printed between start and the "---
// FAIL" tree on line tree that names them (each under its "=== RUN" or
// "=== CONT", long before the tree): each subtest's failure is one error.
// The last section stays with the tree; it returns that section's start.
func (s *Stream) subtestSections(doc *document, start, tree int) int {
	parallel := false
	for _, l := range doc.short[start:tree] {
		if strings.HasPrefix(l, "=== CONT ") || strings.HasPrefix(l, "=== NAME ") {
			parallel = true
			break
		}
	}
	if !parallel {
		return start
	}
	last := -1 // the start of the section being read
	for j := start; j < tree; j++ {
		l := doc.short[j]
		if strings.HasPrefix(l, "=== ") || blank(l) {
			continue
		}
		if last >= 0 && j > 0 && strings.HasPrefix(doc.short[j-1], "=== ") {
			// A new section: the one before it is a failure of its own.
			e := j - 1
			for e > last && (strings.HasPrefix(doc.short[e], "=== ") || blank(doc.short[e])) {
				e--
			}
			f := finding{start: last, end: e, key: last, kind: kindError, fam: famSubtestLog, text: strings.TrimSpace(doc.short[last])}
			s.keep(doc, f, "")
			last = j
		} else if last < 0 {
			last = j
		}
	}
	if last < 0 {
		return start
	}
	return last
}

// keep reports an error found at f unless it restates one already
// reported; proc is the process its record names.
func (s *Stream) keep(doc *document, f finding, proc string) {
	// A tool that prints its errors again at the end (MSBuild,
	// golangci-lint's summary) restates them: one is enough.
	var mh maphash.Hash
	mh.SetSeed(seenSeed)
	mh.WriteString(f.text)
	part := func(l string) {
		mh.WriteByte(0)
		mh.WriteString(l)
	}
	if len(f.detail) == 0 {
		// Two errors with the same words on one line (javac's at two
		// columns, rustc's at two places) differ in their caret or arrow.
		for _, l := range doc.short[f.start+1 : min(f.end+1, f.start+8)] {
			if strings.ContainsAny(l, "^~") && caretRe.MatchString(l) || strings.HasPrefix(strings.TrimLeft(l, " "), "--> ") {
				part(l)
				break
			}
		}
	}
	if f.key < f.end && len(f.detail) == 0 && f.fam == famRace {
		// A header that says nothing on its own ("WARNING: DATA RACE") is
		// told apart by the line under it.
		part(doc.short[f.key+1])
	}
	if f.key < f.end && len(f.detail) == 0 && headerOnly(f.text) {
		// ... and a chain under one ("go: x imports" / "\ty imports" /
		// "\tz: what went wrong") by all of it: two chains may share
		// their first links.
		for _, l := range doc.short[f.key+1 : min(f.end+1, f.key+1+maxChainKey)] {
			part(l)
		}
	}
	if head := strings.TrimSpace(doc.short[f.start]); f.start < f.key && len(f.detail) == 0 && head != `"Error": {` && !(head == "{" && strings.HasPrefix(strings.TrimSpace(doc.short[f.key]), `"Err": "`)) {
		// A block headed by what failed (a test's section, a record) is
		// told apart by its head: two tests can fail with the same words.
		// (go list's "Error" object, or a brace, heads nothing: its "Err"
		// says it.)
		part(doc.short[f.start])
		if strings.HasPrefix(doc.short[f.start], "In file included from ") {
			// gcc's chain of includes: the same header missing in
			// another file of the package is another error, told apart
			// by the chain's last link.
			for _, l := range doc.short[f.start+1 : min(f.key, f.start+maxChainKey)] {
				part(l)
			}
		}
	}
	if f.fam == famJSON && strings.HasPrefix(doc.short[f.key], "{") {
		// A JSON record's other fields (the account, the request, the
		// time) tell two records with the same message apart, whatever
		// stamp a log writer put before it (svlogd's).
		part(doc.short[f.key])
	} else if len(f.detail) == 0 && strings.Contains(doc.short[f.key], "level=") {
		// A structured record's text is its message; its other fields
		// (the request, the panic) tell two records apart.
		part(doc.short[f.key])
	}
	if f.fam == famBanner {
		// A banner over a paragraph ("*** FATAL CONFIG FILE ERROR ***"
		// over the line it could not take) is told apart by the paragraph.
		for _, l := range doc.short[f.start:min(f.end+1, f.start+maxChainKey)] {
			part(l)
		}
	}
	if f.fam == famPrettyJSON {
		// An object printed over lines is told apart by all of it: the
		// same message at another place is another finding.
		for _, l := range doc.short[f.start:min(f.end+1, f.start+maxPrettyObject)] {
			part(l)
		}
	}
	if f.end > f.key+1 && len(f.detail) == 0 && isFrame(doc.short[f.key+1]) {
		// The same exception thrown from another place is another error:
		// its first frame tells.
		part(doc.short[f.key+1])
	}
	if proc != "" {
		// The same words from another process (another backend, another
		// worker) are another failure.
		part(proc)
	}
	if f.end > f.key+1 && len(f.detail) == 0 && strings.HasPrefix(doc.short[f.key+1], "Traceback (") {
		// A record that logged a traceback under the same words ("Error
		// handling request") is told apart by how its block ends: the
		// exception it logged.
		part(doc.short[f.end])
	}
	if c := lastCausedBy(doc.short, f.key, f.end); c != "" {
		// An exception whose chain ends in another cause is another
		// failure, whatever its head says ("nightly import aborted"
		// caused by a bad number, then by a missing file).
		part(c)
	}
	h := mh.Sum64()
	if k, ok := annotatedPlace(f.text); ok {
		if _, dup := s.places[k]; dup {
			return // a CI annotation of a diagnostic reported above, at its place, in its words
		}
		for j := f.end + 1; j < len(doc.short) && j <= f.end+maxAnnotationAhead; j++ {
			if p, ok := diagnosticPlace(strings.TrimSpace(doc.short[j])); ok && p == k {
				// ... or below: the tool's stderr drained after the
				// runner's stdout, which holds the annotations.
				return
			}
		}
	}
	if l := doc.lines[f.key]; strings.Contains(l, "vet: ") && strings.HasPrefix(stripPrefix(l), "vet: ") {
		file, line, msg, ok := diagnosticParts(f.text)
		if ok {
			if _, dup := s.runPlaces[placeHash(file, line, msg)]; dup {
				return // go vet's word on the compiler's diagnostic it printed above, in the same run
			}
		}
		if t := strings.TrimPrefix(f.text, "vet: "); t != f.text {
			file, line, _, ok = diagnosticParts(t)
		}
		if ok && s.framed {
			// (Unframed, the compiler's line may be go build's, run
			// before go vet: vet's word is its own run's error.)
			if _, dup := s.runPlaces[lineHash(file, line)]; dup {
				// ... or in go/types' words at the same line ("vet:
				// x.go:22:31: missing ',' before newline in argument list
				// (and 5 more errors)" under the compiler's "syntax error:
				// unexpected newline"): the package vet could not check.
				return
			}
		}
	}
	msg := annotationMessage(f.text)
	if msg == "" && f.fam == famJSON && lintTailRe.MatchString(f.text) {
		msg = f.text // golangci-lint's JSON issue after its text report: the same finding
	}
	if len(msg) >= minCause && len(s.seen) > 0 {
		var eh maphash.Hash
		eh.SetSeed(seenSeed)
		eh.WriteString(msg)
		if _, dup := s.seen[eh.Sum64()]; dup {
			return // a CI annotation of a diagnostic reported above, its place aside
		}
	}
	if _, dup := s.seen[h]; dup && !findingRow(f.text) && !stepVerdict(f.text) && f.fam != famGoTest && !(f.fam == famGoPanic && f.end > f.key) && !f.retried && !vitestCaught(doc.short[f.start]) {
		// (A linter's finding row names no file: the same row under
		// another file's header is another finding. go test prints a
		// test's failure once a run: again is another run, -count=2. The
		// Go runtime dumps a crash once a process: a dump again is
		// another process's, a supervisor's restart. A failure retried
		// again is another failure: a recap retries nothing. Vitest
		// prints each error it caught once: again is another.)
		return
	}
	if len(s.seen) < maxSeen {
		s.seen[h] = struct{}{}
		if n := diagnosticLen(f.text); n > 0 && n < len(f.text) {
			// The message without its place: a CI annotation that says it
			// again ("::error file=x.go,line=3::msg") restates it.
			var eh maphash.Hash
			eh.SetSeed(seenSeed)
			eh.WriteString(strings.TrimSpace(f.text[n:]))
			s.seen[eh.Sum64()] = struct{}{}
		}
		if file, line, msg, ok := diagnosticParts(f.text); ok && len(s.places) < maxSeen {
			k := placeHash(file, line, msg)
			if s.places == nil {
				s.places = map[uint64]struct{}{}
			}
			s.places[k] = struct{}{}
			if s.runPlaces == nil {
				s.runPlaces = map[uint64]struct{}{}
			}
			s.runPlaces[k] = struct{}{}
			s.runPlaces[lineHash(file, line)] = struct{}{}
		}
		if f.fam == famJSON {
			// A structured record's error field, said again on a line of
			// its own (errors.Join's lines under "x: 5 of 6 failed:"),
			// restates it.
			for k := strings.Index(f.text, ": "); k >= 0 && len(s.seen) < maxSeen; {
				var eh maphash.Hash
				eh.SetSeed(seenSeed)
				eh.WriteString(f.text[k+2:])
				s.seen[eh.Sum64()] = struct{}{}
				n := strings.Index(f.text[k+2:], ": ")
				if n < 0 {
					break
				}
				k += 2 + n
			}
		}
	}
	made := strings.Contains(f.text, ": *** ") && makeRe.MatchString(f.text)
	if made && len(s.seen) > 0 {
		// make gave up on a recipe: the next recipe (make -k) is another
		// command, and what it prints again is its own error.
		s.seen = map[uint64]struct{}{}
		s.runPlaces = nil
	}
	s.nErrs++
	s.segErrs++
	if s.recipeErrs++; made {
		s.recipeErrs = 0
	}
	if f.cat == "" && s.nErrs > 1 && s.lastErr == doc.base+f.start-1 && strings.Contains(doc.short[f.end], "CalledProcessError") && tracebackRe.MatchString(doc.short[f.start]) {
		// A parent's traceback that says only that the child right above
		// it failed: the child's complaint says why (a build's, that it
		// did not build, whatever its diagnostics were).
		f.cat = s.lastCat
		if strings.Contains(doc.short[f.end], "'build'") {
			f.cat = errkind.CategoryBuild
		}
	}
	s.lastErr = doc.base + f.end
	s.lastText = f.text
	s.named, s.counts, s.segNamed, s.segCounts = nil, nil, nil, nil // never reported now
	s.add(&s.errs, doc, f)
}

// maxRecap is the longest recap that is reported when a command's
// output has nothing else: longer lines are prose that names a failure.
const maxRecap = 200

// endCommand ends a command's output: when it had recaps and no error,
// they are its errors (the ones that name what failed, or else the
// counts). The output before the first prompt is no command's.
func (s *Stream) endCommand() {
	if s.segmented && s.segErrs == 0 {
		list := s.segNamed
		if len(list) == 0 {
			list = s.segCounts
		}
		for k, e := range list {
			if slices.ContainsFunc(list[:k], func(o Error) bool { return o.Text == e.Text }) || strings.Contains(e.Text, "`") || len(e.Text) > maxRecap {
				// A recap of its recaps ("Summary of non-successful
				// tests:"); prose that quotes a recap.
				continue
			}
			s.nErrs++
			s.listErr(&s.errs, e)
		}
		if len(list) > 0 {
			s.named, s.counts = nil, nil // never reported now
		}
	}
	s.segmented, s.segErrs, s.segNamed, s.segCounts = true, 0, nil, nil
	s.recipeErrs = 0
}

// jsonTwin reports whether a line is the JSON record another handler of
// the same logger wrote for the record whose text is t: its message field
// is what the record's text ends with ("msg": "partition x skipped").
func jsonTwin(l, t string) bool {
	l = strings.TrimSpace(l)
	if len(l) < 2 || l[0] != '{' || l[len(l)-1] != '}' {
		return false
	}
	m := jsonMsgRe.FindStringSubmatch(l)
	return m != nil && len(m[1]) >= 12 && strings.HasSuffix(strings.TrimSpace(t), m[1])
}

// jsonMsgRe is a JSON record's message field, without escapes.
var jsonMsgRe = regexp.MustCompile(`"(?:msg|message|event)": ?"([^"\\]*)"`)

// maxAnnotationAhead is how far below a CI annotation the diagnostic it
// restates is looked for.
const maxAnnotationAhead = 200

// maxChainKey is how many lines of a chain under a header tell it apart
// from another.
const maxChainKey = 8

// add records a finding in list, or only counts it past max_errors.
func (s *Stream) add(list *[]Error, doc *document, f finding) {
	e := s.d.record(doc, f, s.room())
	if list == &s.errs {
		s.lastCat = e.Category
	}
	s.listErr(list, e)
}

// room reports whether the report has room for another error or warning.
func (s *Stream) room() bool { return len(s.errs)+len(s.warns) < s.d.cfg.MaxErrors }

// listErr counts a recorded error and lists it, or only counts it past
// max_errors.
func (s *Stream) listErr(list *[]Error, e Error) {
	s.sum.count(e.Severity)
	if s.room() {
		*list = append(*list, e)
	} else {
		s.unlisted++
	}
}

func (sum *Summary) add(o Summary) {
	sum.Total += o.Total
	sum.Blocking += o.Blocking
	sum.High += o.High
	sum.Medium += o.Medium
	sum.Low += o.Low
}

func (sum *Summary) count(sev errkind.Severity) {
	sum.Total++
	switch sev {
	case errkind.SeverityBlocking:
		sum.Blocking++
	case errkind.SeverityHigh:
		sum.High++
	case errkind.SeverityMedium:
		sum.Medium++
	default:
		sum.Low++
	}
}

// Close ends the input and returns the report. Later calls return the
// same report.
func (s *Stream) Close() Report {
	if s.closed {
		return s.rep
	}
	if s.open || s.cr || len(s.pend) > 0 || s.pendCut > 0 {
		s.endLine()
	}
	s.advance(true)
	if s.segmented {
		s.endCommand()
	}
	s.closed = true
	list := append(s.errs, s.warns...)
	if s.nErrs == 0 {
		// Summaries are all there is to say: the ones naming what
		// failed, or else the counts.
		sums, sum := s.named, s.namedSum
		if sum.Total == 0 {
			sums, sum = s.counts, s.countsSum
		}
		room := max(0, s.d.cfg.MaxErrors-len(list))
		list = append(list, sums[:min(room, len(sums))]...)
		s.unlisted += sum.Total - min(room, len(sums))
		s.sum.add(sum)
	}
	// The lists are each in line order; a stable sort keeps an error
	// before a warning on the same line.
	slices.SortStableFunc(list, func(a, b Error) int { return a.LineNum - b.LineNum })
	if list == nil {
		list = []Error{}
	}
	s.rep = Report{Errors: list, Summary: s.sum, Unlisted: s.unlisted}
	s.doc = document{}
	return s.rep
}

// namedHeader reports whether line i of the window is only the name of a
// test a recap said failed, standing over its report: a blank or more
// indented line follows it.
func (s *Stream) namedHeader(i int) bool {
	doc := &s.doc
	t := strings.TrimSpace(doc.lines[i])
	if t == "" {
		return false
	}
	if _, ok := s.names[t]; !ok {
		return false
	}
	if i+1 >= len(doc.lines) {
		return false
	}
	next := doc.lines[i+1]
	return blank(next) || indentOf(next) > indentOf(doc.lines[i])
}

// failedName returns the test a recap line names as failed: "✘ [fail]:
// parses minutes" and "× parses minutes 6ms" name "parses minutes".
func failedName(t string) string {
	t = strings.TrimSpace(t)
	found := false
	for _, m := range []string{"✘", "✕", "✗", "×", "✖"} {
		if strings.HasPrefix(t, m) {
			t, found = strings.TrimSpace(t[len(m):]), true
			break
		}
	}
	if !found {
		return ""
	}
	t = strings.TrimSpace(strings.TrimPrefix(t, "[fail]:"))
	t = strings.TrimSpace(durationRe.ReplaceAllString(t, ""))
	if len(t) < 3 {
		return ""
	}
	return strings.Clone(t)
}

// durationRe is a test's time at the end of its recap line.
var durationRe = regexp.MustCompile(`\s*(?:\(\d+(?:\.\d+)? ?m?s\)|\d+(?:\.\d+)? ?m?s)$`)

// holdsBytes reports whether any word of the automaton occurs in b.
func holdsBytes(a *automaton, b []byte) bool {
	st := int32(0)
	for _, c := range b {
		if st = a.next[st+int32(a.class[c])]; st < 0 {
			return true
		}
	}
	return false
}

// headerOnly reports whether an error's first line only announces the
// lines under it: it ends with a colon, or holds no message after its
// program's prefix ("go: example.com/app imports").
func headerOnly(t string) bool {
	t = strings.TrimSpace(t)
	if strings.HasSuffix(t, ":") {
		return true
	}
	p := toolPrefix(t)
	return p != "" && !strings.Contains(t[len(p):], ": ")
}

// trailer reports whether a line only closes the error above it.
func trailer(l string) bool {
	if (strings.Contains(l, " FAILED") || strings.HasSuffix(l, " failed")) && stepFailedWordRe.MatchString(l) {
		return true // a script's word that its step failed
	}
	return len(l) > 10 && (strings.HasSuffix(l, " test failed") || strings.Contains(l, "Errors parsing ") ||
		strings.HasSuffix(l, "compilation terminated.") || strings.Contains(l, " returned non-zero ")) && trailerRe.MatchString(l)
}

// stepFailedWordRe is a script's word that a step failed, under what the
// step printed: "backup FAILED rc=1", "export FAILED", "notify failed".
var stepFailedWordRe = regexp.MustCompile(`^[\w.-]+ (?:FAILED|failed)(?: (?:rc|exit|status|code)=\d+)?$`)

// trailerRe is a line a program closes an error with, saying only that its
// check failed: nginx -t's, php -l's, gcc's after a fatal error.
var trailerRe = regexp.MustCompile(`^(?:[\w.-]+: )?(?:configuration file \S+ test failed|Errors parsing \S+|compilation terminated\.)$|^[\w.-]+:(?:ERROR|FATAL)? ?\S+ returned non-zero (?:return|exit) (?:code|status)\.$`)

// The sides of a box drawn around a diagnostic: "╷" opens it, "│ " starts
// each line inside it, "╵" closes it.
const (
	boxTop   = "╷"
	boxSide  = "│"
	boxFloor = "╵"
)

// box returns the first and last line of the box that holds line i.
func box(lines []string, i, floor, limit int) (start, end int, ok bool) {
	start, end = i, i
	for j := i - 1; j >= floor && j >= i-maxBlockScan; j-- {
		t := strings.TrimSpace(lines[j])
		if t == boxTop {
			start, ok = j, true
			break
		}
		if !strings.HasPrefix(t, boxSide) {
			break
		}
		start = j
	}
	if !ok {
		// Not a diagnostic's box (Terraform's opens with "╷"): a frame
		// around other output (Gemini CLI's tool box), whose errors are
		// found in it as anywhere else.
		return i, i, false
	}
	for j := i + 1; j <= limit; j++ {
		t := strings.TrimSpace(lines[j])
		if t == boxFloor {
			return start, j, true
		}
		if !strings.HasPrefix(t, boxSide) {
			break
		}
		end = j
	}
	return start, end, true
}

// maxAttempts is the most retried attempts read above a record that
// gives up.
const maxAttempts = 16

// attemptsAbove returns the first of the warning records right above the
// error record on line i that failed with the same cause, its err or error
// field (zap's {"level":"warn","msg":"retrying","error":"dial tcp ..."}
// over {"level":"error","msg":"giving up","error":"dial tcp ..."}): a
// retry's attempts and the record that gives up are one error, in JSON,
// logfmt (slog's, logrus's) or a console's layout (zerolog's "WRN ...
// error=..."). It returns i when there are none.
func attemptsAbove(doc *document, i, floor int) int {
	lines := doc.short
	start := i
	if cause := recordCause(lines[i]); len(cause) >= minCause {
		attempt := func(j int) bool { return warnRecord(lines[j]) && causedBy(cause, recordCause(lines[j])) }
		for j := i - 1; j >= floor && j >= i-maxAttempts*maxStackLines; j-- {
			if !attempt(j) {
				// One line of another stream between two attempts (a
				// client's answer, a shell's exit line) does not part
				// them; nor does the stack a development logger prints
				// under an attempt.
				if j-1 >= floor && !stampedOrRecord(lines[j]) && attempt(j-1) {
					continue
				}
				if k := stackAbove(lines, j, floor); k < j && k >= floor && attempt(k) {
					j = k + 1
					continue
				}
				break
			}
			start = j
		}
	} else if m := jsonMsg(lines[i]); m != "" && i-1 >= floor {
		// A JSON layout's with no error field: the attempts' messages end
		// in the giving-up record's cause ("attempt 2: redis not ready:
		// dial tcp x: connection refused" over "giving up on redis: dial
		// tcp x: connection refused").
		for j := i - 1; j >= floor && j >= i-maxAttempts; j-- {
			a := jsonMsg(lines[j])
			if a == "" || !warnRecord(lines[j]) || !sameCause(a, m) && !retriedCause(a, m) {
				break
			}
			start = j
		}
	} else if raw := doc.lines[i]; i-1 >= floor && !strings.HasPrefix(lines[i], "{") && lineLevel(doc.lines[i-1], lines[i-1]) == levelWarn && lineLevel(raw, lines[i]) == levelError && !strings.Contains(lines[i], nginxContext) {
		// (nginx's records on a request each say their own: the fields
		// they end alike in are the request's, no cause.)
		//
		// A text layout's: the attempts' messages end in the error's
		// cause from a ": " on, their prefixes alike but for digits
		// ("WARNING:relay:attempt 2: upstream x not ready: [Errno 111]
		// Connection refused" over "ERROR:relay:giving up on x: [Errno
		// 111] Connection refused").
		shape := levelless(digitless(raw[:len(raw)-len(lines[i])]))
		for j := i - 1; j >= floor && j >= i-maxAttempts; j-- {
			r := doc.lines[j]
			if len(r) < len(lines[j]) || lineLevel(r, lines[j]) != levelWarn || levelless(digitless(r[:len(r)-len(lines[j])])) != shape || !sameCause(lines[j], lines[i]) && !retriedCause(lines[j], lines[i]) {
				break
			}
			start = j
		}
	}
	if start == i && i-1 >= floor && textLevel(lines[i-1]) <= levelWarn {
		// A record that logged the error in its err field right above
		// the record that gives up with it as its whole message (log's
		// "parsed 0 spans err=x: bad" over "x: bad" and then exit).
		c := recordCause(lines[i-1])
		if k := strings.Index(lines[i-1], " err="); c == "" && k > 0 {
			c = lines[i-1][k+len(" err="):] // unquoted, to the end ("%v err=%v")
		}
		if len(c) >= minCause && c == strings.TrimSpace(lines[i]) {
			start = i - 1
		}
	}
	return start
}

// maxCausedByScan is how many lines of a block lastCausedBy reads.
const maxCausedByScan = 400

// lastCausedBy returns the last "Caused by: " line of the block key..end
// (a Java exception's root cause), or "".
func lastCausedBy(lines []string, key, end int) string {
	for j := min(end, key+maxCausedByScan); j > key; j-- {
		if t := strings.TrimSpace(lines[j]); strings.HasPrefix(t, "Caused by: ") {
			return t
		}
	}
	return ""
}

// maxRustTestScan is how far from a test's panic its libtest result line
// and the run's result are looked for.
const maxRustTestScan = 400

// rustTestPassed reports whether the panic on line i ("thread
// 'tests::x' (123) panicked at ...") is a libtest test's that passed: the
// run says "test result: ok." before or after it (stdout and stderr
// apart) within reach, and neither a FAILED result nor "test tests::x ...
// FAILED".
func rustTestPassed(lines []string, i int) bool {
	t := lines[i]
	if !strings.HasPrefix(t, "thread '") {
		return false
	}
	name, _, ok := strings.Cut(t[len("thread '"):], "'")
	if !ok || !strings.Contains(name, "::") {
		return false // a test's thread is named after the test's path
	}
	passed := false
	for j := max(0, i-maxRustTestScan); j < len(lines) && j <= i+maxRustTestScan; j++ {
		l := lines[j]
		if !strings.HasPrefix(l, "test ") {
			continue
		}
		switch {
		case strings.HasPrefix(l, "test "+name+" "):
			if strings.Contains(l, "FAILED") {
				return false
			}
		case strings.HasPrefix(l, "test result: ok."):
			passed = true
		case strings.HasPrefix(l, "test result: FAILED."):
			return false
		}
	}
	return passed
}

// recordCause returns a structured record's err or error field: logfmt's
// or JSON's.
func recordCause(l string) string {
	if k := strings.LastIndex(l, "\t{\""); k > 0 && strings.HasSuffix(l, "}") {
		l = l[k+1:] // zap's console layout: the fields as a JSON object after a tab
	}
	if strings.HasPrefix(l, "{") {
		if !strings.Contains(l, `"err`) {
			return "" // (no "error" or "err" field to read: no parse)
		}
		var obj map[string]any
		if len(l) > maxToolOutput || json.Unmarshal([]byte(l), &obj) != nil {
			return ""
		}
		if e := errorValue(obj["error"]); e != "" {
			return e
		}
		return errorValue(obj["err"])
	}
	return errField(l)
}

// jsonMsg returns a JSON record's message ("msg" or "message"), or "".
func jsonMsg(l string) string {
	if !strings.HasPrefix(l, "{") || !strings.Contains(l, `"msg"`) && !strings.Contains(l, `"message"`) {
		return ""
	}
	m := jsonMsgRe.FindStringSubmatch(l)
	if m == nil {
		return ""
	}
	return m[1]
}

// warnRecord reports whether a record is at the warning level: JSON's,
// logfmt's or a console's level word.
func warnRecord(l string) bool {
	if strings.Contains(l, `"level":"warn"`) || strings.Contains(l, `"level":"WARN"`) || strings.Contains(l, `"level":"warning"`) || strings.Contains(l, `"level":40`) {
		return true
	}
	return !strings.HasPrefix(l, "{") && textLevel(l) == levelWarn
}

// levelless returns a record's prefix without the level words in it:
// the shape the records of one logger share whatever their levels
// ("WARNING " and "ERROR " before "notify: ...").
func levelless(prefix string) string {
	f := strings.FieldsFunc(prefix, func(r rune) bool { return r == ' ' || r == '\t' || r == '[' || r == ']' || r == ':' })
	out := f[:0]
	for _, w := range f {
		if _, ok := levelWords[strings.ToLower(w)]; !ok {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// sameShape reports whether lines i and j are records of one logger:
// their prefixes, to the first ": ", alike but for digits (a stamp's, a
// pid's): "2026/11/23 22:15:52 [emerg] 29476#29476: " on both, or
// "nginx: " on both.
func sameShape(doc *document, i, j int) bool {
	a, b := doc.lines[i], doc.lines[j]
	ka, kb := strings.Index(a, ": "), strings.Index(b, ": ")
	if ka < 0 || kb < 0 || ka > 80 || kb > 80 {
		return false
	}
	return digitless(a[:ka]) == digitless(b[:kb])
}

// httpStatusLine reports whether t is an HTTP status code at error's on a
// line of its own, as curl -w '%{http_code}' prints it after a body ("
// 502", "[422]").
func httpStatusLine(t string) bool {
	t = strings.TrimSpace(t)
	if len(t) == 5 && t[0] == '[' && t[4] == ']' {
		t = t[1:4]
	}
	return len(t) == 3 && (t[0] == '4' || t[0] == '5') && isDigit(t[1]) && isDigit(t[2])
}

// maxStackLines is the most lines of a logged stack read over above a
// record.
const maxStackLines = 40

// causedBy reports whether an attempt that failed with cause c is one of
// the tries of the error that gave up with cause final: the same cause,
// or final wraps it ("reserve x: giving up after 3 attempts: <c>").
func causedBy(final, c string) bool {
	return c != "" && (c == final || len(c) >= minCause && strings.HasSuffix(final, ": "+c))
}

// stackAbove returns the line above the Go stack that ends on line j, a
// development logger's under its record ("main.main" over its tab-indented
// file line, again), or j when line j ends no such stack.
func stackAbove(lines []string, j, floor int) int {
	k := j
	for k-1 >= floor && k > j-maxStackLines && strings.HasPrefix(lines[k], "\t") && strings.Contains(lines[k], ".go:") && goFuncLine(lines[k-1]) {
		k -= 2
	}
	return k
}

// stampedOrRecord reports whether l is a log record of its own: a JSON
// record with a level, a logfmt record, a stamped line.
func stampedOrRecord(l string) bool {
	if strings.HasPrefix(l, "{") {
		return strings.Contains(l, `"level"`) || strings.Contains(l, `"severity"`)
	}
	if strings.Contains(l, "level=") {
		return true
	}
	_, stamped := recordPrefix(l)
	return stamped
}

// lineLevel returns the level a record names, read without its prefix
// (short) or with it: "WARNING notify: x", "[sync] ERROR x" (a tag
// before the level).
func lineLevel(raw, short string) int {
	if lv := textLevel(short); lv != levelNone {
		return lv
	}
	if lv := textLevel(raw); lv != levelNone {
		return lv
	}
	if k := namesBeforeLevel(raw); k > 0 {
		lv, _ := headLevel(raw[k:])
		return lv
	}
	return levelNone
}

// retryTail returns the end of the block from start to end, taken on
// over a retry loop that fails the same way again and then gives up: the
// warnings that count the attempts ("::warning::service not ready
// (attempt 2/4)"), the same failure again (its lines alike but for
// digits), to the line that gives up ("::error::gave up waiting for x
// after 4 attempts"), which the block takes. Without such a line the
// block is left as it was: a loop that succeeds retried nothing.
func retryTail(doc *document, start, end, limit int) int {
	if n := end + 1; n > limit || !attemptLine(doc, n) {
		return end // (no warning that counts an attempt follows it: no loop retried it)
	}
	if givesUp(doc.short[start]) {
		return end // it gave up: the attempts were before it
	}
	from := max(start-2, 0) // the block's lines, and two above: a trace's
	retried := false
	for k := end + 1; k <= limit && k <= end+maxBlockScan; k++ {
		l := doc.short[k]
		t := strings.TrimSpace(l)
		switch {
		case t == "" || commandStart(doc.lines[k]) || promptLike(l) || groupMarker(t):
			return end
		case givesUp(t):
			if retried {
				return k
			}
			return end
		case attemptLine(doc, k):
		default:
			again := false
			for j := from; j <= end && !again; j++ {
				if sameButDigits(t, strings.TrimSpace(doc.short[j])) {
					again = true
					retried = retried || j >= start && doc.cand[j] // (the same failure, not only its trace)
				}
			}
			if !again {
				return end
			}
		}
	}
	return end
}

// recoveredAttempt reports whether line i is a failed attempt that a
// later attempt of the same retry recovered: curl --retry's complaint with
// its "Will retry" warnings, whose attempts end in no complaint; a
// numbered attempt ("healthcheck: attempt 1/4: ... refused") whose next
// attempt says no failure ("attempt 2/4: ... -> 200").
func recoveredAttempt(lines []string, i int) bool {
	l := lines[i]
	if strings.HasPrefix(l, "curl: (") && (i+1 < len(lines) && lines[i+1] == l || i > 0 && lines[i-1] == l) {
		// curl -sS --retry: the same complaint once an attempt, then the
		// body when an attempt got through ('{"id":1}').
		j := i + 1
		for j < len(lines) && lines[j] == l {
			j++
		}
		return j < len(lines) && responseBody(lines[j])
	}
	if strings.HasPrefix(l, "curl: (") && i+1 < len(lines) && strings.Contains(lines[i+1], "Will retry in ") {
		for j := i + 1; j < len(lines) && j <= i+maxRetryScan; j++ {
			t := lines[j]
			switch {
			case strings.HasPrefix(t, "Warning: "):
			case strings.HasPrefix(t, "curl: ("):
				if j+1 >= len(lines) || !strings.Contains(lines[j+1], "Will retry in ") {
					return false // it gave up: the last attempt's complaint is the error
				}
			default:
				return !blank(t) && !promptLike(t) && !exitLineFailed(t)
			}
		}
		return false
	}
	if !strings.Contains(l, "attempt ") {
		return false
	}
	m := attemptNumRe.FindStringSubmatchIndex(l)
	if m == nil {
		return false
	}
	k, _ := strconv.Atoi(l[m[2]:m[3]])
	n, _ := strconv.Atoi(l[m[4]:m[5]])
	if k >= n {
		return false
	}
	key := firstFields(l, 2) // the loop's program and subject ("wait-for: 127.0.0.1:19567")
	for j := i + 1; j < len(lines) && j <= i+maxRetryScan*n; j++ {
		t := lines[j]
		if !strings.HasPrefix(t, key) || !strings.Contains(t, "attempt ") {
			continue
		}
		mm := attemptNumRe.FindStringSubmatch(t)
		if mm == nil || mm[2] != l[m[4]:m[5]] {
			continue
		}
		if k2, _ := strconv.Atoi(mm[1]); k2 <= k {
			return false // the loop started again: this attempt's run gave up
		}
		if !failureWordRe.MatchString(t[len(key):]) && passedWordRe.MatchString(t[len(key):]) {
			return true // a later attempt passed
		}
	}
	return false
}

// firstFields returns l up to the end of its n-th space-separated field.
func firstFields(l string, n int) string {
	k := 0
	for f := 0; f < n; f++ {
		for k < len(l) && l[k] == ' ' {
			k++
		}
		for k < len(l) && l[k] != ' ' {
			k++
		}
	}
	return l[:k]
}

// maxRetryScan is how far below a failed attempt the next is looked for.
const maxRetryScan = 12

// attemptNumRe is a numbered attempt of a known count: "attempt 1/4".
var attemptNumRe = regexp.MustCompile(`\battempt (\d+)/(\d+)\b`)

// passedWordRe is a word that says an attempt passed.
var passedWordRe = regexp.MustCompile(`(?i)\b(?:ok|passed|succeeded|success|healthy|ready|live|up)\b|-> 2\d\d\b|\b200 OK\b`)

// failureWordRe is a word that says an attempt failed.
var failureWordRe = regexp.MustCompile(`(?i)\b(?:fail(?:ed|ure)?|error|refused|timed? ?out|unreachable|denied|reset|unavailable|giving up|gave up)\b|\b[45]\d\d\b`)

// responseBody reports whether l starts a response's body: a JSON value or
// markup (not a harness's "[exit N]" line).
func responseBody(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && (t[0] == '{' || t[0] == '<' || t[0] == '[' && !strings.HasPrefix(t, "[exit ")) && !failureWordRe.MatchString(t)
}

// exitLineFailed reports whether l is a harness's exit line for a failed
// command: "[exit 7]".
func exitLineFailed(l string) bool {
	return strings.HasPrefix(l, "[exit ") && l != "[exit 0]"
}

// attemptsConcluded returns end+1 when the block ending on line end ends
// in a numbered attempt at something that failed ("health: attempt 4/4
// failed: ...") and the line under it says the thing failed
// ("deploy: ERROR v1.5.0 failed its health check; rolling back"): the
// script's conclusion on the attempts. Else end.
func attemptsConcluded(lines []string, end int) int {
	n := end + 1
	if n >= len(lines) {
		return end
	}
	if !strings.Contains(lines[end], ": attempt ") {
		return end
	}
	m := attemptSubjectRe.FindStringSubmatch(strings.TrimSpace(lines[end]))
	if m == nil {
		return end
	}
	t := strings.ToLower(lines[n])
	if (strings.Contains(t, "fail") || strings.Contains(t, "gave up") || strings.Contains(t, "giving up")) && strings.Contains(t, strings.ToLower(m[1])) && !promptLike(lines[n]) {
		return n
	}
	return end
}

// attemptSubjectRe is a numbered attempt at something, failed: "health:
// attempt 4/4 failed: ..."; its subject is the first group.
var attemptSubjectRe = regexp.MustCompile(`^(?:\S+ )?([A-Za-z][\w-]{2,}): attempt \d+(?:/\d+)? failed\b`)

// sameButDigits reports whether a and b are the same but for their
// digits: the same line of a run at another time, another attempt.
func sameButDigits(a, b string) bool {
	i, j := 0, 0
	for {
		for i < len(a) && isDigit(a[i]) {
			i++
		}
		for j < len(b) && isDigit(b[j]) {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if a[i] != b[j] {
			return false
		}
		i++
		j++
	}
}

// attemptLine reports whether line k of the window is a retry loop's
// warning that counts an attempt ("::warning::service not ready (attempt
// 2/4)", "WARN attempt 2: ...").
func attemptLine(doc *document, k int) bool {
	t := strings.TrimSpace(doc.short[k])
	return mentionsAttempt(t) && (strings.HasPrefix(t, "::warning") || lineLevel(doc.lines[k], doc.short[k]) == levelWarn)
}

// mentionsAttempt reports whether t names a retry's try: its words are
// looked for before the expression runs.
func mentionsAttempt(t string) bool {
	return (strings.Contains(t, "ttempt") || strings.Contains(t, "TTEMPT") || strings.Contains(t, "try") || strings.Contains(t, "TRY") || strings.Contains(t, "etry") || strings.Contains(t, "ETRY")) &&
		attemptWordRe.MatchString(t)
}

// minRetriedCause is the shortest cause that ties an attempt to the
// record that gives up when both say so in their words.
const minRetriedCause = 8

// retriedCause reports whether the warning a names an attempt and the
// error b gives up after attempts, both ending in the same cause from a
// ": " on, shorter than sameCause asks for ("attempt 1/3 on ev.db:
// database is locked" over "giving up on ev.db after 3 attempts: database
// is locked").
func retriedCause(a, b string) bool {
	if !mentionsAttempt(a) || !givesUpRe.MatchString(b) {
		return false
	}
	k := strings.LastIndex(b, ": ")
	a = strings.TrimRight(a, " \r")
	if m := retryingInRe.FindStringIndex(a); m != nil {
		a = a[:m[0]] // the attempt's word on its next try: "...; retrying in 2s"
	}
	return k >= 0 && len(b)-k-2 >= minRetriedCause && strings.HasSuffix(a, strings.TrimRight(b[k:], " \r"))
}

// retryingInRe is what an attempt's record ends with about the next try:
// "; retrying in 2s", ", retry in 500ms", " (retrying in 1s)".
var retryingInRe = regexp.MustCompile(`(?:[;,] | \()(?:retrying|retry|trying again|next attempt) in \d+(?:\.\d+)?\s*(?:ms|s|sec|seconds?|m)\)?\.?$`)

// attemptWordRe is a retry's word for one try, in a loop's warning.
var attemptWordRe = regexp.MustCompile(`(?i)\b(?:attempt|retry|retrying|try)\b`)

// givesUpRe is a retry loop's last word: it stopped trying.
var givesUpRe = regexp.MustCompile(`(?i)\b(?:gave up|giving up|give up)\b|\bafter \d+ (?:attempts|tries|retries)\b`)

// stillFailsRe is a program's last word after its retries that says only
// that it still failed: nginx's "still could not bind()".
var stillFailsRe = regexp.MustCompile(`\bstill (?:could not|cannot|can't|unable to)\b`)

// givesUp reports whether t says a retry loop stopped trying.
func givesUp(t string) bool {
	return (strings.Contains(t, "up") || strings.Contains(t, "after ")) && givesUpRe.MatchString(t)
}

// groupMarker reports whether t opens or closes a CI log's group or
// section ("##[group]Run x", "::endgroup::", "section_end:").
func groupMarker(t string) bool {
	return strings.HasPrefix(t, "##[group]") || strings.HasPrefix(t, "##[endgroup]") || strings.HasPrefix(t, "::group::") || strings.HasPrefix(t, "::endgroup::") || strings.HasPrefix(t, "section_")
}

// maxJoinedItems is the most lines of one joined error read above.
const maxJoinedItems = 8

// joinedRecordAbove returns the first line of the Go log record that line
// i goes on, when line i is an item of a joined error it printed on lines
// of their own: "2026/11/23 07:00:00 config: port must be set" over
// "config: timeout "5x": invalid duration" (both "config: "). It returns i
// when line i starts no such item.
func joinedRecordAbove(lines []string, i, floor int) int {
	p := toolPrefix(lines[i])
	if p == "" || goDate(lines[i]) {
		return i
	}
	for j := i - 1; j >= floor && j >= i-maxJoinedItems; j-- {
		l := lines[j]
		if strings.HasPrefix(l, p) {
			continue // another item
		}
		if goDate(l) {
			if n, _ := recordPrefix(l); strings.HasPrefix(l[n:], p) {
				return j
			}
		}
		break
	}
	return i
}

// turnEnd returns the end of a block that starts on line i and ends on
// line end, cut short where a transcript moves on: an agent's turn at the
// margin ("● The output was cut; let me see the rest", "⏺ Bash(...)", a
// Codex cell), or Claude Code's fold of the rest of a tool's output ("…
// +10 lines (ctrl+r to expand)"), which stands for lines the error may
// have had but shows none of them.
func turnEnd(doc *document, i, end int) int {
	for j := i + 1; j <= end; j++ {
		l := doc.lines[j]
		if strings.HasPrefix(l, "● ") || strings.HasPrefix(l, "⏺ ") || strings.HasPrefix(l, "• ") && codexCell(l) || foldLine(doc.short[j]) {
			end = j - 1
			for end > i && blank(doc.lines[end]) {
				end--
			}
			break
		}
	}
	return end
}

// foldLine reports whether t is Claude Code's fold of the rest of a tool's
// output: "… +10 lines (ctrl+r to expand)".
func foldLine(t string) bool {
	t = strings.TrimSpace(t)
	if !strings.HasPrefix(t, "… +") || !strings.HasSuffix(t, " to expand)") {
		return false
	}
	t = t[len("… +"):]
	n := 0
	for n < len(t) && isDigit(t[n]) {
		n++
	}
	return n > 0 && strings.HasPrefix(t[n:], " lines (")
}

// toolOutputMark opens a tool's output in Claude Code's transcript.
const toolOutputMark = "⎿"

// codexOutputMark opens a command's output under its cell in Codex's TUI.
const codexOutputMark = "└"

// codexCell reports whether a line heads a cell of Codex's TUI that
// shows a command: "• Ran go test ./...", "• Running ...".
func codexCell(l string) bool {
	t := strings.TrimLeft(l, " ")
	return strings.HasPrefix(t, "• Ran ") || strings.HasPrefix(t, "• Running ") || strings.HasPrefix(t, "✗ Ran ") || strings.HasPrefix(t, "✓ Ran ")
}

// ungutter returns a line of a Claude Code transcript without the margin
// of the tool output it belongs to, so that the output is read as the
// tool printed it: "  ⎿  Error: --- FAIL: TestAdd" is "--- FAIL: TestAdd"
// (the "Error: " says only that the tool failed), and the lines under it,
// indented to the output's column, lose that indentation.
func (s *Stream) ungutter(short, prev string) string {
	sp := 0
	for sp < len(short) && short[sp] == ' ' {
		sp++
	}
	mark := ""
	switch {
	case strings.HasPrefix(short[sp:], toolOutputMark):
		mark = toolOutputMark
	case strings.HasPrefix(short[sp:], codexOutputMark) && codexCell(prev):
		// Codex's TUI: "• Ran go test ./..." over "  └ " and the
		// output, four columns in.
		mark = codexOutputMark
	}
	if mark != "" {
		rest := short[sp+len(mark):]
		k := 0
		for k < len(rest) && k < 3 && rest[k] == ' ' {
			k++
		}
		s.gutter = sp + 1 + k // columns: the mark is one
		rest = rest[k:]
		if t := strings.TrimPrefix(rest, "Error: "); t != rest && strings.TrimSpace(t) != "" {
			rest = t
		}
		return rest
	}
	if s.gutter == 0 {
		return short
	}
	if sp >= s.gutter {
		return short[s.gutter:]
	}
	if sp < len(short) {
		s.gutter = 0 // the transcript goes on: the output has ended
	}
	return short
}

// maxWSTags is the most workspace prefixes a stream learns.
const maxWSTags = 64

// workspaceBody returns what a line says without the prefix a workspace
// runner tags it with, and with the thin spaces of a runner's badge ("
// ERROR ") read as spaces: the rules read a package's output as its tool
// printed it. A runner's line that starts a script teaches its prefix:
// pnpm's "packages/api test$ node --test" (then "packages/api test: ..."),
// turbo's "@shop/api:build: cache miss, executing 5d2c".
func (s *Stream) workspaceBody(line string) string {
	for _, t := range s.wsTags {
		if strings.HasPrefix(line, t) {
			line = line[len(t):]
			break
		}
	}
	if t := workspaceTag(line); t != "" && len(s.wsTags) < maxWSTags-1 && !slices.Contains(s.wsTags, t) {
		s.wsTags = append(s.wsTags, t)
		if k := strings.LastIndexByte(t[:len(t)-2], ':'); k > 0 && !strings.Contains(t[:len(t)-2], " ") {
			// turbo tags its own lines about the task "<package>#<task>: "
			s.wsTags = append(s.wsTags, t[:k]+"#"+t[k+1:])
		}
	}
	if strings.Contains(line, "\u2009") {
		line = strings.ReplaceAll(line, "\u2009", " ")
	}
	return line
}

// workspaceTag returns the prefix a workspace runner tags a script's
// lines with when line is the runner's line that starts the script, or "".
func workspaceTag(line string) string {
	if k := strings.IndexByte(line, '$'); k > 2 && k < 160 && k+1 < len(line) && line[k+1] == ' ' {
		// pnpm: "<dir> <script>$ <command>"
		head := line[:k]
		sp := strings.IndexByte(head, ' ')
		if sp > 0 && sp+1 < len(head) && strings.IndexByte(head[sp+1:], ' ') < 0 && tagWord(head[:sp]) && tagWord(head[sp+1:]) {
			return head + ": "
		}
		return ""
	}
	// turbo: "<package>:<task>: cache miss, executing <hash>": the first
	// word ends with a colon and "cache" follows it.
	sp := strings.IndexByte(line[:min(len(line), 160)], ' ')
	if sp < 4 || line[sp-1] != ':' || !strings.HasPrefix(line[sp+1:], "cache ") {
		return ""
	}
	k := sp - 1
	rest := line[sp+1+len("cache "):]
	if strings.IndexByte(line[:k], ':') > 0 && tagWord(line[:k]) && (strings.HasPrefix(rest, "miss") || strings.HasPrefix(rest, "hit") || strings.HasPrefix(rest, "bypass")) {
		return line[:k] + ": "
	}
	return ""
}

// tagWord reports whether s is a word a workspace prefix is made of: a
// package's name or directory, a script's name.
func tagWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || strings.IndexByte("@/._:-", c) >= 0) {
			return false
		}
	}
	return s != ""
}

// taskTagged returns a line without the tag of the build task that
// printed it, as Ant indents it ("    [javac] X.java:14: error: ';'
// expected"), so that the task's output is read as the tool printed it.
// A level in brackets ("[error]") is a record's, not a task's.
func taskTagged(short string) string {
	sp := 0
	for sp < len(short) && short[sp] == ' ' {
		sp++
	}
	if sp == 0 || sp+3 >= len(short) || short[sp] != '[' || short[sp+1] < 'a' || short[sp+1] > 'z' {
		return short
	}
	k := strings.IndexByte(short[sp:min(len(short), sp+24)], ']')
	if k < 0 || sp+k+1 >= len(short) || short[sp+k+1] != ' ' {
		return short
	}
	name := short[sp+1 : sp+k]
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return short
		}
	}
	if levelField(name) {
		return short
	}
	return short[sp+k+2:]
}

// stepVerdict reports whether a line is a runner's verdict on a step
// ("##[error]Process completed with exit code 1.", make's "*** [x] Error
// 1"): the same words for another step are another failure, not a
// restatement.
func stepVerdict(t string) bool {
	return strings.HasPrefix(t, "##[error]") || strings.HasPrefix(t, "ERROR: Job failed: ") || strings.HasPrefix(t, "ELIFECYCLE ") || strings.HasPrefix(t, "[ELIFECYCLE] ") || strings.HasPrefix(t, "Process completed with exit code ") || strings.HasPrefix(t, "🚨 Error: The command exited with status ") || strings.Contains(t, ": *** ")
}

// maxWrapPad is the most padding a line of a box can have and still be
// one its tool wrapped: it wraps between words, short of the side.
const maxWrapPad = 4

// commandStart reports whether a line starts another command's output in
// a transcript: a shell prompt, an agent's tool call (Claude Code's "⏺",
// a Gemini CLI box, aider's "> Running", Codex's "exec", a stream-json
// tool_use event).
func commandStart(l string) bool {
	if l == "" {
		return false
	}
	switch l[0] {
	case '$':
		return strings.HasPrefix(l, "$ ")
	case '>':
		return strings.HasPrefix(l, "> Running ") || strings.HasPrefix(l, "> /run ") || strings.HasPrefix(l, "> /test ")
	case '[':
		return strings.Contains(l, "] exec ")
	case '{':
		return strings.Contains(l, `"tool_use"`)
	}
	k := 0
	for k < len(l) && k < 8 && l[k] == ' ' {
		k++
	}
	if k == len(l) || l[k] != 0xe2 {
		return false // "╭" and "⏺" start with the byte 0xe2
	}
	return strings.HasPrefix(l[k:], "╭") || strings.HasPrefix(l[k:], "⏺ ") ||
		strings.HasPrefix(l[k:], "● ") && toolCallRe.MatchString(l[k+len("● "):])
}

// toolTitle reports whether a box's line is the title an agent's tool box
// opens with: its status mark and the tool's name ("✔  Shell go test").
func toolTitle(t string) bool {
	for _, m := range [...]string{"✔ ", "✓ ", "✗ ", "✘ ", "x ", "⊷ ", "? ", "o "} {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}

// errorSince reports whether an error's block ended on line i or after.
func (s *Stream) errorSince(doc *document, i int) bool {
	return s.nErrs > 0 && s.lastErr >= doc.base+i
}

// linkerSymbolRe is the Go linker's complaint about a symbol: its
// package-qualified name, a colon, the message.
var linkerSymbolRe = regexp.MustCompile(`^[\w.-]+(?:/[\w.-]+)*\.[\w·.$()*-]+: [a-z]`)

// linkerComplaint reports whether t is shaped as the Go linker's
// complaint about a symbol (not a diagnostic at a file's place).
func linkerComplaint(t string) bool {
	return strings.IndexByte(t, '.') > 0 && !diagnosticStart(t) && linkerSymbolRe.MatchString(t)
}

// goPackageFailed reports whether t is go test's row for a package whose
// tests failed: "FAIL\tpkg\t0.003s".
func goPackageFailed(t string) bool {
	f := strings.Fields(t)
	return len(f) == 3 && f[0] == "FAIL" && strings.HasPrefix(t, "FAIL\t") && strings.HasSuffix(f[2], "s") && len(f[2]) > 1 && isDigit(f[2][0])
}

// goPackageStart returns the first line of a go test package's output
// ending at its row on line i: the line after the row of the package
// before it, or after the command's prompt.
func goPackageStart(lines []string, i int) int {
	for j := i - 1; j >= 0 && j >= i-maxBuildOutputScan; j-- {
		l := lines[j]
		if commandStart(l) || strings.HasPrefix(l, "ok  \t") || strings.HasPrefix(l, "?   \t") || strings.HasPrefix(l, "FAIL\t") {
			return j + 1
		}
	}
	return max(0, i-maxBuildOutputScan)
}

// testWordRe is a recap's word that it counts tests.
var testWordRe = regexp.MustCompile(`(?i)\b(?:tests?|specs?|suites?|examples?|assertions?|passed|passing|failing|failures?)\b|\bfailed\b.*\b(?:of|passed)\b`)

// goPackageHead reports whether l is the go command's "package
// example.com/x" over an indented error about the package.
func goPackageHead(l string) bool {
	p, ok := strings.CutPrefix(l, "package ")
	return ok && !strings.Contains(p, " ") && importPath(p)
}

// underGoHeader reports whether line i is what a tool printed right under
// the go command's "# pkg" header, not a compiler's diagnostic with its
// place.
func underGoHeader(doc *document, i int) bool {
	return i > 0 && !doc.diff[i] && !doc.quoted[i] && goHeaderLine(doc.short[i-1]) && !shapes.res[rPosError].MatchString(strings.TrimPrefix(doc.short[i], "vet: "))
}

// toolDiagnostic returns the length of a tool's name and its colon before
// a diagnostic at a place ("wire: /x/wire.go:7:1: ..."), or 0.
func toolDiagnostic(s string) int {
	k := strings.Index(s[:min(len(s), 18)], ": ")
	if k < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0
	}
	for i := 1; i < k; i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || isDigit(c) || c == '-' || c == '_') {
			return 0
		}
	}
	if !diagnosticStart(s[k+2:]) {
		return 0
	}
	return k + 2
}

// unblankedPlace returns the length of a diagnostic's place that no blank
// follows ("x.proto:8:3:" in "x.proto:8:3:cannot ..."), or 0.
func unblankedPlace(s string) int {
	k := diagnosticLen(s)
	if k == 0 || s[k-1] != ':' {
		return 0
	}
	return k
}

// subtestsReported reports whether go test's "--- FAIL: TestX" on line i
// has its subtests' results indented under it, and nothing else.
func subtestsReported(lines []string, i int) bool {
	in := indentOf(lines[i])
	n := 0
	for j := i + 1; j < len(lines) && indentOf(lines[j]) > in; j++ {
		if !strings.HasPrefix(strings.TrimLeft(lines[j], " "), "--- ") {
			return false
		}
		n++
	}
	return n > 0
}

// bareSubtestResult reports whether line i is go test's "--- FAIL:
// TestX/sub" with nothing of its own under it.
func bareSubtestResult(lines []string, i int) bool {
	name := failedTestName(lines[i])
	return strings.Contains(name, "/") && (i+1 >= len(lines) || indentOf(lines[i+1]) <= indentOf(lines[i]))
}

// goRunOf returns the line of the "=== RUN" of the test whose "--- FAIL"
// is on line i, or i.
func goRunOf(lines []string, i int) int {
	name := failedTestName(lines[i])
	if name == "" {
		return i
	}
	for j := i - 1; j >= 0 && j >= i-maxBlockScan && !promptLike(lines[j]); j-- {
		if m := goRunRe.FindStringSubmatch(lines[j]); m != nil && m[1] == name {
			return j
		}
	}
	return i
}

// maxEmbeddedLines bounds the lines embeddedPlaceLines takes.
const maxEmbeddedLines = 100

// embeddedPlaceLines returns the end of the block of the error on line i
// that ends on line end, extended over the lines right under it that are
// diagnostics in the file the error's chain names at a place ("...: load
// package: /x/store.go:18:62: missing ','"): the rest of
// the parser's message (mockgen prints every parse error of the source
// it loaded).
func embeddedPlaceLines(lines []string, i, end int) int {
	if end != i || !strings.Contains(lines[i], ": ") {
		return end
	}
	l := lines[i]
	place := ""
	for k := strings.Index(l, ": "); k >= 0 && k+2 < len(l); {
		if n := diagnosticLen(l[k+2:]); n > 0 {
			place = l[k+2 : k+2+strings.IndexByte(l[k+2:], ':')]
			break
		}
		j := strings.Index(l[k+2:], ": ")
		if j < 0 {
			break
		}
		k += 2 + j
	}
	if place == "" || strings.HasPrefix(l, place) || !strings.Contains(place, ".") {
		return end
	}
	p := place + ":"
	for j := end + 1; j < len(lines) && j <= i+maxEmbeddedLines && strings.HasPrefix(lines[j], p); j++ {
		end = j
	}
	return end
}

// countedRe is a checker's count of the errors it found:
// editorconfig-checker's "5 errors found".
var countedRe = regexp.MustCompile(`^([1-9]\d{0,3}) errors? found\.?$`)

// countedFindings returns the lines of the findings right above a
// checker's count on line i, when they are grouped under their files
// ("conf.yaml:" over "\t2: Trailing whitespace") and there are as many as
// it counts; nil otherwise. Such findings hold no word an error has: only
// the count says they are errors.
func countedFindings(lines []string, i, floor int) []int {
	m := countedRe.FindStringSubmatch(strings.TrimSpace(lines[i]))
	if m == nil {
		return nil
	}
	n, _ := strconv.Atoi(m[1])
	j := i - 1
	for j >= floor && j >= i-2 && blank(lines[j]) {
		j--
	}
	var items []int
	top := -1
	for ; j >= floor && len(items) <= n; j-- {
		l := lines[j]
		switch {
		case len(l) > 1 && l[0] == '\t' && l[1] != ' ' && l[1] != '\t':
			items = append(items, j)
			continue
		case fileHeading(l):
			top = j
			continue
		}
		break
	}
	if top < 0 || len(items) != n || top > items[len(items)-1] {
		return nil
	}
	slices.Reverse(items)
	return items
}

// progCountRe is a program's count of its own complaints: "ordersvc: 4
// config error(s)", "lint: 2 problems".
var progCountRe = regexp.MustCompile(`^([\w.-]+): ([1-9]\d?) (?:[\w-]+ )?(?:errors?|error\(s\)|problems?)\.?$`)

// countedComplaints returns the lines of the complaints a program's count
// on line i counts, when exactly that many lines with its prefix stand
// right above it; nil otherwise.
func countedComplaints(lines []string, i, floor int) []int {
	t := strings.TrimSpace(lines[i])
	if !strings.Contains(t, "error") && !strings.Contains(t, "problem") {
		return nil
	}
	m := progCountRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	n, _ := strconv.Atoi(m[2])
	prefix := m[1] + ": "
	var items []int
	for j := i - 1; j >= floor && len(items) <= n && strings.HasPrefix(lines[j], prefix); j-- {
		items = append(items, j)
	}
	if len(items) != n {
		return nil
	}
	slices.Reverse(items)
	return items
}

// fileHeading reports whether l is a file's name alone, with a colon, over
// the findings in it.
func fileHeading(l string) bool {
	if len(l) < 3 || l[len(l)-1] != ':' || l[0] == ' ' || l[0] == '\t' {
		return false
	}
	p := l[:len(l)-1]
	return !strings.ContainsAny(p, " \t") && strings.IndexByte(p, '.') >= 0
}

// finishedWithRe is a message that only says a run ended with failures.
var finishedWithRe = regexp.MustCompile(`(?i)^(?:[\w.-]+(?:\[\d+\])?: )?(?:(?:ERROR|ERR|FATAL|CRITICAL|error)\s+)?(?:[\w-]+ )?(?:finished|completed|ended|done|exited|stopped|terminated) (?:with (?:\d+ )?(?:failures?|errors?)\b|(?:\w+=\d+ )*(?:failed|errors?|failures)=\d+(?: \w+=\d+)*$)`)

// diagnosticPlace returns the hash of a diagnostic's file name, line and
// message ("svc/x.go:52:53: too many arguments" → x.go, 52, "too many
// arguments"), the key a CI annotation of it shares (annotatedPlace).
func diagnosticPlace(t string) (uint64, bool) {
	file, line, msg, ok := diagnosticParts(t)
	if !ok {
		return 0, false
	}
	return placeHash(file, line, msg), true
}

// diagnosticParts splits a diagnostic at its place: the file, the line and
// the message after them ("svc/x.go:52:53: too many arguments" → svc/x.go,
// 52, "too many arguments"); ok is false for no diagnostic.
func diagnosticParts(t string) (file, line, msg string, ok bool) {
	n := diagnosticLen(t)
	if n == 0 || t[0] == ' ' || t[0] == '\t' {
		return "", "", "", false
	}
	place := t[:n]
	c := strings.IndexByte(place, ':')
	if c <= 0 {
		return "", "", "", false
	}
	line = place[c+1:]
	if d := strings.IndexByte(line, ':'); d >= 0 {
		line = line[:d]
	}
	return place[:c], line, strings.TrimSpace(t[n:]), true
}

// annotatedPlace returns the key of a GitHub Actions annotation that names
// a file and a line ("::error file=svc/x.go,line=52,col=53::too many
// arguments"), as diagnosticPlace makes it.
func annotatedPlace(t string) (uint64, bool) {
	rest, ok := strings.CutPrefix(t, "::error file=")
	if !ok {
		return 0, false
	}
	props, msg, ok := strings.Cut(rest, "::")
	if !ok {
		return 0, false
	}
	file, props, _ := strings.Cut(props, ",")
	_, line, ok := strings.Cut(props, "line=")
	if !ok {
		return 0, false
	}
	line, _, _ = strings.Cut(line, ",")
	if file == "" || line == "" {
		return 0, false
	}
	return placeHash(file, line, strings.TrimSpace(msg)), true
}

// lineHash is the key of a diagnostic's file and line, whatever its words.
func lineHash(file, line string) uint64 { return placeHash(file, line, "\x00line") }

// placeHash hashes a place, the file's name without its directory, its
// line and the message, apart from the texts' hashes.
func placeHash(file, line, msg string) uint64 {
	var h maphash.Hash
	h.SetSeed(seenSeed)
	h.WriteString("place\x00")
	h.WriteString(file[strings.LastIndexByte(file, '/')+1:])
	h.WriteByte(0)
	h.WriteString(line)
	h.WriteByte(0)
	h.WriteString(msg)
	return h.Sum64()
}

// refusedCat is the category of a message a program printed as it refused
// what it was given, in no error's words: the one a rule names, else a
// runtime failure (a value or a command line the program would not take).
func refusedCat(t string) errkind.Category {
	if cat := matchRules(clip(t)); cat != "" {
		return cat
	}
	return errkind.CategoryRuntime
}
