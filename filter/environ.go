package filter

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// InModule reports whether the error is located in a file of the module
// (see InModulePath). Errors in GOROOT, the module cache or another module
// and errors that name no file are not: nothing outside the module is a
// fix target.
func (e Error) InModule() bool { return InModulePath(e.File) }

// InModulePath reports whether a module-relative path (as Error.File has
// it) lies inside the module: not absolute (nor a Windows drive), and not
// climbing out of it once cleaned ("a/../../x" does).
func InModulePath(file string) bool {
	if file == "" || strings.HasPrefix(file, "/") || strings.HasPrefix(file, `\`) ||
		len(file) > 1 && file[1] == ':' {
		return false
	}
	c := path.Clean(strings.ReplaceAll(file, `\`, "/"))
	return c != ".." && !strings.HasPrefix(c, "../") && c != "."
}

// environmentPatterns are messages of the tools that say the environment,
// not the code, is wrong: a tool that cannot be started, a Go too old for
// go.mod, a linter built with an older Go than the code's, a download that
// cannot happen.
var environmentPatterns = []struct {
	re     *regexp.Regexp
	remedy string
}{
	{regexp.MustCompile(`fork/exec .*: (no such file or directory|permission denied|exec format error)|executable file not found in \$PATH`),
		"a program the check runs is missing or not executable: install it or fix the check's arguments"},
	{regexp.MustCompile(`requires go >= \S+ \(running go \S+; GOTOOLCHAIN=local\)|toolchain not available|go: downloading go\S+ .*: .*`),
		"the installed Go is older than go.mod asks: install that Go, or allow GOTOOLCHAIN to fetch it"},
	{regexp.MustCompile(`file requires newer Go version (go\S+) \(application built with (go\S+)\)|compiled with go\S+ .* cannot (load|analyze) .*go\S+`),
		"golangci-lint was built with an older Go than the one in use: reinstall it with the current Go (go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@VERSION)"},
	{regexp.MustCompile(`module lookup disabled by GOPROXY=off|dial tcp .*: (connection refused|i/o timeout|no such host)|proxy\.golang\.org.*(timeout|refused)|verifying module: .*: (Get|dial)`),
		"a module could not be downloaded: check the network, GOPROXY, or run go mod download first"},
	{regexp.MustCompile(`(?m)^panic: .*\n\ngoroutine \d+ \[running\]:\n(.|\n)*golangci`),
		"golangci-lint crashed: this is a linter failure, not the code's; check its version against the Go in use"},
}

// environmentFailure tells a failed check whose failure lies in the
// environment: its errors all outside the module, or a tool's message that
// the environment is wrong. It returns the note naming the cause and the
// remedy.
func environmentFailure(o Outcome) (string, bool) {
	for _, e := range o.Parsed.Errors {
		if e.InModule() {
			return "", false // at least one error is the code's to fix
		}
	}
	text := o.Output
	for _, e := range o.Parsed.Errors {
		text += "\n" + e.Message
	}
	for _, p := range environmentPatterns {
		if m := p.re.FindString(text); m != "" {
			return fmt.Sprintf("could not run: %s (%s)", p.remedy, strings.TrimSpace(firstLineOf(m))), true
		}
	}
	located := 0
	for _, e := range o.Parsed.Errors {
		if e.File != "" {
			located++
		}
	}
	if located > 0 && located == len(o.Parsed.Errors) {
		first := o.Parsed.Errors[0]
		return fmt.Sprintf("could not run: every error lies outside the module (%s:%d: %s): the toolchain or a dependency, not this module's code; check that the Go in use and the module's dependencies match",
			first.File, first.Line, firstLineOf(first.Message)), true
	}
	return "", false
}

func firstLineOf(s string) string {
	f, _, _ := strings.Cut(s, "\n")
	return f
}
