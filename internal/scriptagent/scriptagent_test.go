package scriptagent

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A call of the agent in a test, and what it should do.
type testCall struct {
	prompt     string
	env        map[string]string
	wantExit   int
	wantStdout string
	wantStderr string
}

func jsonReply(reply, cost, session string, isError bool) string {
	e := "false"
	if isError {
		e = "true"
	}
	return `{"type":"result","subtype":"success","is_error":` + e + `,"result":` + reply + `,"total_cost_usd":` + cost + `,"session_id":"` + session + `"}` + "\n"
}

func TestRun(t *testing.T) {
	type testCase struct {
		name  string
		files map[string]string // the module before the calls
		args  []string          // "" means the script
		calls []testCall
		// After the calls: the module, and the calls' records beside
		// the script (the state and the prompt and call files).
		wantFiles   map[string]string
		wantRecords map[string]string
	}
	run := func(t *testing.T, tc testCase, script string) {
		scriptDir, dir := filepath.Dir(script), t.TempDir()
		writeFiles(t, dir, tc.files)
		args := tc.args
		if args == nil {
			args = []string{script}
		}
		for i, c := range tc.calls {
			var stdout, stderr bytes.Buffer
			getenv := func(k string) string { return c.env[k] }
			exit := run(args, dir, strings.NewReader(c.prompt), &stdout, &stderr, getenv)
			if exit != c.wantExit {
				t.Errorf("call %d: exit status %d, want %d; stderr:\n%s", i+1, exit, c.wantExit, stderr.String())
			}
			if diff := cmp.Diff(c.wantStdout, stdout.String()); diff != "" {
				t.Errorf("call %d: stdout mismatch (-want +got):\n%s", i+1, diff)
			}
			if diff := cmp.Diff(c.wantStderr, stderr.String()); diff != "" {
				t.Errorf("call %d: stderr mismatch (-want +got):\n%s", i+1, diff)
			}
		}
		if diff := cmp.Diff(tc.wantFiles, readFiles(t, dir)); diff != "" {
			t.Errorf("module after the calls mismatch (-want +got):\n%s", diff)
		}
		records := readFiles(t, scriptDir)
		delete(records, "agent.txtar")
		// The pids are this process's (the calls ran in it) and its parent's.
		for name, data := range records {
			want := ""
			switch {
			case strings.HasPrefix(name, "agent.txtar.pid-"):
				want = fmt.Sprintf("%d\n", os.Getpid())
			case strings.HasPrefix(name, "agent.txtar.ppid-"):
				want = fmt.Sprintf("%d\n", os.Getppid())
			default:
				continue
			}
			if data != want {
				t.Errorf("%s = %q, want %q", name, data, want)
			}
			delete(records, name)
		}
		if diff := cmp.Diff(tc.wantRecords, records); diff != "" {
			t.Errorf("records mismatch (-want +got):\n%s", diff)
		}
	}
	coder := map[string]string{"FAULTLINE_ROLE": "coder", "FAULTLINE_BUDGET_USD": "2.0000", "FAULTLINE_ALLOWED_TOOLS": "Read,Edit,Bash"}
	fixer := map[string]string{"FAULTLINE_ROLE": "fixer", "FAULTLINE_BUDGET_USD": "0.5000", "FAULTLINE_ALLOWED_TOOLS": "Read,Edit"}
	for _, tc := range []struct {
		testCase
		script string
	}{
		{
			script: `
-- 1/go.mod --
module example.com/m
-- 1/m.go --
package m

func F() int { return "one" }
-- 1/@reply --
I wrote F.
-- 2/m.go --
package m

func F() int { return 1 }
-- 2/sub/dir/x.txt --
x
-- 2/@reply --
Fixed "F".
-- 2/@cost --
 0.25
`,
			testCase: testCase{
				name: "steps then the last again",
				calls: []testCall{
					{prompt: "write F", env: coder, wantStdout: jsonReply(`"I wrote F."`, "0.01", "script-1", false)},
					{prompt: "fix F\n", env: fixer, wantStdout: jsonReply(`"Fixed \"F\"."`, "0.25", "script-2", false)},
					{prompt: "fix F again\n", env: fixer, wantStdout: jsonReply(`"Fixed \"F\"."`, "0.25", "script-3", false)},
				},
				wantFiles: map[string]string{
					"go.mod":         "module example.com/m\n",
					"m.go":           "package m\n\nfunc F() int { return 1 }\n",
					"sub/dir/x.txt":  "x\n",
					"unrelated.txt":  "kept\n",
					"sub/keep/k.txt": "kept\n",
				},
				files: map[string]string{"unrelated.txt": "kept\n", "sub/keep/k.txt": "kept\n"},
				wantRecords: map[string]string{
					"agent.txtar.state":        "3\n",
					"agent.txtar.prompt-1.txt": "write F",
					"agent.txtar.prompt-2.txt": "fix F\n",
					"agent.txtar.prompt-3.txt": "fix F again\n",
					"agent.txtar.call-1.txt":   "role=coder budget=2.0000 tools=Read,Edit,Bash\nstep=1\n",
					"agent.txtar.call-2.txt":   "role=fixer budget=0.5000 tools=Read,Edit\nstep=2\n",
					"agent.txtar.call-3.txt":   "role=fixer budget=0.5000 tools=Read,Edit\nstep=2\n",
				},
			},
		},
		{
			script: `
-- 1/@delete --
old.go

dir
-- 1/new.go --
package m
-- 1/@format --
text
-- 1/@reply --
moved
it
`,
			testCase: testCase{
				name:      "delete and text",
				files:     map[string]string{"old.go": "package m\n", "dir/a.go": "package a\n", "keep.go": "package m\n"},
				calls:     []testCall{{wantStdout: "moved\nit\n"}},
				wantFiles: map[string]string{"new.go": "package m\n", "keep.go": "package m\n"},
				wantRecords: map[string]string{
					"agent.txtar.state":        "1\n",
					"agent.txtar.prompt-1.txt": "",
					"agent.txtar.call-1.txt":   "role= budget= tools=\nstep=1\n",
				},
			},
		},
		{
			script: `
-- 1/@format --
stream
-- 1/@reply --
APPROVED
-- 1/@is_error --
-- 1/@cost --
1.5
`,
			testCase: testCase{
				name: "stream",
				calls: []testCall{{env: coder, wantStdout: `{"type":"system","subtype":"init","session_id":"script-1"}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"APPROVED"}]},"session_id":"script-1"}
` + jsonReply(`"APPROVED"`, "1.5", "script-1", true)}},
				wantFiles: map[string]string{},
				wantRecords: map[string]string{
					"agent.txtar.state":        "1\n",
					"agent.txtar.prompt-1.txt": "",
					"agent.txtar.call-1.txt":   "role=coder budget=2.0000 tools=Read,Edit,Bash\nstep=1\n",
				},
			},
		},
		{
			script: `
-- 1/a.go --
package a
-- 1/@exit --
3
-- 1/@reply --
I crashed <here>
-- 1/@flood --
170
-- 1/@sleep --
1ms
`,
			testCase: testCase{
				name: "exit flood sleep",
				calls: []testCall{{
					wantExit:   3,
					wantStdout: strings.Repeat(strings.Repeat("x", 79)+"\n", 2) + "xxxxxxxxx\n",
					wantStderr: "I crashed <here>\n",
				}},
				wantFiles: map[string]string{"a.go": "package a\n"},
				wantRecords: map[string]string{
					"agent.txtar.state":        "1\n",
					"agent.txtar.prompt-1.txt": "",
					"agent.txtar.call-1.txt":   "role= budget= tools=\nstep=1\n",
				},
			},
		},
		{
			script: "comment only\n-- notes.txt --\nnot a step\n",
			testCase: testCase{
				name:      "no steps",
				calls:     []testCall{{prompt: "p", wantStdout: jsonReply(`"done"`, "0.01", "script-1", false)}},
				wantFiles: map[string]string{},
				wantRecords: map[string]string{
					"agent.txtar.state":        "1\n",
					"agent.txtar.prompt-1.txt": "p",
					"agent.txtar.call-1.txt":   "role= budget= tools=\nstep=0\n",
				},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			script := filepath.Join(t.TempDir(), "agent.txtar")
			writeFiles(t, filepath.Dir(script), map[string]string{"agent.txtar": strings.TrimPrefix(tc.script, "\n")})
			run(t, tc.testCase, script)
		})
	}
}

func TestRunRejects(t *testing.T) {
	type testCase struct {
		name       string
		script     string
		args       []string
		wantStderr string
	}
	for _, tc := range []testCase{
		{"no args", "", []string{}, "usage: scriptagent SCRIPT"},
		{"two args", "", []string{"a", "b"}, "usage: scriptagent SCRIPT"},
		{"missing script", "", []string{"missing.txtar"}, "scriptagent: stat "},
		{"dot dot", "-- 1/ok.go --\n-- 1/../evil.go --\n", nil, `scriptagent: step 1: path "../evil.go" is not inside the current directory`},
		{"inner dot dot", "-- 1/a/../../evil.go --\n", nil, `scriptagent: step 1: path "a/../../evil.go" is not inside`},
		{"absolute", "-- 1//tmp/evil.go --\n", nil, `scriptagent: step 1: path "/tmp/evil.go" is not inside`},
		{"empty path", "-- 1/ --\n", nil, `scriptagent: step 1: path "" is not inside`},
		{"delete dot dot", "-- 1/@delete --\nok.go\n../evil.go\n", nil, `scriptagent: step 1: @delete: path "../evil.go" is not inside`},
		{"delete absolute", "-- 1/@delete --\n/etc/passwd\n", nil, `scriptagent: step 1: @delete: path "/etc/passwd" is not inside`},
		{"unknown special", "-- 1/@replay --\nx\n", nil, "scriptagent: step 1: unknown special file @replay"},
		{"bad cost", "-- 1/@cost --\n$1\n", nil, `scriptagent: step 1: @cost "$1": `},
		{"bad exit", "-- 1/@exit --\none\n", nil, `scriptagent: step 1: @exit "one": `},
		{"bad sleep", "-- 1/@sleep --\n5\n", nil, `scriptagent: step 1: @sleep "5": `},
		{"bad flood", "-- 1/@flood --\n-5\n", nil, `scriptagent: step 1: @flood "-5": negative`},
		{"bad format", "-- 1/@format --\nyaml\n", nil, `scriptagent: step 1: @format "yaml": not one of json, text, stream, codex, gemini, gemini-stream, aider`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scriptDir, dir := t.TempDir(), t.TempDir()
			script := filepath.Join(scriptDir, "agent.txtar")
			writeFiles(t, scriptDir, map[string]string{"agent.txtar": tc.script})
			writeFiles(t, dir, map[string]string{"ok.go": "package ok\n"})
			args := tc.args
			if args == nil {
				args = []string{script}
			}
			var stdout, stderr bytes.Buffer
			exit := run(args, dir, strings.NewReader(""), &stdout, &stderr, func(string) string { return "" })
			if exit != 2 {
				t.Errorf("exit status %d, want 2", exit)
			}
			if !strings.HasPrefix(stderr.String(), tc.wantStderr) || stdout.Len() != 0 {
				t.Errorf("stdout %q, stderr %q; want no stdout, stderr starting %q", stdout.String(), stderr.String(), tc.wantStderr)
			}
			if diff := cmp.Diff(map[string]string{"ok.go": "package ok\n"}, readFiles(t, dir)); diff != "" {
				t.Errorf("the module changed (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStateIsReplaced(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "agent.txtar")
	writeFiles(t, dir, map[string]string{"agent.txtar": "-- 1/@format --\ntext\n", "agent.txtar.state": "41\n"})
	var stdout, stderr bytes.Buffer
	if exit := run([]string{"agent.txtar"}, dir, strings.NewReader("p"), &stdout, &stderr, func(string) string { return "" }); exit != 0 {
		t.Fatalf("exit status %d: %s", exit, stderr.String())
	}
	want := map[string]string{
		"agent.txtar":               "-- 1/@format --\ntext\n",
		"agent.txtar.state":         "42\n",
		"agent.txtar.prompt-42.txt": "p",
		"agent.txtar.call-42.txt":   "role= budget= tools=\nstep=1\n",
		"agent.txtar.pid-42":        fmt.Sprintf("%d\n", os.Getpid()),
		"agent.txtar.ppid-42":       fmt.Sprintf("%d\n", os.Getppid()),
	}
	if diff := cmp.Diff(want, readFiles(t, filepath.Dir(script))); diff != "" {
		t.Errorf("files mismatch (-want +got):\n%s", diff)
	}
	writeFiles(t, dir, map[string]string{"agent.txtar.state": "lots"})
	if exit := run([]string{script}, dir, strings.NewReader(""), &stdout, &stderr, func(string) string { return "" }); exit != 2 {
		t.Errorf("a corrupt state: exit status %d, want 2", exit)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// readFiles returns the files under dir by slash-separated relative path.
func readFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestLoadScriptDirectory(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "agent")
	for name, data := range map[string]string{"1/x.go": "package x\n", "1/@reply": "hi\n", "2/@cost": "0.5\n"} {
		p := filepath.Join(script, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ar, err := loadScript(script)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range ar.Files {
		got = append(got, f.Name+"="+string(f.Data))
	}
	want := []string{"1/@reply=hi\n", "1/x.go=package x\n", "2/@cost=0.5\n"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("loadScript mismatch (-want +got):\n%s", diff)
	}
}
