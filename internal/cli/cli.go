// Package cli implements the faultline command. It lives outside package
// main so that tests can run the command in-process.
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
	"strings"
)

// Exit statuses shared by the subcommands.
const (
	exitOK    = 0
	exitFail  = 1 // the subcommand worked and found a failure, or could not finish
	exitUsage = 2 // bad usage
)

const usage = `faultline turns Go toolchain output into structured errors for agent loops.

Usage:
  faultline check [--json] [--example] [--race] [--from CHECK | --only CHECK] [DIR]
      run go build, go vet, golangci-lint and go test; show the first failure's errors
  faultline run --check NAME [--dir DIR] [--timeout D] -- CMD [ARGS...]
      run one command and print its parsed output as JSON
  faultline parse --check build|vet|lint|test [--dir DIR] < output
      parse one check's captured output from stdin into JSON
  faultline classify [--agent-result-file F] [--verification-file F] < result.json
      turn an agent result or a verification report into a classified BuildError
  faultline prompt --check build|vet|lint|test [--dir DIR] [--task ID] [--budget USD] < output
      turn a failing check's output into a focused fix prompt
  faultline review [--cycle N] < reply.txt
      parse a reviewer's reply: findings, verifications, report, approval
  faultline detect [--config FILE] [--warnings] < output
      find the errors in any tool's or agent's output (seed 003's JSON)
  faultline loop --task TEXT --coder CMD --reviewer CMD [--max-cycles N] [--budget USD] [--dir DIR] [--artifacts DIR]
      run the coder → checks → focused fixes → reviewer loop on a task

Exit status: 0 passed (or parsed), 1 a check failed, 2 bad usage, 3 could not run.

Run 'faultline <command> -h' for a command's flags.
`

// env is what a subcommand may touch: its arguments and standard streams.
type env struct {
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
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	e := &env{args: args[1:], stdin: stdin, stdout: stdout, stderr: stderr}
	switch args[0] {
	case "parse":
		return e.parse()
	case "check":
		return e.check()
	case "run":
		return e.run()
	case "classify":
		return e.classify()
	case "prompt":
		return e.promptCmd()
	case "review":
		return e.reviewCmd()
	case "detect":
		return e.detect()
	case "loop":
		return e.loopCmd()
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	return e.usageError(fmt.Errorf("unknown command %q (run 'faultline help')", args[0]))
}

// signalContext returns a context cancelled by SIGINT, SIGTERM or SIGHUP:
// what runs under it (checks, agents, their process groups) is killed, and
// the command finishes its records before it exits.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), stopSignals...)
}

// errHelp reports that -h was given: the usage went to stdout.
var errHelp = errors.New("help requested")

// flags parses the subcommand's flags. Usage errors become one line on
// stderr; -h prints the flags on stdout.
func (e *env) flags(fs *flag.FlagSet, synopsis string) error {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(e.args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(e.stdout, "usage: faultline %s\n", synopsis)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		return errHelp
	}
	return err
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

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// writeJSON prints v as indented JSON, without HTML escaping so that
// compiler messages keep their <, > and &.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
