//go:build !unix

package filter

import "os/exec"

// setProcessGroup is a no-op where there are no process groups: the
// command itself is killed on cancellation.
func setProcessGroup(cmd *exec.Cmd) {}
