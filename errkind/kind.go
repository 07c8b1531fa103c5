package errkind

import (
	"fmt"
)

// Kind classifies why a build (an agent's attempt at a task) failed: the
// seed's BuildErrorType. Its zero value is Unknown.
type Kind uint8

// The kinds, with the seed's string forms.
const (
	Unknown          Kind = iota // "unknown": could not classify
	AgentCrash                   // "agent_crash": the agent process died unexpectedly
	AgentTimeout                 // "agent_timeout": the agent exceeded its time limit
	AgentTaskFailure             // "agent_task_failure": the agent reported it could not complete
	TypecheckFailed              // "typecheck_failed": compilation (go build, tsc) failed
	LintFailed                   // "lint_failed": go vet, golangci-lint or a linter failed
	TestFailed                   // "test_failed": tests failed
	BlackboxFailed               // "blackbox_failed": blackbox tests failed
	CIFailed                     // "ci_failed": CI checks failed
	WorkspaceError               // "workspace_error": workspace setup failed
	SnapshotError                // "snapshot_error": snapshot creation failed
	GitHubError                  // "github_error": a GitHub operation failed
	SystemError                  // "system_error": another infrastructure error
)

var kindNames = [...]string{
	Unknown:          "unknown",
	AgentCrash:       "agent_crash",
	AgentTimeout:     "agent_timeout",
	AgentTaskFailure: "agent_task_failure",
	TypecheckFailed:  "typecheck_failed",
	LintFailed:       "lint_failed",
	TestFailed:       "test_failed",
	BlackboxFailed:   "blackbox_failed",
	CIFailed:         "ci_failed",
	WorkspaceError:   "workspace_error",
	SnapshotError:    "snapshot_error",
	GitHubError:      "github_error",
	SystemError:      "system_error",
}

// The seed's BUILD_ERROR_DESCRIPTIONS.
var kindDescriptions = [...]string{
	Unknown:          "Unknown error occurred",
	AgentCrash:       "Agent process crashed unexpectedly",
	AgentTimeout:     "Agent exceeded maximum execution time",
	AgentTaskFailure: "Agent reported inability to complete task",
	TypecheckFailed:  "TypeScript compilation failed",
	LintFailed:       "Code linting failed",
	TestFailed:       "Test execution failed",
	BlackboxFailed:   "Blackbox verification failed",
	CIFailed:         "CI pipeline checks failed",
	WorkspaceError:   "Workspace setup or operation failed",
	SnapshotError:    "Snapshot creation or restoration failed",
	GitHubError:      "GitHub API operation failed",
	SystemError:      "Internal system error occurred",
}

// Kinds lists every kind, Unknown first.
func Kinds() []Kind {
	ks := make([]Kind, len(kindNames))
	for i := range ks {
		ks[i] = Kind(i)
	}
	return ks
}

// String returns the seed's string form, such as "agent_crash".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Description returns the human description the seed gives the kind.
func (k Kind) Description() string {
	if int(k) < len(kindDescriptions) {
		return kindDescriptions[k]
	}
	return kindDescriptions[Unknown]
}

// Retryable reports whether running the same attempt again may succeed:
// timeouts, crashes and infrastructure failures may; a failed check, test
// or task reports a mistake that running again does not fix.
func (k Kind) Retryable() bool {
	switch k {
	case AgentTimeout, AgentCrash, WorkspaceError, SnapshotError, GitHubError, SystemError:
		return true
	}
	return false
}

// ParseKind returns the kind with the string form s.
func ParseKind(s string) (Kind, error) {
	for i, name := range kindNames {
		if name == s {
			return Kind(i), nil
		}
	}
	return Unknown, fmt.Errorf("errkind: unknown kind %q (want one of agent_crash, agent_timeout, agent_task_failure, typecheck_failed, lint_failed, test_failed, blackbox_failed, ci_failed, workspace_error, snapshot_error, github_error, system_error, unknown)", s)
}

// MarshalText implements encoding.TextMarshaler: JSON holds the string form.
func (k Kind) MarshalText() ([]byte, error) {
	if int(k) >= len(kindNames) {
		return nil, fmt.Errorf("errkind: invalid kind %d", uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler, rejecting strings that
// name no kind.
func (k *Kind) UnmarshalText(b []byte) error {
	kind, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = kind
	return nil
}
