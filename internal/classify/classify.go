// Package classify gives an error found in tool output its category,
// severity and signature. It depends on nothing else in faultline: package
// filter classifies every error it completes with it, and package errkind
// re-exports it for library users (errkind.Classify, errkind.Annotate,
// errkind.Signature, errkind.Normalize).
//
// Every function reads at most MaxBytes of a message, so classifying a
// message of any size takes bounded time.
package classify

import "strings"

// Check names a check, and the tool that reports its errors: the
// [Input.Tool] of an error. Any other name is a custom check.
type Check string

// The checks faultline knows how to run and parse.
const (
	Build Check = "build" // go build
	Vet   Check = "vet"   // go vet
	Lint  Check = "lint"  // golangci-lint
	Test  Check = "test"  // go test
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

// Severity says how urgently an error must be fixed: seed 003's levels.
type Severity string

// The severities, most urgent first.
const (
	SeverityBlocking Severity = "blocking" // nothing can proceed
	SeverityHigh     Severity = "high"     // fix before going on
	SeverityMedium   Severity = "medium"   // often transient or minor
	SeverityLow      Severity = "low"      // a warning
)

// MaxBytes is how much of a message classification and signatures read:
// what decides an error's kind is at its start, and a bound keeps the time
// per error bounded whatever the message's size.
const MaxBytes = 4 << 10

// Input is what classification reads of an error.
type Input struct {
	Tool    Check  // the check that reported it
	Linter  string // the golangci-lint linter or vet analyzer
	File    string // the file, "" when none
	Test    string // the failing test, "" when none
	Message string // the whole message
}

// Prefix returns at most MaxBytes of s, cut at a rune boundary.
func Prefix(s string) string {
	if len(s) <= MaxBytes {
		return s
	}
	i := MaxBytes
	for i > 0 && s[i]&0xc0 == 0x80 {
		i--
	}
	return s[:i]
}

// Classify returns the category and severity of an error a faultline
// parser found, from its tool, linter and message.
func Classify(in Input) (Category, Severity) {
	msg := Prefix(in.Message)
	cat := category(in, &text{s: msg})
	return cat, severity(in, cat, msg)
}

// Text returns the category of any error text: seed 003's rules, extended
// with the Go toolchain's wording and runtime failures.
func Text(s string) Category { return textCategory(&text{s: Prefix(s)}) }

func textCategory(t *text) Category {
	if panicRule.match(t) != "" {
		return CategoryRuntime
	}
	if c := goRules.match(t); c != "" {
		return c
	}
	if strings.HasPrefix(t.s, "fatal error: ") {
		return CategoryRuntime // the Go runtime's: deadlock, concurrent map writes
	}
	if c := seedRules.match(t); c != "" {
		return c
	}
	return CategoryUnknown
}

func category(in Input, msg *text) Category {
	switch in.Tool {
	case Test:
		if runtimeRule.match(msg) != "" {
			if c := testInfraRules.match(msg); c != "" && strings.HasPrefix(msg.s, "test binary failed") {
				return c // a TestMain that cannot reach its database
			}
			return CategoryRuntime
		}
		if c := testInfraRules.match(msg); c != "" {
			return c
		}
		if in.Test == "" {
			// A test binary's own trouble, not an assertion.
			if c := goRules.match(msg); c != "" {
				return c
			}
		}
		return CategoryTest
	case Build, Vet, Lint:
		if c := goRules.match(msg); c != "" {
			return c
		}
		if in.File != "" || in.Linter != "" && in.Linter != "typecheck" {
			// A compiler error is a build error at least, and so is an
			// analyzer's finding (vet's text mode does not name it).
			return CategoryBuild
		}
		if c := seedRules.match(msg); c != "" {
			return c
		}
		return CategoryUnknown
	}
	return textCategory(msg)
}

// severity applies seed 003's rules by category, raised for what stops a Go
// build: a compiler error (or golangci-lint's typecheck) blocks everything.
func severity(in Input, cat Category, msg string) Severity {
	if in.Tool == Build && cat != CategoryNetwork || in.Linter == "typecheck" {
		return SeverityBlocking
	}
	return SeverityFor(cat, msg)
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
		text = Prefix(text)
		if strings.Contains(text, "test") || strings.Contains(text, "spec") || strings.Contains(text, "mock") {
			return SeverityMedium
		}
		return SeverityHigh
	}
	return SeverityMedium // network errors are often transient; unknown ones unknown
}
