package filter

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/faultline-go/faultline/internal/proc"
	"github.com/faultline-go/faultline/internal/textutil"
)

// Bounds of the re-runs of failed tests.
const (
	maxRerunTests   = 10
	maxRerunElapsed = 2 * time.Minute
)

// rerunFlaky re-runs each failed test of a failed go test check once,
// alone (-run '^Name$' -count=1, in its package, with the check's other
// flags), within bounds. A test that then passes is flaky: its errors move
// to Outcome.Flaky, and a check that failed with nothing but flaky tests
// passes, with a note. A failure that names no test (a build failure, a
// package that crashed) is never flaky, and then nothing is re-run.
func (c *Chain) rerunFlaky(ctx context.Context, ch Check, o *Outcome) {
	if len(ch.Command) < 3 || ch.Command[0] != "go" && !strings.HasSuffix(ch.Command[0], "/go") || ch.Command[1] != "test" || o.Parsed.Truncated {
		return
	}
	type test struct{ pkg, name string }
	var tests []test
	for _, e := range o.Parsed.Errors {
		if e.Test == "" || e.Package == "" {
			return // not a test's failure: nothing here is flaky
		}
		t := test{e.Package, e.Test}
		if !slices.Contains(tests, t) {
			tests = append(tests, t)
		}
	}
	if len(tests) == 0 || len(tests) > maxRerunTests {
		return
	}
	deadline := time.Now().Add(maxRerunElapsed)
	flaky := map[test]bool{}
	for _, t := range tests {
		left := time.Until(deadline)
		if left <= 0 || ctx.Err() != nil {
			return
		}
		args := append([]string{}, ch.Command[:len(ch.Command)-1]...) // without the package pattern
		args = slices.DeleteFunc(args, func(a string) bool {
			return a == "-json" || strings.HasPrefix(a, "-count") || strings.HasPrefix(a, "-run")
		})
		args = append(args, "-json", "-count=1", "-run", runPattern(t.name), t.pkg)
		parser := NewParser("test", Options{Dir: c.Dir, RawLimit: -1})
		run, err := proc.Run(ctx, proc.Cmd{Args: args, Dir: c.Dir, Env: ch.Env, Stdout: parser, Stderr: parser, Timeout: left})
		res := parser.Close()
		if err == nil && !run.TimedOut && !run.Canceled && run.ExitCode == 0 && len(res.Errors) == 0 {
			flaky[t] = true
		}
	}
	if len(flaky) == 0 {
		return
	}
	kept := []Error{}
	for _, e := range o.Parsed.Errors {
		if flaky[test{e.Package, e.Test}] {
			o.Flaky = append(o.Flaky, e)
		} else {
			kept = append(kept, e)
		}
	}
	o.Parsed.Errors = kept
	note := fmt.Sprintf("%s failed, then passed alone: flaky, not the code's to fix now", textutil.Count(len(flaky), "test"))
	if len(kept) == 0 {
		o.Status = StatusPassed
	}
	o.Note = strings.TrimPrefix(o.Note+"; "+note, "; ")
}

// runPattern is the -run pattern that matches exactly one test or subtest:
// each level of its name anchored and quoted.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}
