package detect

import (
	"regexp"
	"strings"

	"github.com/faultline-go/faultline/errkind"
)

// categoryRules say what an error is from its words, across languages and
// tools: seed 003's categories, widened. They are tried on the line that
// says what went wrong first, then on the whole block; the first match
// wins.
var categoryRules = []struct {
	cat errkind.Category
	re  *regexp.Regexp
}{
	{errkind.CategoryTest, regexp.MustCompile(`AssertionError|AssertionFailedError|ComparisonFailure|assertion failed|assertion ` + "`" + `|assert(?:_eq|_ne)?!|expect\(|--- FAIL|^FAIL\b|^not ok\b|Tests run: .*Failures: [1-9]|\b[1-9]\d* (?:failed|failing)\b|^FAILED\b|(?i:test failed|test failures)`)},
	{errkind.CategorySyntax, regexp.MustCompile(`SyntaxError|IndentationError|TabError|ParseError|[Ss]yntax error|parse error|[Uu]nexpected token|unexpected (?:end of|EOF|newline|identifier|indent)|expected .*(?:, found|but found|before)|expected one of|'[^']{1,3}' expected|unterminated|error TS1\d{3}\b|invalid character|illegal start of|EJSONPARSE`)},
	{errkind.CategoryRuntime, regexp.MustCompile(`UnhandledPromiseRejection|[Uu]nhandled promise rejection|Unhandled '.*' event`)},
	{errkind.CategoryFilesystem, regexp.MustCompile(`FileNotFoundError|NoSuchFileException|PermissionError|IsADirectoryError|NotADirectoryError|AccessDeniedException|[Nn]o such file|ENOENT|EACCES|EISDIR|EROFS|[Pp]ermission denied|[Ff]ile not found|[Ff]ile does not exist|read-only file system|Operation not permitted`)},
	{errkind.CategoryReference, regexp.MustCompile(`NameError|ReferenceError|is not defined|cannot find symbol|[Cc]annot find (?:name|value|function|type|module|macro|crate)|undefined: |\bundeclared\b|not declared|does not exist in the current context|unresolved (?:import|reference|name)|ModuleNotFoundError|ImportError|No module named|AttributeError|has no (?:attribute|member|field or method)|NoSuchMethodError|NoClassDefFoundError|ClassNotFoundException|undefined (?:variable|method|local variable|name)|error\[E04(?:25|33|12|32)\]|error TS230[4-7]\b|not found in (?:this )?scope|command not found`)},
	{errkind.CategoryType, regexp.MustCompile(`TypeError|ClassCastException|[Tt]ype error|mismatched types|incompatible types|is not assignable|cannot use .* as|error\[E0308\]|error TS2(?:322|345|339|531|532|741)\b|is not a function|undefined is not|null is not|[Cc]annot (?:implicitly )?convert|wrong type|does not implement|invalid operation|too (?:many|few) arguments|not enough arguments`)},
	{errkind.CategoryNetwork, regexp.MustCompile(`(?i)ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ConnectionError|ConnectionRefusedError|ConnectException|UnknownHostException|SocketTimeoutException|connection (?:refused|reset|timed out)|failed to connect|couldn't connect|could not connect|timed out|timeout|network (?:is )?unreachable|no such host|getaddrinfo|dial tcp|rate.?limit|too many requests|\b(?:429|502|503|504|529)\b|service unavailable|bad gateway|TLS handshake|socket hang up|could not resolve host|overloaded`)},
	{errkind.CategoryRuntime, regexp.MustCompile(`panic|fatal error:|DATA RACE|[Ss]egmentation fault|SIGSEGV|SIGABRT|SIGBUS|core dumped|NullPointerException|ZeroDivisionError|IndexError|KeyError|ValueError|RuntimeError|RecursionError|OverflowError|MemoryError|[Oo]ut of memory|OutOfMemoryError|StackOverflowError|[Ss]tack overflow|ArithmeticException|IllegalStateException|IllegalArgumentException|IndexOutOfBounds|ArrayIndexOutOfBounds|NumberFormatException|UnsupportedOperationException|ConcurrentModificationException|RangeError|[Uu]nhandled|[Uu]ncaught|\bKilled\b|\bAborted\b|nil map|nil pointer|deadlock|unreachable|Exception in thread`)},
	{errkind.CategoryBuild, regexp.MustCompile(`(?i)build failed|build failure|compilation (?:error|failed|terminated)|failed to compile|could not compile|linker|undefined reference|ld returned|collect2|make(?:\[\d+\])?: \*\*\*|error\[E\d+\]|error TS\d+|: error:|cannot find -l|completed with exit code|^go: `)},
}

// What a test's report may hold that says more than "a test failed": an
// exception other than an assertion's, a panic.
var (
	reportExceptionRe = regexp.MustCompile(`^\s*(?:E\s+|Uncaught |thrown: )?(?:[\w$]+\.)*([A-Z][\w$]*(?:Error|Exception))\b|^\s*panic: `)
	assertionRe       = regexp.MustCompile(`^Assert|ComparisonFailure|^AssertionFailed`)
	summaryNameRe     = regexp.MustCompile(`^(?:FAILED|FAIL|ERROR)\s+\S+(?:\s+-\s+)?`)
)

// categorize returns the category of a finding from the line that says
// what went wrong, then its block, then the Go toolchain's wording. A test
// report is a test failure unless it holds a crash: the exception or panic
// that ended the test says more.
func categorize(f finding, block []string) errkind.Category {
	switch {
	case f.kind == kindSummary:
		if c := matchRules(summaryNameRe.ReplaceAllString(clip(f.text), "")); c != "" && c != errkind.CategoryBuild {
			return c
		}
		return errkind.CategoryTest
	case f.fam == famTest || f.fam == famSection || f.fam == famUnittest || f.fam == famGoTest || f.fam == famRustPanic:
		if c := reportCategory(block); c != "" {
			return c
		}
		if f.fam != famRustPanic || strings.Contains(clipJoin(block), "assert") {
			return errkind.CategoryTest
		}
	}
	texts := []string{clip(f.text)}
	if len(f.detail) > 0 {
		texts = append(texts, clipJoin(f.detail))
	}
	texts = append(texts, clipJoin(block))
	for _, t := range texts {
		if c := matchRules(t); c != "" {
			return c
		}
	}
	if c := errkind.ClassifyText(texts[0]); c != errkind.CategoryUnknown {
		return c
	}
	if f.fam == famCompiler {
		return errkind.CategoryBuild
	}
	return errkind.CategoryUnknown
}

func matchRules(t string) errkind.Category {
	for _, r := range categoryRules {
		if r.re.MatchString(t) {
			return r.cat
		}
	}
	return ""
}

// reportCategory returns the category of the crash in a test report, or
// "" when the test failed an assertion.
func reportCategory(block []string) errkind.Category {
	for _, l := range block {
		m := reportExceptionRe.FindStringSubmatch(l)
		if m == nil || m[1] != "" && assertionRe.MatchString(m[1]) {
			continue
		}
		if m[1] == "" {
			return errkind.CategoryRuntime // a panic
		}
		if c := matchRules(strings.TrimSpace(l)); c != "" && c != errkind.CategoryTest {
			return c
		}
		return errkind.CategoryRuntime
	}
	return ""
}

// clipJoin joins the lines of a block, at most blockWindow bytes of them.
func clipJoin(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if b.Len() > blockWindow {
			break
		}
		b.WriteString(clip(l))
		b.WriteByte('\n')
	}
	return b.String()
}

// blockWindow is how much of a block categorisation reads.
const blockWindow = 16 << 10
