package circuit

import (
	"fmt"
	"strings"
)

// Streaks returns, for each signature of the last attempt that was not an
// infrastructure failure, in how many consecutive attempts up to and
// including it the signature failed: 1 for a new error, 3 for one that
// survived two fix attempts. Infrastructure failures are skipped.
func Streaks(attempts []Attempt) map[string]int {
	var sets []map[string]bool
	for _, a := range attempts {
		if a.Infra != "" {
			continue
		}
		set := map[string]bool{}
		for _, s := range a.Signatures {
			set[s] = true
		}
		sets = append(sets, set)
	}
	if len(sets) == 0 {
		return nil
	}
	streaks := map[string]int{}
	for sig := range sets[len(sets)-1] {
		n := 0
		for i := len(sets) - 1; i >= 0 && sets[i][sig]; i-- {
			n++
		}
		streaks[sig] = n
	}
	return streaks
}

// Persisting is an error that survived fix attempts, for a warning.
type Persisting struct {
	// Location is where it is, "file:line" or what names it.
	Location string
	// Attempts is how many consecutive attempts it failed in.
	Attempts int
}

// Warning is what the loop (and the Claude Code hook) tells an agent once
// the breaker is HALF_OPEN, before it opens: which errors persisted across
// how many attempts, and to change approach. It is "" in any other state,
// or when nothing persisted: OPEN is a hard stop, not a warning.
func Warning(state State, persisting []Persisting) string {
	if state != HalfOpen || len(persisting) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("WARNING: your last fixes did not remove these errors; they persisted across attempts:\n")
	for _, p := range persisting {
		fmt.Fprintf(&b, "- %s (%d attempts)\n", p.Location, p.Attempts)
	}
	b.WriteString("Repeating the same change will not work, and the loop stops soon if nothing changes. " +
		"Step back: re-read the code around each of them and what the error says, then try a different approach.\n")
	return b.String()
}
