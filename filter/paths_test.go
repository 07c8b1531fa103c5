package filter

import (
	"os"
	"path/filepath"
	"testing"
)

func TestResolve(t *testing.T) {
	type testCase struct {
		name      string
		dir, root string
		in        string
		want      string
	}
	run := func(t *testing.T, tc testCase) {
		got := newResolver(tc.dir, tc.root).resolve(tc.in)
		if got != tc.want {
			t.Errorf("resolve(%q) with dir %q, root %q = %q, want %q", tc.in, tc.dir, tc.root, got, tc.want)
		}
	}
	for _, tc := range []testCase{
		{name: "dot slash at the root", dir: "/m", root: "/m", in: "./x.go", want: "x.go"},
		{name: "subdirectory", dir: "/m", root: "/m", in: "sub/x.go", want: "sub/x.go"},
		{name: "up from a subdirectory", dir: "/m/a/b", root: "/m", in: "../../x.go", want: "x.go"},
		{name: "up and down", dir: "/m/a", root: "/m", in: "../b/x.go", want: "b/x.go"},
		{name: "absolute inside", dir: "/elsewhere", root: "/m", in: "/m/p/x.go", want: "p/x.go"},
		{name: "absolute outside stays", dir: "/m", root: "/m", in: "/usr/local/go/src/fmt/print.go", want: "/usr/local/go/src/fmt/print.go"},
		{name: "relative outside becomes absolute", dir: "/m/a", root: "/m", in: "../../other/x.go", want: "/other/x.go"},
		{name: "sibling module is outside", dir: "/m", root: "/m", in: "/mod/x.go", want: "/mod/x.go"},
		{name: "no dir: cleaned only", in: "./a/../b/x.go", want: "b/x.go"},
		{name: "no dir: up stays relative", in: "../x.go", want: "../x.go"},
		{name: "no root: dir is the root", dir: "/m", in: "./x.go", want: "x.go"},
		{name: "windows absolute inside", dir: `C:\Users\me\mod`, root: `C:\Users\me\mod`, in: `C:\Users\me\mod\sub\x.go`, want: "sub/x.go"},
		{name: "windows drive letter case", dir: `c:\mod`, root: `C:\mod`, in: `c:\mod\x.go`, want: "x.go"},
		{name: "windows relative backslashes", dir: `C:\mod`, root: `C:\mod`, in: `a\b.go`, want: "a/b.go"},
		{name: "windows up from a subdirectory", dir: `C:\mod\a\b`, root: `C:\mod`, in: `..\..\x.go`, want: "x.go"},
		{name: "windows outside stays absolute", dir: `C:\mod`, root: `C:\mod`, in: `C:\Go\src\fmt\print.go`, want: "C:/Go/src/fmt/print.go"},
		{name: "windows relative without dir", in: `.\pkg\x.go`, want: "pkg/x.go"},
		{name: "root is slash", dir: "/", root: "/", in: "x.go", want: "x.go"},
		{name: "empty", dir: "/m", root: "/m", in: "", want: ""},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestResolveSymlinkedRoot(t *testing.T) {
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	r := newResolver(link, link)
	if got, want := r.resolve(filepath.Join(real, "x.go")), "x.go"; got != want {
		t.Errorf("resolve(real path) = %q, want %q", got, want)
	}
}

func TestFindModuleRoot(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A directory named go.mod is not a module file.
	if err := os.Mkdir(filepath.Join(deep, "go.mod"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, ok := FindModuleRoot(deep)
	if !ok || got != root {
		t.Errorf("FindModuleRoot(%q) = %q, %v; want %q, true", deep, got, ok, root)
	}
	if got, ok := FindModuleRoot(filepath.Dir(root)); ok && got == root {
		t.Errorf("FindModuleRoot above the module found %q", got)
	}
}
