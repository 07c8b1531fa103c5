// Package proc runs commands in a process group of their own, so that
// cancelling one kills everything it started: go test's test binaries,
// golangci-lint's workers, an agent's shell commands.
package proc
