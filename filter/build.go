package filter

import (
	"strconv"
	"strings"
)

// Limits on one error's message, so a runaway block (a linker dump, a
// goroutine trace) cannot grow without bound.
const (
	maxMessageLines = 200
	maxMessageBytes = 32 << 10
)

// section parses compiler-style text: the go build and go vet output of one
// stream, or of one package in go build -json output.
//
// The grammar it follows:
//   - "# pkg", "# pkg [pkg.test]" and "# [pkg]" headers set the package;
//   - "path:line:col: msg" and "path:line: msg" (optionally after "vet: ")
//     start an error; lines that start with a TAB continue it;
//   - "go: ..." and "package ..." lines start an error with no position
//     (module errors, import cycles); other lines with no position either
//     continue such an error or start one (linker output);
//   - a line with no position that ends in ':' introduces what follows: it
//     is dropped when a positioned error follows, and heads the block
//     otherwise;
//   - "too many errors" marks the result truncated; progress lines
//     ("go: downloading ...") and gcc's snippets, includes and warnings are
//     not errors;
//   - a header, or a blank line not followed by a TAB continuation, ends the
//     open error; bare import paths (go build -v) are progress.
type section struct {
	out    sink
	res    *resolver
	tool   CheckName // the Tool of its errors (vet after a "# [pkg]" header)
	linter string    // the Linter of its errors (typecheck inside golangci-lint)
	pkg    string
	vet    bool      // after a "# [pkg]" header: go vet is speaking
	text   eventText // go build -json Output

	open  bool
	loose bool // the open error has no position
	cur   Error
	msg   msgBuf

	lead  string // a pending introductory line
	muted bool   // inside a gcc warning: its notes are not errors
	gap   int    // blank lines seen after the open error

	closed int // errors completed so far
}

func newSection(out sink, res *resolver, tool CheckName) *section {
	return &section{out: out, res: res, tool: tool}
}

// line handles one cleaned line.
func (s *section) line(l string) {
	if isBlank(l) {
		if s.open {
			s.gap++ // the message may go on after it
			return
		}
		s.end()
		return
	}
	if s.gap > 0 {
		if l[0] == '\t' {
			for ; s.gap > 0; s.gap-- {
				s.appendLine("")
			}
			s.appendLine(l)
			return
		}
		s.end()
	}
	if pkg, ok := packageHeader(l); ok {
		s.end()
		s.pkg = keep(pkg)
		s.vet = strings.HasPrefix(l, "# [")
		return
	}
	if l[0] == '\t' {
		s.continuation(l)
		return
	}
	// Positions first: most lines are errors, and no noise line (a gcc
	// snippet, "./c.go: In function", a progress line) scans as one.
	body, vet := strings.CutPrefix(l, "vet: ")
	if pos, ok := scanPosition(body); ok {
		s.positioned(pos, vet, l)
		return
	}
	if isGCCNoise(l) {
		return
	}
	if isProgress(l) || isImportPath(l) {
		s.end()
		return
	}
	s.unpositioned(l)
}

func (s *section) continuation(l string) {
	switch {
	case s.open:
		s.appendLine(l)
	case s.muted:
	case s.lead != "":
		s.startLoose(s.takeLead())
		s.appendLine(l)
	default:
		s.startLoose(strings.TrimLeft(l, "\t"))
	}
}

func (s *section) positioned(pos position, vet bool, l string) {
	if pos.msg == "too many errors" {
		s.out.truncate()
		s.end()
		return
	}
	if strings.HasPrefix(pos.msg, "warning: ") {
		// gcc warnings (cgo) do not fail the build.
		s.close()
		s.lead = ""
		s.muted = true
		return
	}
	if strings.HasPrefix(pos.msg, "note: ") {
		if s.open {
			s.appendLine(l)
		}
		return
	}
	file := s.res.resolve(pos.file)
	if s.open && s.loose && !s.res.inside(file) {
		// A location outside the module inside a linker or gcc block
		// (a temporary cgo file) is part of that block.
		s.appendLine(l)
		return
	}
	s.close()
	s.lead = "" // it introduced this error
	msg := pos.msg
	tool := s.tool
	if vet || s.vet {
		tool = ToolVet
	}
	if vet {
		msg = s.trimMoreErrors(msg)
	}
	s.start(Error{File: file, Line: pos.line, Column: pos.col, Message: msg, Tool: tool})
}

func (s *section) unpositioned(l string) {
	if s.open && s.loose && !startsError(l) {
		s.appendLine(l)
		return
	}
	s.close()
	if s.lead != "" {
		s.startLoose(s.takeLead())
		s.appendLine(l)
		return
	}
	if strings.HasSuffix(l, ":") {
		s.lead = keep(l)
		return
	}
	s.startLoose(l)
}

// trimMoreErrors removes vet's " (and N more errors)" suffix and records
// that errors were left out.
func (s *section) trimMoreErrors(msg string) string {
	i := strings.LastIndex(msg, " (and ")
	if i < 0 {
		return msg
	}
	n, ok := strings.CutSuffix(msg[i+len(" (and "):], " more errors)")
	if !ok {
		return msg
	}
	if _, err := strconv.Atoi(n); err != nil {
		return msg
	}
	s.out.truncate()
	return msg[:i]
}

func (s *section) start(e Error) {
	e.Package = stripTestVariant(s.pkg)
	if e.Linter == "" {
		e.Linter = s.linter
	}
	s.cur = e
	s.open = true
	s.loose = e.File == ""
	s.muted = false
	s.msg.reset(e.Message)
}

func (s *section) startLoose(msg string) {
	s.start(Error{Message: msg, Tool: s.tool})
}

func (s *section) appendLine(l string) {
	s.msg.add(l)
}

func (s *section) takeLead() string {
	l := s.lead
	s.lead = ""
	return l
}

// close completes the open error, if any.
func (s *section) close() {
	if !s.open {
		return
	}
	s.open = false
	s.gap = 0
	s.cur.Message = s.msg.String()
	s.closed++
	s.out.add(s.cur)
}

// end closes the open error at a boundary (blank line, header, progress
// line); a pending introduction that nothing followed becomes an error of
// its own.
func (s *section) end() {
	s.close()
	s.muted = false
	if s.lead != "" {
		s.startLoose(s.takeLead())
		s.close()
	}
}

// finish ends the section at the end of its stream.
func (s *section) finish() {
	s.text.flush(s.line)
	s.end()
}

// msgBuf builds a multi-line message, capped at maxMessageLines lines and
// maxMessageBytes bytes; what is left out is counted at its end.
type msgBuf struct {
	b       strings.Builder
	lines   int
	omitted int
}

func (m *msgBuf) reset(first string) {
	m.b.Reset()
	m.b.WriteString(first)
	m.lines, m.omitted = 1, 0
}

func (m *msgBuf) add(l string) {
	if m.lines >= maxMessageLines || m.b.Len()+len(l) > maxMessageBytes {
		m.omitted++
		return
	}
	m.b.WriteByte('\n')
	m.b.WriteString(l)
	m.lines++
}

// String returns the message, noting how many lines were left out.
func (m *msgBuf) String() string {
	if m.omitted == 0 {
		return m.b.String()
	}
	return m.b.String() + "\n… " + strconv.Itoa(m.omitted) + " more lines"
}

// startsError reports whether a line with no position starts a new error
// rather than continuing the one before it.
func startsError(l string) bool {
	return strings.HasPrefix(l, "go: ") || strings.HasPrefix(l, "package ")
}

// isProgress reports whether l is an informational line of the go command.
func isProgress(l string) bool {
	rest, ok := strings.CutPrefix(l, "go: ")
	if !ok {
		return false
	}
	for _, p := range []string{"downloading ", "finding ", "found ", "extracting ", "added ", "upgraded ", "downgraded ", "removed ", "warning: "} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// isImportPath reports whether l is a bare import path, as go build -v
// prints for each package it builds.
func isImportPath(l string) bool {
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !(isLetter(c) || '0' <= c && c <= '9' || c == '.' || c == '/' || c == '-' || c == '_' || c == '~') {
			return false
		}
	}
	return true
}

// isGCCNoise reports whether l is part of a C compiler's report that is not
// an error of its own: source snippets with their caret lines, include
// chains, function context and cgo's framing lines.
func isGCCNoise(l string) bool {
	switch l {
	case "compilation terminated.", "cgo:", "cgo: ", "gcc errors for preamble:":
		return true
	}
	if strings.HasPrefix(l, "In file included from ") {
		return true
	}
	if l[0] == ' ' {
		t := strings.TrimLeft(l, " ")
		if strings.HasPrefix(t, "from ") && strings.HasSuffix(t, ":") || strings.HasPrefix(t, "from ") && strings.HasSuffix(t, ",") {
			return true
		}
		t = strings.TrimLeft(t, "0123456789")
		if strings.HasPrefix(t, "|") || strings.HasPrefix(t, " |") {
			return true
		}
	}
	if strings.HasSuffix(l, ":") {
		// "./c.go: In function 'add':", "x.c: At top level:"
		i := strings.Index(l, ": In ")
		if i < 0 {
			i = strings.Index(l, ": At top level:")
		}
		if i > 0 && plausiblePath(l[:i]) {
			file := l[:i]
			if hasDrive(file) {
				file = file[2:]
			}
			return strings.IndexByte(file, ':') < 0
		}
	}
	return false
}

func isBlank(l string) bool {
	for i := 0; i < len(l); i++ {
		if l[i] != ' ' && l[i] != '\t' {
			return false
		}
	}
	return true
}
