package detect

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestFastMatchers checks every hand-written matcher against the pattern
// it stands for, on texts made of the bytes the pattern cares about, and
// that each pattern is one the rules hold (a changed rule would silently
// lose its matcher).
func TestFastMatchers(t *testing.T) {
	alphabet := []string{"4", "5", "2", "9", "0", "3", ":", ".", "_", "a", "Z", " ", "\n", "-", "é", "429", "502", "503", "504", "529"}
	r := rand.New(rand.NewPCG(1, 2))
	for pattern, fast := range fastMatchers {
		found := false
		for _, re := range allRules.rules.res {
			found = found || re.String() == pattern
		}
		if !found {
			t.Errorf("no rule has the pattern %q", pattern)
		}
		re := regexp.MustCompile(pattern)
		for _, s := range []string{"", "503", "HTTP 503", "x:503", "v1.503", "a503", "5030", "(503)", "é503é", "stl_heap.h:503: error", "got 429 Too Many Requests"} {
			if got, want := fast(s), re.MatchString(s); got != want {
				t.Errorf("%q on %q: %v, the pattern says %v", pattern, s, got, want)
			}
		}
		for range 20000 {
			var s string
			for range r.IntN(8) {
				s += alphabet[r.IntN(len(alphabet))]
			}
			if got, want := fast(s), re.MatchString(s); got != want {
				t.Fatalf("%q on %q: %v, the pattern says %v", pattern, s, got, want)
			}
		}
	}
}

// TestPyException holds isPyException to the expression it stands for.
func TestPyException(t *testing.T) {
	alphabet := []string{"a", "Z", "_", "0", "9", ".", ":", " ", "é", "x.y", "Error", "::"}
	r := rand.New(rand.NewPCG(3, 4))
	check := func(s string) {
		if got, want := isPyException(s), pyExcRe.MatchString(s); got != want {
			t.Fatalf("isPyException(%q) = %v, pyExcRe says %v", s, got, want)
		}
	}
	for _, s := range []string{"", "ValueError: bad", "ValueError", "os.error: x", "a.b.1", "a.1b", "1.a", "_: x", "x y", "KeyError:", "é: x", "a.b.:x"} {
		check(s)
	}
	for range 50000 {
		var s string
		for range r.IntN(7) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		check(s)
	}
}

// TestMayBeLevelWord holds mayBeLevelWord to the level maps it guards: a level
// added to a map must not be ruled out before the map is asked.
func TestMayBeLevelWord(t *testing.T) {
	for _, m := range []map[string]bool{errorLevels, warnLevels, {"fail": true}} {
		for w := range m {
			for _, s := range []string{w, " " + strings.ToUpper(w), "\t" + w} {
				if !mayBeLevelWord(s) {
					t.Errorf("mayBeLevelWord(%q) = false", s)
				}
			}
		}
	}
	for _, s := range []string{"", " ", "type", "message", "info", "level", "tool_use"} {
		if mayBeLevelWord(s) {
			t.Errorf("mayBeLevelWord(%q) = true", s)
		}
	}
}
