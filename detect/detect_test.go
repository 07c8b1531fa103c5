package detect

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// brief is an error in one line: "START-END category: text".
func brief(e Error) string {
	return fmt.Sprintf("%d-%d %s: %s", e.LineNum, e.EndLine, e.Category, e.Text)
}

func briefs(r Report) []string {
	out := []string{}
	for _, e := range r.Errors {
		out = append(out, brief(e))
	}
	return out
}

func TestDetect(t *testing.T) {
	type testCase struct {
		name string
		in   string
		want []string
	}
	run := func(t *testing.T, tc testCase) {
		got := briefs(Detect(tc.in))
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Detect mismatch (-want +got):\n%s\ninput:\n%s", diff, tc.in)
		}
	}
	tests := []testCase{
		// False positives: none of these is an error.
		{"identifiers", "func handleError(err error) {}\nconst ERROR_TIMEOUT = 5\nisError := hasError || onError\nerrorHandler.errorCount++\n", []string{}},
		{"json keys", `{"error": null, "is_error": false, "error_count": 0, "error_code": 0}` + "\n" + `{"errors":[],"status":"ok"}` + "\n", []string{}},
		{"stream-json tool result with code", `{"type":"user","message":{"content":[{"type":"tool_result","content":"throw new TypeError('bad')\nconst e = new Error('x');","is_error":false}]}}` + "\n", []string{}},
		{"stream-json Read result listing source", `{"type":"user","message":{"content":[{"type":"tool_result","content":"     1→def f():\n     2→    raise ValueError('bad')\n     3→panic: not really\n","is_error":false}]}}` + "\n", []string{}},
		{"stream-json tool result hiding a failure behind a pipe's status", `{"type":"user","message":{"content":[{"type":"tool_result","content":"--- FAIL: TestAdd (0.00s)\n    calc_test.go:7: Add(2, 3) = -1, want 5\nFAIL\nFAIL\texample.com/calc\t0.002s","is_error":false}]}}` + "\n",
			[]string{"1-1 test_failure: --- FAIL: TestAdd (0.00s)"}},
		{"assistant prose", `{"type":"assistant","message":{"content":[{"type":"text","text":"Error: I fixed the TypeError."}]}}` + "\n" +
			"I found and fixed the SyntaxError in parser.py; the tests now pass with 0 failures.\nThe TypeError was caused by a nil map.\n", []string{}},
		{"comments and doc tags", "// Error: returned when the file is missing\n# ERROR: deprecated\n * @throws Error when x\n/* TypeError: cannot happen */\n", []string{}},
		{"diff", "diff --git a/x.js b/x.js\n--- a/x.js\n+++ b/x.js\n@@ -1,3 +1,3 @@\n-Error: old\n+throw new TypeError('x')\n+FAIL: nothing\n context\n", []string{}},
		{"source code", "raise ValueError(\"bad\")\nthrow new Error('x');\nexcept KeyError:\ncatch (IOException e) {\nreturn fmt.Errorf(\"error: %w\", err)\n", []string{}},
		{"success summaries", "0 errors\nTests Failed: 0\nNo errors found.\nerror_count: 0\nok  \texample.com/x\t0.01s\n=== 5 passed in 0.12s ===\nFound 0 errors.\n", []string{}},
		{"teamcity service messages", "##teamcity[testStarted name='TestAdd']\n##teamcity[testFailed name='TestAdd' message='Add(2, 3) = -1, want 5' details='calc_test.go:7|n']\n##teamcity[inspection typeId='lll' message='line is 130 characters' file='x.go' line='3' SEVERITY='WARNING']\n##teamcity[buildProblem description='Process exited with code 1']\n##teamcity[message text='deploy failed: |'prod|' unreachable' status='ERROR']\n##teamcity[message text='all good' status='NORMAL']\n",
			[]string{"2-2 test_failure: TestAdd: Add(2, 3) = -1, want 5", "4-4 build_error: Process exited with code 1", "5-5 runtime_error: deploy failed: 'prod' unreachable"}},
		{"warnings", "warning: unused variable `x`\nWARN retrying request\nx.c:3:5: warning: unused variable 'y' [-Wunused-variable]\nnpm WARN deprecated foo@1.0.0\n", []string{}},
		{"info log with error field", `{"level":"info","msg":"retrying","error":"timeout"}` + "\n" + `{"level":"debug","error":"x"}` + "\n", []string{}},
		{"source in a fenced block", "```go\nreturn errors.New(\"Error: x\")\npanic: not really\n```\n", []string{}},
		{"grep results", "src/app.js:12:    console.error('Error: failed', err);\nsrc/x.go:40:\treturn fmt.Errorf(\"read: %w\", err)\n", []string{}},
		{"checks that passed, and prose about checks", "test_total: expected 100, got 100\nThe check said expected \"a-b\", got \"a_b\" before the fix.\n" +
			"\tif got != want { t.Errorf(\"case %d: want %v, got %v\", i, want, got) }\n", []string{}},
		{"a build task's tag before the tool's diagnostic (Ant)", "    [javac] /w/src/Ledger.java:14: error: ';' expected\n    [javac]         return sum\n    [javac]                   ^\n    [javac] 1 error\n",
			[]string{"1-3 syntax_error: /w/src/Ledger.java:14: error: ';' expected"}},
		{"a level in angle brackets after a syslog program, and a code alone at a message's end",
			"Nov 23 02:23:55 box backupd[4]: <INFO> starting (last run: 0 errors)\nNov 23 02:23:56 box backupd[4]: <ERROR> cannot notify monitor at 127.0.0.1:9: [Errno 111] Connection refused\ncheck http://127.0.0.1:9/health failed: ECONNREFUSED\n",
			[]string{"2-2 network_error: <ERROR> cannot notify monitor at 127.0.0.1:9: [Errno 111] Connection refused", "3-3 network_error: check http://127.0.0.1:9/health failed: ECONNREFUSED"}},
		{"webpack's ERROR in and its paragraph, code frame included", "ERROR in ./src/index.js 1:0-42\nModule not found: Error: Can't resolve './utils/strings' in '/w/src'\n> 1 | import { slug } from './utils/strings';\n    | ^\n\nwebpack 5.112.2 compiled with 1 error in 297 ms\n",
			[]string{"1-4 build_error: ERROR in ./src/index.js 1:0-42"}},
		{"GNU line.column positions (bison)", "calc.y:10.11-15: error: symbol 'exprr' is used, but is not defined as a token and has no rules\n   10 |     | '(' exprr ')'\n      |           ^~~~~\n",
			[]string{"1-3 reference_error: calc.y:10.11-15: error: symbol 'exprr' is used, but is not defined as a token and has no rules"}},
		{"one process's records that are not one failure", "Nov 22 20:44:12 vm app[77]: error: cannot read /etc/app/a.conf: Permission denied\n" +
			"Nov 22 20:44:12 vm app[77]: error: upstream 10.0.0.9:80 unreachable: connection refused\n" +
			"Nov 22 20:44:12 vm app[78]: error: upstream 10.0.0.9:80 unreachable: connection reset by peer\n",
			[]string{"1-1 filesystem_error: error: cannot read /etc/app/a.conf: Permission denied",
				"2-2 network_error: error: upstream 10.0.0.9:80 unreachable: connection refused",
				"3-3 network_error: error: upstream 10.0.0.9:80 unreachable: connection reset by peer"}},

		// Errors.
		{"json error events", `{"level":"error","msg":"db connect failed","error":"dial tcp 127.0.0.1:5432: connect: connection refused"}` + "\n" +
			`{"type":"user","message":{"content":[{"type":"tool_result","content":"ENOENT: no such file, open 'x'","is_error":true}]}}` + "\n" +
			`{"type":"result","subtype":"error_max_turns","is_error":true}` + "\n",
			[]string{"1-1 network_error: db connect failed: dial tcp 127.0.0.1:5432: connect: connection refused",
				"2-2 filesystem_error: ENOENT: no such file, open 'x'", "3-3 unknown_error: error_max_turns"}},
		{"python traceback", "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n    1/0\nZeroDivisionError: division by zero\nafter\n",
			[]string{"1-4 runtime_error: ZeroDivisionError: division by zero"}},
		{"python chained", "Traceback (most recent call last):\n  File \"x.py\", line 2, in <module>\n    d['k']\nKeyError: 'k'\n\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File \"x.py\", line 4, in <module>\n    open('nope')\nFileNotFoundError: [Errno 2] No such file or directory: 'nope'\n",
			[]string{"1-11 filesystem_error: FileNotFoundError: [Errno 2] No such file or directory: 'nope'"}},
		{"python syntax error", "  File \"/tmp/x.py\", line 1\n    def f(:\n          ^\nSyntaxError: invalid syntax\n",
			[]string{"1-4 syntax_error: SyntaxError: invalid syntax"}},
		{"node with code frame", "/tmp/x.js:2\n  foo.bar();\n      ^\n\nTypeError: Cannot read properties of undefined (reading 'bar')\n    at Object.<anonymous> (/tmp/x.js:2:7)\n    at node:internal/main/run_main_module:28:49\n\nNode.js v20.20.2\n",
			[]string{"1-7 type_error: TypeError: Cannot read properties of undefined (reading 'bar')"}},
		{"java exception", "Exception in thread \"main\" java.lang.IllegalStateException: outer\n\tat Main.main(Main.java:5)\nCaused by: java.lang.NullPointerException: inner\n\tat Main.f(Main.java:9)\n\t... 1 more\ndone\n",
			[]string{"1-5 runtime_error: Exception in thread \"main\" java.lang.IllegalStateException: outer"}},
		{"go panic", "panic: runtime error: index out of range [5] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n\t/tmp/x/main.go:5 +0x1d\nexit status 2\n",
			[]string{"1-5 runtime_error: panic: runtime error: index out of range [5] with length 3"}},
		{"go build", "# example.com/x\n./x.go:3:5: undefined: foo\n./x.go:4:2: declared and not used: y\n",
			[]string{"2-2 reference_error: ./x.go:3:5: undefined: foo", "3-3 build_error: ./x.go:4:2: declared and not used: y"}},
		{"rust", "error[E0308]: mismatched types\n --> src/main.rs:2:18\n  |\n2 |     let x: i32 = \"a\";\n  |            ---   ^^^ expected `i32`, found `&str`\n  |            |\n  |            expected due to this\n\nwarning: unused variable: `x`\n --> src/main.rs:2:9\n\nerror: could not compile `x` (bin \"x\") due to 1 previous error\n",
			[]string{"1-7 type_error: error[E0308]: mismatched types", "12-12 build_error: error: could not compile `x` (bin \"x\") due to 1 previous error"}},
		{"gcc", "x.c: In function 'main':\nx.c:3:5: error: 'y' undeclared (first use in this function)\n    3 |     y = 1;\n      |     ^\nx.c:3:5: note: each undeclared identifier is reported only once\n",
			[]string{"1-5 reference_error: x.c:3:5: error: 'y' undeclared (first use in this function)"}},
		{"npm run", "npm error code ENOENT\nnpm error syscall open\nnpm error path /tmp/package.json\nnpm error enoent Could not read package.json\n",
			[]string{"1-4 filesystem_error: npm error code ENOENT"}},
		{"shell", "bash: foo: command not found\ncat: x.txt: No such file or directory\nmake: *** [Makefile:3: all] Error 1\n",
			[]string{"1-1 unknown_error: bash: foo: command not found", "2-2 filesystem_error: cat: x.txt: No such file or directory", "3-3 build_error: make: *** [Makefile:3: all] Error 1"}},
		{"go test", "--- FAIL: TestAdd (0.00s)\n    add_test.go:9: got 3, want 4\nFAIL\nFAIL\texample.com/x\t0.01s\n",
			[]string{"1-2 test_failure: --- FAIL: TestAdd (0.00s)"}},
		{"go test summary alone", "FAIL\texample.com/x [build failed]\nFAIL\n", []string{"1-1 build_error: FAIL\texample.com/x [build failed]"}},
		{"go test's build failure under what the compiler said", "# example.com/x\nx.go:3:2: undefined: y\nFAIL\texample.com/x [build failed]\nFAIL\n", []string{"2-2 reference_error: x.go:3:2: undefined: y"}},
		{"go test's build failures under a dependency's compiler output", "# example.com/y\ny.go:3:2: undefined: z\nFAIL\texample.com/x [build failed]\nFAIL\texample.com/y [build failed]\n",
			[]string{"2-2 reference_error: y.go:3:2: undefined: z"}},
		{"go test's build failure after another command's compiler output", "$ go build ./...\n# example.com/y\ny.go:3:2: undefined: z\n$ go test ./... 2>/dev/null\nFAIL\texample.com/x [build failed]\n",
			[]string{"3-3 reference_error: y.go:3:2: undefined: z", "5-5 build_error: FAIL\texample.com/x [build failed]"}},
		{"summary alone", "Tests: 2 failed, 3 passed, 5 total\n", []string{"1-1 test_failure: Tests: 2 failed, 3 passed, 5 total"}},
		{"summary after an error", "TypeError: x is not a function\nTests: 1 failed, 1 total\n", []string{"1-1 type_error: TypeError: x is not a function"}},
		{"ci log", "2024-01-15T10:00:00.1234567Z ##[group]Run go test\n2024-01-15T10:00:01.0000000Z ##[error]Process completed with exit code 1.\n",
			[]string{"2-2 build_error: Process completed with exit code 1."}},
		{"a check's mismatches", "case 0: want 19.98 EUR, got 19.98\ncase 1: got 3, want 4\n",
			[]string{"1-1 test_failure: case 0: want 19.98 EUR, got 19.98", "2-2 test_failure: case 1: got 3, want 4"}},
		{"node errors printed by a program", "redis: connect ECONNREFUSED 127.0.0.1:6379\ntls check failed: Hostname/IP does not match certificate's altnames (ERR_TLS_CERT_ALTNAME_INVALID)\n" +
			"upstream failed: Error: socket hang up\n    at Socket.onclose (node:_http_client:1:1)\n",
			[]string{"1-1 network_error: redis: connect ECONNREFUSED 127.0.0.1:6379", "2-2 network_error: tls check failed: Hostname/IP does not match certificate's altnames (ERR_TLS_CERT_ALTNAME_INVALID)",
				"3-4 network_error: upstream failed: Error: socket hang up"}},
		{"one failure in several records of one process", "2026-01-01 10:00:00.000 UTC [41] ERROR:  column \"qty\" does not exist at character 8\n" +
			"2026-01-01 10:00:00.000 UTC [41] HINT:  Perhaps you meant to reference the column \"orders.qty\".\n" +
			"2026-01-01 10:00:00.000 UTC [42] STATEMENT:  SELECT 1;\n" +
			"2026-01-01 10:00:00.001 UTC [41] STATEMENT:  SELECT qty FROM orders;\n",
			[]string{"1-2 reference_error: ERROR:  column \"qty\" does not exist at character 8"}},
		{"a program's conclusion under the failure it ran into", "ssh: connect to host git.corp.example port 22: Connection timed out\nfatal: Could not read from remote repository.\n" +
			"warn: retrying\nResolving pkg.example (pkg.example)... failed: Name or service not known.\nwget: unable to resolve host address 'pkg.example'\n",
			[]string{"1-2 network_error: ssh: connect to host git.corp.example port 22: Connection timed out",
				"4-5 network_error: Resolving pkg.example (pkg.example)... failed: Name or service not known."}},
		{"ansi and crlf", "\x1b[31mError: boom\x1b[0m\r\nok\r\n", []string{"1-1 unknown_error: Error: boom"}},
		{"a psql DETAIL run on over several lines", "ERROR:  deadlock detected\nDETAIL:  Process 1 waits for ShareLock on transaction 7; blocked by process 2.\n" +
			"Process 2 waits for ShareLock on transaction 8; blocked by process 3.\nProcess 3 waits for ShareLock on transaction 9; blocked by process 1.\n" +
			"HINT:  See server log for query details.\nCONTEXT:  while updating tuple (0,1) in relation \"t\"\n[exit 1]\n",
			[]string{"1-6 runtime_error: ERROR:  deadlock detected"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestDetectConfig(t *testing.T) {
	in := "x\nTraceback (most recent call last):\n  File \"x.py\", line 1\nValueError: v\nwarning: w\nCUSTOM-42 happened\nError: ignored by me\n"
	type testCase struct {
		name string
		cfg  func(*Config)
		want []string
	}
	tests := []testCase{
		{"defaults", func(*Config) {}, []string{"2-4 runtime_error: ValueError: v", "7-7 unknown_error: Error: ignored by me"}},
		{"disabled", func(c *Config) { c.Enabled = false }, []string{}},
		{"no multiline", func(c *Config) { c.CaptureMultiline = false }, []string{"2-2 runtime_error: Traceback (most recent call last):", "4-4 runtime_error: ValueError: v", "7-7 unknown_error: Error: ignored by me"}},
		{"custom", func(c *Config) {
			c.CustomPatterns = []string{`^CUSTOM-\d+`}
			c.CustomFalsePositives = []string{`ignored by me`}
		}, []string{"2-4 runtime_error: ValueError: v", "6-6 unknown_error: CUSTOM-42 happened"}},
		{"warnings", func(c *Config) { c.IncludeWarnings = true }, []string{"2-4 runtime_error: ValueError: v", "5-5 unknown_error: warning: w", "7-7 unknown_error: Error: ignored by me"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			tc.cfg(&cfg)
			d, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, briefs(d.Detect([]byte(in)))); diff != "" {
				t.Errorf("Detect mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSeverityAndSummary(t *testing.T) {
	cfg := DefaultConfig()
	cfg.SeverityOverrides = map[string]string{"network_error": "low"}
	cfg.IncludeWarnings = true
	d, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep := d.Detect([]byte("x.c:1:1: error: expected ';' before '}' token\nError: connect ECONNREFUSED 127.0.0.1:5432\nwarning: w\nAssertionError: 1 != 2\n"))
	var got []string
	for _, e := range rep.Errors {
		got = append(got, string(e.Category)+"/"+string(e.Severity))
	}
	want := []string{"syntax_error/blocking", "network_error/low", "unknown_error/low", "test_failure/high"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("severities mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(Summary{Total: 4, Blocking: 1, High: 1, Low: 2}, rep.Summary); diff != "" {
		t.Errorf("summary mismatch (-want +got):\n%s", diff)
	}
}

func TestContextAndDepth(t *testing.T) {
	var b strings.Builder
	b.WriteString("a\nb\nc\nException in thread \"main\" java.lang.RuntimeException: x\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "\tat M.f%d(M.java:%d)\n", i, i)
	}
	b.WriteString("d\ne\nf\n")
	cfg := DefaultConfig()
	cfg.MaxStackDepth = 3
	d, _ := New(cfg)
	rep := d.Detect([]byte(b.String()))
	if len(rep.Errors) != 1 {
		t.Fatalf("got %d errors, want 1: %v", len(rep.Errors), briefs(rep))
	}
	e := rep.Errors[0]
	wantMulti := []string{"Exception in thread \"main\" java.lang.RuntimeException: x", "\tat M.f0(M.java:0)", "\tat M.f1(M.java:1)", "... 28 more lines"}
	if diff := cmp.Diff(wantMulti, e.Multiline); diff != "" {
		t.Errorf("Multiline mismatch (-want +got):\n%s", diff)
	}
	wantCtx := []string{"2: b", "3: c", "4: Exception in thread \"main\" java.lang.RuntimeException: x", "35: d", "36: e"}
	if diff := cmp.Diff(wantCtx, e.Context); diff != "" {
		t.Errorf("Context mismatch (-want +got):\n%s", diff)
	}
	if e.LineNum != 4 || e.EndLine != 34 {
		t.Errorf("block %d-%d, want 4-34", e.LineNum, e.EndLine)
	}
}

// TestSupervisorTagShown checks that the rules read a program's lines
// past a supervisor's tag while the report shows the lines as they came:
// the text says what the program said, the block and context keep the tag.
func TestSupervisorTagShown(t *testing.T) {
	in := "12:00:01 web.1    | started with pid 7\n" +
		"12:00:01 web.1    | panic: boom\n" +
		"12:00:01 web.1    | \n" +
		"12:00:01 web.1    | goroutine 1 [running]:\n" +
		"12:00:01 web.1    | main.main()\n" +
		"12:00:01 web.1    | \t/app/main.go:9 +0x25\n" +
		"12:00:01 web.1    | exited with code 2\n"
	cfg := DefaultConfig()
	cfg.MaxContextLines = 2
	d, _ := New(cfg)
	rep := d.Detect([]byte(in))
	if len(rep.Errors) != 1 {
		t.Fatalf("got %d errors, want 1: %v", len(rep.Errors), briefs(rep))
	}
	e := rep.Errors[0]
	if e.LineNum != 2 || e.EndLine != 6 || e.Text != "panic: boom" {
		t.Errorf("got %d-%d %q, want 2-6 \"panic: boom\"", e.LineNum, e.EndLine, e.Text)
	}
	lines := strings.Split(in, "\n")
	if diff := cmp.Diff(lines[1:6], e.Multiline); diff != "" {
		t.Errorf("Multiline mismatch (-want +got):\n%s", diff)
	}
	wantCtx := []string{"1: " + lines[0], "2: " + lines[1], "7: " + lines[6]}
	if diff := cmp.Diff(wantCtx, e.Context); diff != "" {
		t.Errorf("Context mismatch (-want +got):\n%s", diff)
	}
}

func TestSignatureAcrossRuns(t *testing.T) {
	a := Detect("2024-01-15T10:00:00Z Error: open /tmp/run-123/cfg.json: no such file or directory\n")
	b := Detect("2024-02-20T11:30:00Z Error: open /tmp/run-456/cfg.json: no such file or directory\n")
	c := Detect("Error: open /tmp/run-456/other.json: no such file or directory\n")
	if len(a.Errors) != 1 || len(b.Errors) != 1 || len(c.Errors) != 1 {
		t.Fatalf("want one error each: %v %v %v", briefs(a), briefs(b), briefs(c))
	}
	if a.Errors[0].Signature != b.Errors[0].Signature {
		t.Errorf("same error, different signatures: %s %s", a.Errors[0].Signature, b.Errors[0].Signature)
	}
	if a.Errors[0].Signature == c.Errors[0].Signature {
		t.Errorf("different errors, same signature %s", a.Errors[0].Signature)
	}
}

func TestBadInput(t *testing.T) {
	huge := "Error: at the start of a 10 MB line " + strings.Repeat("x", 10<<20) + "\n"
	tests := map[string]string{
		"empty":         "",
		"garbage":       "\x00\x01\xff\xfe\x1b[\x1b]\r\r\n\xc3",
		"invalid utf8":  "Error: \xff\xfe broken\n",
		"huge line":     huge,
		"only newline":  "\n\n\n",
		"bad json":      `{"is_error": true` + "\n",
		"crlf":          "Error: a\r\n\tat x (y.js:1:1)\r\n\r\nok\r\n",
		"cr only":       "50%\r100%\rError: done badly\r",
		"ansi only":     "\x1b[31m\x1b[0m\x1b]0;title\x07\x1b[",
		"nul lines":     strings.Repeat("\x00", 5000) + "\nError: after nul\n",
		"10 MB json":    `{"type":"result","result":"` + strings.Repeat("x", 10<<20) + `","is_error":true}` + "\n",
		"many newlines": strings.Repeat("\n", 1<<20),
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			rep := Detect(in)
			for _, e := range rep.Errors {
				if len(e.Text) > maxShownLine+100 {
					t.Errorf("text of %d bytes, want it cut", len(e.Text))
				}
				if e.LineNum < 1 || e.EndLine < e.LineNum {
					t.Errorf("bad block %d-%d", e.LineNum, e.EndLine)
				}
			}
		})
	}
	if rep := Detect(huge); len(rep.Errors) != 1 || !strings.HasSuffix(rep.Errors[0].Text, "more bytes]") {
		t.Errorf("huge line: got %v", briefs(rep))
	}
	// A JSON line longer than a line is kept is judged whole before it is
	// cut: its is_error at the end counts.
	if rep := Detect(tests["10 MB json"]); len(rep.Errors) != 1 || !strings.HasSuffix(rep.Errors[0].Multiline[0], "more bytes]") {
		t.Errorf("10 MB json: got %v", briefs(rep))
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestDetectReaderError(t *testing.T) {
	d, _ := New(DefaultConfig())
	if _, err := d.DetectReader(failingReader{}); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("DetectReader error = %v, want the reader's", err)
	}
}

func TestParseConfig(t *testing.T) {
	type testCase struct {
		name, in, field string
	}
	tests := []testCase{
		{"seed file", `{"error_detection":{"enabled":true,"two_stage":true,"capture_multiline":true,"max_context_lines":5,"max_stack_depth":20,"custom_patterns":[],"custom_false_positives":[],"severity_overrides":{}}}`, ""},
		{"bare", `{"max_context_lines": 2}`, ""},
		{"unknown field", `{"max_stack_dept": 3}`, "max_stack_dept"},
		{"unknown top field", `{"error_detection":{}, "x": 1}`, "x"},
		{"wrong type", `{"two_stage": "yes"}`, "two_stage"},
		{"depth", `{"max_stack_depth": 0}`, "max_stack_depth"},
		{"context", `{"max_context_lines": -1}`, "max_context_lines"},
		{"pattern", `{"custom_patterns": ["ok", "(x"]}`, "custom_patterns[1]"},
		{"false positive", `{"custom_false_positives": [""]}`, "custom_false_positives[0]"},
		{"override category", `{"severity_overrides": {"oops": "low"}}`, "severity_overrides.oops"},
		{"override severity", `{"severity_overrides": {"network_error": "meh"}}`, "severity_overrides.network_error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tc.in))
			var ce *ConfigError
			switch {
			case tc.field == "" && err != nil:
				t.Errorf("ParseConfig(%s) = %v, want no error", tc.in, err)
			case tc.field != "" && !errors.As(err, &ce):
				t.Errorf("ParseConfig(%s) = %v, want a ConfigError on %q", tc.in, err, tc.field)
			case tc.field != "" && ce.Field != tc.field:
				t.Errorf("ParseConfig(%s) names %q, want %q", tc.in, ce.Field, tc.field)
			}
		})
	}
	if _, err := ParseConfig([]byte(`[1]`)); err == nil {
		t.Error("ParseConfig of an array: no error")
	}
}
