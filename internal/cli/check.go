package cli

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
)

// exitCannotRun is the status of check and run when the checks could not
// run at all (no Go, no module, a command that does not exist).
const exitCannotRun = 3

//go:embed testdata/example.txtar
var exampleModule []byte

// checkFlags are the flags of `faultline check`.
type checkFlags struct {
	json     bool
	example  bool
	race     bool
	timeout  time.Duration
	from     string
	only     string
	packages string
}

const checkSynopsis = "check [--json] [--example] [--race] [--timeout D] [--from CHECK | --only CHECK] [--packages PATTERN] [DIR]"

// check implements `faultline check`: run build → vet → golangci-lint →
// test in a module and show the errors of the first check that fails.
func (e *env) check() int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	var f checkFlags
	fs.BoolVar(&f.json, "json", false, "print JSON instead of text")
	fs.BoolVar(&f.example, "example", false, "run on a broken example module built into faultline")
	fs.BoolVar(&f.race, "race", false, "run the tests with -race")
	fs.DurationVar(&f.timeout, "timeout", filter.DefaultCheckTimeout, "time limit of each check")
	fs.StringVar(&f.from, "from", "", "start the chain at this check (build, vet, lint, test)")
	fs.StringVar(&f.only, "only", "", "run only this check")
	fs.StringVar(&f.packages, "packages", "./...", "the package pattern to check")
	if err := e.flags(fs, checkSynopsis); err != nil {
		if err == errHelp {
			return exitOK
		}
		return e.usageError(err)
	}
	if fs.NArg() > 1 {
		return e.usageError(fmt.Errorf("check: want at most one directory, got %d arguments", fs.NArg()))
	}
	if f.from != "" && f.only != "" {
		return e.usageError(errors.New("check: --from and --only do not go together"))
	}
	dir, cleanup, err := e.checkDir(fs.Arg(0), f.example)
	if err != nil {
		return e.cannotRun(err)
	}
	defer cleanup()

	chain := filter.DefaultChain(dir, filter.ChainOptions{Race: f.race, Timeout: f.timeout, Packages: f.packages})
	prog := newProgress(e.stderr)
	chain.OnStart = prog.start
	chain.OnDone = func(filter.Outcome) { prog.stop() }

	ctx, stop := signalContext()
	defer stop()
	var outs []filter.Outcome
	asked := chain.Checks
	switch {
	case f.only != "":
		var o filter.Outcome
		o, err = chain.RunCheck(ctx, f.only)
		outs = []filter.Outcome{o}
		asked = checksFrom(chain, f.only)[:min(1, len(checksFrom(chain, f.only)))]
	case f.from != "":
		outs, err = chain.RunFrom(ctx, f.from)
		asked = checksFrom(chain, f.from)
	default:
		outs = chain.Run(ctx)
	}
	if err != nil {
		return e.usageError(fmt.Errorf("check: %v (the checks are build, vet, lint, test)", err))
	}
	rep := newCheckReport(dir, asked, outs)
	if f.json {
		if err := writeJSON(e.stdout, rep); err != nil {
			return e.failure(err)
		}
	} else {
		rep.writeText(e.stdout)
	}
	switch rep.Status {
	case "passed":
		return exitOK
	case "failed":
		return exitFail
	}
	return exitCannotRun
}

// checkDir returns the directory to check: the argument, the working
// directory's module, or (with --example, or outside any module when no
// directory was named) the example module written to a temporary directory.
func (e *env) checkDir(arg string, example bool) (string, func(), error) {
	none := func() {}
	if !example && arg != "" {
		abs, err := filepath.Abs(arg)
		if err != nil {
			return "", none, err
		}
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			return "", none, fmt.Errorf("check: %s is not a directory", arg)
		}
		if root, ok := filter.FindModuleRoot(abs); ok {
			return root, none, nil
		}
		return "", none, fmt.Errorf("check: %s is not inside a Go module (no go.mod)", arg)
	}
	if !example {
		if root, ok := filter.FindModuleRoot("."); ok {
			return root, none, nil
		}
		fmt.Fprintln(e.stderr, "faultline: not inside a Go module; checking the built-in example module instead")
	}
	dir, err := writeExample()
	if err != nil {
		return "", none, err
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// writeExample writes the example module to a new temporary directory.
func writeExample() (string, error) {
	dir, err := os.MkdirTemp("", "faultline-example-")
	if err != nil {
		return "", err
	}
	for _, f := range txtar.Parse(exampleModule).Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// cannotRun prints a one-line error and returns exitCannotRun.
func (e *env) cannotRun(err error) int {
	fmt.Fprintf(e.stderr, "faultline: %s\n", oneLine(err.Error()))
	return exitCannotRun
}

// checkReport is the JSON `faultline check --json` prints.
type checkReport struct {
	Dir    string `json:"dir"`
	Status string `json:"status"` // passed, failed, error
	// FailedCheck names the check that failed or could not run.
	FailedCheck string         `json:"failed_check,omitempty"`
	Checks      []checkSummary `json:"checks"`
	// Result holds the errors of the failed check.
	Result *resultJSON `json:"result,omitempty"`
	// BuildError classifies the failure (package errkind).
	BuildError *errkind.BuildError `json:"build_error,omitempty"`
}

// checkSummary is one check in a checkReport.
type checkSummary struct {
	Name         string `json:"name"`
	Status       string `json:"status"` // passed, failed, skipped, error, not_run
	ExitCode     *int   `json:"exit_code,omitempty"`
	ElapsedMS    int64  `json:"elapsed_ms"`
	ErrorCount   int    `json:"error_count"`
	TimedOut     bool   `json:"timed_out,omitempty"`
	DroppedBytes int64  `json:"dropped_bytes,omitempty"`
	Note         string `json:"note,omitempty"`
}

// resultJSON is a parse result with the raw output added when no error
// could be parsed from it: the fallback a caller then needs.
type resultJSON struct {
	filter.ParseResult
	RawOutput string   `json:"raw_output,omitempty"`
	Notes     []string `json:"notes,omitempty"`
}

func newResultJSON(o filter.Outcome) *resultJSON {
	errkind.Annotate(o.Parsed.Errors)
	r := &resultJSON{ParseResult: o.Parsed, Notes: o.Parsed.Notes}
	if len(o.Parsed.Errors) == 0 {
		r.RawOutput = o.Output
	}
	return r
}

func summarize(o filter.Outcome) checkSummary {
	s := checkSummary{
		Name:         o.Name,
		Status:       string(o.Status),
		ElapsedMS:    o.Elapsed.Milliseconds(),
		ErrorCount:   len(o.Parsed.Errors),
		TimedOut:     o.TimedOut,
		DroppedBytes: o.DroppedBytes,
		Note:         o.Note,
	}
	if o.Status == filter.StatusPassed || o.Status == filter.StatusFailed {
		code := o.ExitCode
		s.ExitCode = &code
	}
	return s
}

// checksFrom returns the chain's checks from the named one on.
func checksFrom(chain *filter.Chain, name string) []filter.Check {
	for i, ch := range chain.Checks {
		if ch.Name == name {
			return chain.Checks[i:]
		}
	}
	return nil
}

// newCheckReport reports the outcomes of the checks asked for; those the
// chain did not reach are "not_run".
func newCheckReport(dir string, asked []filter.Check, outs []filter.Outcome) checkReport {
	rep := checkReport{Dir: dir, Status: "passed", Checks: []checkSummary{}}
	for i, ch := range asked {
		if i < len(outs) {
			rep.Checks = append(rep.Checks, summarize(outs[i]))
			continue
		}
		rep.Checks = append(rep.Checks, checkSummary{Name: ch.Name, Status: "not_run"})
	}
	if o, ok := filter.FirstFailure(outs); ok {
		rep.Status = "failed"
		if o.Status == filter.StatusError {
			rep.Status = "error"
		}
		rep.FailedCheck = o.Name
		rep.Result = newResultJSON(o)
		be := new(errkind.Builder).FromOutcome(o)
		rep.BuildError = &be
	}
	return rep
}

// writeText prints the report for a person: one line per check, then the
// failed check's errors grouped by file.
func (r checkReport) writeText(w io.Writer) {
	fmt.Fprintf(w, "faultline check %s\n\n", r.Dir)
	for _, c := range r.Checks {
		line := fmt.Sprintf("  %-6s %-8s", c.Name, strings.ToUpper(c.Status))
		switch c.Status {
		case "passed", "failed":
			line += fmt.Sprintf(" %6.1fs", float64(c.ElapsedMS)/1000)
			if c.ErrorCount > 0 {
				line += fmt.Sprintf("  %d %s", c.ErrorCount, textutil.Plural(c.ErrorCount, "error"))
			}
		case "not_run":
			line = fmt.Sprintf("  %-6s %-8s", c.Name, "-")
		}
		if c.Note != "" {
			line += "  (" + c.Note + ")"
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if r.Result == nil {
		fmt.Fprintln(w, "\nall checks passed")
		return
	}
	errs := r.Result.Errors
	if len(errs) == 0 {
		fmt.Fprintf(w, "\n%s %s, but no error could be parsed from its output:\n\n%s\n", r.FailedCheck, verb(r.Status), strings.TrimRight(r.Result.RawOutput, "\n"))
		return
	}
	files := 0
	last := "\x00"
	for _, e := range errs {
		if e.File != last {
			files++
			last = e.File
		}
	}
	fmt.Fprintf(w, "\n%s %s: %d %s in %d %s", r.FailedCheck, verb(r.Status), len(errs), textutil.Plural(len(errs), "error"), files, textutil.Plural(files, "file"))
	if r.Result.Truncated {
		fmt.Fprint(w, " (the tool stopped early: there are more)")
	}
	fmt.Fprintln(w)
	for _, n := range r.Result.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	last = "\x00"
	for _, e := range errs {
		if e.File != last {
			last = e.File
			name := e.File
			if name == "" {
				name = "(no file)"
			}
			fmt.Fprintf(w, "\n%s\n", name)
		}
		writeTextError(w, e)
	}
}

func writeTextError(w io.Writer, e filter.Error) {
	pos := ""
	if e.Line > 0 {
		pos = fmt.Sprint(e.Line)
		if e.Column > 0 {
			pos += fmt.Sprintf(":%d", e.Column)
		}
	}
	var tags []string
	if e.Linter != "" {
		tags = append(tags, e.Linter)
	}
	if e.Test != "" {
		tags = append(tags, e.Test)
	}
	first, rest, _ := strings.Cut(e.Message, "\n")
	fmt.Fprintf(w, "  %-7s %s", pos, first)
	if len(tags) > 0 {
		fmt.Fprintf(w, "  [%s]", strings.Join(tags, " "))
	}
	fmt.Fprintln(w)
	if rest != "" {
		for _, l := range strings.Split(rest, "\n") {
			fmt.Fprintf(w, "          %s\n", strings.TrimLeft(l, "\t"))
		}
	}
}

func verb(status string) string {
	if status == "error" {
		return "could not run"
	}
	return "failed"
}
