package filter

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/faultline-go/faultline/internal/textutil"
)

// DefaultRawLimit is how many bytes of raw output a [Parser] keeps for
// [ParseResult.RawOutput] when [Options.RawLimit] is zero: half from the
// head of the output and half from its tail.
const DefaultRawLimit = 64 << 10

// Options control how output is parsed.
type Options struct {
	// Dir is the directory the command ran in; relative paths in the output
	// are resolved against it. "" keeps relative paths as printed (cleaned).
	Dir string
	// ModRoot is the module root paths are made relative to. "" finds it
	// from Dir upwards via go.mod, and falls back to Dir.
	ModRoot string
	// RawLimit bounds the raw output a Parser keeps (head and tail). 0 means
	// DefaultRawLimit; a negative value keeps none. [Parse] and
	// [ParseCheckOutput] keep their whole input, which they already hold.
	RawLimit int
	// OnError, if set, is called with each error as soon as it is complete,
	// so a caller can stream results. The errors are also collected in the
	// ParseResult.
	OnError func(Error)
	// MaxErrors bounds the errors kept; more mark the result truncated. 0
	// means DefaultMaxErrors, a negative value no bound.
	MaxErrors int
	// Tests records the result of every test go test reports in
	// ParseResult.Tests (up to MaxTestRuns).
	Tests bool
}

// MaxTestRuns bounds the test results a parser records (Options.Tests);
// more are counted in a note.
const MaxTestRuns = 1 << 20

// DefaultMaxErrors is how many errors a parser keeps when Options.MaxErrors
// is zero: far more than a fix prompt shows, few enough that memory stays
// bounded whatever the size of the log.
const DefaultMaxErrors = 10000

// Limits on one line read from a stream: a longer line is cut there, and
// the result's Notes say so. A JSON line (golangci-lint's report is one)
// may be longer than a text line.
const (
	MaxLineBytes     = 8 << 20
	MaxJSONLineBytes = 64 << 20
)

// ParseCheckOutput extracts structured errors from a CheckResult. It picks
// the parser by the check's name and reads text and JSON output alike;
// relative paths are resolved against cr.Dir inside the module found from
// it. The errors are classified (category, severity, signature). When no
// structured errors can be extracted, ParseResult.Errors is empty and
// callers should fall back to RawOutput.
func ParseCheckOutput(cr CheckResult) ParseResult {
	res := Parse(CheckName(cr.Name), cr.Output, Options{Dir: cr.Dir})
	res.Truncated = res.Truncated || cr.Truncated
	return res
}

// Parse extracts structured, classified errors from the output of the
// named check. RawOutput is output itself.
func Parse(check CheckName, output string, opts Options) ParseResult {
	opts.RawLimit = -1
	p := NewParser(check, opts)
	p.writeString(output)
	res := p.Close()
	res.RawOutput = output
	return res
}

// ParseReader parses the output of the named check from r as a stream. The
// error is the one r returned, if any; the result holds what was parsed up
// to it.
func ParseReader(r io.Reader, check CheckName, opts Options) (ParseResult, error) {
	p := NewParser(check, opts)
	_, err := io.Copy(p, r)
	return p.Close(), err
}

// Parser is a streaming parser: write a check's output to it in chunks of
// any size, then Close it for the result. Lines may be of any length. It
// keeps a bounded head and tail of the raw output (see Options.RawLimit).
//
// The Parser splits the stream into lines, cleans them (terminal escapes,
// carriage returns) and hands each to the handler for the check — go build
// and go vet's (compiler.go), golangci-lint's (lint.go), go test's
// (gotest.go) — which reports what it finds to the collector (collect.go).
type Parser struct {
	check CheckName
	h     handler
	out   collector

	partial  []byte // an unfinished line carried between writes
	cutting  bool   // the partial line is over the limit: drop until newline
	cutLines int    // lines cut at the line limit
	raw      *textutil.HeadTail
}

// handler parses the lines of one tool's output. The lines are views (see
// zerocopy.go): valid during the call only.
type handler interface {
	// line handles a line of text, without its newline.
	line(l string)
	// object handles a line that holds a JSON object, and reports whether
	// it was one of the tool's; if not, the line is handed to line.
	object(b []byte) bool
	// finish ends the stream.
	finish()
}

// NewParser returns a parser for the output of the named check: "build",
// "vet", "lint" (or "golangci-lint"), "test", or any other name for a
// custom check whose output uses the file:line:col: message convention.
func NewParser(check CheckName, opts Options) *Parser {
	root := opts.ModRoot
	if root == "" && opts.Dir != "" {
		if r, ok := FindModuleRoot(opts.Dir); ok {
			root = r
		}
	}
	tool := toolFor(check)
	dir := opts.Dir
	if tool == ToolLint && dir != "" {
		dir = lintBaseDir(dir, root)
	}
	maxErrors := opts.MaxErrors
	if maxErrors == 0 {
		maxErrors = DefaultMaxErrors
	}
	res := newResolver(dir, root)
	p := &Parser{check: check}
	p.out = collector{res: res, maxErrors: maxErrors, onError: opts.OnError}
	limit := opts.RawLimit
	if limit == 0 {
		limit = DefaultRawLimit
	}
	if limit > 0 {
		p.raw = textutil.NewHeadTail(limit)
	}
	switch tool {
	case ToolTest:
		h := newTestHandler(&p.out, res)
		h.recordTests = opts.Tests
		p.h = h
	case ToolLint:
		p.h = newLintHandler(&p.out, res)
	default:
		p.h = newCompilerHandler(&p.out, res, tool)
	}
	return p
}

// toolFor maps a check name to the Tool recorded on its errors.
func toolFor(check CheckName) CheckName {
	switch strings.ToLower(string(check)) {
	case "build", "go build":
		return ToolBuild
	case "vet", "go vet":
		return ToolVet
	case "lint", "golangci-lint", "golangci":
		return ToolLint
	case "test", "go test":
		return ToolTest
	}
	return check
}

// Write parses a chunk of output. It never fails.
func (p *Parser) Write(b []byte) (int, error) {
	if p.raw != nil {
		p.raw.Write(b)
	}
	n := len(b)
	if len(p.partial) > 0 || p.cutting {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			p.extendPartial(b)
			return n, nil
		}
		p.extendPartial(b[:i])
		p.line(cleanLine(p.partial))
		p.partial, p.cutting = p.partial[:0], false
		b = b[i+1:]
	}
	end := bytes.LastIndexByte(b, '\n') + 1
	p.lines(b[:end])
	p.extendPartial(b[end:])
	return n, nil
}

// extendPartial adds to the unfinished line, up to the line limit: a line
// longer than that is cut, and the cut is noted.
func (p *Parser) extendPartial(b []byte) {
	if p.cutting {
		return
	}
	limit := MaxLineBytes
	if len(p.partial) > 0 && p.partial[0] == '{' || len(p.partial) == 0 && len(b) > 0 && b[0] == '{' {
		limit = MaxJSONLineBytes
	}
	if room := limit - len(p.partial); len(b) > room {
		b = b[:room]
		p.cutting = true
		p.cutLines++
	}
	p.partial = append(p.partial, b...)
}

// lines handles complete lines. Most output has no carriage return and no
// escape sequence anywhere: checked once for all of b, not line by line.
func (p *Parser) lines(b []byte) {
	clean := bytes.IndexByte(b, '\r') < 0 && bytes.IndexByte(b, 0x1b) < 0
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return
		}
		if clean {
			p.line(b[:i])
		} else {
			p.line(cleanLine(b[:i]))
		}
		b = b[i+1:]
	}
}

// writeString parses s without copying it: a string never changes, so the
// lines of it the handlers view stay valid.
func (p *Parser) writeString(s string) {
	if s == "" {
		return
	}
	b := bytesOf(s)
	end := bytes.LastIndexByte(b, '\n') + 1
	p.lines(b[:end])
	p.partial = append(p.partial[:0], b[end:]...)
}

// line hands one cleaned line (without its newline) to the handler.
func (p *Parser) line(b []byte) {
	if len(b) > 1 && b[0] == '{' && b[len(b)-1] == '}' && p.h.object(b) {
		return
	}
	p.h.line(view(b))
}

// Close flushes the parser and returns the result. A Parser is done after
// Close.
func (p *Parser) Close() ParseResult {
	if len(p.partial) > 0 {
		p.line(cleanLine(p.partial))
		p.partial = p.partial[:0]
	}
	p.h.finish()
	errs, truncated, notes := p.out.result()
	res := ParseResult{CheckName: string(p.check), Errors: errs, Truncated: truncated, Notes: notes, Tests: p.out.tests}
	if p.raw != nil {
		res.RawOutput = p.raw.String()
	}
	if p.cutLines > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%s longer than %d bytes (%d for JSON) cut to that length", textutil.Count(p.cutLines, "line"), MaxLineBytes, MaxJSONLineBytes))
	}
	return res
}
