//go:build unix

package faultline_test

import (
	"fmt"
	"syscall"
)

// processAlive reports whether a process with this pid is running; an
// exited process not yet reaped by its parent counts as gone.
func processAlive(pid int) bool {
	return syscall.Kill(pid, 0) == nil && !isZombie(pid)
}

// sendSignal sends the named signal to pid.
func sendSignal(pid int, name string) error {
	sig, ok := map[string]syscall.Signal{"TERM": syscall.SIGTERM, "HUP": syscall.SIGHUP, "INT": syscall.SIGINT, "KILL": syscall.SIGKILL}[name]
	if !ok {
		return fmt.Errorf("unknown signal %s", name)
	}
	return syscall.Kill(pid, sig)
}
