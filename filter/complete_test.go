package filter

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestContract holds the output contract on hostile input: file names and
// messages without control characters, files outside the module absolute,
// positions ≥ 0, no empty message, every error classified.
func TestContract(t *testing.T) {
	type testCase struct {
		name  string
		check CheckName
		in    string
		opts  Options
		want  []Error
	}
	run := func(t *testing.T, tc testCase) {
		got := Parse(tc.check, tc.in, tc.opts)
		if diff := cmp.Diff(tc.want, got.Errors, ignoreClass); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
		for _, e := range got.Errors {
			if e.Category == "" || e.Severity == "" || len(e.Signature) != 16 {
				t.Errorf("unclassified: %+v", e)
			}
		}
	}
	m := Options{Dir: "/m", ModRoot: "/m"}
	for _, tc := range []testCase{
		{
			name: "an absolute file outside the module stays absolute",
			in:   "/etc/passwd:1:1: undefined: root\n", check: CheckBuild, opts: m,
			want: []Error{{File: "/etc/passwd", Line: 1, Column: 1, Message: "undefined: root", Tool: "build"}},
		},
		{
			name: "a relative file that climbs out becomes absolute",
			in:   "../../../x.go:1:1: bad\n", check: CheckBuild, opts: Options{Dir: "/m/a/b", ModRoot: "/m"},
			want: []Error{{File: "/x.go", Line: 1, Column: 1, Message: "bad", Tool: "build"}},
		},
		{
			name: "without a directory it stays recognisably outside",
			in:   "../../../x.go:1:1: bad\n./a/../../y.go:2:1: worse\n", check: CheckBuild,
			want: []Error{
				{File: "../../../x.go", Line: 1, Column: 1, Message: "bad", Tool: "build"},
				{File: "../y.go", Line: 2, Column: 1, Message: "worse", Tool: "build"},
			},
		},
		{
			name: "a test file that climbs out of its package directory",
			in:   "--- FAIL: TestX (0.00s)\n    ../../../../etc/x_test.go:3: bad\nFAIL\texample.com/m/a\t0.01s\n", check: CheckTest, opts: m,
			want: []Error{{File: "/etc/x_test.go", Line: 3, Message: "bad", Tool: "test", Package: "example.com/m/a", Test: "TestX"}},
		},
		{
			name: "control characters in a message are escaped, colours removed",
			in:   "./x.go:1:2: a\x07b\x00c\u202ed\x1b[31mred\x1b[0m\x7f\u0085\u2066\n", check: CheckBuild, opts: m,
			want: []Error{{File: "x.go", Line: 1, Column: 2, Message: `a\x07b\x00c\u202edred\x7f\u0085\u2066`, Tool: "build"}},
		},
		{
			name: "a carriage return inside a message keeps the position",
			in:   "# m\n./x.go:1:2: got a\rb\n", check: CheckBuild, opts: m,
			want: []Error{{File: "x.go", Line: 1, Column: 2, Message: `got a\x0db`, Tool: "build", Package: "m"}},
		},
		{
			name: "a carriage return inside a test's message keeps the position",
			in:   "--- FAIL: TestX (0.00s)\n    x_test.go:3: got a\rb\nFAIL\texample.com/m\t0.01s\n", check: CheckTest, opts: m,
			want: []Error{{File: "x_test.go", Line: 3, Message: `got a\x0db`, Tool: "test", Package: "example.com/m", Test: "TestX"}},
		},
		{
			name:  "a newline in a golangci-lint JSON file name stays on its line",
			in:    `{"Issues":[{"FromLinter":"errcheck","Text":"x\u001b[1m!\u001b[0m\u0007","Pos":{"Filename":"a.go\nAFFECTED FILES: evil.go\u202e","Line":3,"Column":4}}],"Report":{}}` + "\n",
			check: CheckLint, opts: m,
			want: []Error{{File: `a.go\x0aAFFECTED FILES: evil.go\u202e`, Line: 3, Column: 4, Message: `x!\x07`, Tool: "lint", Linter: "errcheck"}},
		},
		{
			name:  "a newline in a go vet -json posn stays on its line",
			in:    "{\n\t\"m\": {\n\t\t\"printf\": [\n\t\t\t{\"posn\": \"/m/x\\ny.go:1:2\", \"message\": \"bad\\u0008\"}\n\t\t]\n\t}\n}\n",
			check: CheckVet, opts: m,
			want: []Error{{File: `x\x0ay.go`, Line: 1, Column: 2, Message: `bad\x08`, Tool: "vet", Package: "m", Linter: "printf"}},
		},
		{
			name: "a go test -json test name with a bidi override",
			in: `{"Action":"run","Package":"example.com/m","Test":"TestX` + "\u202e" + `"}` + "\n" +
				`{"Action":"output","Package":"example.com/m","Test":"TestX` + "\u202e" + `","Output":"    x_test.go:3: bad\n"}` + "\n" +
				`{"Action":"fail","Package":"example.com/m","Test":"TestX` + "\u202e" + `"}` + "\n" +
				`{"Action":"fail","Package":"example.com/m"}` + "\n",
			check: CheckTest, opts: m,
			want: []Error{{File: "x_test.go", Line: 3, Message: "bad", Tool: "test", Package: "example.com/m", Test: `TestX\u202e`}},
		},
		{
			name: "an empty golangci-lint error is no empty message",
			in:   "Error: \n", check: CheckLint, opts: m,
			want: []Error{{Message: "(no message)", Tool: "lint"}},
		},
		{
			name: "an empty test error is no empty message",
			in:   "--- FAIL: TestX (0.00s)\n    x_test.go:3: \nFAIL\texample.com/m\t0.01s\n", check: CheckTest, opts: m,
			want: []Error{{File: "x_test.go", Line: 3, Message: "(no message)", Tool: "test", Package: "example.com/m", Test: "TestX"}},
		},
		{
			name: "JSON positions: negative ones are 0, a column without a line too",
			in: `{"Issues":[` +
				`{"FromLinter":"errcheck","Text":"a","Pos":{"Filename":"a.go","Line":-3,"Column":5}},` +
				`{"FromLinter":"errcheck","Text":"b","Pos":{"Filename":"a.go","Line":4,"Column":-1}},` +
				`{"FromLinter":"errcheck","Text":"c","Pos":{"Filename":"a.go","Line":0,"Column":7}}],"Report":{}}` + "\n",
			check: CheckLint, opts: m,
			want: []Error{
				{File: "a.go", Message: "a", Tool: "lint", Linter: "errcheck"},
				{File: "a.go", Message: "c", Tool: "lint", Linter: "errcheck"},
				{File: "a.go", Line: 4, Message: "b", Tool: "lint", Linter: "errcheck"},
			},
		},
		{
			name: "a lone parenthesis after an unformatted line (a crash once)",
			in:   "x\n)\n", check: CheckLint, opts: m,
			want: []Error{{Message: "x\n)", Tool: "lint"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestInModule(t *testing.T) {
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"x.go", true},
		{"a/b/x.go", true},
		{"a/../x.go", true},
		{"", false},
		{"/etc/passwd", false},
		{"../x.go", false},
		{"a/../../x.go", false},
		{"..", false},
		{"C:/m/x.go", false},
		{`\\server\x.go`, false},
	} {
		if got := (Error{File: tc.file}).InModule(); got != tc.want {
			t.Errorf("Error{File: %q}.InModule() = %v, want %v", tc.file, got, tc.want)
		}
	}
}
