package filter

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// The edge cases below need no toolchain; real toolchain output is covered
// by the testscript suite in testdata/scripts.

func TestParseBuild(t *testing.T) {
	type testCase struct {
		name      string
		check     CheckName
		in        string
		want      []Error
		truncated bool
	}
	run := func(t *testing.T, tc testCase) {
		check := tc.check
		if check == "" {
			check = "build"
		}
		got := Parse(check, tc.in, Options{Dir: "/m", ModRoot: "/m"})
		if diff := cmp.Diff(tc.want, got.Errors, ignoreClass); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
		if got.Truncated != tc.truncated {
			t.Errorf("Parse(%q).Truncated = %v, want %v", tc.in, got.Truncated, tc.truncated)
		}
		if got.RawOutput != tc.in {
			t.Errorf("Parse(%q).RawOutput = %q, want the input", tc.in, got.RawOutput)
		}
	}
	undefined := Error{File: "x.go", Line: 3, Column: 2, Message: "undefined: foo", Tool: "build", Package: "m"}
	for _, tc := range []testCase{
		{name: "empty", in: "", want: []Error{}},
		{name: "blank lines only", in: "\n\n  \n", want: []Error{}},
		{
			name: "CRLF line endings",
			in:   "# m\r\n./x.go:3:2: undefined: foo\r\n",
			want: []Error{undefined},
		},
		{
			name: "ANSI colours",
			in:   "\x1b[1m# m\x1b[0m\n\x1b[31m./x.go:3:2:\x1b[0m undefined: foo\n",
			want: []Error{undefined},
		},
		{
			name: "no trailing newline",
			in:   "# m\n./x.go:3:2: undefined: foo",
			want: []Error{undefined},
		},
		{
			name: "identical file:line:message deduplicated, whatever the column",
			in:   "# m\n./x.go:3:2: undefined: foo\n# m [m.test]\n./x.go:3:2: undefined: foo\n./x.go:3:9: undefined: foo\n",
			want: []Error{undefined},
		},
		{
			name: "same place, different messages kept",
			in:   "./x.go:3:2: a\n./x.go:3:2: b\n",
			want: []Error{{File: "x.go", Line: 3, Column: 2, Message: "a", Tool: "build"}, {File: "x.go", Line: 3, Column: 2, Message: "b", Tool: "build"}},
		},
		{
			name: "continuation lines, also after a blank line",
			in:   "go: inconsistent vendoring in /m:\n\tdep: not marked\n\n\tTo sync, run:\n\t\tgo mod vendor\n",
			want: []Error{{Message: "go: inconsistent vendoring in /m:\n\tdep: not marked\n\n\tTo sync, run:\n\t\tgo mod vendor", Tool: "build"}},
		},
		{
			name: "a blank line then a new error",
			in:   "./x.go:1:1: a\n\n./x.go:2:1: b\n",
			want: []Error{{File: "x.go", Line: 1, Column: 1, Message: "a", Tool: "build"}, {File: "x.go", Line: 2, Column: 1, Message: "b", Tool: "build"}},
		},
		{
			name:      "too many errors",
			in:        "./x.go:1:1: a\n./x.go:1:1: too many errors\n",
			want:      []Error{{File: "x.go", Line: 1, Column: 1, Message: "a", Tool: "build"}},
			truncated: true,
		},
		{
			name: "lead-in dropped before a positioned error",
			in:   "go: errors parsing go.mod:\n/m/go.mod:5: unknown directive: x\n",
			want: []Error{{File: "go.mod", Line: 5, Message: "unknown directive: x", Tool: "build"}},
		},
		{
			name: "lead-in alone is an error",
			in:   "something went wrong:\n",
			want: []Error{{Message: "something went wrong:", Tool: "build"}},
		},
		{
			name: "lead-in heads a positionless block",
			in:   "cannot build:\nthe reason\n",
			want: []Error{{Message: "cannot build:\nthe reason", Tool: "build"}},
		},
		{
			name: "go: lines are separate errors",
			in:   "go: first problem\ngo: second problem\n",
			want: []Error{{Message: "go: first problem", Tool: "build"}, {Message: "go: second problem", Tool: "build"}},
		},
		{
			name: "linker block keeps a location outside the module",
			in:   "# m\nlink: running gcc failed\n/usr/bin/ld: x.o: in function `f':\n/tmp/go-build/x.cgo2.c:48: undefined reference to `g'\ncollect2: error: ld returned 1 exit status\n",
			want: []Error{{Message: "link: running gcc failed\n/usr/bin/ld: x.o: in function `f':\n/tmp/go-build/x.cgo2.c:48: undefined reference to `g'\ncollect2: error: ld returned 1 exit status", Tool: "build", Package: "m"}},
		},
		{
			name: "a module location ends a linker block",
			in:   "link: failed\n./x.go:1:2: real error\n",
			want: []Error{{Message: "link: failed", Tool: "build"}, {File: "x.go", Line: 1, Column: 2, Message: "real error", Tool: "build"}},
		},
		{
			name: "gcc snippet, notes and warnings",
			in:   "# m\n./c.go: In function 'f':\n./c.go:5:3: warning: unused variable 'x'\n    5 |   int x;\n      |       ^\n./c.go:6:1: error: expected ';'\n    6 | }\n      | ^\n./c.go:2:5: note: declared here\ncompilation terminated.\n",
			want: []Error{{File: "c.go", Line: 6, Column: 1, Message: "error: expected ';'\n./c.go:2:5: note: declared here", Tool: "build", Package: "m"}},
		},
		{
			name: "include chain is not an error",
			in:   "In file included from ./c.go:3:\n                 from ./d.go:4,\n./h.h:1:10: fatal error: x.h: No such file or directory\n",
			want: []Error{{File: "h.h", Line: 1, Column: 10, Message: "fatal error: x.h: No such file or directory", Tool: "build"}},
		},
		{
			name:      "vet prefix and more-errors suffix",
			check:     "vet",
			in:        "# m\n# [m]\nvet: ./x.go:3:9: expected ')', found '{' (and 2 more errors)\n",
			want:      []Error{{File: "x.go", Line: 3, Column: 9, Message: "expected ')', found '{'", Tool: "vet", Package: "m"}},
			truncated: true,
		},
		{
			name: "progress lines",
			in:   "go: downloading example.com/a v1.0.0\ngo: finding module for package example.com/b\nexample.com/m/sub\n",
			want: []Error{},
		},
		{
			name: "a lone brace in text is text",
			in:   "{\nnot json\n./x.go:1:2: after\n",
			want: []Error{{Message: "{\nnot json", Tool: "build"}, {File: "x.go", Line: 1, Column: 2, Message: "after", Tool: "build"}},
		},
		{
			name: "unrelated JSON is text",
			in:   "{\"level\":\"info\",\"msg\":\"hello\"}\n",
			want: []Error{{Message: "{\"level\":\"info\",\"msg\":\"hello\"}", Tool: "build"}},
		},
		{
			name:  "custom check keeps its name as the tool",
			check: "staticcheck",
			in:    "x.go:1:2: SA4006: value never used\n",
			want:  []Error{{File: "x.go", Line: 1, Column: 2, Message: "SA4006: value never used", Tool: "staticcheck"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestParseGoJSON(t *testing.T) {
	type testCase struct {
		name      string
		check     CheckName
		in        string
		want      []Error
		truncated bool
	}
	run := func(t *testing.T, tc testCase) {
		got := Parse(tc.check, tc.in, Options{Dir: "/m", ModRoot: "/m"})
		if diff := cmp.Diff(tc.want, got.Errors, ignoreClass); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
		if got.Truncated != tc.truncated {
			t.Errorf("Truncated = %v, want %v", got.Truncated, tc.truncated)
		}
	}
	ev := func(ip, out string) string {
		b, _ := json.Marshal(map[string]string{"ImportPath": ip, "Action": "build-output", "Output": out})
		return string(b) + "\n"
	}
	fail := func(ip string) string { return `{"ImportPath":"` + ip + `","Action":"build-fail"}` + "\n" }
	for _, tc := range []testCase{
		{
			name:  "a line split across events",
			check: "build",
			in:    ev("m", "# m\n") + ev("m", "./x.go:1:2: undef") + ev("m", "ined: foo\n\thave (int)\n") + fail("m"),
			want:  []Error{{File: "x.go", Line: 1, Column: 2, Message: "undefined: foo\n\thave (int)", Tool: "build", Package: "m"}},
		},
		{
			name:  "interleaved packages keep their continuations",
			check: "build",
			in: ev("a", "# a\n") + ev("b", "# b\n") + ev("a", "a/x.go:1:1: call\n") + ev("b", "b/y.go:2:2: other\n") +
				ev("a", "\thave (int)\n") + ev("b", "\twant (string)\n") + fail("a") + fail("b"),
			want: []Error{
				{File: "a/x.go", Line: 1, Column: 1, Message: "call\n\thave (int)", Tool: "build", Package: "a"},
				{File: "b/y.go", Line: 2, Column: 2, Message: "other\n\twant (string)", Tool: "build", Package: "b"},
			},
		},
		{
			name:  "text lines between events",
			check: "build",
			in:    "go: errors parsing go.mod:\n/m/go.mod:3: unknown directive: x\n" + ev("m", "# m\n") + ev("m", "./x.go:1:2: bad\n") + fail("m"),
			want: []Error{
				{File: "go.mod", Line: 3, Message: "unknown directive: x", Tool: "build"},
				{File: "x.go", Line: 1, Column: 2, Message: "bad", Tool: "build", Package: "m"},
			},
		},
		{
			name:  "load error: the ImportPath is not the package",
			check: "build",
			in:    ev("example.com/missing", "x.go:3:8: no required module provides package example.com/missing; to add it:\n") + ev("example.com/missing", "\tgo get example.com/missing\n") + fail("example.com/missing"),
			want:  []Error{{File: "x.go", Line: 3, Column: 8, Message: "no required module provides package example.com/missing; to add it:\n\tgo get example.com/missing", Tool: "build"}},
		},
		{
			name:  "vet -json objects with an analyzer error",
			check: "vet",
			in: "# m\n{\n\t\"m\": {\n\t\t\"printf\": [\n\t\t\t{\n\t\t\t\t\"posn\": \"/m/x.go:6:25\",\n\t\t\t\t\"end\": \"/m/x.go:6:27\",\n\t\t\t\t\"message\": \"bad format\"\n\t\t\t}\n\t\t],\n" +
				"\t\t\"buildtag\": {\n\t\t\t\"error\": \"analysis failed\"\n\t\t}\n\t}\n}\n{\n\t\"m/sub [m/sub.test]\": {\n\t\t\"unreachable\": [\n\t\t\t{\n\t\t\t\t\"posn\": \"/m/sub/y_test.go:2:1\",\n\t\t\t\t\"message\": \"unreachable code\"\n\t\t\t}\n\t\t]\n\t}\n}\n",
			want: []Error{
				{Message: "analysis failed", Tool: "vet", Package: "m", Linter: "buildtag"},
				{File: "sub/y_test.go", Line: 2, Column: 1, Message: "unreachable code", Tool: "vet", Package: "m/sub", Linter: "unreachable"},
				{File: "x.go", Line: 6, Column: 25, Message: "bad format", Tool: "vet", Package: "m", Linter: "printf"},
			},
		},
		{
			name:  "empty vet -json object",
			check: "vet",
			in:    "{}\n",
			want:  []Error{},
		},
		{
			name:  "unfinished JSON object is parsed as text",
			check: "vet",
			in:    "{\n\t\"m\": {\n",
			want:  []Error{{Message: "{\n\t\"m\": {", Tool: "vet"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

// TestStreamingEquivalence checks that a Parser fed one byte at a time, or
// in odd chunks, finds what Parse finds in the whole string.
func TestStreamingEquivalence(t *testing.T) {
	in := "# m\r\n./x.go:1:2: call\n\thave (int)\n\twant (string)\n" +
		`{"ImportPath":"m/sub","Action":"build-output","Output":"# m/sub\n"}` + "\n" +
		`{"ImportPath":"m/sub","Action":"build-output","Output":"sub/y.go:4:1: bad\n"}` + "\n" +
		"{\n\t\"m\": {\n\t\t\"printf\": [\n\t\t\t{\"posn\": \"/m/z.go:1:1\", \"message\": \"p\"}\n\t\t]\n\t}\n}\n" +
		"package m\n\timports m/a: import cycle not allowed\n"
	want := Parse("vet", in, Options{Dir: "/m", ModRoot: "/m"})
	for _, size := range []int{1, 2, 3, 7, 64} {
		p := NewParser("vet", Options{Dir: "/m", ModRoot: "/m"})
		for b := []byte(in); len(b) > 0; {
			n := min(size, len(b))
			write(p, b[:n])
			b = b[n:]
		}
		got := p.Close()
		if diff := cmp.Diff(want.Errors, got.Errors); diff != "" {
			t.Errorf("chunks of %d: mismatch (-Parse +Parser):\n%s", size, diff)
		}
		if got.RawOutput != in {
			t.Errorf("chunks of %d: RawOutput = %q, want the input", size, got.RawOutput)
		}
	}
	if len(want.Errors) != 4 {
		t.Errorf("Parse found %d errors, want 4: %v", len(want.Errors), want.Errors)
	}
}

func TestParseHostileInput(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	huge := strings.Repeat("y", 10<<20)
	type testCase struct {
		name  string
		in    string
		check func(t *testing.T, res ParseResult)
	}
	run := func(t *testing.T, tc testCase) {
		for _, check := range []CheckName{"build", "vet", "lint", "test", "custom"} {
			res, err := ParseReader(strings.NewReader(tc.in), check, Options{})
			if err != nil {
				t.Fatalf("%s: ParseReader: %v", check, err)
			}
			if len(res.RawOutput) > DefaultRawLimit+100 {
				t.Errorf("%s: RawOutput holds %d bytes, want at most about %d", check, len(res.RawOutput), DefaultRawLimit)
			}
			if _, err := json.Marshal(res); err != nil {
				t.Errorf("%s: result does not marshal: %v", check, err)
			}
			if tc.check != nil {
				tc.check(t, res)
			}
		}
	}
	for _, tc := range []testCase{
		{
			name: "a 1 MB message",
			in:   "./x.go:1:2: " + long + "\n",
			check: func(t *testing.T, res ParseResult) {
				if res.CheckName == "test" {
					return // unindented program output in a test run, not an error
				}
				if len(res.Errors) != 1 || len(res.Errors[0].Message) != len(long) {
					t.Errorf("want one error with the whole 1 MB message, got %d errors", len(res.Errors))
				}
			},
		},
		{
			name: "a 10 MB line without newline",
			in:   huge,
		},
		{
			name: "a 10 MB JSON line",
			in:   `{"ImportPath":"m","Action":"build-output","Output":"` + huge + `\n"}` + "\n",
		},
		{
			name: "invalid UTF-8",
			in:   "./x.go:1:2: bad \xff\xfe bytes\n",
			check: func(t *testing.T, res ParseResult) {
				b, _ := json.Marshal(res)
				if !utf8.Valid(b) {
					t.Errorf("JSON is not valid UTF-8: %q", b)
				}
			},
		},
		{
			name: "garbage bytes",
			in:   "\x00\x01\x02{\x1b[\x1b]\x00}\n\t\t\n:::1:2:\n{\n\x00\n}\n",
		},
		{
			name: "a failing test's flood of lines that are not its errors",
			in:   "--- FAIL: TestFlood (0.00s)\n    f_test.go:1: first\n" + strings.Repeat("    undecorated output of the testing package\n", 200000) + "FAIL\texample.com/m\t0.1s\n",
		},
		{
			name: "a huge goroutine dump",
			in:   "panic: boom\n\n" + strings.Repeat("goroutine 7 [chan receive]:\nexample.com/m.wait(...)\n\t/m/w.go:4\ncreated by example.com/m.start in goroutine 1\n\t/m/s.go:9 +0x1d\n\n", 50000) + "FAIL\texample.com/m\t0.1s\n",
		},
		{
			name: "many long continuation lines are capped",
			in:   "go: failed\n" + strings.Repeat("\t"+strings.Repeat("z", 300)+"\n", 5000),
			check: func(t *testing.T, res ParseResult) {
				if len(res.Errors) != 1 {
					t.Fatalf("got %d errors, want 1", len(res.Errors))
				}
				msg := res.Errors[0].Message
				if len(msg) > maxMessageBytes+100 || !strings.HasSuffix(msg, " more lines") {
					t.Errorf("message of %d bytes ending %q, want at most %d bytes and a count of what was left out", len(msg), msg[max(0, len(msg)-30):], maxMessageBytes)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestErrorJSON(t *testing.T) {
	b, err := json.Marshal(Error{File: "", Message: "m", Tool: "build"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"file":"","line":0,"column":0,"message":"m","tool":"build"}`; got != want {
		t.Errorf("minimal Error JSON = %s, want %s", got, want)
	}
	b, _ = json.Marshal(ParseResult{CheckName: "vet", Errors: []Error{}, RawOutput: "raw"})
	if got, want := string(b), `{"check":"vet","errors":[],"truncated":false}`; got != want {
		t.Errorf("ParseResult JSON = %s, want %s", got, want)
	}
}

func TestErrorString(t *testing.T) {
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{File: "a.go", Line: 1, Column: 2, Message: "m", Tool: "build"}, "a.go:1:2: m [build]"},
		{Error{File: "go.mod", Line: 5, Message: "m", Tool: "build"}, "go.mod:5: m [build]"},
		{Error{Message: "first\nsecond", Tool: "build"}, "first … [build]"},
		{Error{File: "a.go", Line: 1, Message: "m", Tool: "vet", Linter: "printf"}, "a.go:1: m [vet/printf]"},
		{Error{File: "a_test.go", Line: 9, Message: "m", Tool: "test", Test: "TestA/b"}, "a_test.go:9: m [test] (TestA/b)"},
	} {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}

func TestParseCheckOutput(t *testing.T) {
	dir := t.TempDir()
	res := ParseCheckOutput(CheckResult{Name: "build", Output: "./x.go:1:2: bad\n", ExitCode: 1, Dir: dir, Truncated: true})
	want := []Error{{File: "x.go", Line: 1, Column: 2, Message: "bad", Tool: "build"}}
	if diff := cmp.Diff(want, res.Errors, ignoreClass); diff != "" {
		t.Errorf("ParseCheckOutput mismatch (-want +got):\n%s", diff)
	}
	if !res.Truncated || res.CheckName != "build" || res.RawOutput != "./x.go:1:2: bad\n" {
		t.Errorf("ParseCheckOutput = %+v; want truncated (the capture was cut), check build, the raw output", res)
	}
}

func TestOnError(t *testing.T) {
	var streamed []string
	p := NewParser("build", Options{OnError: func(e Error) { streamed = append(streamed, e.String()) }})
	write(p, []byte("./b.go:2:1: second\n./a.go:1:1: first\n"))
	res := p.Close()
	if diff := cmp.Diff([]string{"b.go:2:1: second [build]", "a.go:1:1: first [build]"}, streamed); diff != "" {
		t.Errorf("OnError order mismatch (-want +got):\n%s", diff)
	}
	if res.Errors[0].File != "a.go" {
		t.Errorf("result not sorted: %v", res.Errors)
	}
}

// TestSortedMatchesStableSort checks every path of errorList.sorted (one
// run, runs in order, a few overlapping runs merged, many runs sorted)
// against a plain stable sort.
func TestSortedMatchesStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		var l errorList
		var want []Error
		runs := 1 + r.IntN(100)
		for run := 0; run < runs; run++ {
			pkg := fmt.Sprint("p", r.IntN(4))
			file := fmt.Sprintf("d%d/f%d.go", r.IntN(5), r.IntN(3))
			line := r.IntN(5)
			for i, n := 0, 1+r.IntN(6); i < n; i++ {
				if r.IntN(4) == 0 {
					file = fmt.Sprintf("d%d/f%d.go", r.IntN(5), r.IntN(3))
				}
				line += r.IntN(3)
				e := Error{File: file, Line: line, Column: r.IntN(3), Message: fmt.Sprint(len(want)), Package: pkg}
				l.add(e)
				want = append(want, e)
			}
		}
		slices.SortStableFunc(want, func(a, b Error) int { return compareErrors(&a, &b) })
		if diff := cmp.Diff(want, l.sorted()); diff != "" {
			t.Fatalf("trial %d: sorted() mismatch (-stable sort +sorted):\n%s", trial, diff)
		}
	}
}

func TestBounds(t *testing.T) {
	// More errors than MaxErrors: the first are kept, the result says so.
	var in strings.Builder
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&in, "./x.go:%d:1: error %d\n", i, i)
	}
	res, err := ParseReader(strings.NewReader(in.String()), "build", Options{MaxErrors: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 10 || res.Errors[9].Line != 10 || !res.Truncated || len(res.Notes) != 1 {
		t.Errorf("MaxErrors 10: %d errors, truncated %v, notes %q", len(res.Errors), res.Truncated, res.Notes)
	}

	// A line longer than MaxLineBytes, streamed: cut, parsed, noted.
	p := NewParser("build", Options{})
	write(p, []byte("./x.go:1:2: "))
	chunk := []byte(strings.Repeat("y", 1<<20))
	for i := 0; i < 9; i++ {
		write(p, chunk)
	}
	write(p, []byte("\n./x.go:2:1: next\n"))
	res = p.Close()
	if len(res.Errors) != 2 || len(res.Errors[0].Message) > MaxLineBytes || res.Errors[1].Message != "next" {
		t.Errorf("long line: %d errors, first message of %d bytes", len(res.Errors), len(res.Errors[0].Message))
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "cut") {
		t.Errorf("long line: notes %q, want one about the cut", res.Notes)
	}
}
