package circuit

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultline-go/faultline/internal/textutil"
)

// State is the state of a [Breaker].
type State string

// The states of a breaker, named as in ralph-claude-code's circuit breaker.
const (
	Closed   State = "CLOSED"    // the loop makes progress: go on
	HalfOpen State = "HALF_OPEN" // no progress lately, or a trial after the cooldown: go on, watched
	Open     State = "OPEN"      // stuck: stop until the cooldown passes or a human resets it
)

// The defaults of [Config], those of ralph-claude-code
// (CB_NO_PROGRESS_THRESHOLD, CB_SAME_ERROR_THRESHOLD, HALF_OPEN after two
// loops, a 30-minute cooldown) plus one for infrastructure failures.
const (
	DefaultNoProgressThreshold = 3
	DefaultSameErrorThreshold  = 5
	DefaultHalfOpenAfter       = 2
	DefaultInfraThreshold      = 5
	DefaultCooldown            = 30 * time.Minute
)

// Config configures a [Breaker]. Its zero value gives the defaults.
type Config struct {
	// NoProgressThreshold is the number of consecutive attempts without
	// progress that opens the breaker; 0 or less: 3.
	NoProgressThreshold int
	// SameErrorThreshold is the number of consecutive attempts failing with
	// the identical signature set that opens the breaker, the first of them
	// included; 0 or less: 5.
	SameErrorThreshold int
	// HalfOpenAfter is the number of consecutive attempts without progress
	// that makes a CLOSED breaker HALF_OPEN; 0 or less: 2.
	HalfOpenAfter int
	// InfraThreshold is the number of consecutive infrastructure failures
	// that opens the breaker; 0 or less: 5.
	InfraThreshold int
	// Cooldown is how long the breaker stays OPEN before it allows a trial
	// attempt; 0: 30 minutes; negative: no cooldown, it stays OPEN until
	// Reset (the bash loop's behaviour).
	Cooldown time.Duration
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

func (c Config) noProgressThreshold() int {
	return orDefault(c.NoProgressThreshold, DefaultNoProgressThreshold)
}

func (c Config) sameErrorThreshold() int {
	return orDefault(c.SameErrorThreshold, DefaultSameErrorThreshold)
}

func (c Config) halfOpenAfter() int { return orDefault(c.HalfOpenAfter, DefaultHalfOpenAfter) }

func (c Config) infraThreshold() int {
	return orDefault(c.InfraThreshold, DefaultInfraThreshold)
}

func (c Config) cooldown() time.Duration {
	if c.Cooldown == 0 {
		return DefaultCooldown
	}
	return c.Cooldown
}

func (c Config) now() time.Time {
	if c.Now == nil {
		return time.Now()
	}
	return c.Now()
}

func orDefault(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

// Attempt is one check run after an agent attempt: what the breaker
// compares between attempts.
type Attempt struct {
	// Cycle is the loop's cycle, recorded in the history.
	Cycle int `json:"cycle"`
	// Check is the failing check's name ("build", "vet", "lint", "test" or
	// a custom one); "" when all checks passed.
	Check string `json:"check"`
	// Signatures are the signatures of the failing check's errors (see
	// errkind.Signature), in any order, possibly repeated; empty when all
	// checks passed.
	Signatures []string `json:"signatures"`
	// Infra, when not empty, marks an infrastructure failure (network,
	// rate limit, agent timeout) and says which; Check and Signatures are
	// then ignored. Such an attempt tells nothing about the agent's
	// progress: it never counts as stuck on the same error.
	Infra string `json:"infra,omitempty"`
}

// Transition is a change of a breaker's state.
type Transition struct {
	From   State     `json:"from"`            // the state left
	To     State     `json:"to"`              // the state entered; the same as From for a Reset of a CLOSED breaker
	At     time.Time `json:"at"`              // when, by the breaker's clock
	Cycle  int       `json:"cycle,omitempty"` // the attempt's cycle; 0 for the cooldown and Reset
	Reason string    `json:"reason"`          // why, for humans
}

// Snapshot is what a breaker holds, for run.json.
type Snapshot struct {
	State  State  `json:"state"`
	Reason string `json:"reason,omitempty"` // why it is in its state; "" before any transition
	// The counters: consecutive attempts without progress, consecutive
	// attempts with the same signature set (the first included),
	// consecutive infrastructure failures.
	NoProgress int `json:"no_progress"`
	SameError  int `json:"same_error"`
	Infra      int `json:"infra"`
	// LastCheck and LastSignatures (sorted, without repeats) are the last
	// non-infrastructure attempt's, the baseline of the next comparison;
	// both empty when it passed.
	LastCheck      string   `json:"last_check,omitempty"`
	LastSignatures []string `json:"last_signatures,omitempty"`
	// OpenedAt is when the breaker opened, while it is OPEN.
	OpenedAt time.Time `json:"opened_at,omitzero"`
	// History is every transition, oldest first; [] before any.
	History []Transition `json:"history"`
}

// Breaker is the circuit breaker of the loop: fed the check run after each
// agent attempt, it tells whether the loop is making progress or is stuck.
// It generalises ralph-claude-code's breaker (CLOSED, HALF_OPEN, OPEN;
// thresholds; a cooldown; a history of transitions with reasons), but its
// progress is measured on error signature sets, not on files changed.
//
// # Progress
//
// Record compares an attempt's signature set (without repeats) with that
// of the previous attempt that was not an infrastructure failure, the
// baseline:
//
//   - All checks passed (Check "" and no signatures): progress.
//   - No baseline yet, or the baseline passed: progress. The first failure
//     is the baseline of the next attempts, not a lack of progress; a
//     failure after a pass is new work (the reviewer asked for more).
//   - Another check fails, later in the chain build < vet < lint < test
//     (unknown names rank after test): progress, the earlier check got
//     fixed. Earlier in the chain: no progress, a regression (but not the
//     same error).
//   - The same check, with a strict subset of the baseline's signatures
//     (fewer errors, none new): progress.
//   - The same check, with the identical set: no progress, and the same
//     error once more.
//   - The same check with some new signatures (or another check of the
//     same rank, whose signatures all differ): progress if the number of
//     errors did not grow — errors replaced by different ones is movement,
//     the agent did change what the compiler sees — no progress if it grew,
//     and none either when the new set is one already met since the last
//     real progress (a pass, a later check, fewer errors): an agent that
//     goes round in circles (A, B, A, B) is not moving.
//   - The same check failing with no signature at all (its output could not
//     be parsed) after a baseline that had some: no progress, since
//     progress that cannot be seen cannot be counted. Repeated, it is the
//     identical (empty) set.
//
// An infrastructure failure (Attempt.Infra) counts only towards the infra
// counter: it neither resets nor increments the others, and is not a
// baseline. Any other attempt resets the infra counter.
//
// # Counters and thresholds
//
// The no-progress counter is the number of consecutive attempts without
// progress; progress sets it to 0. The same-error counter is, as in the
// bash loop, the number of consecutive failing attempts with the same
// signature set, the first of them included: a failure with a new set sets
// it to 1, each identical repeat adds 1, a pass sets it to 0 — so with
// SameErrorThreshold 5 the fifth identical failure in a row (the fourth
// repeat) opens the breaker. An identical repeat is also no progress, so
// the no-progress counter reaches k-1 when the same-error counter reaches k:
// with the default thresholds the no-progress rule opens first (at the
// fourth identical failure); the same-error rule matters when
// NoProgressThreshold is raised to tolerate churn while identical repeats
// should still stop the circuit. The infra counter is the number of
// consecutive infrastructure failures.
//
// After each attempt, unless the breaker is OPEN, the first that applies:
//
//   - same-error counter ≥ SameErrorThreshold: OPEN;
//   - no-progress counter ≥ NoProgressThreshold: OPEN;
//   - infra counter ≥ InfraThreshold (an infrastructure failure): OPEN;
//   - the trial attempt after the cooldown made no progress: OPEN;
//   - progress while HALF_OPEN: CLOSED;
//   - no-progress counter ≥ HalfOpenAfter while CLOSED: HALF_OPEN.
//
// An OPEN breaker stays OPEN whatever is recorded (the counters and the
// baseline still follow the attempts) until its cooldown has passed — it
// then moves to HALF_OPEN, keeping its counters, to allow one trial: an
// infrastructure failure is not a trial, any other attempt is — or until
// Reset. Every change of state is appended to the history with the time,
// the cycle and a reason.
//
// The zero Breaker is a CLOSED breaker with the default configuration. A
// Breaker is safe for concurrent use.
type Breaker struct {
	mu  sync.Mutex
	cfg Config

	state    State
	openedAt time.Time
	trial    bool // HALF_OPEN after the cooldown: the next attempt is the trial
	history  []Transition

	noProgress, sameError, infra int

	last    attemptSet // the baseline
	hasLast bool
	// seen holds the failures met since the last real progress (a pass,
	// a later check, fewer errors): coming back to one of them by
	// replacing errors is going round in circles, not progress.
	seen map[string]bool
}

// New returns a CLOSED breaker.
func New(cfg Config) *Breaker {
	return &Breaker{cfg: cfg, state: Closed}
}

// Record feeds the breaker one attempt and returns its new state.
func (b *Breaker) Record(a Attempt) State {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.checkCooldown()

	if a.Infra != "" {
		b.infra++
		if b.state != Open && b.infra >= b.cfg.infraThreshold() {
			b.transition(Open, a.Cycle, fmt.Sprintf("%s in a row: %s", textutil.Count(b.infra, "infrastructure failure"), a.Infra))
		}
		return b.state
	}
	b.infra = 0

	cur := newAttemptSet(a)
	v := compare(b.last, b.hasLast, cur)
	b.last, b.hasLast = cur, true
	key := cur.check + "\x00" + strings.Join(cur.sigs, ",")
	switch {
	case v.progress && v.replaced && b.seen[key]:
		v = verdict{detail: fmt.Sprintf("back to an earlier failure: %s fails with %s", cur.name(), cur.errors())}
	case v.progress && !v.replaced:
		b.seen = nil
	}
	if b.seen == nil {
		b.seen = map[string]bool{}
	}
	b.seen[key] = true
	switch {
	case cur.passed():
		b.sameError = 0
	case v.same:
		b.sameError++
	default:
		b.sameError = 1
	}
	if v.progress {
		b.noProgress = 0
	} else {
		b.noProgress++
	}

	if b.state == Open {
		return b.state
	}
	trial := b.trial
	b.trial = false
	switch {
	case b.sameError >= b.cfg.sameErrorThreshold():
		b.transition(Open, a.Cycle, sameErrorReason(b.sameError, cur))
	case b.noProgress >= b.cfg.noProgressThreshold():
		b.transition(Open, a.Cycle, fmt.Sprintf("no progress in %s: %s", textutil.Count(b.noProgress, "attempt"), v.detail))
	case trial && !v.progress:
		b.transition(Open, a.Cycle, "trial after cooldown made no progress: "+v.detail)
	case v.progress && b.state == HalfOpen:
		b.transition(Closed, a.Cycle, "progress: "+v.detail)
	case b.state == Closed && b.noProgress >= b.cfg.halfOpenAfter():
		b.transition(HalfOpen, a.Cycle, fmt.Sprintf("no progress in %s: %s", textutil.Count(b.noProgress, "attempt"), v.detail))
	}
	return b.state
}

// State returns the breaker's state. An OPEN breaker whose cooldown has
// passed moves to HALF_OPEN, and says so, recording the transition.
func (b *Breaker) State() State {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.checkCooldown()
	return b.state
}

// Allow reports whether the loop may run another attempt: false only while
// the breaker is OPEN (after moving it to HALF_OPEN if its cooldown has
// passed, as State does).
func (b *Breaker) Allow() bool { return b.State() != Open }

// History returns a copy of the breaker's transitions, oldest first.
func (b *Breaker) History() []Transition {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.history)
}

// Reason returns why the breaker is in its state: the last transition's
// reason; "" before any.
func (b *Breaker) Reason() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.reason()
}

func (b *Breaker) reason() string {
	if len(b.history) == 0 {
		return ""
	}
	return b.history[len(b.history)-1].Reason
}

// Snapshot returns what the breaker holds, for run.json. Like State, it
// first moves an OPEN breaker whose cooldown has passed to HALF_OPEN.
func (b *Breaker) Snapshot() Snapshot {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.checkCooldown()
	s := Snapshot{
		State:          b.state,
		Reason:         b.reason(),
		NoProgress:     b.noProgress,
		SameError:      b.sameError,
		Infra:          b.infra,
		LastCheck:      b.last.check,
		LastSignatures: slices.Clone(b.last.sigs),
		History:        slices.Clone(b.history),
	}
	if s.History == nil {
		s.History = []Transition{}
	}
	if b.state == Open {
		s.OpenedAt = b.openedAt
	}
	return s
}

// Reset moves the breaker back to CLOSED and zeroes its counters, for a
// human who has intervened. It keeps the baseline, so the next attempt is
// still compared with the last one. The reset is recorded in the history
// even when the breaker was already CLOSED.
func (b *Breaker) Reset() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.init()
	b.noProgress, b.sameError, b.infra = 0, 0, 0
	b.transition(Closed, 0, "reset")
}

// checkCooldown moves an OPEN breaker whose cooldown has passed to
// HALF_OPEN for a trial.
func (b *Breaker) checkCooldown() {
	b.init()
	cd := b.cfg.cooldown()
	if b.state != Open || cd < 0 || b.cfg.now().Before(b.openedAt.Add(cd)) {
		return
	}
	b.transition(HalfOpen, 0, fmt.Sprintf("cooldown of %s passed", cd))
	b.trial = true
}

// init makes the zero Breaker CLOSED.
func (b *Breaker) init() {
	if b.state == "" {
		b.state = Closed
	}
}

// transition moves the breaker to the state to and records it.
func (b *Breaker) transition(to State, cycle int, reason string) {
	now := b.cfg.now()
	b.history = append(b.history, Transition{From: b.state, To: to, At: now, Cycle: cycle, Reason: reason})
	b.state = to
	b.trial = false
	b.openedAt = time.Time{}
	if to == Open {
		b.openedAt = now
	}
}

// attemptSet is an attempt reduced to what is compared: the failing check
// and its signatures, sorted, without repeats.
type attemptSet struct {
	check string
	sigs  []string
}

func newAttemptSet(a Attempt) attemptSet {
	sigs := slices.Clone(a.Signatures)
	slices.Sort(sigs)
	return attemptSet{check: a.Check, sigs: slices.Compact(sigs)}
}

// passed reports whether all checks passed. Signatures without a check
// name are a failure of an unnamed check, not a pass.
func (s attemptSet) passed() bool { return s.check == "" && len(s.sigs) == 0 }

// name is the check's name for the reasons.
func (s attemptSet) name() string {
	if s.check == "" {
		return "an unnamed check"
	}
	return s.check
}

// errors says how many errors the check failed with.
func (s attemptSet) errors() string {
	if len(s.sigs) == 0 {
		return "no parsed errors"
	}
	return textutil.Count(len(s.sigs), "error")
}

// checkRank orders the checks as the chain runs them; unknown names after
// test.
func checkRank(name string) int {
	switch name {
	case "build":
		return 0
	case "vet":
		return 1
	case "lint":
		return 2
	case "test":
		return 3
	}
	return 4
}

// verdict is what compare makes of an attempt.
type verdict struct {
	progress bool
	replaced bool   // progress only because errors were replaced by as many others
	same     bool   // the identical set of the same check
	detail   string // what happened, for the reasons
}

// compare judges cur against the baseline prev (if any), by the rules of
// the Breaker's doc comment.
func compare(prev attemptSet, hasPrev bool, cur attemptSet) verdict {
	switch {
	case cur.passed():
		return verdict{progress: true, detail: "all checks pass"}
	case !hasPrev:
		return verdict{progress: true, detail: fmt.Sprintf("first attempt: %s fails with %s", cur.name(), cur.errors())}
	case prev.passed():
		return verdict{progress: true, detail: fmt.Sprintf("%s fails with %s, all checks passed before", cur.name(), cur.errors())}
	}

	if cur.check != prev.check {
		pr, cr := checkRank(prev.check), checkRank(cur.check)
		switch {
		case cr > pr:
			return verdict{progress: true, detail: fmt.Sprintf("%s fixed, %s now fails with %s", prev.name(), cur.name(), cur.errors())}
		case cr < pr:
			return verdict{detail: fmt.Sprintf("regression: %s fails again with %s, was %s", cur.name(), cur.errors(), prev.name())}
		}
		// Same rank (two custom checks): their signatures all differ,
		// so judge as errors replaced, by the count.
		return verdict{
			progress: len(cur.sigs) <= len(prev.sigs),
			replaced: true,
			detail:   fmt.Sprintf("%s now fails with %s, was %s with %d", cur.name(), cur.errors(), prev.name(), len(prev.sigs)),
		}
	}

	if slices.Equal(cur.sigs, prev.sigs) {
		return verdict{same: true, detail: fmt.Sprintf("%s still fails with %s", cur.name(), cur.errors())}
	}
	if len(cur.sigs) == 0 {
		return verdict{detail: fmt.Sprintf("%s fails with no parsed errors, was %d", cur.name(), len(prev.sigs))}
	}
	added := 0
	for _, s := range cur.sigs {
		if _, found := slices.BinarySearch(prev.sigs, s); !found {
			added++
		}
	}
	if added == 0 {
		// Not equal, none new: a strict subset.
		return verdict{progress: true, detail: fmt.Sprintf("%s now fails with %s, was %d", cur.name(), cur.errors(), len(prev.sigs))}
	}
	return verdict{
		progress: len(cur.sigs) <= len(prev.sigs),
		replaced: true,
		detail:   fmt.Sprintf("%s now fails with %s (%d new), was %d", cur.name(), cur.errors(), added, len(prev.sigs)),
	}
}

// sameErrorReason is the reason the same-error rule opened the breaker.
func sameErrorReason(n int, s attemptSet) string {
	if len(s.sigs) == 0 {
		return fmt.Sprintf("same failure %d times in a row: %s fails with no parsed errors", n, s.name())
	}
	const shown = 3
	list := strings.Join(s.sigs[:min(shown, len(s.sigs))], ", ")
	if len(s.sigs) > shown {
		list += fmt.Sprintf(" and %d more", len(s.sigs)-shown)
	}
	word := "sig"
	if len(s.sigs) > 1 {
		word = "sigs"
	}
	return fmt.Sprintf("same %s %d times in a row (%s %s)", textutil.Count(len(s.sigs), "error"), n, word, list)
}
