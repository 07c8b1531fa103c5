package errkind

import (
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/classify"
)

// Category says what kind of mistake an error is: seed 003's categories,
// plus runtime_error for panics, races and crashes.
type Category = classify.Category

// The categories.
const (
	CategorySyntax     = classify.CategorySyntax     // the source does not parse
	CategoryType       = classify.CategoryType       // values of the wrong type
	CategoryReference  = classify.CategoryReference  // a name that is not defined
	CategoryTest       = classify.CategoryTest       // a test's assertion failed
	CategoryFilesystem = classify.CategoryFilesystem // a file is missing or unreadable
	CategoryNetwork    = classify.CategoryNetwork    // the network, or modules fetched over it
	CategoryBuild      = classify.CategoryBuild      // any other reason the build fails
	CategoryRuntime    = classify.CategoryRuntime    // a panic, a data race, a crash, a timeout
	CategoryUnknown    = classify.CategoryUnknown    // none of these
)

// Categories lists every category.
func Categories() []Category {
	return []Category{CategorySyntax, CategoryType, CategoryReference, CategoryTest, CategoryFilesystem,
		CategoryNetwork, CategoryBuild, CategoryRuntime, CategoryUnknown}
}

// Severity says how urgently an error must be fixed: seed 003's levels.
type Severity = classify.Severity

// The severities, most urgent first.
const (
	SeverityBlocking = classify.SeverityBlocking // nothing can proceed
	SeverityHigh     = classify.SeverityHigh     // fix before going on
	SeverityMedium   = classify.SeverityMedium   // often transient or minor
	SeverityLow      = classify.SeverityLow      // a warning
)

// Severities lists every severity, most urgent first.
func Severities() []Severity {
	return []Severity{SeverityBlocking, SeverityHigh, SeverityMedium, SeverityLow}
}

// ClassifyText returns the category of any error text: seed 003's rules,
// extended with the Go toolchain's wording and runtime failures. Only the
// first classify.MaxBytes (4 KiB) of text are read.
func ClassifyText(text string) Category { return classify.Text(text) }

// Classify returns the category and severity of an error a filter parser
// found, from its tool, linter and message. The filter parsers fill them
// in already (Error.Category, Error.Severity); Classify is for errors made
// or changed elsewhere.
func Classify(e filter.Error) (Category, Severity) { return classify.Classify(input(e)) }

// SeverityFor returns the severity of an error of the category with the
// text: seed 003's classify_severity.
func SeverityFor(cat Category, text string) Severity { return classify.SeverityFor(cat, text) }

// Annotate sets the category, severity and signature of each error. The
// filter parsers return errors annotated already; Annotate is for errors
// made or changed elsewhere.
func Annotate(errs []filter.Error) {
	for i := range errs {
		e := &errs[i]
		in := input(*e)
		cat, sev := classify.Classify(in)
		e.Category, e.Severity = string(cat), string(sev)
		e.Signature = classify.Signature(in)
	}
}

func input(e filter.Error) classify.Input {
	return classify.Input{Tool: e.Tool, Linter: e.Linter, File: e.File, Test: e.Test, Message: e.Message}
}
