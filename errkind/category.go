package errkind

import (
	"regexp"
	"strings"

	"github.com/faultline-go/faultline/filter"
)

// Category says what kind of mistake an error is: seed 003's categories,
// plus runtime_error for panics, races and crashes.
type Category string

// The categories.
const (
	CategorySyntax     Category = "syntax_error"     // the source does not parse
	CategoryType       Category = "type_error"       // values of the wrong type
	CategoryReference  Category = "reference_error"  // a name that is not defined
	CategoryTest       Category = "test_failure"     // a test's assertion failed
	CategoryFilesystem Category = "filesystem_error" // a file is missing or unreadable
	CategoryNetwork    Category = "network_error"    // the network, or modules fetched over it
	CategoryBuild      Category = "build_error"      // any other reason the build fails
	CategoryRuntime    Category = "runtime_error"    // a panic, a data race, a crash, a timeout
	CategoryUnknown    Category = "unknown_error"    // none of these
)

// Categories lists every category.
func Categories() []Category {
	return []Category{CategorySyntax, CategoryType, CategoryReference, CategoryTest, CategoryFilesystem,
		CategoryNetwork, CategoryBuild, CategoryRuntime, CategoryUnknown}
}

// Severity says how urgently an error must be fixed: seed 003's levels.
type Severity string

// The severities, most urgent first.
const (
	SeverityBlocking Severity = "blocking" // nothing can proceed
	SeverityHigh     Severity = "high"     // fix before going on
	SeverityMedium   Severity = "medium"   // often transient or minor
	SeverityLow      Severity = "low"      // a warning
)

// Severities lists every severity, most urgent first.
func Severities() []Severity {
	return []Severity{SeverityBlocking, SeverityHigh, SeverityMedium, SeverityLow}
}

// rule is one text rule: the category of a message that matches.
type rule struct {
	cat Category
	re  *regexp.Regexp
}

// goRules classify what the Go toolchain says, by what it means. They are
// tried in order; the first match wins.
var goRules = []rule{
	// go.mod, go.sum and modules: fetched over the network.
	{CategoryNetwork, regexp.MustCompile(`no required module provides package|cannot find module providing package|missing go\.sum entry|module lookup disabled|verifying module|dial tcp|proxy\.golang\.org|unrecognized import path|go: downloading .* error|i/o timeout|TLS handshake|no such host`)},
	{CategorySyntax, regexp.MustCompile(`(?i)syntax error|expected '.*', found|unknown directive|errors parsing go\.mod|missing ',' |non-declaration statement outside function body|unterminated|invalid character`)},
	{CategoryReference, regexp.MustCompile(`undefined: |undeclared name|not declared by package|has no field or method|unknown field|could not determine what C\.\S+ refers to|is not defined|undefined reference to|relocation target .* not defined|cannot refer to unexported`)},
	{CategoryType, regexp.MustCompile(`cannot use |does not implement|mismatched types|invalid operation|too many arguments in call|not enough arguments in call|too many return values|not enough return values|assignment mismatch|cannot convert|is not a type|wrong type|invalid argument|non-boolean condition|cannot assign to|of wrong type|format %\S+ has arg|reads arg #\d+, but call has|\(type\) assertion`)},
	{CategoryFilesystem, regexp.MustCompile(`(?i)no such file or directory|permission denied|ENOENT|file not found|is a directory|not a directory|read-only file system|build constraints exclude all Go files`)},
	{CategoryBuild, regexp.MustCompile(`imported and not used|declared and not used|import cycle not allowed|found packages .* in|running gcc failed|collect2: error|ld returned|missing return|label .* defined and not used|inconsistent vendoring|redeclared in this block|\(and \d+ more errors\)|too many errors`)},
}

// Runtime failures in test output. (In a compiler's output "fatal error:"
// is gcc's, about a file: see goRules.)
var runtimeRule = regexp.MustCompile(`^(panic: |fatal error: |WARNING: DATA RACE|test timed out after |test binary failed without reporting)`)

// panicRule is the part of runtimeRule that no compiler prints.
var panicRule = regexp.MustCompile(`^(panic: |WARNING: DATA RACE|test timed out after |test binary failed without reporting)|\ngoroutine \d+ \[`)

// seedRules are seed 003's categorize_error rules: the floor for text that
// is not Go's.
var seedRules = []rule{
	{CategoryTest, regexp.MustCompile(`FAIL|not ok|AssertionError|assertion failed`)},
	{CategorySyntax, regexp.MustCompile(`SyntaxError|syntax error|parse error|unexpected token`)},
	{CategoryType, regexp.MustCompile(`TypeError|type error|undefined is not|null is not`)},
	{CategoryReference, regexp.MustCompile(`ReferenceError|is not defined|undefined variable`)},
	{CategoryFilesystem, regexp.MustCompile(`No such file|ENOENT|file not found|Permission denied`)},
	{CategoryNetwork, regexp.MustCompile(`ECONNREFUSED|timeout|connection refused|network error`)},
	{CategoryBuild, regexp.MustCompile(`Build failed|Compilation error|linker error`)},
}

// Infrastructure trouble a failing test may report: its category says more
// than "test failed".
var testInfraRules = []rule{
	{CategoryNetwork, regexp.MustCompile(`(?i)connection refused|ECONNREFUSED|dial tcp|no such host|i/o timeout|network is unreachable|connection reset`)},
	{CategoryFilesystem, regexp.MustCompile(`(?i)no such file or directory|permission denied|ENOENT`)},
}

// ClassifyText returns the category of any error text: seed 003's rules,
// extended with the Go toolchain's wording and runtime failures.
func ClassifyText(text string) Category {
	if panicRule.MatchString(text) {
		return CategoryRuntime
	}
	if c := match(goRules, text); c != "" {
		return c
	}
	if strings.HasPrefix(text, "fatal error: ") {
		return CategoryRuntime // the Go runtime's: deadlock, concurrent map writes
	}
	if c := match(seedRules, text); c != "" {
		return c
	}
	return CategoryUnknown
}

func match(rules []rule, text string) Category {
	for _, r := range rules {
		if r.re.MatchString(text) {
			return r.cat
		}
	}
	return ""
}

// Classify returns the category and severity of an error a filter parser
// found, from its tool, linter and message.
func Classify(e filter.Error) (Category, Severity) {
	cat := category(e)
	return cat, severity(e, cat)
}

func category(e filter.Error) Category {
	switch e.Tool {
	case filter.ToolTest:
		if runtimeRule.MatchString(e.Message) {
			if c := match(testInfraRules, e.Message); c != "" && strings.HasPrefix(e.Message, "test binary failed") {
				return c // a TestMain that cannot reach its database
			}
			return CategoryRuntime
		}
		if c := match(testInfraRules, e.Message); c != "" {
			return c
		}
		if e.Test == "" {
			// A test binary's own trouble, not an assertion.
			if c := match(goRules, e.Message); c != "" {
				return c
			}
		}
		return CategoryTest
	case filter.ToolBuild, filter.ToolVet, filter.ToolLint:
		if c := match(goRules, e.Message); c != "" {
			return c
		}
		if e.File != "" || e.Linter != "" && e.Linter != "typecheck" {
			// A compiler error is a build error at least, and so is an
			// analyzer's finding (vet's text mode does not name it).
			return CategoryBuild
		}
		if c := match(seedRules, e.Message); c != "" {
			return c
		}
		return CategoryUnknown
	}
	return ClassifyText(e.Message)
}

// severity applies seed 003's rules by category, raised for what stops a Go
// build: a compiler error (or golangci-lint's typecheck) blocks everything.
func severity(e filter.Error, cat Category) Severity {
	if e.Tool == filter.ToolBuild && cat != CategoryNetwork || e.Linter == "typecheck" {
		return SeverityBlocking
	}
	return SeverityFor(cat, e.Message)
}

// SeverityFor returns the severity of an error of the category with the
// text: seed 003's classify_severity.
func SeverityFor(cat Category, text string) Severity {
	switch cat {
	case CategorySyntax, CategoryBuild:
		return SeverityBlocking
	case CategoryTest, CategoryType, CategoryReference, CategoryRuntime:
		return SeverityHigh
	case CategoryFilesystem:
		if strings.Contains(text, "test") || strings.Contains(text, "spec") || strings.Contains(text, "mock") {
			return SeverityMedium
		}
		return SeverityHigh
	}
	return SeverityMedium // network errors are often transient; unknown ones unknown
}

// Annotate sets the category, severity and signature of each error.
func Annotate(errs []filter.Error) {
	for i := range errs {
		e := &errs[i]
		cat, sev := Classify(*e)
		e.Category, e.Severity = string(cat), string(sev)
		e.Signature = Signature(*e)
	}
}
