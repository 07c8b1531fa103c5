package filter

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// FindModuleRoot returns the directory holding the nearest go.mod at or
// above dir, and false when there is none.
func FindModuleRoot(dir string) (string, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !fi.IsDir() {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// resolver turns the paths a tool printed into module-relative slash paths.
// It works on slash-separated strings, not the host's path rules, so that
// output captured on Windows (C:\mod\x.go, a\b.go) resolves on any host.
type resolver struct {
	dir   string               // where the command ran, slash form; "" when unknown
	roots []string             // the module root, slash form, and its symlink-free twin
	cache map[string][2]string // a path → itself kept, and its result
	last  [2]string            // the last entry used: errors come file by file

	modPath     string          // the module path, read from go.mod on demand
	modPathRead bool            //
	rootOnDisk  int8            // 0 unknown, 1 the module root exists here, 2 not
	fileExists  map[string]bool // module-relative files checked on disk
}

// newResolver returns a resolver for output of a command run in dir, inside
// the module rooted at root. Either may be empty; without a root, dir stands
// in for it.
func newResolver(dir, root string) *resolver {
	r := &resolver{dir: cleanSlash(dir), cache: make(map[string][2]string)}
	if root == "" {
		root = dir
	}
	if root == "" {
		return r
	}
	r.roots = append(r.roots, cleanSlash(root))
	if real, err := filepath.EvalSymlinks(root); err == nil {
		if real = cleanSlash(real); real != r.roots[0] {
			r.roots = append(r.roots, real)
		}
	}
	return r
}

// resolve returns p relative to the module root when it lies inside the
// module, and absolute (cleaned, slash form) when it lies outside. Without a
// known directory a relative p is only cleaned.
func (r *resolver) resolve(p string) string {
	if p == "" {
		return ""
	}
	// Each path is resolved once and kept once: errors in one file share
	// the string, which also makes comparing them cheap.
	if r.last[0] == p && p != "" {
		return r.last[1]
	}
	if entry, ok := r.cache[p]; ok {
		r.last = entry
		return entry[1]
	}
	if len(r.cache) > 1<<14 {
		clear(r.cache) // a bound for output that names countless files
	}
	key := strings.Clone(p)
	got := key
	if !(r.dir != "" && len(r.roots) > 0 && r.dir == r.roots[0] && strings.IndexByte(p, '\\') < 0 && isCleanRelative(p)) {
		got = r.resolveNew(key) // not printed relative to the module root already
	}
	r.cache[key] = [2]string{key, got}
	r.last = [2]string{key, got}
	return got
}

func (r *resolver) resolveNew(p string) string {
	p = toSlash(p)
	if !isAbsSlash(p) {
		if r.dir == "" {
			return path.Clean(p)
		}
		p = joinSlash(r.dir, p)
	} else {
		p = cleanSlash(p)
	}
	if rel, ok := r.rel(p); ok {
		return rel
	}
	return p
}

// outside returns a relative path that climbs out of the module (a test
// file, a frame or a trace entry resolved against a package directory) as
// the absolute path it names, when the module root is known; without one it
// stays relative, cleaned, starting with "../". Other paths are returned as
// they are.
func (r *resolver) outside(p string) string {
	if !strings.Contains(p, "..") || isAbsSlash(p) || hasDrive(p) || !escapes(p) {
		return p
	}
	if len(r.roots) == 0 {
		return path.Clean(toSlash(p))
	}
	return joinSlash(r.roots[0], toSlash(p))
}

// inside reports whether the resolved path p (as returned by resolve) lies
// inside the module.
func (r *resolver) inside(p string) bool {
	return p != "" && !isAbsSlash(p) && p != ".." && !strings.HasPrefix(p, "../")
}

// rel returns abs relative to the module root when it lies inside it.
func (r *resolver) rel(abs string) (string, bool) {
	for _, root := range r.roots {
		if root == "/" {
			return abs[1:], len(abs) > 1
		}
		if len(abs) > len(root) && abs[len(root)] == '/' && samePrefix(abs[:len(root)], root) {
			return abs[len(root)+1:], true
		}
	}
	return "", false
}

// samePrefix compares two path prefixes, ignoring the case of a Windows
// drive letter.
func samePrefix(a, b string) bool {
	if hasDrive(a) && hasDrive(b) {
		return strings.EqualFold(a[:1], b[:1]) && a[1:] == b[1:]
	}
	return a == b
}

// isCleanRelative reports whether p is a relative slash path that
// path.Clean would not change and that stays below its base.
func isCleanRelative(p string) bool {
	if p == "" || p[0] == '/' || hasDrive(p) || p[len(p)-1] == '/' {
		return false
	}
	for rest := p; ; {
		elem, more, found := strings.Cut(rest, "/")
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
		if !found {
			return true
		}
		rest = more
	}
}

func toSlash(p string) string {
	if strings.IndexByte(p, '\\') < 0 {
		return p
	}
	return strings.ReplaceAll(p, `\`, "/")
}

func cleanSlash(p string) string {
	if p == "" {
		return ""
	}
	return path.Clean(toSlash(p))
}

// joinSlash joins a relative path onto a directory, keeping a Windows drive
// prefix intact.
func joinSlash(dir, rel string) string {
	if hasDrive(dir) {
		return dir[:2] + path.Join(dir[2:], rel)
	}
	return path.Join(dir, rel)
}

// hasDrive reports whether p starts with a Windows drive letter ("C:").
func hasDrive(p string) bool {
	return len(p) >= 2 && p[1] == ':' && isLetter(p[0])
}

// isAbsSlash reports whether the slash-form path p is absolute on Unix or
// Windows.
func isAbsSlash(p string) bool {
	return strings.HasPrefix(p, "/") || (hasDrive(p) && len(p) > 2 && p[2] == '/')
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// packageDir returns the module-relative directory of an import path, and
// whether it is known.
func (r *resolver) packageDir(pkg string) (string, bool) {
	mod := r.modulePath()
	switch {
	case mod == "" || pkg == "":
		return "", false
	case pkg == mod:
		return ".", true
	case strings.HasPrefix(pkg, mod+"/"):
		return pkg[len(mod)+1:], true
	}
	return "", false
}

// modulePath returns the module path declared in the module root's go.mod.
func (r *resolver) modulePath() string {
	if r.modPathRead {
		return r.modPath
	}
	r.modPathRead = true
	if len(r.roots) == 0 {
		return ""
	}
	data, err := os.ReadFile(path.Join(r.roots[0], "go.mod"))
	if err != nil {
		return ""
	}
	r.modPath = parseModulePath(string(data))
	return r.modPath
}

// parseModulePath returns the path of the module directive in go.mod text.
func parseModulePath(gomod string) string {
	for _, l := range strings.Split(gomod, "\n") {
		l = strings.TrimSpace(l)
		rest, ok := strings.CutPrefix(l, "module")
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"') {
			continue
		}
		if i := strings.Index(rest, "//"); i >= 0 {
			rest = rest[:i]
		}
		return strings.Trim(strings.TrimSpace(rest), `"`)
	}
	return ""
}

// onDisk reports whether the module root exists here, so that files can be
// checked.
func (r *resolver) onDisk() bool {
	if len(r.roots) == 0 {
		return false
	}
	if r.rootOnDisk == 0 {
		r.rootOnDisk = 2
		if fi, err := os.Stat(r.roots[0]); err == nil && fi.IsDir() {
			r.rootOnDisk = 1
		}
	}
	return r.rootOnDisk == 1
}

// exists reports whether the module-relative file exists, caching answers.
func (r *resolver) exists(rel string) bool {
	if ok, seen := r.fileExists[rel]; seen {
		return ok
	}
	_, err := os.Stat(path.Join(r.roots[0], rel))
	if r.fileExists == nil {
		r.fileExists = make(map[string]bool)
	}
	if len(r.fileExists) > 1<<14 {
		clear(r.fileExists) // a bound for output that names countless files
	}
	r.fileExists[rel] = err == nil
	return err == nil
}
