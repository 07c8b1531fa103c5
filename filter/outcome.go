package filter

import (
	"strconv"
	"strings"

	"github.com/faultline-go/faultline/internal/textutil"
)

// maxFailureBytes bounds FailureOutput.
const maxFailureBytes = 32 << 10

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
		if e.File != "" {
			b.WriteString(e.File)
			if e.Line > 0 {
				b.WriteString(":" + strconv.Itoa(e.Line))
				if e.Column > 0 {
					b.WriteString(":" + strconv.Itoa(e.Column))
				}
			}
			b.WriteString(": ")
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
