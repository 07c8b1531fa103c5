package loop

import (
	"io"
	"time"

	"github.com/faultline-go/faultline/agent"
	"github.com/faultline-go/faultline/circuit"
	"github.com/faultline-go/faultline/filter"
)

// Loop runs agents on a task until the reviewer approves, within a budget
// and a number of cycles (see Run).
type Loop struct {
	// MaxCycles bounds the coder–reviewer cycles; 0 means
	// DefaultMaxCycles.
	MaxCycles int
	// MaxBudgetUSD bounds the money spent on agents; 0 means no bound.
	MaxBudgetUSD float64
	// ModuleDir is the module the agents work on and the checks run in.
	ModuleDir string

	// Coder writes the change, and makes the focused fix passes with
	// reading and editing tools only; Reviewer reviews it.
	Coder, Reviewer agent.Agent
	// Chain is the checks; nil means filter.DefaultChain of ModuleDir,
	// re-running failed tests alone (a flaky test is not the coder's).
	Chain *filter.Chain
	// MaxLintFixes bounds the lint-fix passes of a cycle; 0 means
	// DefaultLintFixes, a negative value none.
	MaxLintFixes int
	// MaxCheckFixes bounds the focused fix passes for a failing check in
	// a cycle; 0 means DefaultCheckFixes.
	MaxCheckFixes int
	// AgentRetries is how often a failed agent call (a crash, a timeout,
	// a rate limit) is retried before the run stops; 0 means
	// DefaultAgentRetries, a negative value none.
	AgentRetries int
	// Baseline, when true, runs every check before the coder's first call
	// and sets aside the errors already there: pre-existing errors are
	// never the coder's to fix and never count in the breaker.
	Baseline bool
	// ToolFixes, when true, applies the fixes go vet and golangci-lint
	// computed themselves (package autofix) before a fix pass for those
	// checks pays an agent; the fixes it cannot apply safely go into the
	// prompt as diffs.
	ToolFixes bool
	// Breaker configures the circuit breaker.
	Breaker circuit.Config
	// ArtifactsDir, if set, receives the run's artifacts: agent-N.json,
	// verification-N.json and run.json, each written atomically.
	ArtifactsDir string
	// Log receives a readable progress log; nil means none.
	Log io.Writer
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// perAgentBudget splits the budget evenly between coder and reviewer
// across all cycles; 0 when there is no budget.
func (l *Loop) perAgentBudget() float64 {
	if l.MaxBudgetUSD <= 0 || l.MaxCycles <= 0 {
		return 0
	}
	return l.MaxBudgetUSD / float64(2*l.MaxCycles)
}

// filterFixBudget is the budget of a focused fix pass (the seed's name):
// a quarter of an agent's, since such fixes are small and mechanical; 0
// when there is no budget.
func (l *Loop) filterFixBudget() float64 {
	return l.perAgentBudget() / 4
}
