package filter

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestViewsAreKept guards the zero-copy rule (zerocopy.go): handlers see
// lines as views of the caller's buffer, and must keep what they store. The
// same output is parsed from an immutable string (Parse) and through a
// writer that reuses one buffer and scribbles over it as soon as each Write
// returns; a view kept past its call would read the scribbles, and the
// results would differ.
func TestViewsAreKept(t *testing.T) {
	type input struct {
		check CheckName
		data  []byte
	}
	var inputs []input
	for _, c := range []struct {
		check  CheckName
		prefix string
	}{{CheckBuild, "build_"}, {CheckVet, "vet_"}, {CheckLint, "lint_"}, {CheckTest, "test_"}} {
		for _, data := range capturedOutputs(t, c.prefix) {
			inputs = append(inputs, input{c.check, data})
		}
	}
	// Output the captures do not hold: stdout alone, where a package that
	// did not build is an error of its own, its note and dependency
	// stored until the end (found by FuzzParseTest).
	inputs = append(inputs,
		input{CheckTest, []byte("FAIL\texample.com/m/a [setup failed]\nFAIL\texample.com/m/b [build failed]\nFAIL\n")},
		input{CheckTest, []byte(`{"Action":"start","Package":"example.com/m/a"}` + "\n" +
			`{"Action":"fail","Package":"example.com/m/a","FailedBuild":"example.com/m/dep"}` + "\n")},
	)
	r := rand.New(rand.NewPCG(3, 4))
	for i, in := range inputs {
		opts := Options{Dir: "/m", ModRoot: "/m"}
		want := Parse(in.check, string(in.data), opts)
		for _, maxChunk := range []int{len(in.data) + 1, 4096, 97, 7} {
			p := NewParser(in.check, opts)
			buf := make([]byte, maxChunk)
			for rest := in.data; len(rest) > 0; {
				n := copy(buf[:1+r.IntN(maxChunk)], rest)
				write(p, buf[:n])
				rest = rest[n:]
				for j := range buf {
					buf[j] = "\xff{}\n:\t x"[j%8]
				}
			}
			got := p.Close()
			if diff := cmp.Diff(want.Errors, got.Errors); diff != "" {
				t.Errorf("input %d (%s), chunks of up to %d: a view outlived its call (-Parse +scribbled):\n%s", i, in.check, maxChunk, diff)
			}
		}
	}
	if len(inputs) < 50 {
		t.Errorf("only %d captured outputs", len(inputs))
	}
}
