//go:build unix

package faultline_test

import "syscall"

// processAlive reports whether a process with this pid is running; an
// exited process not yet reaped by its parent counts as gone.
func processAlive(pid int) bool {
	return syscall.Kill(pid, 0) == nil && !isZombie(pid)
}
