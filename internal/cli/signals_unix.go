//go:build unix

package cli

import (
	"os"
	"syscall"
)

// stopSignals end a command cleanly: a terminal's ^C, a CI job's or
// harness's SIGTERM, a closed terminal's SIGHUP.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
