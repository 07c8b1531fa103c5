package loop

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/faultline-go/faultline/agent"
	"github.com/faultline-go/faultline/circuit"
	"github.com/faultline-go/faultline/filter"
)

// agentFunc is an Agent made of a function.
type agentFunc func(n int, req agent.Request) agent.Result

type fakeAgent struct {
	f     agentFunc
	calls []agent.Request
}

func (a *fakeAgent) Run(ctx context.Context, req agent.Request) (agent.Result, error) {
	a.calls = append(a.calls, req)
	return a.f(len(a.calls), req), nil
}

// fileCheck is a check that fails with a compiler error until the file ok
// exists in dir.
func fileCheck(dir string) *filter.Chain {
	return &filter.Chain{Dir: dir, Checks: []filter.Check{{Name: "build", Parser: "build",
		Command: []string{"sh", "-c", `test -f ok || { echo "./x.go:1:5: undefined: y" >&2; exit 1; }`}}}}
}

func TestRunInfraFailuresAreNotStuck(t *testing.T) {
	dir := t.TempDir()
	coder := &fakeAgent{f: func(n int, req agent.Request) agent.Result {
		switch n {
		case 1, 2:
			return agent.Result{IsError: true, ExitCode: 1, Text: "API Error: 429 rate limit exceeded"}
		case 3:
			return agent.Result{Text: "wrote x.go", CostUSD: 0.1} // leaves the build broken
		}
		if err := os.WriteFile(filepath.Join(dir, "ok"), nil, 0o644); err != nil {
			t.Error(err)
		}
		return agent.Result{Text: "fixed", CostUSD: 0.1}
	}}
	reviewer := &fakeAgent{f: func(int, agent.Request) agent.Result { return agent.Result{Text: "APPROVED: yes"} }}
	l := &Loop{ModuleDir: dir, Coder: coder, Reviewer: reviewer, Chain: fileCheck(dir), AgentRetries: 2}
	rec, err := l.Run(context.Background(), Task{ID: "T-1", Title: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != StatusApproved || rec.Infra != 2 {
		t.Fatalf("status %s, infra %d, error %v; want approved after 2 infrastructure failures", rec.Status, rec.Infra, rec.Error)
	}
	var roles []string
	for _, c := range coder.calls {
		roles = append(roles, string(c.Role))
	}
	if diff := cmp.Diff([]string{"coder", "coder", "coder", "fixer"}, roles); diff != "" {
		t.Errorf("coder calls mismatch (-want +got):\n%s", diff)
	}
	fix := coder.calls[3]
	if !strings.Contains(fix.Prompt, "x.go:1:5 — undefined: y") || fix.AllowedTools == nil {
		t.Errorf("fix pass request %+v: want the focused prompt and the fix tools", fix)
	}
	if rec.Breaker.SameError > 1 || rec.Breaker.State != circuit.Closed {
		t.Errorf("breaker %+v: infrastructure failures must not count as the same error", rec.Breaker)
	}
}

func TestRunArtifactsAndCancel(t *testing.T) {
	dir := t.TempDir()
	art := filepath.Join(dir, "art")
	ctx, cancel := context.WithCancel(context.Background())
	coder := &fakeAgent{f: func(int, agent.Request) agent.Result { cancel(); return agent.Result{Text: "ok"} }}
	l := &Loop{ModuleDir: dir, Coder: coder, Reviewer: coder, Chain: fileCheck(dir), ArtifactsDir: art}
	rec, err := l.Run(ctx, Task{ID: "T-2"})
	if err != nil {
		t.Fatal(err)
	}
	if rec.StopReason != StopCancelled || rec.Error == nil {
		t.Errorf("stop %q, error %v; want cancelled with a BuildError", rec.StopReason, rec.Error)
	}
	for _, name := range []string{"agent-1.json", "run.json"} {
		if _, err := os.Stat(filepath.Join(art, name)); err != nil {
			t.Error(err)
		}
	}
	tmp, _ := filepath.Glob(filepath.Join(art, ".*.tmp"))
	if len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestRunNeedsAgents(t *testing.T) {
	if _, err := (&Loop{}).Run(context.Background(), Task{}); err == nil {
		t.Error("Run without agents: no error")
	}
}

func TestBudgets(t *testing.T) {
	for _, tc := range []struct {
		budget        float64
		cycles        int
		agent, filter float64
	}{
		{budget: 8, cycles: 4, agent: 1, filter: 0.25},
		{budget: 0, cycles: 4, agent: 0, filter: 0},
		{budget: 5, cycles: 0, agent: 0, filter: 0},
	} {
		l := &Loop{MaxBudgetUSD: tc.budget, MaxCycles: tc.cycles}
		if l.perAgentBudget() != tc.agent || l.filterFixBudget() != tc.filter {
			t.Errorf("budget %v over %d cycles: per agent %v, fix %v; want %v, %v", tc.budget, tc.cycles, l.perAgentBudget(), l.filterFixBudget(), tc.agent, tc.filter)
		}
	}
}

// TestRunReviewCutFailsClosed: a reviewer's reply the agent runner had to
// cut approves nothing, whatever the kept part says.
func TestRunReviewCutFailsClosed(t *testing.T) {
	dir := t.TempDir()
	coder := &fakeAgent{f: func(int, agent.Request) agent.Result { return agent.Result{Text: "done"} }}
	reviewer := &fakeAgent{f: func(int, agent.Request) agent.Result {
		return agent.Result{Text: "APPROVED: fine\n… [2000000 bytes omitted] …\nAPPROVED: fine", TextCut: true, Truncated: true}
	}}
	chain := &filter.Chain{Dir: dir, Checks: []filter.Check{{Name: "build", Command: []string{"true"}}}}
	rec, err := (&Loop{ModuleDir: dir, Coder: coder, Reviewer: reviewer, Chain: chain}).Run(context.Background(), Task{ID: "T"})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status == StatusApproved || rec.StopReason != StopReviewUnreadable || rec.Error == nil {
		t.Errorf("status %s, stop %s, error %v; want not approved, review_unreadable", rec.Status, rec.StopReason, rec.Error)
	}
}

// TestRunNegativeCost: an agent reporting a negative cost buys back no
// budget.
func TestRunNegativeCost(t *testing.T) {
	dir := t.TempDir()
	coder := &fakeAgent{f: func(n int, _ agent.Request) agent.Result {
		if n%2 == 1 {
			return agent.Result{Text: "done", CostUSD: -1000}
		}
		return agent.Result{Text: "done", CostUSD: 0.6}
	}}
	reviewer := &fakeAgent{f: func(int, agent.Request) agent.Result { return agent.Result{Text: "ISSUE: still wrong\n", CostUSD: 0.6} }}
	chain := &filter.Chain{Dir: dir, Checks: []filter.Check{{Name: "build", Command: []string{"true"}}}}
	rec, err := (&Loop{ModuleDir: dir, Coder: coder, Reviewer: reviewer, Chain: chain, MaxBudgetUSD: 1, MaxCycles: 10}).Run(context.Background(), Task{ID: "T"})
	if err != nil {
		t.Fatal(err)
	}
	if rec.StopReason != StopBudget || rec.TotalCostUSD < 1 {
		t.Errorf("stop %s after $%v; want the budget to stop the run", rec.StopReason, rec.TotalCostUSD)
	}
}
