package filter

import (
	"strconv"
	"strings"
)

// testifyReport is a failure report of github.com/stretchr/testify's
// assert and require packages, as printed under a "file:line: " line whose
// message is empty:
//
//	x_test.go:22:
//	    	Error Trace:	/src/m/x_test.go:22
//	    	Error:      	Not equal:
//	    	            	expected: 1
//	    	            	actual  : 2
//	    	Test:       	TestEqual
//	    	Messages:   	the user's message
type testifyReport struct {
	trace    []string // Error Trace locations, innermost first
	errText  []string // the Error field, with its diff
	test     string
	messages []string
}

// parseTestify recognises a testify report in an error message.
func parseTestify(msg string) (testifyReport, bool) {
	var r testifyReport
	first, rest, ok := strings.Cut(msg, "\n")
	if !ok || strings.TrimSpace(first) != "" || !strings.HasPrefix(strings.TrimLeft(rest, " \t"), "Error Trace:") {
		return r, false
	}
	field := ""
	for _, l := range strings.Split(rest, "\n") {
		l = strings.TrimPrefix(strings.TrimLeft(l, " "), "\t")
		label, value, found := strings.Cut(l, "\t")
		if !found {
			label, value = "", l
		}
		if label = strings.TrimSpace(label); label != "" {
			field = strings.TrimSuffix(label, ":")
		}
		value = strings.TrimRight(value, " ")
		switch field {
		case "Error Trace":
			if v := strings.TrimSpace(value); v != "" {
				r.trace = append(r.trace, v)
			}
		case "Error":
			r.errText = append(r.errText, value)
		case "Test":
			r.test = strings.TrimSpace(value)
		case "Messages":
			r.messages = append(r.messages, value)
		default:
			// Unknown fields (newer testify) stay in the message.
			if label != "" {
				r.errText = append(r.errText, label+" "+strings.TrimSpace(value))
			} else {
				r.errText = append(r.errText, value)
			}
		}
	}
	return r, len(r.errText) > 0 || len(r.trace) > 0
}

// apply turns the error whose message is the report into the failure it
// describes: located at the innermost Error Trace entry (the assertion, even
// inside a helper in another package), with the Error text and its diff as
// the message, the user's Messages after it, and the outer trace entries
// last.
func (r testifyReport) apply(e Error, res *resolver) Error {
	if len(r.trace) > 0 {
		if file, line, ok := frameLocation(r.trace[0]); ok {
			e.File, e.Line, e.Column = file, line, 0
		}
	}
	lines := append([]string(nil), r.errText...)
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(r.messages) > 0 {
		lines = append(lines, "Messages: "+strings.Join(r.messages, "\n"))
	}
	if len(r.trace) > 1 {
		outer := make([]string, 0, len(r.trace)-1)
		for _, tr := range r.trace[1:] {
			if file, line, ok := frameLocation(tr); ok && (isAbsSlash(toSlash(file)) || strings.Contains(file, "/")) {
				tr = res.resolve(file) + ":" + strconv.Itoa(line)
			}
			outer = append(outer, tr)
		}
		lines = append(lines, "called from: "+strings.Join(outer, ", "))
	}
	e.Message = strings.Join(lines, "\n")
	if e.Test == "" {
		e.Test = r.test
	}
	return e
}
