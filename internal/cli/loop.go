package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/faultline-go/faultline/agent"
	"github.com/faultline-go/faultline/circuit"
	"github.com/faultline-go/faultline/internal/statedir"
	"github.com/faultline-go/faultline/internal/textutil"
	"github.com/faultline-go/faultline/loop"
)

// loopCmd implements `faultline loop`: the coder–checks–reviewer loop on a
// task, with agents that are commands reading their prompt on stdin. The
// progress log goes to stderr; stdout gets the outcome (or, with --json,
// the run record). Exit status: 0 approved, 1 the loop gave up, 2 bad
// usage, 3 the loop could not start.
func (e *env) loopCmd() int {
	fs := e.newFlags()
	task := fs.String("task", "", "the task: its first line is the title")
	taskFile := fs.String("task-file", "", "read the task from this file instead")
	coderFormat := fs.String("coder-format", "", "how to read the coder's output: "+strings.Join(agent.Formats, ", ")+" (default: told by its shape)")
	reviewerFormat := fs.String("reviewer-format", "", "how to read the reviewer's output (default: told by its shape)")
	noToolFixes := fs.Bool("no-tool-fixes", false, "do not apply go vet's and golangci-lint's own fixes before a fix pass pays an agent")
	noBaseline := fs.Bool("no-baseline", false, "do not run the checks before the coder's first call (errors already there are then the coder's to fix)")
	heartbeat := fs.Duration("heartbeat", 30*time.Second, "how often to say on stderr that an agent is still running (0: never)")
	taskID := fs.String("task-id", "task", "the task's ID, named in prompts and records")
	coder := fs.String("coder", "", "the coder agent's command; the prompt arrives on its stdin ({role} {budget} {tools} {dir} are expanded)")
	reviewer := fs.String("reviewer", "", "the reviewer agent's command")
	maxCycles := fs.Int("max-cycles", loop.DefaultMaxCycles, "coder–reviewer cycles at most")
	budget := fs.Float64("budget", 0, "USD the agents may spend in all (0: no bound)")
	dir := fs.String("dir", ".", "the module the agents work on (its root is found from here)")
	artifacts := fs.String("artifacts", "", "where the run's agent-N.json, verification-N.json and run.json go (default: a new directory under faultline's state directory, printed)")
	agentTimeout := fs.Duration("agent-timeout", agent.DefaultTimeout, "how long one agent call may take")
	fixes := fs.Int("fix-attempts", loop.DefaultCheckFixes, "focused fix passes per failing check and cycle")
	lintFixes := fs.Int("lint-fixes", loop.DefaultLintFixes, "lint-fix passes per cycle")
	retries := fs.Int("agent-retries", loop.DefaultAgentRetries, "retries of a failed agent call (-1: none)")
	noProgress := fs.Int("no-progress", circuit.DefaultNoProgressThreshold, "attempts without progress that open the circuit breaker")
	sameError := fs.Int("same-error", circuit.DefaultSameErrorThreshold, "attempts with the same errors that open the circuit breaker")
	var sel selection
	sel.add(fs)
	asJSON := fs.Bool("json", false, "print the run record as JSON on stdout")
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if *taskFile != "" {
		if *task != "" {
			return e.usageError(errors.New("loop: --task and --task-file do not go together"))
		}
		data, err := os.ReadFile(*taskFile)
		if err != nil {
			return e.usageError(fmt.Errorf("loop: --task-file: %w", err))
		}
		*task = string(data)
	}
	for _, f := range []string{*coderFormat, *reviewerFormat} {
		if f != "" && !slices.Contains(agent.Formats, f) {
			return e.usageError(fmt.Errorf("loop: agent format %q: want one of %s", f, strings.Join(agent.Formats, ", ")))
		}
	}
	switch {
	case fs.NArg() > 0:
		return e.usageError(fmt.Errorf("loop: unexpected argument %q", fs.Arg(0)))
	case strings.TrimSpace(*task) == "":
		return e.usageError(errors.New("loop: --task or --task-file is required"))
	case *coder == "" || *reviewer == "":
		return e.usageError(errors.New("loop: --coder and --reviewer are required"))
	case *maxCycles < 1 || *fixes < 1 || *lintFixes < 0 || *budget < 0 || *agentTimeout <= 0:
		return e.usageError(errors.New("loop: --max-cycles and --fix-attempts must be at least 1; --lint-fixes, --budget and --agent-timeout not negative"))
	}
	opts, err := sel.options()
	if err != nil {
		return e.usageError(fmt.Errorf("loop: %w", err))
	}
	if sel.from != "" || sel.only != "" {
		return e.usageError(errors.New("loop: --from and --only choose where check starts; the loop runs the whole chain (use --skip)"))
	}
	abs, err := e.resolveDir(*dir)
	if err != nil {
		return e.usageError(err)
	}
	var sc scope
	var cleanup = func() {}
	if sel.example {
		sc, cleanup, err = e.checkScope("", sel)
	} else {
		sc, err = resolveScope(abs, true)
	}
	if err != nil {
		return e.cannotRun(fmt.Errorf("loop: %w", err))
	}
	defer cleanup()
	if sc.workspace != "" {
		return e.cannotRun(fmt.Errorf("loop: %s is a workspace (%s), not a module: the loop works on one module; run it in the module's directory", abs, sc.workspace))
	}
	t := sc.targets[0] // the whole module: an agent's change may break any package of it
	mod := t.root
	cfg, err := loadConfig(mod)
	if err != nil {
		if errors.Is(err, errConfig) {
			return e.usageError(err)
		}
		return e.cannotRun(err)
	}
	chain, err := buildChain(t, cfg, opts)
	if err != nil {
		return e.usageError(fmt.Errorf("loop: %w", err))
	}
	agents := make([]agent.Agent, 2)
	for i, cmd := range []string{*coder, *reviewer} {
		a, err := agent.NewCommand(cmd)
		if err != nil {
			return e.usageError(fmt.Errorf("loop: %w", err))
		}
		a.Timeout = *agentTimeout
		a.Format = []string{*coderFormat, *reviewerFormat}[i]
		if *heartbeat > 0 {
			a.Heartbeat, a.HeartbeatEvery = e.stderr, *heartbeat
		}
		agents[i] = a
	}
	// One loop per working tree: two would edit the same files and
	// judge each other's half-made changes.
	release, err := statedir.Lock(mod, "loop")
	if err != nil {
		if errors.Is(err, statedir.ErrLocked) {
			fmt.Fprintf(e.stderr, "faultline: loop: another faultline loop is running on %s: %v; wait for it or stop it\n", mod, err)
		} else {
			fmt.Fprintf(e.stderr, "faultline: loop: %v\n", err)
		}
		return exitCannotRun
	}
	defer release()
	art := *artifacts
	if art == "" {
		if art, err = statedir.NewRunDir(mod, time.Now()); err != nil {
			fmt.Fprintf(e.stderr, "faultline: loop: %v\n", err)
			return exitCannotRun
		}
	}
	if art, err = filepath.Abs(art); err != nil {
		return e.usageError(fmt.Errorf("loop: %w", err))
	}
	fmt.Fprintf(e.stderr, "faultline: artifacts in %s\n", art)
	title, desc, _ := strings.Cut(strings.TrimSpace(*task), "\n")
	l := &loop.Loop{
		MaxCycles: *maxCycles, MaxBudgetUSD: *budget, ModuleDir: mod,
		Coder: agents[0], Reviewer: agents[1],
		Chain:         chain,
		MaxLintFixes:  *lintFixes,
		MaxCheckFixes: *fixes,
		AgentRetries:  *retries,
		Breaker:       circuit.Config{NoProgressThreshold: *noProgress, SameErrorThreshold: *sameError},
		ArtifactsDir:  art,
		Baseline:      !*noBaseline,
		ToolFixes:     !*noToolFixes,
		Log:           e.stderr,
	}
	if *lintFixes == 0 {
		l.MaxLintFixes = -1 // the Loop's 0 is its default; the flag's 0 is none
	}
	ctx, stop := signalContext()
	defer stop()
	rec, err := l.Run(ctx, loop.Task{ID: *taskID, Title: title, Description: strings.TrimSpace(desc)})
	if err != nil {
		fmt.Fprintf(e.stderr, "faultline: %s\n", oneLine(err.Error()))
		return exitCannotRun
	}
	if *asJSON {
		if err := writeJSON(e.stdout, rec); err != nil {
			return e.failure(err)
		}
	} else {
		fmt.Fprintf(e.stdout, "%s: %s after %d %s, $%.4f spent; artifacts in %s\n", rec.Status, rec.StopReason, rec.Cycles,
			textutil.Plural(rec.Cycles, "cycle"), rec.TotalCostUSD, art)
		if rec.Error != nil {
			fmt.Fprintf(e.stdout, "%s: %s\n", rec.Error.Type, rec.Error.Message)
		}
	}
	switch {
	case rec.StopReason == loop.StopCancelled:
		return exitCannotRun
	case rec.Failed():
		return exitFail
	}
	return exitOK
}
