package filter

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Forms of go test output that the fixtures in testdata/scripts do not
// produce with the Go this suite runs on: older formats, flags, crashes.

func TestParseTest(t *testing.T) {
	type testCase struct {
		name      string
		in        string
		want      []Error
		truncated bool
	}
	run := func(t *testing.T, tc testCase) {
		got := Parse("test", tc.in, Options{Dir: "/m", ModRoot: "/m"})
		if diff := cmp.Diff(tc.want, got.Errors, ignoreClass); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
		if got.Truncated != tc.truncated {
			t.Errorf("Truncated = %v, want %v", got.Truncated, tc.truncated)
		}
	}
	// Parse cannot read go.mod under the fake root /m, so package
	// directories are unknown and test files stay as printed.
	for _, tc := range []testCase{
		{
			name: "go before 1.23 repeats a recovered panic's value",
			in: "--- FAIL: TestX (0.00s)\npanic: boom [recovered]\n\tpanic: boom\n\ngoroutine 7 [running]:\n" +
				"example.com/m.TestX(0xc0001)\n\t/m/x_test.go:9 +0x25\ntesting.tRunner(0x1, 0x2)\n\t/go/src/testing/testing.go:1595 +0xff\nexit status 2\nFAIL\texample.com/m\t0.005s\n",
			want: []Error{{File: "x_test.go", Line: 9, Message: "panic: boom\n\tm.TestX (x_test.go:9)", Tool: "test", Package: "example.com/m", Test: "TestX"}},
		},
		{
			name: "fatal error with no test running",
			in: "fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\nexample.com/m.wait(...)\n\t/m/w.go:4\n" +
				"example.com/m.TestMain(0x1)\n\t/m/main_test.go:8 +0x1d\nmain.main()\n\t_testmain.go:45 +0x9b\nFAIL\texample.com/m\t0.005s\n",
			want: []Error{{
				File: "w.go", Line: 4, Tool: "test", Package: "example.com/m",
				Message: "fatal error: all goroutines are asleep - deadlock!\n\tm.wait (w.go:4)\n\tm.TestMain (main_test.go:8)",
			}},
		},
		{
			name: "-test.fullpath prints absolute paths",
			in:   "--- FAIL: TestX (0.00s)\n    /m/sub/x_test.go:12: bad\nFAIL\texample.com/m/sub\t0.01s\n",
			want: []Error{{File: "sub/x_test.go", Line: 12, Message: "bad", Tool: "test", Package: "example.com/m/sub", Test: "TestX"}},
		},
		{
			name: "parent and subtest output in non-verbose form",
			in: "--- FAIL: TestA (0.00s)\n    a_test.go:5: parent says\n    --- FAIL: TestA/b (0.00s)\n        a_test.go:8: child says\n" +
				"            more of it\n    a_test.go:10: parent again\nFAIL\texample.com/m\t0.01s\n",
			want: []Error{
				{File: "a_test.go", Line: 5, Message: "parent says", Tool: "test", Package: "example.com/m", Test: "TestA"},
				{File: "a_test.go", Line: 8, Message: "child says\nmore of it", Tool: "test", Package: "example.com/m", Test: "TestA/b"},
				{File: "a_test.go", Line: 10, Message: "parent again", Tool: "test", Package: "example.com/m", Test: "TestA"},
			},
		},
		{
			name: "a passing subtest's logs are dropped in -v",
			in: "=== RUN   TestA\n=== RUN   TestA/ok\n    a_test.go:3: fine\n=== RUN   TestA/bad\n    a_test.go:4: broken\n" +
				"--- FAIL: TestA (0.00s)\n    --- PASS: TestA/ok (0.00s)\n    --- FAIL: TestA/bad (0.00s)\nFAIL\nFAIL\texample.com/m\t0.01s\n",
			want: []Error{{File: "a_test.go", Line: 4, Message: "broken", Tool: "test", Package: "example.com/m", Test: "TestA/bad"}},
		},
		{
			name: "a cut-off -v stream: the running test's output counts",
			in:   "=== RUN   TestA\n    a_test.go:3: first\n=== RUN   TestB\n    b_test.go:4: still running\n",
			want: []Error{
				{File: "a_test.go", Line: 3, Message: "first", Tool: "test", Test: "TestA"},
				{File: "b_test.go", Line: 4, Message: "still running", Tool: "test", Test: "TestB"},
			},
		},
		{
			name: "a message that starts with a newline",
			in:   "--- FAIL: TestX (0.00s)\n    x_test.go:20: \n        Parse() mismatch (-want +got):\n          []string{\n        - \t\"a\",\n        + \t\"b\",\n          }\nFAIL\texample.com/m\t0.01s\n",
			want: []Error{{File: "x_test.go", Line: 20, Tool: "test", Package: "example.com/m", Test: "TestX",
				Message: "Parse() mismatch (-want +got):\n  []string{\n- \t\"a\",\n+ \t\"b\",\n  }"}},
		},
		{
			name: "a passing package has no errors",
			in:   "=== RUN   TestA\n    a_test.go:3: error: nothing\n--- PASS: TestA (0.00s)\nPASS\nok  \texample.com/m\t0.01s\n",
			want: []Error{},
		},
		{
			name: "old testify with a relative Error Trace",
			in: "--- FAIL: TestX (0.00s)\n    x_test.go:9: \n        \tError Trace:\tx_test.go:9\n        \tError:      \tShould be true\n" +
				"        \tTest:       \tTestX\nFAIL\texample.com/m\t0.01s\n",
			want: []Error{{File: "x_test.go", Line: 9, Message: "Should be true", Tool: "test", Package: "example.com/m", Test: "TestX"}},
		},
		{
			name: "a race outside any test",
			in: "==================\nWARNING: DATA RACE\nWrite at 0x00c by goroutine 6:\n  example.com/m.init.0.func1()\n      /m/init.go:7 +0x3a\n\n" +
				"Previous read at 0x00c by main goroutine:\n  example.com/m.init.0()\n      /m/init.go:9 +0x4c\n==================\nFAIL\texample.com/m\t0.01s\n",
			want: []Error{{
				File: "init.go", Line: 7, Tool: "test", Package: "example.com/m",
				Message: "WARNING: DATA RACE\n\tWrite at init.go:7 (m.init.0.func1)\n\tPrevious read at init.go:9 (m.init.0)",
			}},
		},
		{
			name: "a rule line that opens no race report is output",
			in:   "==================\nbanner\n==================\nok  \texample.com/m\t0.01s\n",
			want: []Error{},
		},
		{
			name:      "a flood of errors in one test is capped",
			in:        "--- FAIL: TestFlood (0.00s)\n    f_test.go:1: again and again\n" + floodLines(maxTestErrors+5) + "FAIL\texample.com/m\t0.1s\n",
			want:      floodErrors(maxTestErrors),
			truncated: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func floodLines(n int) string {
	var b strings.Builder
	for i := 2; i < n+2; i++ {
		b.WriteString("    f_test.go:" + strconv.Itoa(i) + ": flood\n")
	}
	return b.String()
}

func floodErrors(n int) []Error {
	errs := []Error{{File: "f_test.go", Line: 1, Message: "again and again", Tool: "test", Package: "example.com/m", Test: "TestFlood"}}
	for i := 2; len(errs) < n; i++ {
		errs = append(errs, Error{File: "f_test.go", Line: i, Message: "flood", Tool: "test", Package: "example.com/m", Test: "TestFlood"})
	}
	return errs
}

// TestTestFilesOnDisk checks that test output files are resolved against
// the package directory read from go.mod, and that a file that is not there
// (the testing package's own, a helper in another package) is kept in the
// message rather than given a wrong path.
func TestTestFilesOnDisk(t *testing.T) {
	root := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/disk // the module\n\ngo 1.25\n")
	write("store/db_test.go", "package store\n")
	out := "--- FAIL: TestDB (0.00s)\n    db_test.go:12: wrong row\n    testing.go:1490: test executed panic(nil)\n    helpers.go:7: from a helper elsewhere\n" +
		"FAIL\texample.com/disk/store\t0.01s\n--- FAIL: TestOther (0.00s)\n    other_test.go:3: outside the module\nFAIL\texample.org/else\t0.01s\n"
	got := Parse("test", out, Options{Dir: root})
	want := []Error{
		{Message: "testing.go:1490: test executed panic(nil)", Tool: "test", Package: "example.com/disk/store", Test: "TestDB"},
		{Message: "helpers.go:7: from a helper elsewhere", Tool: "test", Package: "example.com/disk/store", Test: "TestDB"},
		{File: "other_test.go", Line: 3, Message: "outside the module", Tool: "test", Package: "example.org/else", Test: "TestOther"},
		{File: "store/db_test.go", Line: 12, Message: "wrong row", Tool: "test", Package: "example.com/disk/store", Test: "TestDB"},
	}
	if diff := cmp.Diff(want, got.Errors, ignoreClass); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestParseModulePath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"module example.com/m\n", "example.com/m"},
		{"// comment\nmodule \"example.com/q\" // quoted\n", "example.com/q"},
		{"module\texample.com/tab\n", "example.com/tab"},
		{"modulex example.com/no\n", ""},
		{"", ""},
	} {
		if got := parseModulePath(tc.in); got != tc.want {
			t.Errorf("parseModulePath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParsePackageResult(t *testing.T) {
	for _, tc := range []struct {
		in                string
		status, pkg, note string
		ok                bool
	}{
		{"FAIL\texample.com/m\t0.01s", "FAIL", "example.com/m", "", true},
		{"FAIL\texample.com/m [build failed]", "FAIL", "example.com/m", "build failed", true},
		{"FAIL\texample.com/m [setup failed]", "FAIL", "example.com/m", "setup failed", true},
		{"ok  \texample.com/m\t(cached)", "ok", "example.com/m", "", true},
		{"ok  \texample.com/m\t0.1s\tcoverage: 80.0% of statements", "ok", "example.com/m", "", true},
		{"?   \texample.com/m\t[no test files]", "?", "example.com/m", "", true},
		{"\texample.com/m/nocov\t\tcoverage: 0.0% of statements", "?", "example.com/m/nocov", "", true},
		{"\texample.com/m/nocov\t\t", "?", "example.com/m/nocov", "", true},
		{"\tgo get example.com/x", "", "", "", false},
		{"\texample.com/m/x", "", "", "", false},
		{"\t\thave (int)", "", "", "", false},
		{"FAIL", "", "", "", false},
		{"FAIL\t", "", "", "", false},
		{"FAILED\texample.com/m", "", "", "", false},
		{"ok\tthis is prose: with words", "", "", "", false},
	} {
		status, pkg, note, ok := parsePackageResult(tc.in)
		if status != tc.status || pkg != tc.pkg || note != tc.note || ok != tc.ok {
			t.Errorf("parsePackageResult(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", tc.in, status, pkg, note, ok, tc.status, tc.pkg, tc.note, tc.ok)
		}
	}
}

func TestEmbeddedOutput(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"progress--- FAIL: TestX (0.00s)", 8},
		{"progress    x_test.go:12: msg", 8},
		{"progress=== RUN   TestY", 8},
		{"nothing here", -1},
		{"a    b:12: not a go file", -1},
		{"--- FAIL: TestX (0.00s)", -1}, // at the start: not embedded
	} {
		if got := embeddedOutput(tc.in); got != tc.want {
			t.Errorf("embeddedOutput(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestOutputType checks go 1.27's OutputType marks on real go test -json
// output, captured by testdata/scripts/test_outputtype.txtar (regenerate
// with the command in fuzz_test.go's header; go1.27.4 must be fetchable):
// the errors are the same with the marks and without them.
func TestOutputType(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "captured", "test_outputtype", "*json*"))
	if err != nil || len(files) == 0 {
		t.Skip("no captured go 1.27 output: the toolchain was not available when the captures were made")
	}
	marks := regexp.MustCompile(`,"OutputType":"[a-z-]*"`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{`"OutputType":"frame"`, `"OutputType":"error"`, `"OutputType":"error-continue"`} {
			if !strings.Contains(string(data), kind) {
				t.Errorf("%s: no %s: not go 1.27 output", f, kind)
			}
		}
		marked := Parse(CheckTest, string(data), Options{Dir: "/m", ModRoot: "/m"})
		unmarked := Parse(CheckTest, marks.ReplaceAllString(string(data), ""), Options{Dir: "/m", ModRoot: "/m"})
		if diff := cmp.Diff(marked.Errors, unmarked.Errors); diff != "" {
			t.Errorf("%s: with and without OutputType differ (-marked +unmarked):\n%s", f, diff)
		}
		if len(marked.Errors) < 5 {
			t.Errorf("%s: %d errors, want the fixture's failures", f, len(marked.Errors))
		}
	}
}

// TestOutputTypeMarks checks what the marks decide where text alone
// cannot: an error line test2json marks starts an error even without a
// readable position or deeper than the open one, and a continuation line
// it marks continues the open error at any indentation.
func TestOutputTypeMarks(t *testing.T) {
	ev := func(out, outputType string) string {
		return `{"Action":"output","Package":"example.com/m","Test":"TestX","Output":"` + out + `\n","OutputType":"` + outputType + `"}` + "\n"
	}
	in := `{"Action":"run","Package":"example.com/m","Test":"TestX"}` + "\n" +
		ev("=== RUN   TestX", "frame") +
		ev("    x_test.go:3: first", "error") +
		ev("    same indentation, but part of it", "error-continue") +
		ev("        x_test.go:5: second, indented deeper", "error") +
		ev("    a message with no position", "error") +
		ev("--- FAIL: TestX (0.00s)", "frame") +
		`{"Action":"fail","Package":"example.com/m","Test":"TestX"}` + "\n" +
		`{"Action":"fail","Package":"example.com/m"}` + "\n"
	got := Parse(CheckTest, in, Options{})
	want := []Error{
		{Message: "a message with no position", Tool: "test", Package: "example.com/m", Test: "TestX"},
		{File: "x_test.go", Line: 3, Message: "first\nsame indentation, but part of it", Tool: "test", Package: "example.com/m", Test: "TestX"},
		{File: "x_test.go", Line: 5, Message: "second, indented deeper", Tool: "test", Package: "example.com/m", Test: "TestX"},
	}
	if diff := cmp.Diff(want, got.Errors, ignoreClass); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
