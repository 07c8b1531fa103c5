package errkind

import (
	"testing"

	"github.com/faultline-go/faultline/filter"
)

func TestClassify(t *testing.T) {
	type testCase struct {
		e   filter.Error
		cat Category
		sev Severity
	}
	build := func(msg string) filter.Error { return filter.Error{File: "x.go", Line: 1, Message: msg, Tool: "build"} }
	test := func(msg string) filter.Error {
		return filter.Error{File: "x_test.go", Line: 1, Message: msg, Tool: "test", Test: "TestX"}
	}
	for _, tc := range []testCase{
		// The compiler, by what its messages mean; all of it blocks.
		{build("undefined: foo"), CategoryReference, SeverityBlocking},
		{build("x.Foo undefined (type T has no field or method Foo)"), CategoryReference, SeverityBlocking},
		{build("could not determine what C.nosuch refers to"), CategoryReference, SeverityBlocking},
		{build("cannot use 5 (untyped int constant) as string value in variable declaration"), CategoryType, SeverityBlocking},
		{build("T does not implement I (wrong type for method M)\n\t\thave M(int)\n\t\twant M(string)"), CategoryType, SeverityBlocking},
		{build("invalid operation: a + \"x\" (mismatched types int and untyped string)"), CategoryType, SeverityBlocking},
		{build("too many arguments in call to f\n\thave (number)\n\twant ()"), CategoryType, SeverityBlocking},
		{build("string does not satisfy Number (string missing in ~int | ~int64 | ~float64)"), CategoryType, SeverityBlocking},
		{build("in call to Zero, cannot infer T (declared at ./main.go:25:11)"), CategoryType, SeverityBlocking},
		{build("cannot range over n (variable of type int64)"), CategoryType, SeverityBlocking},
		{filter.Error{Message: "package example.com/x/cmd\n\timports example.com/x/numa: build constraints exclude all Go files in /src/numa", Tool: "build"}, CategoryBuild, SeverityBlocking},
		{build("cannot define new methods on non-local type time.Duration"), CategoryType, SeverityBlocking},
		{build("multiple-value strconv.Atoi(s) (value of type (int, error)) in single-value context"), CategoryType, SeverityBlocking},
		{build("syntax error: unexpected {, expected )"), CategorySyntax, SeverityBlocking},
		{filter.Error{File: "go.mod", Line: 5, Message: "unknown directive: frobnicate", Tool: "build"}, CategorySyntax, SeverityBlocking},
		{build("\"os\" imported and not used"), CategoryBuild, SeverityBlocking},
		{build("declared and not used: x"), CategoryBuild, SeverityBlocking},
		{build("missing return"), CategoryBuild, SeverityBlocking},
		{filter.Error{Message: "package example.com/a\n\timports example.com/b: import cycle not allowed", Tool: "build"}, CategoryBuild, SeverityBlocking},
		{filter.Error{Message: "main.main: relocation target main.missing not defined", Tool: "build"}, CategoryReference, SeverityBlocking},
		{build("fatal error: missing.h: No such file or directory"), CategoryFilesystem, SeverityBlocking},
		{build("no required module provides package example.com/x; to add it:\n\tgo get example.com/x"), CategoryNetwork, SeverityMedium},
		{filter.Error{Message: "go: example.com/dep@v1.0.0: missing go.sum entry for go.mod file", Tool: "build"}, CategoryNetwork, SeverityMedium},
		{build("something new the compiler says"), CategoryBuild, SeverityBlocking},
		// vet and golangci-lint.
		{filter.Error{File: "x.go", Line: 1, Message: "fmt.Printf format %s has arg n of wrong type int", Tool: "vet", Linter: "printf"}, CategoryType, SeverityHigh},
		{filter.Error{File: "x.go", Line: 1, Message: "unreachable code", Tool: "vet", Linter: "unreachable"}, CategoryBuild, SeverityBlocking},
		{filter.Error{File: "x.go", Line: 1, Message: "Copy passes lock by value: T contains sync.Mutex", Tool: "vet"}, CategoryBuild, SeverityBlocking},
		{filter.Error{File: "x.go", Line: 1, Message: "fmt.Sprintf format %d reads arg #2, but call has 1 arg", Tool: "vet"}, CategoryType, SeverityHigh},
		{filter.Error{File: "x.go", Line: 1, Message: "undefined: y", Tool: "lint", Linter: "typecheck"}, CategoryReference, SeverityBlocking},
		{filter.Error{File: "x.go", Line: 1, Message: "Error return value of `os.Remove` is not checked", Tool: "lint", Linter: "errcheck"}, CategoryBuild, SeverityBlocking},
		{filter.Error{Message: "can't load config: yaml: line 2: did not find expected key", Tool: "lint"}, CategoryUnknown, SeverityMedium},
		// Tests.
		{test("Add(1, 2) = -1, want 3"), CategoryTest, SeverityHigh},
		{test("panic: runtime error: index out of range [5] with length 3\n\tlib.Get (lib.go:3)"), CategoryRuntime, SeverityHigh},
		{test("WARNING: DATA RACE\n\tRead at r.go:5 (r.Inc)"), CategoryRuntime, SeverityHigh},
		{test("test timed out after 1s"), CategoryRuntime, SeverityHigh},
		{test("fatal error: all goroutines are asleep - deadlock!"), CategoryRuntime, SeverityHigh},
		{test("dial tcp 127.0.0.1:5432: connect: connection refused"), CategoryNetwork, SeverityMedium},
		{test("open testdata/in.json: no such file or directory"), CategoryFilesystem, SeverityMedium},
		{filter.Error{Message: "test binary failed without reporting a failing test\ndatabase not reachable: connection refused", Tool: "test"}, CategoryNetwork, SeverityMedium},
		{filter.Error{Message: "test binary failed without reporting a failing test\nconfig file missing", Tool: "test"}, CategoryRuntime, SeverityHigh},
		{filter.Error{Message: "got:\nhello\nwant:\nHello", Tool: "test", Test: "ExampleHello"}, CategoryTest, SeverityHigh},
		// A custom check: seed 003's rules.
		{filter.Error{Message: "TypeError: undefined is not a function", Tool: "eslint"}, CategoryType, SeverityHigh},
		{filter.Error{Message: "ReferenceError: x is not defined", Tool: "node"}, CategoryReference, SeverityHigh},
		{filter.Error{Message: "something odd", Tool: "custom"}, CategoryUnknown, SeverityMedium},
	} {
		cat, sev := Classify(tc.e)
		if cat != tc.cat || sev != tc.sev {
			t.Errorf("Classify(%s %q) = %s %s, want %s %s", tc.e.Tool, tc.e.Message, cat, sev, tc.cat, tc.sev)
		}
	}
}

// TestClassifyTextSeed holds seed 003's categorize_error and
// classify_severity as the floor.
func TestClassifyTextSeed(t *testing.T) {
	for _, tc := range []struct {
		text string
		cat  Category
		sev  Severity
	}{
		{"FAIL: TestThing", CategoryTest, SeverityHigh},
		{"not ok 3 - adds", CategoryTest, SeverityHigh},
		{"AssertionError: expected 1 to equal 2", CategoryTest, SeverityHigh},
		{"SyntaxError: Unexpected token }", CategorySyntax, SeverityBlocking},
		{"parse error near line 3", CategorySyntax, SeverityBlocking},
		{"TypeError: null is not an object", CategoryType, SeverityHigh},
		{"ReferenceError: foo is not defined", CategoryReference, SeverityHigh},
		{"cat: x: No such file or directory", CategoryFilesystem, SeverityHigh},
		{"ENOENT: no such file, open 'test/fixture.json'", CategoryFilesystem, SeverityMedium},
		{"Error: connect ECONNREFUSED 127.0.0.1:3000", CategoryNetwork, SeverityMedium},
		{"request timeout after 30s", CategoryNetwork, SeverityMedium},
		{"Build failed with 2 errors", CategoryBuild, SeverityBlocking},
		{"linker error: undefined symbol", CategoryBuild, SeverityBlocking},
		{"panic: assignment to entry in nil map", CategoryRuntime, SeverityHigh},
		{"fatal error: concurrent map writes", CategoryRuntime, SeverityHigh},
		{"something else entirely", CategoryUnknown, SeverityMedium},
	} {
		cat := ClassifyText(tc.text)
		if sev := SeverityFor(cat, tc.text); cat != tc.cat || sev != tc.sev {
			t.Errorf("ClassifyText(%q) = %s %s, want %s %s", tc.text, cat, sev, tc.cat, tc.sev)
		}
	}
}

func TestSignature(t *testing.T) {
	base := filter.Error{File: "store/db.go", Line: 42, Column: 15, Message: "undefined: openDB", Tool: "build", Package: "example.com/app/store"}
	sig := Signature(base)
	if len(sig) != 16 {
		t.Fatalf("Signature = %q, want 16 hex digits", sig)
	}
	same := func(name string, e filter.Error) {
		t.Helper()
		if got := Signature(e); got != sig {
			t.Errorf("%s: signature changed (%s, want %s)", name, got, sig)
		}
	}
	differ := func(name string, e filter.Error) {
		t.Helper()
		if got := Signature(e); got == sig {
			t.Errorf("%s: signature did not change", name)
		}
	}
	e := base
	e.Line, e.Column = 43, 2
	same("one line lower", e)
	e = base
	e.File = "/home/me/src/app/store/db.go"
	same("another directory", e)
	e = base
	e.Message = "undefined: closeDB"
	differ("another name", e)
	e = base
	e.File = "store/cache.go"
	differ("another file", e)
	e = base
	e.Tool = "vet"
	differ("another tool", e)

	// Messages: what changes between runs does not count; what is the
	// mistake does.
	for _, tc := range []struct{ a, b string }{
		{"panic: boom\n\tlib.Get (lib/lib.go:3)", "panic: boom\n\tlib.Get (lib/lib.go:7)"},
		{"invalid memory address at 0xc000123456", "invalid memory address at 0xc0009999aa"},
		{"goroutine 7 [running]", "goroutine 19 [running]"},
		{"test timed out after 2s", "test timed out after 1m30s"},
		{"took 0.012s", "took 1.5ms"},
		{"2026-11-22T05:00:32.947452182Z request failed", "2025-01-01T00:00:00Z request failed"},
		{"at 15:04:05 it broke", "at 09:00:01 it broke"},
		{"open /tmp/TestLoad123456/001/in.json: no such file", "open /tmp/TestLoad987/002/in.json: no such file"},
		{"$WORK/b001/exe/a.out: cannot run", "/tmp/go-build28384/b001/exe/a.out: cannot run"},
		{`C:\Users\me\app\x.go:3:4: oops`, `D:\work\x.go:9:1: oops`},
		{"declared at ./x.go:12:3", "declared at ./x.go:40:9"},
		{"error on line 12", "error on line 99"},
	} {
		if na, nb := Normalize(tc.a), Normalize(tc.b); na != nb {
			t.Errorf("Normalize(%q) = %q and Normalize(%q) = %q, want equal", tc.a, na, tc.b, nb)
		}
	}
	for _, tc := range []struct{ a, b string }{
		{"got 3, want 4", "got 5, want 6"},
		{"index out of range [5] with length 3", "index out of range [7] with length 3"},
		{"open in.json: no such file", "open out.json: no such file"},
	} {
		if Normalize(tc.a) == Normalize(tc.b) {
			t.Errorf("Normalize made %q and %q equal", tc.a, tc.b)
		}
	}
}

func TestAnnotate(t *testing.T) {
	errs := []filter.Error{{File: "x.go", Line: 1, Message: "undefined: y", Tool: "build"}}
	Annotate(errs)
	if errs[0].Category != "reference_error" || errs[0].Severity != "blocking" || errs[0].Signature != Signature(errs[0]) {
		t.Errorf("Annotate = %+v", errs[0])
	}
}
