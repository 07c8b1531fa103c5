package detect

import (
	"errors"
	"fmt"
	"io"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// TestStreamPieces writes every corpus output in pieces of random sizes
// and wants the report of the whole.
func TestStreamPieces(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	for _, c := range loadCorpus(t, "corpus") {
		whole := defaultDetector.Detect(c.output)
		for _, maxPiece := range []int{1, 7, 300} {
			cuts := make([]byte, 16)
			for i := range cuts {
				cuts[i] = byte(1 + rng.Intn(maxPiece))
			}
			if got := detectChunked(defaultDetector, c.output, cuts); !cmp.Equal(whole, got) {
				t.Errorf("%s in pieces of at most %d bytes (-whole +pieces):\n%s", c.name, maxPiece, cmp.Diff(whole, got))
			}
		}
	}
}

// TestDetectReaderStages reads every output of every set through
// DetectReader, whose two stages run at once, in pieces of random sizes,
// and wants the report Detect gives; and a long input whose lines cross
// many of the batches the stages hand over.
func TestDetectReaderStages(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	dirs, err := filepath.Glob(filepath.Join("testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var inputs [][]byte
	for _, dir := range dirs {
		for _, c := range loadCorpus(t, filepath.Base(dir)) {
			inputs = append(inputs, c.output)
		}
	}
	var long strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&long, "step %d done\r\nError: step %d failed\n\tat run (x.js:%d:1)\n", i, i, i)
	}
	inputs = append(inputs, []byte(long.String()), []byte("no newline at the end: Error: x"))
	for i, in := range inputs {
		whole := defaultDetector.Detect(in)
		cuts := make([]byte, 8)
		for k := range cuts {
			cuts[k] = byte(1 + rng.Intn(255))
		}
		for _, c := range [][]byte{nil, cuts} {
			got, err := defaultDetector.DetectReader(&cutReader{in: in, cuts: c})
			if err != nil || !cmp.Equal(whole, got) {
				t.Errorf("input %d read in pieces %v (err %v), the report differs (-Detect +DetectReader):\n%s", i, c, err, cmp.Diff(whole, got))
			}
		}
	}
}

// TestStreamWindow checks that the window of lines a stream holds stays
// bounded however long the input: 90,000 lines of errors and prose.
func TestStreamWindow(t *testing.T) {
	s := defaultDetector.NewStream()
	most := 0
	for i := 0; i < 30000; i++ {
		fmt.Fprintf(s, "step %d done\nError: step %d failed\n\tat run (x.js:%d:1)\n", i, i, i)
		most = max(most, len(s.doc.lines))
	}
	rep := s.Close()
	if bound := lookBehind + s.lookAhead() + 4096 + 2*1024 + 100; most > bound {
		t.Errorf("the window held %d lines, want at most %d", most, bound)
	}
	if rep.Summary.Total != 30000 || len(rep.Errors) != DefaultMaxErrors || rep.Unlisted != 30000-DefaultMaxErrors {
		t.Errorf("summary %+v, %d listed, %d unlisted; want 30000 found, %d listed", rep.Summary, len(rep.Errors), rep.Unlisted, DefaultMaxErrors)
	}
}

// TestMaxErrors checks the cap on listed errors and what the summary
// counts past it.
func TestMaxErrors(t *testing.T) {
	type testCase struct {
		name           string
		in             string
		max            int
		listed, total  int
		unlisted       int
		firstLine      int
		lastListedLine int
	}
	var b strings.Builder
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "x\nError: boom %d\n", i)
	}
	var sums strings.Builder
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&sums, "FAIL\tpkg%d\t0.01s\n", i)
	}
	tests := []testCase{
		{"under the cap", b.String(), 10, 5, 5, 0, 2, 10},
		{"over the cap", b.String(), 2, 2, 5, 3, 2, 4},
		{"summaries over the cap", sums.String(), 3, 3, 5, 2, 1, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.MaxErrors = tc.max
			d, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			rep := d.Detect([]byte(tc.in))
			got := []int{len(rep.Errors), rep.Summary.Total, rep.Unlisted, rep.Errors[0].LineNum, rep.Errors[len(rep.Errors)-1].LineNum}
			want := []int{tc.listed, tc.total, tc.unlisted, tc.firstLine, tc.lastListedLine}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("listed, total, unlisted, first line, last listed line mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDetectReaderErrorPartWay reads an input that fails part way: the errors in
// what was read are reported, with the read error.
func TestDetectReaderErrorPartWay(t *testing.T) {
	var in strings.Builder
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&in, "Error: step %d failed\n", i)
	}
	r := io.MultiReader(strings.NewReader(in.String()), iotest.ErrReader(errors.New("disk gone")))
	rep, err := defaultDetector.DetectReader(r)
	if err == nil || !strings.Contains(err.Error(), "disk gone") {
		t.Errorf("err = %v, want the read error", err)
	}
	if rep.Summary.Total != 2000 {
		t.Errorf("%d errors found before the read failed, want 2000", rep.Summary.Total)
	}
}
