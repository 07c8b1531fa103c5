package filter

import (
	"fmt"
	"strings"
	"testing"
)

// TestGoTestBounds streams go test output of one package with countless
// failing tests, in -json and -v form, and checks that what the parser
// holds stays bounded while it reads — test records, errors waiting for
// their package to end, held output — and that the result says what it
// dropped. (bench/scale_test.go measures the memory.)
func TestGoTestBounds(t *testing.T) {
	const tests = 60000
	gens := map[string]func(i int) string{
		"json": func(i int) string {
			name := fmt.Sprintf("TestCase%d", i)
			return `{"Action":"run","Package":"example.com/m/flaky","Test":"` + name + `"}` + "\n" +
				`{"Action":"output","Package":"example.com/m/flaky","Test":"` + name + `","Output":"    flaky_test.go:3: got ` + fmt.Sprint(i) + `\n"}` + "\n" +
				`{"Action":"fail","Package":"example.com/m/flaky","Test":"` + name + `"}` + "\n"
		},
		"v": func(i int) string {
			return fmt.Sprintf("=== RUN   TestCase%d\n    flaky_test.go:3: got %d\n--- FAIL: TestCase%d (0.00s)\n", i, i, i)
		},
	}
	ends := map[string]string{
		"json": `{"Action":"fail","Package":"example.com/m/flaky"}` + "\n",
		"v":    "FAIL\nFAIL\texample.com/m/flaky\t0.1s\n",
	}
	for mode, gen := range gens {
		p := NewParser(CheckTest, Options{})
		h := p.h.(*testHandler)
		for i := 1; i <= tests; i++ {
			write(p, []byte(gen(i)))
			if i%5000 != 0 {
				continue
			}
			pkg := h.text.p
			if mode == "json" {
				pkg = h.json.pkgs["example.com/m/flaky"]
			}
			if pkg == nil {
				t.Fatalf("%s: no package running after %d tests", mode, i)
			}
			if len(pkg.tests) > maxTests || len(pkg.order) > maxTests || len(pkg.failed) > maxFailedNames {
				t.Errorf("%s: after %d tests the package holds %d test records, %d in order, %d failed names", mode, i, len(pkg.tests), len(pkg.order), len(pkg.failed))
			}
			if h.pending > DefaultMaxErrors || pkg.errs.len() > DefaultMaxErrors {
				t.Errorf("%s: after %d tests %d errors are held", mode, i, h.pending)
			}
		}
		write(p, []byte(ends[mode]))
		res := p.Close()
		if len(res.Errors) != DefaultMaxErrors || !res.Truncated {
			t.Errorf("%s: %d errors, truncated %v; want the first %d and truncated", mode, len(res.Errors), res.Truncated, DefaultMaxErrors)
		}
		if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], fmt.Sprintf("%d more were dropped", tests-DefaultMaxErrors)) {
			t.Errorf("%s: notes %q, want one that counts the %d dropped errors", mode, res.Notes, tests-DefaultMaxErrors)
		}
		if h.heldTotal != 0 {
			t.Errorf("%s: %d bytes still held after the end", mode, h.heldTotal)
		}
	}
}

// TestGoTestHeldBounds checks the bounds on output held for tests whose
// result is not known yet: per test, and for all of them.
func TestGoTestHeldBounds(t *testing.T) {
	p := NewParser(CheckTest, Options{})
	h := p.h.(*testHandler)
	line := "    x_test.go:1: " + strings.Repeat("y", 1000) + "\n"
	write(p, []byte("=== RUN   TestBig\n"))
	for range (2 * maxHeldBytes) / len(line) {
		write(p, []byte(line))
	}
	if h.heldTotal > maxHeldBytes {
		t.Errorf("one test holds %d bytes, over %d", h.heldTotal, maxHeldBytes)
	}
	write(p, []byte("--- FAIL: TestBig (0.00s)\nFAIL\texample.com/m\t0.1s\n"))
	res := p.Close()
	if !res.Truncated || len(res.Notes) == 0 {
		t.Errorf("truncated %v, notes %q: want the lines left out noted", res.Truncated, res.Notes)
	}

	// Many parallel tests, all running: the total is bounded.
	p = NewParser(CheckTest, Options{})
	h = p.h.(*testHandler)
	for i := range 80 {
		ev := fmt.Sprintf(`{"Action":"output","Package":"example.com/m","Test":"TestP%d","Output":"%s\n"}`+"\n", i, strings.Repeat("z", 1000))
		for range maxHeldBytes / 1000 {
			write(p, []byte(ev))
		}
		if h.heldTotal > maxHeldTotal {
			t.Fatalf("tests hold %d bytes, over %d", h.heldTotal, maxHeldTotal)
		}
	}
	res = p.Close()
	if len(res.Notes) == 0 {
		t.Errorf("notes %q: want the lines not held noted", res.Notes)
	}
}

// TestGoTestOpenPackages checks that go test -json packages that never end
// are bounded in number.
func TestGoTestOpenPackages(t *testing.T) {
	p := NewParser(CheckTest, Options{})
	h := p.h.(*testHandler)
	for i := range maxOpenPackages + 100 {
		fmt.Fprintf(p, `{"Action":"start","Package":"example.com/m/p%d"}`+"\n", i)
		if len(h.json.pkgs) > maxOpenPackages {
			t.Fatalf("%d packages open, over %d", len(h.json.pkgs), maxOpenPackages)
		}
	}
	p.Close()
}
