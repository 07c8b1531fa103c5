package cli

import (
	"fmt"

	"github.com/faultline-go/faultline/filter"
)

// runReport is the JSON `faultline run` prints: the parse result of the
// command's output with how the command ran.
type runReport struct {
	resultJSON
	Status       string `json:"status"` // passed, failed, error
	ExitCode     *int   `json:"exit_code,omitempty"`
	ElapsedMS    int64  `json:"elapsed_ms"`
	TimedOut     bool   `json:"timed_out,omitempty"`
	DroppedBytes int64  `json:"dropped_bytes,omitempty"`
	Note         string `json:"note,omitempty"`
}

// run implements `faultline run`: run one command, capture its stdout and
// stderr and exit code, parse the output as the named check's, print it.
// It is the chain's runner for harnesses written in other languages.
func (e *env) run() int {
	fs := e.newFlags()
	check := fs.String("check", "", "the parser for the output: build, vet, lint, test, or a custom name (compiler-style text)")
	dir := fs.String("dir", ".", "the directory to run the command in")
	timeout := fs.Duration("timeout", filter.DefaultCheckTimeout, "kill the command's process group after this long")
	var out outputFlags
	out.add(fs, false)
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if err := out.validate(); err != nil {
		return e.usageError(fmt.Errorf("run: %w", err))
	}
	if *check == "" {
		return e.usageError(fmt.Errorf("run: --check is required"))
	}
	if fs.NArg() == 0 {
		return e.usageError(fmt.Errorf("run: no command (usage: faultline run %s)", e.cmd.args))
	}
	abs, err := e.resolveDir(*dir)
	if err != nil {
		return e.usageError(err)
	}
	chain := &filter.Chain{Dir: abs, Timeout: *timeout, Checks: []filter.Check{{Name: *check, Command: fs.Args()}},
		RecordTests: out.format == "junit"}
	ctx, stop := signalContext()
	defer stop()
	o, _ := chain.RunCheck(ctx, *check)
	rep := newCheckReport(moduleRoot(abs), chain.Checks, []filter.Outcome{o})
	if out.format == "json" {
		sum := summarize(o)
		rj := runReport{
			resultJSON:   *newResultJSON(o),
			Status:       string(o.Status),
			ExitCode:     sum.ExitCode,
			ElapsedMS:    sum.ElapsedMS,
			TimedOut:     o.TimedOut,
			DroppedBytes: o.DroppedBytes,
			Note:         o.Note,
		}
		if err := writeJSON(e.stdout, rj); err != nil {
			return e.failure(err)
		}
	} else if err := out.render(e, &rendered{report: rep, failed: &o, outcomes: []filter.Outcome{o}, cwd: abs}); err != nil {
		return e.failure(err)
	}
	return statusCode(rep.Status, out)
}
