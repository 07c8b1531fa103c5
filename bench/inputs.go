// Package bench compares faultline's parsers with reviewdog/errorformat, a
// naive one-regexp-per-line parser and a bare line split, on generated
// toolchain output. It is a module of its own so that the library's
// dependencies stay clean; see README.md for the table and how to make it.
package bench

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/faultline-go/faultline/filter"
)

// Module is the module the generated output belongs to.
const (
	Module    = "example.com/bigapp"
	ModuleDir = "/src/bigapp"
)

// Input is one kind of generated output.
type Input struct {
	Name  string           // as in the table: "go build", "go test -v", ...
	Check filter.CheckName // the faultline parser for it
	Data  []byte
}

// Inputs returns the benchmark inputs, each about size bytes.
func Inputs(size int) []Input {
	return []Input{
		{Name: "go build", Check: "build", Data: GoBuild(size, 1)},
		{Name: "go test -v", Check: "test", Data: GoTestV(size, 1)},
		{Name: "go test -json", Check: "test", Data: GoTestJSON(size, 1)},
		{Name: "golangci-lint", Check: "lint", Data: GolangciLint(size, 1)},
	}
}

var buildErrors = []string{
	"undefined: %s",
	"declared and not used: %s",
	"%q imported and not used",
	"cannot use %s (variable of type int) as string value in argument to fmt.Println",
	"too many arguments in call to %s\n\thave (number, number, string)\n\twant (int, int)",
	"cannot use %s (value of struct type T) as I value in variable declaration: T does not implement I (wrong type for method M)\n\t\thave M(int)\n\t\twant M(string)",
	"invalid operation: %s + \"x\" (mismatched types int and untyped string)",
	"missing return",
}

var words = []string{"client", "store", "cache", "handler", "config", "parser", "worker", "queue", "token", "index"}

func word(r *rand.Rand) string { return words[r.IntN(len(words))] }

// GoBuild returns go build output of many broken packages: each a header
// and a few errors, some with have/want continuation lines. As the compiler
// does, it prints a package's errors in order of file and line; the
// packages come in no order.
func GoBuild(size int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 2))
	var b bytes.Buffer
	for pkg := 0; b.Len() < size; pkg++ {
		dir := fmt.Sprintf("internal/%s%d", word(r), pkg)
		fmt.Fprintf(&b, "# %s/%s\n", Module, dir)
		n := 2 + r.IntN(8)
		files := []string{word(r), word(r), word(r)}
		slices.Sort(files)
		line := 0
		for i := 0; i < n; i++ {
			file := files[i*len(files)/n]
			if i > 0 && file != files[(i-1)*len(files)/n] {
				line = 0
			}
			line += 1 + r.IntN(40)
			msg := fmt.Sprintf(buildErrors[r.IntN(len(buildErrors))], word(r)+fmt.Sprint(i))
			fmt.Fprintf(&b, "%s/%s.go:%d:%d: %s\n", dir, file, line, 1+r.IntN(60), msg)
		}
		if n == 9 {
			fmt.Fprintf(&b, "%s/%s.go:%d:%d: too many errors\n", dir, files[2], line, 2)
		}
	}
	return b.Bytes()
}

// testLine is one line of a test binary's output and the test it belongs
// to, so that the same run can be printed as text and as test2json events.
type testLine struct {
	test, text string
	action     string // run, pass, fail: the event after the line
}

// testRun generates the output of one package's test binary under -v:
// mostly === RUN, t.Log and --- PASS lines, with some failures, testify
// reports and, now and then, a panic that ends the package.
func testRun(r *rand.Rand, pkg string) ([]testLine, bool) {
	var out []testLine
	add := func(test, text string) { out = append(out, testLine{test: test, text: text}) }
	failed := false
	file := word(r) + "_test.go"
	for t, n := 0, 10+r.IntN(40); t < n; t++ {
		name := fmt.Sprintf("Test%s%d", strings.ToUpper(word(r)[:1])+word(r)[1:], t)
		add(name, "=== RUN   "+name)
		out[len(out)-1].action = "run"
		for i, logs := 0, r.IntN(6); i < logs; i++ {
			add(name, fmt.Sprintf("    %s:%d: processed %d items for %s in %dms", file, 10+r.IntN(300), r.IntN(1000), word(r), r.IntN(90)))
		}
		if r.IntN(8) == 0 {
			add(name, fmt.Sprintf(`{"level":"error","msg":"retrying %s","error":"connection reset","attempt":%d}`, word(r), r.IntN(5)))
		}
		switch k := r.IntN(40); {
		case k == 0 && t > 2:
			// A panic ends the test binary.
			add(name, "--- FAIL: "+name+" (0.00s)")
			add(name, "panic: runtime error: index out of range [5] with length 3 [recovered, repanicked]")
			add(name, "")
			add(name, "goroutine 7 [running]:")
			add(name, "testing.tRunner.func1.2({0x5a0f20, 0xc000018228})")
			add(name, "\t/usr/local/go/src/testing/testing.go:1974 +0x232")
			add(name, "panic({0x5a0f20?, 0xc000018228?})")
			add(name, "\t/usr/local/go/src/runtime/panic.go:860 +0x13a")
			add(name, fmt.Sprintf("%s/%s.Get(...)", Module, pkg))
			add(name, fmt.Sprintf("\t%s/%s/%s.go:%d", ModuleDir, pkg, word(r), 1+r.IntN(200)))
			add(name, fmt.Sprintf("%s/%s.%s(0xc000103520)", Module, pkg, name))
			add(name, fmt.Sprintf("\t%s/%s/%s:%d +0x45", ModuleDir, pkg, file, 1+r.IntN(200)))
			add(name, "testing.tRunner(0xc000103520, 0x5cb0d8)")
			add(name, "\t/usr/local/go/src/testing/testing.go:2036 +0xea")
			add(name, "created by testing.(*T).Run in goroutine 1")
			add(name, "\t/usr/local/go/src/testing/testing.go:2101 +0x4c5")
			out[len(out)-1].action = "fail"
			return out, true
		case k < 3:
			failed = true
			if k == 1 {
				add(name, fmt.Sprintf("    %s:%d: ", file, 10+r.IntN(300)))
				add(name, fmt.Sprintf("        \tError Trace:\t%s/%s/%s:%d", ModuleDir, pkg, file, 10+r.IntN(300)))
				add(name, "        \tError:      \tNot equal: ")
				add(name, fmt.Sprintf("        \t            \texpected: %d", r.IntN(100)))
				add(name, fmt.Sprintf("        \t            \tactual  : %d", r.IntN(100)))
				add(name, "        \tTest:       \t"+name)
			} else {
				add(name, fmt.Sprintf("    %s:%d: %s(%q) = %d, want %d", file, 10+r.IntN(300), word(r), word(r), r.IntN(9), r.IntN(9)))
				add(name, fmt.Sprintf("        while checking %s", word(r)))
			}
			add(name, "--- FAIL: "+name+" (0.00s)")
			out[len(out)-1].action = "fail"
		default:
			add(name, fmt.Sprintf("--- PASS: %s (0.%02ds)", name, r.IntN(100)))
			out[len(out)-1].action = "pass"
		}
	}
	return out, failed
}

// GoTestV returns go test -v output of many packages.
func GoTestV(size int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 3))
	var b bytes.Buffer
	for pkg := 0; b.Len() < size; pkg++ {
		dir := fmt.Sprintf("internal/%s%d", word(r), pkg)
		lines, failed := testRun(r, dir)
		for _, l := range lines {
			b.WriteString(l.text)
			b.WriteByte('\n')
		}
		if failed {
			fmt.Fprintf(&b, "FAIL\nFAIL\t%s/%s\t0.%03ds\n", Module, dir, r.IntN(1000))
		} else {
			fmt.Fprintf(&b, "PASS\nok  \t%s/%s\t0.%03ds\n", Module, dir, r.IntN(1000))
		}
	}
	return b.Bytes()
}

// GoTestJSON returns the go test -json form of GoTestV's kind of output.
func GoTestJSON(size int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 3))
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	type event struct {
		Time    string  `json:"Time"`
		Action  string  `json:"Action"`
		Package string  `json:"Package"`
		Test    string  `json:"Test,omitempty"`
		Output  string  `json:"Output,omitempty"`
		Elapsed float64 `json:"Elapsed,omitempty"`
	}
	const now = "2026-11-22T05:00:32.947452182Z"
	for pkg := 0; b.Len() < size; pkg++ {
		dir := fmt.Sprintf("internal/%s%d", word(r), pkg)
		ip := Module + "/" + dir
		enc.Encode(event{Time: now, Action: "start", Package: ip})
		lines, failed := testRun(r, dir)
		for _, l := range lines {
			if l.action == "run" {
				enc.Encode(event{Time: now, Action: "run", Package: ip, Test: l.test})
			}
			enc.Encode(event{Time: now, Action: "output", Package: ip, Test: l.test, Output: l.text + "\n"})
			if l.action == "pass" || l.action == "fail" {
				enc.Encode(event{Time: now, Action: l.action, Package: ip, Test: l.test})
			}
		}
		status, line := "pass", "ok  \t"+ip+"\t0.012s\n"
		if failed {
			status, line = "fail", "FAIL\t"+ip+"\t0.012s\n"
		}
		enc.Encode(event{Time: now, Action: "output", Package: ip, Output: line})
		enc.Encode(event{Time: now, Action: status, Package: ip, Elapsed: 0.012})
	}
	return b.Bytes()
}

var lintIssues = []struct{ msg, linter, src string }{
	{"Error return value of `os.Remove` is not checked", "errcheck", "\tos.Remove(path)"},
	{"ineffectual assignment to err", "ineffassign", "\terr = run()"},
	{"S1003: should use strings.Contains(s, \"x\") instead", "staticcheck", "\tif strings.Index(s, \"x\") != -1 {"},
	{"printf: fmt.Printf format %d has arg s of wrong type string", "govet", "\tfmt.Printf(\"%d\\n\", s)"},
	{"func unusedHelper is unused", "unused", "func unusedHelper() {}"},
	{"cyclomatic complexity 31 of func `Handle` is high (> 30)", "gocyclo", "func Handle(w http.ResponseWriter, r *http.Request) {"},
}

// GolangciLint returns golangci-lint text output: issues with their source
// and caret lines, sorted as golangci-lint sorts them by default (linter,
// then file, line, column), and the summary.
func GolangciLint(size int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 4))
	type issue struct {
		linter, file string
		line, col    int
		is           int
	}
	var issues []issue
	for n := 0; n < size; {
		k := r.IntN(len(lintIssues))
		is := issue{lintIssues[k].linter, fmt.Sprintf("internal/%s%d/%s.go", word(r), len(issues)/20, word(r)), 1 + r.IntN(500), 2 + r.IntN(20), k}
		issues = append(issues, is)
		n += 2*len(is.file) + len(lintIssues[k].msg) + len(lintIssues[k].src) + 30
	}
	slices.SortFunc(issues, func(a, b issue) int {
		return cmp.Or(strings.Compare(a.linter, b.linter), strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col))
	})
	var b bytes.Buffer
	counts := map[string]int{}
	for _, is := range issues {
		li := lintIssues[is.is]
		fmt.Fprintf(&b, "%s:%d:%d: %s (%s)\n%s\n\t%s^\n", is.file, is.line, is.col, li.msg, li.linter, li.src, strings.Repeat(" ", is.col-2))
		counts[li.linter]++
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	fmt.Fprintf(&b, "%d issues:\n", total)
	for _, is := range lintIssues {
		if n := counts[is.linter]; n > 0 {
			fmt.Fprintf(&b, "* %s: %d\n", is.linter, n)
		}
	}
	return b.Bytes()
}
