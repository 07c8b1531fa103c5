package bench

// Scaling: each entry point of the parser on 10 MB and 100 MB of each kind
// of output, streamed from a reader that makes it up as it is read, so that
// the benchmark holds no input. Time per MB should stay the same from 10 MB
// to 100 MB (linear time), and the peak of the heap the same (bounded
// memory, whatever the input):
//
//	go test -run '^$' -bench Scale -benchtime 1x
//
// reports MB/s and live-heap-MB: the most heap the parse kept alive, less
// what was live before (measured in an extra, untimed run that collects
// garbage every 8 MiB of input); for ParseCheckOutput, whose caller holds
// the whole output already, what its result keeps alive (live-after-MB).

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-go/faultline/filter"
)

// scaleInputs are the outputs scaled: chunks of each kind, repeated, and
// go test -json of one package whose tests all fail (the 1M-failing-tests
// case: its errors must not be held before the error cap applies).
func scaleInputs() []struct {
	name  string
	check filter.CheckName
	gen   func(size int) io.Reader
} {
	chunks := func(mk func(int, uint64) []byte) func(int) io.Reader {
		var cs [][]byte
		return func(size int) io.Reader {
			if cs == nil {
				for seed := uint64(1); seed <= 3; seed++ {
					cs = append(cs, mk(4<<20, seed))
				}
			}
			return &cycle{chunks: cs, left: size}
		}
	}
	return []struct {
		name  string
		check filter.CheckName
		gen   func(size int) io.Reader
	}{
		{"go_build", "build", chunks(GoBuild)},
		{"go_test_-v", "test", chunks(GoTestV)},
		{"go_test_-json", "test", chunks(GoTestJSON)},
		{"golangci-lint", "lint", chunks(GolangciLint)},
		{"go_test_-json_all_failing", "test", func(size int) io.Reader { return &failingTests{left: size} }},
	}
}

// cycle reads size bytes of its chunks, over and over.
type cycle struct {
	chunks [][]byte
	i, off int
	left   int
}

func (c *cycle) Read(b []byte) (int, error) {
	if c.left <= 0 {
		return 0, io.EOF
	}
	chunk := c.chunks[c.i%len(c.chunks)]
	n := copy(b[:min(len(b), c.left)], chunk[c.off:])
	c.off += n
	c.left -= n
	if c.off == len(chunk) {
		c.i, c.off = c.i+1, 0
	}
	return n, nil
}

// failingTests makes up go test -json output of one package whose every
// test fails, size bytes of it.
type failingTests struct {
	left    int
	n       int
	buf     bytes.Buffer
	scratch []byte
	done    bool
}

func (f *failingTests) Read(b []byte) (int, error) {
	const pkg = `"Package":"example.com/bigapp/flaky"`
	for f.buf.Len() < len(b) && !f.done {
		if f.n == 0 {
			f.buf.WriteString(`{"Action":"start",` + pkg + "}\n")
		}
		if f.left-f.buf.Len() < 512 {
			f.buf.WriteString(`{"Action":"output",` + pkg + `,"Output":"FAIL\texample.com/bigapp/flaky\t9.9s\n"}` + "\n")
			f.buf.WriteString(`{"Action":"fail",` + pkg + `,"Elapsed":9.9}` + "\n")
			f.done = true
			break
		}
		f.n++
		line := f.scratch[:0]
		for _, part := range [][]byte{[]byte(`{"Action":"run",` + pkg + `,"Test":"TestCase`), nil,
			[]byte(`"}` + "\n" + `{"Action":"output",` + pkg + `,"Test":"TestCase`), nil,
			[]byte(`","Output":"    flaky_test.go:`), nil, []byte(`: got `), nil,
			[]byte(`, want 0\n"}` + "\n" + `{"Action":"fail",` + pkg + `,"Test":"TestCase`), nil,
			[]byte(`","Elapsed":0}` + "\n")} {
			if part == nil {
				if len(line) > 0 && bytes.HasSuffix(line, []byte("flaky_test.go:")) {
					line = strconv.AppendInt(line, int64(f.n%500+1), 10)
				} else {
					line = strconv.AppendInt(line, int64(f.n), 10)
				}
				continue
			}
			line = append(line, part...)
		}
		f.scratch = line
		f.buf.Write(line)
	}
	n, _ := f.buf.Read(b[:min(len(b), max(f.left, 0))])
	f.left -= n
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// liveWatch measures the most heap the parse keeps alive: every 8 MiB of
// input it collects garbage and reads the heap, less what was live before.
type liveWatch struct {
	r      io.Reader
	base   uint64
	peak   uint64
	read   int
	nextAt int
}

func newLiveWatch(r io.Reader) *liveWatch {
	w := &liveWatch{r: r}
	w.base = liveHeap()
	return w
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func (w *liveWatch) Read(b []byte) (int, error) {
	n, err := w.r.Read(b)
	w.read += n
	if w.read >= w.nextAt {
		w.nextAt += 8 << 20
		w.peak = max(w.peak, liveHeap())
	}
	return n, err
}

func (w *liveWatch) peakMB() float64 {
	w.peak = max(w.peak, liveHeap())
	if w.peak < w.base {
		return 0
	}
	return float64(w.peak-w.base) / (1 << 20)
}

// chunked32k hides a reader's WriterTo, so that io.Copy feeds a parser in
// 32 KiB writes, as the CLI reading stdin does.
type chunked32k struct{ io.Reader }

// An entry point parses size bytes of output from r.
type entryPoint struct {
	name  string
	parse func(check filter.CheckName, r io.Reader, size int) any
}

var entryPoints = []entryPoint{
	{"ParseReader", func(check filter.CheckName, r io.Reader, _ int) any {
		res, _ := filter.ParseReader(chunked32k{r}, check, filter.Options{Dir: ModuleDir, ModRoot: ModuleDir})
		return res
	}},
	{"NewParser", func(check filter.CheckName, r io.Reader, _ int) any {
		p := filter.NewParser(check, filter.Options{Dir: ModuleDir, ModRoot: ModuleDir, RawLimit: -1})
		buf := make([]byte, 64<<10)
		for {
			n, err := r.Read(buf)
			p.Write(buf[:n])
			if err != nil {
				break
			}
		}
		return p.Close()
	}},
}

func BenchmarkScale(b *testing.B) {
	for _, in := range scaleInputs() {
		in.gen(1) // make its chunks now, not while the first run is timed
		for _, size := range []int{10 << 20, 100 << 20} {
			name := fmt.Sprintf("%s/%dMB", in.name, size>>20)
			for _, ep := range entryPoints {
				b.Run(name+"/"+ep.name, func(b *testing.B) {
					b.SetBytes(int64(size))
					for b.Loop() {
						ep.parse(in.check, in.gen(size), size)
					}
					b.StopTimer()
					w := newLiveWatch(in.gen(size))
					res := ep.parse(in.check, w, size)
					b.ReportMetric(w.peakMB(), "live-heap-MB")
					runtime.KeepAlive(res)
				})
			}
			b.Run(name+"/ParseCheckOutput", func(b *testing.B) {
				// The caller holds the whole output; the parse adds a
				// bounded amount to it.
				var s strings.Builder
				io.Copy(&s, in.gen(size))
				out := s.String()
				b.SetBytes(int64(size))
				for b.Loop() {
					filter.ParseCheckOutput(filter.CheckResult{Name: string(in.check), Output: out, Dir: ModuleDir})
				}
				b.StopTimer()
				base := liveHeap()
				res := filter.ParseCheckOutput(filter.CheckResult{Name: string(in.check), Output: out, Dir: ModuleDir})
				b.ReportMetric(float64(liveHeap()-min(base, liveHeap()))/(1<<20), "live-after-MB")
				runtime.KeepAlive(res)
			})
		}
	}
}
