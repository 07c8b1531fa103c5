package filter

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
)

// compilerHandler parses what go build and go vet print, and custom checks
// that use the file:line:col: message convention: compiler-style text (a
// section), go build -json events (a section per package) and go vet -json
// objects, on one line or indented over many.
type compilerHandler struct {
	out      sink
	res      *resolver
	tool     CheckName
	text     *section            // plain-text lines
	sections map[string]*section // go build -json output of packages still building, by ImportPath
	vetJSON  bool                // go vet -json objects may appear
	jsonBuf  []string            // lines of a multi-line JSON object (go vet -json)
	scratch  []byte              // an unescaped JSON string of the current line
}

func newCompilerHandler(out sink, res *resolver, tool CheckName) *compilerHandler {
	return &compilerHandler{out: out, res: res, tool: tool, text: newSection(out, res, tool), vetJSON: tool != ToolBuild}
}

func (h *compilerHandler) line(l string) {
	switch {
	case h.jsonBuf != nil:
		h.jsonLine(l)
	case l == "{" && h.vetJSON:
		h.jsonBuf = append(h.jsonBuf, "{")
	default:
		h.text.line(l)
	}
}

func (h *compilerHandler) object(b []byte) bool {
	if h.jsonBuf != nil {
		return false // inside a multi-line object: a line of it
	}
	var ev event
	if decodeJSONEvent(b, &ev, &h.scratch) {
		h.event(&ev)
		return true
	}
	return h.vetJSON && h.vetObject(b)
}

// event handles a go build -json event. Its strings may be views.
func (h *compilerHandler) event(ev *event) {
	switch ev.Action {
	case "build-output":
		sec := h.sectionFor(ev.ImportPath)
		sec.text.feed(ev.Output, sec.line)
	case "build-fail":
		if s, ok := h.sections[ev.ImportPath]; ok {
			s.finish()
			delete(h.sections, ev.ImportPath) // done: memory stays bounded
		}
	case "output":
		// Not go build's: a test event in a build log. Its text is text.
		for _, l := range strings.Split(strings.TrimSuffix(ev.Output, "\n"), "\n") {
			h.text.line(view(cleanLine(bytesOf(l))))
		}
	}
}

// sectionFor returns the section that parses go build -json output of the
// package ip, creating it on first use. Its package comes from the "# pkg"
// header in the output, as in text mode: for load errors ImportPath names
// the missing import instead.
func (h *compilerHandler) sectionFor(ip string) *section {
	return streamFor(&h.sections, ip, func(string) *section { return newSection(h.out, h.res, h.tool) })
}

func (h *compilerHandler) finish() {
	h.abortJSON()
	// Packages whose output did not end (the stream was cut off).
	for _, ip := range slices.Sorted(maps.Keys(h.sections)) {
		h.sections[ip].finish()
	}
	h.text.finish()
}

// streamFor returns m[key], made by mk on first use; the key is kept.
func streamFor[T any](m *map[string]T, key string, mk func(key string) T) T {
	if v, ok := (*m)[key]; ok {
		return v
	}
	if *m == nil {
		*m = make(map[string]T)
	}
	key = keep(key)
	v := mk(key)
	(*m)[key] = v
	return v
}

// eventText reassembles the lines of JSON events' Output fields, which may
// hold several lines or part of one (test2json splits long lines).
type eventText struct {
	partial string
}

// feed passes each complete, cleaned line of out to line. out may be a
// view: what is kept of it is copied.
func (e *eventText) feed(out string, line func(string)) {
	for out != "" {
		i := strings.IndexByte(out, '\n')
		if i < 0 {
			e.partial += out
			if len(e.partial) == len(out) {
				e.partial = keep(out) // "" + out is out itself
			}
			if len(e.partial) > MaxLineBytes {
				e.partial = e.partial[:MaxLineBytes]
			}
			return
		}
		l := out[:i]
		if e.partial != "" {
			l = e.partial + l
			e.partial = ""
		}
		line(view(cleanLine(bytesOf(l))))
		out = out[i+1:]
	}
}

// flush passes an unfinished last line to line.
func (e *eventText) flush(line func(string)) {
	if e.partial != "" {
		l := e.partial
		e.partial = ""
		line(view(cleanLine(bytesOf(l))))
	}
}

// jsonLine collects the lines of an indented JSON object such as go vet
// -json prints, and parses it when its closing brace arrives. Lines that
// cannot belong to such an object end the attempt: what was collected is
// parsed as text instead.
func (h *compilerHandler) jsonLine(l string) {
	switch {
	case l == "}":
		lines := h.jsonBuf
		h.jsonBuf = nil
		lines = append(lines, l)
		if !h.vetObject([]byte(strings.Join(lines, "\n"))) {
			h.replay(lines)
		}
	case (strings.HasPrefix(l, "\t") || strings.HasPrefix(l, " ")) && len(h.jsonBuf) < maxJSONObjectLines:
		h.jsonBuf = append(h.jsonBuf, keep(l))
	default:
		h.abortJSON()
		h.line(l)
	}
}

// maxJSONObjectLines bounds the lines of a multi-line JSON object held
// before it is parsed: a longer "object" is parsed as text.
const maxJSONObjectLines = 1 << 16

// abortJSON parses the lines of an unfinished JSON object as text.
func (h *compilerHandler) abortJSON() {
	if h.jsonBuf == nil {
		return
	}
	lines := h.jsonBuf
	h.jsonBuf = nil
	h.replay(lines)
}

func (h *compilerHandler) replay(lines []string) {
	for _, l := range lines {
		h.text.line(l)
	}
}

// vetDiagnostic is one finding in go vet -json output.
type vetDiagnostic struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// vetObject parses one go vet -json object:
//
//	{"import/path": {"analyzer": [{"posn": "/abs/x.go:1:2", "message": "..."}]}}
//
// where an analyzer that failed has {"error": "..."} instead of a list. It
// keeps the order of packages and analyzers as printed and returns false
// when data is not such an object.
func (h *compilerHandler) vetObject(data []byte) bool {
	var tree orderedObject
	if err := json.Unmarshal(data, &tree); err != nil {
		return false
	}
	var errs []Error
	for _, pkg := range tree {
		var analyzers orderedObject
		if err := json.Unmarshal(pkg.value, &analyzers); err != nil {
			return false
		}
		for _, an := range analyzers {
			found, ok := h.vetAnalyzer(stripTestVariant(pkg.key), an.key, an.value)
			if !ok {
				return false
			}
			errs = append(errs, found...)
		}
	}
	for _, e := range errs {
		h.out.add(e)
	}
	return true
}

func (h *compilerHandler) vetAnalyzer(pkg, analyzer string, value json.RawMessage) ([]Error, bool) {
	value = bytes.TrimSpace(value)
	if len(value) > 0 && value[0] == '{' {
		var failed struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(value, &failed); err != nil || failed.Error == "" {
			return nil, false
		}
		e := Error{Message: failed.Error, Tool: ToolVet, Package: pkg, Linter: analyzer}
		if pos, ok := scanPosition(failed.Error); ok {
			e.File, e.Line, e.Column, e.Message = h.res.resolve(pos.file), pos.line, pos.col, pos.msg
		}
		return []Error{e}, true
	}
	var diags []vetDiagnostic
	if err := json.Unmarshal(value, &diags); err != nil {
		return nil, false
	}
	errs := make([]Error, 0, len(diags))
	for _, d := range diags {
		e := Error{Message: d.Message, Tool: ToolVet, Package: pkg, Linter: analyzer}
		if pos, ok := scanPosition(d.Posn + ":"); ok {
			e.File, e.Line, e.Column = h.res.resolve(pos.file), pos.line, pos.col
		}
		if e.File == "" && e.Message == "" {
			continue // says nothing
		}
		errs = append(errs, e)
	}
	return errs, true
}

var errNotObject = errors.New("filter: not a JSON object")

// orderedObject decodes a JSON object keeping its members in order.
type orderedObject []member

type member struct {
	key   string
	value json.RawMessage
}

// UnmarshalJSON implements json.Unmarshaler.
func (o *orderedObject) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errNotObject
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, ok := tok.(string)
		if !ok {
			return errNotObject
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*o = append(*o, member{key: key, value: v})
	}
	return nil
}
