package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/internal/textutil"
)

// agentHelperEnv selects the helper process: the test binary re-executed
// as an agent by helperAgent.
const agentHelperEnv = "FAULTLINE_AGENT_HELPER"

// TestAgentHelperProcess is not a test: it is the agent helperAgent runs,
// doing what the arguments after "--" say.
func TestAgentHelperProcess(t *testing.T) {
	if os.Getenv(agentHelperEnv) != "1" {
		t.Skip("the helper process of the agent tests")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(agentHelper(args))
}

// helperAgent returns a Command that runs the test binary as an agent
// doing mode.
func helperAgent(mode string, args ...string) *Command {
	argv := append([]string{os.Args[0], "-test.run=^TestAgentHelperProcess$", "--", mode}, args...)
	return &Command{Argv: argv, Env: []string{agentHelperEnv + "=1"}}
}

// agentHelper is the helper process's main.
func agentHelper(args []string) int {
	prompt, _ := io.ReadAll(os.Stdin)
	var out strings.Builder
	switch args[0] {
	case "json":
		fmt.Fprintf(&out, `{"type":"result","subtype":"success","is_error":false,"result":%q,"total_cost_usd":0.25,"session_id":"s-1"}`+"\n", "got: "+string(prompt))
	case "stream":
		out.WriteString(`{"type":"system","subtype":"init","session_id":"s-2"}` + "\n")
		out.WriteString(`{"type":"assistant","message":{"content":[{"type":"text","text":"working"}]},"session_id":"s-2"}` + "\n")
		out.WriteString(`{"type":"result","subtype":"success","is_error":false,"result":"streamed","total_cost_usd":0.5,"session_id":"s-2"}` + "\n")
	case "text":
		fmt.Fprintf(&out, "plain answer to %s\n", prompt)
	case "sleep-then-answer":
		d, _ := time.ParseDuration(args[1])
		fmt.Print("working\n")
		time.Sleep(d)
		fmt.Fprint(&out, "done\n")
	case "exit":
		fmt.Print("partial\n")
		fmt.Fprint(os.Stderr, "boom\n")
		return 1
	case "env":
		wd, _ := os.Getwd()
		fmt.Fprintf(&out, "args=%s\n", strings.Join(args[1:], "|"))
		fmt.Fprintf(&out, "dir=%s\n", filepath.Base(wd))
		for _, k := range []string{"FAULTLINE_ROLE", "FAULTLINE_BUDGET_USD", "FAULTLINE_ALLOWED_TOOLS", "EXTRA"} {
			fmt.Fprintf(&out, "%s=%s\n", k, os.Getenv(k))
		}
	case "flood":
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return 2
		}
		w := bufio.NewWriter(os.Stdout)
		line := strings.Repeat("x", 99) + "\n"
		for ; n >= len(line); n -= len(line) {
			if _, err := w.WriteString(line); err != nil {
				return 3
			}
		}
		if _, err := w.WriteString(strings.Repeat("x", n) + "end\n"); err != nil || w.Flush() != nil {
			return 3
		}
	case "group":
		// A grandchild that holds stdout, and creates args[1] once it
		// is running; then both sleep.
		cmd := exec.Command(os.Args[0], "-test.run=^TestAgentHelperProcess$", "--", "grandchild", args[1])
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 3
		}
		time.Sleep(time.Hour)
	case "grandchild":
		fmt.Print("grandchild running\n")
		if err := os.WriteFile(args[1], nil, 0o666); err != nil {
			return 3
		}
		time.Sleep(time.Hour)
	default:
		fmt.Fprintf(os.Stderr, "unknown mode %q\n", args[0])
		return 2
	}
	if _, err := os.Stdout.WriteString(out.String()); err != nil {
		return 3
	}
	return 0
}

func TestCommandAgentRun(t *testing.T) {
	type testCase struct {
		name  string
		agent *Command
		req   Request
		want  Result
	}
	run := func(t *testing.T, tc testCase) {
		got, err := tc.agent.Run(context.Background(), tc.req)
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		// Stdout is checked through what was read from it.
		opts := cmpopts.IgnoreFields(Result{}, "Duration", "Stdout", "Structured")
		if diff := cmp.Diff(tc.want, got, opts); diff != "" {
			t.Errorf("Run mismatch (-want +got):\n%s", diff)
		}
		if got.Structured != nil && !json.Valid(got.Structured) {
			t.Errorf("Structured is not JSON: %s", got.Structured)
		}
	}
	for _, tc := range []testCase{
		{
			name:  "json",
			agent: helperAgent("json"),
			req:   Request{Role: RoleCoder, Prompt: "fix it"},
			want:  Result{Format: "claude", Text: "got: fix it", CostUSD: 0.25, SessionID: "s-1"},
		},
		{
			name:  "stream-json",
			agent: helperAgent("stream"),
			req:   Request{Role: RoleReviewer, Prompt: "review"},
			want:  Result{Format: "claude", Text: "streamed", CostUSD: 0.5, SessionID: "s-2"},
		},
		{
			name:  "plain text",
			agent: helperAgent("text"),
			req:   Request{Role: RoleFixer, Prompt: "lint"},
			want:  Result{Format: "text", Text: "plain answer to lint"},
		},
		{
			name:  "exit 1",
			agent: helperAgent("exit"),
			want:  Result{Format: "text", Text: "partial", IsError: true, ExitCode: 1, Stderr: "boom\n"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestCommandAgentPlaceholdersAndEnv(t *testing.T) {
	dir := t.TempDir()
	a := helperAgent("env", "{role}", "--max-budget={budget}", "--tools={tools}", "{dir}")
	a.Env = append(a.Env, "EXTRA=yes", "FAULTLINE_ROLE=overridden")
	req := Request{Role: RoleFixer, BudgetUSD: 1.5, AllowedTools: []string{"Read", "Edit"}, Dir: dir}
	got, err := a.Run(context.Background(), req)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := strings.Join([]string{
		"args=fixer|--max-budget=1.5000|--tools=Read,Edit|" + dir,
		"dir=" + filepath.Base(dir),
		"FAULTLINE_ROLE=fixer",
		"FAULTLINE_BUDGET_USD=1.5000",
		"FAULTLINE_ALLOWED_TOOLS=Read,Edit",
		"EXTRA=yes",
	}, "\n")
	if diff := cmp.Diff(want, got.Text); diff != "" {
		t.Errorf("what the agent received mismatch (-want +got):\n%s", diff)
	}
}

func TestCommandAgentFlood(t *testing.T) {
	const size = 50 << 20
	a := helperAgent("flood", fmt.Sprint(size))
	a.MaxOutput = 1 << 20
	got, err := a.Run(context.Background(), Request{})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	marker := textutil.Omitted(int64(size + len("end\n") - a.MaxOutput))
	if len(got.Stdout) != a.MaxOutput+len(marker) {
		t.Errorf("kept %d bytes of stdout, want %d", len(got.Stdout), a.MaxOutput+len(marker))
	}
	if !got.Truncated || !strings.Contains(got.Stdout, marker) || !strings.HasSuffix(got.Stdout, "x\nend\n") {
		t.Errorf("Truncated = %v, stdout without the marker %q or the tail: ...%q", got.Truncated, marker, got.Stdout[max(0, len(got.Stdout)-40):])
	}
	if got.IsError {
		t.Errorf("IsError = true for an agent that exited 0")
	}
}

// runWithin runs the agent and fails the test if Run has not returned
// after a minute: a safety net against a hang, not a timing assertion. The
// wait for the output pipes is made longer than that, so a grandchild left
// holding them would hang Run.
func runWithin(t *testing.T, ctx context.Context, a *Command) Result {
	t.Helper()
	defer func(d time.Duration) { agentWaitDelay = d }(agentWaitDelay)
	agentWaitDelay = time.Hour
	type result struct {
		res Result
		err error
	}
	done := make(chan result, 1)
	go func() {
		res, err := a.Run(ctx, Request{})
		done <- result{res, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatalf("Run: %v", r.err)
		}
		return r.res
	case <-time.After(time.Minute):
		t.Fatal("Run did not return: the agent's process group survived")
	}
	return Result{}
}

func TestCommandAgentTimeoutKillsGroup(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	a := helperAgent("group", filepath.Join(t.TempDir(), "ready"))
	a.Timeout = 2 * time.Second // ample time to start the grandchild
	got := runWithin(t, context.Background(), a)
	want := Result{Format: "text", Text: "grandchild running", Stdout: "grandchild running\n", IsError: true, ExitCode: -1, TimedOut: true, Signal: "killed"}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(Result{}, "Duration")); diff != "" {
		t.Errorf("Run mismatch (-want +got):\n%s", diff)
	}
}

func TestCommandAgentCancelKillsGroup(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	ready := filepath.Join(t.TempDir(), "ready")
	a := helperAgent("group", ready)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for {
			if _, err := os.Stat(ready); err == nil || ctx.Err() != nil {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	got := runWithin(t, ctx, a)
	want := Result{Format: "text", Text: "grandchild running", Stdout: "grandchild running\n", IsError: true, ExitCode: -1, Signal: "killed"}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(Result{}, "Duration")); diff != "" {
		t.Errorf("Run mismatch (-want +got):\n%s", diff)
	}
}

func TestCommandAgentNotRun(t *testing.T) {
	notExec := filepath.Join(t.TempDir(), "agent")
	if err := os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	type testCase struct {
		name string
		ctx  context.Context
		argv []string
		want error
	}
	tests := []testCase{
		{"not found", context.Background(), []string{"faultline-no-such-agent"}, exec.ErrNotFound},
		{"no such file", context.Background(), []string{filepath.Join(t.TempDir(), "missing")}, fs.ErrNotExist},
		{"ctx done", done, helperAgent("text").Argv, context.Canceled},
		{"empty", context.Background(), nil, ErrCommand},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, testCase{"not executable", context.Background(), []string{notExec}, fs.ErrPermission})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := &Command{Argv: tc.argv}
			_, err := a.Run(tc.ctx, Request{Prompt: "x"})
			if !errors.Is(err, tc.want) {
				t.Errorf("Run(%q) error = %v, want %v", tc.argv, err, tc.want)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "agent: ") {
				t.Errorf("error %q is not prefixed by the package", err)
			}
		})
	}
}

func TestNewCommandAgent(t *testing.T) {
	type testCase struct {
		in      string
		want    []string
		wantErr bool
	}
	for _, tc := range []testCase{
		{in: "claude -p", want: []string{"claude", "-p"}},
		{in: "  claude\t-p  --output-format json\n", want: []string{"claude", "-p", "--output-format", "json"}},
		{in: `claude --append-system-prompt 'be terse; no "quotes"'`, want: []string{"claude", "--append-system-prompt", `be terse; no "quotes"`}},
		{in: `agent "a \"b\" \\ c\d" x`, want: []string{"agent", `a "b" \ c\d`, "x"}},
		{in: `agent a\ b \'c`, want: []string{"agent", "a b", "'c"}},
		{in: `agent '' "" x`, want: []string{"agent", "", "", "x"}},
		{in: `agent --model=o'pus 4'"!"`, want: []string{"agent", "--model=opus 4!"}},
		{in: "agent --max-budget={budget} --allowedTools {tools}", want: []string{"agent", "--max-budget={budget}", "--allowedTools", "{tools}"}},
		{in: "", wantErr: true},
		{in: "   ", wantErr: true},
		{in: "agent 'open", wantErr: true},
		{in: `agent "open`, wantErr: true},
		{in: `agent "open\"`, wantErr: true},
		{in: `agent \`, wantErr: true},
	} {
		a, err := NewCommand(tc.in)
		if tc.wantErr {
			if !errors.Is(err, ErrCommand) {
				t.Errorf("NewCommand(%q) error = %v, want ErrCommand", tc.in, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("NewCommand(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, a.Argv); diff != "" {
			t.Errorf("NewCommand(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestReadReply(t *testing.T) {
	type reply struct {
		Format        string
		Text, Session string
		Cost          float64
		In, Out       int
		IsError       bool
		Structured    bool
	}
	big := strings.Repeat("y", 10<<20)
	type testCase struct {
		name string
		in   string
		want reply
	}
	codex := strings.Join([]string{
		`{"type":"thread.started","thread_id":"0199a213-81c0-7800-8aa1-bbab2a035a53"}`,
		`{"type":"turn.started"}`,
		`{"type":"item.completed","item":{"id":"item_0","type":"reasoning","text":"**Reading the failing test**"}}`,
		`{"type":"item.started","item":{"id":"item_1","type":"command_execution","command":"bash -lc 'go test ./...'","aggregated_output":"","exit_code":null,"status":"in_progress"}}`,
		`{"type":"item.completed","item":{"id":"item_1","type":"command_execution","command":"bash -lc 'go test ./...'","aggregated_output":"ok  \texample.com/sum\t0.002s\n","exit_code":0,"status":"completed"}}`,
		`{"type":"item.completed","item":{"id":"item_2","type":"file_change","changes":[{"path":"sum.go","kind":"update"}],"status":"completed"}}`,
		`{"type":"item.completed","item":{"id":"item_3","type":"agent_message","text":"Fixed Sum: it now adds every element."}}`,
		`{"type":"turn.completed","usage":{"input_tokens":24763,"cached_input_tokens":24448,"output_tokens":122}}`,
	}, "\n") + "\n"
	codexFailed := `{"type":"thread.started","thread_id":"t-2"}` + "\n" + `{"type":"turn.started"}` + "\n" +
		`{"type":"error","message":"stream disconnected before completion"}` + "\n" +
		`{"type":"turn.failed","error":{"message":"stream disconnected before completion"}}` + "\n"
	gemini := `{
  "response": "I fixed the off-by-one in Sum.",
  "stats": {
    "models": {
      "gemini-2.5-pro": {
        "api": {"totalRequests": 2, "totalErrors": 0, "totalLatencyMs": 5053},
        "tokens": {"prompt": 24939, "candidates": 20, "total": 25113, "cached": 21263, "thoughts": 154, "tool": 0}
      }
    },
    "tools": {"totalCalls": 1, "totalSuccess": 1, "totalFail": 0},
    "files": {"totalLinesAdded": 1, "totalLinesRemoved": 1}
  }
}
`
	geminiError := `{"response": "", "error": {"type": "FatalAuthenticationError", "message": "Please set an Auth method", "code": 41}}` + "\n"
	geminiStream := strings.Join([]string{
		`{"type":"init","timestamp":"2026-11-22T10:00:00.000Z","session_id":"g-1","model":"gemini-2.5-pro"}`,
		`{"type":"message","timestamp":"2026-11-22T10:00:00.100Z","role":"user","content":"Fix Sum"}`,
		`{"type":"tool_use","timestamp":"2026-11-22T10:00:01.000Z","tool_name":"replace","tool_id":"r-1","parameters":{"file_path":"sum.go"}}`,
		`{"type":"tool_result","timestamp":"2026-11-22T10:00:01.200Z","tool_id":"r-1","status":"success","output":""}`,
		`{"type":"message","timestamp":"2026-11-22T10:00:02.000Z","role":"assistant","content":"Fixed ","delta":true}`,
		`{"type":"message","timestamp":"2026-11-22T10:00:02.100Z","role":"assistant","content":"Sum.","delta":true}`,
		`{"type":"result","timestamp":"2026-11-22T10:00:02.200Z","status":"success","stats":{"total_tokens":300,"input_tokens":250,"output_tokens":50,"duration_ms":2200,"tool_calls":1}}`,
	}, "\n") + "\n"
	aider := "Aider v0.86.2\nModel: anthropic/claude-sonnet-4 with diff edit format\nGit repo: .git with 3 files\n\n" +
		"sum.go\nI'll fix the loop bound.\n\nTokens: 3.0k sent, 42 received. Cost: $0.0063 message, $0.0063 session.\n" +
		"Applied edit to sum.go\n\nTokens: 1,250 sent, 520 received. Cost: $0.0198 message, $0.0261 session.\n"
	for _, tc := range []testCase{
		{"codex exec --json", codex, reply{Format: "codex", Text: "Fixed Sum: it now adds every element.", Session: "0199a213-81c0-7800-8aa1-bbab2a035a53", In: 24763, Out: 122, Structured: true}},
		{"codex turn failed", codexFailed, reply{Format: "codex", Text: "stream disconnected before completion", Session: "t-2", IsError: true, Structured: true}},
		{"gemini json", gemini, reply{Format: "gemini", Text: "I fixed the off-by-one in Sum.", In: 24939, Out: 20, Structured: true}},
		{"gemini json error", geminiError, reply{Format: "gemini", Text: "Please set an Auth method", IsError: true, Structured: true}},
		{"gemini stream-json", geminiStream, reply{Format: "gemini", Text: "Fixed Sum.", Session: "g-1", Structured: true}},
		{"aider", aider, reply{Format: "aider", Text: strings.TrimRight(aider, "\n"), Cost: 0.0063 + 0.0198, In: 4250, Out: 562}},
		{"plain", "hello\n\n", reply{Format: "text", Text: "hello"}},
		{"empty", "", reply{}},
		{"claude json", `{"type":"result","subtype":"success","is_error":false,"result":"ok","total_cost_usd":1.25,"session_id":"s"}` + "\n",
			reply{Text: "ok", Session: "s", Cost: 1.25, Structured: true}},
		{"pretty json", "{\n  \"result\": \"ok\",\n  \"cost_usd\": 0.5\n}\n", reply{Text: "ok", Cost: 0.5, Structured: true}},
		{"total cost wins", `{"result":"ok","cost_usd":0.5,"total_cost_usd":0.75}`, reply{Text: "ok", Cost: 0.75, Structured: true}},
		{"is_error", `{"type":"result","is_error":true,"result":"no"}`, reply{Text: "no", IsError: true, Structured: true}},
		{"error subtype", `{"type":"result","subtype":"error_max_turns","is_error":false}`, reply{IsError: true, Structured: true}},
		{"structured result", `{"type":"result","result":{"approved":true}}`, reply{Text: `{"approved":true}`, Structured: true}},
		{"json without result", `{"approved":true}`, reply{Text: `{"approved":true}`}},
		{"json array", `[1,2]`, reply{Text: `[1,2]`}},
		{"stream: last result wins", strings.Join([]string{
			`{"type":"system","subtype":"init","session_id":"s"}`,
			`{"type":"result","result":"first","session_id":"s"}`,
			`{"type":"assistant","message":{"content":[{"type":"text","text":"has \"result\" in it"}]}}`,
			`{"type":"result","result":"second","total_cost_usd":2,"session_id":"s"}`,
			``,
		}, "\n"), reply{Text: "second", Session: "s", Cost: 2, Structured: true}},
		{"stream: cut result line", "{\"type\":\"system\"}\n{\"type\":\"result\",\"result\":\"cu", reply{Text: "{\"type\":\"system\"}\n{\"type\":\"result\",\"result\":\"cu"}},
		{"stream with marker", "{\"type\":\"system\"}\n… [10 bytes omitted] …\n{\"type\":\"result\",\"result\":\"ok\"}\n", reply{Text: "ok", Structured: true}},
		{"garbage", "{{{\x00\xff}}}\n", reply{Text: "{{{\x00\xff}}}"}},
		{"invalid utf-8 in json", "{\"result\":\"a\xffb\"}", reply{Text: "a\uFFFDb", Structured: true}},
		{"10 MB line", big + "\n", reply{Text: big}},
		{"10 MB result", `{"result":"` + big + `"}`, reply{Text: big, Structured: true}},
		{"10 MB garbage line of JSON", "{" + big + "\n", reply{Text: "{" + big}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := readReply(tc.in, FormatAuto)
			got := reply{Format: r.format, Text: r.text, Session: r.session, Cost: r.cost, In: r.inTokens, Out: r.outTokens, IsError: r.isError, Structured: r.structured != nil}
			if tc.want.Format == "" {
				tc.want.Format = "claude"
				if !tc.want.Structured {
					tc.want.Format = "text"
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("readReply(%.60q) mismatch (-want +got):\n%s", tc.in, diff)
			}
			if r.structured != nil && !json.Valid(r.structured) {
				t.Errorf("structured output is not valid JSON: %.60q", r.structured)
			}
		})
	}
}

func TestAgentResultRecord(t *testing.T) {
	type testCase struct {
		name string
		in   Result
		want errkind.AgentResult
		kind errkind.Kind
	}
	structured := json.RawMessage(`{"type":"result","result":"ok"}`)
	for _, tc := range []testCase{
		{
			name: "success",
			in:   Result{Text: "ok", Stdout: string(structured) + "\n", Structured: structured, SessionID: "s", Duration: 1500 * time.Millisecond},
			want: errkind.AgentResult{Success: true, Stdout: string(structured) + "\n", StructuredOutput: structured, DurationMs: 1500, SessionID: "s", TimedOut: ptr(false)},
			kind: errkind.Unknown,
		},
		{
			name: "timeout",
			in:   Result{IsError: true, ExitCode: -1, TimedOut: true, Signal: "killed", Stderr: "working", Duration: time.Minute},
			want: errkind.AgentResult{ExitCode: -1, Stderr: "working", DurationMs: 60000, Signal: "killed", TimedOut: ptr(true)},
			kind: errkind.AgentTimeout,
		},
		{
			name: "crash",
			in:   Result{IsError: true, ExitCode: 2, Stderr: "panic"},
			want: errkind.AgentResult{ExitCode: 2, Stderr: "panic", TimedOut: ptr(false)},
			kind: errkind.AgentCrash,
		},
		{
			name: "task failure",
			in:   Result{IsError: true, Stderr: "cannot do it", Structured: structured},
			want: errkind.AgentResult{Stderr: "cannot do it", StructuredOutput: structured, TimedOut: ptr(false)},
			kind: errkind.AgentTaskFailure,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.in.Record()
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Record() mismatch (-want +got):\n%s", diff)
			}
			var b errkind.Builder
			if k := b.FromAgentResult(got, "").Type; k != tc.kind {
				t.Errorf("FromAgentResult(Record()).Type = %v, want %v", k, tc.kind)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestExpandArgs(t *testing.T) {
	values := map[string]string{"{tools}": "", "{role}": "fixer", "{budget}": "0.2500", "{prompt_file}": "/tmp/p.txt"}
	for _, tc := range []struct {
		in, want []string
	}{
		{[]string{"-p", "--allowedTools", "{tools}", "--output-format", "json"}, []string{"-p", "--output-format", "json"}},
		{[]string{"--allowedTools={tools}", "-p"}, []string{"-p"}},
		{[]string{"--role", "{role}", "--max-budget-usd", "{budget}"}, []string{"--role", "fixer", "--max-budget-usd", "0.2500"}},
		{[]string{"--message-file", "{prompt_file}"}, []string{"--message-file", "/tmp/p.txt"}},
		{[]string{"tools: {tools}."}, []string{"tools: ."}},
	} {
		if diff := cmp.Diff(tc.want, expandArgs(tc.in, values)); diff != "" {
			t.Errorf("expandArgs(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
	with := map[string]string{"{tools}": "Read,Edit"}
	if diff := cmp.Diff([]string{"--allowedTools", "Read,Edit"}, expandArgs([]string{"--allowedTools", "{tools}"}, with)); diff != "" {
		t.Errorf("with tools (-want +got):\n%s", diff)
	}
}

func TestHeartbeat(t *testing.T) {
	var beats strings.Builder
	a := helperAgent("sleep-then-answer", "300ms")
	a.Heartbeat = &syncWriter{w: &beats}
	a.HeartbeatEvery = 50 * time.Millisecond
	if _, err := a.Run(context.Background(), Request{Role: RoleCoder}); err != nil {
		t.Fatal(err)
	}
	got := beats.String()
	if !strings.Contains(got, "faultline: coder agent running ") || !strings.Contains(got, " received\n") {
		t.Errorf("heartbeat lines: %q", got)
	}
	n := strings.Count(got, "\n")
	time.Sleep(200 * time.Millisecond)
	if strings.Count(beats.String(), "\n") != n {
		t.Error("the heartbeat went on after the agent ended")
	}
}

// syncWriter serialises writes for the test.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
