package loop

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/faultline-go/faultline/agent"
	"github.com/faultline-go/faultline/autofix"
	"github.com/faultline-go/faultline/circuit"
	"github.com/faultline-go/faultline/detect"
	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
	"github.com/faultline-go/faultline/prompt"
	"github.com/faultline-go/faultline/review"
)

// Defaults of a Loop.
const (
	DefaultMaxCycles    = 3
	DefaultLintFixes    = 2 // lint-fix passes per cycle
	DefaultCheckFixes   = 3 // focused fix passes per failing check and cycle
	DefaultAgentRetries = 1 // retries of an agent call that failed
)

// FixTools are the reading and editing tools of a focused fix pass (Claude
// Code's tool names, passed to the agent's command as {tools}).
var FixTools = []string{"Read", "Edit", "MultiEdit", "Grep", "Glob"}

// FixToolsFor are the tools of a focused fix pass for a check: FixTools,
// and the shell commands the fix prompt tells the fixer to run to verify
// its fix (go build always; the failing Go check's own command), so that
// the instructions and the tools agree.
func FixToolsFor(check string) []string {
	tools := append(slices.Clone(FixTools), "Bash(go build:*)")
	switch filter.CheckName(check) {
	case filter.CheckVet:
		tools = append(tools, "Bash(go vet:*)")
	case filter.CheckLint:
		tools = append(tools, "Bash(golangci-lint run:*)")
	case filter.CheckTest:
		tools = append(tools, "Bash(go test:*)")
	}
	return tools
}

// Task is what the loop is asked to do.
type Task struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
}

// Status says how a run ended.
type Status string

// The ends of a run.
const (
	StatusApproved Status = "approved" // the reviewer approved
	StatusFailed   Status = "failed"   // the loop gave up: see the run's Error
)

// Stop reasons of a run.
const (
	StopApproved    = "approved"
	StopMaxCycles   = "max_cycles"
	StopBudget      = "budget_exhausted"
	StopBreaker     = "circuit_breaker_open"
	StopAgentFailed = "agent_failed"
	StopCheckError  = "check_could_not_run"
	StopCancelled   = "cancelled"
	// StopReviewUnreadable: the reviewer's reply could not be read whole,
	// so it approves nothing.
	StopReviewUnreadable = "review_unreadable"
)

// AgentCall records one agent call of a run; its whole result is in File.
type AgentCall struct {
	N          int        `json:"n"`
	Role       agent.Role `json:"role"`
	Cycle      int        `json:"cycle"`
	Phase      Phase      `json:"phase"`
	CostUSD    float64    `json:"cost_usd"`
	IsError    bool       `json:"is_error"`
	ExitCode   int        `json:"exit_code"`
	TimedOut   bool       `json:"timed_out,omitempty"`
	DurationMs int64      `json:"duration_ms"`
	File       string     `json:"file,omitempty"`
}

// CheckRun is the record of one run of one or more checks: the chain, the
// lint pass, a re-run of the failing check, or the re-validation after it.
// It is the run's one record of what the checks said; the circuit breaker
// reads it (Attempt), and its report is in File.
type CheckRun struct {
	N          int      `json:"n"`
	Cycle      int      `json:"cycle"`
	Phase      Phase    `json:"phase"`
	Checks     []string `json:"checks"`
	Failed     string   `json:"failed,omitempty"` // the check that failed, "" when all passed
	Errors     int      `json:"errors"`
	Signatures []string `json:"signatures,omitempty"`
	File       string   `json:"file,omitempty"`
	// OutputFile holds the failed check's complete output.
	OutputFile string `json:"output_file,omitempty"`
}

// Attempt is what the circuit breaker compares of a check run.
func (c CheckRun) Attempt() circuit.Attempt {
	return circuit.Attempt{Cycle: c.Cycle, Check: c.Failed, Signatures: c.Signatures}
}

// RunRecord is the record of a run, kept as run.json in its artifacts.
type RunRecord struct {
	Task         Task             `json:"task"`
	Status       Status           `json:"status"`
	StopReason   string           `json:"stop_reason"`
	Cycles       int              `json:"cycles"`
	TotalCostUSD float64          `json:"total_cost_usd"`
	StartedAt    time.Time        `json:"started_at"`
	FinishedAt   time.Time        `json:"finished_at,omitzero"`
	DurationMs   int64            `json:"duration_ms"`
	AgentCalls   []AgentCall      `json:"agent_calls"`
	CheckRuns    []CheckRun       `json:"check_runs"`
	Breaker      circuit.Snapshot `json:"breaker"`
	Infra        int              `json:"infrastructure_failures"`
	// BaselineErrors counts the distinct errors there before the change
	// (Loop.Baseline), which the loop set aside.
	BaselineErrors int `json:"baseline_errors,omitempty"`
	// ToolFixes counts the fixes of go vet and golangci-lint applied
	// without an agent (Loop.ToolFixes).
	ToolFixes int                 `json:"tool_fixes,omitempty"`
	State     *CycleState         `json:"state"`
	Error     *errkind.BuildError `json:"error"`
	// ErrorMessage is Error's message, for readers that know no BuildError.
	ErrorMessage string `json:"error_message,omitempty"`
}

// Failed reports whether the run ended without approval.
func (r *RunRecord) Failed() bool { return r.Status != StatusApproved }

// run is one Run in progress.
type run struct {
	l       *Loop
	ctx     context.Context
	task    Task
	state   *CycleState
	rec     *RunRecord
	chain   *filter.Chain
	breaker *circuit.Breaker
	builder *errkind.Builder
	art     *artifacts
	log     io.Writer
	now     func() time.Time
	failed  filter.Outcome // the check failing now; its Name is "" when all pass
	// preexisting are the first errors the baseline found, for the
	// coder's prompt as context.
	preexisting []filter.Error
}

// maxContextErrors bounds the pre-existing errors a coder prompt names.
const maxContextErrors = 10

// errStop ends a run: the record says why.
var errStop = errors.New("loop: run stopped")

// Run runs the loop on a task until the reviewer approves it or the loop
// gives up, and returns the run's record. It returns an error only when the
// loop cannot start (no agents, artifacts that cannot be written); every
// other failure is in the record, as a classified BuildError.
//
// A cycle: the coder works on the task (and on the current failure or the
// reviewer's findings); a lint-fix loop runs the lint check and gives its
// findings to a focused fix pass, up to MaxLintFixes times; the check chain
// runs; when a check fails, the short-circuit fix pass gives its errors to
// a focused fix pass (a quarter budget, reading and editing tools only),
// re-runs only that check, up to MaxFilterFixes times, then re-validates
// from that check onwards; when the chain passes, the reviewer reviews, its
// findings and verifications are recorded, and approval ends the run. The
// budget is checked after every agent call; the circuit breaker, fed the
// error signatures of every check run, stops a loop that makes no progress.
func (l *Loop) Run(ctx context.Context, task Task) (*RunRecord, error) {
	if l.Coder == nil || l.Reviewer == nil {
		return nil, errors.New("loop: a loop needs a coder and a reviewer")
	}
	r := &run{l: l, ctx: ctx, task: task, log: l.Log, now: l.Now}
	if r.now == nil {
		r.now = time.Now
	}
	if r.log == nil {
		r.log = io.Discard
	}
	if task.ID == "" {
		r.task.ID = "task"
	}
	r.chain = l.Chain
	if r.chain == nil {
		r.chain = filter.DefaultChain(l.ModuleDir, filter.ChainOptions{})
		r.chain.RerunFailedTests = true
	}
	// The chain is the caller's: the run changes a copy (baseline, where
	// failures' output goes).
	chain := *r.chain
	r.chain = &chain
	bc := l.Breaker
	if bc.Now == nil {
		bc.Now = r.now
	}
	r.breaker = circuit.New(bc)
	r.builder = &errkind.Builder{Now: r.now}
	r.state = &CycleState{TaskID: r.task.ID, TaskTitle: task.Title, MaxCycles: l.maxCycles(), MaxBudgetUSD: l.MaxBudgetUSD}
	r.rec = &RunRecord{Task: r.task, State: r.state, StartedAt: r.now(), AgentCalls: []AgentCall{}, CheckRuns: []CheckRun{}}
	if l.ArtifactsDir != "" {
		a, err := newArtifacts(l.ArtifactsDir)
		if err != nil {
			return nil, err
		}
		r.art = a
		if chain.OutputDir == "" {
			chain.OutputDir = filepath.Join(l.ArtifactsDir, "output")
		}
	}
	r.logf("task %s: %s (up to %d cycles%s)", r.task.ID, cmp.Or(task.Title, "untitled"), l.maxCycles(), r.budgetNote())
	var err error
	if l.Baseline {
		err = r.baseline()
	}
	if err == nil {
		err = r.cycles()
	}
	r.finish(err)
	if r.art != nil {
		if werr := r.art.write("run.json", r.rec); werr != nil {
			return r.rec, werr
		}
	}
	return r.rec, nil
}

func (l *Loop) maxCycles() int { return cmp.Or(max(l.MaxCycles, 0), DefaultMaxCycles) }

func (r *run) budgetNote() string {
	if r.l.MaxBudgetUSD <= 0 {
		return ""
	}
	return fmt.Sprintf(", budget $%.2f", r.l.MaxBudgetUSD)
}

func (r *run) logf(format string, args ...any) {
	fmt.Fprintf(r.log, "faultline: "+format+"\n", args...)
}

// baseline runs every check before the coder's first call and makes the
// chain set aside the errors already there, by signature.
func (r *run) baseline() error {
	if err := r.ctx.Err(); err != nil {
		return r.stop(StopCancelled, r.builder.FromSystemError(err))
	}
	chain := r.chain // the run's own copy (see Run)
	quiet := *chain
	quiet.OutputDir = "" // the baseline's failures are not the change's to keep
	sigs := map[string]bool{}
	var counts []string
	for _, o := range quiet.RunAll(r.ctx) {
		for _, e := range o.Parsed.Errors {
			if !sigs[e.Signature] && len(r.preexisting) < maxContextErrors {
				r.preexisting = append(r.preexisting, e)
			}
			sigs[e.Signature] = true
		}
		if n := len(o.Parsed.Errors); n > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", o.Name, n))
		}
	}
	if r.ctx.Err() != nil {
		return r.stop(StopCancelled, r.builder.FromSystemError(r.ctx.Err()))
	}
	r.rec.BaselineErrors = len(sigs)
	if len(sigs) == 0 {
		r.logf("baseline: no errors before the change")
		return nil
	}
	r.logf("baseline: %s already there (%s): set aside, never the coder's to fix", textutil.Count(len(sigs), "error"), strings.Join(counts, ", "))
	prev := chain.Ignore
	chain.Ignore = func(e filter.Error) string {
		if prev != nil {
			if why := prev(e); why != "" {
				return why
			}
		}
		if sigs[e.Signature] { // parsed errors come classified
			return "pre-existing (there before the change)"
		}
		return ""
	}
	return nil
}

// cycles runs the cycles; it returns errStop when the record says why the
// run ended, nil on approval.
func (r *run) cycles() error {
	for cycle := 1; cycle <= r.l.maxCycles(); cycle++ {
		r.state.Cycle = cycle
		r.rec.Cycles = cycle
		if err := r.cycle(); err != nil {
			return err
		}
		if r.state.Phase == PhaseApproved {
			return nil
		}
	}
	if r.failed.Name != "" {
		be := r.builder.FromOutcome(r.failed)
		be.Message = fmt.Sprintf("%d cycles used up: %s", r.l.maxCycles(), be.Message)
		be.VerificationFile = r.lastVerificationFile()
		return r.stop(StopMaxCycles, be)
	}
	open := openFindings(r.state.AllFindings)
	be := r.builder.FromSystemError(errkind.WithKind(fmt.Errorf("the reviewer did not approve in %d cycles: %d open %s",
		r.l.maxCycles(), open, textutil.Plural(open, "finding")), errkind.AgentTaskFailure))
	return r.stop(StopMaxCycles, be)
}

// cycle runs one cycle: coder, lint fixes, checks and their fix passes,
// reviewer.
func (r *run) cycle() error {
	st := r.state
	st.Phase = PhaseCoding
	res, err := r.callAgent(agent.RoleCoder, r.coderPrompt(), r.l.perAgentBudget(), nil)
	if err != nil {
		return err
	}
	st.CoderOutput = res.Text

	if err := r.lintFixes(); err != nil {
		return err
	}

	st.Phase = PhaseChecking
	outs, err := r.checks(PhaseChecking, func() ([]filter.Outcome, error) { return r.chain.Run(r.ctx), nil })
	if err != nil {
		return err
	}
	if failed, ok := filter.FirstFailure(outs); ok {
		passed, err := r.fixPass(failed)
		if err != nil || !passed {
			return err // the next cycle's coder sees the current failure
		}
	}
	return r.review()
}

// lintFixes runs the lint check and, while it fails, a focused fix pass on
// its findings.
func (r *run) lintFixes() error {
	if !slices.ContainsFunc(r.chain.Checks, func(c filter.Check) bool { return c.Name == string(filter.CheckLint) }) {
		return nil
	}
	st := r.state
	st.Phase = PhaseLinting
	for pass := 0; ; pass++ {
		o, err := r.chain.RunCheck(r.ctx, string(filter.CheckLint))
		if err == nil && o.Status == filter.StatusSkipped {
			if pass == 0 && st.Cycle == 1 {
				r.logf("lint pass skipped: %s", o.Note)
			}
			return nil
		}
		if _, err := r.checks(PhaseLinting, func() ([]filter.Outcome, error) { return []filter.Outcome{o}, err }); err != nil {
			return err
		}
		if !o.Failed() {
			return nil
		}
		if pass >= max(cmp.Or(r.l.MaxLintFixes, DefaultLintFixes), 0) {
			r.logf("cycle %d: lint still fails after %d fix passes; the chain will report it", st.Cycle, pass)
			return nil
		}
		if _, err := r.callAgent(agent.RoleFixer, r.fixPrompt(o), r.l.filterFixBudget(), FixToolsFor(o.Name)); err != nil {
			return err
		}
	}
}

// fixPass is the short-circuit fix pass for a failed check: a focused fix
// pass, a re-run of only that check, up to MaxFilterFixes times; then
// re-validation from that check onwards, whose next failure gets its own
// passes. It reports whether the whole chain passes in the end.
func (r *run) fixPass(failed filter.Outcome) (bool, error) {
	st := r.state
	limit := cmp.Or(r.l.MaxCheckFixes, DefaultCheckFixes)
	toolsTried := false
	for attempt := 1; attempt <= limit; {
		st.Phase = PhaseFixing
		var unapplied []autofix.Skipped
		if !toolsTried && r.l.ToolFixes && (failed.Name == string(filter.CheckVet) || failed.Name == string(filter.CheckLint)) {
			// The fixes the tools computed first: free, and exact.
			toolsTried = true
			applied, left := r.applyToolFixes(failed)
			unapplied = left
			if applied > 0 {
				next, passed, err := r.recheck(failed.Name)
				if err != nil || passed {
					return passed, err
				}
				failed = next
				continue
			}
		}
		r.logf("cycle %d: fix pass %d/%d for %s (%s)", st.Cycle, attempt, limit, failed.Name, errorCount(failed))
		p := r.fixPrompt(failed)
		if len(unapplied) > 0 {
			p += unappliedFixes(r.l.ModuleDir, unapplied)
		}
		if _, err := r.callAgent(agent.RoleFixer, p, r.l.filterFixBudget(), FixToolsFor(failed.Name)); err != nil {
			return false, err
		}
		attempt++
		next, passed, err := r.recheck(failed.Name)
		if err != nil || passed {
			return passed, err
		}
		failed = next
	}
	r.logf("cycle %d: %s still fails after %d fix passes", st.Cycle, failed.Name, limit)
	return false, nil
}

// recheck re-runs only the named check and, when it passes, the chain from
// it onwards. It returns the failure found, or passed when the whole chain
// from that check passes.
func (r *run) recheck(name string) (filter.Outcome, bool, error) {
	outs, err := r.checks(PhaseFixing, func() ([]filter.Outcome, error) {
		o, err := r.chain.RunCheck(r.ctx, name)
		return []filter.Outcome{o}, err
	})
	if err != nil {
		return filter.Outcome{}, false, err
	}
	if o := outs[0]; o.Failed() || o.Status == filter.StatusError {
		return o, false, nil
	}
	// The check passes: re-validate from it onwards.
	outs, err = r.checks(PhaseChecking, func() ([]filter.Outcome, error) { return r.chain.RunFrom(r.ctx, name) })
	if err != nil {
		return filter.Outcome{}, false, err
	}
	next, ok := filter.FirstFailure(outs)
	return next, !ok, nil
}

// applyToolFixes applies the fixes go vet and golangci-lint computed for
// the module, and returns how many it applied and those it could not.
func (r *run) applyToolFixes(failed filter.Outcome) (int, []autofix.Skipped) {
	fixes, err := autofix.Collect(r.ctx, r.l.ModuleDir, "./...", failed.Name != string(filter.CheckLint))
	if err != nil {
		r.logf("cycle %d: the tools' own fixes could not be collected: %v", r.state.Cycle, err)
		return 0, nil
	}
	if len(fixes) == 0 {
		return 0, nil
	}
	res, err := autofix.Apply(r.l.ModuleDir, fixes)
	if err != nil {
		r.logf("cycle %d: applying the tools' fixes: %v", r.state.Cycle, err)
	}
	for _, f := range res.Applied {
		r.logf("cycle %d: applied %s's fix without an agent: %s (%s:%d)", r.state.Cycle, f.Linter, f.Message, relPath(r.l.ModuleDir, f.File), f.Line)
	}
	r.rec.ToolFixes += len(res.Applied)
	return len(res.Applied), res.Skipped
}

// unappliedFixes shows the fixes the tools computed that could not be
// applied safely, as diffs for the fixer to consider.
func unappliedFixes(dir string, skipped []autofix.Skipped) string {
	var b strings.Builder
	b.WriteString("\nFIXES THE TOOLS SUGGESTED (not applied automatically; use them where they are right):\n")
	for _, s := range skipped {
		d := autofix.Diff(dir, s.Fix)
		if d == "" {
			continue
		}
		fmt.Fprintf(&b, "%s (%s: %s) — not applied: %s\n", prompt.Line(filter.Error{File: relPath(dir, s.File), Line: s.Line, Message: s.Finding}), s.Linter, s.Message, s.Reason)
		prompt.WriteFenced(&b, d)
	}
	return b.String()
}

// relPath is file relative to dir when inside it.
func relPath(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return file
}

// fixPrompt is the focused prompt of a fix pass for a failed check, with
// the breaker's warning first when it is HALF_OPEN.
func (r *run) fixPrompt(failed filter.Outcome) string {
	p := prompt.Fix(prompt.Failure{TaskID: r.task.ID, Check: failed.Name, Result: failed.Parsed},
		prompt.Options{BudgetUSD: r.l.filterFixBudget(), ModuleDir: r.l.ModuleDir})
	var attempts []circuit.Attempt
	for _, c := range r.rec.CheckRuns {
		if c.Phase != PhaseLinting {
			attempts = append(attempts, c.Attempt())
		}
	}
	if failed.OutputFile != "" {
		p += fmt.Sprintf("\nFULL OUTPUT: the check's complete output is saved in %s; the errors above were parsed from all of it", prompt.Line(filter.Error{Message: failed.OutputFile}))
		if failed.DroppedBytes > 0 {
			p += fmt.Sprintf(" (what is quoted of it here is cut: %d bytes in the middle are only in the file)", failed.DroppedBytes)
		}
		p += ".\n"
	}
	if w := circuit.Warning(r.breaker.State(), Persisting(failed.Parsed.Errors, circuit.Streaks(attempts))); w != "" {
		return w + "\n" + p
	}
	return p
}

// Persisting returns the errors that failed in more than one attempt in a
// row, by location, for circuit.Warning: each signature once, at its first
// error's place.
func Persisting(errs []filter.Error, streaks map[string]int) []circuit.Persisting {
	var out []circuit.Persisting
	seen := map[string]bool{}
	for _, e := range errs {
		n := streaks[e.Signature]
		if n < 2 || seen[e.Signature] {
			continue
		}
		seen[e.Signature] = true
		loc := filter.Position(e.File, e.Line, 0)
		if loc == "" {
			loc = firstLine(e.Message)
		}
		if e.Test != "" {
			loc += " (" + e.Test + ")"
		}
		out = append(out, circuit.Persisting{Location: loc + ": " + firstLine(e.Message), Attempts: n})
	}
	return out
}

func firstLine(s string) string {
	f, _, _ := strings.Cut(s, "\n")
	return f
}

// checks runs checks, records them (state, artifacts, breaker) and stops
// the run when a check cannot run or the breaker opens.
func (r *run) checks(phase Phase, runIt func() ([]filter.Outcome, error)) ([]filter.Outcome, error) {
	if err := r.ctx.Err(); err != nil {
		return nil, r.stop(StopCancelled, r.builder.FromSystemError(err))
	}
	outs, err := runIt()
	if err != nil {
		return nil, r.stop(StopCheckError, r.builder.FromSystemError(err))
	}
	st := r.state
	cr := CheckRun{N: len(r.rec.CheckRuns) + 1, Cycle: st.Cycle, Phase: phase}
	for _, o := range outs {
		cr.Checks = append(cr.Checks, o.Name)
	}
	failed, isFailed := filter.FirstFailure(outs)
	if isFailed {
		sigs := make([]string, 0, len(failed.Parsed.Errors))
		for _, e := range failed.Parsed.Errors {
			sigs = append(sigs, e.Signature)
		}
		if len(sigs) == 0 && failed.Output != "" {
			// No parser applies (a custom check): detect finds the
			// errors in its output, or else its tail stands for them.
			for _, e := range detect.Detect(failed.Output).Errors {
				sigs = append(sigs, e.Signature)
			}
			if len(sigs) == 0 {
				sigs = append(sigs, errkind.SignatureOf(errkind.Normalize(textutil.LastLines(failed.Output, 20))))
			}
		}
		cr.Failed, cr.Errors, cr.Signatures, cr.OutputFile = failed.Name, len(failed.Parsed.Errors), sigs, failed.OutputFile
		if phase != PhaseLinting {
			st.FailingCheck = failed.Name
			r.failed = failed
		}
		r.logf("cycle %d: %s failed: %s", st.Cycle, failed.Name, errorCount(failed))
	} else if phase != PhaseLinting {
		st.FailingCheck = ""
		r.failed = filter.Outcome{}
		r.logf("cycle %d: %s passed", st.Cycle, strings.Join(cr.Checks, ", "))
	}
	if r.art != nil {
		cr.File = fmt.Sprintf("verification-%d.json", cr.N)
		if err := r.art.write(cr.File, r.verificationReport(cr.N, outs)); err != nil {
			return nil, r.stop(StopCheckError, r.builder.FromSystemError(err))
		}
	}
	r.rec.CheckRuns = append(r.rec.CheckRuns, cr)
	if isFailed && failed.Status == filter.StatusError {
		be := r.builder.FromOutcome(failed)
		be.VerificationFile = r.artPath(cr.File)
		return nil, r.stop(StopCheckError, be)
	}
	if phase != PhaseLinting {
		// The lint pass is not the chain: its runs do not decide progress.
		r.recordBreaker(cr.Attempt())
		if !r.breaker.Allow() {
			be := r.builder.FromOutcome(failed)
			be.Message = "circuit breaker open: " + r.breaker.Reason() + ": " + be.Message
			be.VerificationFile = r.artPath(cr.File)
			if be.Context == nil {
				be.Context = map[string]any{}
			}
			be.Context["breaker"] = r.breaker.Reason()
			return nil, r.stop(StopBreaker, be)
		}
	}
	r.saveProgress()
	return outs, nil
}

// recordBreaker feeds the breaker and logs its transitions.
func (r *run) recordBreaker(a circuit.Attempt) {
	before := len(r.breaker.History())
	r.breaker.Record(a)
	for _, t := range r.breaker.History()[before:] {
		r.logf("circuit breaker %s → %s: %s", t.From, t.To, t.Reason)
	}
}

// review runs the reviewer and records what it says.
func (r *run) review() error {
	st := r.state
	st.Phase = PhaseReviewing
	res, err := r.callAgent(agent.RoleReviewer, r.reviewerPrompt(), r.l.perAgentBudget(), nil)
	if err != nil {
		return err
	}
	st.ReviewOutput = res.Text
	if res.TextCut {
		// Approval is decided on the whole reply or not at all: what was
		// cut may hold an ISSUE.
		be := r.builder.FromSystemError(errkind.WithKind(fmt.Errorf("the reviewer's reply was cut (over the agent's output cap): approval cannot be decided on part of it; raise the cap or ask for a shorter reply"), errkind.AgentTaskFailure))
		be.AgentResultFile = r.artPath(r.rec.AgentCalls[len(r.rec.AgentCalls)-1].File)
		return r.stop(StopReviewUnreadable, be)
	}
	reply := review.Parse(res.Text)
	for _, n := range reply.Notes {
		r.logf("cycle %d: %s", st.Cycle, n)
	}
	st.Findings, st.Verifications, st.Report = reply.Findings, reply.Verifications, reply.Report
	review.ApplyVerifications(st.AllFindings, st.Verifications)
	for i := range st.Findings {
		f := &st.Findings[i]
		f.Cycle = st.Cycle
		if j := slices.IndexFunc(st.AllFindings, func(g review.Finding) bool { return g.ID == f.ID }); j >= 0 {
			// Reported again: it is still there.
			if st.AllFindings[j].Status == review.StatusFixed {
				st.AllFindings[j].Status = review.StatusRegressed
			} else {
				st.AllFindings[j].Status = review.StatusStillPresent
			}
			continue
		}
		st.AllFindings = append(st.AllFindings, *f)
	}
	if reply.Approved {
		st.Phase = PhaseApproved
		r.logf("cycle %d: reviewer approved", st.Cycle)
		return nil
	}
	st.Phase = PhaseResolvingIssues
	r.logf("cycle %d: reviewer raised %d %s, %d open in all", st.Cycle, len(st.Findings), textutil.Plural(len(st.Findings), "finding"), openFindings(st.AllFindings))
	return nil
}

// callAgent calls an agent, records the call, retries a failed call, and
// stops the run when the agent keeps failing, the breaker opens or the
// budget is spent.
func (r *run) callAgent(role agent.Role, prompt string, budget float64, tools []string) (agent.Result, error) {
	a := r.l.Coder
	if role == agent.RoleReviewer {
		a = r.l.Reviewer
	}
	retries := max(cmp.Or(r.l.AgentRetries, DefaultAgentRetries), 0)
	for try := 0; ; try++ {
		if err := r.ctx.Err(); err != nil {
			return agent.Result{}, r.stop(StopCancelled, r.builder.FromSystemError(err))
		}
		req := agent.Request{Role: role, Prompt: prompt, BudgetUSD: budget, AllowedTools: tools, Dir: r.l.ModuleDir}
		res, err := a.Run(r.ctx, req)
		if r.ctx.Err() != nil {
			// Killed because the run was cancelled: not the agent's failure.
			if err == nil {
				r.recordCall(role, req, res)
			}
			return agent.Result{}, r.stop(StopCancelled, r.builder.FromSystemError(
				fmt.Errorf("the run was cancelled (interrupted) during the %s's call: %w", role, context.Cause(r.ctx))))
		}
		if err != nil {
			return agent.Result{}, r.stop(StopAgentFailed, r.builder.FromSystemError(errkind.WithKind(err, errkind.AgentCrash)))
		}
		call := r.recordCall(role, req, res)
		for _, w := range res.Warnings {
			r.logf("cycle %d: %s call %d: %s", r.state.Cycle, role, call.N, w)
		}
		// Agent implementations other than agent.Command may report
		// anything: a cost below 0 never buys back budget.
		r.state.TotalCostUSD += max(res.CostUSD, 0)
		r.rec.TotalCostUSD = r.state.TotalCostUSD
		if r.l.MaxBudgetUSD > 0 && r.state.TotalCostUSD >= r.l.MaxBudgetUSD {
			be := r.builder.FromSystemError(errkind.WithKind(fmt.Errorf("budget exhausted: spent $%.4f of $%.2f after %d agent calls",
				r.state.TotalCostUSD, r.l.MaxBudgetUSD, len(r.rec.AgentCalls)), errkind.SystemError))
			be.AgentResultFile = r.artPath(call.File)
			return agent.Result{}, r.stop(StopBudget, be)
		}
		if !res.IsError {
			r.saveProgress()
			return res, nil
		}
		r.rec.Infra++
		reason := infraReason(res)
		r.recordBreaker(circuit.Attempt{Cycle: r.state.Cycle, Infra: reason})
		if try >= retries || !r.breaker.Allow() {
			be := r.builder.FromAgentResult(res.Record(), r.artPath(call.File))
			addDetected(&be, res)
			be.Message = fmt.Sprintf("%s agent failed %d %s: %s", role, try+1, textutil.Plural(try+1, "time"), be.Message)
			return agent.Result{}, r.stop(StopAgentFailed, be)
		}
		r.logf("cycle %d: %s agent failed (%s); retrying", r.state.Cycle, role, reason)
	}
}

// addDetected adds to an agent's BuildError the errors detect finds in
// what the agent printed: the agent's output has no parser of its own.
func addDetected(be *errkind.BuildError, res agent.Result) {
	rep := detect.Detect(res.Text + "\n" + res.Stderr)
	if len(rep.Errors) == 0 {
		return
	}
	var found []map[string]any
	for _, e := range rep.Errors[:min(len(rep.Errors), 5)] {
		found = append(found, map[string]any{"text": e.Text, "category": e.Category, "severity": e.Severity, "signature": e.Signature})
	}
	if be.Context == nil {
		be.Context = map[string]any{}
	}
	be.Context["detectedErrors"] = found
}

// infraReason says why an agent call failed.
func infraReason(res agent.Result) string {
	text := strings.ToLower(res.Text + " " + textutil.LastLines(res.Stderr, 5))
	switch {
	case res.TimedOut:
		return "agent timed out"
	case strings.Contains(text, "rate limit") || strings.Contains(text, "429") || strings.Contains(text, "overloaded"):
		return "rate limit"
	case res.Signal != "":
		return "agent ended by a signal (" + res.Signal + ")"
	case res.ExitCode != 0:
		return fmt.Sprintf("agent exited %d", res.ExitCode)
	}
	return "agent reported an error"
}

// recordCall records an agent call in the record and the artifacts.
func (r *run) recordCall(role agent.Role, req agent.Request, res agent.Result) AgentCall {
	st := r.state
	call := AgentCall{N: len(r.rec.AgentCalls) + 1, Role: role, Cycle: st.Cycle, Phase: st.Phase, CostUSD: res.CostUSD,
		IsError: res.IsError, ExitCode: res.ExitCode, TimedOut: res.TimedOut, DurationMs: res.Duration.Milliseconds()}
	if r.art != nil {
		call.File = fmt.Sprintf("agent-%d.json", call.N)
		rec := struct {
			Call    AgentCall           `json:"call"`
			Request agentRequestRecord  `json:"request"`
			Result  agent.Result        `json:"result"`
			Seed    errkind.AgentResult `json:"agent_result"`
		}{call, agentRequestRecord{req.Role, req.BudgetUSD, req.AllowedTools, req.Prompt}, res, res.Record()}
		if err := r.art.write(call.File, rec); err != nil {
			r.logf("cannot write %s: %v", call.File, err)
		}
	}
	r.rec.AgentCalls = append(r.rec.AgentCalls, call)
	status := "ok"
	if res.IsError {
		status = infraReason(res)
	}
	r.logf("cycle %d: %s call %d: %s, $%.4f, %s", st.Cycle, role, call.N, status, res.CostUSD, res.Duration.Round(time.Millisecond))
	if res.IsError {
		if tail := textutil.LastLines(res.Stderr, 5); strings.TrimSpace(tail) != "" {
			r.logf("cycle %d: %s's stderr ends:\n  %s", st.Cycle, role, strings.ReplaceAll(tail, "\n", "\n  "))
		}
	}
	return call
}

// agentRequestRecord is an agent call's request as agent-N.json keeps it.
type agentRequestRecord struct {
	Role         agent.Role `json:"role"`
	BudgetUSD    float64    `json:"budget_usd"`
	AllowedTools []string   `json:"allowed_tools,omitempty"`
	Prompt       string     `json:"prompt"`
}

// stop records why the run ends and returns errStop.
func (r *run) stop(reason string, be errkind.BuildError) error {
	r.rec.StopReason = reason
	r.rec.Error = &be
	r.rec.ErrorMessage = be.Message
	r.state.Phase = PhaseError
	r.logf("stopped: %s", be.Message)
	return errStop
}

// finish completes the record.
func (r *run) finish(err error) {
	rec := r.rec
	rec.FinishedAt = r.now()
	rec.DurationMs = rec.FinishedAt.Sub(rec.StartedAt).Milliseconds()
	rec.Breaker = r.breaker.Snapshot()
	if err == nil && r.state.Phase == PhaseApproved {
		rec.Status, rec.StopReason = StatusApproved, StopApproved
		r.logf("approved after %d %s, $%.4f spent", rec.Cycles, textutil.Plural(rec.Cycles, "cycle"), rec.TotalCostUSD)
		return
	}
	rec.Status = StatusFailed
}

// saveProgress writes run.json as the run goes, so that a run that is
// killed leaves its record.
func (r *run) saveProgress() {
	if r.art == nil {
		return
	}
	r.rec.Breaker = r.breaker.Snapshot()
	if err := r.art.write("run.json", r.rec); err != nil {
		r.logf("cannot write run.json: %v", err)
	}
}

// artPath is the path of an artifact, "" when there is none.
func (r *run) artPath(name string) string {
	if r.art == nil || name == "" {
		return ""
	}
	return filepath.Join(r.art.dir, name)
}

func (r *run) lastVerificationFile() string {
	for i := len(r.rec.CheckRuns) - 1; i >= 0; i-- {
		if r.rec.CheckRuns[i].Failed != "" {
			return r.artPath(r.rec.CheckRuns[i].File)
		}
	}
	return ""
}

// verificationReport turns a run of checks into the seed's report: one
// level per check.
func (r *run) verificationReport(n int, outs []filter.Outcome) errkind.VerificationReport {
	rep := errkind.VerificationReport{RunID: r.task.ID, Iteration: n, Levels: map[string]*errkind.LevelResult{}}
	var total time.Duration
	rep.Overall.Passed = true
	for i, o := range outs {
		passed := !o.Failed() && o.Status != filter.StatusError
		rep.Levels[fmt.Sprintf("L%d", i)] = &errkind.LevelResult{Level: fmt.Sprintf("L%d", i), Passed: passed, Duration: o.Elapsed.Milliseconds(),
			Checks: []errkind.CheckReport{{Name: o.Name, Passed: passed, Output: o.FailureOutput(), Duration: o.Elapsed.Milliseconds()}}}
		total += o.Elapsed
		if !passed {
			rep.Overall.Passed = false
			rep.Overall.Summary = fmt.Sprintf("%s failed: %s", o.Name, errorCount(o))
		}
	}
	if rep.Overall.Passed {
		rep.Overall.Summary = "all checks passed"
	}
	rep.Duration = total.Milliseconds()
	rep.CompletedAt = r.now().UTC().Format(time.RFC3339)
	return rep
}

func errorCount(o filter.Outcome) string {
	if o.Status == filter.StatusError {
		return cmp.Or(o.Note, "could not run")
	}
	n := len(o.Parsed.Errors)
	if n == 0 {
		return "no error parsed"
	}
	return textutil.Count(n, "error")
}

func openFindings(fs []review.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Status != review.StatusFixed {
			n++
		}
	}
	return n
}

// coderPrompt is the coder's prompt: the task, and what stands in its way
// now — the current failure of a check, the reviewer's open findings.
func (r *run) coderPrompt() string {
	st := r.state
	var b strings.Builder
	fmt.Fprintf(&b, "Task (%s): %s\n", r.task.ID, cmp.Or(r.task.Title, "see below"))
	if r.task.Description != "" {
		fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(r.task.Description))
	}
	if r.failed.Name != "" {
		fmt.Fprintf(&b, "\nThe %s check fails on the current code. Fix it as part of the task.\n\n", r.failed.Name)
		prompt.WriteFailure(&b, r.failed.Parsed, prompt.Options{ModuleDir: r.l.ModuleDir})
	}
	if len(r.preexisting) > 0 && st.Cycle == 1 {
		b.WriteString("\nThese errors were there before your change; they are not yours to fix unless the task asks for it (the checks set them aside):\n")
		for _, e := range r.preexisting {
			fmt.Fprintf(&b, "- %s\n", prompt.Line(e))
		}
		if r.rec.BaselineErrors > len(r.preexisting) {
			fmt.Fprintf(&b, "- … and %d more\n", r.rec.BaselineErrors-len(r.preexisting))
		}
	}
	var open []review.Finding
	for _, f := range st.AllFindings {
		if f.Status != review.StatusFixed {
			open = append(open, f)
		}
	}
	if len(open) > 0 {
		b.WriteString("\nThe reviewer raised these findings; resolve each one:\n")
		for _, f := range open {
			fmt.Fprintf(&b, "- [%s] (%s) %s\n", f.ID, f.Severity, indentRest(f.Description))
		}
	}
	if r.l.MaxBudgetUSD > 0 {
		fmt.Fprintf(&b, "\nKeep this step under $%.2f.\n", r.l.perAgentBudget())
	}
	return b.String()
}

// reviewerPrompt asks for a review in the grammar review.Parse reads, with
// the open findings to verify.
func (r *run) reviewerPrompt() string {
	st := r.state
	var b strings.Builder
	fmt.Fprintf(&b, "Review the change for task (%s): %s\n", r.task.ID, cmp.Or(r.task.Title, "see below"))
	if r.task.Description != "" {
		fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(r.task.Description))
	}
	b.WriteString("\nThe build, vet, lint and test checks pass. Review the code in the working directory for correctness and completeness.\n")
	if len(st.AllFindings) > 0 {
		b.WriteString("\nVerify each earlier finding with a VERIFICATION: block (FINDING_ID:, STATUS: fixed | still_present | regressed, COMMENT:):\n")
		for _, f := range st.AllFindings {
			fmt.Fprintf(&b, "- %s (%s, %s): %s\n", f.ID, f.Severity, f.Status, indentRest(f.Description))
		}
	}
	b.WriteString("\nReport each new problem as an ISSUE: block (SEVERITY: critical | major | minor, DESCRIPTION: ...).\n")
	b.WriteString("End with a REPORT: block (SATISFACTION:, RISK:, NEEDS_HUMAN_REVIEW:, SUMMARY:), and a line APPROVED: when nothing is left to fix.\n")
	return b.String()
}

func indentRest(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n  ") }
