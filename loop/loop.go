package loop

import "github.com/faultline-go/faultline/filter"

// Loop runs agents on a task until the reviewer approves, within a budget
// and a number of cycles.
type Loop struct {
	// MaxCycles bounds the coder–reviewer cycles.
	MaxCycles int
	// MaxBudgetUSD bounds the money spent on agents; 0 means no bound.
	MaxBudgetUSD float64
	// ModuleDir is the module the agents work on.
	ModuleDir string
}

// perAgentBudget splits the budget evenly between coder and reviewer
// across all cycles; 0 when there is no budget.
func (l *Loop) perAgentBudget() float64 {
	if l.MaxBudgetUSD <= 0 || l.MaxCycles <= 0 {
		return 0
	}
	return l.MaxBudgetUSD / float64(2*l.MaxCycles)
}

// filterFixBudget is the budget of a focused fix pass: a quarter of an
// agent's, since such fixes are small and mechanical; 0 when there is no
// budget.
func (l *Loop) filterFixBudget() float64 {
	return l.perAgentBudget() / 4
}

// buildFilterFixPrompt builds the focused prompt for the check that failed.
func (l *Loop) buildFilterFixPrompt(state *CycleState, parsed filter.ParseResult) string {
	return BuildFilterFixPrompt(state, parsed, PromptOptions{BudgetUSD: l.filterFixBudget(), ModuleDir: l.ModuleDir})
}

// buildLintFixPrompt builds the prompt for the lint pass from the state's
// lint output, with the same builder.
func (l *Loop) buildLintFixPrompt(state *CycleState) string {
	return BuildLintFixPrompt(state, PromptOptions{BudgetUSD: l.filterFixBudget(), ModuleDir: l.ModuleDir})
}
