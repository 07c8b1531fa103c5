package faultline_test

// The testscript suite: every testdata/scripts/*.txtar holds a broken fixture
// module, runs the real toolchain on it, feeds the output to the faultline
// command and compares the result with expectations kept in the script
// (cmp sections) and with goldie snapshots in testdata/golden/<script>/.
//
// Refresh both kinds of expectation after an intended change or a toolchain
// upgrade with:
//
//	GOLDIE_UPDATE=1 go test -count=1 ./...

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
	"github.com/sebdah/goldie/v2"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/cli"
	"github.com/faultline-go/faultline/internal/scriptagent"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"faultline":   func() { os.Exit(cli.Main()) },
		"scriptagent": func() { os.Exit(scriptagent.Main()) },
		// Stand-ins for the CLI agents of the documented recipes: each
		// plays .agents/NAME in that agent's own output format.
		"claude": func() { os.Exit(scriptagent.MainAs("claude")) },
		"codex":  func() { os.Exit(scriptagent.MainAs("codex")) },
		"gemini": func() { os.Exit(scriptagent.MainAs("gemini")) },
		"aider":  func() { os.Exit(scriptagent.MainAs("aider")) },
	})
}

// updating reports whether the update knob is set; it refreshes goldie files
// and the cmp sections of scripts together.
func updating() bool {
	ok, _ := strconv.ParseBool(os.Getenv("GOLDIE_UPDATE"))
	return ok
}

func TestScripts(t *testing.T) {
	if _, err := scriptGo(); err != nil {
		t.Fatal(err)
	}
	hostEnv := goEnv(t, "GOCACHE", "GOMODCACHE", "GOPATH")
	goldenRoot, err := filepath.Abs(filepath.Join("testdata", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("scripts", func(t *testing.T) {
		testscript.Run(t, testscript.Params{
			Dir:                 filepath.Join("testdata", "scripts"),
			RequireExplicitExec: true,
			RequireUniqueNames:  true,
			UpdateScripts:       updating(),
			Condition:           scriptCondition,
			Setup: func(env *testscript.Env) error {
				// Hermetic toolchain runs: this Go, no network, no
				// user flags; the host's caches keep them fast.
				env.Setenv("GOTOOLCHAIN", "local")
				env.Setenv("GOPROXY", "off")
				env.Setenv("GOFLAGS", "")
				env.Setenv("GOENV", "off")
				env.Setenv("GOWORK", "off")
				for k, v := range hostEnv {
					env.Setenv(k, v)
				}
				// Nothing a script runs writes outside its work
				// directory: Go's telemetry and goimports' cache under
				// HOME, faultline's own state (loop artifacts, locks).
				env.Setenv("HOME", filepath.Join(env.WorkDir, ".home"))
				env.Setenv("FAULTLINE_STATE_DIR", filepath.Join(env.WorkDir, ".state"))
				// golangci-lint keeps its cache where the host does, one
				// per Go: its results for one toolchain's packages are
				// not another's.
				if cache := lintCache(); cache != "" {
					env.Setenv("GOLANGCI_LINT_CACHE", filepath.Join(cache, "faultline-"+regexp.MustCompile(`[^\w.-]+`).ReplaceAllString(runtime.Version(), "_")))
				}
				// The scripts run the Go that runs the suite: its bin
				// directory comes right after faultline's on PATH.
				// $FAULTLINE_BIN:$GOROOT_BIN is a PATH with go and
				// faultline but no golangci-lint.
				dirs := filepath.SplitList(env.Getenv("PATH"))
				gorootBin := filepath.Join(goroot(), "bin")
				env.Setenv("FAULTLINE_BIN", dirs[0])
				env.Setenv("GOROOT_BIN", gorootBin)
				env.Setenv("PATH", strings.Join(append([]string{dirs[0], gorootBin}, dirs[1:]...), string(os.PathListSeparator)))
				env.Values[tbKey{}] = env.T()
				return downloadDeps(env.WorkDir)
			},
			Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
				"capture":  cmdCapture,
				"exits":    cmdExits,
				"alive":    cmdAlive,
				"waitfile": cmdWaitFile,
				"signal":   cmdSignal,
				"sarif":    cmdSARIF,
				"expand":   cmdExpand,
				"junit":    cmdJUnit,
				"errors":   cmdErrors,
				"golden":   func(ts *testscript.TestScript, neg bool, args []string) { cmdGolden(ts, neg, args, goldenRoot) },
			},
		})
	})
	checkStaleGoldens(t, goldenRoot, filepath.Join("testdata", "scripts"))
}

// lintCache is the host's golangci-lint cache directory.
func lintCache() string {
	if dir := os.Getenv("GOLANGCI_LINT_CACHE"); dir != "" {
		return dir
	}
	if dir, err := os.UserCacheDir(); err == nil {
		return filepath.Join(dir, "golangci-lint")
	}
	return ""
}

// downloaded remembers the go.sum files whose modules are in the cache.
var downloaded sync.Map

// downloadDeps fetches the modules a fixture's go.sum lists (testify, say)
// into the module cache through the host's module proxy, once per go.sum,
// so that the script itself can run with GOPROXY=off.
func downloadDeps(dir string) error {
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		return nil // no dependencies
	}
	once, _ := downloaded.LoadOrStore(string(sum), sync.OnceValue(func() error {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("downloading the fixture's modules (the module proxy must be reachable once): %w\n%s", err, out)
		}
		return nil
	}))
	return once.(func() error)()
}

// goEnv returns the host's values of the named go env variables.
func goEnv(t *testing.T, names ...string) map[string]string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	vals := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(vals) != len(names) {
		t.Fatalf("go env printed %d lines for %d names", len(vals), len(names))
	}
	env := make(map[string]string, len(names))
	for i, n := range names {
		env[n] = vals[i]
	}
	return env
}

// cmdCapture runs a command with its stdout and stderr both written, in the
// order they arrive, to one file: the combined output faultline parses.
// With -orders it runs the command a second time with the two streams
// captured apart, as harnesses that read them separately do, and also
// writes FILE.stdout-first (stdout, then stderr) and FILE.stderr-first
// (stderr, then stdout).
//
//	usage: [!] capture [-orders] FILE CMD [ARGS...]
func cmdCapture(ts *testscript.TestScript, neg bool, args []string) {
	orders := len(args) > 0 && args[0] == "-orders"
	if orders {
		args = args[1:]
	}
	if len(args) < 2 {
		ts.Fatalf("usage: [!] capture [-orders] FILE CMD [ARGS...]")
	}
	var out bytes.Buffer
	runCaptured(ts, neg, args[1:], &out, &out)
	saveCapture(ts, args[0], out.Bytes())
	if !orders {
		return
	}
	var stdout, stderr bytes.Buffer
	runCaptured(ts, neg, args[1:], &stdout, &stderr)
	saveCapture(ts, args[0]+".stdout-first", slices.Concat(stdout.Bytes(), stderr.Bytes()))
	saveCapture(ts, args[0]+".stderr-first", slices.Concat(stderr.Bytes(), stdout.Bytes()))
}

// runCaptured runs args in the script's directory and environment. When
// stdout and stderr are the same writer, the command writes both to one
// pipe, as 2>&1 does.
func runCaptured(ts *testscript.TestScript, neg bool, args []string, stdout, stderr io.Writer) {
	path, err := exec.LookPath(args[0])
	ts.Check(err)
	cmd := exec.Command(path, args[1:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = scriptEnv(ts)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	runErr := cmd.Run()
	switch {
	case runErr == nil && neg:
		ts.Fatalf("%s unexpectedly succeeded", args[0])
	case runErr != nil && !neg:
		ts.Fatalf("%s: %v", args[0], runErr)
	}
}

// saveCapture writes a captured output to the script's file and, when
// FAULTLINE_CAPTURES names a directory, a normalised copy to
// $FAULTLINE_CAPTURES/<script>/NN-<file>.txt: the real outputs the parsers'
// fuzz targets and unit tests are seeded with (see filter/testdata/captured).
// Numbered in the order the script captures them: a script may capture
// into one file name several times.
func saveCapture(ts *testscript.TestScript, file string, data []byte) {
	ts.Check(os.WriteFile(ts.MkAbs(file), data, 0o666))
	saveNumbered(ts, "FAULTLINE_CAPTURES", filepath.Base(file), data)
}

// scriptEnv returns the script's environment as KEY=value pairs.
func scriptEnv(ts *testscript.TestScript) []string {
	var env []string
	for _, k := range envKeys {
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// envKeys are the variables a captured command sees: testscript's own and
// those Setup sets.
var envKeys = []string{
	"PATH", "HOME", "TMPDIR", "WORK", "GOTOOLCHAIN", "GOPROXY", "GOFLAGS", "GOENV",
	"GOWORK", "GOCACHE", "GOMODCACHE", "GOPATH", "CGO_ENABLED", "GOOS", "GOARCH",
	"GOEXPERIMENT", "GODEBUG", "GORACE", "GOMAXPROCS", "GOTMPDIR", "GO111MODULE", "CC",
	"GOLANGCI_LINT_CACHE", "FAULTLINE_STATE_DIR",
}

// record saves, when FAULTLINE_RECORD names a directory, a normalised copy
// of a faultline result a script asserts with golden or errors (kind
// "parsed") to $FAULTLINE_RECORD/<script>/NN-KIND-NAME.txt, numbered in
// the order the script runs them: with the captures FAULTLINE_CAPTURES
// keeps, what the toolchain-diff report (tools/toolchaindiff) compares
// between two toolchains.
func record(ts *testscript.TestScript, kind, name string, data []byte) {
	saveNumbered(ts, "FAULTLINE_RECORD", kind+"-"+name, data)
}

// saveNumbered writes, when the environment variable root names a
// directory, a normalised copy of data to $root/<script>/NN-<name>.txt,
// NN counting the copies the script has saved under root so far (in the
// script's variable root_N).
func saveNumbered(ts *testscript.TestScript, root, name string, data []byte) {
	dir := os.Getenv(root)
	if dir == "" {
		return
	}
	n, _ := strconv.Atoi(ts.Getenv(root + "_N"))
	n++
	ts.Setenv(root+"_N", strconv.Itoa(n))
	dir = filepath.Join(dir, ts.Name())
	ts.Check(os.MkdirAll(dir, 0o777))
	file := fmt.Sprintf("%02d-%s.txt", n, name)
	ts.Check(os.WriteFile(filepath.Join(dir, file), normalize(ts, string(data)), 0o666))
}

// cmdExits runs a command as exec does, its stdout and stderr kept for the
// checks that follow, and fails unless it exits with status N: what
// "! exec" cannot tell apart, such as faultline's 1 (a check failed) and 3
// (a check could not run).
//
//	usage: exits N CMD [ARGS...]
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N CMD [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("usage: exits N CMD [ARGS...]: %v", err)
	}
	path, name := "", args[1]
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err == nil && fi.Mode().IsRegular() && (fi.Mode()&0o111 != 0 || runtime.GOOS == "windows") {
			path = filepath.Join(dir, name)
			break
		}
	}
	if path == "" {
		ts.Fatalf("exits: %s is not on the script's PATH", args[1])
	}
	cmd := exec.Command(path, args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = scriptEnv(ts)
	cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
	got := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("exits: %s: %v", args[1], err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdAlive succeeds when the process whose pid FILE holds is running, and
// waits up to a few seconds for it to go when negated.
//
//	usage: [!] alive FILE
func cmdAlive(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: [!] alive FILE")
	}
	pid, err := strconv.Atoi(strings.TrimSpace(ts.ReadFile(args[0])))
	ts.Check(err)
	for i := 0; ; i++ {
		alive := processAlive(pid)
		switch {
		case alive && !neg, !alive && neg:
			return
		case !neg || i == 50:
			ts.Fatalf("process %d alive: %v", pid, alive)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// cmdWaitFile waits up to a minute for FILE to exist and be non-empty:
// for a background command to reach a point (an agent writing its pid).
//
//	usage: waitfile FILE
func cmdWaitFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile FILE")
	}
	for range 600 {
		if fi, err := os.Stat(ts.MkAbs(args[0])); err == nil && fi.Size() > 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	ts.Fatalf("waitfile: %s did not appear within a minute", args[0])
}

// cmdSignal sends a signal (TERM, HUP, INT, KILL) to the process whose pid
// FILE holds.
//
//	usage: signal SIG FILE
func cmdSignal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: signal SIG FILE")
	}
	pid, err := strconv.Atoi(strings.TrimSpace(ts.ReadFile(args[1])))
	ts.Check(err)
	ts.Check(sendSignal(pid, args[0]))
}

// cmdExpand copies SRC to DST with the script's environment variables
// ($WORK, ${VAR}) expanded: recorded inputs that name the work directory.
//
//	usage: expand SRC DST
func cmdExpand(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: expand SRC DST")
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(os.Expand(ts.ReadFile(args[0]), ts.Getenv)), 0o666))
}

// cmdSARIF validates FILE against the SARIF 2.1.0 JSON schema and prints
// its results one per line: "ruleId level uri:line:col message".
//
//	usage: sarif FILE
func cmdSARIF(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sarif FILE")
	}
	rep, err := sarif.FromString(ts.ReadFile(args[0]))
	if err != nil {
		ts.Fatalf("sarif: %s: %v", args[0], err)
	}
	if err := rep.Validate(); err != nil {
		ts.Fatalf("sarif: %s is not valid SARIF 2.1.0: %v", args[0], err)
	}
	out := ts.Stdout()
	for _, run := range rep.Runs {
		for _, r := range run.Results {
			loc := "-"
			if len(r.Locations) > 0 && r.Locations[0].PhysicalLocation != nil {
				pl := r.Locations[0].PhysicalLocation
				loc = deref(pl.ArtifactLocation.URI)
				if pl.Region != nil {
					loc += fmt.Sprintf(":%d:%d", deref(pl.Region.StartLine), deref(pl.Region.StartColumn))
				}
			}
			msg, _, _ := strings.Cut(deref(r.Message.Text), "\n")
			fmt.Fprintf(out, "%s %s %s %s\n", deref(r.RuleID), r.Level, loc, normalize(ts, msg))
		}
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// cmdJUnit parses FILE as JUnit XML and prints its suites and cases, one
// per line: "suite NAME tests=N failures=N errors=N" and
// "  case CLASSNAME NAME [failure: MESSAGE]".
//
//	usage: junit FILE
func cmdJUnit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: junit FILE")
	}
	var doc struct {
		Suites []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Errors   int    `xml:"errors,attr"`
			Cases    []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
				} `xml:"failure"`
				Error *struct {
					Message string `xml:"message,attr"`
				} `xml:"error"`
				Skipped *struct {
					Message string `xml:"message,attr"`
				} `xml:"skipped"`
				SystemOut string `xml:"system-out"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(ts.ReadFile(args[0])), &doc); err != nil {
		ts.Fatalf("junit: %s: %v", args[0], err)
	}
	out := ts.Stdout()
	for _, s := range doc.Suites {
		fmt.Fprintf(out, "suite %s tests=%d failures=%d errors=%d\n", s.Name, s.Tests, s.Failures, s.Errors)
		for _, c := range s.Cases {
			fmt.Fprintf(out, "  case %s %s", c.Classname, c.Name)
			switch {
			case c.Failure != nil:
				fmt.Fprintf(out, " [failure: %s]", normalize(ts, c.Failure.Message))
			case c.Error != nil:
				fmt.Fprintf(out, " [error: %s]", normalize(ts, c.Error.Message))
			case c.Skipped != nil && c.Skipped.Message != "":
				fmt.Fprintf(out, " [skipped: %s]", normalize(ts, c.Skipped.Message))
			case c.Skipped != nil:
				fmt.Fprint(out, " [skipped]")
			}
			if c.SystemOut != "" {
				fmt.Fprintf(out, " [system-out: %s]", normalize(ts, c.SystemOut))
			}
			fmt.Fprintln(out)
		}
	}
}

// cmdErrors prints the errors of a faultline JSON result one per line, in
// their String form, and "truncated" when the result says so.
//
//	usage: errors FILE
func cmdErrors(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: errors FILE")
	}
	var res filter.ParseResult
	if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &res); err != nil {
		ts.Fatalf("errors: %s is not a faultline result: %v", args[0], err)
	}
	var b bytes.Buffer
	for _, e := range res.Errors {
		fmt.Fprintf(&b, "%s\n", normalize(ts, e.String()))
	}
	if res.Truncated {
		fmt.Fprintln(&b, "truncated")
	}
	record(ts, "parsed", "errors", b.Bytes())
	_, err := ts.Stdout().Write(b.Bytes()) // replaces stdout even when there is nothing to print
	ts.Check(err)
}

// tbKey is the Env.Values key of the script's testing.TB, which goldie needs.
type tbKey struct{}

// cmdGolden compares a file, normalised, with the goldie snapshot
// testdata/golden/<script>/<NAME>.golden.
//
//	usage: golden FILE NAME
func cmdGolden(ts *testscript.TestScript, neg bool, args []string, root string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: golden FILE NAME")
	}
	tb, ok := ts.Value(tbKey{}).(testing.TB)
	if !ok {
		ts.Fatalf("golden: the script's T is not a testing.TB")
	}
	dir := filepath.Join(root, ts.Name())
	g := goldie.New(tb, goldie.WithFixtureDir(dir), goldie.WithNameSuffix(".golden"))
	before := tb.Failed()
	got := normalize(ts, ts.ReadFile(args[0]))
	record(ts, "parsed", args[1], got)
	g.Assert(tb, args[1], got)
	if !before && tb.Failed() {
		ts.Fatalf("golden: %s differs from %s (GOLDIE_UPDATE=1 go test -count=1 ./... refreshes it)", args[0], filepath.Join(dir, args[1]+".golden"))
	}
}

// scriptToolchain is the Go the scripts run.
type scriptToolchain struct {
	goroot  string // its GOROOT, where it is installed: /usr/local/go, $GOMODCACHE/golang.org/toolchain@v0.0.1-go1.27.4.linux-amd64
	version string // go1.27.4
}

// scriptGo finds the Go the scripts run: the go first on PATH, where go
// test puts the bin directory of the toolchain that runs the tests (a
// downloaded one under GOTOOLCHAIN=go1.27.4 too). It must be the Go that
// built this test binary, which decides conditions such as [go1.27] and so
// the goldens and expectations a script picks.
var scriptGo = sync.OnceValues(func() (scriptToolchain, error) {
	cmd := exec.Command("go", "env", "GOROOT", "GOVERSION")
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		return scriptToolchain{}, fmt.Errorf("go env GOROOT GOVERSION: %w", err)
	}
	goroot, version, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if version != runtime.Version() {
		return scriptToolchain{}, fmt.Errorf("the go on PATH is %s (%s) but this test binary was built by %s: run the suite with go test (GOTOOLCHAIN=goX.Y.Z go test ./... for another Go) so that both are the same", version, goroot, runtime.Version())
	}
	return scriptToolchain{goroot: goroot, version: version}, nil
})

// goroot is the GOROOT of the Go the scripts run.
func goroot() string {
	tc, _ := scriptGo()
	return tc.goroot
}

// scriptCondition evaluates the suite's own conditions:
//
//	[golangci-lint]            golangci-lint is on PATH and can lint with the
//	                           suite's Go: it was built with a Go of the same
//	                           language version or newer
//	[golangci-lint-before:goX] golangci-lint is on PATH and was built with a Go
//	                           of an older language version than goX
//	[toolchain:goX.Y.Z]        that Go runs here with GOTOOLCHAIN=goX.Y.Z and
//	                           GOPROXY=off: it is in the module cache, or
//	                           could be fetched into it now, once, through the
//	                           host's module proxy
func scriptCondition(cond string) (bool, error) {
	name, arg, _ := strings.Cut(cond, ":")
	switch name {
	case "golangci-lint", "golangci-lint-before":
		builtWith, err := lintBuiltWith()
		if err != nil || builtWith == "" {
			return false, err
		}
		if name == "golangci-lint" {
			return !olderGo(builtWith, runtime.Version()), nil
		}
		if !langVersion.MatchString(arg) {
			return false, fmt.Errorf("usage: [golangci-lint-before:goX.Y]")
		}
		return olderGo(builtWith, arg), nil
	case "toolchain":
		if !langVersion.MatchString(arg) {
			return false, fmt.Errorf("usage: [toolchain:goX.Y.Z]")
		}
		once, _ := fetchedToolchains.LoadOrStore(arg, sync.OnceValue(func() bool { return fetchToolchain(arg) }))
		return once.(func() bool)(), nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

// lintBuiltWith is the Go version that built the golangci-lint on PATH, as
// `golangci-lint version` says; "" when none is installed.
var lintBuiltWith = sync.OnceValues(func() (string, error) {
	path, err := exec.LookPath("golangci-lint")
	if err != nil {
		return "", nil
	}
	out, err := exec.Command(path, "version").Output()
	if err != nil {
		return "", fmt.Errorf("%s version: %w", path, err)
	}
	m := regexp.MustCompile(`built with (go\S+)`).FindSubmatch(out)
	if m == nil || !langVersion.Match(m[1]) {
		return "", fmt.Errorf("%s version does not say which Go built it: %q", path, out)
	}
	return string(m[1]), nil
})

// langVersion is the language version in a Go version: 1.27 in go1.27.4.
var langVersion = regexp.MustCompile(`^(?:devel )?go(\d+)\.(\d+)`)

// olderGo reports whether Go version a has an older language version than b.
func olderGo(a, b string) bool {
	lang := func(v string) [2]int {
		m := langVersion.FindStringSubmatch(v)
		if m == nil {
			panic("not a Go version: " + v) // callers pass checked versions
		}
		major, _ := strconv.Atoi(m[1])
		minor, _ := strconv.Atoi(m[2])
		return [2]int{major, minor}
	}
	la, lb := lang(a), lang(b)
	return la[0] < lb[0] || la[0] == lb[0] && la[1] < lb[1]
}

// fetchedToolchains holds, per Go version, whether it runs here.
var fetchedToolchains sync.Map

// fetchToolchain reports whether `go version` runs the Go version asked for
// with GOTOOLCHAIN set to it, fetching it into the module cache through the
// host's module proxy when it is not there yet; false when it cannot be
// fetched (no network, an unknown version).
func fetchToolchain(version string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "version")
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN="+version, "GOFLAGS=", "GOWORK=off")
	out, err := cmd.Output()
	return err == nil && strings.HasPrefix(string(out), "go version "+version+" ")
}

// Things that differ between runs and machines.
var (
	tempNumbers = regexp.MustCompile(`(go-build|go-link-|testscript-main|go-test-script|faultline-example-)\d+`)
	buildID     = regexp.MustCompile(`--build-id=0x[0-9a-f]+`)
	elapsedJSON = regexp.MustCompile(`"(elapsed_ms|durationMs)": \d+`)
	failedAt    = regexp.MustCompile(`"failedAt": "[^"]*"`)
	elapsedText = regexp.MustCompile(`([^0-9.]|^)\d+\.\d+s\b`)
	timestamp   = regexp.MustCompile(`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z`)
	elapsedEv   = regexp.MustCompile(`\\"Elapsed\\":[0-9.]+`)
)

// normalize replaces what differs between runs and machines in s: the
// script's work directory, GOROOT, the module cache, temporary directory
// numbers, build IDs and timings. The longest path is replaced first: a
// downloaded toolchain's GOROOT lies in the module cache, and is $GOROOT
// however the toolchain was installed.
func normalize(ts *testscript.TestScript, s string) []byte {
	paths := [][2]string{
		{ts.Getenv("WORK"), "$WORK"},
		{ts.Getenv("GOMODCACHE"), "$GOMODCACHE"},
		{goroot(), "$GOROOT"},
	}
	if real, err := filepath.EvalSymlinks(goroot()); err == nil && real != goroot() {
		paths = append(paths, [2]string{real, "$GOROOT"})
	}
	slices.SortStableFunc(paths, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	for _, kv := range paths {
		if kv[0] != "" {
			s = strings.ReplaceAll(s, kv[0], kv[1])
		}
	}
	s = tempNumbers.ReplaceAllString(s, "${1}N")
	s = buildID.ReplaceAllString(s, "--build-id=0xN")
	s = elapsedJSON.ReplaceAllString(s, `"$1": N`)
	s = failedAt.ReplaceAllString(s, `"failedAt": "T"`)
	s = elapsedText.ReplaceAllString(s, "${1}N.Ns")
	s = timestamp.ReplaceAllString(s, "T")
	s = elapsedEv.ReplaceAllString(s, `\"Elapsed\":N`)
	return []byte(s)
}

// goldenNames finds the goldens a script names: NAME in each "golden FILE
// NAME" line, whether or not a condition on it holds in this run.
var goldenNames = regexp.MustCompile(`(?m)^(?:\[[^\]]*\]\s*)*golden\s+\S+\s+(\S+)\s*$`)

// checkStaleGoldens fails for golden files nothing asserts any more: a
// directory whose script is gone, or a file its script no longer names.
// A file the script names but did not assert in this run is not stale: its
// line may be for another Go ([!go1.26] golden stdout vet.go1.25.json).
// Update mode removes stale files.
func checkStaleGoldens(t *testing.T, goldenRoot, scriptDir string) {
	entries, err := os.ReadDir(goldenRoot)
	if err != nil {
		return
	}
	stale := func(path, why string) {
		if updating() {
			if err := os.RemoveAll(path); err != nil {
				t.Error(err)
			}
			return
		}
		rel, _ := filepath.Rel(filepath.Dir(goldenRoot), path)
		t.Errorf("testdata/%s is stale: %s (GOLDIE_UPDATE=1 removes it)", filepath.ToSlash(rel), why)
	}
	for _, e := range entries {
		dir := filepath.Join(goldenRoot, e.Name())
		script, err := os.ReadFile(filepath.Join(scriptDir, e.Name()+".txtar"))
		if err != nil {
			stale(dir, "its script is gone")
			continue
		}
		named := map[string]bool{}
		for _, m := range goldenNames.FindAllSubmatch(txtar.Parse(script).Comment, -1) {
			named[string(m[1])+".golden"] = true
		}
		files, _ := os.ReadDir(dir)
		for _, f := range files {
			if !named[f.Name()] {
				stale(filepath.Join(dir, f.Name()), "its script no longer names it")
			}
		}
	}
}

// TestEveryCategoryHasAFixture walks every category and severity and fails
// if no golden snapshot of a fixture shows it: each is produced by real
// toolchain output somewhere in testdata/scripts.
func TestEveryCategoryHasAFixture(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*", "*.golden"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no goldens: %v", err)
	}
	seen := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Errors []filter.Error `json:"errors"`
			Result *struct {
				Errors []filter.Error `json:"errors"`
			} `json:"result"`
		}
		if json.Unmarshal(data, &doc) != nil {
			continue // a text golden
		}
		errs := doc.Errors
		if doc.Result != nil {
			errs = append(errs, doc.Result.Errors...)
		}
		for _, e := range errs {
			seen[e.Category] = f
			seen[e.Severity] = f
		}
	}
	for _, c := range errkind.Categories() {
		if seen[string(c)] == "" {
			t.Errorf("no fixture produces category %s: add a script whose real output shows it", c)
		}
	}
	for _, s := range errkind.Severities() {
		if s == errkind.SeverityLow {
			continue // warnings: the go tools' failures never are
		}
		if seen[string(s)] == "" {
			t.Errorf("no fixture produces severity %s", s)
		}
	}
}
