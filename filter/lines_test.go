package filter

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScanPosition(t *testing.T) {
	type testCase struct {
		in   string
		want position
		ok   bool
	}
	run := func(t *testing.T, tc testCase) {
		got, ok := scanPosition(tc.in)
		if ok != tc.ok {
			t.Fatalf("scanPosition(%q) ok = %v, want %v", tc.in, ok, tc.ok)
		}
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(position{})); ok && diff != "" {
			t.Errorf("scanPosition(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
	for _, tc := range []testCase{
		{in: "./x.go:42:15: undefined: foo", want: position{file: "./x.go", line: 42, col: 15, msg: "undefined: foo"}, ok: true},
		{in: "go.mod:5: unknown directive: frobnicate", want: position{file: "go.mod", line: 5, msg: "unknown directive: frobnicate"}, ok: true},
		{in: `C:\mod\x.go:3:4: boom`, want: position{file: `C:\mod\x.go`, line: 3, col: 4, msg: "boom"}, ok: true},
		{in: "C:/mod/x.go:3: boom", want: position{file: "C:/mod/x.go", line: 3, msg: "boom"}, ok: true},
		{in: "/home/my user/m/x.go:1:2: spaces in an absolute path", want: position{file: "/home/my user/m/x.go", line: 1, col: 2, msg: "spaces in an absolute path"}, ok: true},
		{in: "x.go:1:2:", want: position{file: "x.go", line: 1, col: 2}, ok: true},
		{in: "a.go:1:2: : # pkg", want: position{file: "a.go", line: 1, col: 2, msg: ": # pkg"}, ok: true},
		{in: "x.go:12:foo", ok: false},
		{in: "2024/01/02 15:04:05 started", ok: false},
		{in: "word:12: not a file", ok: false},
		{in: "main.main: relocation target main.missing not defined", ok: false},
		{in: "panic: runtime error: index out of range [5] with length 3", ok: false},
		{in: "    x_test.go:12: indented", ok: false},
		{in: "x.go:12345678901: too long", ok: false},
		{in: `fmt.Println("a.go:1: b")`, ok: false},
		{in: "", ok: false},
		{in: ":1:2: no file", ok: false},
	} {
		t.Run(tc.in, func(t *testing.T) { run(t, tc) })
	}
}

func TestCleanLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain", "plain"},
		{"crlf\r", "crlf"},
		{"many\r\r", "many"},
		{"progress 10%\rprogress 100%", "progress 100%"},
		{"downloading\r./x.go:1:2: undefined: foo", "./x.go:1:2: undefined: foo"},
		{"./x.go:1:2: got a\rb", "./x.go:1:2: got a\rb"},
		{"    x_test.go:3: got a\rb\r", "    x_test.go:3: got a\rb"},
		{"./x.go:1:2: old\r./x.go:1:2: redrawn", "./x.go:1:2: redrawn"},
		{"\x1b[1m./x.go:1:2:\x1b[0m a\rb", "./x.go:1:2: a\rb"},
		{"\x1b[31m./x.go:1:2:\x1b[0m undefined: \x1b[1mfoo\x1b[22m", "./x.go:1:2: undefined: foo"},
		{"\x1b]8;;http://x\x07link\x1b]8;;\x1b\\ text", "link text"},
		{"\x1b(Bcharset", "charset"},
		{"dangling\x1b", "dangling"},
		{"\x1b[", ""},
		{"", ""},
	} {
		if got := string(cleanLine([]byte(tc.in))); got != tc.want {
			t.Errorf("cleanLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPackageHeader(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"# example.com/m/sub", "example.com/m/sub", true},
		{"# example.com/m [example.com/m.test]", "example.com/m", true},
		{"# [example.com/m]", "example.com/m", true},
		{"# command-line-arguments", "command-line-arguments", true},
		{"#nospace", "", false},
		{"# ", "", false},
		{"x # y", "", false},
	} {
		got, ok := packageHeader(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("packageHeader(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
