package loop

import "fmt"

// Phase is a stage of a cycle of the loop.
type Phase int

// The phases of a cycle.
const (
	PhaseIdle            Phase = iota // nothing started
	PhaseCoding                       // the coder agent is running
	PhaseLinting                      // the lint pass and its fixes
	PhaseFiltering                    // the check chain runs
	PhaseFixing                       // a focused fix pass for a failing check
	PhaseReviewing                    // the reviewer agent is running
	PhaseResolvingIssues              // the reviewer found issues: back to the coder
	PhaseApproved                     // the reviewer approved
	PhaseError                        // the loop stopped on an error
)

var phaseNames = [...]string{"idle", "coding", "linting", "filtering", "fixing", "reviewing", "resolving_issues", "approved", "error"}

// String returns the phase's snake_case name.
func (p Phase) String() string {
	if p >= 0 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// MarshalText implements encoding.TextMarshaler.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// FindingStatus is where a reviewer's finding stands.
type FindingStatus string

// The statuses of a finding.
const (
	FindingStatusFound        FindingStatus = "found"         // newly reported
	FindingStatusFixed        FindingStatus = "fixed"         // the reviewer verified the fix
	FindingStatusStillPresent FindingStatus = "still_present" // the reviewer saw it again
	FindingStatusRegressed    FindingStatus = "regressed"     // fixed once, back again
)

// ReviewFinding is one issue the reviewer reported.
type ReviewFinding struct {
	// ID identifies the finding across cycles: the same issue reported
	// again gets the same ID (see FindingID).
	ID string `json:"id"`
	// Severity is critical, major or minor.
	Severity string `json:"severity"`
	// Description is what the reviewer wrote, lines joined with "\n".
	Description string `json:"description"`
	// Cycle is the cycle the finding was first reported in.
	Cycle int `json:"cycle,omitempty"`
	// Status is where the finding stands.
	Status FindingStatus `json:"status"`
}

// FindingVerification is the reviewer's verdict on an earlier finding: the
// seed's FindingVerification.
type FindingVerification struct {
	FindingID string        `json:"finding_id"` // matches ReviewFinding.ID
	Status    FindingStatus `json:"status"`     // fixed, still_present, regressed; "" when the reviewer gave none
	Comment   string        `json:"comment,omitempty"`
}

// ReviewReport is the reviewer's REPORT: block.
type ReviewReport struct {
	Satisfaction     string `json:"satisfaction,omitempty"` // high, medium, low
	Risk             string `json:"risk,omitempty"`         // high, medium, low
	NeedsHumanReview bool   `json:"needs_human_review"`
	Summary          string `json:"summary,omitempty"`
}

// FilterAttempt records one run of a check in a cycle: what the circuit
// breaker compares between attempts.
type FilterAttempt struct {
	Cycle      int      `json:"cycle"`
	Attempt    int      `json:"attempt"` // 0 for the chain's run, 1.. for fix passes
	Check      string   `json:"check"`   // the failing check, "" when all passed
	Passed     bool     `json:"passed"`
	ErrorCount int      `json:"error_count"`
	Signatures []string `json:"signatures,omitempty"`
	CostUSD    float64  `json:"cost_usd,omitempty"`
}

// CycleState is the state of the loop for one task across its cycles.
type CycleState struct {
	TaskID    string `json:"task_id"`
	TaskTitle string `json:"task_title"`
	Phase     Phase  `json:"phase"`
	Cycle     int    `json:"cycle"`
	MaxCycles int    `json:"max_cycles"`

	TotalCostUSD float64 `json:"total_cost_usd"`
	MaxBudgetUSD float64 `json:"max_budget_usd"`

	CoderOutput     string `json:"coder_output,omitempty"`
	LintOutput      string `json:"lint_output,omitempty"`   // the last lint pass's output
	FilterOutput    string `json:"filter_output,omitempty"` // the failing check's output
	FilterCheckName string `json:"filter_check,omitempty"`  // the failing check, "" when all passed
	ReviewOutput    string `json:"review_output,omitempty"`

	Findings      []ReviewFinding       `json:"findings,omitempty"`     // this cycle's
	AllFindings   []ReviewFinding       `json:"all_findings,omitempty"` // every cycle's
	Verifications []FindingVerification `json:"verifications,omitempty"`
	Report        *ReviewReport         `json:"report,omitempty"`
	FilterHistory []FilterAttempt       `json:"filter_history,omitempty"`
}
