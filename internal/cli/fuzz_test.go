package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzClassify: any input to faultline classify gives a BuildError whose
// JSON is valid, or an error — never a panic — and the same output twice.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		`{"success": false, "exitCode": 137, "stdout": "", "stderr": "Killed", "durationMs": 300000}`,
		`{"success": false, "exitCode": 124, "stderr": "timed out", "durationMs": 1, "timedOut": true}`,
		`{"levels": {"L0": {"level": "L0", "passed": false, "checks": [{"name": "build", "passed": false, "output": "# m\n./a.go:3:2: undefined: x\n"}]}}}`,
		`{"levels": {"L1": {"passed": false, "checks": [{"name": "jest", "passed": false, "output": "Tests: 3 failed, 10 passed"}]}}}`,
		`{"id": "v", "l2Result": {"passed": false, "checks": [{"name": "flow", "passed": false, "message": "500", "details": {"a": 1}}]}, "diagnostics": [1, "x", {"y": null}], "totalDuration": 5}`,
		`{"l0Result": null, "l1Result": {"checks": null}}`,
		`{}`, `[]`, `null`, `{"levels": null}`, "\xff\xfe{",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		be, err := classifyJSON(data, "a.json", "v.json")
		if err != nil {
			return
		}
		out, err := json.Marshal(be)
		if err != nil || !json.Valid(out) {
			t.Fatalf("BuildError is not valid JSON: %v", err)
		}
		again, _ := classifyJSON(data, "a.json", "v.json")
		out2, _ := json.Marshal(again)
		// failedAt is the clock's.
		strip := func(b []byte) string {
			s := string(b)
			if i := strings.Index(s, `"failedAt"`); i >= 0 {
				s = s[:i]
			}
			return s
		}
		if strip(out) != strip(out2) {
			t.Fatalf("not deterministic:\n%s\n%s", out, out2)
		}
	})
}

// FuzzHookInput: any hook input is read without a panic; what is not
// Claude Code's JSON is an error (exit status 1), never a block.
func FuzzHookInput(f *testing.F) {
	for _, s := range []string{
		`{"session_id":"s","cwd":"/nonexistent-dir","hook_event_name":"Stop","stop_hook_active":true}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Edit","tool_input":{"file_path":"/nonexistent-dir/x.go"}}`,
		`{"hook_event_name":"Notification"}`, `not json`, `{"cwd": 5}`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var stdout, stderr bytes.Buffer
		code := Run([]string{"hook", "claude"}, bytes.NewReader(data), &stdout, &stderr)
		if bytes.Contains(stdout.Bytes(), []byte(`"block"`)) {
			t.Fatalf("blocked on input %q: %s", data, stdout.Bytes())
		}
		if code != exitOK && code != exitFail {
			t.Fatalf("exit status %d for %q; stderr %s", code, data, stderr.Bytes())
		}
	})
}
