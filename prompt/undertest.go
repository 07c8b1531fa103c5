package prompt

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Bounds on the search for the code under test.
const (
	maxCodeUnderTest = 8   // functions listed
	maxCallsPerTest  = 4   // functions a test calls, listed per test
	maxTestsAnalysed = 32  // top-level tests whose bodies are read
	maxPackageFiles  = 200 // .go files read per package directory
	maxPackages      = 32  // package directories read
	maxHelperDepth   = 2   // test helpers followed into
	maxFramesPerErr  = 2   // trace frames outside the tests, per location
	maxSignature     = 200 // bytes of a signature
)

// codeFunc is a function in the module's non-test files that failing tests
// reach: the likely place of the fix.
type codeFunc struct {
	fn      *funcInfo // nil when the frame's file could not be read
	file    string
	line    int      // the line shown: the frame's, or the declaration's
	why     []string // where traces pass through it
	callers []string // the failing tests that call it
	score   int      // how strongly the callers' names and messages point at it
}

// reason says how the failing tests reach the function.
func (c *codeFunc) reason() string {
	parts := slices.Clone(c.why)
	if len(c.callers) > 0 {
		s := "called by " + strings.Join(c.callers[:min(3, len(c.callers))], ", ")
		if len(c.callers) > 3 {
			s += ", …"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// funcInfo is a function or method declared in a non-test file.
type funcInfo struct {
	file          string // module-relative
	name          string
	line, endLine int
	sig           string
	testSupport   bool // it takes a *testing.T (or B, F, TB): a test helper, not code under test
}

// pkgInfo is what one package directory declares.
type pkgInfo struct {
	name    string // the package name of the non-test files
	funcs   map[string][]*funcInfo
	methods map[string][]*funcInfo
	byFile  map[string][]*funcInfo
	// testDecls are the functions of the _test.go files (tests and
	// helpers), by name.
	testDecls map[string][]testDecl
}

// testDecl is a function declared in a _test.go file.
type testDecl struct {
	file *ast.File
	fd   *ast.FuncDecl
	rel  string // the module-relative file
}

// codeIndex reads the module's packages as the search needs them. Nothing
// is type-checked: calls are resolved by name, through the test file's
// imports of the module's own packages.
type codeIndex struct {
	root    string // the module's directory
	modPath string // its module path
	fset    *token.FileSet
	pkgs    map[string]*pkgInfo // by module-relative directory
	frags   *[]fragment         // the literal text of the module's strings, once scanned
}

func newCodeIndex(root string) *codeIndex {
	if root == "" {
		return nil
	}
	mp := modulePath(root)
	if mp == "" {
		return nil
	}
	return &codeIndex{root: root, modPath: mp, fset: token.NewFileSet(), pkgs: map[string]*pkgInfo{}}
}

// modulePath reads the module path from the go.mod in dir.
func modulePath(dir string) string {
	data, ok := readSmall(filepath.Join(dir, "go.mod"), 1<<20)
	if !ok {
		return ""
	}
	for _, l := range strings.Split(string(data), "\n") {
		l, _, _ = strings.Cut(l, "//")
		rest, ok := strings.CutPrefix(strings.TrimSpace(l), "module")
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"' {
			continue
		}
		rest = strings.TrimSpace(rest)
		if u, err := strconv.Unquote(rest); err == nil {
			rest = u
		}
		return rest
	}
	return ""
}

// dirOf returns the module-relative directory of an import path inside
// the module ("." for the root), or false.
func (ix *codeIndex) dirOf(importPath string) (string, bool) {
	importPath, _, _ = strings.Cut(importPath, " ")
	importPath = strings.TrimSuffix(importPath, "_test")
	if importPath == ix.modPath {
		return ".", true
	}
	if rest, ok := strings.CutPrefix(importPath, ix.modPath+"/"); ok && inModule(rest) {
		return path.Clean(rest), true
	}
	return "", false
}

// pkg reads (once) the package in a module-relative directory; nil when
// there is none or too many have been read.
func (ix *codeIndex) pkg(dir string) *pkgInfo {
	if p, ok := ix.pkgs[dir]; ok {
		return p
	}
	if len(ix.pkgs) >= maxPackages {
		return nil
	}
	p := &pkgInfo{funcs: map[string][]*funcInfo{}, methods: map[string][]*funcInfo{}, byFile: map[string][]*funcInfo{}, testDecls: map[string][]testDecl{}}
	ix.pkgs[dir] = p
	ents, err := os.ReadDir(filepath.Join(ix.root, filepath.FromSlash(dir)))
	if err != nil {
		return p
	}
	n := 0
	for _, de := range ents {
		name := de.Name()
		if !strings.HasSuffix(name, ".go") || !de.Type().IsRegular() || n == maxPackageFiles {
			continue
		}
		n++
		rel := path.Join(dir, name)
		full := filepath.Join(ix.root, filepath.FromSlash(rel))
		if fi, err := de.Info(); err != nil || fi.Size() > maxSourceBytes {
			continue
		}
		f, err := parser.ParseFile(ix.fset, full, nil, parser.SkipObjectResolution)
		if f == nil || err != nil && f.Name == nil {
			continue
		}
		if strings.HasSuffix(name, "_test.go") {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name != nil && fd.Body != nil {
					p.testDecls[fd.Name.Name] = append(p.testDecls[fd.Name.Name], testDecl{f, fd, rel})
				}
			}
			continue
		}
		if p.name == "" {
			p.name = f.Name.Name
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name == nil {
				continue
			}
			fi := &funcInfo{
				file:        rel,
				name:        fd.Name.Name,
				line:        ix.fset.Position(fd.Pos()).Line,
				endLine:     ix.fset.Position(fd.End()).Line,
				sig:         signature(ix.fset, fd),
				testSupport: takesTesting(fd.Type),
			}
			if fd.Recv != nil {
				p.methods[fi.name] = append(p.methods[fi.name], fi)
			} else {
				p.funcs[fi.name] = append(p.funcs[fi.name], fi)
			}
			p.byFile[rel] = append(p.byFile[rel], fi)
		}
	}
	return p
}

// signature prints a function's declaration without its body or comments,
// on one line.
func signature(fset *token.FileSet, fd *ast.FuncDecl) string {
	var b bytes.Buffer
	if printer.Fprint(&b, fset, &ast.FuncDecl{Recv: fd.Recv, Name: fd.Name, Type: fd.Type}) != nil {
		return "func " + fd.Name.Name
	}
	return clip(strings.Join(strings.Fields(b.String()), " "), maxSignature)
}

// takesTesting reports whether a function has a parameter of a testing
// type: *testing.T, *testing.B, *testing.F or testing.TB.
func takesTesting(ft *ast.FuncType) bool {
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, f := range ft.Params.List {
		if isTestingType(f.Type) {
			return true
		}
	}
	return false
}

func isTestingType(t ast.Expr) bool {
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	sel, ok := t.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == "testing" && slices.Contains([]string{"T", "B", "F", "TB", "M"}, sel.Sel.Name)
}

// enclosing returns the function of a module file that holds a line.
func (ix *codeIndex) enclosing(file string, line int) *funcInfo {
	p := ix.pkg(path.Dir(file))
	if p == nil {
		return nil
	}
	for _, fi := range p.byFile[file] {
		if fi.line <= line && line <= fi.endLine {
			return fi
		}
	}
	return nil
}

// testFunc finds a top-level test function (Test, Example, Fuzz,
// Benchmark) among the _test.go files of a package directory.
func (ix *codeIndex) testFunc(dir, name string) (*ast.File, *ast.FuncDecl) {
	if p := ix.pkg(dir); p != nil && len(p.testDecls[name]) > 0 {
		d := p.testDecls[name][0]
		return d.file, d.fd
	}
	return nil, nil
}

// calls returns the module functions outside the tests that a test
// function refers to — calls and function values, through same-package
// names, the module packages the file imports, methods whose name only
// one or two of those packages' types declare, and the test helpers it
// calls — in order of first appearance.
func (ix *codeIndex) calls(dir string, file *ast.File, fd *ast.FuncDecl) []*funcInfo {
	var out []*funcInfo
	seen := map[*funcInfo]bool{}
	helpers := map[*ast.FuncDecl]bool{fd: true}
	ix.walk(dir, file, fd, 0, &out, seen, helpers)
	return out
}

func (ix *codeIndex) walk(dir string, file *ast.File, fd *ast.FuncDecl, depth int, out *[]*funcInfo, seen map[*funcInfo]bool, helpers map[*ast.FuncDecl]bool) {
	p := ix.pkg(dir)
	if p == nil {
		return
	}
	add := func(fis ...*funcInfo) {
		for _, fi := range fis {
			if !seen[fi] && !fi.testSupport {
				seen[fi] = true
				*out = append(*out, fi)
			}
		}
	}
	imports := map[string]string{} // local name → module-relative directory
	var importDirs []string
	for _, is := range file.Imports {
		ip, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			continue
		}
		d, ok := ix.dirOf(ip)
		if !ok {
			continue
		}
		importDirs = append(importDirs, d)
		name := path.Base(ip)
		if ip2 := ix.pkg(d); ip2 != nil && ip2.name != "" {
			name = ip2.name
		}
		if is.Name != nil {
			name = is.Name.Name
		}
		if name != "_" && name != "." {
			imports[name] = d
		}
	}
	internal := file.Name != nil && file.Name.Name == p.name
	locals, testingVars := declaredNames(fd)

	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			ast.Inspect(n.Value, visit)
			return false
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && !locals[id.Name] {
				if d, ok := imports[id.Name]; ok {
					if q := ix.pkg(d); q != nil && ast.IsExported(n.Sel.Name) {
						add(q.funcs[n.Sel.Name]...)
					}
					return false
				}
			}
			ast.Inspect(n.X, visit)
			return false
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok {
				break
			}
			if id, ok := sel.X.(*ast.Ident); ok && (testingVars[id.Name] || !locals[id.Name] && imports[id.Name] != "") {
				break
			}
			// A method call: resolved when the test's own package, or
			// else the module packages it imports, declare only one or
			// two methods of that name.
			for _, dirs := range [][]string{{dir}, importDirs} {
				var cands []*funcInfo
				for _, d := range dirs {
					if q := ix.pkg(d); q != nil {
						for _, fi := range q.methods[sel.Sel.Name] {
							if !slices.Contains(cands, fi) {
								cands = append(cands, fi)
							}
						}
					}
				}
				if len(cands) > 0 {
					if len(cands) <= 2 {
						add(cands...)
					}
					break
				}
			}
		case *ast.Ident:
			if locals[n.Name] {
				break
			}
			if internal {
				add(p.funcs[n.Name]...)
			}
			if depth < maxHelperDepth && len(p.funcs[n.Name]) == 0 {
				if hf, hd := ix.helper(dir, file, n.Name); hd != nil && !helpers[hd] {
					helpers[hd] = true
					ix.walk(dir, hf, hd, depth+1, out, seen, helpers)
				}
			}
		}
		return true
	}
	ast.Inspect(fd.Body, visit)
}

// helper finds a function declared in the test files of the same package
// as file (a test helper).
func (ix *codeIndex) helper(dir string, file *ast.File, name string) (*ast.File, *ast.FuncDecl) {
	p := ix.pkg(dir)
	if p == nil || file.Name == nil {
		return nil, nil
	}
	for _, d := range p.testDecls[name] {
		if d.file.Name != nil && d.file.Name.Name == file.Name.Name {
			return d.file, d.fd
		}
	}
	return nil, nil
}

// declaredNames returns the names a function declares (parameters,
// variables, types) — they shadow the package's functions — and those of
// its testing parameters.
func declaredNames(fd *ast.FuncDecl) (locals, testing map[string]bool) {
	locals, testing = map[string]bool{}, map[string]bool{}
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						locals[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				locals[id.Name] = true
			}
		case *ast.Field:
			for _, id := range n.Names {
				locals[id.Name] = true
				if isTestingType(n.Type) {
					testing[id.Name] = true
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						locals[id.Name] = true
					}
				}
			}
		case *ast.TypeSpec:
			locals[n.Name.Name] = true
		}
		return true
	})
	delete(locals, fd.Name.Name)
	return locals, testing
}

// framePos finds the positions of Go files in a message: a trace's
// "\t/abs/dir/x.go:12 +0x1d", filter's "pkg.F (dir/x.go:12)", a race's
// "Read at x.go:12 (pkg.F)", testify's "called from: x_test.go:9".
var framePos = regexp.MustCompile(`(?:^|[\s(])((?:[A-Za-z]:)?[^\s():]*\.go):(\d+)\b`)

// frames returns the module files and lines a message's trace names,
// innermost first, outside the tests.
func (ix *codeIndex) frames(msg string) []pos {
	var out []pos
	for _, m := range framePos.FindAllStringSubmatch(msg, 64) {
		file := filepath.ToSlash(m[1])
		if filepath.IsAbs(m[1]) {
			rel, err := filepath.Rel(ix.root, m[1])
			if err != nil {
				continue
			}
			file = filepath.ToSlash(rel)
		}
		line, err := strconv.Atoi(m[2])
		if err != nil || !inModule(file) || strings.HasSuffix(file, "_test.go") {
			continue
		}
		out = append(out, pos{path.Clean(file), line})
	}
	return out
}

// pos is a module file and line.
type pos struct {
	file string
	line int
}

// failureVerb says how a test failed where a trace points.
func failureVerb(msg string) string {
	first, _, _ := strings.Cut(msg, "\n")
	switch {
	case strings.Contains(first, "DATA RACE"):
		return "raced"
	case strings.Contains(first, "timed out"):
		return "was blocked when the tests timed out"
	case strings.HasPrefix(first, "fatal error:"):
		return "crashed"
	case strings.Contains(first, "panic"):
		return "panicked"
	}
	return "failed"
}

// codeUnderTest finds, for the failing tests among the entries, the
// module functions outside the tests that likely hold the bug: first the
// innermost trace frames outside _test.go files (panics, races,
// timeouts), then the functions each failing test calls — those its
// messages name and those its name contains first. It returns at most
// maxCodeUnderTest of them and how many more there were.
func codeUnderTest(ix *codeIndex, entries []*entry) ([]*codeFunc, int) {
	if ix == nil {
		return nil, 0
	}
	var out []*codeFunc
	byKey := map[pos]*codeFunc{}
	add := func(fi *funcInfo, p pos, why, caller string, score int) {
		k := p
		if fi != nil {
			k = pos{fi.file, fi.line}
		}
		c := byKey[k]
		if c == nil {
			c = &codeFunc{fn: fi, file: p.file, line: p.line}
			byKey[k] = c
			out = append(out, c)
		}
		if why != "" && !slices.Contains(c.why, why) {
			c.why = append(c.why, why)
		}
		if caller != "" && !slices.Contains(c.callers, caller) {
			c.callers = append(c.callers, caller)
		}
		c.score = max(c.score, score)
	}

	// Trace frames outside the tests.
	for _, en := range entries {
		if en.tool != "test" || !en.inModule() && en.file != "" {
			continue
		}
		var ps []pos
		if !strings.HasSuffix(en.file, "_test.go") && en.file != "" && en.line > 0 {
			ps = append(ps, pos{path.Clean(en.file), en.line})
		}
		verb := "failed"
		for _, x := range en.examples {
			ps = append(ps, ix.frames(x.msg)...)
			if verb == "failed" {
				verb = failureVerb(x.msg)
			}
		}
		who := testSummary(en.tests)
		if who == "" {
			who = "the test binary"
		}
		n := 0
		var prev any
		for _, p := range ps {
			fi := ix.enclosing(p.file, p.line)
			var k any = p
			if fi != nil {
				k = fi
			}
			if fi != nil && fi.testSupport || k == prev {
				continue
			}
			why := "where " + who + " " + verb
			if n > 0 {
				why = "its caller, in the trace of " + who
			}
			add(fi, p, why, "", 0)
			prev = k
			if n++; n == maxFramesPerErr {
				break
			}
		}
	}

	// Where the module's code writes the text of a failure's message.
	looked := 0
	for _, en := range entries {
		if en.tool != "test" || looked == maxOriginMessages {
			continue
		}
		looked++
		who := testSummary(en.tests)
		if who == "" {
			who = "the test binary"
		}
		for _, p := range ix.origins(en.examples[0].msg) {
			fi := ix.enclosing(p.file, p.line)
			if fi != nil && fi.testSupport {
				continue
			}
			add(fi, p, "writes the message of "+who, "", 0)
		}
	}

	// The functions the failing tests call.
	type failing struct {
		dir, name string
		msgs      strings.Builder
	}
	var tests []*failing
	byTest := map[[2]string]*failing{}
	for _, en := range entries {
		if en.tool != "test" {
			continue
		}
		for _, t := range en.tests {
			name, _, _ := strings.Cut(t, "/")
			dir, ok := ix.dirOf(en.pkgPath)
			if !ok && strings.HasSuffix(en.file, "_test.go") && inModule(en.file) {
				dir, ok = path.Dir(path.Clean(en.file)), true
			}
			if !ok || name == "" {
				continue
			}
			k := [2]string{dir, name}
			ft := byTest[k]
			if ft == nil {
				if len(tests) == maxTestsAnalysed {
					continue
				}
				ft = &failing{dir: dir, name: name}
				byTest[k] = ft
				tests = append(tests, ft)
			}
			if ft.msgs.Len() < 8<<10 {
				for _, x := range en.examples {
					ft.msgs.WriteString(x.msg)
					ft.msgs.WriteByte('\n')
				}
			}
		}
	}
	for _, ft := range tests {
		file, fd := ix.testFunc(ft.dir, ft.name)
		if fd == nil {
			continue
		}
		fns := ix.calls(ft.dir, file, fd)
		msgs := ft.msgs.String()
		score := func(fi *funcInfo) int {
			s := 0
			if hasIdent(msgs, fi.name) {
				s += 4
			}
			if len(fi.name) >= 3 && strings.Contains(strings.ToLower(ft.name), strings.ToLower(fi.name)) {
				s += 2
			}
			if testInfra(fi.file) {
				s -= 3
			}
			return s
		}
		ranked := slices.Clone(fns)
		slices.SortStableFunc(ranked, func(a, b *funcInfo) int { return cmp.Compare(score(b), score(a)) })
		for _, fi := range ranked[:min(len(ranked), maxCallsPerTest)] {
			add(fi, pos{fi.file, fi.line}, "", ft.name, score(fi))
		}
	}
	// Traces and messages first, then the calls the names and messages
	// point at most.
	slices.SortStableFunc(out, func(a, b *codeFunc) int {
		ta, tb := len(a.why) > 0, len(b.why) > 0
		switch {
		case ta != tb && ta:
			return -1
		case ta != tb:
			return 1
		case ta:
			return 0 // traces keep their order, innermost first
		}
		return cmp.Compare(b.score, a.score)
	})
	if len(out) > maxCodeUnderTest {
		return out[:maxCodeUnderTest], len(out) - maxCodeUnderTest
	}
	return out, 0
}

// hasIdent reports whether text holds name as a whole identifier.
func hasIdent(text, name string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], name)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(name)
		if (i == 0 || !identByte(text[i-1])) && (end == len(text) || !identByte(text[end])) {
			return true
		}
		off = i + 1
	}
}

func identByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// testHomes returns the files that hold the failing tests whose errors
// name no file (a test that called os.Exit, a failing TestMain), each
// with a note: the error itself cannot point there.
func testHomes(ix *codeIndex, entries []*entry) (files []string, notes map[string]string) {
	if ix == nil {
		return nil, nil
	}
	notes = map[string]string{}
	for _, en := range entries {
		if en.file != "" || en.tool != "test" {
			continue
		}
		dir, ok := ix.dirOf(en.pkgPath)
		if !ok {
			continue
		}
		names := []string{}
		for _, t := range en.tests {
			name, _, _ := strings.Cut(t, "/")
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			names = []string{"TestMain"}
		}
		p := ix.pkg(dir)
		if p == nil {
			continue
		}
		for _, name := range names {
			ds := p.testDecls[name]
			if len(ds) == 0 {
				continue
			}
			f := ds[0].rel
			if _, ok := notes[f]; !ok {
				files = append(files, f)
				notes[f] = "holds " + name
			} else if !strings.Contains(notes[f], name) {
				notes[f] += ", " + name
			}
		}
	}
	for f, n := range notes {
		notes[f] = n + ", whose failure names no line"
	}
	return files, notes
}

// testInfra reports whether a module file lies in a directory of test
// infrastructure ("internal/testutil", "toml-test"): what the tests use,
// seldom what they test.
func testInfra(file string) bool {
	for _, seg := range strings.Split(path.Dir(file), "/") {
		if strings.Contains(strings.ToLower(seg), "test") {
			return true
		}
	}
	return false
}
