package loop

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// artifacts writes a run's files into its directory, each atomically: to a
// temporary file in the same directory, then renamed over the name, so a
// reader never sees half a file.
type artifacts struct {
	dir string
}

func newArtifacts(dir string) (*artifacts, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("loop: artifacts: %w", err)
	}
	return &artifacts{dir: dir}, nil
}

// write writes v as indented JSON to name.
func (a *artifacts) write(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("loop: artifacts: %s: %w", name, err)
	}
	f, err := os.CreateTemp(a.dir, "."+name+".*.tmp")
	if err != nil {
		return fmt.Errorf("loop: artifacts: %w", err)
	}
	_, err = f.Write(append(data, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(a.dir, name))
	}
	if err != nil {
		_ = os.Remove(f.Name()) // best effort: the write failed already
		return fmt.Errorf("loop: artifacts: %s: %w", name, err)
	}
	return nil
}
