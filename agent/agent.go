package agent

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

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
	}
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
}

// NewCommand returns the agent that runs command, split into words as
// a shell does with simple quoting: '...' is literal, "..." keeps spaces and
// lets a backslash escape " and \, and a backslash outside quotes escapes
// the next character. Nothing else (variables, globs) is expanded.
func NewCommand(command string) (*Command, error) {
	argv, err := textutil.SplitArgs(command)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	return &Command{Argv: argv}, nil
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
	expand := strings.NewReplacer("{role}", string(req.Role), "{budget}", budget, "{tools}", tools, "{dir}", req.Dir)
	args := make([]string, len(a.Argv)-1)
	for i, arg := range a.Argv[1:] {
		args[i] = expand.Replace(arg)
	}

	limit := cmp.Or(a.MaxOutput, DefaultMaxOutput)
	stdout, stderr := textutil.NewHeadTail(limit), textutil.NewHeadTail(limit)
	run, err := proc.Run(ctx, proc.Cmd{
		Args:  append([]string{a.Argv[0]}, args...),
		Dir:   req.Dir,
		Stdin: strings.NewReader(req.Prompt),
		Env: append(append([]string(nil), a.Env...),
			"FAULTLINE_ROLE="+string(req.Role),
			"FAULTLINE_BUDGET_USD="+budget,
			"FAULTLINE_ALLOWED_TOOLS="+tools,
		),
		Stdout:    stdout,
		Stderr:    stderr,
		Timeout:   cmp.Or(a.Timeout, DefaultTimeout),
		WaitDelay: agentWaitDelay,
	})
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
	out := parseAgentOutput(res.Stdout)
	res.Text, res.CostUSD, res.SessionID, res.Structured = out.text, out.cost, out.session, out.structured
	if !(res.CostUSD >= 0) { // negative, or NaN
		res.Warnings = append(res.Warnings, fmt.Sprintf("the agent reported a cost of %v USD; counted as 0", res.CostUSD))
		res.CostUSD = 0
	}
	res.IsError = out.isError || res.ExitCode != 0 || res.Signal != "" || run.TimedOut || run.Canceled
	return res, nil
}

// agentReply is what an agent's stdout said.
type agentReply struct {
	text, session string
	cost          float64
	isError       bool
	structured    json.RawMessage
}

// claudeResult is the part of a Claude-style result object faultline reads.
type claudeResult struct {
	Type         string          `json:"type"`
	Subtype      string          `json:"subtype"`
	Result       json.RawMessage `json:"result"`
	IsError      bool            `json:"is_error"`
	TotalCostUSD *float64        `json:"total_cost_usd"`
	CostUSD      *float64        `json:"cost_usd"`
	SessionID    string          `json:"session_id"`
}

// parseAgentOutput reads an agent's stdout: one Claude-style JSON object,
// JSON lines whose last result line counts, or plain text.
func parseAgentOutput(stdout string) agentReply {
	trimmed := strings.TrimSpace(stdout)
	if strings.HasPrefix(trimmed, "{") {
		if r, ok := parseClaudeObject(trimmed, false); ok {
			return r
		}
		// JSON lines: the last line of type "result" (the marker of
		// dropped output, or a cut line, is not JSON and is skipped).
		rest := trimmed
		for rest != "" {
			line := rest
			if i := strings.LastIndexByte(rest, '\n'); i >= 0 {
				line, rest = rest[i+1:], rest[:i]
			} else {
				rest = ""
			}
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "{") || !strings.Contains(line, `"result"`) {
				continue
			}
			if r, ok := parseClaudeObject(line, true); ok {
				return r
			}
		}
	}
	return agentReply{text: strings.TrimRight(stdout, "\r\n")}
}

// parseClaudeObject reads one Claude-style result object: it must have a
// result, or be of type "result" (which stream lines must).
func parseClaudeObject(s string, mustBeResult bool) (agentReply, bool) {
	raw := []byte(s)
	if !utf8.Valid(raw) {
		raw = bytes.ToValidUTF8(raw, []byte("\uFFFD"))
	}
	var c claudeResult
	if json.Unmarshal(raw, &c) != nil {
		return agentReply{}, false
	}
	if c.Type != "result" && (mustBeResult || c.Result == nil) {
		return agentReply{}, false
	}
	r := agentReply{
		session:    c.SessionID,
		isError:    c.IsError || strings.HasPrefix(c.Subtype, "error"),
		structured: json.RawMessage(raw),
	}
	var text string
	switch {
	case c.Result == nil || string(c.Result) == "null":
	case json.Unmarshal(c.Result, &text) == nil:
		r.text = text
	default:
		r.text = string(c.Result) // structured output: keep it as JSON
	}
	switch {
	case c.TotalCostUSD != nil:
		r.cost = *c.TotalCostUSD
	case c.CostUSD != nil:
		r.cost = *c.CostUSD
	}
	return r, true
}
