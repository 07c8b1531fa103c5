// Package loop drives the coder–checks–reviewer loop of an AI coding agent:
// the focused fix prompt for a check that failed (seed 001), the parsing of
// the reviewer's reply — ISSUE, VERIFICATION, REPORT and APPROVED blocks
// (seed 002) — the state of a task across its cycles, the agents that do
// the work (Agent, CommandAgent), the circuit breaker that stops a loop
// making no progress (Breaker, seed 003), and the runner that puts them
// together (Loop.Run), recording every terminal failure as a classified
// errkind.BuildError (seed 004) and every step as an artifact.
package loop
