package cli

import (
	"flag"
	"fmt"
	"io"

	"github.com/faultline-go/faultline/loop"
)

const reviewSynopsis = "review [--cycle N] < reviewer-reply.txt"

// review implements `faultline review`: a reviewer's reply on stdin, its
// findings, verifications, report and approval as JSON on stdout.
func (e *env) review() int {
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
	data, err := io.ReadAll(io.LimitReader(e.stdin, 64<<20))
	if err != nil {
		return e.failure(fmt.Errorf("review: reading stdin: %v", err))
	}
	r := loop.ParseReview(string(data))
	for i := range r.Findings {
		r.Findings[i].Cycle = *cycle
	}
	if err := writeJSON(e.stdout, r); err != nil {
		return e.failure(err)
	}
	return exitOK
}
