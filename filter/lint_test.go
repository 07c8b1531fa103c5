package filter

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// golangci-lint output forms the fixtures in testdata/scripts do not
// produce: flags that change the text, colours, stderr messages.

func TestParseLint(t *testing.T) {
	type testCase struct {
		name string
		in   string
		want []Error
	}
	run := func(t *testing.T, tc testCase) {
		got := Parse("lint", tc.in, Options{Dir: "/m", ModRoot: "/m"})
		if diff := cmp.Diff(tc.want, got.Errors, ignoreClass); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
	errcheck := Error{File: "a.go", Line: 10, Column: 11, Message: "Error return value of `os.Remove` is not checked", Tool: "lint", Linter: "errcheck"}
	for _, tc := range []testCase{
		{
			name: "colours (--color=always)",
			in:   "\x1b[1ma.go:10\x1b[22m:11: \x1b[31mError return value of `os.Remove` is not checked\x1b[0m (errcheck)\n\t\x1b[33m^\x1b[0m\n1 issues:\n* errcheck: 1\n",
			want: []Error{errcheck},
		},
		{
			name: "no linter names (--output.text.print-linter-name=false)",
			in:   "a.go:10:11: Error return value of `os.Remove` is not checked\n\tos.Remove(p)\n\t         ^\na.go:12:2: ineffectual assignment to x\n\tx = 2\n\t^\n",
			want: []Error{
				{File: "a.go", Line: 10, Column: 11, Message: "Error return value of `os.Remove` is not checked", Tool: "lint"},
				{File: "a.go", Line: 12, Column: 2, Message: "ineffectual assignment to x", Tool: "lint"},
			},
		},
		{
			name: "source lines at column 0 are not issues",
			in:   "a.go:3:1: exported func F is unused (unused)\nfunc F() {}\n^\na.go:10:11: Error return value of `os.Remove` is not checked (errcheck)\n",
			want: []Error{{File: "a.go", Line: 3, Column: 1, Message: "exported func F is unused", Tool: "lint", Linter: "unused"}, errcheck},
		},
		{
			name: "a typecheck message that goes on after 'to add it:'",
			in:   "i.go:3:8: could not import example.com/x (i.go:3:8: no required module provides package example.com/x; to add it:\n\tgo get example.com/x) (typecheck)\nimport \"example.com/x\"\n",
			want: []Error{{File: "i.go", Line: 3, Column: 8, Tool: "lint", Linter: "typecheck",
				Message: "could not import example.com/x (i.go:3:8: no required module provides package example.com/x; to add it:\n\tgo get example.com/x)"}},
		},
		{
			name: "a typecheck issue that is one line",
			in:   "a/a.go:1: : import cycle not allowed: import stack: [example.com/m/a example.com/m/b example.com/m/a] (typecheck)\n",
			want: []Error{{File: "a/a.go", Line: 1, Tool: "lint", Linter: "typecheck", Message: "import cycle not allowed: import stack: [example.com/m/a example.com/m/b example.com/m/a]"}},
		},
		{
			name: "a fatal error over several lines, printed twice",
			in: "Error: can't load config: 1 error(s) decoding:\n\n* cannot parse 'linters.settings.errcheck.x' as bool\n" +
				"The command is terminated due to an error: can't load config: 1 error(s) decoding:\n\n* cannot parse 'linters.settings.errcheck.x' as bool\n",
			want: []Error{{Tool: "lint", Message: "can't load config: 1 error(s) decoding:\n\n* cannot parse 'linters.settings.errcheck.x' as bool"}},
		},
		{
			name: "log lines: warnings are not errors",
			in:   "level=warning msg=\"The linter 'wsl' is deprecated\"\nlevel=error msg=\"[runner] can't run linter goanalysis_metalinter: boom\"\n0 issues.\n",
			want: []Error{{Tool: "lint", Message: "can't run linter goanalysis_metalinter: boom"}},
		},
		{
			name: "JSON followed by the statistics",
			in:   `{"Issues":[{"FromLinter":"errcheck","Text":"Error return value of ` + "`os.Remove`" + ` is not checked ","Pos":{"Filename":"a.go","Line":10,"Column":11}}],"Report":{}}` + "\n1 issues:\n* errcheck: 1\n",
			want: []Error{errcheck},
		},
		{
			name: "a message ending in a word in parentheses that is no linter",
			in:   "a.go:5:2: comparison with (nil) (nilness)\na.go:6:2: result is always (nil)\n",
			want: []Error{
				{File: "a.go", Line: 5, Column: 2, Message: "comparison with (nil) (nilness)", Tool: "lint"},
				{File: "a.go", Line: 6, Column: 2, Message: "result is always (nil)", Tool: "lint"},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestLintBaseDir(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := lintBaseDir(sub, root); got != sub {
		t.Errorf("without a configuration: lintBaseDir = %q, want %q", got, sub)
	}
	if err := os.WriteFile(filepath.Join(root, ".golangci.yml"), []byte("version: \"2\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := lintBaseDir(sub, root); got != root {
		t.Errorf("with a configuration at the root: lintBaseDir = %q, want %q", got, root)
	}
	// Paths are relative to the configuration's directory.
	res := Parse("lint", "a/b/x.go:1:2: boom (errcheck)\n", Options{Dir: sub, ModRoot: root})
	if len(res.Errors) != 1 || res.Errors[0].File != "a/b/x.go" {
		t.Errorf("Parse from a subdirectory with a root configuration = %v, want a/b/x.go", res.Errors)
	}
}

func TestDefaultChain(t *testing.T) {
	c := DefaultChain("/m", ChainOptions{Race: true, Args: map[string][]string{"build": {"-tags", "integration"}}, Timeout: 100e9})
	want := [][]string{
		{"go", "build", "-json", "-tags", "integration", "./..."},
		{"go", "vet", "-json", "./..."},
		{"golangci-lint", "run", "--output.json.path", "stdout", "--show-stats=false", "./..."},
		{"go", "test", "-json", "-race", "-timeout", "1m30s", "./..."},
	}
	var got [][]string
	for _, ch := range c.Checks {
		got = append(got, ch.Command)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DefaultChain commands mismatch (-want +got):\n%s", diff)
	}
	if !c.Checks[1].FailOnFindings || !c.Checks[2].Optional {
		t.Errorf("vet must fail on findings and lint be optional: %+v", c.Checks)
	}
	c = DefaultChain("/m", ChainOptions{Args: map[string][]string{"test": {"-timeout=5s"}}})
	if got := c.Checks[3].Command; got[len(got)-2] != "-timeout=5s" || len(got) != 5 {
		t.Errorf("a -timeout of the caller's is kept alone: %q", got)
	}
	if _, err := c.RunFrom(t.Context(), "nope"); err == nil {
		t.Error("RunFrom of an unknown check: no error")
	}
}

// TestLintLintersFresh checks that lint_linters.go is what go generate
// makes of the installed golangci-lint, when that is the version the file
// was generated from (CI installs it; .ci/run also regenerates the file
// and fails on a difference).
func TestLintLintersFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("runs golangci-lint")
	}
	if _, err := exec.LookPath("golangci-lint"); err != nil {
		t.Skip("golangci-lint is not installed")
	}
	src, err := os.ReadFile("lint_linters.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`from golangci-lint v(\S+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("lint_linters.go names no golangci-lint version")
	}
	version, err := exec.Command("golangci-lint", "version").Output()
	if err != nil || !strings.Contains(string(version), " "+string(m[1])+" ") {
		t.Skipf("golangci-lint is not v%s: %s", m[1], version)
	}
	if out, err := exec.Command("go", "run", "./internal/lintergen", "-check", "lint_linters.go").CombinedOutput(); err != nil {
		t.Errorf("%v\n%s", err, out)
	}
}
