package filter

import (
	"bytes"
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"
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
}

// ParseCheckOutput extracts structured errors from a CheckResult. It picks
// the parser by the check's name and reads text and JSON output alike;
// relative paths are resolved against cr.Dir inside the module found from
// it. When no structured errors can be extracted, ParseResult.Errors is
// empty and callers should fall back to RawOutput.
func ParseCheckOutput(cr CheckResult) ParseResult {
	res := Parse(cr.Name, cr.Output, Options{Dir: cr.Dir})
	res.Truncated = res.Truncated || cr.Truncated
	return res
}

// Parse extracts structured errors from the output of the named check.
// RawOutput is output itself.
func Parse(check, output string, opts Options) ParseResult {
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
func ParseReader(r io.Reader, check string, opts Options) (ParseResult, error) {
	p := NewParser(check, opts)
	_, err := io.Copy(p, r)
	return p.Close(), err
}

// Parser is a streaming parser: write a check's output to it in chunks of
// any size, then Close it for the result. Lines may be of any length. It
// keeps a bounded head and tail of the raw output (see Options.RawLimit).
type Parser struct {
	check   string
	tool    string
	res     resolver
	onError func(Error)

	partial []byte // an unfinished line carried between writes
	raw     *headTail

	errs        []Error
	seen        map[errKey]struct{}
	truncated   bool
	perPackage  map[string]int // errors recorded per package
	buildErrors int            // errors of the compiler or vet

	vetJSON  bool                   // go vet -json objects may appear
	text     lineHandler            // plain-text lines
	sections map[string]*section    // go build -json output, by ImportPath
	order    []string               // ImportPaths in order of appearance
	tests    map[string]*testStream // go test -json output, by Package
	testPkgs []string               // Packages in order of appearance
	jsonBuf  []string               // lines of a multi-line JSON object (go vet -json)

	modPath     string          // the module path, read from go.mod on demand
	modPathRead bool            //
	rootOnDisk  int8            // 0 unknown, 1 the module root exists here, 2 not
	fileExists  map[string]bool // module-relative files checked on disk
}

// lineHandler parses the plain-text lines of a stream.
type lineHandler interface {
	line(l string)
	finish()
}

type errKey struct {
	file, msg, test string
	line            int
}

// NewParser returns a parser for the output of the named check: "build",
// "vet", "lint" (or "golangci-lint"), "test", or any other name for a
// custom check whose output uses the file:line:col: message convention.
func NewParser(check string, opts Options) *Parser {
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
	p := &Parser{
		check:      check,
		tool:       tool,
		vetJSON:    tool != ToolBuild && tool != ToolLint && tool != ToolTest,
		res:        newResolver(dir, root),
		onError:    opts.OnError,
		seen:       make(map[errKey]struct{}),
		perPackage: make(map[string]int),
	}
	limit := opts.RawLimit
	if limit == 0 {
		limit = DefaultRawLimit
	}
	if limit > 0 {
		p.raw = newHeadTail(limit)
	}
	switch tool {
	case ToolTest:
		p.text = p.newTestStream("")
	case ToolLint:
		p.text = p.newLintStream()
	default:
		p.text = p.newSection(tool)
	}
	return p
}

// toolFor maps a check name to the Tool recorded on its errors.
func toolFor(check string) string {
	switch strings.ToLower(check) {
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
	if len(p.partial) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			p.partial = append(p.partial, b...)
			return n, nil
		}
		p.partial = append(p.partial, b[:i]...)
		p.line(p.partial)
		p.partial = p.partial[:0]
		b = b[i+1:]
	}
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			break
		}
		p.line(b[:i])
		b = b[i+1:]
	}
	p.partial = append(p.partial, b...)
	return n, nil
}

func (p *Parser) writeString(s string) {
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			p.partial = append(p.partial[:0], s...)
			return
		}
		p.line([]byte(s[:i]))
		s = s[i+1:]
	}
}

// Close flushes the parser and returns the result. Writing after Close
// starts a new, unrelated stream.
func (p *Parser) Close() ParseResult {
	if len(p.partial) > 0 {
		p.line(p.partial)
		p.partial = p.partial[:0]
	}
	p.abortJSON()
	for _, ip := range p.order {
		p.sections[ip].finish()
	}
	for _, pkg := range p.testPkgs {
		p.tests[pkg].finish()
	}
	p.text.finish()
	sortErrors(p.errs)
	res := ParseResult{
		CheckName: p.check,
		Errors:    p.errs,
		Truncated: p.truncated,
	}
	if res.Errors == nil {
		res.Errors = []Error{}
	}
	if p.raw != nil {
		res.RawOutput = p.raw.String()
	}
	return res
}

// line handles one raw line (without its newline).
func (p *Parser) line(raw []byte) {
	b := cleanLine(raw)
	if p.jsonBuf != nil {
		p.jsonLine(string(b))
		return
	}
	if len(b) > 0 && b[0] == '{' {
		if len(b) == 1 && p.vetJSON {
			p.jsonBuf = append(p.jsonBuf, "{")
			return
		}
		if b[len(b)-1] == '}' && p.jsonObject(b) {
			return
		}
	}
	p.text.line(string(b))
}

// jsonObject handles a line holding a JSON object the tool prints: a go
// build or go test event, a golangci-lint report, a go vet result. It
// returns false for any other JSON (a program's own log line).
func (p *Parser) jsonObject(b []byte) bool {
	switch {
	case p.tool == ToolLint:
		return p.lintJSON(b)
	case p.event(b):
		return true
	case p.vetJSON:
		return p.vetObject(b)
	}
	return false
}

// add records a completed error, dropping an identical repeat.
func (p *Parser) add(e Error) {
	k := errKey{file: e.File, line: e.Line, msg: e.Message, test: e.Test}
	if _, dup := p.seen[k]; dup {
		return
	}
	p.seen[k] = struct{}{}
	p.errs = append(p.errs, e)
	if e.Package != "" {
		p.perPackage[e.Package]++
	}
	if e.Tool == ToolBuild || e.Tool == ToolVet {
		p.buildErrors++
	}
	if p.onError != nil {
		p.onError(e)
	}
}

// sortErrors orders errors by file, line and column, errors with no file
// first. The sort is stable: errors at one place keep the order the tool
// reported them in. Tools print in an order that depends on scheduling
// (packages built in parallel, vet's analyzers), so sorting makes the
// result of identical runs identical.
func sortErrors(errs []Error) {
	slices.SortStableFunc(errs, func(a, b Error) int {
		return cmp.Or(
			strings.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
		)
	})
}

// headTail keeps the first and last bytes of a stream, and counts what it
// dropped in between.
type headTail struct {
	limit   int
	head    []byte
	tail    []byte // ring buffer once full
	tailPos int
	dropped int64
}

func newHeadTail(limit int) *headTail {
	return &headTail{limit: limit}
}

// Write keeps b's bytes in the head until it holds limit/2, then in the
// tail ring.
func (h *headTail) Write(b []byte) (int, error) {
	n := len(b)
	headCap := h.limit - h.limit/2
	if room := headCap - len(h.head); room > 0 {
		k := min(room, len(b))
		h.head = append(h.head, b[:k]...)
		b = b[k:]
	}
	tailCap := h.limit / 2
	if len(b) == 0 || tailCap == 0 {
		h.dropped += int64(len(b))
		return n, nil
	}
	if len(b) >= tailCap {
		h.dropped += int64(len(h.tail)) + int64(len(b)-tailCap)
		h.tail = append(h.tail[:0], b[len(b)-tailCap:]...)
		h.tailPos = 0
		return n, nil
	}
	for len(b) > 0 {
		if len(h.tail) < tailCap {
			k := min(tailCap-len(h.tail), len(b))
			h.tail = append(h.tail, b[:k]...)
			b = b[k:]
			continue
		}
		k := copy(h.tail[h.tailPos:], b)
		h.dropped += int64(k)
		h.tailPos = (h.tailPos + k) % tailCap
		b = b[k:]
	}
	return n, nil
}

// Dropped returns how many bytes were not kept.
func (h *headTail) Dropped() int64 { return h.dropped }

// String returns the head, a marker naming the dropped byte count when
// bytes were dropped, and the tail.
func (h *headTail) String() string {
	var b strings.Builder
	b.Write(h.head)
	if h.dropped > 0 {
		b.WriteString("\n… [")
		b.WriteString(strconv.FormatInt(h.dropped, 10))
		b.WriteString(" bytes omitted] …\n")
	}
	b.Write(h.tail[h.tailPos:])
	b.Write(h.tail[:h.tailPos])
	return b.String()
}
