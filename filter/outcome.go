package filter

import (
	"strconv"
	"strings"

	"github.com/faultline-go/faultline/internal/textutil"
)

// maxFailureBytes bounds FailureOutput.
const maxFailureBytes = 32 << 10

// Position is "file:line:col", as much of it as is known: "file:line" with
// no column, "file" with no line, "" with no file. It is the one place that
// writes a position.
func Position(file string, line, col int) string {
	if file == "" {
		return ""
	}
	if line <= 0 {
		return file
	}
	if col <= 0 {
		return file + ":" + strconv.Itoa(line)
	}
	return file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

// Position is the error's "file:line:col" (see the function Position).
func (e Error) Position() string { return Position(e.File, e.Line, e.Column) }

// FailureOutput is the part of a check's output that says why it failed,
// for records and BuildErrors: its errors in the toolchain's own form
// ("file:line:col: message", continuation lines indented), or, when none
// was parsed, the tail of its output — never the passing tests' JSON that
// fills most of a go test -json stream. It is "" for a check that passed,
// and bounded to a few tens of KB with a marker where it was cut.
func (o Outcome) FailureOutput() string {
	if o.Status == StatusPassed || o.Status == StatusSkipped {
		return ""
	}
	if len(o.Parsed.Errors) == 0 {
		var b strings.Builder
		if o.Note != "" {
			b.WriteString(o.Note + "\n")
		}
		b.WriteString(textutil.LastLines(o.Output, 60))
		return textutil.Clip(b.String(), maxFailureBytes)
	}
	var b strings.Builder
	for _, e := range o.Parsed.Errors {
		if pos := e.Position(); pos != "" {
			b.WriteString(pos + ": ")
		}
		if e.Test != "" {
			b.WriteString(e.Test + ": ")
		}
		b.WriteString(strings.ReplaceAll(e.Message, "\n", "\n\t"))
		b.WriteByte('\n')
		if b.Len() > 2*maxFailureBytes {
			break
		}
	}
	if o.Parsed.Truncated {
		b.WriteString("(the tool stopped listing errors: there are more)\n")
	}
	return textutil.Clip(b.String(), maxFailureBytes)
}
