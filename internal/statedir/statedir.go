// Package statedir is where faultline keeps what is not the user's code:
// the artifacts of loop runs, the locks that keep two loops off one
// working tree, the hook's circuit breakers. None of it lands in the
// repository.
package statedir

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Dir returns faultline's state directory, creating it: $FAULTLINE_STATE_DIR,
// else $XDG_STATE_HOME/faultline, else ~/.local/state/faultline, else (no
// usable home, as in a sandbox) faultline-state-UID under the temporary
// directory.
func Dir() (string, error) {
	var candidates []string
	if d := os.Getenv("FAULTLINE_STATE_DIR"); d != "" {
		candidates = append(candidates, d)
	} else {
		if d := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(d) {
			candidates = append(candidates, filepath.Join(d, "faultline"))
		}
		if home, err := os.UserHomeDir(); err == nil && filepath.IsAbs(home) {
			candidates = append(candidates, filepath.Join(home, ".local", "state", "faultline"))
		}
		candidates = append(candidates, filepath.Join(os.TempDir(), "faultline-state-"+strconv.Itoa(os.Getuid())))
	}
	var errs []error
	for _, d := range candidates {
		if err := os.MkdirAll(d, 0o700); err != nil {
			errs = append(errs, err)
			continue
		}
		return d, nil
	}
	return "", fmt.Errorf("statedir: no writable state directory (set FAULTLINE_STATE_DIR): %w", errors.Join(errs...))
}

// Key returns a short stable name for a directory: its base name and a
// hash of its absolute, symlink-free path.
func Key(dir string) string {
	abs, err := filepath.Abs(dir)
	if err == nil {
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
	}
	sum := sha256.Sum256([]byte(abs))
	base := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, filepath.Base(abs))
	return base + "-" + hex.EncodeToString(sum[:6])
}

// NewRunDir creates a new, unique directory for the artifacts of one run
// on the module in dir: STATE/runs/KEY/TIME-RANDOM.
func NewRunDir(dir string, now time.Time) (string, error) {
	state, err := Dir()
	if err != nil {
		return "", err
	}
	parent := filepath.Join(state, "runs", Key(dir))
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return "", fmt.Errorf("statedir: %w", err)
	}
	d, err := os.MkdirTemp(parent, now.UTC().Format("20060102-150405")+"-")
	if err != nil {
		return "", fmt.Errorf("statedir: %w", err)
	}
	return d, nil
}

// ErrLocked is the error of Lock when another live process holds the lock.
var ErrLocked = errors.New("statedir: locked by another process")

// Lock takes the lock of a working tree for the life of this process, or
// until the returned function releases it. It fails with ErrLocked, naming
// the holder's pid, when a live process holds it; a lock whose holder is
// gone (killed, crashed) is taken over.
func Lock(dir, what string) (release func(), err error) {
	state, err := Dir()
	if err != nil {
		return nil, err
	}
	locks := filepath.Join(state, "locks")
	if err := os.MkdirAll(locks, 0o700); err != nil {
		return nil, fmt.Errorf("statedir: %w", err)
	}
	return lockFile(filepath.Join(locks, Key(dir)+"."+what+".lock"))
}
