// Package agent runs the agents of a loop: the Agent interface, and
// Command, which runs any CLI agent (claude -p, codex exec, aider, a
// script) with the prompt on its stdin, in a process group of its own,
// within a timeout and with its output capped, and reads its reply —
// Claude's JSON and stream-json, or plain text — into a Result: the
// answer, the cost, whether it failed.
package agent
