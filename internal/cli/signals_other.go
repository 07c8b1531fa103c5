//go:build !unix

package cli

import "os"

// stopSignals end a command cleanly.
var stopSignals = []os.Signal{os.Interrupt}
