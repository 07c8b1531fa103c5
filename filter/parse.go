package filter

import (
	"bytes"
	"cmp"
	"fmt"
	"hash/maphash"
	"io"
	"maps"
	"slices"
	"strings"
	"unsafe"

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
}

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
// it. When no structured errors can be extracted, ParseResult.Errors is
// empty and callers should fall back to RawOutput.
func ParseCheckOutput(cr CheckResult) ParseResult {
	res := Parse(cr.Name, cr.Output, Options{Dir: cr.Dir})
	res.Truncated = res.Truncated || cr.Truncated
	return res
}

// Parse extracts structured errors from the output of the named check.
// RawOutput is output itself.
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
type Parser struct {
	check   CheckName
	tool    CheckName
	res     resolver
	onError func(Error)

	partial []byte // an unfinished line carried between writes
	raw     *textutil.HeadTail

	errs        errorList
	seen        map[uint64]int32 // with OnError: hash of an error's identity → its index in errs
	collided    map[errKey]bool  // with OnError: identities whose hash an earlier error has
	truncated   bool
	perPackage  map[string]int // errors recorded per package, in go test output
	buildErrors int            // errors of the compiler or vet

	vetJSON  bool                   // go vet -json objects may appear
	text     lineHandler            // plain-text lines
	sections map[string]*section    // go build -json output of packages still building, by ImportPath
	tests    map[string]*testStream // go test -json output of packages still running, by Package
	jsonBuf  []string               // lines of a multi-line JSON object (go vet -json)
	scratch  []byte                 // an unescaped JSON string of the current line

	maxErrors   int             // errors kept at most; more are counted in overErrors
	overErrors  int             //
	cutLines    int             // lines cut at the line limit
	cutting     bool            // the partial line is over the limit: drop until newline
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
	p := &Parser{
		maxErrors:  maxErrors,
		check:      check,
		tool:       tool,
		vetJSON:    tool != ToolBuild && tool != ToolLint && tool != ToolTest,
		res:        newResolver(dir, root),
		onError:    opts.OnError,
		seen:       make(map[uint64]int32),
		perPackage: make(map[string]int),
	}
	limit := opts.RawLimit
	if limit == 0 {
		limit = DefaultRawLimit
	}
	if limit > 0 {
		p.raw = textutil.NewHeadTail(limit)
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

// Close flushes the parser and returns the result. A Parser is done after
// Close.
func (p *Parser) Close() ParseResult {
	if len(p.partial) > 0 {
		p.line(cleanLine(p.partial))
		p.partial = p.partial[:0]
	}
	p.abortJSON()
	// Packages whose output did not end (the stream was cut off).
	for _, ip := range slices.Sorted(maps.Keys(p.sections)) {
		p.sections[ip].finish()
	}
	for _, pkg := range slices.Sorted(maps.Keys(p.tests)) {
		p.tests[pkg].finish()
	}
	p.text.finish()
	res := ParseResult{
		CheckName: p.check,
		Errors:    dedup(p.errs.sorted()),
		Truncated: p.truncated,
	}
	if res.Errors == nil {
		res.Errors = []Error{}
	}
	if p.raw != nil {
		res.RawOutput = p.raw.String()
	}
	if p.overErrors > 0 {
		res.Truncated = true
		res.Notes = append(res.Notes, fmt.Sprintf("kept the first %d errors; %d more were dropped (Options.MaxErrors)", p.maxErrors, p.overErrors))
	}
	if p.cutLines > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%s longer than %d bytes (%d for JSON) cut to that length", textutil.Count(p.cutLines, "line"), MaxLineBytes, MaxJSONLineBytes))
	}
	return res
}

// line handles one cleaned line (without its newline).
func (p *Parser) line(b []byte) {
	if p.jsonBuf != nil {
		p.jsonLine(view(b))
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
	p.text.line(view(b))
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

// view returns b as a string without copying it. The string is valid only
// until the parser reads on: the line handlers clone (keep) whatever part
// of a line they store.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// bytesOf returns the bytes of s without copying them; they must not be
// changed.
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// keep copies a part of a viewed line that outlives the line.
func keep(s string) string { return strings.Clone(s) }

// add records a completed error, dropping an identical repeat: same file,
// line, message and test.
func (p *Parser) add(e Error) {
	if p.maxErrors > 0 && p.errs.len() >= p.maxErrors {
		p.overErrors++
		return
	}
	p.complete(&e)
	if p.onError != nil && p.repeated(&e) {
		return
	}
	p.errs.add(e)
	if e.Package != "" && p.tool == ToolTest {
		p.perPackage[e.Package]++
	}
	if e.Tool == ToolBuild || e.Tool == ToolVet {
		p.buildErrors++
	}
	if p.onError != nil {
		p.onError(e)
	}
}

// repeated reports whether an identical error was added before. Only a
// parser that streams errors to OnError needs to know at once; otherwise
// repeats are dropped when the errors are put in order (see dedup).
func (p *Parser) repeated(e *Error) bool {
	h := identity(e)
	if i, ok := p.seen[h]; ok {
		if sameIdentity(p.errs.at(int(i)), e) {
			return true
		}
		// Two identities with one hash: compare them in full.
		k := errKey{file: e.File, line: e.Line, msg: e.Message, test: e.Test}
		if p.collided[k] {
			return true
		}
		if p.collided == nil {
			p.collided = make(map[errKey]bool)
		}
		p.collided[k] = true
	} else {
		p.seen[h] = int32(p.errs.len())
	}
	return false
}

// errorList stores errors in fixed-size chunks, so that it never copies
// them as it grows.
type errorList struct {
	chunks [][]Error
	n      int
}

const errorChunk = 256

func (l *errorList) add(e Error) {
	if l.n%errorChunk == 0 {
		l.chunks = append(l.chunks, make([]Error, 0, errorChunk))
	}
	c := &l.chunks[len(l.chunks)-1]
	*c = append(*c, e)
	l.n++
}

func (l *errorList) len() int { return l.n }

func (l *errorList) at(i int) *Error { return &l.chunks[i/errorChunk][i%errorChunk] }

var identitySeed = maphash.MakeSeed()

// identity hashes what makes two errors the same one.
func identity(e *Error) uint64 {
	return maphash.Comparable(identitySeed, errKey{file: e.File, line: e.Line, msg: e.Message, test: e.Test})
}

func sameIdentity(a, b *Error) bool {
	return a.Line == b.Line && a.File == b.File && a.Message == b.Message && a.Test == b.Test
}

// sorted returns the errors ordered by file, line and column, errors with
// no file first. The sort is stable: errors at one place keep the order the
// tool reported them in. Tools print in an order that depends on scheduling
// (packages built in parallel, vet's analyzers), so sorting makes the
// result of identical runs identical.
//
// Tools print in sorted runs (a package's errors, a file's): when putting
// whole runs in order sorts everything, that is all the sorting done (go
// build's packages in the order they finished); otherwise small keys are
// sorted, not the errors.
func (l *errorList) sorted() []Error {
	type run struct{ start, end int }
	var runs []run
	start := 0
	for i := 1; i <= l.n; i++ {
		// A run ends where order breaks, and where the package changes:
		// two packages' errors are in different directories, so their
		// runs do not overlap even when they happen to follow in order.
		if i == l.n || compareErrors(l.at(i-1), l.at(i)) > 0 || l.at(i-1).Package != l.at(i).Package {
			runs = append(runs, run{start, i})
			start = i
		}
	}
	out := make([]Error, 0, l.n)
	if len(runs) <= 1 {
		for _, c := range l.chunks {
			out = append(out, c...)
		}
		return out
	}
	slices.SortStableFunc(runs, func(a, b run) int { return compareErrors(l.at(a.start), l.at(b.start)) })
	ordered := true
	for i := 1; i < len(runs) && ordered; i++ {
		ordered = compareErrors(l.at(runs[i-1].end-1), l.at(runs[i].start)) <= 0
	}
	if ordered {
		for _, r := range runs {
			for i := r.start; i < r.end; i++ {
				out = append(out, *l.at(i))
			}
		}
		return out
	}
	if len(runs) <= 64 {
		// A few runs that overlap (golangci-lint: one per linter): merge
		// them, taking the least head each time; of equal heads the one
		// reported first, as the runs are in the order reported.
		slices.SortFunc(runs, func(a, b run) int { return cmp.Compare(a.start, b.start) })
		h := &runHeap{l: l}
		for _, r := range runs {
			h.push(r.start, r.end)
		}
		for len(h.runs) > 0 {
			out = append(out, *l.at(h.runs[0].next))
			h.advance()
		}
		return out
	}
	type key struct {
		file      string
		line, col int32
		i         int32
	}
	keys := make([]key, l.n)
	for i := range keys {
		e := l.at(i)
		keys[i] = key{e.File, int32(e.Line), int32(e.Column), int32(i)}
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col), cmp.Compare(a.i, b.i))
	})
	for _, k := range keys {
		out = append(out, *l.at(int(k.i)))
	}
	return out
}

// runHeap is a min-heap of sorted runs of an errorList by their heads.
type runHeap struct {
	l    *errorList
	runs []struct{ next, end int }
}

func (h *runHeap) less(i, j int) bool {
	a, b := h.runs[i], h.runs[j]
	if c := compareErrors(h.l.at(a.next), h.l.at(b.next)); c != 0 {
		return c < 0
	}
	return a.next < b.next
}

func (h *runHeap) push(next, end int) {
	h.runs = append(h.runs, struct{ next, end int }{next, end})
	for i := len(h.runs) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			break
		}
		h.runs[i], h.runs[parent] = h.runs[parent], h.runs[i]
		i = parent
	}
}

// advance moves the least run on by one error, dropping it when done.
func (h *runHeap) advance() {
	h.runs[0].next++
	if h.runs[0].next == h.runs[0].end {
		last := len(h.runs) - 1
		h.runs[0] = h.runs[last]
		h.runs = h.runs[:last]
	}
	for i := 0; ; {
		least, left, right := i, 2*i+1, 2*i+2
		if left < len(h.runs) && h.less(left, least) {
			least = left
		}
		if right < len(h.runs) && h.less(right, least) {
			least = right
		}
		if least == i {
			return
		}
		h.runs[i], h.runs[least] = h.runs[least], h.runs[i]
		i = least
	}
}

// dedup drops repeats from sorted errors: errors with the same file, line,
// message and test (go vet and go test report an error of a package once
// for it and once for its test variant). Repeats share a file and line, so
// they are neighbours once sorted; of each, the first stays.
func dedup(errs []Error) []Error {
	w, group := 0, 0 // errs[group:w] are the kept errors at the current file and line
	var many map[errKey]bool
	for r := range errs {
		e := &errs[r]
		if w > 0 && (errs[w-1].Line != e.Line || errs[w-1].File != e.File) {
			group, many = w, nil
		}
		if w-group > 16 && many == nil {
			// Errors with no position share "line 0": a set, not a scan.
			many = make(map[errKey]bool)
			for i := group; i < w; i++ {
				many[errKey{msg: errs[i].Message, test: errs[i].Test}] = true
			}
		}
		dup := false
		if many != nil {
			k := errKey{msg: e.Message, test: e.Test}
			dup = many[k]
			many[k] = true
		} else {
			for i := group; i < w && !dup; i++ {
				dup = errs[i].Message == e.Message && errs[i].Test == e.Test
			}
		}
		if !dup {
			errs[w] = *e
			w++
		}
	}
	clear(errs[w:])
	return errs[:w]
}

func compareErrors(a, b *Error) int {
	if a.File != b.File { // interned: usually the same string, compared at once
		return strings.Compare(a.File, b.File)
	}
	if a.Line != b.Line {
		return cmp.Compare(a.Line, b.Line)
	}
	return cmp.Compare(a.Column, b.Column)
}
