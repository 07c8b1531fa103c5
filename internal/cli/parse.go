package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
)

// parseChecks are the values `faultline parse --check` accepts.
var parseChecks = []string{"build", "vet", "lint", "test"}

// parse implements `faultline parse`: one check's raw output on stdin, one
// JSON object on stdout.
func (e *env) parse() int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	check := fs.String("check", "", "the check that produced the output: build, vet, lint or test")
	dir := fs.String("dir", ".", "the directory the command ran in; the module root is found from it")
	if err := e.flags(fs, "parse --check build|vet|lint|test [--dir DIR] < output"); err != nil {
		if err == errHelp {
			return exitOK
		}
		return e.usageError(err)
	}
	if fs.NArg() > 0 {
		return e.usageError(fmt.Errorf("parse: unexpected argument %q (the output is read from stdin)", fs.Arg(0)))
	}
	if !slices.Contains(parseChecks, *check) {
		if *check == "" {
			return e.usageError(fmt.Errorf("parse: --check is required (build, vet, lint or test)"))
		}
		return e.usageError(fmt.Errorf("parse: unknown check %q (want build, vet, lint or test)", *check))
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		return e.usageError(fmt.Errorf("parse: --dir: %v", err))
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return e.usageError(fmt.Errorf("parse: --dir %s is not a directory", *dir))
	}
	res, err := filter.ParseReader(e.stdin, *check, filter.Options{Dir: abs})
	if err != nil {
		return e.failure(fmt.Errorf("parse: reading stdin: %v", err))
	}
	errkind.Annotate(res.Errors)
	if err := writeJSON(e.stdout, res); err != nil {
		return e.failure(fmt.Errorf("parse: %v", err))
	}
	for _, n := range res.Notes {
		fmt.Fprintf(e.stderr, "faultline: parse: %s\n", n)
	}
	return exitOK
}
