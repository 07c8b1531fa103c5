// Package proc is faultline's one command runner: checks, `faultline run`
// and agents all start their commands through Run. A command runs in a
// process group of its own; the group is killed when the command's time is
// up, when the caller's context is done, and when the command exits and
// leaves anything running (a test's background child, an agent's shell
// job), so nothing faultline starts outlives it.
package proc
