package cli

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
)

//go:embed testdata/example.txtar
var exampleModule []byte

// selection are the flags that choose what a chain runs: check and loop
// share them.
type selection struct {
	from, only, skip             string
	buildArgs, vetArgs, lintArgs string
	testArgs                     string
	race                         bool
	timeout                      time.Duration
	packages                     string
	module                       bool
	example                      bool
	newFromRev, baselineFile     string
	noRerun                      bool
}

// add declares the flags.
func (s *selection) add(fs *flag.FlagSet) {
	fs.StringVar(&s.from, "from", "", "start the chain at this check")
	fs.StringVar(&s.only, "only", "", "run only this check")
	fs.StringVar(&s.skip, "skip", "", "checks not to run, comma-separated (e.g. lint)")
	fs.StringVar(&s.buildArgs, "build-args", "", "extra arguments for go build (quoted as a shell does)")
	fs.StringVar(&s.vetArgs, "vet-args", "", "extra arguments for go vet")
	fs.StringVar(&s.lintArgs, "lint-args", "", "extra arguments for golangci-lint run")
	fs.StringVar(&s.testArgs, "test-args", "", "extra arguments for go test (e.g. '-short -count=1')")
	fs.BoolVar(&s.race, "race", false, "run the tests with -race")
	fs.DurationVar(&s.timeout, "timeout", 0, fmt.Sprintf("time limit of each check (default %v, or the configuration's)", filter.DefaultCheckTimeout))
	fs.StringVar(&s.packages, "packages", "", "the package pattern to check (default: the packages under DIR, or the whole module with --module)")
	fs.BoolVar(&s.module, "module", false, "check the whole module, wherever in it DIR is")
	fs.BoolVar(&s.example, "example", false, "check a broken example module built into faultline instead")
	fs.StringVar(&s.newFromRev, "new-from-rev", "", "report only errors not already there at this git revision (checked on a temporary worktree, cached)")
	fs.BoolVar(&s.noRerun, "no-rerun", false, "do not re-run a failed test alone to tell a flaky test from a failing one")
	fs.StringVar(&s.baselineFile, "baseline", "", "report only errors not in this saved `faultline check --format json` result")
}

// options turns the flags into chain options.
func (s *selection) options() (chainOptions, error) {
	o := chainOptions{skip: splitList(s.skip), race: s.race, timeout: s.timeout, packages: s.packages, args: map[string][]string{}, rerun: !s.noRerun}
	for name, v := range map[string]string{"build": s.buildArgs, "vet": s.vetArgs, "lint": s.lintArgs, "test": s.testArgs} {
		if v == "" {
			continue
		}
		args, err := textutil.SplitArgs(v)
		if err != nil {
			return o, fmt.Errorf("--%s-args: %w", name, err)
		}
		o.args[name] = args
	}
	if s.from != "" && s.only != "" {
		return o, errors.New("--from and --only do not go together")
	}
	if s.newFromRev != "" && s.baselineFile != "" {
		return o, errors.New("--new-from-rev and --baseline do not go together")
	}
	if s.baselineFile != "" {
		b, err := loadBaselineFile(s.baselineFile)
		if err != nil {
			return o, fmt.Errorf("--baseline: %w", err)
		}
		o.baseline = b
	}
	return o, nil
}

// check implements `faultline check`: run build → vet → golangci-lint →
// test (and custom checks) in a module, or in each module of a workspace,
// and show the errors of the first check that fails.
func (e *env) check() int {
	fs := e.newFlags()
	var sel selection
	sel.add(fs)
	var out outputFlags
	out.add(fs, true)
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if fs.NArg() > 1 {
		return e.usageError(fmt.Errorf("check: want at most one directory, got %d arguments", fs.NArg()))
	}
	if err := out.validate(); err != nil {
		return e.usageError(fmt.Errorf("check: %w", err))
	}
	opts, err := sel.options()
	if err != nil {
		return e.usageError(fmt.Errorf("check: %w", err))
	}
	sc, cleanup, err := e.checkScope(fs.Arg(0), sel)
	if err != nil {
		return e.cannotRun(fmt.Errorf("check: %w", err))
	}
	defer cleanup()
	ctx, stop := signalContext()
	defer stop()

	rep := checkReport{Dir: sc.targets[0].root, Status: "passed", Checks: []checkSummary{}}
	if sc.workspace != "" {
		rep.Dir = filepath.Dir(sc.workspace)
	}
	var failed *filter.Outcome
	var all []filter.Outcome
	for _, t := range sc.targets {
		cfg, err := loadConfig(t.root)
		if err != nil {
			if errors.Is(err, errConfig) {
				return e.usageError(err)
			}
			return e.cannotRun(err)
		}
		topts := opts
		if sel.newFromRev != "" {
			b, err := baselineOfRev(ctx, t, cfg, opts, sel.newFromRev)
			if err != nil {
				return e.cannotRun(fmt.Errorf("check: %w", err))
			}
			topts.baseline = b
		}
		chain, err := buildChain(t, cfg, topts)
		if err != nil {
			return e.usageError(fmt.Errorf("check: %w", err))
		}
		prog := newProgress(e.stderr)
		chain.OnStart = prog.start
		chain.OnDone = func(filter.Outcome) { prog.stop() }
		chain.RecordTests = out.format == "junit"
		var outs []filter.Outcome
		asked := chain.Checks
		switch {
		case sel.only != "":
			var o filter.Outcome
			o, err = chain.RunCheck(ctx, sel.only)
			outs, asked = []filter.Outcome{o}, checksFrom(chain, sel.only)[:min(1, len(checksFrom(chain, sel.only)))]
		case sel.from != "":
			outs, err = chain.RunFrom(ctx, sel.from)
			asked = checksFrom(chain, sel.from)
		default:
			outs = chain.Run(ctx)
		}
		if err != nil {
			return e.usageError(fmt.Errorf("check: %w (the checks are %s)", err, checkNames(chain)))
		}
		all = append(all, outs...)
		mr := newCheckReport(t.root, asked, outs)
		if sc.workspace != "" {
			rep.Modules = append(rep.Modules, mr)
		} else {
			rep = mr
		}
		if sc.workspace != "" {
			rep.Flaky = append(rep.Flaky, mr.Flaky...)
		}
		if o, ok := filter.FirstFailure(outs); ok {
			failed = &o
			if sc.workspace != "" {
				rep.Status, rep.FailedCheck, rep.Result, rep.BuildError = mr.Status, mr.FailedCheck, mr.Result, mr.BuildError
			}
			break
		}
	}
	res := &rendered{report: rep, failed: failed, outcomes: all, cwd: sc.cwd}
	if err := out.render(e, res); err != nil {
		return e.failure(err)
	}
	return statusCode(rep.Status, out)
}

// statusCode is the exit status of a report's status.
func statusCode(status string, out outputFlags) int {
	switch status {
	case "passed":
		return exitOK
	case "failed":
		if out.exitZero {
			return exitOK
		}
		return exitFail
	}
	return exitCannotRun
}

// checkScope resolves what to check; with --example, the example module
// written to a temporary directory.
func (e *env) checkScope(arg string, sel selection) (scope, func(), error) {
	none := func() {}
	if !sel.example {
		sc, err := resolveScope(arg, sel.module)
		return sc, none, err
	}
	if arg != "" {
		return scope{}, none, errors.New("--example checks the built-in example: give no directory")
	}
	dir, err := writeExample()
	if err != nil {
		return scope{}, none, err
	}
	// Its paths print relative to the example, which is gone afterwards.
	return scope{cwd: dir, targets: []target{{root: dir, pattern: "./..."}}}, func() { _ = os.RemoveAll(dir) }, nil
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

// checkReport is the JSON `faultline check --format json` prints.
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
	// Flaky are the errors of tests that failed, then passed alone: not
	// failing the run, not the code's to fix now.
	Flaky []filter.Error `json:"flaky,omitempty"`
	// Modules are the reports of a workspace's modules, in go.work's
	// order, up to the first that failed; the fields above repeat that
	// one's failure.
	Modules []checkReport `json:"modules,omitempty"`
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
	Preexisting  int    `json:"preexisting,omitempty"`
	Note         string `json:"note,omitempty"`
}

// resultJSON is a parse result with the raw output added when no error
// could be parsed from it: the fallback a caller then needs.
type resultJSON struct {
	filter.ParseResult
	// Preexisting are the errors of the check that were already there
	// (--new-from-rev, --baseline): not the change's, not to fix now.
	Preexisting []filter.Error `json:"preexisting,omitempty"`
	// Flaky are the errors of its tests that passed when run alone.
	Flaky     []filter.Error `json:"flaky,omitempty"`
	RawOutput string         `json:"raw_output,omitempty"`
	Notes     []string       `json:"notes,omitempty"`
}

func newResultJSON(o filter.Outcome) *resultJSON {
	r := &resultJSON{ParseResult: o.Parsed, Notes: o.Parsed.Notes, Preexisting: preexisting(o), Flaky: o.Flaky}
	if len(o.Parsed.Errors) == 0 {
		r.RawOutput = o.Output
	}
	return r
}

// preexisting are the errors of an outcome the baseline set aside.
func preexisting(o filter.Outcome) []filter.Error {
	var out []filter.Error
	for _, ig := range o.Ignored {
		if strings.HasPrefix(ig.Reason, "pre-existing") {
			out = append(out, ig.Error)
		}
	}
	return out
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
	s.Preexisting = len(preexisting(o))
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
	for _, o := range outs {
		rep.Flaky = append(rep.Flaky, o.Flaky...)
	}
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

func verb(status string) string {
	if status == "error" {
		return "could not run"
	}
	return "failed"
}
