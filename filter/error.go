package filter

import (
	"strconv"
	"strings"
	"time"

	"github.com/faultline-go/faultline/internal/classify"
)

// CheckName names a check: "build", "vet", "lint", "test", or a custom
// check's own name. It is the [Error.Tool] of the errors a check's output
// holds. Untyped string constants convert to it, so Parse("test", ...)
// compiles; a string variable needs CheckName(s).
type CheckName = classify.Check

// The checks faultline runs and parses, each with its own parser.
const (
	CheckBuild CheckName = classify.Build // go build
	CheckVet   CheckName = classify.Vet   // go vet
	CheckLint  CheckName = classify.Lint  // golangci-lint
	CheckTest  CheckName = classify.Test  // go test
)

// Tool names: the value of [Error.Tool] for each Go tool faultline parses;
// the same values as CheckBuild, CheckVet, CheckLint and CheckTest, under
// the names the first API used.
const (
	ToolBuild = CheckBuild
	ToolVet   = CheckVet
	ToolLint  = CheckLint
	ToolTest  = CheckTest
)

// Error is one structured error extracted from tool output.
//
// Its JSON form is the contract of `faultline parse`: file, line, column,
// message and tool are always present; the other fields are omitted when
// empty.
type Error struct {
	// File is the path relative to the module root with forward slashes,
	// absolute when the file lies outside the module, and "" when the
	// output names no file (import cycles, linker and module errors).
	File string `json:"file"`
	// Line is the 1-based line number, 0 when unknown.
	Line int `json:"line"`
	// Column is the 1-based column, 0 when unknown.
	Column int `json:"column"`
	// Message is the whole message; continuation lines are joined with "\n".
	Message string `json:"message"`
	// Tool is the tool that reported the error: "build", "vet", "lint" or
	// "test" (or the name of a custom check).
	Tool CheckName `json:"tool"`
	// Package is the import path of the package the error belongs to, when
	// the output names it.
	Package string `json:"package,omitempty"`
	// Test is the full name of the failing test, as Go prints it in
	// "--- FAIL:" lines (e.g. "TestMake/trim_spaces").
	Test string `json:"test,omitempty"`
	// Linter is the golangci-lint linter or go vet analyzer that reported
	// the error.
	Linter string `json:"linter,omitempty"`
	// Category is the error's category (errkind's Category values), set by
	// the parser that found it.
	Category string `json:"category,omitempty"`
	// Severity is the error's severity (errkind's Severity values), set by
	// the parser that found it.
	Severity string `json:"severity,omitempty"`
	// Signature identifies the error across runs: the same mistake one
	// line lower keeps it, a different one does not (see errkind.Signature).
	// It is set by the parser that found it.
	Signature string `json:"signature,omitempty"`
}

// FilterError is the name the seed specification uses for [Error], kept
// so code written against the seed's API compiles unchanged.
type FilterError = Error

// String returns the one-line form "file:line:col: message [tool/linter] (test)",
// with only the first line of a multi-line message.
func (e Error) String() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(e.Line))
			if e.Column > 0 {
				b.WriteByte(':')
				b.WriteString(strconv.Itoa(e.Column))
			}
		}
		b.WriteString(": ")
	}
	msg, _, more := strings.Cut(e.Message, "\n")
	b.WriteString(msg)
	if more {
		b.WriteString(" …")
	}
	b.WriteString(" [")
	b.WriteString(string(e.Tool))
	if e.Linter != "" {
		b.WriteByte('/')
		b.WriteString(e.Linter)
	}
	b.WriteByte(']')
	if e.Test != "" {
		b.WriteString(" (")
		b.WriteString(e.Test)
		b.WriteByte(')')
	}
	return b.String()
}

// ParseResult holds all errors extracted from a single check's output.
//
// Its JSON form is exactly the object `faultline parse` prints:
// {"check": ..., "errors": [...], "truncated": ...}.
type ParseResult struct {
	// CheckName is the check the output came from ("build", "vet", "lint",
	// "test" or a custom name).
	CheckName string `json:"check"`
	// Errors are the structured errors, sorted by file, line and column
	// (errors with no file first; errors at one place in the order the
	// tool reported them). It is empty, not nil, when none were found.
	Errors []Error `json:"errors"`
	// RawOutput is the output the errors were parsed from, kept as the
	// fallback when Errors is empty. Stream parsers keep a bounded head and
	// tail of it; see [Parser].
	RawOutput string `json:"-"`
	// Truncated reports that the tool stopped listing errors (go's
	// "too many errors", vet's "(and N more errors)"), that the captured
	// output itself was cut, or that the parser kept only its first
	// errors (Options.MaxErrors), so more errors exist than Errors holds.
	Truncated bool `json:"truncated"`
	// Notes report what the parser could not take whole: lines cut at
	// MaxLineBytes, errors over MaxErrors. The JSON contract leaves them
	// out; the CLI prints them on stderr.
	Notes []string `json:"-"`
	// Tests are the results of the tests go test ran, in the order their
	// packages finished, when Options.Tests asked for them (a JUnit report
	// lists passing tests too). Only what the output shows is there: plain
	// go test output names failing tests alone; -v and -json name all.
	Tests []TestRun `json:"-"`
}

// TestRun is the result of one test (or subtest) go test ran.
type TestRun struct {
	Package string
	Name    string
	// Result is "pass", "fail" or "skip", as test2json names them.
	Result string
	// Elapsed is the test's time as its result line gives it.
	Elapsed time.Duration
}

// CheckResult is the outcome of running one check command.
type CheckResult struct {
	// Name is the check's name: "build", "vet", "lint" (or
	// "golangci-lint"), "test", or a custom name.
	Name string
	// Output is the combined stdout and stderr of the command.
	Output string
	// ExitCode is the command's exit status (-1 when it did not exit
	// normally).
	ExitCode int
	// Elapsed is how long the command ran.
	Elapsed time.Duration
	// Dir is the directory the command ran in; relative paths in Output
	// are resolved against it. "" means the paths are kept as printed.
	Dir string
	// Truncated reports that Output was cut when it was captured.
	Truncated bool
}
