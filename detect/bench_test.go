package detect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// agentUnit is a stretch of agent output: prose, code, a diff, JSON
// events, passing tests, and three real errors whose words carry n, so
// that no two stretches restate each other.
func agentUnit(n int) string {
	return strings.Join([]string{
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
		fmt.Sprintf("ValueError: bad value %d", n),
		"    at Object.<anonymous> (/tmp/x.js:2:7)",
		fmt.Sprintf("./x.go:12:5: undefined: foo%d", n),
		"",
	}, "\n")
}

// benchInput is about size bytes of error-dense agent output.
func benchInput(size int) []byte {
	var b bytes.Buffer
	for n := 0; b.Len() < size; n++ {
		b.WriteString(agentUnit(n))
	}
	return b.Bytes()[:size]
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

// genReader reads the units unit(0), unit(1), ... size bytes in all,
// holding one unit at a time: input of any size in constant memory.
type genReader struct {
	unit func(n int) string
	n    int
	buf  string
	left int
}

func (r *genReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.left > 0 {
		if r.buf == "" {
			r.buf = r.unit(r.n)
			r.n++
		}
		c := copy(p[k:min(len(p), k+r.left)], r.buf)
		r.buf = r.buf[c:]
		k += c
		r.left -= c
	}
	return k, nil
}

// lintUnit is golangci-lint output: a diagnostic, its source line and
// caret, as issue 13 measured it; n makes the file names its own.
func lintUnit(n int) string {
	var b strings.Builder
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "internal/store/cache_%d_%d.go:%d:%d: Error return value of `w.Close` is not checked (errcheck)\n", n, i, 10+i, 9)
		b.WriteString("\tdefer w.Close()\n\t      ^\n")
	}
	return b.String()
}

// BenchmarkDetectReader is the whole of `faultline detect` but the
// process: the input streamed from a reader, the report encoded as JSON,
// on error-dense agent output. Its MB/s and allocations per op are the
// figures the README's performance table gives.
func BenchmarkDetectReader(b *testing.B) {
	in := benchInput(16 << 20)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		rep, err := defaultDetector.DetectReader(bytes.NewReader(in))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(rep); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDetectScale streams 10 MB to 100 MB of error-dense agent output
// and of lint output through the detector, generated as it is read: the
// MB/s should stay flat (linear time) and so should peak-heap-MB, the
// most heap in use at any point of the run (bounded memory). Run it with
// -bench DetectScale -benchtime 1x; it is never part of the normal tests.
func BenchmarkDetectScale(b *testing.B) {
	inputs := []struct {
		name string
		unit func(int) string
	}{
		{"agent", agentUnit},
		{"lint", lintUnit},
	}
	for _, in := range inputs {
		for _, mb := range []int{10, 25, 50, 100} {
			b.Run(fmt.Sprintf("%s/%dMB", in.name, mb), func(b *testing.B) {
				size := mb << 20
				b.SetBytes(int64(size))
				b.ReportAllocs()
				var peak uint64
				for i := 0; i < b.N; i++ {
					runtime.GC()
					r := &peakReader{r: &genReader{unit: in.unit, left: size}, peak: &peak}
					if _, err := defaultDetector.DetectReader(r); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			})
		}
	}
}

// peakReader samples the heap in use every few megabytes read.
type peakReader struct {
	r    io.Reader
	n    int
	peak *uint64
}

func (p *peakReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.n += n
	if p.n >= 4<<20 || err != nil {
		p.n = 0
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		*p.peak = max(*p.peak, ms.HeapInuse)
	}
	return n, err
}
