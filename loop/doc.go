// Package loop drives the coder–checks–reviewer loop of an AI coding agent:
// the focused fix prompt for a check that failed (seed 001), the parsing of
// the reviewer's reply — ISSUE, VERIFICATION, REPORT and APPROVED blocks
// (seed 002) — and the state of a task across its cycles.
package loop
