package loop

import (
	"fmt"

	"github.com/faultline-go/faultline/review"
)

// Phase is a stage of a cycle of the loop.
type Phase int

// The phases of a cycle.
const (
	PhaseIdle            Phase = iota // nothing started
	PhaseCoding                       // the coder agent is running
	PhaseLinting                      // the lint pass and its fixes
	PhaseChecking                     // the check chain runs
	PhaseFixing                       // a focused fix pass for a failing check
	PhaseReviewing                    // the reviewer agent is running
	PhaseResolvingIssues              // the reviewer found issues: back to the coder
	PhaseApproved                     // the reviewer approved
	PhaseError                        // the loop stopped on an error
)

// PhaseFiltering is the seed's name of PhaseChecking.
const PhaseFiltering = PhaseChecking

var phaseNames = [...]string{"idle", "coding", "linting", "checking", "fixing", "reviewing", "resolving_issues", "approved", "error"}

// String returns the phase's snake_case name.
func (p Phase) String() string {
	if p >= 0 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// MarshalText implements encoding.TextMarshaler.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// CycleState is the state of the loop for one task across its cycles. The
// runs of the checks are in the RunRecord's CheckRuns.
type CycleState struct {
	TaskID    string `json:"task_id"`
	TaskTitle string `json:"task_title"`
	Phase     Phase  `json:"phase"`
	Cycle     int    `json:"cycle"`
	MaxCycles int    `json:"max_cycles"`

	TotalCostUSD float64 `json:"total_cost_usd"`
	MaxBudgetUSD float64 `json:"max_budget_usd"`

	CoderOutput  string `json:"coder_output,omitempty"`
	FailingCheck string `json:"failing_check,omitempty"` // the check failing now, "" when all pass
	ReviewOutput string `json:"review_output,omitempty"`

	Findings      []review.Finding      `json:"findings,omitempty"`     // this cycle's
	AllFindings   []review.Finding      `json:"all_findings,omitempty"` // every cycle's
	Verifications []review.Verification `json:"verifications,omitempty"`
	Report        *review.Report        `json:"report,omitempty"`
}
