package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/prompt"
)

const promptSynopsis = "prompt --check build|vet|lint|test [--dir DIR] [--task ID] [--budget USD] [--max-errors N] [--context N] < output"

// prompt implements `faultline prompt`: a failing check's raw output on
// stdin, the focused fix prompt on stdout.
func (e *env) promptCmd() int {
	fs := flag.NewFlagSet("prompt", flag.ContinueOnError)
	check := fs.String("check", "", "the check that produced the output: build, vet, lint or test")
	dir := fs.String("dir", ".", "the directory the command ran in; the module root is found from it")
	task := fs.String("task", "", "the task's ID, for the prompt's header")
	budget := fs.Float64("budget", 0, "the fix pass's budget in USD; 0 gives no budget hint")
	maxErrors := fs.Int("max-errors", prompt.DefaultPromptErrors, "errors listed before \"… and N more\"")
	context := fs.Int("context", prompt.DefaultContextLines, "source lines shown before and after each error (-1: none)")
	if err := e.flags(fs, promptSynopsis); err != nil {
		if err == errHelp {
			return exitOK
		}
		return e.usageError(err)
	}
	if fs.NArg() > 0 {
		return e.usageError(fmt.Errorf("prompt: unexpected argument %q (the output is read from stdin)", fs.Arg(0)))
	}
	if !slices.Contains(parseChecks, *check) {
		return e.usageError(fmt.Errorf("prompt: --check must be build, vet, lint or test, not %q", *check))
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		return e.usageError(fmt.Errorf("prompt: --dir: %v", err))
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return e.usageError(fmt.Errorf("prompt: --dir %s is not a directory", *dir))
	}
	res, err := filter.ParseReader(e.stdin, *check, filter.Options{Dir: abs})
	if err != nil {
		return e.failure(fmt.Errorf("prompt: reading stdin: %v", err))
	}
	errkind.Annotate(res.Errors)
	root, ok := filter.FindModuleRoot(abs)
	if !ok {
		root = abs
	}
	io.WriteString(e.stdout, prompt.Fix(prompt.Failure{TaskID: *task, Check: *check, Result: res}, prompt.Options{
		BudgetUSD: *budget, MaxErrors: *maxErrors, ModuleDir: root, ContextLines: contextLines(*context),
	}))
	return exitOK
}

// contextLines turns the flag's "0 lines" into the option's "none".
func contextLines(n int) int {
	if n == 0 {
		return -1
	}
	return n
}
