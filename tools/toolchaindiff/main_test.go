package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMask(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// What differs between two runs of one toolchain goes.
		{"goroutine 552 [running]:", "goroutine N [running]:"},
		{"created by testing.(*T).Run in goroutine 7", "created by testing.(*T).Run in goroutine N"},
		{"Previous write at 0x00c000012345 by goroutine 8:", "Previous write at 0xN by goroutine N:"},
		{"\t$GOROOT/src/testing/testing.go:1974 +0x232", "\t$GOROOT/src/testing/testing.go:1974 +0xN"},
		{`{"Action":"pass","Elapsed":0.072}`, `{"Action":"pass","Elapsed":N}`},
		// What a toolchain changes stays: line numbers, wording, fields.
		{`{"Output":"--- FAIL: TestX\n","OutputType":"frame"}`, `{"Output":"--- FAIL: TestX\n","OutputType":"frame"}`},
	} {
		if got := mask(tc.in); got != tc.want {
			t.Errorf("mask(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCompare(t *testing.T) {
	// write puts a script's captures (raw: NN-FILE.txt) and records
	// (NN-parsed-NAME.txt) where the suite does.
	write := func(s *side, script string, files map[string]string) {
		for name, data := range files {
			dir := filepath.Join(s.records(), script)
			if !strings.Contains(name, "-parsed-") {
				dir = filepath.Join(s.captures(), script)
			}
			if err := os.MkdirAll(dir, 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
				t.Fatal(err)
			}
		}
	}
	old, new := &side{goVersion: "go1.25.0", dir: t.TempDir()}, &side{goVersion: "go1.26.8", dir: t.TempDir()}
	// vet_x: the raw output changed, the parsed result did not (its golden
	// kept for go1.25 is the same result as the shared one).
	write(old, "vet_x", map[string]string{"01-vet.out.txt": "# example.com/x\nx.go:1:2: bad\n", "02-parsed-vet.go1.25.json.txt": "x.go:1:2: bad [vet]\n"})
	write(new, "vet_x", map[string]string{"01-vet.out.txt": "x.go:1:2: bad\n", "02-parsed-vet.json.txt": "x.go:1:2: bad [vet]\n"})
	// test_y: only run-to-run noise.
	write(old, "test_y", map[string]string{"01-test.out.txt": "goroutine 5 [running]:\n"})
	write(new, "test_y", map[string]string{"01-test.out.txt": "goroutine 9 [running]:\n"})
	// build_z: one side recorded one result more.
	write(old, "build_z", map[string]string{"01-parsed-errors.txt": "a.go:1:1: x [build]\n"})
	write(new, "build_z", map[string]string{"01-parsed-errors.txt": "a.go:1:1: x [build]\n", "02-parsed-errors.txt": "truncated\n"})

	type result struct{ Same, Any bool }
	for _, tc := range []struct {
		script, kind string
		want         result
	}{
		{"vet_x", "raw", result{false, true}},
		{"vet_x", "parsed", result{true, true}},
		{"test_y", "raw", result{true, true}},
		{"test_y", "parsed", result{true, false}},
		{"build_z", "parsed", result{false, true}},
		{"none", "raw", result{true, false}},
	} {
		same, any := compare(old, new, tc.script, tc.kind, io.Discard)
		if diff := cmp.Diff(tc.want, result{same, any}); diff != "" {
			t.Errorf("compare(%s, %s) mismatch (-want +got):\n%s", tc.script, tc.kind, diff)
		}
	}
}
