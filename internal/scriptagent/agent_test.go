package scriptagent_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/faultline-go/faultline/agent"
	"github.com/faultline-go/faultline/internal/scriptagent"
)

// TestScriptAgentProcess is not a test: it is the scriptagent command that
// scriptAgent runs, with the arguments after "--".
func TestScriptAgentProcess(t *testing.T) {
	if os.Getenv("SCRIPTAGENT_HELPER") != "1" {
		t.Skip("the helper process of TestCommandAgent")
	}
	for i, a := range os.Args {
		if a == "--" {
			os.Args = append([]string{"scriptagent"}, os.Args[i+1:]...)
			break
		}
	}
	os.Exit(scriptagent.Main())
}

// scriptAgent returns a CommandAgent that runs scriptagent SCRIPT.
func scriptAgent(script string) *agent.Command {
	return &agent.Command{
		Argv: []string{os.Args[0], "-test.run=^TestScriptAgentProcess$", "--", script},
		Env:  []string{"SCRIPTAGENT_HELPER=1"},
	}
}

// TestCommandAgent runs the script through agent.Command, as a loop
// does: what the agent answers in each format is what the loop reads.
func TestCommandAgent(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(t.TempDir(), "agent.txtar")
	err := os.WriteFile(script, []byte(`
-- 1/m.go --
package m
-- 1/@reply --
wrote m.go
-- 1/@cost --
0.5
-- 2/@format --
stream
-- 2/@reply --
streamed
-- 3/@format --
text
-- 3/@reply --
plain
-- 4/@reply --
gave up
-- 4/@is_error --
-- 5/@exit --
1
-- 5/@reply --
crashed
-- 6/@sleep --
1h
`), 0o666)
	if err != nil {
		t.Fatal(err)
	}
	a := scriptAgent(script)
	type testCase struct {
		name    string
		timeout time.Duration
		want    agent.Result
	}
	for _, tc := range []testCase{
		{name: "json", want: agent.Result{Format: "claude", Text: "wrote m.go", CostUSD: 0.5, SessionID: "script-1"}},
		{name: "stream", want: agent.Result{Format: "claude", Text: "streamed", CostUSD: 0.01, SessionID: "script-2"}},
		{name: "text", want: agent.Result{Format: "text", Text: "plain"}},
		{name: "is_error", want: agent.Result{Format: "claude", Text: "gave up", CostUSD: 0.01, IsError: true, SessionID: "script-4"}},
		{name: "exit", want: agent.Result{Format: "text", IsError: true, ExitCode: 1, Stderr: "crashed\n"}},
		{name: "sleep", timeout: 500 * time.Millisecond, want: agent.Result{Format: "text", IsError: true, ExitCode: -1, TimedOut: true, Signal: "killed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a.Timeout = tc.timeout
			got, err := a.Run(context.Background(), agent.Request{Role: agent.RoleCoder, Prompt: "go", Dir: dir})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			opts := cmpopts.IgnoreFields(agent.Result{}, "Duration", "Stdout", "Structured")
			if diff := cmp.Diff(tc.want, got, opts); diff != "" {
				t.Errorf("Run mismatch (-want +got):\n%s", diff)
			}
		})
	}
	data, err := os.ReadFile(filepath.Join(dir, "m.go"))
	if diff := cmp.Diff("package m\n", string(data)); err != nil || diff != "" {
		t.Errorf("m.go (%v) mismatch (-want +got):\n%s", err, diff)
	}
	data, err = os.ReadFile(script + ".call-1.txt")
	if diff := cmp.Diff("role=coder budget=0.0000 tools=\nstep=1\n", string(data)); err != nil || diff != "" {
		t.Errorf("call-1.txt (%v) mismatch (-want +got):\n%s", err, diff)
	}
}
