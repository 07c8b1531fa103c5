//go:build unix

package proc

import (
	"os/exec"
	"syscall"
)

// Setpgid starts cmd in a process group of its own and makes cancellation
// of its context kill the whole group: the command's children and
// grandchildren die with it. Call it before cmd.Start; it replaces
// cmd.SysProcAttr and cmd.Cancel.
func Setpgid(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return KillGroup(cmd) }
}

// KillGroup sends SIGKILL to the process group of cmd, which Setpgid made
// it the leader of. It does nothing and returns nil when cmd has not
// started.
func KillGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
