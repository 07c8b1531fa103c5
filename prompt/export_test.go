package prompt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// WriteFiles writes files (txtar's, their names slash-separated paths)
// into a new directory and returns it. Exported for the tests of package
// prompt_test.
func WriteFiles(t *testing.T, files []txtar.File) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
