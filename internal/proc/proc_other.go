//go:build !unix

package proc

import "os/exec"

// Setpgid does nothing where there are no process groups: cancellation
// kills the command itself, as exec.CommandContext does by default.
func Setpgid(cmd *exec.Cmd) {}

// KillGroup kills the command itself where there are no process groups.
// It does nothing and returns nil when cmd has not started.
func KillGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}
