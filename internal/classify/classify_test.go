package classify

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The definitions: the regular expressions Normalize and the rules stand
// for. The fast code must do exactly what they do.

var refNormalizers = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?`), "<time>"},
	{regexp.MustCompile(`\d{4}[-/]\d{2}[-/]\d{2}`), "<date>"},
	{regexp.MustCompile(`\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b`), "<time>"},
	{regexp.MustCompile(`0x[0-9a-fA-F]+`), "0x?"},
	{regexp.MustCompile(`\b(goroutine|thread|pid|PID) \d+`), "$1 ?"},
	{regexp.MustCompile(`(?:[A-Za-z]:)?(?:[\w.\-~$@+]*[/\\])+([\w.\-~$@+]*)`), "$1"},
	{regexp.MustCompile(`(\.[A-Za-z]\w*)(?::\d+)+`), "$1"},
	{regexp.MustCompile(`\b(line|col|column) \d+`), "$1 ?"},
	{regexp.MustCompile(`\b\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h)(?:\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h))*\b`), "<dur>"},
	{regexp.MustCompile(`\s+`), " "},
}

func refNormalize(text string) string {
	text = Prefix(text)
	for _, n := range refNormalizers {
		text = n.re.ReplaceAllString(text, n.with)
	}
	return strings.TrimSpace(text)
}

type refRule struct {
	cat Category
	re  *regexp.Regexp
}

func refMatch(rules []refRule, text string) Category {
	for _, r := range rules {
		if r.re.MatchString(text) {
			return r.cat
		}
	}
	return ""
}

var refRules = map[string]struct {
	fast *ruleSet
	ref  []refRule
}{
	"go": {goRules, []refRule{
		{CategoryNetwork, regexp.MustCompile(`no required module provides package|cannot find module providing package|missing go\.sum entry|module lookup disabled|verifying module|dial tcp|proxy\.golang\.org|unrecognized import path|go: downloading .* error|i/o timeout|TLS handshake|no such host`)},
		{CategorySyntax, regexp.MustCompile(`(?i)syntax error|expected '.*', found|unknown directive|errors parsing go\.mod|missing ',' |non-declaration statement outside function body|unterminated|invalid character`)},
		{CategoryReference, regexp.MustCompile(`undefined: |undeclared name|not declared by package|has no field or method|unknown field|could not determine what C\.\S+ refers to|is not defined|undefined reference to|relocation target .* not defined|cannot refer to unexported`)},
		{CategoryType, regexp.MustCompile(`cannot use |does not implement|mismatched types|invalid operation|too many arguments in call|not enough arguments in call|too many return values|not enough return values|assignment mismatch|cannot convert|is not a type|wrong type|invalid argument|non-boolean condition|cannot assign to|of wrong type|format %\S+ has arg|reads arg #\d+, but call has|\(type\) assertion|does not satisfy |cannot infer |does not match inferred type|without instantiation|in single\-value context|impossible type assertion|impossible type switch case|use of untyped nil|cannot index |cannot slice |cannot range over |cannot call non\-function|invalid map key type|invalid composite literal|type arguments but want|cannot define new methods on`)},
		{CategoryFilesystem, regexp.MustCompile(`(?i)no such file or directory|permission denied|ENOENT|file not found|is a directory|not a directory|read-only file system`)},
		{CategoryBuild, regexp.MustCompile(`imported and not used|declared and not used|import cycle not allowed|found packages .* in|running gcc failed|collect2: error|ld returned|missing return|label .* defined and not used|inconsistent vendoring|redeclared in this block|\(and \d+ more errors\)|too many errors|\[build failed\]|\[setup failed\]|usage: go |build constraints exclude all Go files`)},
	}},
	"runtime": {runtimeRule, []refRule{{CategoryRuntime, regexp.MustCompile(`^(panic: |fatal error: |WARNING: DATA RACE|test timed out after |test binary failed without reporting)`)}}},
	"panic":   {panicRule, []refRule{{CategoryRuntime, regexp.MustCompile(`^(panic: |WARNING: DATA RACE|test timed out after |test binary failed without reporting)|\ngoroutine \d+ \[`)}}},
	"seed": {seedRules, []refRule{
		{CategoryTest, regexp.MustCompile(`FAIL|not ok|AssertionError|assertion failed`)},
		{CategorySyntax, regexp.MustCompile(`SyntaxError|syntax error|parse error|unexpected token`)},
		{CategoryType, regexp.MustCompile(`TypeError|type error|undefined is not|null is not`)},
		{CategoryReference, regexp.MustCompile(`ReferenceError|is not defined|undefined variable`)},
		{CategoryFilesystem, regexp.MustCompile(`No such file|ENOENT|file not found|Permission denied`)},
		{CategoryNetwork, regexp.MustCompile(`ECONNREFUSED|timeout|connection refused|network error`)},
		{CategoryBuild, regexp.MustCompile(`Build failed|Compilation error|linker error`)},
	}},
	"testinfra": {testInfraRules, []refRule{
		{CategoryNetwork, regexp.MustCompile(`(?i)connection refused|ECONNREFUSED|dial tcp|no such host|i/o timeout|network is unreachable|connection reset`)},
		{CategoryFilesystem, regexp.MustCompile(`(?i)no such file or directory|permission denied|ENOENT`)},
	}},
}

var normalizeCases = []string{
	"",
	"undefined: foo",
	"  spaced \t\n out\f\r  ",
	"at 2024-01-02T15:04:05.123+02:00 and 2024-01-02 15:04:05Z and 2024-01-02T15:04:05+0200 and 2024-01-02T15:04:05+02:3",
	"12345-01-02T15:04:05 2024/01/02 2024-1-02",
	"12:34:56 12:34:56.789 12:34:56.78x x12:34:56 12:34:567 1:2:3",
	"0x 0xg 0xc000123abc 00x1f",
	"goroutine 17 [running] thread 4 pid 99 PID 7 xgoroutine 5 goroutine x",
	"/home/me/src/app/store/db.go:42:15: boom C:\\mod\\x.go c:/x/y a/b/ /lone // \\\\srv\\share\\f.txt",
	"abc:/x aC:/x ab:c/d",
	"x.go:12:3 .go:1 .a:1:2:3 .9:1 file.go:: .ab_1:2",
	"line 5 col 6 column 7 lines 5 colx 3 xline 4 column x",
	"2s 1.5ms 1m30s (0.00s) 5µs 3us 10ns 1h2m3s 5msx 1.2.3s 12 1x 2h5 3.s",
	"got 3, want 4",
	"panic: boom\n\tlib.Get (lib/lib.go:3)",
	"ſyntax \u212a 1\xff2s \xc2µs",
	"col \\0 line /x/5 at C:\\d\\12s", // a path's removal joins a word and a number
}

func TestNormalizeMatchesRegexps(t *testing.T) {
	for _, in := range normalizeCases {
		checkNormalize(t, in)
	}
}

func checkNormalize(t *testing.T, in string) {
	if got, want := Normalize(in), refNormalize(in); got != want {
		t.Errorf("Normalize(%q) = %q, regexps give %q", in, got, want)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, in := range normalizeCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) { checkNormalize(t, in) })
}

var ruleCases = []string{
	"undefined: foo",
	"SYNTAX ERROR here",
	"ſyntax error: unexpected",
	"expected 'IDENT', found '{'",
	"EXPECTED 'x', FOUND",
	"Permission Denied",
	"go: downloading example.com/x v1.0.0: some error",
	"go: downloading x\nerror",
	"could not determine what C.nosuch refers to",
	"relocation target main.missing not defined",
	"fmt.Printf format %d has arg x of wrong type",
	"reads arg #2, but call has 1 arg",
	"found packages a (a.go) and b (b.go) in /m",
	"label L defined and not used",
	"(and 3 more errors)",
	"[build failed]: no compiler error for it in this output",
	"usage: go test [build/test flags] [packages]",
	"panic: boom",
	"x\ngoroutine 7 [running]:",
	"test binary failed without reporting a failing test",
	"FAIL: TestThing",
	"ECONNREFUSED",
	"dial TCP 1.2.3.4",
	"BUILD CONSTRAINTS EXCLUDE ALL GO FILES",
	"nothing at all",
	"\u212aey: enoent",
}

func TestRulesMatchRegexps(t *testing.T) {
	for _, in := range ruleCases {
		checkRules(t, in)
	}
}

func checkRules(t *testing.T, in string) {
	for name, r := range refRules {
		if got, want := r.fast.match(&text{s: in}), refMatch(r.ref, in); got != want {
			t.Errorf("%s rules on %q: %q, regexps give %q", name, in, got, want)
		}
	}
}

func FuzzRules(f *testing.F) {
	for _, in := range ruleCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) { checkRules(t, in) })
}

func TestBaseName(t *testing.T) {
	for _, f := range []string{"", "/", "//", `\`, "a", "a/b.go", `C:\m\x.go`, "a/b/", `a\b\`, "./x", "x/.", "/.."} {
		if got, want := baseName(f), path.Base(strings.ReplaceAll(f, `\`, "/")); got != want {
			t.Errorf("baseName(%q) = %q, path.Base gives %q", f, got, want)
		}
	}
}

func TestPrefix(t *testing.T) {
	long := strings.Repeat("a", MaxBytes-1) + "é" + "tail"
	if got := Prefix(long); len(got) != MaxBytes-1 {
		t.Errorf("Prefix cut inside a rune: %d bytes", len(got))
	}
	if got := Prefix("short"); got != "short" {
		t.Errorf("Prefix(short) = %q", got)
	}
}

// TestBounded checks that a huge message costs no more than its first
// MaxBytes: classifying 1 MB and 4 KiB of it gives the same answers.
func TestBounded(t *testing.T) {
	msg := "panic: " + strings.Repeat("x/y:1 0x1f 12:00:00 ", 1<<20/20)
	in := Input{Tool: Test, Test: "TestX", Message: msg}
	short := in
	short.Message = Prefix(msg)
	c1, s1 := Classify(in)
	c2, s2 := Classify(short)
	if c1 != c2 || s1 != s2 || Signature(in) != Signature(short) {
		t.Errorf("a message's tail changed its classification")
	}
}

var benchMessages = []Input{
	{Tool: Build, File: "internal/store/db.go", Message: "undefined: openDB"},
	{Tool: Build, File: "internal/store/db.go", Message: "cannot use it.Count (variable of type int) as string value in argument to append"},
	{Tool: Test, File: "calc/calc_test.go", Test: "TestAdd/negative", Message: "Add(2, 3) = -1, want 5\nwhile checking 0x1f at 12:00:01 after 1.5ms"},
	{Tool: Test, File: "store/store.go", Test: "TestWorker", Message: "panic: runtime error: index out of range [3] with length 0\n\tgoroutine.Work (goroutine/worker.go:6)"},
	{Tool: Lint, File: "a.go", Linter: "errcheck", Message: "Error return value of `os.Remove` is not checked"},
}

func BenchmarkClassify(b *testing.B) {
	for b.Loop() {
		for _, in := range benchMessages {
			Classify(in)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchMessages)), "ns/error")
}

func BenchmarkSignature(b *testing.B) {
	for b.Loop() {
		for _, in := range benchMessages {
			Signature(in)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchMessages)), "ns/error")
}

// BenchmarkSignatureRegexps is what Signature cost with the regular
// expressions: the baseline the hand-written passes are measured against.
func BenchmarkSignatureRegexps(b *testing.B) {
	for b.Loop() {
		for _, in := range benchMessages {
			refNormalize(in.Message)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchMessages)), "ns/error")
}

// BenchmarkMessageSize classifies and signs messages of 4 KiB to 4 MiB:
// the time stays that of MaxBytes, whatever the size.
func BenchmarkMessageSize(b *testing.B) {
	for _, size := range []int{4 << 10, 64 << 10, 1 << 20, 4 << 20} {
		msg := "got " + strings.Repeat("x/y.go:12 0x1f 12:00:01 1.5ms ", size/30)
		in := Input{Tool: Test, File: "x_test.go", Test: "TestX", Message: msg}
		b.Run(strconv.Itoa(size>>10)+"KiB", func(b *testing.B) {
			for b.Loop() {
				Classify(in)
				Signature(in)
			}
		})
	}
}
