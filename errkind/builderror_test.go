package errkind

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/faultline-go/faultline/filter"
)

var fixedNow = time.Date(2026, 1, 2, 15, 35, 30, 0, time.UTC)

func newBuilder() *Builder { return &Builder{Now: func() time.Time { return fixedNow }} }

// The seed's own test cases (error-builder.test.ts), then faultline's.

func TestFromAgentResultSeed(t *testing.T) {
	b := newBuilder()
	t.Run("timeout", func(t *testing.T) {
		e := b.FromAgentResult(AgentResult{ExitCode: 137, Stderr: "Killed", DurationMs: 300000, SessionID: "test"}, "agent-1.json")
		if e.Type != AgentTimeout || !strings.Contains(e.Message, "300s") || e.AgentResultFile != "agent-1.json" {
			t.Errorf("got %v %q %q, want agent_timeout, a message with 300s, agent-1.json", e.Type, e.Message, e.AgentResultFile)
		}
	})
	t.Run("crash", func(t *testing.T) {
		e := b.FromAgentResult(AgentResult{ExitCode: 1, Stdout: "Starting...", Stderr: "Segmentation fault", DurationMs: 5000, SessionID: "test"}, "agent-1.json")
		if e.Type != AgentCrash || e.ExitCode == nil || *e.ExitCode != 1 {
			t.Errorf("got %v exit %v, want agent_crash exit 1", e.Type, e.ExitCode)
		}
		if e.Message != "Agent process crashed unexpectedly with exit code 1" {
			t.Errorf("message %q", e.Message)
		}
	})
	t.Run("context", func(t *testing.T) {
		e := b.FromAgentResult(AgentResult{
			ExitCode: 1, Stderr: "Error occurred", DurationMs: 5000, SessionID: "session-123", Model: "claude-3-opus",
			TokensUsed: &TokenUsage{Input: 1000, Output: 500, Total: 1500},
			ToolCalls:  []ToolCall{{Tool: "Write", Input: json.RawMessage(`{}`), Output: json.RawMessage(`"ok"`), DurationMs: 100}},
		}, "agent-1.json")
		want := map[string]any{"sessionId": "session-123", "model": "claude-3-opus", "durationMs": int64(5000),
			"tokensUsed": &TokenUsage{Input: 1000, Output: 500, Total: 1500}, "toolCallCount": 1}
		if diff := cmp.Diff(want, e.Context); diff != "" {
			t.Errorf("context mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestFromAgentResult(t *testing.T) {
	type testCase struct {
		name string
		in   AgentResult
		kind Kind
		msg  string
	}
	run := func(t *testing.T, tc testCase) {
		e := newBuilder().FromAgentResult(tc.in, "")
		if e.Type != tc.kind || e.Message != tc.msg {
			t.Errorf("FromAgentResult = %v %q, want %v %q", e.Type, e.Message, tc.kind, tc.msg)
		}
	}
	for _, tc := range []testCase{
		{"SIGKILL", AgentResult{ExitCode: -1, Signal: "SIGKILL", DurationMs: 61400}, AgentTimeout, "Agent exceeded maximum execution time after 61s"},
		{"deadline", AgentResult{ExitCode: -1, TimedOut: ptr(true), DurationMs: 1999}, AgentTimeout, "Agent exceeded maximum execution time after 2s"},
		{"the seed's 137, its record silent on the deadline", AgentResult{ExitCode: 137, Stderr: "Killed", DurationMs: 300000}, AgentTimeout, "Agent exceeded maximum execution time after 300s"},
		{"137 after 2 ms is no timeout", AgentResult{ExitCode: 137, DurationMs: 2}, AgentCrash, "Agent process crashed unexpectedly with exit code 137"},
		{"SIGKILL with no deadline fired is no timeout", AgentResult{ExitCode: -1, Signal: "killed", TimedOut: ptr(false), DurationMs: 600000}, AgentCrash, "Agent process crashed unexpectedly (signal: killed)"},
		{"exit 124 saying it timed out", AgentResult{ExitCode: 124, Stderr: "codex: request timed out after 600s\n", DurationMs: 600000, TimedOut: ptr(false)}, AgentTimeout, "Agent exceeded maximum execution time after 600s"},
		{"exit 124 saying nothing of time", AgentResult{ExitCode: 124, Stderr: "bad flag\n"}, AgentCrash, "Agent process crashed unexpectedly with exit code 124"},
		{"exit 2 with structured output is a task failure", AgentResult{ExitCode: 2, StructuredOutput: json.RawMessage(`{"done":false}`),
			Stderr: "\nwarning: slow disk\nerror: could not find the file to edit\nmore"}, AgentTaskFailure,
			"Agent reported inability to complete task: error: could not find the file to edit"},
		{"structured output null is none", AgentResult{ExitCode: 3, StructuredOutput: json.RawMessage(`null`)}, AgentCrash, "Agent process crashed unexpectedly with exit code 3"},
		{"reported failure, exit 0", AgentResult{Success: false}, AgentTaskFailure, "Agent reported inability to complete task"},
		{"success", AgentResult{Success: true}, Unknown, "Unknown error occurred"},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func verification(name, output string) VerificationReport {
	var r VerificationReport
	r.Duration = 11000
	r.Levels = map[string]*LevelResult{
		"L0": {Level: "L0", Passed: true},
		"L1": {Level: "L1", Passed: false, Checks: []CheckReport{{Name: name, Passed: false, Output: output, Duration: 10000}}},
	}
	return r
}

func TestFromVerificationReportSeed(t *testing.T) {
	b := newBuilder()
	e := b.FromVerificationReport(verification("typecheck", "src/foo.ts(1,1): error TS2304: Cannot find name 'x'"), "verification-1.json", "")
	if e.Type != TypecheckFailed || e.VerificationFile != "verification-1.json" || e.Context["errorCount"] != 1 {
		t.Errorf("typecheck: got %v %q errorCount %v", e.Type, e.VerificationFile, e.Context["errorCount"])
	}
	if e.Message != "TypeScript compilation failed (1 error in 1 file)" {
		t.Errorf("typecheck message %q", e.Message)
	}
	e = b.FromVerificationReport(verification("test", "3 failed, 10 passed"), "verification-1.json", "")
	if e.Type != TestFailed || e.Context["failedTests"] != 3 {
		t.Errorf("test: got %v failedTests %v", e.Type, e.Context["failedTests"])
	}
}

func TestFromVerificationReportGo(t *testing.T) {
	b := newBuilder()
	build := "# example.com/m\n./a.go:3:2: undefined: x\n./a.go:9:1: missing return\n./b/b.go:1:1: \"os\" imported and not used\n"
	e := b.FromVerificationReport(verification("build", build), "v.json", "agent-2.json")
	if e.Type != TypecheckFailed || e.Message != "go build failed (3 errors in 2 files)" {
		t.Errorf("build: got %v %q", e.Type, e.Message)
	}
	if diff := cmp.Diff([]string{"a.go", "b/b.go"}, e.Context["files"]); diff != "" {
		t.Errorf("build files (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]int{"reference_error": 1, "build_error": 2}, e.Context["categories"]); diff != "" {
		t.Errorf("build categories (-want +got):\n%s", diff)
	}
	test := "--- FAIL: TestA (0.00s)\n    a_test.go:3: bad\n--- FAIL: TestB (0.00s)\n    a_test.go:9: worse\nFAIL\texample.com/m\t0.01s\n"
	e = b.FromVerificationReport(verification("test", test), "v.json", "")
	if e.Type != TestFailed || e.Context["failedTests"] != 2 || e.Message != "go test failed (2 errors in 1 file)" {
		t.Errorf("test: got %v %q failedTests %v", e.Type, e.Message, e.Context["failedTests"])
	}
	e = b.FromVerificationReport(verification("golangci-lint", "a.go:1:2: Error return value is not checked (errcheck)\n"), "", "")
	if e.Type != LintFailed || e.Message != "golangci-lint found problems (1 error in 1 file)" {
		t.Errorf("lint: got %v %q", e.Type, e.Message)
	}
	var none VerificationReport
	if e := b.FromVerificationReport(none, "v.json", ""); e.Type != Unknown {
		t.Errorf("no failed check: got %v", e.Type)
	}
}

func TestLevelOrder(t *testing.T) {
	levels := map[string]*LevelResult{"L10": nil, "L2": nil, "L0": nil, "extra": nil}
	if diff := cmp.Diff([]string{"L0", "L2", "L10", "extra"}, levelOrder(levels)); diff != "" {
		t.Errorf("levelOrder mismatch (-want +got):\n%s", diff)
	}
}

func TestFromSystemErrorSeed(t *testing.T) {
	err := fmt.Errorf("connect: %w", errors.New("Connection refused"))
	e := newBuilder().FromSystemError(err)
	if e.Type != SystemError || e.Message != "connect: Connection refused" {
		t.Errorf("got %v %q", e.Type, e.Message)
	}
	if !strings.Contains(e.StderrTail, "*errors.errorString: Connection refused") {
		t.Errorf("stderrTail %q lacks the chain", e.StderrTail)
	}
}

func TestFromSystemError(t *testing.T) {
	for _, tc := range []struct {
		err  error
		kind Kind
	}{
		{errors.New("creating workspace: disk full"), WorkspaceError},
		{fmt.Errorf("restore: %w", errors.New("snapshot abc missing")), SnapshotError},
		{errors.New("POST https://api.github.com/repos/x/y/pulls: 502"), GitHubError},
		{errors.New("git push origin main: exit status 128"), GitHubError},
		{errors.New("fatal: not a git repository (or any of the parent directories): .git"), WorkspaceError},
		{&fs.PathError{Op: "open", Path: "/x", Err: fs.ErrNotExist}, SystemError},
		{WithKind(errors.New("odd"), SnapshotError), SnapshotError},
		{errors.Join(errors.New("a"), WithKind(errors.New("b"), GitHubError)), GitHubError},
	} {
		if got := newBuilder().FromSystemError(tc.err).Type; got != tc.kind {
			t.Errorf("FromSystemError(%v) = %v, want %v", tc.err, got, tc.kind)
		}
	}
}

func TestFromCheck(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/go.mod", []byte("module example.com/m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newBuilder().FromCheck(filter.CheckResult{Name: "build", Output: "# example.com/m\n./x.go:1:2: undefined: y\n", ExitCode: 1, Dir: dir, Elapsed: 1500 * time.Millisecond})
	if e.Type != TypecheckFailed || *e.ExitCode != 1 || e.Message != "go build failed (1 error in 1 file)" || e.Context["durationMs"] != int64(1500) {
		t.Errorf("FromCheck = %v %v %q %v", e.Type, *e.ExitCode, e.Message, e.Context)
	}
	o := filter.Outcome{CheckResult: filter.CheckResult{Name: "test", ExitCode: -1}, Status: filter.StatusFailed, TimedOut: true, Note: "timed out after 10m0s"}
	e = newBuilder().FromOutcome(o)
	if e.Type != TestFailed || e.Context["timedOut"] != true || !strings.HasSuffix(e.Message, ": timed out after 10m0s") || e.ExitCode != nil {
		t.Errorf("FromOutcome(timeout) = %v %q %v %v", e.Type, e.Message, e.Context, e.ExitCode)
	}
	o = filter.Outcome{CheckResult: filter.CheckResult{Name: "lint"}, Status: filter.StatusError, Note: "golangci-lint is not installed"}
	if e := newBuilder().FromOutcome(o); e.Type != SystemError {
		t.Errorf("FromOutcome(could not run) = %v, want system_error", e.Type)
	}
}

func TestBuildErrorJSON(t *testing.T) {
	e := BuildError{Type: TypecheckFailed, Message: "m", ExitCode: intPtr(1), StdoutTail: "out", FailedAt: fixedNow,
		VerificationFile: "verification-1.json", Context: map[string]any{"errorCount": 3}}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"typecheck_failed","message":"m","exitCode":1,"stdoutTail":"out","stderrTail":"","agentResultFile":null,"verificationFile":"verification-1.json","context":{"errorCount":3},"failedAt":"2026-01-02T15:35:30Z"}`
	if string(b) != want {
		t.Errorf("JSON:\n got %s\nwant %s", b, want)
	}
	var back BuildError
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Type != e.Type || back.VerificationFile != e.VerificationFile || back.AgentResultFile != "" || *back.ExitCode != 1 {
		t.Errorf("round trip = %+v", back)
	}
	b, _ = json.Marshal(BuildError{})
	if !strings.Contains(string(b), `"exitCode":null`) || !strings.Contains(string(b), `"context":{}`) {
		t.Errorf("empty BuildError JSON %s: want null exitCode and an empty context", b)
	}
}

func TestTail(t *testing.T) {
	b := &Builder{TailLines: 2}
	for _, tc := range []struct{ in, want string }{
		{"a\nb\nc\nd\n", "c\nd"},
		{"a\nb", "a\nb"},
		{"", ""},
		{"one", "one"},
	} {
		if got := b.tail(tc.in); got != tc.want {
			t.Errorf("tail(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	lines := strings.Repeat("x\n", 80)
	if got := strings.Count((&Builder{}).tail(lines), "\n"); got != DefaultTailLines-1 {
		t.Errorf("default tail kept %d lines, want %d", got+1, DefaultTailLines)
	}
}

func ptr[T any](v T) *T { return &v }
