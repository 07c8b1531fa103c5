package detect

import (
	"fmt"
	"strings"
	"testing"
)

// benchInput is agent output of about size bytes: prose, code, a diff,
// JSON events, passing tests, and now and then a real error.
func benchInput(size int) []byte {
	unit := strings.Join([]string{
		"I'll fix the error handling in handler.go next.",
		"```go",
		"if err != nil { return handleError(err) }",
		"```",
		`{"type":"user","message":{"content":[{"type":"tool_result","content":"ok","is_error":false}]}}`,
		`{"level":"info","msg":"request done","error":null}`,
		"diff --git a/x.go b/x.go",
		"@@ -1,2 +1,2 @@",
		"-\treturn errors.New(\"Error: old\")",
		"+\treturn errors.New(\"Error: new\")",
		"ok  \texample.com/x\t0.012s",
		"Traceback (most recent call last):",
		"  File \"x.py\", line 3, in <module>",
		"    f()",
		"ValueError: bad value",
		"    at Object.<anonymous> (/tmp/x.js:2:7)",
		"./x.go:12:5: undefined: foo",
		"",
	}, "\n")
	return []byte(strings.Repeat(unit, size/len(unit)+1)[:size])
}

// BenchmarkDetect measures detection on inputs of growing size; time per
// byte stays flat when detection is linear (compare the MB/s).
func BenchmarkDetect(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 20, 16 << 20} {
		in := benchInput(size)
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				defaultDetector.Detect(in)
			}
		})
	}
}

// BenchmarkDetectEndlessBlock is a block that never ends: one error
// followed by 500k frame lines must cost what any 3 MB costs.
func BenchmarkDetectEndlessBlock(b *testing.B) {
	in := []byte("Error: x\n" + strings.Repeat("\tat x (y.js:1:1)\n", 200000))
	b.SetBytes(int64(len(in)))
	for i := 0; i < b.N; i++ {
		defaultDetector.Detect(in)
	}
}
