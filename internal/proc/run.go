package proc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// DefaultWaitDelay bounds how long Run goes on reading a command's output
// after the command exited and its group was killed: only a process that
// left the group (setsid) and kept the pipe open makes it wait that long.
const DefaultWaitDelay = 5 * time.Second

// Cmd describes one command to run.
type Cmd struct {
	// Args is the program and its arguments; the program is looked up in
	// PATH as exec.Command does.
	Args []string
	// Dir is the working directory; "" means the current one.
	Dir string
	// Env is added to the environment of the current process.
	Env []string
	// Stdin is the command's standard input; nil means none.
	Stdin io.Reader
	// Stdout and Stderr receive what the command prints. They may be the
	// same writer: then both streams go through one pipe, in the order
	// the command wrote them, as a terminal or `2>&1` sees them. A nil
	// writer discards. Writes come from one goroutine per pipe.
	Stdout, Stderr io.Writer
	// Timeout bounds the run; 0 means no bound but the context's.
	Timeout time.Duration
	// WaitDelay is DefaultWaitDelay when 0.
	WaitDelay time.Duration
}

// Result is how a command ended.
type Result struct {
	// ExitCode is the exit status; -1 when a signal ended the command or
	// it never exited normally.
	ExitCode int
	// Signal names the signal that ended the command ("killed",
	// "terminated"), "" when it exited.
	Signal string
	// TimedOut reports that Cmd.Timeout fired and the group was killed
	// for it: evidence of a timeout, unlike an exit status.
	TimedOut bool
	// Canceled reports that the caller's context was done first and the
	// group was killed for it.
	Canceled bool
	// Elapsed is how long the command ran.
	Elapsed time.Duration
	// OutputCut reports that the output pipes were still held open by a
	// process outside the group after WaitDelay, and were closed.
	OutputCut bool
}

// ErrStart wraps the error of a command that could not be started (not
// found, not executable, a bad directory).
var ErrStart = errors.New("proc: could not start")

// errTimeout is the cause of our own deadline.
var errTimeout = errors.New("proc: timeout")

// Run runs the command to its end and returns how it ended. The error is
// non-nil only when the command could not start (it wraps ErrStart and
// os/exec's error, e.g. exec.ErrNotFound) or ctx was done before it
// started.
func Run(ctx context.Context, c Cmd) (Result, error) {
	if len(c.Args) == 0 {
		return Result{ExitCode: -1}, fmt.Errorf("%w: empty command", ErrStart)
	}
	if err := ctx.Err(); err != nil {
		return Result{ExitCode: -1, Canceled: true}, fmt.Errorf("proc: %s not started: %w", c.Args[0], err)
	}
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if c.Timeout > 0 {
		runCtx, cancel = context.WithTimeoutCause(ctx, c.Timeout, errTimeout)
	}
	defer cancel()

	cmd := exec.CommandContext(runCtx, c.Args[0], c.Args[1:]...)
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), c.Env...)
	cmd.Stdin = c.Stdin
	cmd.WaitDelay = cmpOr(c.WaitDelay, DefaultWaitDelay) // a leftover holding stdin
	Setpgid(cmd)

	// Our own pipes: Wait returns when the command exits, not when the
	// last holder of its output closes it, so the group can be killed
	// first and the copies end by themselves.
	var (
		readers []*os.File
		copies  sync.WaitGroup
	)
	pipe := func(w io.Writer) (*os.File, error) {
		if w == nil {
			w = io.Discard
		}
		r, wf, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		readers = append(readers, r)
		copies.Add(1)
		go func() {
			defer copies.Done()
			_, _ = io.Copy(w, r)
		}()
		return wf, nil
	}
	var writers []*os.File
	closeWriters := func() {
		for _, w := range writers {
			_ = w.Close()
		}
		writers = nil
	}
	out, err := pipe(c.Stdout)
	if err != nil {
		return Result{ExitCode: -1}, fmt.Errorf("%w: %s: %w", ErrStart, c.Args[0], err)
	}
	writers = append(writers, out)
	cmd.Stdout, cmd.Stderr = out, out
	if c.Stderr != c.Stdout {
		errOut, err := pipe(c.Stderr)
		if err != nil {
			closeWriters()
			return Result{ExitCode: -1}, fmt.Errorf("%w: %s: %w", ErrStart, c.Args[0], err)
		}
		writers = append(writers, errOut)
		cmd.Stderr = errOut
	}

	start := time.Now()
	err = cmd.Start()
	closeWriters() // the command holds its own copies now
	if err != nil {
		for _, r := range readers {
			_ = r.Close()
		}
		copies.Wait()
		return Result{ExitCode: -1}, fmt.Errorf("%w: %s: %w", ErrStart, c.Args[0], err)
	}
	_ = cmd.Wait()
	res := Result{ExitCode: -1, Elapsed: time.Since(start)}
	_ = KillGroup(cmd) // whatever the command left running

	// The group is dead: the pipes close unless something outside it
	// holds them.
	done := make(chan struct{})
	go func() { copies.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(cmpOr(c.WaitDelay, DefaultWaitDelay)):
		res.OutputCut = true
		for _, r := range readers {
			_ = r.Close()
		}
		<-done
	}

	if ps := cmd.ProcessState; ps != nil {
		res.ExitCode = ps.ExitCode()
		if sig, ok := strings.CutPrefix(ps.String(), "signal: "); ok {
			res.Signal = strings.TrimSuffix(sig, " (core dumped)")
		}
	}
	switch {
	case errors.Is(context.Cause(runCtx), errTimeout):
		res.TimedOut = true
	case ctx.Err() != nil:
		res.Canceled = true
	}
	return res, nil
}

func cmpOr(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
