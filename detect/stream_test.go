package detect

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

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
