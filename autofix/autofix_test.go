package autofix

// The captured inputs in testdata come from /tmp/fx holding fx.go.txt as
// fx.go and a go.mod of module example.com/fx:
//
//	go vet -json ./... > vet.json 2>&1
//	golangci-lint run --output.json.path stdout --show-stats=false --enable-only=staticcheck,perfsprint,intrange ./... > lint.json
//
// (go1.26.8, golangci-lint v2.15.0).

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fixture copies fx.go into a temporary module and rewrites the captured
// reports' paths to it.
func fixture(t *testing.T) (dir string, vet, lint []Fix) {
	t.Helper()
	dir = t.TempDir()
	src, err := os.ReadFile("testdata/fx.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fx.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	vj, _ := os.ReadFile("testdata/vet.json")
	vet, err = FromVetJSON(strings.NewReader(strings.ReplaceAll(string(vj), "/tmp/fx", dir)))
	if err != nil {
		t.Fatal(err)
	}
	lj, _ := os.ReadFile("testdata/lint.json")
	lint, err = FromLintJSON(strings.NewReader(string(lj)), dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, vet, lint
}

func TestFromJSON(t *testing.T) {
	dir, vet, lint := fixture(t)
	type short struct {
		Tool, Linter, Message, File string
		Line, Edits                 int
	}
	var got []short
	for _, f := range append(vet, lint...) {
		got = append(got, short{f.Tool, f.Linter, f.Message, filepath.Base(f.File), f.Line, len(f.Edits)})
	}
	want := []short{
		{"vet", "printf", `Insert "%s" format string`, "fx.go", 10, 1},
		{"lint", "intrange", "Replace loop with `i := range len(a)`", "fx.go", 17, 1},
		{"lint", "perfsprint", "Use a strings.Builder", "fx.go", 18, 4},
	}
	if diff := cmp.Diff(want, got[:min(3, len(got))]); diff != "" {
		t.Errorf("fixes mismatch (-want +got):\n%s", diff)
	}
	if got := vet[0].Edits[0]; got.File != filepath.Join(dir, "fx.go") || got.New != `"%s", ` {
		t.Errorf("vet edit %+v", got)
	}
	if got := lint[0].Edits[0].New; got != "i := range len(a)" {
		t.Errorf("lint edit text %q: base64 not decoded", got)
	}
}

func TestApply(t *testing.T) {
	dir, vet, lint := fixture(t)
	res, err := Apply(dir, append(vet, lint...))
	if err != nil {
		t.Fatal(err)
	}
	var applied []string
	for _, f := range res.Applied {
		applied = append(applied, f.Linter)
	}
	var skipped []string
	for _, s := range res.Skipped {
		skipped = append(skipped, s.Linter+": "+s.Reason)
	}
	// intrange and perfsprint's strings.Builder both edit the loop's line;
	// printf and staticcheck both fix line 10 (right alone, wrong together):
	// the later fix of a line is skipped.
	wantApplied := []string{"printf", "intrange", "perfsprint"}
	wantSkipped := []string{"perfsprint: touches line 17, which a fix applied before it changes", "staticcheck: touches line 10, which a fix applied before it changes"}
	if diff := cmp.Diff(wantApplied, applied); diff != "" {
		t.Errorf("applied mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantSkipped, skipped); diff != "" {
		t.Errorf("skipped mismatch (-want +got):\n%s", diff)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "fx.go"))
	for _, want := range []string{"\tfmt.Printf(\"%s\", s)\n", "\tfor i := range len(a) {\n", "\treturn out\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("fx.go lacks %q after the fixes:\n%s", want, data)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".*faultline*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestApplyRefuses(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	if err := os.WriteFile(file, []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "b.go")
	if err := os.WriteFile(outside, []byte("package b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fixes := []Fix{
		{Linter: "past-the-end", Edits: []Edit{{File: file, Start: 5, End: 99, New: "x"}}},
		{Linter: "outside", Edits: []Edit{{File: outside, Start: 0, End: 7, New: "x"}}},
		{Linter: "self-overlap", Edits: []Edit{{File: file, Start: 0, End: 4, New: "x"}, {File: file, Start: 2, End: 6, New: "y"}}},
		{Linter: "fine", Edits: []Edit{{File: file, Start: 8, End: 9, New: "b"}}},
	}
	res, err := Apply(dir, fixes)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Applied) != 1 || res.Applied[0].Linter != "fine" || len(res.Skipped) != 3 {
		t.Errorf("applied %v, skipped %v", res.Applied, res.Skipped)
	}
	if data, _ := os.ReadFile(file); string(data) != "package b\n" {
		t.Errorf("a.go = %q", data)
	}
	if data, _ := os.ReadFile(outside); string(data) != "package b\n" {
		t.Errorf("a file outside the module was changed: %q", data)
	}
}

func TestDiff(t *testing.T) {
	dir, vet, _ := fixture(t)
	got := Diff(dir, vet[0])
	want := "--- a/fx.go\n+++ b/fx.go\n@@ -9,3 +9,3 @@\n func Show(s string) {\n-\tfmt.Printf(s)\n+\tfmt.Printf(\"%s\", s)\n \tfmt.Println(strings.Title(s))\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Diff mismatch (-want +got):\n%s", diff)
	}
}
