package filter

// Fuzz targets for every parser, text and JSON. Each is seeded with the
// real outputs the script suite captured (filter/testdata/captured, one
// directory per script), regenerated with
//
//	FAULTLINE_CAPTURES=$PWD/filter/testdata/captured go test -count=1 -run 'TestScripts/scripts/(test|build|vet|lint)_' .
//
// and checks the same properties on whatever it is fed (see checkParse).
// CI runs each for a few seconds:
//
//	go test -run='^$' -fuzz='^FuzzParseBuild$' -fuzztime=10s ./filter
//
// and so on for each Fuzz function below.

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// capturedOutputs returns the captured outputs of the scripts whose names
// start with one of the prefixes ("test_", ...).
func capturedOutputs(tb testing.TB, prefixes ...string) [][]byte {
	tb.Helper()
	dirs, err := os.ReadDir(filepath.Join("testdata", "captured"))
	if err != nil {
		tb.Fatalf("filter: no captured outputs: %v", err)
	}
	var out [][]byte
	for _, d := range dirs {
		match := false
		for _, p := range prefixes {
			match = match || strings.HasPrefix(d.Name(), p)
		}
		if !match {
			continue
		}
		files, err := os.ReadDir(filepath.Join("testdata", "captured", d.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join("testdata", "captured", d.Name(), f.Name()))
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, data)
		}
	}
	if len(out) == 0 {
		tb.Fatalf("filter: no captured outputs for %q", prefixes)
	}
	return out
}

// seed adds the captured outputs of the scripts with the prefixes and the
// extra inputs to the fuzz corpus.
func seed(f *testing.F, extra []string, prefixes ...string) {
	for _, data := range capturedOutputs(f, prefixes...) {
		f.Add(data)
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkParse parses in as the check's output, whole and in random chunks,
// and fails on any broken property: the two results differ; parsing is not
// deterministic; a position is negative or a column has no line; a message
// is empty; a file name holds a control character or a message one other
// than newline and tab; an error is not classified; the result is not valid
// JSON.
func checkParse(t *testing.T, check CheckName, in []byte) {
	t.Helper()
	opts := Options{Dir: "/m", ModRoot: "/m"}
	whole := Parse(check, string(in), opts)
	again := Parse(check, string(in), opts)
	if diff := cmp.Diff(whole.Errors, again.Errors); diff != "" {
		t.Fatalf("%s: Parse is not deterministic (-first +second):\n%s", check, diff)
	}

	h := fnv.New64a()
	h.Write(in)
	r := rand.New(rand.NewPCG(h.Sum64(), 1))
	p := NewParser(check, opts)
	for b := in; len(b) > 0; {
		n := min(len(b), 1+r.IntN(1+r.IntN(64)))
		write(p, b[:n])
		b = b[n:]
	}
	chunked := p.Close()
	if diff := cmp.Diff(whole.Errors, chunked.Errors); diff != "" {
		t.Fatalf("%s: Parse and a Parser fed in chunks differ (-Parse +Parser):\n%s", check, diff)
	}
	if whole.Truncated != chunked.Truncated {
		t.Fatalf("%s: Truncated: Parse %v, Parser %v", check, whole.Truncated, chunked.Truncated)
	}

	for _, e := range whole.Errors {
		if e.Line < 0 || e.Column < 0 || e.Line == 0 && e.Column != 0 {
			t.Errorf("%s: bad position %d:%d in %+v", check, e.Line, e.Column, e)
		}
		if strings.TrimSpace(e.Message) == "" {
			t.Errorf("%s: empty message in %+v", check, e)
		}
		if i := strings.IndexFunc(e.File, isControl); i >= 0 || strings.ContainsAny(e.File, "\n\t") {
			t.Errorf("%s: control character in file name %q", check, e.File)
		}
		if i := strings.IndexFunc(e.Message, func(r rune) bool { return r != '\n' && r != '\t' && isControl(r) }); i >= 0 {
			t.Errorf("%s: control character %q in message %q", check, e.Message[i:], e.Message)
		}
		for _, s := range []string{e.Package, e.Test, e.Linter} {
			if strings.IndexFunc(s, isControl) >= 0 || strings.ContainsAny(s, "\n\t") {
				t.Errorf("%s: control character in %+v", check, e)
			}
		}
		if e.Category == "" || e.Severity == "" || e.Signature == "" {
			t.Errorf("%s: unclassified error %+v", check, e)
		}
		if e.InModule() && (strings.HasPrefix(e.File, "../") || e.File == ".." || strings.HasPrefix(e.File, "/")) {
			t.Errorf("%s: InModule() for %q", check, e.File)
		}
	}
	b, err := json.Marshal(whole)
	if err != nil || !json.Valid(b) || !utf8.Valid(b) {
		t.Errorf("%s: result is not valid JSON: %v", check, err)
	}
}

func FuzzParseBuild(f *testing.F) {
	seed(f, []string{
		"# m\n./x.go:1:2: undefined: x\n\thave ()\n",
		"go: x:\n\ty\n\n\tz\n",
		"/etc/passwd:1:1: undefined: root\n../../../x.go:1:1: x\n",
		"./x.go:1:2: a\x07b\u202ec\x00\n",
	}, "build_")
	f.Fuzz(func(t *testing.T, in []byte) { checkParse(t, CheckBuild, in) })
}

func FuzzParseVet(f *testing.F) {
	seed(f, []string{
		"{\n\t\"m\": {\n\t\t\"a\": [{\"posn\": \"/x.go:1:1\", \"message\": \"m\"}]\n\t}\n}\n",
		"vet: x.go:1:2: e (and 3 more errors)\n",
		"# [m]\nvet: .:0: 0 (and more errors)",
		// Found by the fuzzer of the first parser, which read vet and test.
		"{\n \"0\": {   \"0\": [{}]}\n}\n",
		"  0.:0: \n   00",
		"!00\n000.00:0:1: ",
		"vet: .:0: 0 (and more errors)",
	}, "vet_")
	f.Fuzz(func(t *testing.T, in []byte) { checkParse(t, CheckVet, in) })
}

func FuzzParseLint(f *testing.F) {
	seed(f, []string{
		"x\n)\n",
		"Error: \n",
		"a.go:1:2: m (errcheck)\n\tsrc\n\t^\n1 issues:\n* errcheck: 1\n",
		"level=error msg=\"[runner] boom\"\n",
	}, "lint_")
	f.Fuzz(func(t *testing.T, in []byte) { checkParse(t, CheckLint, in) })
}

func FuzzParseTest(f *testing.F) {
	seed(f, []string{
		"=== RUN   TestA\n    a_test.go:3: x\n        more\n--- FAIL: TestA (0.00s)\nFAIL\texample.com/m\t0.1s\n",
		"--- FAIL: TestB (0.00s)\npanic: boom [recovered]\n\tpanic: boom\n\ngoroutine 7 [running]:\nm.TestB(0x1)\n\t/m/b_test.go:3 +0x1\nFAIL\tm\t0.1s\n",
		"panic: test timed out after 1s\n\trunning tests:\n\t\tTestC (1s)\n\ngoroutine 5 [chan receive]:\nm.TestC(0x1)\n\t/m/c_test.go:4 +0x1\n",
		"==================\nWARNING: DATA RACE\nRead at 0x1 by goroutine 2:\n  m.f()\n      /m/f.go:1 +0x1\n==================\n",
		"--- FAIL: ExampleD (0.00s)\ngot:\na\nwant:\nb\nFAIL\n",
		"    x.go:1: \n        \tError Trace:\t/m/x.go:1\n        \tError:      \tNot equal\n",
		"  0.:0: \n   00",
		"!00\n000.00:0:1: ",
	}, "test_")
	f.Fuzz(func(t *testing.T, in []byte) { checkParse(t, CheckTest, in) })
}

// fuzzFields splits fuzz input into lines and each line into fields at
// '|', so that a JSON target can build well-formed JSON of any content.
func fuzzFields(in []byte) [][]string {
	var out [][]string
	for _, l := range strings.Split(string(in), "\n") {
		out = append(out, strings.Split(l, "|"))
	}
	return out
}

func field(f []string, i int) string {
	if i < len(f) {
		return f[i]
	}
	return ""
}

// number reads a field as a number, negative ones included, or makes one
// up from its length.
func number(s string) int {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		return n
	}
	return len(s) - 2
}

func jsonLine(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b) + "\n"
}

// FuzzParseBuildJSON feeds go build -json events whose fields come from the
// input: ImportPath|Output on each line; an empty Output is a build-fail.
func FuzzParseBuildJSON(f *testing.F) {
	seed(f, []string{"m|# m\nm|./x.go:1:2: bad\nm|\n"}, "build_")
	f.Fuzz(func(t *testing.T, in []byte) {
		var b strings.Builder
		for _, fl := range fuzzFields(in) {
			ip, out := field(fl, 0), field(fl, 1)
			if out == "" {
				b.WriteString(jsonLine(map[string]string{"ImportPath": ip, "Action": "build-fail"}))
				continue
			}
			b.WriteString(jsonLine(map[string]string{"ImportPath": ip, "Action": "build-output", "Output": out + "\n"}))
		}
		checkParse(t, CheckBuild, []byte(b.String()))
		checkParse(t, CheckTest, []byte(b.String()))
	})
}

// FuzzParseVetJSON feeds go vet -json objects: package|analyzer|posn|message
// on each line, one diagnostic each, an analyzer error when posn is "!".
func FuzzParseVetJSON(f *testing.F) {
	seed(f, []string{"m|printf|/m/x.go:1:2|bad\nm [m.test]|x|!|failed\n"}, "vet_")
	f.Fuzz(func(t *testing.T, in []byte) {
		var b strings.Builder
		for _, fl := range fuzzFields(in) {
			var diag any = []map[string]string{{"posn": field(fl, 2), "message": field(fl, 3)}}
			if field(fl, 2) == "!" {
				diag = map[string]string{"error": field(fl, 3)}
			}
			obj, _ := json.MarshalIndent(map[string]any{field(fl, 0): map[string]any{field(fl, 1): diag}}, "", "\t")
			b.Write(obj)
			b.WriteByte('\n')
		}
		checkParse(t, CheckVet, []byte(b.String()))
	})
}

// FuzzParseLintJSON feeds golangci-lint's JSON report: one issue per line,
// linter|text|file|line|column, and a Report.Error from a line "!|text".
func FuzzParseLintJSON(f *testing.F) {
	seed(f, []string{"errcheck|not checked|a.go|3|-1\ntypecheck|: # m\\nx.go:1:1: bad|a.go|1|0\n!|Error: \n"}, "lint_")
	f.Fuzz(func(t *testing.T, in []byte) {
		type pos struct {
			Filename     string
			Line, Column int
		}
		type issue struct {
			FromLinter, Text string
			Pos              pos
		}
		report := struct {
			Issues []issue
			Report struct{ Error string }
		}{Issues: []issue{}}
		for _, fl := range fuzzFields(in) {
			if field(fl, 0) == "!" {
				report.Report.Error += field(fl, 1)
				continue
			}
			text := strings.ReplaceAll(field(fl, 1), `\n`, "\n")
			report.Issues = append(report.Issues, issue{field(fl, 0), text, pos{field(fl, 2), number(field(fl, 3)), number(field(fl, 4))}})
		}
		checkParse(t, CheckLint, []byte(jsonLine(report)))
	})
}

// FuzzParseTestJSON feeds go test -json events: one per line,
// action|package|test|output, with test2json's "output" events for text.
func FuzzParseTestJSON(f *testing.F) {
	seed(f, []string{
		"start|m||\nrun|m|TestA|\noutput|m|TestA|=== RUN   TestA\noutput|m|TestA|    a_test.go:3: bad\nfail|m|TestA|\noutput|m||FAIL\tm\t0.1s\nfail|m||\n",
		"output|m|TestA|# results\noutput|m|TestA|--- FAIL: TestFake (0.00s)\nfail|m|TestA|\nfail|m||\n",
	}, "test_")
	f.Fuzz(func(t *testing.T, in []byte) {
		var b strings.Builder
		for _, fl := range fuzzFields(in) {
			ev := map[string]any{"Action": field(fl, 0), "Package": field(fl, 1)}
			if test := field(fl, 2); test != "" {
				ev["Test"] = test
			}
			if out := field(fl, 3); out != "" || field(fl, 0) == "output" {
				ev["Output"] = out + "\n"
			}
			if ot := field(fl, 4); ot != "" {
				ev["OutputType"] = ot
			}
			if fb := field(fl, 5); fb != "" {
				ev["FailedBuild"] = fb
			}
			b.WriteString(jsonLine(ev))
		}
		checkParse(t, CheckTest, []byte(b.String()))
	})
}

// TestCapturedOutputsParse runs checkParse over every captured output, so
// that the properties hold on real output in every go test run, not only
// while fuzzing.
func TestCapturedOutputsParse(t *testing.T) {
	for _, c := range []struct {
		check  CheckName
		prefix string
	}{{CheckBuild, "build_"}, {CheckVet, "vet_"}, {CheckLint, "lint_"}, {CheckTest, "test_"}} {
		for i, data := range capturedOutputs(t, c.prefix) {
			t.Run(fmt.Sprint(c.check, i), func(t *testing.T) { checkParse(t, c.check, data) })
		}
	}
}

// ignoreClass leaves classification out of comparisons of parsed errors:
// the table tests state what the parsers extract; TestClassified and
// checkParse check that every error is classified.
var ignoreClass = cmpopts.IgnoreFields(Error{}, "Category", "Severity", "Signature")

// write feeds p a chunk: a Parser's Write never fails.
func write(p *Parser, b []byte) { _, _ = p.Write(b) }
