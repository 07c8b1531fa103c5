package bench

// The comparison, regenerated with ./table.sh (go test -run TestTable -v
// -table -rss). `go test -bench . -benchtime=1x` runs every benchmark once,
// as CI does, so they cannot rot.

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
)

var (
	table = flag.Bool("table", false, "print the comparison table (about a minute)")
	rss   = flag.Bool("rss", false, "with -table: measure the CLI's peak RSS while it parses 1 GB from stdin")
)

// inputSize is the size of each benchmark input.
const inputSize = 4 << 20

var inputs = sync.OnceValue(func() []Input { return Inputs(inputSize) })

func BenchmarkParse(b *testing.B) {
	for _, in := range inputs() {
		for _, c := range Contestants {
			b.Run(strings.ReplaceAll(in.Name, " ", "_")+"/"+strings.ReplaceAll(c.Name, " ", "_"), func(b *testing.B) {
				b.SetBytes(int64(len(in.Data)))
				b.ReportAllocs()
				start := cpuTime()
				for b.Loop() {
					c.Parse(in)
				}
				// CPU time, all threads (the garbage collector's too):
				// steadier than wall time on a machine others share.
				b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// TestInputs checks that the inputs are what they claim: faultline finds
// failures in each, and errorformat and the naive parser find errors in
// the ones their formats read (go build, golangci-lint text), so that the
// comparison measures real work.
func TestInputs(t *testing.T) {
	for _, in := range Inputs(256 << 10) {
		if Faultline(in) == 0 {
			t.Errorf("faultline found nothing in %s", in.Name)
		}
		if in.Check == "build" || in.Check == "lint" {
			if Errorformat(in) == 0 || Naive(in) == 0 {
				t.Errorf("errorformat or the naive parser found nothing in %s", in.Name)
			}
		}
	}
}

// result is one measurement.
type result struct {
	mbps, allocsPerMB float64
	found             int
}

func measure(in Input, c Contestant) result {
	r := testing.Benchmark(func(b *testing.B) {
		b.SetBytes(int64(len(in.Data)))
		b.ReportAllocs()
		for b.Loop() {
			c.Parse(in)
		}
	})
	mb := float64(len(in.Data)) / (1 << 20)
	return result{
		mbps:        mb / (float64(r.NsPerOp()) / 1e9),
		allocsPerMB: float64(r.AllocsPerOp()) / mb,
		found:       c.Parse(in),
	}
}

func TestTable(t *testing.T) {
	if !*table {
		t.Skip("run with -table to print the comparison")
	}
	fmt.Printf("%s %s/%s, %d cores; each input %d MiB\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), inputSize>>20)
	fmt.Println("| input | faultline | errorformat | naive regexp | line split | faultline ÷ errorformat | split ÷ faultline | allocs/MiB: faultline | errorformat | errors found: faultline | errorformat |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, in := range inputs() {
		res := make(map[string]result)
		for _, c := range Contestants {
			res[c.Name] = measure(in, c)
		}
		f, e, n, s := res["faultline"], res["errorformat"], res["naive regexp"], res["line split"]
		fmt.Printf("| %s | %.0f MB/s | %.1f MB/s | %.0f MB/s | %.0f MB/s | %.1f× | %.1f× | %.0f | %.0f | %d | %d |\n",
			in.Name, f.mbps, e.mbps, n.mbps, s.mbps, f.mbps/e.mbps, s.mbps/f.mbps, f.allocsPerMB, e.allocsPerMB, f.found, e.found)
	}
	fmt.Println()
	scaling(t)
	if *rss {
		peakRSS(t)
	}
}

// scaling reports how the time to parse grows with the input: 10 times the
// input should cost no more than about 10 times the time.
func scaling(t *testing.T) {
	small := Input{Name: "go test -v", Check: "test", Data: GoTestV(20<<20, 7)}
	large := Input{Name: "go test -v", Check: "test", Data: GoTestV(200<<20, 7)}
	best := func(in Input) time.Duration {
		d := time.Duration(1 << 62)
		for i := 0; i < 3; i++ {
			start := time.Now()
			Faultline(in)
			d = min(d, time.Since(start))
		}
		return d
	}
	ts, tl := best(small), best(large)
	fmt.Printf("scaling (go test -v): %d MiB in %v, %d MiB in %v: %.1f× the time for %.1f× the input\n",
		len(small.Data)>>20, ts.Round(time.Millisecond), len(large.Data)>>20, tl.Round(time.Millisecond),
		float64(tl)/float64(ts), float64(len(large.Data))/float64(len(small.Data)))
}

// peakRSS builds the faultline command and measures its peak resident set
// size while it parses 1 GiB of go test -v output from stdin.
func peakRSS(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "faultline")
	build := exec.Command("go", "build", "-o", bin, "./cmd/faultline")
	build.Dir = ".." // the library's own module, with its own go.sum
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "parse", "--check", "test", "--dir", t.TempDir())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The child's own peak (VmHWM): its rusage would count the memory of
	// this test process, from which it was forked.
	var peakKB atomic.Int64
	done := make(chan struct{})
	go func() {
		for {
			if kb := vmHWM(cmd.Process.Pid); kb > peakKB.Load() {
				peakKB.Store(kb)
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	const total = 1 << 30
	start := time.Now()
	written := 0
	for seed := uint64(1); written < total; seed++ {
		chunk := GoTestV(16<<20, seed)
		n, err := stdin.Write(chunk)
		written += n
		if err != nil {
			t.Fatal(err)
		}
	}
	stdin.Close()
	err = cmd.Wait()
	close(done)
	if err != nil {
		t.Fatalf("faultline parse: %v", err)
	}
	elapsed := time.Since(start)
	if peakKB.Load() == 0 {
		t.Skip("no /proc/PID/status VmHWM on this system")
	}
	fmt.Printf("faultline parse: %d MiB of go test -v from stdin in %v, peak RSS %.1f MiB, %d bytes of JSON\n",
		written>>20, elapsed.Round(time.Millisecond), float64(peakKB.Load())/1024, stdout.Len())
}

// vmHWM returns the peak resident set size of a process in KiB, from
// /proc/PID/status, or 0.
func vmHWM(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb
		}
	}
	return 0
}

// BenchmarkClassifyFound classifies and signs the errors faultline finds
// in each input, as every parse now does for each error it completes: the
// part of BenchmarkParse's time that classification takes (before, callers
// paid it on their own, with errkind.Annotate).
func BenchmarkClassifyFound(b *testing.B) {
	for _, in := range inputs() {
		res := filter.Parse(in.Check, string(in.Data), filter.Options{Dir: ModuleDir, ModRoot: ModuleDir, MaxErrors: -1})
		b.Run(strings.ReplaceAll(in.Name, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				for _, e := range res.Errors {
					errkind.Classify(e)
					errkind.Signature(e)
				}
			}
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(len(res.Errors)), "errors")
		})
	}
}
