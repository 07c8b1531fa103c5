package prompt

import (
	"fmt"
	"testing"

	"github.com/faultline-go/faultline/filter"
)

// BenchmarkFix builds the prompt of the most errors a parser keeps
// (10,000): locations in 500 files, tests of 100 parents, messages of
// 1 KB. Its time and memory grow linearly with the errors.
func BenchmarkFix(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		res := filter.ParseResult{CheckName: "test"}
		msg := fmt.Sprintf("%01000d", 0)
		for i := 0; i < n; i++ {
			res.Errors = append(res.Errors, filter.Error{
				File: fmt.Sprintf("p%d/x_test.go", i%500), Line: i/500 + 1, Tool: "test",
				Test: fmt.Sprintf("TestP%d/case_%d", i%100, i), Message: msg,
			})
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if p := Fix(Failure{Result: res}, Options{}); len(p) == 0 {
					b.Fatal("no prompt")
				}
			}
		})
	}
}
