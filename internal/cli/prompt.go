package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/prompt"
)

// promptCmd implements `faultline prompt`: a failing check's raw output on
// stdin, the focused fix prompt on stdout. It exits 1 when there is
// something to fix, as a linter does, and prints nothing and exits 0 for
// empty output.
func (e *env) promptCmd() int {
	fs := e.newFlags()
	check := fs.String("check", "", "the check that produced the output: build, vet, lint or test")
	dir := dirFlag(fs)
	task := fs.String("task", "", "the task's ID, for the prompt's header")
	budget := fs.Float64("budget", 0, "the fix pass's budget in USD; 0 gives no budget hint")
	maxErrors := fs.Int("max-errors", prompt.DefaultPromptErrors, "locations shown with their whole message; the others are listed one line each, never dropped")
	maxBytes := fs.Int("max-bytes", prompt.DefaultMaxBytes, "the prompt's size budget in bytes: examples, then source, then messages give way, never a location, test or file")
	context := fs.Int("context", prompt.DefaultContextLines, "source lines shown before and after each error (0: none)")
	exitZero := fs.Bool("exit-zero", false, "exit 0 even when there are errors to fix")
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if code, done := e.noArgs(fs, "the output is read from stdin"); done {
		return code
	}
	if !slices.Contains(parseChecks, *check) {
		return e.usageError(fmt.Errorf("prompt: --check must be build, vet, lint or test, not %q", *check))
	}
	abs, err := e.resolveDir(*dir)
	if err != nil {
		return e.usageError(err)
	}
	res, err := filter.ParseReader(e.stdin, filter.CheckName(*check), filter.Options{Dir: abs})
	if err != nil {
		return e.failure(fmt.Errorf("prompt: reading stdin: %w", err))
	}
	if len(res.Errors) == 0 && strings.TrimSpace(res.RawOutput) == "" {
		return exitOK // nothing failed: nothing to fix, no prompt
	}
	if _, err := io.WriteString(e.stdout, prompt.Fix(prompt.Failure{TaskID: *task, Check: *check, Result: res}, prompt.Options{
		BudgetUSD: *budget, MaxErrors: *maxErrors, MaxBytes: *maxBytes, ModuleDir: moduleRoot(abs), ContextLines: contextLines(*context),
	})); err != nil {
		return e.failure(fmt.Errorf("prompt: %w", err))
	}
	if *exitZero {
		return exitOK
	}
	return exitFail // a prompt with something to fix, even if only raw output
}

// contextLines turns the flag's "0 lines" into the option's "none".
func contextLines(n int) int {
	if n == 0 {
		return -1
	}
	return n
}
