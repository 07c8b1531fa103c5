package agent

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/internal/proc"
	"github.com/faultline-go/faultline/internal/textutil"
)

// Role is what an agent is asked to do.
type Role string

// The roles of the agents of a loop.
const (
	RoleCoder    Role = "coder"    // writes the change
	RoleFixer    Role = "fixer"    // a focused fix pass (lint or failing check): the coder's command with reading and editing tools only
	RoleReviewer Role = "reviewer" // reviews the change
)

// Request is one call of an agent.
type Request struct {
	// Role is what the agent is asked to do.
	Role Role
	// Prompt is what the agent reads: a Command writes it to the
	// command's stdin.
	Prompt string
	// BudgetUSD bounds what the call may spend; 0 means no limit.
	BudgetUSD float64
	// AllowedTools names the tools the agent may use; nil means the
	// agent's default tools.
	AllowedTools []string
	// Dir is the working directory; "" means the current one.
	Dir string
}

// Result is what one agent call produced.
type Result struct {
	// Text is the agent's answer: a Claude-style reply's result, or its
	// plain stdout without the trailing newline.
	Text string `json:"text"`
	// CostUSD is what the call cost, as the agent reported it.
	CostUSD float64 `json:"cost_usd"`
	// IsError reports that the call failed: the agent said so, it exited
	// with a status other than 0, was killed, or timed out.
	IsError bool `json:"is_error"`
	// SessionID is the agent's session, when it reported one.
	SessionID string `json:"session_id,omitempty"`
	// ExitCode is the command's exit status; -1 when a signal ended it.
	ExitCode int `json:"exit_code"`
	// Stdout and Stderr are what the command printed, capped (see
	// Command.MaxOutput).
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	// Structured is the Claude-style JSON object the answer was read
	// from: the whole reply, or the result line of a stream; nil for a
	// plain-text answer.
	Structured json.RawMessage `json:"structured,omitempty"`
	// Duration is how long the call took.
	Duration time.Duration `json:"duration"`
	// TimedOut reports that the deadline killed the command.
	TimedOut bool `json:"timed_out,omitempty"`
	// Signal names the signal that ended the command, e.g. "killed" when
	// the timeout killed it.
	Signal string `json:"signal,omitempty"`
	// Truncated reports that the output went over the cap and its middle
	// was dropped.
	Truncated bool `json:"truncated,omitempty"`
	// TextCut reports that the answer itself was cut: stdout went over
	// the cap, so Text is not the whole reply. A reviewer's cut reply
	// decides nothing.
	TextCut bool `json:"text_cut,omitempty"`
	// Format is the format the answer was read in (see Command.Format).
	Format string `json:"format,omitempty"`
	// InputTokens and OutputTokens are the tokens the agent reported
	// using, when it did.
	InputTokens  int `json:"input_tokens,omitempty"`
	OutputTokens int `json:"output_tokens,omitempty"`
	// Warnings say what in the agent's reply could not be taken as it
	// was: a negative cost, counted as 0, say.
	Warnings []string `json:"warnings,omitempty"`
}

// Record returns the result as the seed's record of an agent run, which
// errkind.Builder classifies.
func (r Result) Record() errkind.AgentResult {
	return errkind.AgentResult{
		Success:          !r.IsError,
		ExitCode:         r.ExitCode,
		Stdout:           r.Stdout,
		Stderr:           r.Stderr,
		StructuredOutput: r.Structured,
		DurationMs:       r.Duration.Milliseconds(),
		SessionID:        r.SessionID,
		Signal:           r.Signal,
		TimedOut:         &r.TimedOut,
		TokensUsed:       r.tokens(),
	}
}

// tokens is the token usage for the seed's record, nil when unknown.
func (r Result) tokens() *errkind.TokenUsage {
	if r.InputTokens == 0 && r.OutputTokens == 0 {
		return nil
	}
	return &errkind.TokenUsage{Input: r.InputTokens, Output: r.OutputTokens, Total: r.InputTokens + r.OutputTokens}
}

// Agent runs one agent call. Run returns an error only when the agent could
// not be run at all (command not found, not executable, ctx already done);
// a crash, non-zero exit or timeout is an Result with IsError set.
type Agent interface {
	Run(ctx context.Context, req Request) (Result, error)
}

// Defaults of a Command.
const (
	DefaultTimeout   = 30 * time.Minute
	DefaultMaxOutput = 1 << 20 // bytes kept per stream, head and tail
)

// agentWaitDelay bounds how long Run waits for the output pipes once the
// command has exited or been killed: a process that escaped its group and
// holds them cannot hang Run. A variable for the tests.
var agentWaitDelay = 5 * time.Second

// ErrCommand is the error of an empty or badly quoted agent command.
var ErrCommand = errors.New("agent: bad agent command")

// Command is an Agent that runs a CLI agent (claude -p, a script) with
// the prompt on its stdin. It sets FAULTLINE_ROLE, FAULTLINE_BUDGET_USD and
// FAULTLINE_ALLOWED_TOOLS (comma-joined) in the command's environment. The
// command runs in a process group of its own, which is killed at the
// timeout or when ctx is done, and anything the command left running in
// it when it exits is killed too.
//
// Its stdout is read as Claude's -p --output-format json (one JSON object)
// or stream-json (JSON lines, the last of type "result"): Text is the
// object's result, CostUSD its total_cost_usd (or cost_usd), IsError its
// is_error or an error subtype, SessionID its session_id. Any other output
// is the plain answer.
type Command struct {
	// Argv is the command. The placeholders {role}, {budget} (as %.4f),
	// {tools} (comma-joined) and {dir} in its arguments are replaced by
	// the request's values.
	Argv []string
	// Env is added to os.Environ() for the command.
	Env []string
	// Timeout bounds a call; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxOutput is how many bytes of each stream are kept; 0 means
	// DefaultMaxOutput. Over it the head and tail halves are kept
	// with a marker of how much was dropped between them.
	MaxOutput int
	// Format is the format its stdout is read in: FormatAuto (the
	// default) tells Claude's, Codex's and Gemini CLI's JSON from their
	// shapes, then aider's text, then plain text.
	Format string
	// Heartbeat, if set, receives a line every HeartbeatEvery while the
	// agent runs: its role, how long it has run, how much it printed.
	Heartbeat io.Writer
	// HeartbeatEvery is 30 seconds when 0.
	HeartbeatEvery time.Duration
}

// NewCommand returns the agent that runs command, split into words as
// a shell does with simple quoting: '...' is literal, "..." keeps spaces and
// lets a backslash escape " and \, and a backslash outside quotes escapes
// the next character. Nothing else (variables, globs) is expanded.
func NewCommand(command string) (*Command, error) {
	argv, err := textutil.SplitArgs(command)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCommand, err)
	}
	return &Command{Argv: argv}, nil
}

// expandArgs replaces the placeholders in the arguments. An argument that
// would expand to nothing but an empty value is dropped — with the flag
// before it when it is that flag's value ("--allowedTools {tools}" with no
// tools) — and so is a "--flag={tools}" argument: a CLI agent must never
// get an empty argument where it expects a list.
func expandArgs(argv []string, values map[string]string) []string {
	var out []string
	for _, arg := range argv {
		expanded, emptied := arg, false
		for k, v := range values {
			if strings.Contains(expanded, k) {
				expanded = strings.ReplaceAll(expanded, k, v)
				emptied = emptied || v == ""
			}
		}
		switch {
		case emptied && arg == expanded:
		case emptied && strings.TrimSpace(expanded) == "":
			if n := len(out); n > 0 && strings.HasPrefix(out[n-1], "-") && !strings.Contains(out[n-1], "=") {
				out = out[:n-1]
			}
			continue
		case emptied && strings.HasPrefix(arg, "-") && strings.HasSuffix(expanded, "="):
			continue
		}
		out = append(out, expanded)
	}
	return out
}

// writePromptFile writes the prompt to a temporary file for agents that
// read it from a file (aider --message-file {prompt_file}).
func writePromptFile(prompt string) (string, error) {
	f, err := os.CreateTemp("", "faultline-prompt-*.txt")
	if err != nil {
		return "", err
	}
	_, err = f.WriteString(prompt)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name()) // best effort: the write failed already
		return "", err
	}
	return f.Name(), nil
}

// heartbeat wraps the agent's stdout so that, with a Heartbeat writer,
// a line says every HeartbeatEvery that the agent is still running and
// how much it has printed.
func (a *Command) heartbeat(ctx context.Context, role Role, w io.Writer) (io.Writer, func()) {
	if a.Heartbeat == nil {
		return w, func() {}
	}
	c := &countingWriter{w: w}
	every := cmp.Or(a.HeartbeatEvery, 30*time.Second)
	start := time.Now()
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-c.done():
				return
			case <-t.C:
				fmt.Fprintf(a.Heartbeat, "faultline: %s agent running %s, %s received\n", role,
					time.Since(start).Round(time.Second), byteSize(c.n.Load()))
			}
		}
	}()
	return c, c.stop
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w    io.Writer
	n    atomic.Int64
	once sync.Once
	ch   chan struct{}
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n.Add(int64(len(p)))
	return c.w.Write(p)
}

func (c *countingWriter) done() chan struct{} {
	c.once.Do(func() { c.ch = make(chan struct{}) })
	return c.ch
}

// stop ends the heartbeat.
func (c *countingWriter) stop() { close(c.done()) }

// byteSize is n bytes for a person: 512 B, 12.3 KB, 4.0 MB.
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// Run runs the command once with req.Prompt on its stdin. It returns an
// error, wrapping the one of os/exec (exec.ErrNotFound, fs.ErrPermission),
// only when the command could not be started or ctx is already done; when
// ctx is done during the call the command is killed and the result says
// so.
func (a *Command) Run(ctx context.Context, req Request) (Result, error) {
	if len(a.Argv) == 0 {
		return Result{}, fmt.Errorf("%w: empty command", ErrCommand)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("agent: %s not run: %w", a.Argv[0], err)
	}
	budget := fmt.Sprintf("%.4f", req.BudgetUSD)
	tools := strings.Join(req.AllowedTools, ",")
	promptFile := ""
	if slices.ContainsFunc(a.Argv, func(s string) bool { return strings.Contains(s, "{prompt_file}") }) {
		f, err := writePromptFile(req.Prompt)
		if err != nil {
			return Result{}, fmt.Errorf("agent: %s: %w", a.Argv[0], err)
		}
		defer func() { _ = os.Remove(f) }() // the prompt file of one call
		promptFile = f
	}
	args := expandArgs(a.Argv[1:], map[string]string{
		"{role}": string(req.Role), "{budget}": budget, "{tools}": tools, "{dir}": req.Dir, "{prompt_file}": promptFile,
	})

	limit := cmp.Or(a.MaxOutput, DefaultMaxOutput)
	stdout, stderr := textutil.NewHeadTail(limit), textutil.NewHeadTail(limit)
	out, stopHeartbeat := a.heartbeat(ctx, req.Role, stdout)
	run, err := proc.Run(ctx, proc.Cmd{
		Args:  append([]string{a.Argv[0]}, args...),
		Dir:   req.Dir,
		Stdin: strings.NewReader(req.Prompt),
		Env: append(append([]string(nil), a.Env...),
			"FAULTLINE_ROLE="+string(req.Role),
			"FAULTLINE_BUDGET_USD="+budget,
			"FAULTLINE_ALLOWED_TOOLS="+tools,
		),
		Stdout:    out,
		Stderr:    stderr,
		Timeout:   cmp.Or(a.Timeout, DefaultTimeout),
		WaitDelay: agentWaitDelay,
	})
	stopHeartbeat()
	if err != nil {
		return Result{}, fmt.Errorf("agent: %s: %w", a.Argv[0], err)
	}
	res := Result{
		ExitCode:  run.ExitCode,
		Signal:    run.Signal,
		Duration:  run.Elapsed,
		Stdout:    stdout.String(),
		Stderr:    stderr.String(),
		Truncated: stdout.Dropped() > 0 || stderr.Dropped() > 0,
		TextCut:   stdout.Dropped() > 0 || run.OutputCut,
		TimedOut:  run.TimedOut,
	}
	if run.OutputCut {
		res.Stderr += "\nagent: the agent's output was still held open by a process outside its group; stopped reading"
	}
	reply := readReply(res.Stdout, a.Format)
	res.Format, res.Text, res.CostUSD, res.SessionID, res.Structured = reply.format, reply.text, reply.cost, reply.session, reply.structured
	res.InputTokens, res.OutputTokens = reply.inTokens, reply.outTokens
	if !(res.CostUSD >= 0) { // negative, or NaN
		res.Warnings = append(res.Warnings, fmt.Sprintf("the agent reported a cost of %v USD; counted as 0", res.CostUSD))
		res.CostUSD = 0
	}
	res.IsError = reply.isError || res.ExitCode != 0 || res.Signal != "" || run.TimedOut || run.Canceled
	return res, nil
}
