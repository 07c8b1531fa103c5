//go:build unix

package statedir

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lockFile takes an exclusive flock on path: the kernel drops it when the
// holder dies, so a stale lock cannot outlive its process.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("statedir: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		data, _ := os.ReadFile(path)
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w (pid %s; lock file %s)", ErrLocked, strings.TrimSpace(string(data)), path)
		}
		return nil, fmt.Errorf("statedir: locking %s: %w", path, err)
	}
	// The pid only tells the next taker who holds the lock: the lock is
	// the flock, held whatever these writes do.
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return func() {
		_ = f.Truncate(0)
		_ = f.Close() // closing the file releases the flock
	}, nil
}
