//go:build unix

package filter

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the command in a process group of its own and
// makes cancellation kill the whole group: go test's test binaries and
// golangci-lint's workers die with it.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
