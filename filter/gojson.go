package filter

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// event is one line of `go build -json` or `go test -json` (test2json)
// output. Both are read with one type: build events carry ImportPath, test
// events carry Package and Test.
type event struct {
	ImportPath  string
	Action      string
	Output      string
	Package     string
	Test        string
	FailedBuild string
}

// event handles a line that may be a go build -json or go test -json
// event. It returns false when the line is not one, so that it is parsed as
// text (a program may print JSON of its own).
func (p *Parser) event(b []byte) bool {
	if !bytes.Contains(b, []byte(`"Action":`)) {
		return false // a program's own JSON, such as a log line
	}
	var ev event
	if !decodeEvent(b, &ev, &p.scratch) {
		ev = event{}
		if err := json.Unmarshal(b, &ev); err != nil {
			return false
		}
	}
	if ev.Action == "" {
		return false
	}
	// ev's strings may be views of b or p.scratch: what is stored of them
	// is kept (streamFor, name, the streams' own package).
	switch ev.Action {
	case "build-output":
		sec := p.sectionFor(ev.ImportPath)
		sec.text.feed(ev.Output, sec.line)
	case "build-fail":
		if s, ok := p.sections[ev.ImportPath]; ok {
			s.finish()
			delete(p.sections, ev.ImportPath) // done: memory stays bounded
		}
	case "output":
		if p.tool == ToolTest {
			t := p.testStreamFor(ev.Package)
			if ev.Test != "" {
				// test2json replaces the "=== NAME" lines of -v
				// output by this field.
				if ev.Test != t.cur {
					t.cur = t.name(ev.Test)
				}
				t.frames = t.frames[:0]
			}
			t.text.feed(ev.Output, t.line)
		} else {
			p.text.line(strings.TrimSuffix(view(cleanLine(bytesOf(ev.Output))), "\n"))
		}
	case "fail", "pass", "skip":
		if p.tool != ToolTest {
			break
		}
		t := p.testStreamFor(ev.Package)
		if ev.Test != "" {
			t.setResult(t.name(ev.Test), strings.ToUpper(ev.Action)[0])
			break
		}
		// The package ended: its output is complete.
		t.text.flush(t.line)
		if t.touched {
			// The package's result line was missing from its output.
			note := ""
			if ev.FailedBuild != "" {
				note = "build failed"
			}
			t.endPackage(t.pkg, ev.Action == "fail", note)
		}
		t.build.finish()
		delete(p.tests, t.pkg) // done: memory stays bounded
	}
	return true
}

// testStreamFor returns the stream that parses go test -json output of the
// package pkg, creating it on first use.
func (p *Parser) testStreamFor(pkg string) *testStream {
	return streamFor(&p.tests, pkg, p.newTestStream)
}

// sectionFor returns the section that parses go build -json output of the
// package ip, creating it on first use. Its package comes from the "# pkg"
// header in the output, as in text mode: for load errors ImportPath names
// the missing import instead.
func (p *Parser) sectionFor(ip string) *section {
	tool := p.tool
	if tool == ToolTest {
		tool = ToolBuild // go test -json: the compiler's output
	}
	return streamFor(&p.sections, ip, func(string) *section { return p.newSection(tool) })
}

// streamFor returns m[key], made by mk on first use.
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
func (p *Parser) jsonLine(l string) {
	switch {
	case l == "}":
		lines := p.jsonBuf
		p.jsonBuf = nil
		lines = append(lines, l)
		if !p.vetObject([]byte(strings.Join(lines, "\n"))) {
			p.replay(lines)
		}
	case strings.HasPrefix(l, "\t") || strings.HasPrefix(l, " "):
		p.jsonBuf = append(p.jsonBuf, keep(l))
	default:
		p.abortJSON()
		p.text.line(l)
	}
}

// abortJSON parses the lines of an unfinished JSON object as text.
func (p *Parser) abortJSON() {
	if p.jsonBuf == nil {
		return
	}
	lines := p.jsonBuf
	p.jsonBuf = nil
	p.replay(lines)
}

func (p *Parser) replay(lines []string) {
	for _, l := range lines {
		p.text.line(l)
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
func (p *Parser) vetObject(data []byte) bool {
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
			found, ok := p.vetAnalyzer(stripTestVariant(pkg.key), an.key, an.value)
			if !ok {
				return false
			}
			errs = append(errs, found...)
		}
	}
	for _, e := range errs {
		p.add(e)
	}
	return true
}

func (p *Parser) vetAnalyzer(pkg, analyzer string, value json.RawMessage) ([]Error, bool) {
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
			e.File, e.Line, e.Column, e.Message = p.res.resolve(pos.file), pos.line, pos.col, pos.msg
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
			e.File, e.Line, e.Column = p.res.resolve(pos.file), pos.line, pos.col
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
