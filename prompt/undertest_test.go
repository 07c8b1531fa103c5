package prompt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/faultline-go/faultline/filter"
)

// writeModule writes a txtar archive's files into a new directory.
func writeModule(t *testing.T, archive string) string {
	t.Helper()
	return WriteFiles(t, txtar.Parse([]byte(archive)).Files)
}

// codeSection returns the lines of a prompt's CODE UNDER TEST section.
func codeSection(p string) []string {
	_, rest, ok := strings.Cut(p, "\nCODE UNDER TEST")
	if !ok {
		return nil
	}
	_, rest, _ = strings.Cut(rest, "\n")
	body, _, _ := strings.Cut(rest, "\n\n")
	return strings.Split(body, "\n")
}

func TestCodeUnderTest(t *testing.T) {
	type testCase struct {
		name   string
		module string
		errs   []filter.Error
		want   []string
	}
	const gomod = "-- go.mod --\nmodule example.com/m // the module\n\ngo 1.25\n"
	run := func(t *testing.T, tc testCase) {
		dir := writeModule(t, gomod+tc.module)
		for i := range tc.errs {
			// The traces' absolute paths name the module's directory.
			tc.errs[i].Message = strings.ReplaceAll(tc.errs[i].Message, "MODULE/", dir+string(filepath.Separator))
		}
		got := codeSection(Fix(Failure{Result: filter.ParseResult{CheckName: "test", Errors: tc.errs}}, Options{ModuleDir: dir}))
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("code under test mismatch (-want +got):\n%s", diff)
		}
	}
	fail := func(file string, line int, test, msg string) []filter.Error {
		return []filter.Error{{File: file, Line: line, Message: msg, Tool: "test", Test: test, Package: "example.com/m"}}
	}
	for _, tc := range []testCase{
		{
			name: "a same-package call",
			module: `-- m.go --
package m

func F() int { return 1 }
-- m_test.go --
package m

import "testing"

func TestF(t *testing.T) {
	if F() != 2 {
		t.Error("F is wrong")
	}
}
`,
			errs: fail("m_test.go", 7, "TestF", "F is wrong"),
			want: []string{"- m.go:3: func F() int — called by TestF"},
		},
		{
			name: "a local variable shadows the function; testing's methods are not the module's",
			module: `-- m.go --
package m

func F() int { return 1 }

type Runner struct{}

func (Runner) Run(name string) {}
-- m_test.go --
package m

import "testing"

func TestF(t *testing.T) {
	F := func() int { return 2 }
	t.Run("x", func(t *testing.T) {
		if F() != 3 {
			t.Error("wrong")
		}
	})
}
`,
			errs: fail("m_test.go", 9, "TestF/x", "wrong"),
			want: nil,
		},
		{
			name: "an external test package: imported functions, methods of the values they return, a helper's calls",
			module: `-- lib/lib.go --
package lib

type Store struct{ n int }

func Open(path string) (*Store, error) { return &Store{}, nil }

func (s *Store) Count() int { return s.n }

func Default() string { return "x" }
-- lib/lib_test.go --
package lib_test

import (
	"testing"

	store "example.com/m/lib"
)

func path(t *testing.T) string {
	t.Helper()
	return store.Default()
}

func TestCount(t *testing.T) {
	s, err := store.Open(path(t))
	if err != nil {
		t.Fatal(err)
	}
	if s.Count() != 1 {
		t.Errorf("Count() = %d", s.Count())
	}
}
`,
			errs: []filter.Error{{File: "lib/lib_test.go", Line: 19, Message: "Count() = 0", Tool: "test", Test: "TestCount", Package: "example.com/m/lib"}},
			want: []string{
				"- lib/lib.go:7: func (s *Store) Count() int — called by TestCount",
				"- lib/lib.go:5: func Open(path string) (*Store, error) — called by TestCount",
				"- lib/lib.go:9: func Default() string — called by TestCount",
			},
		},
		{
			name: "a function value in the test's table; test support is not code under test",
			module: `-- m.go --
package m

func Up(s string) string { return s }

func Down(s string) string { return s }
-- check.go --
package m

import "testing"

// Check is test support in a non-test file.
func Check(t *testing.T, ok bool) {
	if !ok {
		t.Error("not ok")
	}
}
-- m_test.go --
package m

import "testing"

func TestCase(t *testing.T) {
	for _, tc := range []struct {
		fn func(string) string
	}{{fn: Up}, {fn: Down}} {
		Check(t, tc.fn("a") == "A")
	}
}
`,
			errs: fail("check.go", 8, "TestCase", "not ok"),
			want: []string{
				"- m.go:3: func Up(s string) string — called by TestCase",
				"- m.go:5: func Down(s string) string — called by TestCase",
			},
		},
		{
			name: "the function the message names comes first",
			module: `-- m.go --
package m

func A() int { return 1 }
func B() int { return 1 }
func C() int { return 1 }
func D() int { return 1 }
func E() int { return 1 }
-- m_test.go --
package m

import "testing"

func TestAll(t *testing.T) {
	_ = A() + B() + C() + D()
	if E() != 2 {
		t.Error("E() = 1, want 2")
	}
}
`,
			errs: fail("m_test.go", 8, "TestAll", "E() = 1, want 2"),
			want: []string{
				"- m.go:7: func E() int — called by TestAll",
				"- m.go:3: func A() int — called by TestAll",
				"- m.go:4: func B() int — called by TestAll",
				"- m.go:5: func C() int — called by TestAll",
			},
		},
		{
			name: "a panic raised in a test's fake: the innermost frame outside the tests, and its caller",
			module: `-- m.go --
package m

type Source interface{ Next() string }

func Read(s Source) string {
	return s.Next()
}

func ReadAll(s Source) string {
	return Read(s) + Read(s)
}
-- m_test.go --
package m

import "testing"

type fake struct{}

func (fake) Next() string { panic("no more") }

func TestReadAll(t *testing.T) { ReadAll(fake{}) }
`,
			errs: fail("m_test.go", 7, "TestReadAll", "panic: no more [recovered]\n"+
				"goroutine 7 [running]:\n"+
				"testing.tRunner.func1.2({0x1, 0x2})\n\t/usr/lib/go/src/testing/testing.go:1974 +0x232\n"+
				"example.com/m.fake.Next(...)\n\tMODULE/m_test.go:7\n"+
				"example.com/m.Read({0x5, 0x6})\n\tMODULE/m.go:6 +0x1d\n"+
				"example.com/m.ReadAll({0x5, 0x6})\n\tMODULE/m.go:10 +0x1d\n"+
				"example.com/m.TestReadAll(0x7)\n\tMODULE/m_test.go:9 +0x1d\n"),
			want: []string{
				"- m.go:6: in func Read(s Source) string — where TestReadAll panicked",
				"- m.go:10: in func ReadAll(s Source) string — its caller, in the trace of TestReadAll; called by TestReadAll",
			},
		},
		{
			name: "a race: the racing access outside the tests",
			module: `-- m.go --
package m

var n int

func Inc() { n++ }
-- m_test.go --
package m

import "testing"

func TestInc(t *testing.T) {
	go Inc()
	_ = n
}
`,
			errs: fail("m_test.go", 7, "TestInc", "WARNING: DATA RACE\n\tRead at m_test.go:7 (m.TestInc)\n\tPrevious write at m.go:5 (m.Inc)"),
			want: []string{"- m.go:5: func Inc() — where TestInc raced; called by TestInc"},
		},
		{
			name: "a method of the test's own package is preferred to one of the packages it imports",
			module: `-- other/other.go --
package other

type Stream struct{}

func (Stream) Next() int { return 0 }

func New() Stream { return Stream{} }
-- own/own.go --
package own

type Lexer struct{}

func (*Lexer) Next() int { return 1 }
-- own/own_test.go --
package own

import (
	"testing"

	"example.com/m/other"
)

func TestNext(t *testing.T) {
	var l Lexer
	_ = other.New()
	if l.Next() != 2 {
		t.Error("Next() = 1")
	}
}
`,
			errs: []filter.Error{{File: "own/own_test.go", Line: 12, Message: "Next() = 1", Tool: "test", Test: "TestNext", Package: "example.com/m/own"}},
			want: []string{
				"- own/own.go:5: func (*Lexer) Next() int — called by TestNext",
				"- other/other.go:7: func New() Stream — called by TestNext",
			},
		},
		{
			name: "an error of the code under test printed by the test: where its text is written",
			module: `-- conf/conf.go --
package conf

func Load(s string) error { return check(s) }
-- conf/check.go --
package conf

import "fmt"

func check(s string) error {
	if s == "" {
		return fmt.Errorf("conf: %q is not a valid setting at all", s)
	}
	return nil
}
-- conf/conf_test.go --
package conf

import "testing"

func TestLoad(t *testing.T) {
	if err := Load(""); err != nil {
		t.Fatal(err)
	}
}
`,
			errs: []filter.Error{{File: "conf/conf_test.go", Line: 7, Message: `conf: "" is not a valid setting at all`, Tool: "test", Test: "TestLoad", Package: "example.com/m/conf"}},
			want: []string{
				"- conf/check.go:7: in func check(s string) error — writes the message of TestLoad",
				"- conf/conf.go:3: func Load(s string) error — called by TestLoad",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestModulePath(t *testing.T) {
	for _, tc := range []struct{ gomod, want string }{
		{"module example.com/m\n", "example.com/m"},
		{"// comment\nmodule \"example.com/q\" // quoted\n", "example.com/q"},
		{"modulex example.com/no\n", ""},
		{"go 1.25\n", ""},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(tc.gomod), 0o666); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, modulePath(dir)); diff != "" {
			t.Errorf("modulePath(%q) mismatch (-want +got):\n%s", tc.gomod, diff)
		}
	}
}
