package errkind

import (
	"encoding/json"
	"fmt"
	"strings"
)

// AgentGateReport is the verification report AgentGate ships: one result
// per level (l0Result … l3Result), checks with a message and details, the
// diagnostics, and the total duration.
type AgentGateReport struct {
	ID            string            `json:"id"`
	RunID         string            `json:"runId"`
	Iteration     int               `json:"iteration"`
	Passed        *bool             `json:"passed"`
	L0            *AgentGateLevel   `json:"l0Result"`
	L1            *AgentGateLevel   `json:"l1Result"`
	L2            *AgentGateLevel   `json:"l2Result"`
	L3            *AgentGateLevel   `json:"l3Result"`
	Diagnostics   []json.RawMessage `json:"diagnostics"`
	TotalDuration int64             `json:"totalDuration"`
}

// AgentGateLevel is one level of an AgentGateReport.
type AgentGateLevel struct {
	Level    string           `json:"level"`
	Passed   bool             `json:"passed"`
	Checks   []AgentGateCheck `json:"checks"`
	Duration int64            `json:"duration"`
}

// AgentGateCheck is one check of an AgentGate level.
type AgentGateCheck struct {
	Name     string          `json:"name"`
	Passed   bool            `json:"passed"`
	Message  string          `json:"message"`
	Details  json.RawMessage `json:"details"`
	Output   string          `json:"output"`
	Duration int64           `json:"duration"`
}

// VerificationReport returns the report in the levels form the seed's
// builder reads: each check's output is its message, then its details.
func (r AgentGateReport) VerificationReport() VerificationReport {
	v := VerificationReport{RunID: cmpOr(r.RunID, r.ID), Iteration: r.Iteration, Levels: map[string]*LevelResult{}, Duration: r.TotalDuration}
	v.Overall.Passed = true
	for i, l := range []*AgentGateLevel{r.L0, r.L1, r.L2, r.L3} {
		if l == nil {
			continue
		}
		name := fmt.Sprintf("L%d", i)
		lr := &LevelResult{Level: name, Passed: l.Passed, Duration: l.Duration}
		for _, c := range l.Checks {
			out := strings.TrimSpace(strings.Join(nonEmpty(c.Output, c.Message, detailText(c.Details)), "\n"))
			lr.Checks = append(lr.Checks, CheckReport{Name: c.Name, Passed: c.Passed, Output: out, Duration: c.Duration})
			if !c.Passed {
				lr.Passed = false
			}
		}
		if !lr.Passed {
			v.Overall.Passed = false
		}
		v.Levels[name] = lr
	}
	if r.Passed != nil && !*r.Passed {
		v.Overall.Passed = false
	}
	return v
}

// FailedLevels names the levels that did not pass, in order.
func (r AgentGateReport) FailedLevels() []string {
	var out []string
	for i, l := range []*AgentGateLevel{r.L0, r.L1, r.L2, r.L3} {
		failed := l != nil && !l.Passed
		for _, c := range levelChecks(l) {
			failed = failed || !c.Passed
		}
		if failed {
			out = append(out, fmt.Sprintf("L%d", i))
		}
	}
	return out
}

func levelChecks(l *AgentGateLevel) []AgentGateCheck {
	if l == nil {
		return nil
	}
	return l.Checks
}

// FromAgentGateReport builds the error of a failed AgentGate verification:
// as FromVerificationReport, with the failed levels and the diagnostics in
// the context.
func (b *Builder) FromAgentGateReport(r AgentGateReport, verificationFile, agentResultFile string) BuildError {
	e := b.FromVerificationReport(r.VerificationReport(), verificationFile, agentResultFile)
	if e.Context == nil {
		e.Context = map[string]any{}
	}
	e.Context["failedLevels"] = r.FailedLevels()
	if len(r.Diagnostics) > 0 {
		var diags []any
		for _, d := range r.Diagnostics[:min(len(r.Diagnostics), maxContextNames)] {
			var v any
			if json.Unmarshal(d, &v) == nil {
				diags = append(diags, v)
			}
		}
		e.Context["diagnostics"] = diags
	}
	return e
}

// detailText is a check's details as text: a string as it is, anything
// else as its JSON.
func detailText(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
