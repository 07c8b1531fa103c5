//go:build unix

package proc_test

import (
	"context"
	"fmt"
	"io"
	"os/exec"

	"github.com/faultline-go/faultline/internal/proc"
)

func ExampleSetpgid() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", "echo checking; sleep 100 & wait")
	proc.Setpgid(cmd) // cancel kills sh and its sleep
	out, _ := cmd.StdoutPipe()
	_ = cmd.Start()
	buf := make([]byte, len("checking\n"))
	_, _ = io.ReadFull(out, buf)
	fmt.Print(string(buf))
	cancel()
	_ = cmd.Wait()
	fmt.Println("exited:", cmd.ProcessState.Exited())
	// Output:
	// checking
	// exited: false
}
