//go:build !unix

package statedir

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// lockFile creates path exclusively, holding the pid. A lock file whose
// pid is not a running process is stale and taken over.
func lockFile(path string) (func(), error) {
	for range 2 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		data, _ := os.ReadFile(path)
		pid, perr := strconv.Atoi(strings.TrimSpace(string(data)))
		if perr == nil {
			if p, err := os.FindProcess(pid); err == nil && p != nil {
				return nil, fmt.Errorf("%w (pid %d; lock file %s)", ErrLocked, pid, path)
			}
		}
		os.Remove(path) // stale
	}
	return nil, fmt.Errorf("statedir: cannot take the lock %s", path)
}
