package filter

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/faultline-go/faultline/internal/proc"
	"github.com/faultline-go/faultline/internal/textutil"
)

// Status is the outcome of one check.
type Status string

// The statuses of a check.
const (
	StatusPassed  Status = "passed"
	StatusFailed  Status = "failed"
	StatusSkipped Status = "skipped" // not run: an optional tool is missing, or an earlier check failed
	StatusError   Status = "error"   // could not run: the command does not exist, the directory is wrong
)

// Defaults for a Chain.
const (
	DefaultCheckTimeout = 10 * time.Minute
	DefaultMaxOutput    = 1 << 20 // bytes of output kept per check, head and tail
)

// Check is one named check: a command and the parser for its output.
type Check struct {
	// Name names the check: "build", "vet", "lint", "test" or a custom
	// name.
	Name string
	// Command is the program and its arguments.
	Command []string
	// Parser names the parser for the output: "build", "vet", "lint",
	// "test", or "" for the one of Name (a custom name gets the
	// compiler-style text parser).
	Parser string
	// Timeout bounds the run; 0 means the Chain's.
	Timeout time.Duration
	// Optional checks whose program is not installed are skipped with a
	// note instead of failing.
	Optional bool
	// FailOnFindings fails the check when errors are parsed even though
	// the command exited 0 (go vet -json does).
	FailOnFindings bool
	// Env is added to the environment of the command.
	Env []string
	// Preflight, if set, runs before the command with the program's path,
	// the directory and Env; a note means the environment cannot work
	// (status error, that note) and the command is not started: what the
	// tool would only show by failing confusingly. The default lint check
	// has GolangciLintGo.
	Preflight func(ctx context.Context, program, dir string, env []string) (note string)
}

// Outcome is what running one check produced.
type Outcome struct {
	CheckResult
	// Status says whether the check passed, failed, was skipped or could
	// not run.
	Status Status
	// Note explains a skip or an error, or that the check timed out.
	Note string
	// Parsed holds the errors found in the output of a check that failed;
	// a check that passed has none.
	Parsed ParseResult
	// TimedOut reports that the check was killed at its timeout.
	TimedOut bool
	// DroppedBytes is how much output was not kept (see Chain.MaxOutput).
	DroppedBytes int64
	// Ignored are the errors Chain.Ignore set aside, with why.
	Ignored []IgnoredError
	// Flaky are the errors of tests that failed, then passed when run
	// again alone (Chain.RerunFailedTests).
	Flaky []Error
	// OutputFile holds the check's complete output when it did not pass
	// (Chain.OutputDir): Output keeps only its head and tail.
	OutputFile string
}

// Failed reports whether the check ran and failed.
func (o Outcome) Failed() bool { return o.Status == StatusFailed }

// Chain runs checks in order and stops at the first that fails, as an agent
// loop does between a coder's edit and a reviewer.
type Chain struct {
	// Dir is where the checks run: the module root, usually.
	Dir string
	// Checks run in this order.
	Checks []Check
	// Timeout bounds each check that sets none; 0 means
	// DefaultCheckTimeout.
	Timeout time.Duration
	// MaxOutput bounds the output kept of each check: its head and tail,
	// with the number of bytes dropped between them. The whole output is
	// parsed regardless. 0 means DefaultMaxOutput.
	MaxOutput int
	// OnStart, if set, is called when a check starts.
	OnStart func(Check)
	// OnDone, if set, is called with each outcome.
	OnDone func(Outcome)
	// Ignore, if set, is asked about each error of a check that failed:
	// an error it gives a reason for ("pre-existing", "in a file excluded
	// by .faultline.yaml") moves to Outcome.Ignored, and a check that
	// failed with nothing but ignored errors passes, with a note, so that
	// the chain goes on.
	Ignore func(Error) (reason string)
	// OutputDir, if set, receives the complete output of each check that
	// does not pass, as NAME-N.log (up to MaxOutputFile bytes), named in
	// Outcome.OutputFile; the output of a check that passes is not kept.
	OutputDir string
	// RerunFailedTests re-runs each failed test of a go test check once,
	// alone: a test that then passes is flaky, reported in Outcome.Flaky
	// and not failing the check.
	RerunFailedTests bool
	// RecordTests keeps the result of every test a go test check ran in
	// Outcome.Parsed.Tests, passing ones too (a JUnit report lists them).
	RecordTests bool
}

// ChainOptions adjust the default chain.
type ChainOptions struct {
	// Race runs the tests with -race.
	Race bool
	// Args adds arguments to the named check's command, before the
	// package pattern.
	Args map[string][]string
	// Packages is the package pattern; "" means ./...
	Packages string
	// Timeout bounds each check; 0 means DefaultCheckTimeout.
	Timeout time.Duration
	// Custom checks run after the standard ones.
	Custom []Check
}

// DefaultChain returns the standard chain for the Go module in dir:
// build → vet → lint (golangci-lint, skipped with a note when it is not
// installed) → test. It prefers the tools' JSON output; stderr is captured
// with it, since some failures never reach the JSON.
func DefaultChain(dir string, opts ChainOptions) *Chain {
	pkgs := opts.Packages
	if pkgs == "" {
		pkgs = "./..."
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = DefaultCheckTimeout
	}
	with := func(name string, base ...string) []string {
		return append(append(base, opts.Args[name]...), pkgs)
	}
	testArgs := []string{"go", "test", "-json"}
	if opts.Race {
		testArgs = append(testArgs, "-race")
	}
	if !slices.ContainsFunc(opts.Args["test"], func(a string) bool { return strings.HasPrefix(a, "-timeout") }) {
		// Let go test time out first and print where each test is stuck.
		testArgs = append(testArgs, "-timeout", (timeout * 9 / 10).Round(time.Second).String())
	}
	checks := []Check{
		{Name: "build", Command: with("build", "go", "build", "-json")},
		{Name: "vet", Command: with("vet", "go", "vet", "-json"), FailOnFindings: true},
		{Name: "lint", Command: with("lint", "golangci-lint", "run", "--output.json.path", "stdout", "--show-stats=false"), Optional: true, Preflight: GolangciLintGo},
		{Name: "test", Command: with("test", testArgs...)},
	}
	return &Chain{Dir: dir, Checks: append(checks, opts.Custom...), Timeout: timeout}
}

// Only keeps the named checks of the chain, in the chain's order.
func (c *Chain) Only(names ...string) {
	c.Checks = slices.DeleteFunc(c.Checks, func(ch Check) bool { return !slices.Contains(names, ch.Name) })
}

// ErrNoCheck is returned for a check name the chain does not have.
var ErrNoCheck = errors.New("filter: no such check")

// Run runs every check in order and stops at the first one that fails or
// cannot run; the checks after it are not run.
func (c *Chain) Run(ctx context.Context) []Outcome {
	return c.run(ctx, c.Checks)
}

// RunFrom runs the checks from the named one onwards, stopping at the first
// failure: what a loop re-validates after fixing that check.
func (c *Chain) RunFrom(ctx context.Context, name string) ([]Outcome, error) {
	i := c.index(name)
	if i < 0 {
		return nil, fmt.Errorf("%w %q", ErrNoCheck, name)
	}
	return c.run(ctx, c.Checks[i:]), nil
}

// RunCheck runs only the named check.
func (c *Chain) RunCheck(ctx context.Context, name string) (Outcome, error) {
	i := c.index(name)
	if i < 0 {
		return Outcome{}, fmt.Errorf("%w %q", ErrNoCheck, name)
	}
	return c.runOne(ctx, c.Checks[i]), nil
}

// FirstFailure returns the first outcome that failed or could not run, and
// false when all passed or were skipped.
func FirstFailure(outs []Outcome) (Outcome, bool) {
	for _, o := range outs {
		if o.Status == StatusFailed || o.Status == StatusError {
			return o, true
		}
	}
	return Outcome{}, false
}

func (c *Chain) index(name string) int {
	return slices.IndexFunc(c.Checks, func(ch Check) bool { return ch.Name == name })
}

// RunAll runs every check, whatever fails: what a baseline needs, every
// check's errors.
func (c *Chain) RunAll(ctx context.Context) []Outcome {
	var outs []Outcome
	for _, ch := range c.Checks {
		outs = append(outs, c.runOne(ctx, ch))
		if ctx.Err() != nil {
			break
		}
	}
	return outs
}

func (c *Chain) run(ctx context.Context, checks []Check) []Outcome {
	var outs []Outcome
	for _, ch := range checks {
		o := c.runOne(ctx, ch)
		outs = append(outs, o)
		if o.Status == StatusFailed || o.Status == StatusError {
			break
		}
	}
	return outs
}

// runOne runs a check: its whole process group is killed at the timeout or
// when ctx is done; its output is parsed as it arrives and kept head and
// tail.
func (c *Chain) runOne(ctx context.Context, ch Check) Outcome {
	o := Outcome{CheckResult: CheckResult{Name: ch.Name, Dir: c.Dir, ExitCode: -1}}
	if len(ch.Command) == 0 {
		o.Status, o.Note = StatusError, "no command"
		return c.done(o)
	}
	path, err := exec.LookPath(ch.Command[0])
	if err != nil {
		o.Status, o.Note = StatusError, fmt.Sprintf("%s is not installed: %v", ch.Command[0], err)
		if ch.Optional {
			o.Status, o.Note = StatusSkipped, ch.Command[0]+" is not installed"
		}
		return c.done(o)
	}
	if c.OnStart != nil {
		c.OnStart(ch)
	}
	timeout := cmp.Or(ch.Timeout, c.Timeout, DefaultCheckTimeout)
	if ch.Preflight != nil {
		if note := ch.Preflight(ctx, path, c.Dir, ch.Env); note != "" {
			// Not the code's failure: no fix prompt, no breaker attempt.
			o.Status, o.Note = StatusError, note
			return c.done(o)
		}
	}
	parserName := ch.Parser
	if parserName == "" {
		parserName = ch.Name
	}
	parser := NewParser(CheckName(parserName), Options{Dir: c.Dir, RawLimit: -1, Tests: c.RecordTests})
	kept := textutil.NewHeadTail(cmp.Or(c.MaxOutput, DefaultMaxOutput))
	out := io.MultiWriter(kept, parser)
	var full *fullOutput
	if c.OutputDir != "" {
		if full = c.newFullOutput(ch.Name); full != nil {
			out = io.MultiWriter(kept, parser, full)
		}
	}

	run, err := proc.Run(ctx, proc.Cmd{
		Args:    append([]string{path}, ch.Command[1:]...),
		Dir:     c.Dir,
		Env:     ch.Env,
		Stdout:  out,
		Stderr:  out,
		Timeout: timeout,
	})
	o.Elapsed = run.Elapsed
	if full != nil {
		o.OutputFile = full.close()
	}
	o.Parsed = parser.Close()
	o.Parsed.CheckName = ch.Name
	o.Output = kept.String()
	o.Parsed.RawOutput = o.Output
	o.DroppedBytes = kept.Dropped()
	o.Truncated = o.DroppedBytes > 0
	o.ExitCode = run.ExitCode
	switch {
	case err != nil:
		o.Status, o.Note = StatusError, err.Error()
	case run.TimedOut:
		o.TimedOut = true
		o.Status, o.Note = StatusFailed, fmt.Sprintf("timed out after %v; its process group was killed", timeout)
	case run.Canceled:
		o.Status, o.Note = StatusError, "canceled: "+context.Cause(ctx).Error()
	case o.ExitCode != 0 || ch.FailOnFindings && len(o.Parsed.Errors) > 0:
		o.Status = StatusFailed
		if note, env := environmentFailure(o); env {
			// Not the code's failure: no fix prompt, no breaker attempt.
			o.Status, o.Note = StatusError, note
			break
		}
		if c.Ignore != nil && c.ignore(&o) {
			o.Status = StatusPassed
			o.Note = "failed only with ignored errors: " + ignoredSummary(o.Ignored)
		}
		if o.Status == StatusFailed && c.RerunFailedTests {
			c.rerunFlaky(ctx, ch, &o)
		}
	default:
		// A check that passed has nothing to fix: what its parser made of
		// stray output (go build -v lines, a banner) is not an error.
		o.Status = StatusPassed
		o.Parsed.Errors = []Error{}
	}
	return c.done(o)
}

// IgnoredError is an error Chain.Ignore set aside, and why.
type IgnoredError struct {
	Error
	Reason string `json:"reason"`
}

// ignore moves the errors Chain.Ignore ignores to o.Ignored, and reports
// whether nothing else made the check fail: errors were parsed, all were
// ignored, and the tool did not stop listing them.
func (c *Chain) ignore(o *Outcome) bool {
	kept := []Error{}
	for _, e := range o.Parsed.Errors {
		if why := c.Ignore(e); why != "" {
			o.Ignored = append(o.Ignored, IgnoredError{Error: e, Reason: why})
		} else {
			kept = append(kept, e)
		}
	}
	if len(o.Ignored) == 0 {
		return false
	}
	o.Parsed.Errors = kept
	return len(kept) == 0 && !o.Parsed.Truncated
}

// ignoredSummary counts ignored errors by reason: "3 pre-existing, 1 in a
// file excluded by .faultline.yaml".
func ignoredSummary(ignored []IgnoredError) string {
	var reasons []string
	count := map[string]int{}
	for _, e := range ignored {
		if count[e.Reason] == 0 {
			reasons = append(reasons, e.Reason)
		}
		count[e.Reason]++
	}
	parts := make([]string, len(reasons))
	for i, r := range reasons {
		parts[i] = fmt.Sprintf("%d %s", count[r], r)
	}
	return strings.Join(parts, ", ")
}

func (c *Chain) done(o Outcome) Outcome {
	if o.OutputFile != "" && (o.Status == StatusPassed || o.Status == StatusSkipped) {
		_ = os.Remove(o.OutputFile) // best effort: only failures' output is kept
		o.OutputFile = ""
	}
	if o.Parsed.Errors == nil {
		o.Parsed = ParseResult{CheckName: o.Name, Errors: []Error{}, RawOutput: o.Output}
	}
	if c.OnDone != nil {
		c.OnDone(o)
	}
	return o
}

// MaxOutputFile bounds the complete output kept on disk for one check.
const MaxOutputFile = 256 << 20

// outputSeq numbers the output files of a process's checks.
var outputSeq atomic.Int64

// fullOutput writes a check's whole output to a file, up to MaxOutputFile.
type fullOutput struct {
	f       *os.File
	n       int64
	dropped int64
}

func (c *Chain) newFullOutput(name string) *fullOutput {
	if err := os.MkdirAll(c.OutputDir, 0o755); err != nil {
		return nil
	}
	safe := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, name)
	f, err := os.Create(filepath.Join(c.OutputDir, fmt.Sprintf("%s-%d.log", safe, outputSeq.Add(1))))
	if err != nil {
		return nil
	}
	return &fullOutput{f: f}
}

// Write implements io.Writer; it never fails, so the check goes on.
func (w *fullOutput) Write(p []byte) (int, error) {
	n := len(p)
	if room := MaxOutputFile - w.n; int64(len(p)) > room {
		w.dropped += int64(len(p)) - max(room, 0)
		p = p[:max(room, 0)]
	}
	if len(p) > 0 {
		if _, err := w.f.Write(p); err != nil {
			w.dropped += int64(len(p))
		} else {
			w.n += int64(len(p))
		}
	}
	return n, nil
}

func (w *fullOutput) close() string {
	if w.dropped > 0 {
		fmt.Fprintf(w.f, "\n… [faultline: %d more bytes not kept: the file stops at %d bytes] …\n", w.dropped, MaxOutputFile)
	}
	_ = w.f.Close() // best effort: the output was parsed already; the file is a copy for people
	return w.f.Name()
}
