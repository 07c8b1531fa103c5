package cli

import (
	"flag"
	"fmt"

	"github.com/faultline-go/faultline/review"
)

const reviewSynopsis = "review [--cycle N] < reviewer-reply.txt"

// review implements `faultline review`: a reviewer's reply on stdin, its
// findings, verifications, report and approval as JSON on stdout.
func (e *env) reviewCmd() int {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	cycle := fs.Int("cycle", 0, "the cycle the reply belongs to, recorded on its findings")
	if err := e.flags(fs, reviewSynopsis); err != nil {
		if err == errHelp {
			return exitOK
		}
		return e.usageError(err)
	}
	if fs.NArg() > 0 {
		return e.usageError(fmt.Errorf("review: unexpected argument %q (the reply is read from stdin)", fs.Arg(0)))
	}
	r, err := review.ParseReader(e.stdin)
	if err != nil {
		// No approval from a reply that could not be read whole.
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
