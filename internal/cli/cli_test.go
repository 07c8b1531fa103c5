package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestExcluded(t *testing.T) {
	for _, tc := range []struct {
		patterns []string
		file     string
		want     bool
	}{
		{[]string{"gen/**"}, "gen/a.go", true},
		{[]string{"gen/**"}, "gen/sub/a.go", true},
		{[]string{"gen/**"}, "generate/a.go", false},
		{[]string{"**/*.pb.go"}, "api/v1/x.pb.go", true},
		{[]string{"**/*.pb.go"}, "x.pb.go", true},
		{[]string{"**/*.pb.go"}, "x.go", false},
		{[]string{"*.go"}, "sub/x.go", false},
		{[]string{"gen/**"}, "", false},
	} {
		if got := excluded(tc.patterns, tc.file); got != tc.want {
			t.Errorf("excluded(%q, %q) = %v, want %v", tc.patterns, tc.file, got, tc.want)
		}
	}
}

func TestParseConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"tmeout: 5m\n", "line 1: unknown field tmeout"},
		{"skip: [lint]\ntimeout: soon\n", `line 2: "soon" is not a positive duration (like 90s or 10m)`},
		{"checks:\n  lnt: {args: [x]}\n", "line 2: checks.lnt: unknown check"},
		{"custom:\n  - command: [x]\n", "line 1: custom[0].name: a custom check needs a name"},
		{"custom:\n  - name: build\n    command: [x]\n", `custom[0].name: "build" is taken`},
		{"custom:\n  - name: sc\n", "custom[0].command: a custom check needs a command"},
		{"custom:\n  - name: sc\n    command: [x]\n    parser: rust\n", `custom[0].parser: "rust" is not build, vet, lint or test`},
		{"exclude: ['[']\n", `exclude[0]: "[" is not a path pattern`},
		{"race: maybe\n", "line 1: cannot unmarshal !!str `maybe` into true or false"},
	} {
		_, err := parseConfig([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseConfig(%q) = %v, want an error with %q", tc.in, err, tc.want)
		}
	}
	for _, ok := range []string{"", "# nothing\n", "skip: [lint]\nrace: true\ntimeout: 90s\nchecks:\n  test: {args: [-short], timeout: 20m}\ncustom:\n  - name: sc\n    command: [staticcheck, ./...]\n    optional: true\nexclude: [gen/**]\n"} {
		if _, err := parseConfig([]byte(ok)); err != nil {
			t.Errorf("parseConfig(%q) = %v", ok, err)
		}
	}
}

func TestGitHubEscaping(t *testing.T) {
	if got, want := ghData("50% done\r\nnext"), "50%25 done%0D%0Anext"; got != want {
		t.Errorf("ghData = %q, want %q", got, want)
	}
	if got, want := ghProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A"; got != want {
		t.Errorf("ghProperty = %q, want %q", got, want)
	}
}

func TestDisplayPath(t *testing.T) {
	root := filepath.FromSlash("/m")
	for _, tc := range []struct {
		cwd, file, want string
	}{
		{"/m", "a/b.go", "a/b.go"},
		{"/m/a", "a/b.go", "b.go"},
		{"/m/a", "c/d.go", "../c/d.go"},
		{"/m/a/b/c", "x.go", "/m/x.go"},
		{"/m", "/usr/lib/go/src/x.go", "/usr/lib/go/src/x.go"},
		{"/m", "", ""},
	} {
		got := filepath.ToSlash(displayPath(filepath.FromSlash(tc.cwd), root, tc.file))
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("displayPath(%q, %q) mismatch (-want +got):\n%s", tc.cwd, tc.file, diff)
		}
	}
}
