package statedir

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDirAndRunDir(t *testing.T) {
	state := t.TempDir()
	t.Setenv("FAULTLINE_STATE_DIR", state)
	mod := t.TempDir()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	a, err := NewRunDir(mod, now)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewRunDir(mod, now)
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Errorf("two runs in the same second share %s", a)
	}
	for _, d := range []string{a, b} {
		if !strings.HasPrefix(d, filepath.Join(state, "runs", Key(mod))+string(filepath.Separator)+"20261122-100000-") {
			t.Errorf("run dir %s not under the state dir's runs/KEY", d)
		}
	}
	if Key(mod) == Key(t.TempDir()) {
		t.Error("two directories share a key")
	}
}

func TestDirWithoutHome(t *testing.T) {
	t.Setenv("FAULTLINE_STATE_DIR", "")
	t.Setenv("XDG_STATE_HOME", "")
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home-is-a-file")
	if err := os.WriteFile(home, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home) // nothing can be made under it, even by root
	t.Setenv("TMPDIR", tmp)
	d, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(d, tmp) {
		t.Errorf("Dir() = %s, want a directory under TMPDIR when home is unusable", d)
	}
}

func TestLock(t *testing.T) {
	t.Setenv("FAULTLINE_STATE_DIR", t.TempDir())
	mod := t.TempDir()
	release, err := Lock(mod, "loop")
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("FAULTLINE_LOCK_CHILD") == "" {
		// Another process cannot take it while we hold it.
		cmd := exec.Command(os.Args[0], "-test.run=^TestLockChild$", "-test.v")
		cmd.Env = append(os.Environ(), "FAULTLINE_LOCK_CHILD="+mod)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "locked") {
			t.Errorf("child: %v\n%s", err, out)
		}
	}
	release()
	again, err := Lock(mod, "loop")
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	again()
}

// TestLockChild runs in a child process of TestLock.
func TestLockChild(t *testing.T) {
	mod := os.Getenv("FAULTLINE_LOCK_CHILD")
	if mod == "" {
		t.Skip("run by TestLock")
	}
	_, err := Lock(mod, "loop")
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("Lock held by the parent: %v", err)
	}
	t.Log("locked:", err)
}
