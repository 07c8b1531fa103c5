package cli

import (
	"fmt"
	"slices"

	"github.com/faultline-go/faultline/filter"
)

// parseChecks are the values `faultline parse --check` accepts.
var parseChecks = []string{"build", "vet", "lint", "test"}

// parse implements `faultline parse`: one check's raw output on stdin, one
// JSON object on stdout (or another format). The exit status is 0 whenever
// parsing worked, errors found or not.
func (e *env) parse() int {
	fs := e.newFlags()
	check := fs.String("check", "", "the check that produced the output: build, vet, lint or test")
	dir := dirFlag(fs)
	var out outputFlags
	out.add(fs, false)
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if code, done := e.noArgs(fs, "the output is read from stdin"); done {
		return code
	}
	if err := out.validate(); err != nil {
		return e.usageError(fmt.Errorf("parse: %w", err))
	}
	if !slices.Contains(parseChecks, *check) {
		if *check == "" {
			return e.usageError(fmt.Errorf("parse: --check is required (build, vet, lint or test)"))
		}
		return e.usageError(fmt.Errorf("parse: unknown check %q (want build, vet, lint or test)", *check))
	}
	abs, err := e.resolveDir(*dir)
	if err != nil {
		return e.usageError(err)
	}
	res, err := filter.ParseReader(e.stdin, filter.CheckName(*check), filter.Options{Dir: abs})
	if err != nil {
		return e.failure(fmt.Errorf("parse: reading stdin: %w", err))
	}
	for _, n := range res.Notes {
		fmt.Fprintf(e.stderr, "faultline: parse: %s\n", n)
	}
	status := "passed"
	if len(res.Errors) > 0 {
		status = "failed"
	}
	rep := checkReport{Dir: moduleRoot(abs), Status: status, FailedCheck: *check, Checks: []checkSummary{},
		Result: &resultJSON{ParseResult: res}}
	if err := out.render(e, &rendered{report: rep, cwd: abs, parseOnly: true}); err != nil {
		return e.failure(fmt.Errorf("parse: %w", err))
	}
	if out.format == "prompt" && status == "failed" && !out.exitZero {
		return exitFail
	}
	return exitOK
}
