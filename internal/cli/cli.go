// Package cli implements the faultline command. It lives outside package
// main so that tests can run the command in-process.
//
// One table of subcommands (commands) drives dispatch, the overview, `help
// CMD` and each subcommand's -h.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"text/tabwriter"
)

// Exit statuses shared by the subcommands.
const (
	exitOK        = 0 // passed; parsed; nothing found
	exitFail      = 1 // a check failed; errors found; the loop gave up
	exitUsage     = 2 // bad usage or configuration
	exitCannotRun = 3 // could not run: no module, a tool missing or built for another Go, interrupted
)

// command is one subcommand.
type command struct {
	name     string
	args     string // the synopsis after the name
	summary  string // one line for the overview
	example  string // shown by -h and help CMD
	run      func(e *env) int
	hidden   bool
	exitNote string // what its exit statuses mean, when not the usual
}

// commands is the table of subcommands, in the order the overview lists
// them.
var commands []*command

func init() {
	commands = []*command{
		{name: "check", args: "[flags] [DIR]", run: (*env).check,
			summary: "run go build, go vet, golangci-lint and go test on a module; show the first failure",
			example: "faultline check                      # the packages under the current directory\n" +
				"faultline check --module --skip lint  # the whole module, without golangci-lint\n" +
				"faultline check --format github       # GitHub Actions annotations\n" +
				"faultline check --format prompt       # the fix prompt for an agent; exit 1 when a check failed"},
		{name: "run", args: "--check NAME [flags] -- CMD [ARGS...]", run: (*env).run,
			summary: "run one command and report its parsed output",
			example: "faultline run --check test -- go test -json ./...\nfaultline run --check staticcheck --format sarif -- staticcheck ./..."},
		{name: "parse", args: "--check build|vet|lint|test [flags] < output", run: (*env).parse,
			summary: "parse one check's captured output (text or JSON) from stdin",
			example: "go build ./... 2>&1 | faultline parse --check build\ngo test -json ./... | faultline parse --check test --format text"},
		{name: "prompt", args: "--check build|vet|lint|test [flags] < output", run: (*env).promptCmd,
			summary:  "turn a failing check's output into a focused fix prompt",
			example:  "go test ./... 2>&1 | faultline prompt --check test --task T-12 > fix.txt",
			exitNote: "0 nothing to fix, 1 a prompt with errors to fix was printed (--exit-zero: 0), 2 bad usage"},
		{name: "review", args: "[--cycle N] < reply.txt", run: (*env).reviewCmd,
			summary:  "parse a reviewer's reply: findings, verifications, report, approval",
			example:  "claude -p \"$(cat review-prompt.txt)\" | faultline review",
			exitNote: "0 parsed, 2 bad usage, 3 the reply could not be read whole (no decision)"},
		{name: "detect", args: "[--config FILE] [--warnings] < output", run: (*env).detect,
			summary:  "find the errors in any tool's or agent's output: blocks, categories, severities",
			example:  "npm test 2>&1 | faultline detect",
			exitNote: "0 no error found, 1 errors found (--exit-zero: 0), 2 bad usage or configuration"},
		{name: "classify", args: "[flags] < result.json", run: (*env).classify,
			summary: "turn an agent result or a verification report into a classified BuildError",
			example: "faultline classify --verification-file verification-3.json < verification-3.json"},
		{name: "loop", args: "--task TEXT --coder CMD --reviewer CMD [flags]", run: (*env).loopCmd,
			summary:  "run the coder → checks → focused fixes → reviewer loop on a task",
			example:  "faultline loop --task 'Add Sum' \\\n  --coder 'claude -p --output-format json --allowedTools {tools}' \\\n  --reviewer 'claude -p --output-format json'",
			exitNote: "0 approved, 1 gave up, 2 bad usage, 3 could not start or interrupted"},
		{name: "fix", args: "[flags] [DIR]", run: (*env).fix,
			summary: "apply the fixes go vet and golangci-lint computed themselves, then check again",
			example: "faultline fix             # apply, then run go vet and golangci-lint again\nfaultline fix --dry-run   # show the fixes as diffs"},
		{name: "hook", args: "claude [flags] < hook-input.json", run: (*env).hook,
			summary: "a Claude Code hook: block a stop (or an edit) while checks fail, with the fix prompt",
			example: "# .claude/settings.json\n" +
				"{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"faultline hook claude\", \"timeout\": 600}]}],\n" +
				"           \"PostToolUse\": [{\"matcher\": \"Edit|Write|MultiEdit\", \"hooks\": [{\"type\": \"command\", \"command\": \"faultline hook claude\"}]}]}}",
			exitNote: "0 always for Claude Code (a block is the JSON on stdout), 1 unreadable hook input, 2 bad usage"},
		{name: "version", args: "", run: (*env).version,
			summary: "print faultline's version, revision and Go version"},
		{name: "help", args: "[COMMAND]", run: (*env).help,
			summary: "show this overview, or a command's flags and an example"},
	}
}

// lookup returns the named command.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// env is what a subcommand may touch: its arguments and standard streams.
type env struct {
	cmd    *command
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// Main runs the command with the process's arguments and streams and
// returns its exit status.
func Main() int {
	return Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// Run runs the command with the given arguments (without the program name)
// and streams, and returns its exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		e.overview(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		e.overview(stdout)
		return exitOK
	case "-version", "--version":
		args[0] = "version"
	}
	c := lookup(args[0])
	if c == nil || c.hidden {
		return e.usageError(fmt.Errorf("unknown command %q (run 'faultline help')", args[0]))
	}
	e.cmd, e.args = c, args[1:]
	return c.run(e)
}

// overview prints the list of commands.
func (e *env) overview(w io.Writer) {
	fmt.Fprint(w, "faultline turns Go toolchain output into structured errors, fix prompts and\nloop decisions for AI coding-agent loops.\n\nUsage:\n  faultline <command> [arguments]\n\nCommands:\n")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, c := range commands {
		if !c.hidden {
			fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
		}
	}
	_ = tw.Flush()
	fmt.Fprint(w, "\nExit status: 0 passed (or nothing found), 1 a check failed (or errors found),\n2 bad usage or configuration, 3 could not run.\n\nRun 'faultline help <command>' for a command's flags and an example.\n")
}

// help implements `faultline help [COMMAND]`.
func (e *env) help() int {
	switch len(e.args) {
	case 0:
		e.overview(e.stdout)
		return exitOK
	case 1:
		c := lookup(e.args[0])
		if c == nil || c.hidden {
			return e.usageError(fmt.Errorf("help: unknown command %q (run 'faultline help')", e.args[0]))
		}
		sub := &env{cmd: c, args: []string{"-h"}, stdin: e.stdin, stdout: e.stdout, stderr: e.stderr}
		return c.run(sub)
	}
	return e.usageError(errors.New("help: want at most one command"))
}

// version implements `faultline version`: the module's version and VCS
// revision from the build information, and the Go that built it.
func (e *env) version() int {
	fs := e.newFlags()
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if fs.NArg() > 0 {
		return e.usageError(fmt.Errorf("version: unexpected argument %q", fs.Arg(0)))
	}
	fmt.Fprintln(e.stdout, versionString())
	return exitOK
}

// versionString is "faultline VERSION (REVISION[, modified], TIME) GOVERSION".
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "faultline (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	var extra []string
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if modified {
			rev += ", modified"
		}
		extra = append(extra, rev)
	}
	if at != "" {
		extra = append(extra, at)
	}
	s := "faultline " + v
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s + " " + bi.GoVersion
}

// signalContext returns a context cancelled by SIGINT, SIGTERM or SIGHUP:
// what runs under it (checks, agents, their process groups) is killed, and
// the command finishes its records before it exits.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), stopSignals...)
}

// newFlags returns the flag set of the running command.
func (e *env) newFlags() *flag.FlagSet {
	fs := flag.NewFlagSet(e.cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses the command's arguments. done is true when the command
// must end at once with code: -h printed its help on stdout (0), or the
// flags were wrong (a one-line message on stderr, 2).
func (e *env) parseFlags(fs *flag.FlagSet) (code int, done bool) {
	err := fs.Parse(e.args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		e.commandHelp(fs)
		return exitOK, true
	case err != nil:
		return e.usageError(fmt.Errorf("%s: %w", e.cmd.name, err)), true
	}
	return 0, false
}

// commandHelp prints the command's synopsis, summary, flags and example.
func (e *env) commandHelp(fs *flag.FlagSet) {
	c := e.cmd
	fmt.Fprintf(e.stdout, "usage: faultline %s %s\n\n%s.\n", c.name, c.args, upperFirst(c.summary))
	has := false
	fs.VisitAll(func(*flag.Flag) { has = true })
	if has {
		fmt.Fprint(e.stdout, "\nFlags:\n")
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if c.example != "" {
		fmt.Fprintf(e.stdout, "\nExample:\n  %s\n", strings.ReplaceAll(c.example, "\n", "\n  "))
	}
	if c.exitNote != "" {
		fmt.Fprintf(e.stdout, "\nExit status: %s.\n", c.exitNote)
	}
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// usageError prints a one-line usage message and returns exitUsage.
func (e *env) usageError(err error) int {
	fmt.Fprintf(e.stderr, "faultline: %s\n", oneLine(err.Error()))
	return exitUsage
}

// failure prints a one-line error and returns exitFail.
func (e *env) failure(err error) int {
	fmt.Fprintf(e.stderr, "faultline: %s\n", oneLine(err.Error()))
	return exitFail
}

// cannotRun prints a one-line error and returns exitCannotRun.
func (e *env) cannotRun(err error) int {
	fmt.Fprintf(e.stderr, "faultline: %s\n", oneLine(err.Error()))
	return exitCannotRun
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// noArgs fails with a usage error when the command got positional
// arguments; what names the input it reads instead.
func (e *env) noArgs(fs *flag.FlagSet, what string) (int, bool) {
	if fs.NArg() > 0 {
		return e.usageError(fmt.Errorf("%s: unexpected argument %q (%s)", e.cmd.name, fs.Arg(0), what)), true
	}
	return 0, false
}

// writeJSON prints v as indented JSON, without HTML escaping so that
// compiler messages keep their <, > and &.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
