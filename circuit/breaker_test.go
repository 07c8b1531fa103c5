package circuit

import (
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Signatures as errkind.Signature makes them.
const (
	sigA = "1a2b3c4d5e6f7a8b"
	sigB = "2b3c4d5e6f7a8b9c"
	sigC = "3c4d5e6f7a8b9c0d"
	sigD = "4d5e6f7a8b9c0d1e"
	sigE = "5e6f7a8b9c0d1e2f"
)

func brFail(check string, sigs ...string) Attempt { return Attempt{Check: check, Signatures: sigs} }

func brPass() Attempt { return Attempt{} }

func brInfra(reason string) Attempt { return Attempt{Infra: reason} }

// brClock is the injected clock: it moves only when told.
type brClock struct{ t time.Time }

func (c *brClock) now() time.Time { return c.t }

var brT0 = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

// brStep is one thing a scenario does to the breaker, then the state it
// expects (from the return of Record, or from State).
type brStep struct {
	advance time.Duration // move the clock first
	reset   bool          // call Reset, then State
	query   bool          // only call State
	a       Attempt       // otherwise, Record this
	want    State
}

func brRec(a Attempt, want State) brStep { return brStep{a: a, want: want} }

func brWait(d time.Duration, want State) brStep {
	return brStep{advance: d, query: true, want: want}
}

func brReset() brStep { return brStep{reset: true, want: Closed} }

// brRepeat records a once for each state in want, expecting it.
func brRepeat(a Attempt, want ...State) []brStep {
	var steps []brStep
	for _, w := range want {
		steps = append(steps, brRec(a, w))
	}
	return steps
}

func brSteps(groups ...[]brStep) []brStep { return slices.Concat(groups...) }

type brCounters struct{ NoProgress, SameError, Infra int }

type brScenario struct {
	name    string
	cfg     Config
	steps   []brStep
	reasons []string   // the history's reasons, in order
	end     brCounters // the counters after the last step
}

const (
	stClosed   = Closed
	stHalfOpen = HalfOpen
	stOpen     = Open
)

// runBreakerScenario plays the steps on a breaker with an injected clock,
// numbering the attempts' cycles from 1 and checking Allow after each step.
func runBreakerScenario(t *testing.T, sc brScenario) *Breaker {
	t.Helper()
	clock := &brClock{t: brT0}
	cfg := sc.cfg
	cfg.Now = clock.now
	b := New(cfg)
	cycle := 0
	for i, s := range sc.steps {
		clock.t = clock.t.Add(s.advance)
		var got State
		switch {
		case s.reset:
			b.Reset()
			got = b.State()
		case s.query:
			got = b.State()
		default:
			cycle++
			a := s.a
			a.Cycle = cycle
			got = b.Record(a)
		}
		if got != s.want {
			t.Errorf("step %d (%+v): state %s, want %s (reason %q)", i+1, s.a, got, s.want, b.Reason())
		}
		if allow := b.Allow(); allow != (s.want != Open) {
			t.Errorf("step %d: Allow() = %v in state %s", i+1, allow, s.want)
		}
	}
	var reasons []string
	for _, tr := range b.History() {
		reasons = append(reasons, tr.Reason)
	}
	if diff := cmp.Diff(sc.reasons, reasons); diff != "" {
		t.Errorf("history reasons mismatch (-want +got):\n%s", diff)
	}
	snap := b.Snapshot()
	if diff := cmp.Diff(sc.end, brCounters{snap.NoProgress, snap.SameError, snap.Infra}); diff != "" {
		t.Errorf("counters mismatch (-want +got):\n%s", diff)
	}
	return b
}

// Each scenario shows one rule of the Breaker's doc comment.
func TestBreakerScenarios(t *testing.T) {
	// Thresholds out of the way, to watch one rule alone.
	onlySameError := func(n int) Config {
		return Config{SameErrorThreshold: n, NoProgressThreshold: 100, HalfOpenAfter: 100}
	}
	// With the defaults, four identical failures open the breaker by no
	// progress: HALF_OPEN at the third, OPEN at the fourth; openedReasons
	// are the history's reasons then, and more after them.
	opened := brRepeat(brFail("build", sigA), stClosed, stClosed, stHalfOpen, stOpen)
	openedReasons := func(more ...string) []string {
		return append([]string{
			"no progress in 2 attempts: build still fails with 1 error",
			"no progress in 3 attempts: build still fails with 1 error",
		}, more...)
	}
	for _, sc := range []brScenario{
		{
			name: "first failure is the baseline, then identical repeats are no progress: HALF_OPEN at 2, OPEN at 3",
			steps: brRepeat(brFail("build", sigA, sigB),
				stClosed, stClosed, stHalfOpen, stOpen),
			reasons: []string{
				"no progress in 2 attempts: build still fails with 2 errors",
				"no progress in 3 attempts: build still fails with 2 errors",
			},
			end: brCounters{NoProgress: 3, SameError: 4},
		},
		{
			name: "going round in circles (A, B, A, B) is not progress: replacing errors counts only towards a failure not met since the last real progress",
			steps: []brStep{
				brRec(brFail("build", sigA), stClosed),
				brRec(brFail("build", sigB), stClosed),
				brRec(brFail("build", sigA), stClosed),
				brRec(brFail("build", sigB), stHalfOpen),
				brRec(brFail("build", sigA), stOpen),
			},
			reasons: []string{
				"no progress in 2 attempts: back to an earlier failure: build fails with 1 error",
				"no progress in 3 attempts: back to an earlier failure: build fails with 1 error",
			},
			end: brCounters{NoProgress: 3, SameError: 1},
		},
		{
			name: "a real step forward forgets the failures met before it",
			steps: []brStep{
				brRec(brFail("build", sigA, sigB), stClosed),
				brRec(brFail("build", sigA), stClosed),
				brRec(brFail("build", sigC), stClosed),
				brRec(brFail("build", sigA), stClosed),
			},
			end: brCounters{NoProgress: 1, SameError: 1},
		},
		{
			name: "a pass is progress: it closes a HALF_OPEN breaker and resets the counters",
			steps: brSteps(
				brRepeat(brFail("build", sigA), stClosed, stClosed, stHalfOpen),
				[]brStep{brRec(brPass(), stClosed)},
			),
			reasons: []string{
				"no progress in 2 attempts: build still fails with 1 error",
				"progress: all checks pass",
			},
			end: brCounters{},
		},
		{
			name: "a failure after a pass is new work, not a lack of progress",
			steps: brSteps(
				[]brStep{brRec(brPass(), stClosed)},
				brRepeat(brFail("test", sigA), stClosed, stClosed, stHalfOpen),
			),
			reasons: []string{"no progress in 2 attempts: test still fails with 1 error"},
			end:     brCounters{NoProgress: 2, SameError: 3},
		},
		{
			name: "a later check failing is progress: the earlier one got fixed",
			steps: brSteps(
				brRepeat(brFail("build", sigA), stClosed, stClosed, stHalfOpen),
				[]brStep{brRec(brFail("vet", sigB, sigC), stClosed)},
				brRepeat(brFail("lint", sigD), stClosed, stClosed, stHalfOpen),
				[]brStep{brRec(brFail("test", sigE), stClosed)},
			),
			reasons: []string{
				"no progress in 2 attempts: build still fails with 1 error",
				"progress: build fixed, vet now fails with 2 errors",
				"no progress in 2 attempts: lint still fails with 1 error",
				"progress: lint fixed, test now fails with 1 error",
			},
			end: brCounters{SameError: 1},
		},
		{
			name: "an earlier check failing is a regression: no progress",
			steps: []brStep{
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("build", sigB), stHalfOpen),
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("lint", sigC), stClosed),
				brRec(brFail("vet", sigD), stHalfOpen),
				brRec(brFail("build", sigE), stOpen),
			},
			reasons: []string{
				"no progress in 2 attempts: regression: build fails again with 1 error, was test",
				"progress: build fixed, test now fails with 1 error",
				"no progress in 2 attempts: regression: vet fails again with 1 error, was lint",
				"no progress in 3 attempts: regression: build fails again with 1 error, was vet",
			},
			end: brCounters{NoProgress: 3, SameError: 1},
		},
		{
			name: "a regression is not the same error, even between the same two sets",
			cfg:  onlySameError(2),
			steps: []brStep{
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("build", sigB), stClosed),
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("build", sigB), stClosed),
				brRec(brFail("build", sigB), stOpen),
			},
			reasons: []string{"same 1 error 2 times in a row (sig 2b3c4d5e6f7a8b9c)"},
			end:     brCounters{NoProgress: 2, SameError: 2},
		},
		{
			name: "same check, a strict subset: progress",
			steps: brSteps(
				brRepeat(brFail("test", sigA, sigB, sigC), stClosed, stClosed, stHalfOpen),
				[]brStep{brRec(brFail("test", sigA), stClosed)},
			),
			reasons: []string{
				"no progress in 2 attempts: test still fails with 3 errors",
				"progress: test now fails with 1 error, was 3",
			},
			end: brCounters{SameError: 1},
		},
		{
			name: "same check, errors replaced by as many new ones: progress",
			steps: brSteps(
				brRepeat(brFail("test", sigA, sigB), stClosed, stClosed, stHalfOpen),
				[]brStep{brRec(brFail("test", sigA, sigC), stClosed)},
				[]brStep{brRec(brFail("test", sigD), stClosed)},
			),
			reasons: []string{
				"no progress in 2 attempts: test still fails with 2 errors",
				"progress: test now fails with 2 errors (1 new), was 2",
			},
			end: brCounters{SameError: 1},
		},
		{
			name: "same check, more errors: no progress, but not the same error",
			steps: []brStep{
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("test", sigA, sigB), stClosed),
				brRec(brFail("test", sigA, sigB, sigC), stHalfOpen),
				brRec(brFail("test", sigA, sigB, sigC, sigD), stOpen),
			},
			reasons: []string{
				"no progress in 2 attempts: test now fails with 3 errors (1 new), was 2",
				"no progress in 3 attempts: test now fails with 4 errors (1 new), was 3",
			},
			end: brCounters{NoProgress: 3, SameError: 1},
		},
		{
			name: "same error: the first failure counts, so threshold 5 opens at the fifth identical failure",
			cfg:  onlySameError(5),
			steps: brRepeat(brFail("build", sigA),
				stClosed, stClosed, stClosed, stClosed, stOpen),
			reasons: []string{"same 1 error 5 times in a row (sig 1a2b3c4d5e6f7a8b)"},
			end:     brCounters{NoProgress: 4, SameError: 5},
		},
		{
			name: "same error: order and repeats within an attempt do not matter",
			cfg:  onlySameError(3),
			steps: []brStep{
				brRec(brFail("vet", sigB, sigA), stClosed),
				brRec(brFail("vet", sigA, sigB, sigA), stClosed),
				brRec(brFail("vet", sigB, sigB, sigA), stOpen),
			},
			reasons: []string{"same 2 errors 3 times in a row (sigs 1a2b3c4d5e6f7a8b, 2b3c4d5e6f7a8b9c)"},
			end:     brCounters{NoProgress: 2, SameError: 3},
		},
		{
			name: "same error: a new set starts the count again at 1",
			cfg:  onlySameError(3),
			steps: []brStep{
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("test", sigA), stClosed),
				brRec(brFail("test", sigB), stClosed),
				brRec(brFail("test", sigB), stClosed),
				brRec(brFail("test", sigB), stOpen),
			},
			reasons: []string{"same 1 error 3 times in a row (sig 2b3c4d5e6f7a8b9c)"},
			end:     brCounters{NoProgress: 2, SameError: 3},
		},
		{
			name:  "same error: many signatures are cut short in the reason",
			cfg:   onlySameError(2),
			steps: brRepeat(brFail("test", sigE, sigD, sigC, sigB, sigA), stClosed, stOpen),
			reasons: []string{
				"same 5 errors 2 times in a row (sigs 1a2b3c4d5e6f7a8b, 2b3c4d5e6f7a8b9c, 3c4d5e6f7a8b9c0d and 2 more)",
			},
			end: brCounters{NoProgress: 1, SameError: 2},
		},
		{
			name:    "same error wins over no progress when both trip on one attempt",
			cfg:     Config{SameErrorThreshold: 4, NoProgressThreshold: 3},
			steps:   brRepeat(brFail("build", sigA), stClosed, stClosed, stHalfOpen, stOpen),
			reasons: []string{"no progress in 2 attempts: build still fails with 1 error", "same 1 error 4 times in a row (sig 1a2b3c4d5e6f7a8b)"},
			end:     brCounters{NoProgress: 3, SameError: 4},
		},
		{
			name: "infrastructure failures neither reset nor increment the progress counters",
			steps: []brStep{
				brRec(brFail("build", sigA), stClosed),
				brRec(brFail("build", sigA), stClosed),
				brRec(brInfra("rate limit"), stClosed),
				brRec(brInfra("network"), stClosed),
				brRec(brFail("build", sigA), stHalfOpen),
				brRec(brInfra("agent timeout"), stHalfOpen),
				brRec(brFail("build", sigA), stOpen),
			},
			reasons: []string{
				"no progress in 2 attempts: build still fails with 1 error",
				"no progress in 3 attempts: build still fails with 1 error",
			},
			end: brCounters{NoProgress: 3, SameError: 4},
		},
		{
			name: "infrastructure failures between identical failures are never the same error",
			cfg:  onlySameError(3),
			steps: []brStep{
				brRec(brFail("build", sigA), stClosed),
				brRec(brInfra("rate limit"), stClosed),
				brRec(brInfra("rate limit"), stClosed),
				brRec(brFail("build", sigA), stClosed),
				brRec(brInfra("rate limit"), stClosed),
				brRec(brFail("build", sigA), stOpen),
			},
			reasons: []string{"same 1 error 3 times in a row (sig 1a2b3c4d5e6f7a8b)"},
			end:     brCounters{NoProgress: 2, SameError: 3},
		},
		{
			name: "infrastructure failures in a row open it; any other attempt resets their count",
			steps: brSteps(
				brRepeat(brInfra("rate limit"), stClosed, stClosed, stClosed, stClosed),
				[]brStep{brRec(brFail("build", sigA), stClosed)},
				brRepeat(brInfra("rate limit"), stClosed, stClosed, stClosed, stClosed),
				[]brStep{brRec(brInfra("rate limit"), stOpen)},
			),
			reasons: []string{"5 infrastructure failures in a row: rate limit"},
			end:     brCounters{SameError: 1, Infra: 5},
		},
		{
			name:    "infra threshold configured",
			cfg:     Config{InfraThreshold: 1},
			steps:   []brStep{brRec(brInfra("network unreachable"), stOpen)},
			reasons: []string{"1 infrastructure failure in a row: network unreachable"},
			end:     brCounters{Infra: 1},
		},
		{
			name: "unknown checks rank after test",
			steps: brSteps(
				brRepeat(brFail("test", sigA), stClosed, stClosed, stHalfOpen),
				brRepeat(brFail("race", sigB), stClosed, stClosed),
				[]brStep{brRec(brFail("test", sigA), stHalfOpen)},
			),
			reasons: []string{
				"no progress in 2 attempts: test still fails with 1 error",
				"progress: test fixed, race now fails with 1 error",
				"no progress in 2 attempts: regression: test fails again with 1 error, was race",
			},
			end: brCounters{NoProgress: 2, SameError: 1},
		},
		{
			name: "two unknown checks rank alike: judged by the count, as replaced errors",
			steps: brSteps(
				brRepeat(brFail("fuzz", sigA, sigB), stClosed, stClosed, stHalfOpen),
				[]brStep{brRec(brFail("race", sigC), stClosed)},
				[]brStep{brRec(brFail("fuzz", sigA, sigB), stClosed)},
				[]brStep{brRec(brFail("race", sigC, sigD, sigE), stHalfOpen)},
			),
			reasons: []string{
				"no progress in 2 attempts: fuzz still fails with 2 errors",
				"progress: race now fails with 1 error, was fuzz with 2",
				"no progress in 2 attempts: race now fails with 3 errors, was fuzz with 2",
			},
			end: brCounters{NoProgress: 2, SameError: 1},
		},
		{
			name: "a failing check without parsed errors is no progress, then the same (empty) failure",
			steps: []brStep{
				brRec(brFail("test", sigA, sigB), stClosed),
				brRec(brFail("test"), stClosed),
				brRec(brFail("test"), stHalfOpen),
				brRec(brFail("test"), stOpen),
			},
			reasons: []string{
				"no progress in 2 attempts: test still fails with no parsed errors",
				"no progress in 3 attempts: test still fails with no parsed errors",
			},
			end: brCounters{NoProgress: 3, SameError: 3},
		},
		{
			name:    "same failure without parsed errors",
			cfg:     onlySameError(2),
			steps:   brRepeat(brFail("test"), stClosed, stOpen),
			reasons: []string{"same failure 2 times in a row: test fails with no parsed errors"},
			end:     brCounters{NoProgress: 1, SameError: 2},
		},
		{
			name: "signatures without a check name are a failure of an unnamed check",
			steps: []brStep{
				brRec(brFail("", sigA), stClosed),
				brRec(brFail("", sigA), stClosed),
				brRec(brFail("", sigA), stHalfOpen),
			},
			reasons: []string{"no progress in 2 attempts: an unnamed check still fails with 1 error"},
			end:     brCounters{NoProgress: 2, SameError: 3},
		},
		{
			name: "an OPEN breaker stays OPEN whatever is recorded; the counters follow",
			steps: brSteps(
				opened,
				[]brStep{brRec(brPass(), stOpen), brRec(brFail("test", sigB), stOpen), brRec(brInfra("network"), stOpen)},
			),
			reasons: openedReasons(),
			end:     brCounters{SameError: 1, Infra: 1},
		},
		{
			name: "a CLOSED breaker goes straight to OPEN when HalfOpenAfter is not below the threshold",
			cfg:  Config{HalfOpenAfter: 3, NoProgressThreshold: 3},
			steps: brRepeat(brFail("vet", sigA),
				stClosed, stClosed, stClosed, stOpen),
			reasons: []string{"no progress in 3 attempts: vet still fails with 1 error"},
			end:     brCounters{NoProgress: 3, SameError: 4},
		},
		{
			name: "Reset closes it and zeroes the counters but keeps the baseline",
			steps: brSteps(
				opened,
				[]brStep{brReset()},
				brRepeat(brFail("build", sigA), stClosed, stHalfOpen),
				[]brStep{brReset()},
			),
			reasons: openedReasons(
				"reset",
				"no progress in 2 attempts: build still fails with 1 error",
				"reset",
			),
			end: brCounters{},
		},
		{
			name: "cooldown: OPEN until it has passed, then HALF_OPEN; progress in the trial closes it",
			steps: brSteps(
				opened,
				[]brStep{
					brWait(29*time.Minute, stOpen),
					brWait(time.Minute-time.Nanosecond, stOpen),
					brWait(time.Nanosecond, stHalfOpen),
					brWait(time.Hour, stHalfOpen),
					brRec(brFail("vet", sigB), stClosed),
				},
			),
			reasons: openedReasons(
				"cooldown of 30m0s passed",
				"progress: build fixed, vet now fails with 1 error",
			),
			end: brCounters{SameError: 1},
		},
		{
			name: "cooldown: the counters are kept, so a trial without progress reopens it by its thresholds",
			steps: brSteps(
				opened,
				[]brStep{brWait(30*time.Minute, stHalfOpen), brRec(brFail("build", sigA), stOpen)},
			),
			reasons: openedReasons(
				"cooldown of 30m0s passed",
				"same 1 error 5 times in a row (sig 1a2b3c4d5e6f7a8b)",
			),
			end: brCounters{NoProgress: 4, SameError: 5},
		},
		{
			name: "cooldown: a trial below the thresholds without progress reopens it too",
			steps: brSteps(
				[]brStep{brRec(brFail("build", sigA), stClosed)},
				brRepeat(brInfra("rate limit"), stClosed, stClosed, stClosed, stClosed, stOpen),
				[]brStep{brWait(30*time.Minute, stHalfOpen), brRec(brFail("build", sigA), stOpen)},
			),
			reasons: []string{
				"5 infrastructure failures in a row: rate limit",
				"cooldown of 30m0s passed",
				"trial after cooldown made no progress: build still fails with 1 error",
			},
			end: brCounters{NoProgress: 1, SameError: 2},
		},
		{
			name: "cooldown: an infrastructure failure is not a trial",
			steps: brSteps(
				brRepeat(brFail("test", sigA, sigB), stClosed, stClosed, stHalfOpen, stOpen),
				[]brStep{
					brWait(30*time.Minute, stHalfOpen),
					brRec(brInfra("network"), stHalfOpen),
					brRec(brFail("test", sigA), stClosed),
				},
			),
			reasons: []string{
				"no progress in 2 attempts: test still fails with 2 errors",
				"no progress in 3 attempts: test still fails with 2 errors",
				"cooldown of 30m0s passed",
				"progress: test now fails with 1 error, was 2",
			},
			end: brCounters{SameError: 1},
		},
		{
			name: "cooldown: after infrastructure failures opened it, one more reopens it",
			steps: brSteps(
				brRepeat(brInfra("rate limit"), stClosed, stClosed, stClosed, stClosed, stOpen),
				[]brStep{brWait(30*time.Minute, stHalfOpen), brRec(brInfra("network"), stOpen)},
			),
			reasons: []string{
				"5 infrastructure failures in a row: rate limit",
				"cooldown of 30m0s passed",
				"6 infrastructure failures in a row: network",
			},
			end: brCounters{Infra: 6},
		},
		{
			name: "cooldown: Record applies it before judging the attempt",
			cfg:  Config{Cooldown: time.Minute},
			steps: brSteps(
				opened,
				[]brStep{{advance: time.Minute, a: brPass(), want: stClosed}},
			),
			reasons: openedReasons(
				"cooldown of 1m0s passed",
				"progress: all checks pass",
			),
			end: brCounters{},
		},
		{
			name: "cooldown: negative means none, OPEN until Reset",
			cfg:  Config{Cooldown: -1},
			steps: brSteps(
				opened,
				[]brStep{brWait(1000*time.Hour, stOpen), brReset()},
			),
			reasons: openedReasons("reset"),
			end:     brCounters{},
		},
	} {
		t.Run(sc.name, func(t *testing.T) { runBreakerScenario(t, sc) })
	}
}

// The whole history: states, times from the injected clock, cycles.
func TestBreakerHistory(t *testing.T) {
	clock := &brClock{t: brT0}
	b := New(Config{Now: clock.now})
	for cycle := 1; cycle <= 4; cycle++ {
		clock.t = clock.t.Add(time.Minute)
		b.Record(Attempt{Cycle: cycle, Check: "build", Signatures: []string{sigA}})
	}
	clock.t = clock.t.Add(45 * time.Minute)
	b.State()
	clock.t = clock.t.Add(time.Minute)
	b.Record(Attempt{Cycle: 5})
	clock.t = clock.t.Add(time.Minute)
	b.Reset()

	at := func(n int) time.Time { return brT0.Add(time.Duration(n) * time.Minute) }
	want := []Transition{
		{From: stClosed, To: stHalfOpen, At: at(3), Cycle: 3, Reason: "no progress in 2 attempts: build still fails with 1 error"},
		{From: stHalfOpen, To: stOpen, At: at(4), Cycle: 4, Reason: "no progress in 3 attempts: build still fails with 1 error"},
		{From: stOpen, To: stHalfOpen, At: at(49), Reason: "cooldown of 30m0s passed"},
		{From: stHalfOpen, To: stClosed, At: at(50), Cycle: 5, Reason: "progress: all checks pass"},
		{From: stClosed, To: stClosed, At: at(51), Reason: "reset"},
	}
	if diff := cmp.Diff(want, b.History()); diff != "" {
		t.Errorf("History() mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("reset", b.Reason()); diff != "" {
		t.Errorf("Reason() mismatch (-want +got):\n%s", diff)
	}

	// History returns a copy.
	b.History()[0].Reason = "changed"
	if got := b.History()[0].Reason; got == "changed" {
		t.Error("History() returned the breaker's own slice")
	}
}

func TestBreakerAllow(t *testing.T) {
	type testCase struct {
		name  string
		state State
		want  bool
	}
	run := func(t *testing.T, tc testCase) {
		b := New(Config{Now: func() time.Time { return brT0 }})
		for b.State() != tc.state {
			b.Record(brFail("build", sigA))
		}
		if got := b.Allow(); got != tc.want {
			t.Errorf("Allow() in %s = %v, want %v", tc.state, got, tc.want)
		}
	}
	for _, tc := range []testCase{
		{name: "closed", state: stClosed, want: true},
		{name: "half open", state: stHalfOpen, want: true},
		{name: "open", state: stOpen, want: false},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestBreakerSnapshotJSON(t *testing.T) {
	type testCase struct {
		name     string
		attempts []Attempt
		want     string
	}
	run := func(t *testing.T, tc testCase) {
		b := New(Config{Now: func() time.Time { return brT0 }})
		for _, a := range tc.attempts {
			b.Record(a)
		}
		got, err := json.MarshalIndent(b.Snapshot(), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, string(got)); diff != "" {
			t.Errorf("Snapshot() JSON mismatch (-want +got):\n%s", diff)
		}
	}
	for _, tc := range []testCase{
		{
			name: "new",
			want: `{
  "state": "CLOSED",
  "no_progress": 0,
  "same_error": 0,
  "infra": 0,
  "history": []
}`,
		},
		{
			name: "open",
			attempts: []Attempt{
				{Cycle: 1, Check: "test", Signatures: []string{sigB, sigA}},
				{Cycle: 2, Check: "test", Signatures: []string{sigA, sigB}},
				{Cycle: 3, Check: "test", Signatures: []string{sigA, sigB, sigA}},
				{Cycle: 4, Infra: "rate limit"},
				{Cycle: 5, Check: "test", Signatures: []string{sigB, sigA}},
			},
			want: `{
  "state": "OPEN",
  "reason": "no progress in 3 attempts: test still fails with 2 errors",
  "no_progress": 3,
  "same_error": 4,
  "infra": 0,
  "last_check": "test",
  "last_signatures": [
    "1a2b3c4d5e6f7a8b",
    "2b3c4d5e6f7a8b9c"
  ],
  "opened_at": "2025-06-01T12:00:00Z",
  "history": [
    {
      "from": "CLOSED",
      "to": "HALF_OPEN",
      "at": "2025-06-01T12:00:00Z",
      "cycle": 3,
      "reason": "no progress in 2 attempts: test still fails with 2 errors"
    },
    {
      "from": "HALF_OPEN",
      "to": "OPEN",
      "at": "2025-06-01T12:00:00Z",
      "cycle": 5,
      "reason": "no progress in 3 attempts: test still fails with 2 errors"
    }
  ]
}`,
		},
		{
			name:     "passed",
			attempts: []Attempt{{Cycle: 1, Check: "vet", Signatures: []string{sigC}}, {Cycle: 2}, {Cycle: 3, Infra: "network"}},
			want: `{
  "state": "CLOSED",
  "no_progress": 0,
  "same_error": 0,
  "infra": 1,
  "history": []
}`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

// The snapshot is a copy: changing it leaves the breaker alone.
func TestBreakerSnapshotCopies(t *testing.T) {
	b := New(Config{Now: func() time.Time { return brT0 }})
	for range 3 {
		b.Record(brFail("build", sigA))
	}
	s := b.Snapshot()
	s.LastSignatures[0] = "changed"
	s.History[0].Reason = "changed"
	s2 := b.Snapshot()
	if diff := cmp.Diff([]string{sigA}, s2.LastSignatures); diff != "" {
		t.Errorf("LastSignatures mismatch (-want +got):\n%s", diff)
	}
	if s2.History[0].Reason == "changed" {
		t.Error("Snapshot() shares the history")
	}
}

// Nil, empty and odd input: no panic, sensible answers.
func TestBreakerOddInput(t *testing.T) {
	type testCase struct {
		name     string
		b        func() *Breaker
		attempts []Attempt
		want     State
	}
	run := func(t *testing.T, tc testCase) {
		b := tc.b()
		for _, a := range tc.attempts {
			b.Record(a)
		}
		if got := b.State(); got != tc.want {
			t.Errorf("State() = %s, want %s", got, tc.want)
		}
		b.Allow()
		b.Reason()
		b.History()
		b.Snapshot()
		b.Reset()
		if got := b.State(); got != stClosed {
			t.Errorf("State() after Reset = %s, want CLOSED", got)
		}
	}
	for _, tc := range []testCase{
		{name: "zero Breaker, nothing recorded", b: func() *Breaker { return new(Breaker) }, want: stClosed},
		{name: "zero Breaker, zero attempts", b: func() *Breaker { return new(Breaker) }, attempts: make([]Attempt, 10), want: stClosed},
		{
			name:     "zero Breaker, default thresholds",
			b:        func() *Breaker { return new(Breaker) },
			attempts: []Attempt{brFail("build", sigA), brFail("build", sigA), brFail("build", sigA), brFail("build", sigA)},
			want:     stOpen,
		},
		{name: "zero config", b: func() *Breaker { return New(Config{}) }, attempts: []Attempt{{Signatures: nil}, {Signatures: []string{}}}, want: stClosed},
		{name: "empty signature strings", b: func() *Breaker { return New(Config{}) }, attempts: []Attempt{brFail("build", ""), brFail("build", "", ""), brFail("build")}, want: stHalfOpen},
		{name: "negative thresholds take the defaults", b: func() *Breaker {
			return New(Config{NoProgressThreshold: -1, SameErrorThreshold: -1, HalfOpenAfter: -1, InfraThreshold: -1})
		}, attempts: []Attempt{brFail("build", sigA), brFail("build", sigA), brFail("build", sigA)}, want: stHalfOpen},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

// Reset on the zero Breaker records a move from CLOSED.
func TestBreakerZeroReset(t *testing.T) {
	b := &Breaker{cfg: Config{Now: func() time.Time { return brT0 }}}
	b.Reset()
	want := []Transition{{From: stClosed, To: stClosed, At: brT0, Reason: "reset"}}
	if diff := cmp.Diff(want, b.History()); diff != "" {
		t.Errorf("History() mismatch (-want +got):\n%s", diff)
	}
}

// Record sorts a copy: the caller's slice keeps its order.
func TestBreakerRecordKeepsInput(t *testing.T) {
	sigs := []string{sigC, sigA, sigB, sigA}
	New(Config{}).Record(brFail("test", sigs...))
	if diff := cmp.Diff([]string{sigC, sigA, sigB, sigA}, sigs); diff != "" {
		t.Errorf("Record changed its input (-want +got):\n%s", diff)
	}
}

// For go test -race.
func TestBreakerConcurrent(t *testing.T) {
	b := New(Config{Now: func() time.Time { return brT0 }})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 50 {
				b.Record(brFail("build", sigA))
				b.Record(Attempt{Infra: "network"})
				_ = b.Allow()
				_ = b.Snapshot()
				if i == 0 {
					b.Reset()
				}
			}
		})
	}
	wg.Wait()
}
