package errkind

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
)

// DefaultTailLines is how many lines of output a BuildError keeps when
// Builder.TailLines is zero: the seed's DEFAULT_ERROR_OPTIONS.
const DefaultTailLines = 50

// BuildError is a failure of an agent's attempt, classified, with its
// context and where to find the full output: the seed's BuildError. Its
// JSON uses the seed's names; absent files and exit codes are null.
type BuildError struct {
	// Type classifies the failure.
	Type Kind
	// Message is a one-line summary.
	Message string
	// ExitCode is the failed process's exit status, nil when there was
	// none.
	ExitCode *int
	// StdoutTail and StderrTail are the last lines of the output.
	StdoutTail, StderrTail string
	// AgentResultFile and VerificationFile name the files holding the
	// agent's result and the verification report; "" when there are none.
	AgentResultFile, VerificationFile string
	// Context holds details that depend on the kind: counts, files, tests,
	// the agent's session and model.
	Context map[string]any
	// FailedAt is when the failure was recorded.
	FailedAt time.Time
}

// buildErrorJSON is BuildError's JSON form.
type buildErrorJSON struct {
	Type             Kind           `json:"type"`
	Message          string         `json:"message"`
	ExitCode         *int           `json:"exitCode"`
	StdoutTail       string         `json:"stdoutTail"`
	StderrTail       string         `json:"stderrTail"`
	AgentResultFile  *string        `json:"agentResultFile"`
	VerificationFile *string        `json:"verificationFile"`
	Context          map[string]any `json:"context"`
	FailedAt         time.Time      `json:"failedAt"`
}

// MarshalJSON implements json.Marshaler with the seed's field names.
func (e BuildError) MarshalJSON() ([]byte, error) {
	ctx := e.Context
	if ctx == nil {
		ctx = map[string]any{}
	}
	return json.Marshal(buildErrorJSON{
		Type: e.Type, Message: e.Message, ExitCode: e.ExitCode,
		StdoutTail: e.StdoutTail, StderrTail: e.StderrTail,
		AgentResultFile: nullable(e.AgentResultFile), VerificationFile: nullable(e.VerificationFile),
		Context: ctx, FailedAt: e.FailedAt.UTC(),
	})
}

// UnmarshalJSON implements json.Unmarshaler.
func (e *BuildError) UnmarshalJSON(b []byte) error {
	var j buildErrorJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*e = BuildError{
		Type: j.Type, Message: j.Message, ExitCode: j.ExitCode,
		StdoutTail: j.StdoutTail, StderrTail: j.StderrTail,
		Context: j.Context, FailedAt: j.FailedAt,
	}
	if j.AgentResultFile != nil {
		e.AgentResultFile = *j.AgentResultFile
	}
	if j.VerificationFile != nil {
		e.VerificationFile = *j.VerificationFile
	}
	return nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Error implements error: the message.
func (e BuildError) Error() string { return e.Message }

// AgentResult is what running an agent produced: the seed's AgentResult,
// with the signal and deadline that may have ended it.
type AgentResult struct {
	Success          bool            `json:"success"`
	ExitCode         int             `json:"exitCode"`
	Stdout           string          `json:"stdout"`
	Stderr           string          `json:"stderr"`
	StructuredOutput json.RawMessage `json:"structuredOutput,omitempty"`
	DurationMs       int64           `json:"durationMs"`
	SessionID        string          `json:"sessionId,omitempty"`
	Model            string          `json:"model,omitempty"`
	TokensUsed       *TokenUsage     `json:"tokensUsed,omitempty"`
	ToolCalls        []ToolCall      `json:"toolCalls,omitempty"`
	// Signal names the signal that ended the process ("SIGKILL"), if any.
	Signal string `json:"signal,omitempty"`
	// TimedOut reports whether the caller's own deadline ended the run:
	// the evidence of a timeout. nil means the record does not say (a
	// record written by another tool); then, as in the seed, exit status
	// 137 or SIGKILL after a run of at least MinTimeoutEvidence counts as
	// a timeout.
	TimedOut *bool `json:"timedOut,omitempty"`
}

// MinTimeoutEvidence is how long a run whose record does not say whether a
// deadline ended it must have lasted for SIGKILL (exit status 137) to be
// taken for a timeout: a process killed after milliseconds was killed for
// something else (the OOM killer, a signal), not by a deadline.
const MinTimeoutEvidence = time.Second

// TokenUsage counts an agent's tokens.
type TokenUsage struct {
	Input  int `json:"input"`
	Output int `json:"output"`
	Total  int `json:"total"`
}

// ToolCall is one tool an agent called.
type ToolCall struct {
	Tool       string          `json:"tool"`
	Input      json.RawMessage `json:"input,omitempty"`
	Output     json.RawMessage `json:"output,omitempty"`
	DurationMs int64           `json:"durationMs"`
}

// hasStructuredOutput reports whether the agent produced structured output.
func (r AgentResult) hasStructuredOutput() bool {
	s := strings.TrimSpace(string(r.StructuredOutput))
	return s != "" && s != "null"
}

// VerificationReport is the seed's report of the checks run on an attempt,
// by level.
type VerificationReport struct {
	RunID     string `json:"runId"`
	Iteration int    `json:"iteration"`
	Overall   struct {
		Passed  bool   `json:"passed"`
		Summary string `json:"summary"`
	} `json:"overall"`
	Levels      map[string]*LevelResult `json:"levels"`
	Duration    int64                   `json:"duration"`
	CompletedAt string                  `json:"completedAt,omitempty"`
}

// LevelResult is one level of a VerificationReport (L0, L1, ...).
type LevelResult struct {
	Level    string        `json:"level"`
	Passed   bool          `json:"passed"`
	Checks   []CheckReport `json:"checks"`
	Duration int64         `json:"duration"`
}

// CheckReport is one check of a level.
type CheckReport struct {
	Name     string `json:"name"`
	Passed   bool   `json:"passed"`
	Output   string `json:"output"`
	Duration int64  `json:"duration"`
}

// KindError is an error that says its kind, for FromSystemError.
type KindError struct {
	Kind Kind
	Err  error
}

func (e *KindError) Error() string { return e.Err.Error() }
func (e *KindError) Unwrap() error { return e.Err }

// WithKind returns err marked with a kind that FromSystemError reports.
func WithKind(err error, k Kind) error { return &KindError{Kind: k, Err: err} }

// Builder builds BuildErrors: the seed's ErrorBuilder.
type Builder struct {
	// TailLines is how many lines of output to keep; 0 means
	// DefaultTailLines.
	TailLines int
	// Now returns the time of failure; nil means time.Now.
	Now func() time.Time
}

func (b *Builder) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// tail returns the last TailLines lines of text.
func (b *Builder) tail(text string) string {
	return textutil.LastLines(text, cmp.Or(b.TailLines, DefaultTailLines))
}

func intPtr(n int) *int { return &n }

// FromAgentResult builds the error of an agent run that failed: a timeout
// (decided by evidence: the record says the caller's deadline fired; exit
// status 124 with a "timed out" message, as timeout(1) and harnesses
// report it; or, for a record that does not say, SIGKILL after a run of at
// least MinTimeoutEvidence), a crash (a failing exit status without
// structured output, SIGKILL among them) or a task the agent reported it
// could not do.
func (b *Builder) FromAgentResult(r AgentResult, agentResultFile string) BuildError {
	kind := classifyAgent(r)
	e := BuildError{
		Type:            kind,
		Message:         agentMessage(r, kind),
		ExitCode:        intPtr(r.ExitCode),
		StdoutTail:      b.tail(r.Stdout),
		StderrTail:      b.tail(r.Stderr),
		AgentResultFile: agentResultFile,
		Context: map[string]any{
			"sessionId":     nilIfEmpty(r.SessionID),
			"model":         nilIfEmpty(r.Model),
			"durationMs":    r.DurationMs,
			"tokensUsed":    r.TokensUsed,
			"toolCallCount": len(r.ToolCalls),
		},
		FailedAt: b.now(),
	}
	if r.TokensUsed == nil {
		e.Context["tokensUsed"] = nil
	}
	return e
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func classifyAgent(r AgentResult) Kind {
	sig := strings.ToUpper(r.Signal)
	killed := r.ExitCode == 137 || sig == "SIGKILL" || sig == "KILLED" || sig == "SIGNAL: KILLED"
	switch {
	case r.TimedOut != nil && *r.TimedOut,
		r.ExitCode == 124 && saysTimedOut(r),
		r.TimedOut == nil && killed && time.Duration(r.DurationMs)*time.Millisecond >= MinTimeoutEvidence:
		return AgentTimeout
	case r.ExitCode != 0 && !r.hasStructuredOutput():
		return AgentCrash
	case !r.Success:
		return AgentTaskFailure
	}
	return Unknown
}

// saysTimedOut reports whether the end of an agent's output says it timed
// out.
func saysTimedOut(r AgentResult) bool {
	text := strings.ToLower(textutil.LastLines(r.Stderr, 5) + "\n" + textutil.LastLines(r.Stdout, 5))
	return strings.Contains(text, "timed out") || strings.Contains(text, "timeout")
}

func agentMessage(r AgentResult, kind Kind) string {
	base := kind.Description()
	switch kind {
	case AgentTimeout:
		return fmt.Sprintf("%s after %ds", base, (r.DurationMs+500)/1000)
	case AgentCrash:
		if r.Signal != "" {
			return fmt.Sprintf("%s (signal: %s)", base, r.Signal)
		}
		return fmt.Sprintf("%s with exit code %d", base, r.ExitCode)
	case AgentTaskFailure:
		if line := firstUsefulLine(r.Stderr); line != "" {
			return base + ": " + line
		}
	}
	return base
}

// firstUsefulLine returns the first line of text that says something: not
// blank, not a warning or progress note.
func firstUsefulLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		lower := strings.ToLower(l)
		if l == "" || strings.HasPrefix(lower, "warning") || strings.HasPrefix(lower, "note:") || strings.HasPrefix(lower, "info") {
			continue
		}
		return l
	}
	return ""
}

// checkKinds maps check names to kinds: the seed's names and faultline's
// Go checks.
var checkKinds = map[string]Kind{
	"typecheck": TypecheckFailed, "build": TypecheckFailed, "go build": TypecheckFailed, "tsc": TypecheckFailed,
	"lint": LintFailed, "eslint": LintFailed, "vet": LintFailed, "go vet": LintFailed,
	"golangci-lint": LintFailed, "golangci": LintFailed, "staticcheck": LintFailed,
	"test": TestFailed, "go test": TestFailed, "vitest": TestFailed, "jest": TestFailed,
	"blackbox": BlackboxFailed,
	"ci":       CIFailed,
}

// KindOfCheck returns the kind of failure of the named check.
func KindOfCheck(name string) Kind {
	return checkKinds[strings.ToLower(name)]
}

// goCheckNames are what faultline's chain calls its checks, with what
// they ran.
var goCheckNames = map[string]string{
	"build": "go build", "go build": "go build",
	"vet": "go vet", "go vet": "go vet",
	"lint": "golangci-lint", "golangci-lint": "golangci-lint", "golangci": "golangci-lint",
	"test": "go test", "go test": "go test",
}

// FromVerificationReport builds the error of a verification that failed:
// the kind from the first failed check the seed or faultline knows, the
// message and context (error count, file count, files, failed tests) from
// its output as the filter package parses it — or, for TypeScript and
// JavaScript tools, as the seed counted it.
func (b *Builder) FromVerificationReport(r VerificationReport, verificationFile, agentResultFile string) BuildError {
	var failed *CheckReport
	kind := Unknown
	for _, level := range levelOrder(r.Levels) {
		lr := r.Levels[level]
		if lr == nil || lr.Passed {
			continue
		}
		for i := range lr.Checks {
			c := &lr.Checks[i]
			if c.Passed {
				continue
			}
			if failed == nil {
				failed = c
			}
			if k := KindOfCheck(c.Name); k != Unknown && kind == Unknown {
				kind, failed = k, c
			}
		}
	}
	if kind == Unknown && failed != nil {
		// A check whose name says nothing: its level says what it is.
		kind = kindOfLevel(failedLevel(r, failed), failed.Name)
	}
	ctx := map[string]any{"duration": r.Duration}
	e := BuildError{
		Type:             kind,
		Message:          kind.Description(),
		VerificationFile: verificationFile,
		AgentResultFile:  agentResultFile,
		Context:          ctx,
		FailedAt:         b.now(),
	}
	if failed == nil {
		return e
	}
	ctx["check"] = failed.Name
	e.StdoutTail = b.tail(failed.Output)
	base := kind.Description()
	if tool, ok := goCheckNames[strings.ToLower(failed.Name)]; ok && looksLikeGo(failed.Output) {
		res := filter.Parse(filter.CheckName(failed.Name), failed.Output, filter.Options{})
		addParsedContext(ctx, res)
		base = goCheckMessage(tool)
	} else {
		addSeedContext(ctx, failed.Output)
	}
	e.Message = withCounts(base, ctx)
	return e
}

// failedLevel is the level a check belongs to.
func failedLevel(r VerificationReport, c *CheckReport) string {
	for name, lr := range r.Levels {
		if lr == nil {
			continue
		}
		for i := range lr.Checks {
			if &lr.Checks[i] == c {
				return strings.ToUpper(cmp.Or(lr.Level, name))
			}
		}
	}
	return ""
}

// kindOfLevel is the kind of a failed check by its verification level, as
// AgentGate's levels are: L0 static checks (typecheck, or lint when its
// name says so), L1 tests, L2 black-box tests, L3 CI.
func kindOfLevel(level, check string) Kind {
	switch level {
	case "L0":
		if strings.Contains(strings.ToLower(check), "lint") {
			return LintFailed
		}
		return TypecheckFailed
	case "L1":
		return TestFailed
	case "L2":
		return BlackboxFailed
	case "L3":
		return CIFailed
	}
	return Unknown
}

// levelOrder returns level names in natural order: L0, L1, ..., L10.
func levelOrder(levels map[string]*LevelResult) []string {
	names := make([]string, 0, len(levels))
	for name := range levels {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		na, ea := strconv.Atoi(strings.TrimLeft(a, "LlVv"))
		nb, eb := strconv.Atoi(strings.TrimLeft(b, "LlVv"))
		if ea == nil && eb == nil && na != nb {
			return cmp.Compare(na, nb)
		}
		return strings.Compare(a, b)
	})
	return names
}

// goOutput marks what only the Go toolchain prints: positions in .go files,
// package headers, test results and test2json events.
var goOutput = regexp.MustCompile(`(?m)\.go:\d+|^# \S|^--- FAIL: |^FAIL\t|^ok  \t|^=== RUN|"Action":"|^panic: |^go: `)

// looksLikeGo reports whether a check's output is the Go toolchain's: the
// seed's check names ("test", "lint") are also JavaScript tools'.
func looksLikeGo(output string) bool {
	return !tsErrors.MatchString(output) && goOutput.MatchString(output)
}

// The seed's counts for TypeScript and JavaScript tools.
var (
	tsErrors    = regexp.MustCompile(`error TS\d+`)
	tsFiles     = regexp.MustCompile(`(?m)^\S+\.tsx?`)
	failedCount = regexp.MustCompile(`(\d+) failed`)
)

func addSeedContext(ctx map[string]any, output string) {
	if errs := tsErrors.FindAllString(output, -1); len(errs) > 0 {
		files := map[string]bool{}
		for _, f := range tsFiles.FindAllString(output, -1) {
			if i := strings.IndexByte(f, '('); i > 0 {
				f = f[:i] // src/foo.ts(1,1): ...
			}
			files[f] = true
		}
		ctx["errorCount"] = len(errs)
		ctx["fileCount"] = len(files)
		if len(files) > 0 {
			ctx["files"] = slices.Sorted(maps.Keys(files))
		}
	}
	if m := failedCount.FindStringSubmatch(output); m != nil {
		n, _ := strconv.Atoi(m[1])
		ctx["failedTests"] = n
	}
}

// maxContextNames bounds the files and tests listed in a context.
const maxContextNames = 20

// addParsedContext adds what a parse found: how many errors in how many
// files, which files, which tests failed, and the categories.
func addParsedContext(ctx map[string]any, res filter.ParseResult) {
	files, tests, cats := map[string]bool{}, map[string]bool{}, map[string]int{}
	for _, e := range res.Errors {
		if e.File != "" {
			files[e.File] = true
		}
		if e.Test != "" {
			tests[e.Test] = true
		}
		if e.Category != "" {
			cats[e.Category]++
		}
	}
	ctx["errorCount"] = len(res.Errors)
	ctx["fileCount"] = len(files)
	ctx["files"] = capNames(slices.Sorted(maps.Keys(files)))
	if len(tests) > 0 {
		ctx["failedTests"] = len(tests)
		ctx["tests"] = capNames(slices.Sorted(maps.Keys(tests)))
	}
	if len(cats) > 0 {
		ctx["categories"] = cats
	}
	if res.Truncated {
		ctx["truncated"] = true
	}
}

func capNames(names []string) []string {
	if len(names) > maxContextNames {
		return names[:maxContextNames]
	}
	return names
}

func goCheckMessage(tool string) string {
	switch tool {
	case "go build":
		return "go build failed"
	case "go test":
		return "go test failed"
	}
	return tool + " found problems"
}

// withCounts adds the error and file counts of a context to a message.
func withCounts(base string, ctx map[string]any) string {
	n, _ := ctx["errorCount"].(int)
	if n == 0 {
		if t, _ := ctx["failedTests"].(int); t > 0 {
			return fmt.Sprintf("%s (%d failed %s)", base, t, textutil.Plural(t, "test"))
		}
		return base
	}
	files, _ := ctx["fileCount"].(int)
	return fmt.Sprintf("%s (%d %s in %d %s)", base, n, textutil.Plural(n, "error"), files, textutil.Plural(files, "file"))
}

// FromCheck builds the error of a failed check from what it printed.
func (b *Builder) FromCheck(cr filter.CheckResult) BuildError {
	return b.FromOutcome(filter.Outcome{CheckResult: cr, Status: filter.StatusFailed, Parsed: filter.ParseCheckOutput(cr)})
}

// FromOutcome builds the error of a failed check the chain ran, from its
// parsed result.
func (b *Builder) FromOutcome(o filter.Outcome) BuildError {
	kind := KindOfCheck(o.Name)
	if o.Status == filter.StatusError {
		kind = SystemError // the check could not even run
	}
	ctx := map[string]any{"check": o.Name, "durationMs": o.Elapsed.Milliseconds()}
	errs := slices.Clone(o.Parsed.Errors)
	Annotate(errs)
	res := o.Parsed
	res.Errors = errs
	addParsedContext(ctx, res)
	if o.TimedOut {
		ctx["timedOut"] = true
	}
	if o.Truncated {
		ctx["outputTruncated"] = true
	}
	base := kind.Description()
	if tool, ok := goCheckNames[strings.ToLower(o.Name)]; ok && kind != SystemError {
		base = goCheckMessage(tool)
	}
	msg := withCounts(base, ctx)
	if o.Note != "" {
		msg += ": " + o.Note
	}
	e := BuildError{
		Type:       kind,
		Message:    msg,
		StdoutTail: b.tail(o.FailureOutput()),
		Context:    ctx,
		FailedAt:   b.now(),
	}
	if o.Status != filter.StatusError && o.ExitCode >= 0 {
		e.ExitCode = intPtr(o.ExitCode)
	}
	return e
}

// FromSystemError builds the error of an infrastructure failure: its kind
// from the error chain (a KindError) or its message (workspace, snapshot,
// GitHub, git), the chain of errors in stderrTail.
func (b *Builder) FromSystemError(err error) BuildError {
	if err == nil {
		err = errors.New("nil error")
	}
	chain := errorChain(err)
	types := make([]string, len(chain))
	lines := make([]string, len(chain))
	for i, c := range chain {
		types[i] = fmt.Sprintf("%T", c)
		lines[i] = fmt.Sprintf("%T: %v", c, c)
	}
	stack := strings.Join(lines, "\n")
	if plus := fmt.Sprintf("%+v", err); plus != err.Error() {
		stack = plus + "\n" + stack // an error that prints a stack trace
	}
	return BuildError{
		Type:       systemKind(err),
		Message:    err.Error(),
		StderrTail: b.tail(stack),
		Context:    map[string]any{"errorName": types[0], "errorChain": types},
		FailedAt:   b.now(),
	}
}

// errorChain returns err and every error it wraps, depth first.
func errorChain(err error) []error {
	var chain []error
	var walk func(error)
	walk = func(e error) {
		if e == nil || len(chain) >= 32 {
			return
		}
		chain = append(chain, e)
		switch u := e.(type) { //nolint:errorlint // this walks the chain itself, one Unwrap at a time
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		case interface{ Unwrap() []error }:
			for _, w := range u.Unwrap() {
				walk(w)
			}
		}
	}
	walk(err)
	return chain
}

var (
	gitRemote = regexp.MustCompile(`(?i)\bgit\b.*\b(push|pull|fetch|clone|remote|ls-remote)\b|could not read from remote|authentication failed for`)
	gitLocal  = regexp.MustCompile(`(?i)\bgit\b|not a git repository|\bworktree\b`)
)

func systemKind(err error) Kind {
	var ke *KindError
	if errors.As(err, &ke) {
		return ke.Kind
	}
	msg := strings.ToLower(err.Error())
	switch {
	case strings.Contains(msg, "snapshot"):
		return SnapshotError
	case strings.Contains(msg, "github") || strings.Contains(msg, "api.github.com") || gitRemote.MatchString(msg):
		return GitHubError
	case strings.Contains(msg, "workspace") || gitLocal.MatchString(msg):
		return WorkspaceError
	}
	return SystemError
}
