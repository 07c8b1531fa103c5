package scriptagent

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// Main runs the command with os.Args, os.Stdin and the environment, in the
// current directory, and returns its exit status.
func Main() int {
	return run(os.Args[1:], ".", os.Stdin, os.Stdout, os.Stderr, os.Getenv)
}

// MainAs runs the command as the CLI agent named tool (claude, codex,
// gemini, aider) would be run: with that agent's own command line, which it
// records, reading the prompt where that agent reads it and answering in
// that agent's output format, so the documented recipes can be run as
// written. The script is $SCRIPTAGENT_DIR/TOOL (default .agents/TOOL).
func MainAs(tool string) int {
	dir := os.Getenv("SCRIPTAGENT_DIR")
	if dir == "" {
		dir = ".agents"
	}
	script := filepath.Join(dir, tool)
	stdin := io.Reader(os.Stdin)
	format := map[string]string{"claude": "json", "codex": "codex", "gemini": "gemini", "aider": "aider"}[tool]
	args := os.Args[1:]
	for i, a := range args {
		switch {
		case tool == "aider" && a == "--message-file" && i+1 < len(args):
			f, err := os.Open(args[i+1])
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
				return 2
			}
			defer func() { _ = f.Close() }()
			stdin = f
		case tool == "claude" && a == "--output-format" && i+1 < len(args) && args[i+1] == "stream-json":
			format = "stream"
		case tool == "gemini" && a == "--output-format" && i+1 < len(args) && args[i+1] == "stream-json":
			format = "gemini-stream"
		}
	}
	getenv := func(k string) string {
		switch k {
		case "SCRIPTAGENT_ARGS":
			return strings.Join(args, " ")
		case "SCRIPTAGENT_FORMAT":
			return format
		}
		return os.Getenv(k)
	}
	if !filepath.IsAbs(script) {
		script = filepath.Join(".", script)
	}
	if err := call(script, ".", stdin, os.Stdout, os.Stderr, getenv); err != nil {
		var exit exitError
		if errors.As(err, &exit) {
			return int(exit)
		}
		fmt.Fprintf(os.Stderr, "%s (scriptagent): %v\n", tool, err)
		return 2
	}
	return 0
}

// errUsage marks the errors of a bad command line or script: exit status 2.
var errUsage = errors.New("usage: scriptagent SCRIPT")

// run is Main with its inputs and outputs given: dir is the current
// directory the step's paths are relative to.
func run(args []string, dir string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) != 1 {
		_, _ = fmt.Fprintln(stderr, errUsage)
		return 2
	}
	script := args[0]
	if !filepath.IsAbs(script) {
		script = filepath.Join(dir, script)
	}
	if err := call(script, dir, stdin, stdout, stderr, getenv); err != nil {
		var exit exitError
		if errors.As(err, &exit) {
			return int(exit)
		}
		_, _ = fmt.Fprintf(stderr, "scriptagent: %v\n", err)
		return 2
	}
	return 0
}

// exitError is the exit status a step asked for.
type exitError int

func (e exitError) Error() string { return "exit status " + strconv.Itoa(int(e)) }

// call plays one call of the script.
func call(script, dir string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	ar, err := loadScript(script)
	if err != nil {
		return err
	}
	n, err := countCall(script)
	if err != nil {
		return err
	}
	prompt, err := io.ReadAll(stdin)
	if err != nil {
		return fmt.Errorf("reading the prompt: %w", err)
	}
	if err := os.WriteFile(fmt.Sprintf("%s.prompt-%d.txt", script, n), prompt, 0o666); err != nil {
		return err
	}
	s, err := parseStep(ar, n)
	if err != nil {
		return err
	}
	record := fmt.Sprintf("role=%s budget=%s tools=%s\nstep=%d\n",
		getenv("FAULTLINE_ROLE"), getenv("FAULTLINE_BUDGET_USD"), getenv("FAULTLINE_ALLOWED_TOOLS"), s.number)
	if args := getenv("SCRIPTAGENT_ARGS"); args != "" {
		record += "args=" + args + "\n"
	}
	if f := getenv("SCRIPTAGENT_FORMAT"); f != "" && !s.formatSet {
		s.format = f
	}
	if err := os.WriteFile(fmt.Sprintf("%s.call-%d.txt", script, n), []byte(record), 0o666); err != nil {
		return err
	}
	if err := os.WriteFile(fmt.Sprintf("%s.pid-%d", script, n), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o666); err != nil {
		return err
	}
	if err := os.WriteFile(fmt.Sprintf("%s.ppid-%d", script, n), []byte(strconv.Itoa(os.Getppid())+"\n"), 0o666); err != nil {
		return err
	}
	if err := s.apply(dir); err != nil {
		return err
	}
	return s.answer(n, stdout, stderr)
}

// countCall adds one to the calls counted in SCRIPT.state and returns it.
func countCall(script string) (int, error) {
	state := script + ".state"
	calls := 0
	data, err := os.ReadFile(state)
	switch {
	case err == nil:
		calls, err = strconv.Atoi(strings.TrimSpace(string(data)))
		if err != nil || calls < 0 {
			return 0, fmt.Errorf("%s: not a count of calls: %q", state, data)
		}
	case !errors.Is(err, os.ErrNotExist):
		return 0, err
	}
	calls++
	tmp, err := os.CreateTemp(filepath.Dir(state), filepath.Base(state)+".tmp*")
	if err != nil {
		return 0, err
	}
	_, err = fmt.Fprintf(tmp, "%d\n", calls)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), state)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return 0, err
	}
	return calls, nil
}

// A step is what one call does.
type step struct {
	number    int
	files     []txtar.File // relative paths, slash-separated
	deletes   []string
	reply     string
	cost      float64
	exit      int
	sleep     time.Duration
	flood     int64
	format    string
	formatSet bool // the step's @format, which wins over the agent's own
	isError   bool
}

// parseStep returns step n of the archive, or its highest step when it has
// no step n, checked: its paths stay inside the current directory and its
// special files hold what they should.
func parseStep(ar *txtar.Archive, n int) (*step, error) {
	s := &step{number: n, reply: "done", cost: 0.01, format: "json"}
	files := stepFiles(ar, n)
	if files == nil {
		highest := 0
		for _, f := range ar.Files {
			if k, _, ok := splitStep(f.Name); ok && k > highest {
				highest = k
			}
		}
		s.number = highest
		files = stepFiles(ar, highest)
	}
	for _, f := range files {
		value := strings.TrimSpace(string(f.Data))
		var err error
		switch f.Name {
		case "@delete":
			for _, line := range strings.Split(string(f.Data), "\n") {
				if line = strings.TrimSpace(line); line == "" {
					continue
				}
				if err := checkPath(line); err != nil {
					return nil, fmt.Errorf("step %d: @delete: %w", s.number, err)
				}
				s.deletes = append(s.deletes, line)
			}
		case "@reply":
			s.reply, err = expandFloods(strings.TrimRight(string(f.Data), "\n"))
		case "@cost":
			s.cost, err = strconv.ParseFloat(value, 64)
		case "@exit":
			s.exit, err = strconv.Atoi(value)
		case "@sleep":
			s.sleep, err = time.ParseDuration(value)
		case "@flood":
			s.flood, err = strconv.ParseInt(value, 10, 64)
			if err == nil && s.flood < 0 {
				err = errors.New("negative")
			}
		case "@format":
			s.format, s.formatSet = value, true
			if !slices.Contains(formats, value) {
				err = fmt.Errorf("not one of %s", strings.Join(formats, ", "))
			}
		case "@is_error":
			s.isError = true
		default:
			if strings.HasPrefix(f.Name, "@") {
				return nil, fmt.Errorf("step %d: unknown special file %s", s.number, f.Name)
			}
			if err := checkPath(f.Name); err != nil {
				return nil, fmt.Errorf("step %d: %w", s.number, err)
			}
			s.files = append(s.files, f)
		}
		if err != nil {
			return nil, fmt.Errorf("step %d: %s %q: %w", s.number, f.Name, value, err)
		}
	}
	return s, nil
}

// stepFiles returns the files of step n with the "n/" cut from their
// names, nil when there are none.
func stepFiles(ar *txtar.Archive, n int) []txtar.File {
	var files []txtar.File
	for _, f := range ar.Files {
		if k, rel, ok := splitStep(f.Name); ok && k == n {
			files = append(files, txtar.File{Name: rel, Data: f.Data})
		}
	}
	return files
}

// splitStep splits "N/rel" into its step number and relative path.
func splitStep(name string) (n int, rel string, ok bool) {
	num, rel, found := strings.Cut(name, "/")
	if !found || num == "" || strings.Trim(num, "0123456789") != "" {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	return n, rel, err == nil && n > 0
}

// checkPath rejects a path that is absolute, empty or leaves the current
// directory.
func checkPath(rel string) error {
	if strings.HasPrefix(rel, "/") || !filepath.IsLocal(filepath.FromSlash(rel)) {
		return fmt.Errorf("path %q is not inside the current directory", rel)
	}
	return nil
}

// apply removes and writes the step's files in dir.
func (s *step) apply(dir string) error {
	for _, rel := range s.deletes {
		if err := os.RemoveAll(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			return err
		}
	}
	for _, f := range s.files {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			return err
		}
		if err := os.WriteFile(path, f.Data, 0o666); err != nil {
			return err
		}
	}
	return nil
}

// result is a Claude-style result object.
type result struct {
	Type         string  `json:"type"`
	Subtype      string  `json:"subtype"`
	IsError      bool    `json:"is_error"`
	Result       string  `json:"result"`
	TotalCostUSD float64 `json:"total_cost_usd"`
	SessionID    string  `json:"session_id"`
}

// formats are the answer formats of a step.
var formats = []string{"json", "text", "stream", "codex", "gemini", "gemini-stream", "aider"}

// answer sleeps, floods and answers as call n.
func (s *step) answer(n int, stdout, stderr io.Writer) error {
	time.Sleep(s.sleep)
	w := bufio.NewWriter(stdout)
	if err := flood(w, s.flood); err != nil {
		return err
	}
	if s.exit != 0 {
		if err := w.Flush(); err != nil {
			return err
		}
		if _, err := fmt.Fprintln(stderr, s.reply); err != nil {
			return err
		}
		return exitError(s.exit)
	}
	session := fmt.Sprintf("script-%d", n)
	res := result{Type: "result", Subtype: "success", IsError: s.isError, Result: s.reply, TotalCostUSD: s.cost, SessionID: session}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var err error
	switch s.format {
	case "text":
		_, err = fmt.Fprintln(w, s.reply)
	case "codex":
		// codex exec --json: thread events, as openai/codex's
		// codex-rs/exec/src/exec_events.rs defines them.
		type item struct {
			ID   string `json:"id"`
			Type string `json:"type"`
			Text string `json:"text"`
		}
		type usage struct {
			InputTokens       int `json:"input_tokens"`
			CachedInputTokens int `json:"cached_input_tokens"`
			OutputTokens      int `json:"output_tokens"`
		}
		err = errors.Join(
			enc.Encode(map[string]string{"type": "thread.started", "thread_id": session}),
			enc.Encode(map[string]string{"type": "turn.started"}),
			enc.Encode(map[string]any{"type": "item.completed", "item": item{"item_0", "reasoning", "**Working on it**"}}),
			enc.Encode(map[string]any{"type": "item.completed", "item": item{"item_1", "agent_message", s.reply}}),
			enc.Encode(map[string]any{"type": "turn.completed", "usage": usage{1200, 1000, 80}}),
		)
	case "gemini":
		// gemini -p --output-format json: one object (Gemini CLI's
		// docs/cli/headless.md).
		type tokens struct {
			Prompt     int `json:"prompt"`
			Candidates int `json:"candidates"`
			Total      int `json:"total"`
		}
		type model struct {
			Tokens tokens `json:"tokens"`
		}
		err = enc.Encode(map[string]any{"response": s.reply, "stats": map[string]any{"models": map[string]model{"gemini-2.5-pro": {tokens{1500, 90, 1590}}}}})
	case "gemini-stream":
		err = errors.Join(
			enc.Encode(map[string]string{"type": "init", "session_id": session, "model": "gemini-2.5-pro"}),
			enc.Encode(map[string]any{"type": "message", "role": "assistant", "content": s.reply, "delta": true}),
			enc.Encode(map[string]any{"type": "result", "status": "success", "stats": map[string]int{"input_tokens": 1500, "output_tokens": 90}}),
		)
	case "aider":
		// aider's own text, with its Tokens/Cost line after the reply.
		_, err = fmt.Fprintf(w, "Aider v0.86.2\nModel: anthropic/claude-sonnet-4 with diff edit format\n\n%s\n\nTokens: 2.1k sent, 250 received. Cost: $%.4f message, $%.4f session.\n", s.reply, s.cost, s.cost)
	case "stream":
		type content struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		type message struct {
			Role    string    `json:"role"`
			Content []content `json:"content"`
		}
		err = errors.Join(
			enc.Encode(struct {
				Type      string `json:"type"`
				Subtype   string `json:"subtype"`
				SessionID string `json:"session_id"`
			}{"system", "init", session}),
			enc.Encode(struct {
				Type      string  `json:"type"`
				Message   message `json:"message"`
				SessionID string  `json:"session_id"`
			}{"assistant", message{"assistant", []content{{"text", s.reply}}}, session}),
			enc.Encode(res),
		)
	default:
		err = enc.Encode(res)
	}
	if err != nil {
		return err
	}
	return w.Flush()
}

// floodMark is a placeholder in a reply for a flood inside it.
var floodMark = regexp.MustCompile(`\{flood (\d+)\}`)

// expandFloods replaces each {flood N} of a reply by N bytes of lines of x.
func expandFloods(reply string) (string, error) {
	var err error
	out := floodMark.ReplaceAllStringFunc(reply, func(m string) string {
		n, perr := strconv.ParseInt(floodMark.FindStringSubmatch(m)[1], 10, 64)
		if perr != nil || n > 1<<30 {
			err = fmt.Errorf("@reply: bad %s", m)
			return ""
		}
		var b strings.Builder
		_ = flood(&b, n) // a strings.Builder does not fail
		return strings.TrimSuffix(b.String(), "\n")
	})
	return out, err
}

// flood writes n bytes of lines of x to w.
func flood(w io.Writer, n int64) error {
	line := []byte(strings.Repeat("x", 79) + "\n")
	for ; n > 0; n -= int64(len(line)) {
		chunk := line
		if n < int64(len(line)) {
			chunk = line[len(line)-int(n):] // the last, shorter line
		}
		if _, err := w.Write(chunk); err != nil {
			return err
		}
	}
	return nil
}

// loadScript reads a script: a txtar archive, or a directory whose files
// are the archive's (DIR/1/x.go is the archive's 1/x.go), which a
// testscript archive can hold where it cannot hold an archive.
func loadScript(script string) (*txtar.Archive, error) {
	st, err := os.Stat(script)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return txtar.ParseFile(script)
	}
	ar := new(txtar.Archive)
	err = filepath.WalkDir(script, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(script, path)
		if err != nil {
			return err
		}
		ar.Files = append(ar.Files, txtar.File{Name: filepath.ToSlash(rel), Data: data})
		return nil
	})
	return ar, err
}
