package filter

//go:generate go run ./internal/lintergen -o lint_linters.go

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// lintStream parses golangci-lint's text output:
//
//	pkg/a.go:10:11: Error return value of `os.Remove` is not checked (errcheck)
//		os.Remove(path)
//		         ^
//	pkg/p.go:43: 43-58 lines are duplicate of `pkg/p.go:60-75` (dupl)
//	broken/b.go:1: : # example.com/m/broken
//	broken/b.go:4:2: "fmt" imported and not used
//	broken/b.go:17:12: too many return values
//		have (number, number)
//		want (int) (typecheck)
//	package broken
//	2 issues:
//	* errcheck: 1
//
// An issue is a position line; its message ends at the trailing tag naming a
// real linter, so a message that itself ends in "(nil)" keeps it. The source
// lines and carets after an issue, and the summary, are not errors. A
// compile error is one "typecheck" issue at line 1 whose text is the go
// build output of the package: that output is parsed for the real
// positions. On stderr, "Error: ..." (a bad configuration, exit 3) and
// "level=error msg=..." (a failed run, exit 7) are errors too.
type lintStream struct {
	out   sink
	res   *resolver
	state lintState
	open  bool // cur is an issue not yet recorded
	cur   Error
	msg   msgBuf
	tc    *section // the go build output inside a typecheck issue
	tcAt  Error    // where that issue was reported, if it yields nothing
	tcGot int      // tc.closed when the typecheck issue began
}

type lintState int

const (
	lintIdle      lintState = iota
	lintBody                // after an issue: its source and caret lines
	lintText                // an issue whose message goes on (no tag yet)
	lintTypecheck           // the go build output of a typecheck issue
	lintFatal               // an "Error:" message, which may span lines
	lintDone                // golangci-lint repeats its fatal error: ignore
)

// newLintHandler returns the handler of golangci-lint's output: its text
// (line) and its JSON report (object).
func newLintHandler(out sink, res *resolver) *lintStream {
	tc := newSection(out, res, ToolLint)
	tc.linter = "typecheck"
	return &lintStream{out: out, res: res, tc: tc}
}

func (s *lintStream) line(l string) {
	switch {
	case s.state == lintDone:
		return
	case strings.HasPrefix(l, "level="):
		s.logLine(l)
		return
	case strings.HasPrefix(l, "Error: "):
		s.close()
		s.start(Error{Message: strings.TrimPrefix(l, "Error: "), Tool: ToolLint})
		s.state = lintFatal
		return
	case strings.HasPrefix(l, "The command is terminated due to an error"):
		s.close()
		s.state = lintDone
		return
	case s.state == lintFatal:
		s.msg.add(l)
		return
	case isLintSummary(l):
		s.close()
		s.state = lintIdle
		return
	case s.state == lintTypecheck:
		s.typecheckLine(l)
		return
	}
	if pos, ok := scanPosition(l); ok {
		s.issue(pos)
		return
	}
	switch s.state {
	case lintText:
		msg, linter := splitLinterTag(l)
		s.msg.add(msg)
		if linter != "" {
			s.cur.Linter = linter
			s.state = lintBody
		}
	case lintBody:
		// a source or caret line
	default:
		if isBlank(l) {
			return
		}
		// Output golangci-lint does not format as an issue (a crash, a
		// message of a newer version): kept, never silently dropped.
		s.close()
		s.start(Error{Message: l, Tool: ToolLint})
		s.state = lintText
	}
}

// issue starts an issue at a position line.
func (s *lintStream) issue(pos position) {
	s.close()
	msg, linter := splitLinterTag(pos.msg)
	file := s.res.resolve(pos.file)
	if rest, ok := strings.CutPrefix(msg, ": "); ok && (linter == "" || linter == "typecheck") {
		if strings.HasPrefix(rest, "# ") {
			// The go build output of a package that does not compile.
			s.tcAt = Error{File: file, Line: pos.line, Column: pos.col, Message: keep(rest), Tool: ToolLint, Linter: "typecheck"}
			s.tcGot = s.tc.closed
			s.tc.line(rest)
			s.state = lintTypecheck
			if linter != "" {
				s.endTypecheck()
			}
			return
		}
		msg, linter = rest, "typecheck"
	}
	s.start(Error{File: file, Line: pos.line, Column: pos.col, Message: msg, Tool: ToolLint, Linter: linter})
	switch {
	case linter != "":
		s.state = lintBody
	case strings.HasSuffix(msg, ":"):
		s.state = lintText // "...; to add it:" goes on
	default:
		s.state = lintBody // printed without linter names
	}
}

func (s *lintStream) typecheckLine(l string) {
	msg, linter := splitLinterTag(l)
	s.tc.line(msg)
	if linter != "" {
		s.endTypecheck()
	}
}

// endTypecheck completes a typecheck issue; if its text held no position,
// the issue itself is the error.
func (s *lintStream) endTypecheck() {
	s.tc.end()
	if s.tc.closed == s.tcGot {
		s.out.add(s.tcAt)
	}
	s.state = lintBody
}

// logLine handles a logfmt line of golangci-lint's log on stderr: errors
// are errors, warnings and information are not.
func (s *lintStream) logLine(l string) {
	level, _, _ := strings.Cut(strings.TrimPrefix(l, "level="), " ")
	if level != "error" && level != "fatal" && level != "panic" {
		return
	}
	msg := l
	if i := strings.Index(l, ` msg="`); i >= 0 {
		if m, err := strconv.QuotedPrefix(l[i+len(" msg="):]); err == nil {
			if u, err := strconv.Unquote(m); err == nil {
				msg = u
			}
		}
	}
	// "[linters_context] typechecking error: ..." names golangci-lint's
	// internal logger; without it the message is the one JSON mode
	// reports as Report.Error, and the two are one error.
	if rest, ok := strings.CutPrefix(msg, "["); ok {
		if i := strings.Index(rest, "] "); i > 0 && !strings.ContainsAny(rest[:i], " \t") {
			msg = rest[i+2:]
		}
	}
	s.close()
	s.out.add(Error{Message: keep(msg), Tool: ToolLint})
}

func (s *lintStream) start(e Error) {
	s.cur = e
	s.open = true
	s.msg.reset(e.Message)
	s.state = lintText
}

// close completes the open issue, if any.
func (s *lintStream) close() {
	if s.state == lintTypecheck {
		s.endTypecheck()
	}
	if s.open {
		s.open = false
		s.cur.Message = strings.TrimRight(s.msg.String(), "\n")
		s.out.add(s.cur)
	}
	s.state = lintIdle
}

func (s *lintStream) finish() {
	s.close()
	s.tc.finish()
}

// splitLinterTag splits a trailing " (linter)" off a message when it names
// a real linter.
func splitLinterTag(msg string) (string, string) {
	if !strings.HasSuffix(msg, ")") {
		return msg, ""
	}
	i := strings.LastIndex(msg, " (")
	if i < 0 {
		// "(typecheck)" alone, on the last line of a multi-line issue.
		if len(msg) >= 2 && msg[0] == '(' {
			if name, ok := linterName(msg[1 : len(msg)-1]); ok {
				return "", name
			}
		}
		return msg, ""
	}
	name, ok := linterName(msg[i+2 : len(msg)-1])
	if !ok {
		return msg, ""
	}
	return msg[:i], name
}

// linterName returns the interned name of a real linter.
func linterName(s string) (string, bool) {
	name, ok := knownLinters[s]
	return name, ok
}

// isLintSummary reports whether l belongs to golangci-lint's statistics:
// "3 issues:", "0 issues.", "* errcheck: 2".
func isLintSummary(l string) bool {
	if rest, ok := strings.CutPrefix(l, "* "); ok {
		name, n, ok := strings.Cut(rest, ": ")
		_, known := linterName(name)
		return ok && isDigits(n) && known
	}
	if l == "" || l[0] < '0' || l[0] > '9' {
		return false
	}
	n, rest, ok := strings.Cut(l, " ")
	return ok && isDigits(n) && (rest == "issues:" || rest == "issues." || rest == "issue:" || rest == "issue.")
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// lintReport is golangci-lint's JSON output (--output.json.path stdout).
type lintReport struct {
	Issues []struct {
		FromLinter string
		Text       string
		Pos        struct {
			Filename     string
			Line, Column int
		}
	}
	Report *struct {
		Error string
	}
}

// object parses golangci-lint's one-line JSON output, and reports whether
// b was that.
func (s *lintStream) object(b []byte) bool {
	var r lintReport
	if err := json.Unmarshal(b, &r); err != nil || r.Issues == nil && r.Report == nil {
		return false
	}
	for _, is := range r.Issues {
		file := s.res.resolve(is.Pos.Filename)
		text := strings.TrimSpace(is.Text)
		if rest, ok := strings.CutPrefix(text, ": "); ok && is.FromLinter == "typecheck" {
			if strings.HasPrefix(rest, "# ") {
				s.close()
				s.tcAt = Error{File: file, Line: is.Pos.Line, Column: is.Pos.Column, Message: rest, Tool: ToolLint, Linter: "typecheck"}
				s.tcGot = s.tc.closed
				for _, l := range strings.Split(rest, "\n") {
					s.tc.line(l)
				}
				s.endTypecheck()
				s.state = lintIdle
				continue
			}
			text = rest
		}
		s.out.add(Error{File: file, Line: is.Pos.Line, Column: is.Pos.Column, Message: text, Tool: ToolLint, Linter: is.FromLinter})
	}
	if r.Report != nil && r.Report.Error != "" {
		s.out.add(Error{Message: r.Report.Error, Tool: ToolLint})
	}
	return true
}

// lintConfigNames are the files golangci-lint reads its configuration from.
var lintConfigNames = []string{".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"}

// lintBaseDir returns the directory golangci-lint's relative paths are
// relative to: that of the configuration file it finds from dir upwards
// (its default relative-path-mode), or dir itself when there is none.
func lintBaseDir(dir, root string) string {
	for d := dir; ; {
		for _, name := range lintConfigNames {
			if fi, err := os.Stat(filepath.Join(d, name)); err == nil && !fi.IsDir() {
				return d
			}
		}
		parent := filepath.Dir(d)
		if parent == d || root != "" && d == root {
			return dir
		}
		d = parent
	}
}
