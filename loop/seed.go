package loop

import (
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/prompt"
	"github.com/faultline-go/faultline/review"
)

// The names of seeds 001 and 002, kept so that code written against them
// compiles: the reviewer's reply lives in package review, the fix prompt in
// package prompt.
type (
	// ReviewFinding is review.Finding.
	ReviewFinding = review.Finding
	// FindingVerification is review.Verification.
	FindingVerification = review.Verification
	// FindingStatus is review.Status.
	FindingStatus = review.Status
	// ReviewReport is review.Report.
	ReviewReport = review.Report
	// PromptOptions is prompt.Options.
	PromptOptions = prompt.Options
)

// The statuses of a finding, by their seed names.
const (
	FindingStatusFound        = review.StatusFound
	FindingStatusFixed        = review.StatusFixed
	FindingStatusStillPresent = review.StatusStillPresent
	FindingStatusRegressed    = review.StatusRegressed
)

// ParseReviewFindings is review.ParseFindings.
func ParseReviewFindings(output string) []ReviewFinding { return review.ParseFindings(output) }

// ParseVerifications is review.ParseVerifications.
func ParseVerifications(output string) []FindingVerification {
	return review.ParseVerifications(output)
}

// BuildFilterFixPrompt is prompt.Fix for the state's task: the seed's
// buildFilterFixPrompt.
func BuildFilterFixPrompt(state *CycleState, parsed filter.ParseResult, opts PromptOptions) string {
	return prompt.Fix(prompt.Failure{TaskID: state.TaskID, Check: state.FailingCheck, Result: parsed}, opts)
}

// BuildLintFixPrompt is the prompt of a lint pass: BuildFilterFixPrompt for
// the lint check's parsed result.
func BuildLintFixPrompt(state *CycleState, lint filter.ParseResult, opts PromptOptions) string {
	return prompt.Fix(prompt.Failure{TaskID: state.TaskID, Check: "lint", Result: lint}, opts)
}
