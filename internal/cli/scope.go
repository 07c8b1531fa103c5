package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/faultline-go/faultline/filter"
)

// errNoModule is the error of a directory inside no Go module and no
// workspace.
var errNoModule = errors.New("not inside a Go module")

// target is one module to check and the packages of it.
type target struct {
	// root is the module root: the checks run there.
	root string
	// pattern is the package pattern relative to root: "./..." for the
	// whole module, "./sub/..." for a subdirectory's packages.
	pattern string
}

// scope is what a check covers: a module's packages, or every module of a
// workspace.
type scope struct {
	cwd       string
	workspace string // the go.work file, when the scope is a workspace's modules
	targets   []target
}

// resolveScope finds what to check from a directory argument, like the go
// command: inside a module, the packages under dir (the whole module with
// wholeModule); at or above the modules of a go.work, every module it uses
// under dir; elsewhere errNoModule with what to do.
func resolveScope(arg string, wholeModule bool) (scope, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return scope{}, err
	}
	dir := cwd
	if arg != "" {
		if dir, err = filepath.Abs(arg); err != nil {
			return scope{}, err
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return scope{}, fmt.Errorf("%s is not a directory", arg)
		}
	}
	sc := scope{cwd: cwd}
	root, inModule := filter.FindModuleRoot(dir)
	work, inWork := findWorkFile(dir)
	// A go.work nearer than any go.mod makes dir a workspace's, as for
	// the go command; a module inside the workspace is checked alone.
	if inWork && inModule && filepath.Dir(work) != root && within(root, filepath.Dir(work)) {
		inModule = false
	}
	if inModule {
		sc.targets = []target{{root: root, pattern: packagesUnder(root, dir, wholeModule)}}
		return sc, nil
	}
	if inWork {
		mods, err := workspaceModules(work)
		if err != nil {
			return scope{}, err
		}
		sc.workspace = work
		for _, m := range mods {
			if wholeModule || within(dir, m) {
				sc.targets = append(sc.targets, target{root: m, pattern: "./..."})
			}
		}
		if len(sc.targets) == 0 {
			return scope{}, fmt.Errorf("%w: the workspace %s uses no module under %s", errNoModule, work, dir)
		}
		return sc, nil
	}
	return scope{}, fmt.Errorf("%w: no go.mod in %s or any directory above it; run faultline in your module, name its directory, or try the built-in example with --example", errNoModule, dir)
}

// packagesUnder is the pattern of the packages under dir in the module at
// root.
func packagesUnder(root, dir string, wholeModule bool) string {
	rel, err := filepath.Rel(root, dir)
	if wholeModule || err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return "./..."
	}
	return "./" + filepath.ToSlash(rel) + "/..."
}

// within reports whether path is dir or below it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// findWorkFile finds the go.work the go command would use from dir:
// $GOWORK when set to a file, none when it is "off", else the first
// go.work in dir or above.
func findWorkFile(dir string) (string, bool) {
	switch gw := os.Getenv("GOWORK"); {
	case gw == "off":
		return "", false
	case gw != "" && gw != "auto":
		return gw, true
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.work")); err == nil && !fi.IsDir() {
			return filepath.Join(dir, "go.work"), true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// workspaceModules returns the module directories a go.work uses, read by
// the go command itself (go work edit -json), absolute.
func workspaceModules(work string) ([]string, error) {
	cmd := exec.Command("go", "work", "edit", "-json", work)
	cmd.Dir = filepath.Dir(work)
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%w: %s", err, strings.TrimSpace(string(ee.Stderr)))
		}
		return nil, fmt.Errorf("reading %s: go work edit -json: %w", work, err)
	}
	var wf struct {
		Use []struct{ DiskPath string }
	}
	if err := json.Unmarshal(out, &wf); err != nil {
		return nil, fmt.Errorf("reading %s: %w", work, err)
	}
	var mods []string
	for _, u := range wf.Use {
		p := u.DiskPath
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(work), filepath.FromSlash(p))
		}
		mods = append(mods, filepath.Clean(p))
	}
	return mods, nil
}

// dirFlag adds the --dir flag of the commands that read captured output:
// the directory the command ran in, "." by default.
func dirFlag(fs *flag.FlagSet) *string {
	return fs.String("dir", ".", "the directory the command ran in; relative paths in the output are resolved against it and the module root is found from it")
}

// resolveDir makes the --dir value absolute and checks it is a directory.
func (e *env) resolveDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("%s: --dir: %w", e.cmd.name, err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("%s: --dir %s is not a directory", e.cmd.name, dir)
	}
	return abs, nil
}

// moduleRoot is the module root of dir, or dir itself outside any module.
func moduleRoot(dir string) string {
	if root, ok := filter.FindModuleRoot(dir); ok {
		return root
	}
	return dir
}
