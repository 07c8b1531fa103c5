package circuit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestStreaks(t *testing.T) {
	attempts := []Attempt{
		{Check: "build", Signatures: []string{"a", "b"}},
		{Infra: "rate limit"},
		{Check: "build", Signatures: []string{"a", "c"}},
		{Check: "build", Signatures: []string{"a", "c", "d", "d"}},
	}
	want := map[string]int{"a": 3, "c": 2, "d": 1}
	if diff := cmp.Diff(want, Streaks(attempts)); diff != "" {
		t.Errorf("Streaks mismatch (-want +got):\n%s", diff)
	}
	if got := Streaks(nil); got != nil {
		t.Errorf("Streaks(nil) = %v", got)
	}
}

func TestWarning(t *testing.T) {
	p := []Persisting{{Location: "sum.go:3", Attempts: 3}}
	if got := Warning(HalfOpen, p); !strings.Contains(got, "- sum.go:3 (3 attempts)") || !strings.Contains(got, "different approach") {
		t.Errorf("Warning(HALF_OPEN) = %q", got)
	}
	for _, st := range []State{Closed, Open} {
		if got := Warning(st, p); got != "" {
			t.Errorf("Warning(%s) = %q, want none", st, got)
		}
	}
	if got := Warning(HalfOpen, nil); got != "" {
		t.Errorf("Warning with nothing persisting = %q", got)
	}
}
