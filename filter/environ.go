package filter

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/faultline-go/faultline/internal/proc"
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

// GolangciLintGo is the lint check's Preflight (see Check): golangci-lint
// built with an older Go than the toolchain in use cannot type-check that
// Go's standard library — it reports errors in GOROOT files ("unknown field
// rfd in struct literal of type splicePipe") or panics ("file requires
// newer Go version go1.27 (application built with go1.26)") — so the check
// could not run, whatever the code. It compares the Go that `golangci-lint
// version` names with `go env GOVERSION` in dir (the go that golangci-lint
// itself runs there, toolchain switches included) by language version:
// go1.26.8 lints for go1.26.1 and for go1.25, not for go1.27. When either
// version cannot be told it says nothing and the check runs.
func GolangciLintGo(ctx context.Context, program, dir string, env []string) string {
	lintOut, ok := output(ctx, dir, env, program, "version")
	if !ok {
		return ""
	}
	m := lintVersion.FindStringSubmatch(lintOut)
	if m == nil {
		return ""
	}
	version, builtWith := strings.TrimPrefix(m[1], "v"), m[2]
	goOut, ok := output(ctx, dir, env, "go", "env", "GOVERSION")
	if !ok {
		return ""
	}
	inUse := strings.TrimSpace(goOut)
	older, ok := olderLanguage(builtWith, inUse)
	if !ok || !older {
		return ""
	}
	return fmt.Sprintf("could not run: golangci-lint %s was built with %s, older than the %s in use, so it cannot type-check that Go's standard library: reinstall it with the current Go (go install %s@%s)",
		version, builtWith, inUse, lintInstallPath(version), installVersion(version))
}

// lintVersion matches `golangci-lint version`: "golangci-lint has version
// 2.15.0 built with go1.26.8 from ..." (v1 and v2 alike).
var lintVersion = regexp.MustCompile(`has version (\S+) built with (go\S+)`)

// langVersion matches the language version in a Go version: go1.27 in
// go1.27.4, go1.27rc1 and "devel go1.27-abcdef".
var langVersion = regexp.MustCompile(`go(\d+)\.(\d+)`)

// olderLanguage reports whether Go version a is of an older language
// version than b, and false for ok when either cannot be read.
func olderLanguage(a, b string) (older, ok bool) {
	ma, mb := langVersion.FindStringSubmatch(a), langVersion.FindStringSubmatch(b)
	if ma == nil || mb == nil {
		return false, false
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	if num(ma[1]) != num(mb[1]) {
		return num(ma[1]) < num(mb[1]), true
	}
	return num(ma[2]) < num(mb[2]), true
}

var releaseVersion = regexp.MustCompile(`^\d+\.\d+\.\d+$`)

// lintInstallPath is the package to go install for a golangci-lint version.
func lintInstallPath(version string) string {
	if strings.HasPrefix(version, "1.") {
		return "github.com/golangci/golangci-lint/cmd/golangci-lint"
	}
	return "github.com/golangci/golangci-lint/v2/cmd/golangci-lint"
}

// installVersion is the module version to reinstall: the one in use when
// it reads as a release, else latest.
func installVersion(version string) string {
	if releaseVersion.MatchString(version) {
		return "v" + version
	}
	return "latest"
}

// output runs a short command for what it prints on stdout; ok is false
// when it could not run or failed.
func output(ctx context.Context, dir string, env []string, args ...string) (string, bool) {
	var out bytes.Buffer
	run, err := proc.Run(ctx, proc.Cmd{Args: args, Dir: dir, Env: env, Stdout: &out, Timeout: time.Minute})
	if err != nil || run.ExitCode != 0 {
		return "", false
	}
	return out.String(), true
}
