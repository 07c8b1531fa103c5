package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/faultline-go/faultline/circuit"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/statedir"
	"github.com/faultline-go/faultline/internal/textutil"
	"github.com/faultline-go/faultline/loop"
	"github.com/faultline-go/faultline/prompt"
)

// hookInput is what Claude Code gives a command hook on stdin (the fields
// faultline reads).
type hookInput struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	StopHookActive bool   `json:"stop_hook_active"`
	ToolName       string `json:"tool_name"`
	ToolInput      struct {
		FilePath     string `json:"file_path"`
		NotebookPath string `json:"notebook_path"`
	} `json:"tool_input"`
}

// hookOutput is the JSON a hook answers with: "block" and a reason keeps
// Claude working on the reason; a systemMessage is shown to the user.
type hookOutput struct {
	Decision      string `json:"decision,omitempty"`
	Reason        string `json:"reason,omitempty"`
	SystemMessage string `json:"systemMessage,omitempty"`
}

// hookState is a session's circuit breaker, kept between hook calls.
type hookState struct {
	Attempts []circuit.Attempt `json:"attempts"`
	Blocks   int               `json:"blocks"` // consecutive blocks of Stop
}

// maxHookInput bounds the hook's JSON input.
const maxHookInput = 16 << 20

// maxHookAttempts bounds the attempts a session's state keeps.
const maxHookAttempts = 20

// editTools are the Claude Code tools that change a file.
var editTools = map[string]bool{"Edit": true, "Write": true, "MultiEdit": true}

// hook implements `faultline hook claude`: a Claude Code hook command.
// On Stop and SubagentStop it runs the check chain in the session's module
// and, when a check fails, blocks the stop with the focused fix prompt; on
// PostToolUse of an edit it runs build and vet on the edited package. A
// circuit breaker per session lets Claude stop when the same errors
// persist; a check that could not run never blocks.
func (e *env) hook() int {
	fs := e.newFlags()
	var sel selection
	sel.add(fs)
	maxBlocks := fs.Int("max-blocks", 5, "consecutive blocks of a stop at most (Claude Code itself gives up after 8)")
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if fs.NArg() != 1 || fs.Arg(0) != "claude" {
		return e.usageError(errors.New("hook: want the harness: faultline hook claude"))
	}
	opts, err := sel.options()
	if err != nil {
		return e.usageError(fmt.Errorf("hook: %w", err))
	}
	data, err := io.ReadAll(io.LimitReader(e.stdin, maxHookInput+1))
	if err != nil {
		return e.failure(fmt.Errorf("hook: reading the hook input: %w", err))
	}
	if len(data) > maxHookInput {
		return e.failure(fmt.Errorf("hook: the hook input is over %d MiB: not Claude Code's", maxHookInput>>20))
	}
	var in hookInput
	if err := json.Unmarshal(data, &in); err != nil {
		// Exit status 1: Claude Code shows the message and goes on.
		return e.failure(fmt.Errorf("hook: the hook input is not Claude Code's JSON: %w", err))
	}
	dir := in.Cwd
	if dir == "" {
		dir, _ = os.Getwd()
	}
	root, ok := filter.FindModuleRoot(dir)
	if !ok {
		return exitOK // not a Go module: nothing to check
	}
	switch in.HookEventName {
	case "Stop", "SubagentStop":
		return e.hookStop(in, root, opts, *maxBlocks)
	case "PostToolUse":
		return e.hookEdit(in, root, opts)
	}
	return exitOK
}

// hookStop checks the module when Claude is about to stop.
func (e *env) hookStop(in hookInput, root string, opts chainOptions, maxBlocks int) int {
	failed, code, ok := e.hookChecks(target{root: root, pattern: "./..."}, opts, nil)
	statePath, err := hookStatePath(in.SessionID, root)
	if err != nil {
		fmt.Fprintf(e.stderr, "faultline: hook: %v\n", err)
	}
	if !ok {
		return code
	}
	if failed == nil {
		if statePath != "" {
			_ = os.Remove(statePath) // passed: the session starts afresh
		}
		return exitOK
	}
	st := loadHookState(statePath)
	if !in.StopHookActive {
		// Claude stopped on its own, not after one of our blocks: a new
		// run of blocks starts (the breaker keeps its attempts: errors
		// that persist across turns still persist).
		st.Blocks = 0
	}
	attempt := circuit.Attempt{Cycle: len(st.Attempts) + 1, Check: failed.Name, Signatures: signatures(failed.Parsed.Errors)}
	st.Attempts = append(st.Attempts, attempt)
	if len(st.Attempts) > maxHookAttempts {
		st.Attempts = st.Attempts[len(st.Attempts)-maxHookAttempts:]
	}
	br := circuit.New(circuit.Config{Cooldown: -1})
	for _, a := range st.Attempts {
		br.Record(a)
	}
	summary := fmt.Sprintf("%s fails: %s", failed.Name, textutil.Count(len(failed.Parsed.Errors), "error"))
	if !br.Allow() || st.Blocks >= maxBlocks {
		why := br.Reason()
		if br.Allow() {
			why = fmt.Sprintf("%s in a row", textutil.Count(st.Blocks, "blocked stop"))
		}
		st.Blocks = 0
		if err := saveHookState(statePath, st); err != nil {
			fmt.Fprintf(e.stderr, "faultline: hook: keeping the session's breaker: %v\n", err)
		}
		return e.hookAnswer(hookOutput{SystemMessage: fmt.Sprintf("faultline: letting Claude stop: %s; %s (the same errors persist: fix them by hand or change the task)", why, summary)})
	}
	st.Blocks++
	if err := saveHookState(statePath, st); err != nil {
		fmt.Fprintf(e.stderr, "faultline: hook: keeping the session's breaker: %v\n", err)
	}
	reason := prompt.Fix(prompt.Failure{TaskID: "stop", Check: failed.Name, Result: failed.Parsed}, prompt.Options{ModuleDir: root})
	if w := circuit.Warning(br.State(), loop.Persisting(failed.Parsed.Errors, circuit.Streaks(st.Attempts))); w != "" {
		reason = w + "\n" + reason
	}
	return e.hookAnswer(hookOutput{Decision: "block", Reason: reason})
}

// hookEdit checks the package of a file Claude just edited: go build and go
// vet only, to stay fast.
func (e *env) hookEdit(in hookInput, root string, opts chainOptions) int {
	file := in.ToolInput.FilePath
	if !editTools[in.ToolName] || file == "" || !strings.HasSuffix(file, ".go") {
		return exitOK
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(in.Cwd, file)
	}
	rel, err := filepath.Rel(root, filepath.Dir(file))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return exitOK // outside the module
	}
	pattern := "./" + filepath.ToSlash(rel)
	if rel == "." {
		pattern = "."
	}
	failed, code, ok := e.hookChecks(target{root: root, pattern: pattern}, opts, []string{"build", "vet"})
	if !ok || failed == nil {
		return code
	}
	reason := prompt.Fix(prompt.Failure{TaskID: "edit", Check: failed.Name, Result: failed.Parsed}, prompt.Options{ModuleDir: root})
	return e.hookAnswer(hookOutput{Decision: "block", Reason: reason})
}

// hookChecks runs the checks (only those named, when only is not nil). It
// returns the check that failed, or nil when all passed; ok is false when
// the hook must end at once with code: a configuration or a check that
// could not run never blocks, it only tells the user.
func (e *env) hookChecks(t target, opts chainOptions, only []string) (*filter.Outcome, int, bool) {
	cfg, err := loadConfig(t.root)
	if err != nil {
		return nil, e.hookAnswer(hookOutput{SystemMessage: "faultline: " + oneLine(err.Error()) + " (not blocking)"}), false
	}
	chain, err := buildChain(t, cfg, opts)
	if err != nil {
		return nil, e.hookAnswer(hookOutput{SystemMessage: "faultline: " + oneLine(err.Error()) + " (not blocking)"}), false
	}
	if only != nil {
		chain.Only(only...)
	}
	ctx, stop := signalContext()
	defer stop()
	o, failed := filter.FirstFailure(chain.Run(ctx))
	switch {
	case !failed:
		return nil, exitOK, true
	case o.Status == filter.StatusError:
		return nil, e.hookAnswer(hookOutput{SystemMessage: fmt.Sprintf("faultline: %s could not run: %s (not blocking)", o.Name, oneLine(o.Note))}), false
	}
	return &o, exitOK, true
}

// hookAnswer prints the hook's JSON answer; Claude Code reads it when the
// exit status is 0.
func (e *env) hookAnswer(out hookOutput) int {
	if err := writeJSON(e.stdout, out); err != nil {
		return e.failure(err)
	}
	return exitOK
}

// signatures are the errors' signatures.
func signatures(errs []filter.Error) []string {
	sigs := make([]string, 0, len(errs))
	for _, e := range errs {
		sigs = append(sigs, e.Signature)
	}
	return sigs
}

// hookStatePath is where a session's breaker is kept: under the state
// directory, by session and module.
func hookStatePath(session, root string) (string, error) {
	state, err := statedir.Dir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(state, "hooks", "claude")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	clean := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, session)
	if len(clean) > 64 {
		clean = clean[:64]
	}
	if clean == "" {
		clean = "nosession"
	}
	return filepath.Join(dir, clean+"-"+statedir.Key(root)+".json"), nil
}

func loadHookState(path string) hookState {
	var st hookState
	if path == "" {
		return st
	}
	if data, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(data, &st)
	}
	return st
}

// saveHookState keeps a session's state; an error means its breaker
// forgets this attempt, which the hook says on stderr.
func saveHookState(path string, st hookState) error {
	if path == "" {
		return nil
	}
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
