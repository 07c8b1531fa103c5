package cli

import (
	"fmt"
	"path/filepath"

	"github.com/faultline-go/faultline/autofix"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
)

// fixReport is the JSON of `faultline fix --format json`.
type fixReport struct {
	Dir     string            `json:"dir"`
	Applied []fixEntry        `json:"applied"`
	Skipped []fixEntry        `json:"skipped"`
	After   []checkSummary    `json:"after"`
	Status  string            `json:"status"` // passed, failed, error: the checks after the fixes
	Result  *resultJSON       `json:"result,omitempty"`
	DryRun  bool              `json:"dry_run,omitempty"`
	Diffs   map[string]string `json:"diffs,omitempty"`
}

// fixEntry is one fix in a fixReport.
type fixEntry struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Tool    string `json:"tool"`
	Linter  string `json:"linter"`
	Message string `json:"message"`
	Finding string `json:"finding"`
	Reason  string `json:"reason,omitempty"`
}

// fix implements `faultline fix`: apply the fixes go vet and golangci-lint
// computed themselves, then run those checks again.
func (e *env) fix() int {
	fs := e.newFlags()
	dryRun := fs.Bool("dry-run", false, "show the fixes as diffs and change nothing")
	skipLint := fs.Bool("skip-lint", false, "only go vet's fixes, not golangci-lint's")
	module := fs.Bool("module", false, "the whole module, wherever in it DIR is")
	var out outputFlags
	out.add(fs, true)
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if fs.NArg() > 1 {
		return e.usageError(fmt.Errorf("fix: want at most one directory"))
	}
	if err := out.validate(); err != nil {
		return e.usageError(fmt.Errorf("fix: %w", err))
	}
	sc, err := resolveScope(fs.Arg(0), *module)
	if err != nil {
		return e.cannotRun(fmt.Errorf("fix: %w", err))
	}
	if sc.workspace != "" {
		return e.cannotRun(fmt.Errorf("fix: %s is a workspace: run faultline fix in one of its modules", filepath.Dir(sc.workspace)))
	}
	t := sc.targets[0]
	ctx, stop := signalContext()
	defer stop()
	fixes, err := autofix.Collect(ctx, t.root, t.pattern, *skipLint)
	if err != nil {
		return e.cannotRun(fmt.Errorf("fix: %w", err))
	}
	rep := fixReport{Dir: t.root, Applied: []fixEntry{}, Skipped: []fixEntry{}, DryRun: *dryRun}
	entry := func(f autofix.Fix, reason string) fixEntry {
		return fixEntry{File: displayPath(sc.cwd, t.root, relTo(t.root, f.File)), Line: f.Line, Tool: f.Tool, Linter: f.Linter,
			Message: f.Message, Finding: f.Finding, Reason: reason}
	}
	if *dryRun {
		rep.Diffs = map[string]string{}
		for _, f := range fixes {
			en := entry(f, "")
			rep.Applied = append(rep.Applied, en)
			rep.Diffs[fmt.Sprintf("%s:%d %s", en.File, en.Line, f.Linter)] = autofix.Diff(t.root, f)
		}
	} else {
		res, err := autofix.Apply(t.root, fixes)
		for _, f := range res.Applied {
			rep.Applied = append(rep.Applied, entry(f, ""))
		}
		for _, s := range res.Skipped {
			rep.Skipped = append(rep.Skipped, entry(s.Fix, s.Reason))
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "faultline: fix: %v\n", oneLine(err.Error()))
		}
	}

	// The checks the fixes came from, again.
	checks := []string{"vet"}
	if !*skipLint {
		checks = append(checks, "lint")
	}
	chain := filter.DefaultChain(t.root, filter.ChainOptions{Packages: t.pattern})
	chain.Only(checks...)
	outs := chain.Run(ctx)
	cr := newCheckReport(t.root, chain.Checks, outs)
	rep.After, rep.Status, rep.Result = cr.Checks, cr.Status, cr.Result
	if out.format == "json" {
		if err := writeJSON(e.stdout, rep); err != nil {
			return e.failure(err)
		}
	} else {
		verbText := "applied"
		if *dryRun {
			verbText = "would apply"
		}
		fmt.Fprintf(e.stdout, "%s %s\n", verbText, textutil.Count(len(rep.Applied), "fix"))
		for _, a := range rep.Applied {
			fmt.Fprintf(e.stdout, "  %s:%d: %s (%s %s)\n", a.File, a.Line, a.Message, a.Tool, a.Linter)
		}
		if *dryRun {
			for _, a := range fixes {
				fmt.Fprint(e.stdout, autofix.Diff(t.root, a))
			}
		}
		if len(rep.Skipped) > 0 {
			fmt.Fprintf(e.stdout, "skipped %d:\n", len(rep.Skipped))
			for _, s := range rep.Skipped {
				fmt.Fprintf(e.stdout, "  %s:%d: %s (%s %s): %s\n", s.File, s.Line, s.Message, s.Tool, s.Linter, s.Reason)
			}
		}
		fmt.Fprintln(e.stdout)
		writeText(e.stdout, &rendered{report: cr, cwd: sc.cwd}, out.colored(e.stdout))
	}
	return statusCode(rep.Status, out)
}

// relTo makes an absolute file module-relative when it is inside root.
func relTo(root, file string) string {
	if rel, err := filepath.Rel(root, file); err == nil && !filepath.IsAbs(rel) && rel != ".." && !startsWithDotDot(rel) {
		return filepath.ToSlash(rel)
	}
	return file
}

func startsWithDotDot(rel string) bool {
	return len(rel) >= 3 && rel[:3] == ".."+string(filepath.Separator)
}
