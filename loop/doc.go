// Package loop is the runner of the coder–checks–reviewer loop of an AI
// coding agent (Loop.Run). It composes the other rooms: the agents
// (package agent) write and review the change; the checks (filter.Chain)
// run after each edit; a check that fails gets a focused fix pass with the
// prompt of package prompt, and only that check is re-run; the reviewer's
// reply is read by package review; the circuit breaker of package circuit
// stops a loop that makes no progress, and the budget one that costs too
// much. Every terminal failure is a classified errkind.BuildError (seed
// 004), every step an artifact, and the state of the task across its
// cycles is a CycleState. The seeds' names (BuildFilterFixPrompt,
// ParseVerifications, ReviewFinding, …) are kept here as aliases.
package loop
