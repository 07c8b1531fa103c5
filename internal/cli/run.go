package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/faultline-go/faultline/filter"
)

const runSynopsis = "run --check NAME [--dir DIR] [--timeout D] -- CMD [ARGS...]"

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
// stderr and exit code, parse the output as the named check's, print JSON.
// It is the chain's runner for harnesses written in other languages.
func (e *env) run() int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	check := fs.String("check", "", "the parser for the output: build, vet, lint, test, or a custom name (compiler-style text)")
	dir := fs.String("dir", ".", "the directory to run the command in")
	timeout := fs.Duration("timeout", filter.DefaultCheckTimeout, "kill the command's process group after this long")
	if err := e.flags(fs, runSynopsis); err != nil {
		if err == errHelp {
			return exitOK
		}
		return e.usageError(err)
	}
	if *check == "" {
		return e.usageError(fmt.Errorf("run: --check is required"))
	}
	if fs.NArg() == 0 {
		return e.usageError(fmt.Errorf("run: no command (usage: faultline %s)", runSynopsis))
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		return e.usageError(fmt.Errorf("run: --dir: %v", err))
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return e.usageError(fmt.Errorf("run: --dir %s is not a directory", *dir))
	}
	chain := &filter.Chain{Dir: abs, Timeout: *timeout, Checks: []filter.Check{{Name: *check, Command: fs.Args()}}}
	ctx, stop := signalContext()
	defer stop()
	o, _ := chain.RunCheck(ctx, *check)
	sum := summarize(o)
	rep := runReport{
		resultJSON:   *newResultJSON(o),
		Status:       string(o.Status),
		ExitCode:     sum.ExitCode,
		ElapsedMS:    sum.ElapsedMS,
		TimedOut:     o.TimedOut,
		DroppedBytes: o.DroppedBytes,
		Note:         o.Note,
	}
	if err := writeJSON(e.stdout, rep); err != nil {
		return e.failure(err)
	}
	switch o.Status {
	case filter.StatusPassed:
		return exitOK
	case filter.StatusFailed:
		return exitFail
	}
	return exitCannotRun
}
