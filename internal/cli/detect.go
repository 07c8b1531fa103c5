package cli

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/faultline-go/faultline/detect"
)

// detectMemoryLimit is the soft memory limit detect runs under.
const detectMemoryLimit = 64 << 20

// detect implements `faultline detect`: any tool's or agent's output on
// stdin becomes seed 003's JSON report of the errors in it. The input is
// streamed through the detector in bounded memory, whatever its size; when
// the report lists fewer errors than it found (max_errors), a note on
// stderr says so. The exit status is 1 when errors were found, 0 when none
// (--exit-zero: always 0).
func (e *env) detect() int {
	fs := e.newFlags()
	configFile := fs.String("config", "", "a JSON configuration: {\"error_detection\": {\"max_context_lines\": 5, ...}}")
	warnings := fs.Bool("warnings", false, "report warnings too, at low severity")
	exitZero := fs.Bool("exit-zero", false, "exit 0 even when errors are found")
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if code, done := e.noArgs(fs, "the input is read from stdin"); done {
		return code
	}
	cfg := detect.DefaultConfig()
	if *configFile != "" {
		data, err := os.ReadFile(*configFile)
		if err != nil {
			return e.usageError(fmt.Errorf("detect: %w", err))
		}
		if cfg, err = detect.ParseConfig(data); err != nil {
			return e.usageError(err)
		}
	}
	if *warnings {
		cfg.IncludeWarnings = true
	}
	d, err := detect.New(cfg)
	if err != nil {
		return e.usageError(err)
	}
	// The detector's window is bounded; a soft limit makes the collector
	// hand back what a long JSON line's buffers held instead of letting the
	// heap double first.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(detectMemoryLimit))
	rep, err := d.DetectReader(e.stdin)
	if err != nil {
		return e.failure(err)
	}
	if err := writeJSON(e.stdout, rep); err != nil {
		return e.failure(err)
	}
	if rep.Unlisted > 0 {
		fmt.Fprintf(e.stderr, "faultline: detect: %d errors found, the first %d listed (max_errors); the summary counts them all\n",
			rep.Summary.Total, len(rep.Errors))
	}
	if rep.Summary.Total > 0 && !*exitZero {
		return exitFail // as grep and linters do: something was found
	}
	return exitOK
}
