package cli

import (
	"fmt"

	"github.com/faultline-go/faultline/review"
)

// reviewCmd implements `faultline review`: a reviewer's reply on stdin, its
// findings, verifications, report and approval as JSON on stdout. A reply
// that cannot be read whole decides nothing: exit status 3.
func (e *env) reviewCmd() int {
	fs := e.newFlags()
	cycle := fs.Int("cycle", 0, "the cycle the reply belongs to, recorded on its findings")
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if code, done := e.noArgs(fs, "the reply is read from stdin"); done {
		return code
	}
	r, err := review.ParseReader(e.stdin)
	if err != nil {
		fmt.Fprintf(e.stderr, "faultline review: %v: no decision on approval (a reviewer reply over %d MiB cannot be trusted whole)\n", err, review.MaxReplyBytes>>20)
		return exitCannotRun
	}
	for _, n := range r.Notes {
		fmt.Fprintln(e.stderr, "faultline review: "+n)
	}
	for i := range r.Findings {
		r.Findings[i].Cycle = *cycle
	}
	if err := writeJSON(e.stdout, r); err != nil {
		return e.failure(err)
	}
	return exitOK
}
