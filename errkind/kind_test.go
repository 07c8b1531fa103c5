package errkind

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestKindStrings(t *testing.T) {
	// The seed's BuildErrorType, value for value.
	want := map[Kind]string{
		AgentCrash: "agent_crash", AgentTimeout: "agent_timeout", AgentTaskFailure: "agent_task_failure",
		TypecheckFailed: "typecheck_failed", LintFailed: "lint_failed", TestFailed: "test_failed",
		BlackboxFailed: "blackbox_failed", CIFailed: "ci_failed", WorkspaceError: "workspace_error",
		SnapshotError: "snapshot_error", GitHubError: "github_error", SystemError: "system_error", Unknown: "unknown",
	}
	if len(Kinds()) != 13 || len(want) != 13 {
		t.Fatalf("%d kinds, want the seed's 13", len(Kinds()))
	}
	var zero Kind
	if zero != Unknown {
		t.Error("the zero Kind is not Unknown")
	}
	for _, k := range Kinds() {
		if k.String() != want[k] {
			t.Errorf("%d.String() = %q, want %q", k, k, want[k])
		}
		if back, err := ParseKind(k.String()); err != nil || back != k {
			t.Errorf("ParseKind(%q) = %v, %v", k, back, err)
		}
		b, err := json.Marshal(k)
		if err != nil || string(b) != `"`+want[k]+`"` {
			t.Errorf("json.Marshal(%v) = %s, %v", k, b, err)
		}
		var back Kind
		if err := json.Unmarshal(b, &back); err != nil || back != k {
			t.Errorf("json.Unmarshal(%s) = %v, %v", b, back, err)
		}
		if k.Description() == "" {
			t.Errorf("%v has no description", k)
		}
	}
	var k Kind
	err := json.Unmarshal([]byte(`"agent_explode"`), &k)
	if err == nil || !strings.Contains(err.Error(), `unknown kind "agent_explode"`) {
		t.Errorf("unmarshal of an unknown kind: %v", err)
	}
	if _, err := json.Marshal(Kind(200)); err == nil {
		t.Error("marshal of an invalid kind: no error")
	}
}

func TestDescriptions(t *testing.T) {
	// The seed's BUILD_ERROR_DESCRIPTIONS.
	for k, want := range map[Kind]string{
		AgentCrash: "Agent process crashed unexpectedly", AgentTimeout: "Agent exceeded maximum execution time",
		AgentTaskFailure: "Agent reported inability to complete task", TypecheckFailed: "TypeScript compilation failed",
		LintFailed: "Code linting failed", TestFailed: "Test execution failed", BlackboxFailed: "Blackbox verification failed",
		CIFailed: "CI pipeline checks failed", WorkspaceError: "Workspace setup or operation failed",
		SnapshotError: "Snapshot creation or restoration failed", GitHubError: "GitHub API operation failed",
		SystemError: "Internal system error occurred", Unknown: "Unknown error occurred",
	} {
		if got := k.Description(); got != want {
			t.Errorf("%v.Description() = %q, want %q", k, got, want)
		}
	}
}

func TestRetryable(t *testing.T) {
	for _, k := range Kinds() {
		want := k == AgentTimeout || k == AgentCrash || k == WorkspaceError || k == SnapshotError || k == GitHubError || k == SystemError
		if got := k.Retryable(); got != want {
			t.Errorf("%v.Retryable() = %v, want %v", k, got, want)
		}
	}
}
