//go:build unix

package proc_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/faultline-go/faultline/internal/proc"
)

// alive reports whether pid is a running process (a zombie counts as gone).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] != 'Z'
}

// waitGone waits up to 10 s for pid to be gone: a safety net, not a timing
// assertion (a killed process is gone at once).
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for range 100 {
		if !alive(pid) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	_ = syscall.Kill(pid, syscall.SIGKILL) // clean up; the test fails anyway
	t.Errorf("process %d is still running", pid)
}

func readPid(t *testing.T, path string) int {
	t.Helper()
	for range 100 {
		data, err := os.ReadFile(path)
		if s := strings.TrimSpace(string(data)); err == nil && s != "" {
			pid, err := strconv.Atoi(s)
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no pid in %s", path)
	return 0
}

func TestRunExitCodeAndOrder(t *testing.T) {
	var out bytes.Buffer
	res, err := proc.Run(context.Background(), proc.Cmd{
		Args:   []string{"sh", "-c", "echo one; echo two >&2; echo three; exit 3"},
		Stdout: &out, Stderr: &out,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 3 || res.TimedOut || res.Canceled || res.Signal != "" {
		t.Errorf("result = %+v, want exit 3", res)
	}
	if got := out.String(); got != "one\ntwo\nthree\n" {
		t.Errorf("combined output = %q, want the order written", got)
	}
}

func TestRunStreamsApart(t *testing.T) {
	var stdout, stderr bytes.Buffer
	_, err := proc.Run(context.Background(), proc.Cmd{
		Args:   []string{"sh", "-c", "cat; echo err >&2"},
		Stdin:  strings.NewReader("in\n"),
		Stdout: &stdout, Stderr: &stderr,
	})
	if err != nil {
		t.Fatal(err)
	}
	if stdout.String() != "in\n" || stderr.String() != "err\n" {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}

// TestRunKillsLeftovers: a command that exits by itself with a background
// child still running leaves nothing behind.
func TestRunKillsLeftovers(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	res, err := proc.Run(context.Background(), proc.Cmd{
		Args: []string{"sh", "-c", "sleep 300 & echo $! > " + pidFile + "; exit 1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 1 {
		t.Errorf("exit code %d, want 1", res.ExitCode)
	}
	waitGone(t, readPid(t, pidFile))
}

// TestRunLeftoverHoldingPipe: a leftover that holds the output pipe does
// not keep Run waiting: it is killed with the group.
func TestRunLeftoverHoldingPipe(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	var out bytes.Buffer
	start := time.Now()
	res, err := proc.Run(context.Background(), proc.Cmd{
		Args:      []string{"sh", "-c", "(sleep 300; echo late) & echo $! > " + pidFile + "; echo done"},
		Stdout:    &out,
		WaitDelay: time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.OutputCut || out.String() != "done\n" {
		t.Errorf("result %+v, output %q", res, out.String())
	}
	if time.Since(start) > 30*time.Second {
		t.Errorf("Run waited %v for a leftover's pipe", time.Since(start))
	}
	waitGone(t, readPid(t, pidFile))
}

func TestRunTimeoutIsEvidence(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	res, err := proc.Run(context.Background(), proc.Cmd{
		Args:    []string{"sh", "-c", "sleep 300 & echo $! > " + pidFile + "; wait"},
		Timeout: 300 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.Canceled || res.ExitCode != -1 || res.Signal != "killed" {
		t.Errorf("result = %+v, want timed out and killed", res)
	}
	waitGone(t, readPid(t, pidFile))

	// Exit status 137 without our deadline is not a timeout.
	res, err = proc.Run(context.Background(), proc.Cmd{Args: []string{"sh", "-c", "exit 137"}, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if res.TimedOut || res.ExitCode != 137 {
		t.Errorf("exit 137: result = %+v, want no timeout", res)
	}
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	res, err := proc.Run(ctx, proc.Cmd{Args: []string{"sleep", "300"}, Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Canceled || res.TimedOut {
		t.Errorf("result = %+v, want canceled", res)
	}
	if _, err := proc.Run(ctx, proc.Cmd{Args: []string{"true"}}); err == nil {
		t.Error("Run with a done context started the command")
	}
}

func TestRunNotFound(t *testing.T) {
	_, err := proc.Run(context.Background(), proc.Cmd{Args: []string{"faultline-no-such-command"}})
	if !errors.Is(err, proc.ErrStart) || !errors.Is(err, exec.ErrNotFound) {
		t.Errorf("err = %v, want ErrStart wrapping exec.ErrNotFound", err)
	}
	_, err = proc.Run(context.Background(), proc.Cmd{Args: []string{"true"}, Dir: "/no/such/dir"})
	if !errors.Is(err, proc.ErrStart) {
		t.Errorf("bad dir: err = %v, want ErrStart", err)
	}
}
