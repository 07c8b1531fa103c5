//go:build unix

package proc_test

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/faultline-go/faultline/internal/proc"
)

// TestSetpgidKillsGrandchildren cancels a shell whose background child
// holds its stdout: the pipe reaches EOF only when the whole group is dead.
func TestSetpgidKillsGrandchildren(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", "sleep 100 & echo started; wait")
	proc.Setpgid(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "started" {
		t.Fatalf("first line = %q, %v; want started", line, err)
	}
	cancel()
	eof := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, out)
		eof <- err
	}()
	select {
	case err := <-eof:
		if err != nil {
			t.Errorf("reading the rest of stdout: %v", err)
		}
	case <-time.After(time.Minute): // a safety net, not a timing assertion
		_ = proc.KillGroup(cmd)
		t.Fatal("stdout still open after the group was killed: the grandchild survived")
	}
	if err := cmd.Wait(); err == nil {
		t.Error("Wait of a killed command returned nil")
	}
}

func TestKillGroupNotStarted(t *testing.T) {
	cmd := exec.Command("true")
	proc.Setpgid(cmd)
	if err := proc.KillGroup(cmd); err != nil {
		t.Errorf("KillGroup of an unstarted command = %v, want nil", err)
	}
}
