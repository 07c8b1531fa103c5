package filter

import "testing"

func TestOlderLanguage(t *testing.T) {
	type testCase struct {
		a, b      string
		older, ok bool
	}
	run := func(t *testing.T, tc testCase) {
		older, ok := olderLanguage(tc.a, tc.b)
		if older != tc.older || ok != tc.ok {
			t.Errorf("olderLanguage(%q, %q) = %v, %v; want %v, %v", tc.a, tc.b, older, ok, tc.older, tc.ok)
		}
	}
	for _, tc := range []testCase{
		{a: "go1.26.8", b: "go1.27.4", older: true, ok: true},
		{a: "go1.26.8", b: "go1.26.1", ok: true},           // a patch release lints the same language
		{a: "go1.26.8", b: "go1.25.0", ok: true},           // a newer Go lints older code
		{a: "go1.9.7", b: "go1.10", older: true, ok: true}, // numbers, not strings
		{a: "go1.26.8", b: "go1.27rc1", older: true, ok: true},
		{a: "go1.26.8", b: "devel go1.27-4f1c2a3b Tue Nov 3 10:00:00 2026 +0000 linux/amd64", older: true, ok: true},
		{a: "go1.26.8", b: "go2.0", older: true, ok: true},
		{a: "go1.26.8", b: "unknown"},
		{a: "", b: "go1.27.4"},
	} {
		t.Run(tc.a+"_"+tc.b, func(t *testing.T) { run(t, tc) })
	}
}

func TestLintVersion(t *testing.T) {
	for _, tc := range []struct {
		out, version, goVersion string
	}{
		// golangci-lint v2.15.0 and v1.64.8 as they print it.
		{`golangci-lint has version 2.15.0 built with go1.26.8 from (unknown, modified: ?, mod sum: "h1:w94zf8HAYI7hm3164kwKsvZRuqXvY+YxeFoTbu1OLg8=") on (unknown)`, "2.15.0", "go1.26.8"},
		{"golangci-lint has version v1.64.8 built with go1.24.1 from 8b37f141 on 2025-03-17T20:41:53Z", "v1.64.8", "go1.24.1"},
		{"golangci-lint has version (devel) built with go1.27.4 from (unknown) on (unknown)", "(devel)", "go1.27.4"},
	} {
		m := lintVersion.FindStringSubmatch(tc.out)
		if m == nil || m[1] != tc.version || m[2] != tc.goVersion {
			t.Errorf("lintVersion in %q = %q, want %q and %q", tc.out, m, tc.version, tc.goVersion)
		}
	}
	for _, tc := range []struct{ version, path, at string }{
		{"2.15.0", "github.com/golangci/golangci-lint/v2/cmd/golangci-lint", "v2.15.0"},
		{"1.64.8", "github.com/golangci/golangci-lint/cmd/golangci-lint", "v1.64.8"},
		{"(devel)", "github.com/golangci/golangci-lint/v2/cmd/golangci-lint", "latest"},
	} {
		if p, at := lintInstallPath(tc.version), installVersion(tc.version); p != tc.path || at != tc.at {
			t.Errorf("reinstalling %s: go install %s@%s, want %s@%s", tc.version, p, at, tc.path, tc.at)
		}
	}
}
