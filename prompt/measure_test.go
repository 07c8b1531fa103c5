package prompt_test

// TestMeasure builds the fix prompt of every captured run in
// testdata/corpus and measures it against what an expert's prompt must do:
// keep every failure location, name every failing test, never repeat a
// source line, name the file that holds the bug as a file to edit, and stay
// small. Each corpus file is a txtar archive: a header (where the fixture
// comes from, the check, the command, the files that hold the bugs), the
// fixture module, and the command's combined output in the "[output]"
// section, with the module's directory written as $MODULE.
//
// Print the numbers with
//
//	go test ./prompt -run TestMeasure -v
//
// and regenerate the captured outputs (the real toolchain runs each
// header's command on its module; golangci-lint must be on PATH) with
//
//	go test ./prompt -run TestMeasure -update-corpus=all
//
// or -update-corpus=NAME,NAME for some of them.

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/prompt"
)

var (
	updateCorpus = flag.String("update-corpus", "", `re-run the command of the testdata/corpus archives ("all", or names separated by commas) and store their output`)
	dumpPrompts  = flag.String("dump-prompts", "", "write the prompt of every testdata/corpus archive to this directory, to read them")
)

// outputSection is the archive section that holds the captured output.
const outputSection = "[output]"

// corpusCase is one captured run.
type corpusCase struct {
	name   string
	path   string
	header map[string]string
	ar     *txtar.Archive
}

// bugs returns the labelled bugs: each a list of files, any of which is
// the right place to fix it.
func (c corpusCase) bugs() [][]string {
	var out [][]string
	for _, b := range strings.Fields(c.header["buggy"]) {
		out = append(out, strings.Split(b, "|"))
	}
	return out
}

func loadCorpus(t *testing.T) []corpusCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var cases []corpusCase
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h := map[string]string{}
		for _, l := range strings.Split(string(ar.Comment), "\n") {
			if k, v, ok := strings.Cut(l, ": "); ok {
				h[k] = v
			}
		}
		for _, k := range []string{"check", "run", "buggy"} {
			if h[k] == "" {
				t.Fatalf("%s: the header has no %q", f, k)
			}
		}
		cases = append(cases, corpusCase{name: strings.TrimSuffix(filepath.Base(f), ".txtar"), path: f, header: h, ar: ar})
	}
	return cases
}

// extract writes the archive's module into a new directory.
func (c corpusCase) extract(t *testing.T) string {
	t.Helper()
	module := slices.DeleteFunc(slices.Clone(c.ar.Files), func(f txtar.File) bool { return f.Name == outputSection })
	return prompt.WriteFiles(t, module)
}

func (c corpusCase) output() (string, bool) {
	for _, f := range c.ar.Files {
		if f.Name == outputSection {
			return string(f.Data), true
		}
	}
	return "", false
}

// hostPaths are the directories captured outputs name as variables.
var hostPaths = sync.OnceValue(func() [][2]string {
	out, err := exec.Command("go", "env", "GOROOT", "GOMODCACHE").Output()
	if err != nil {
		return nil
	}
	v := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(v) != 2 {
		return nil
	}
	return [][2]string{{v[0], "$GOROOT"}, {v[1], "$GOMODCACHE"}}
})

// recapture runs the case's command on its module with the real toolchain
// and stores the output, normalised, in its archive.
func recapture(t *testing.T, c corpusCase) {
	dir := c.extract(t)
	args := strings.Fields(c.header["run"])
	bin, err := exec.LookPath(args[0])
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	cmd := exec.Command(bin, args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOPROXY=off", "GOFLAGS=", "GOWORK=off")
	if env := c.header["env"]; env != "" {
		cmd.Env = append(cmd.Env, strings.Fields(env)...)
	}
	out, _ := cmd.CombinedOutput() // failing is the point
	s := strings.ReplaceAll(string(out), dir, "$MODULE")
	for _, kv := range hostPaths() {
		s = strings.ReplaceAll(s, kv[0], kv[1])
	}
	files := slices.DeleteFunc(slices.Clone(c.ar.Files), func(f txtar.File) bool { return f.Name == outputSection })
	c.ar.Files = append(files, txtar.File{Name: outputSection, Data: []byte(s)})
	if err := os.WriteFile(c.path, txtar.Format(c.ar), 0o666); err != nil {
		t.Fatal(err)
	}
}

// measurement is what one prompt achieves.
type measurement struct {
	name                 string
	rawBytes, bytes      int
	locs, locsKept       int
	tests, testsNamed    int
	snippet, repeated    int
	bugs, toEdit, named  int
	overBudget           bool
	missingLocs, missing []string
}

func TestMeasure(t *testing.T) {
	cases := loadCorpus(t)
	if *updateCorpus != "" {
		names := strings.Split(*updateCorpus, ",")
		for _, c := range cases {
			if *updateCorpus == "all" || slices.Contains(names, c.name) {
				recapture(t, c)
			}
		}
		cases = loadCorpus(t)
	}
	var all []measurement
	for _, c := range cases {
		out, ok := c.output()
		if !ok || out == "" {
			t.Errorf("%s: no captured output (go test ./prompt -run TestMeasure -update-corpus=%s)", c.name, c.name)
			continue
		}
		dir := c.extract(t)
		raw := out
		out = strings.ReplaceAll(out, "$MODULE", dir)
		for _, kv := range hostPaths() {
			out = strings.ReplaceAll(out, kv[1], kv[0])
		}
		res := filter.Parse(filter.CheckName(c.header["check"]), out, filter.Options{Dir: dir})
		errkind.Annotate(res.Errors)
		p := prompt.Fix(prompt.Failure{TaskID: c.name, Check: c.header["check"], Result: res}, prompt.Options{ModuleDir: dir})
		p = strings.ReplaceAll(p, dir, "$MODULE")
		if *dumpPrompts != "" {
			if err := os.WriteFile(filepath.Join(*dumpPrompts, c.name+".txt"), []byte(p), 0o666); err != nil {
				t.Fatal(err)
			}
		}
		m := measure(c, res, p)
		m.rawBytes = len(raw)
		all = append(all, m)
		if len(m.missingLocs) > 0 || len(m.missing) > 0 {
			t.Logf("%s: locations left out: %q; tests not named: %q", c.name, m.missingLocs, m.missing)
		}
	}
	report(t, all)
}

// The measured floors: a change to the prompt may only make them better.
const (
	floorLocsKept    = 1.00 // of the failure locations, shown in the prompt
	floorTestsNamed  = 1.00 // of the failing tests, named
	ceilRepeated     = 0    // source lines shown twice or more
	floorBugsToEdit  = 0.97 // of the bugs, whose file is among the files to edit
	ceilOverBudget   = 0    // prompts over the default byte budget
	defaultPromptCap = 8192 // the byte budget measured against
)

func report(t *testing.T, all []measurement) {
	var sum measurement
	var over []string
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-22s %8s %8s %6s %9s %9s %9s %9s\n", "fixture", "raw B", "prompt B", "ratio", "locs", "tests", "rep.src", "bug→edit")
	for _, m := range all {
		fmt.Fprintf(&b, "%-22s %8d %8d %5.0f%% %4d/%-4d %4d/%-4d %4d/%-4d %4d/%-4d\n", m.name, m.rawBytes, m.bytes,
			100*float64(m.bytes)/float64(max(m.rawBytes, 1)), m.locsKept, m.locs, m.testsNamed, m.tests, m.repeated, m.snippet, m.toEdit, m.bugs)
		sum.rawBytes += m.rawBytes
		sum.bytes += m.bytes
		sum.locs += m.locs
		sum.locsKept += m.locsKept
		sum.tests += m.tests
		sum.testsNamed += m.testsNamed
		sum.snippet += m.snippet
		sum.repeated += m.repeated
		sum.bugs += m.bugs
		sum.toEdit += m.toEdit
		sum.named += m.named
		if m.overBudget {
			over = append(over, m.name)
		}
	}
	ratio := func(a, b int) float64 { return float64(a) / float64(max(b, 1)) }
	fmt.Fprintf(&b, "%-22s %8d %8d %5.0f%% %4d/%-4d %4d/%-4d %4d/%-4d %4d/%-4d\n", "total", sum.rawBytes, sum.bytes,
		100*ratio(sum.bytes, sum.rawBytes), sum.locsKept, sum.locs, sum.testsNamed, sum.tests, sum.repeated, sum.snippet, sum.toEdit, sum.bugs)
	fmt.Fprintf(&b, "locations kept %.1f%%, tests named %.1f%%, repeated source lines %d of %d, bugs whose file is to edit %.1f%% (named anywhere %.1f%%), prompts over %d bytes: %d %v\n",
		100*ratio(sum.locsKept, sum.locs), 100*ratio(sum.testsNamed, sum.tests), sum.repeated, sum.snippet,
		100*ratio(sum.toEdit, sum.bugs), 100*ratio(sum.named, sum.bugs), defaultPromptCap, len(over), over)
	t.Log(b.String())

	if r := ratio(sum.locsKept, sum.locs); r < floorLocsKept {
		t.Errorf("locations kept %.3f, below the floor %.3f", r, floorLocsKept)
	}
	if r := ratio(sum.testsNamed, sum.tests); r < floorTestsNamed {
		t.Errorf("tests named %.3f, below the floor %.3f", r, floorTestsNamed)
	}
	if sum.repeated > ceilRepeated {
		t.Errorf("%d repeated source lines, above the ceiling %d", sum.repeated, ceilRepeated)
	}
	if r := ratio(sum.toEdit, sum.bugs); r < floorBugsToEdit {
		t.Errorf("bugs whose file is to edit %.3f, below the floor %.3f", r, floorBugsToEdit)
	}
	if len(over) > ceilOverBudget {
		t.Errorf("%d prompts over %d bytes (%v), above the ceiling %d", len(over), defaultPromptCap, over, ceilOverBudget)
	}
}

var (
	entryLine   = regexp.MustCompile(`^\s*\d+\. (\S+?):(\d+)`)
	snippetLine = regexp.MustCompile(`^ +>? +(\d+) \|`)
)

// measure computes what the prompt p keeps of the parsed result.
func measure(c corpusCase, res filter.ParseResult, p string) measurement {
	m := measurement{name: c.name, bytes: len(p), overBudget: len(p) > defaultPromptCap}

	// Locations: every distinct file:line (file, or message when there is
	// no position) of the parsed errors.
	seen := map[string]bool{}
	for _, e := range res.Errors {
		key, found := "", false
		switch {
		case e.File != "" && e.Line > 0:
			key = e.File + ":" + strconv.Itoa(e.Line)
			found = hasLocation(p, e.File, e.Line)
		case e.File != "":
			key = e.File
			found = hasWord(p, e.File)
		default:
			first, _, _ := strings.Cut(e.Message, "\n")
			key = first
			found = strings.Contains(p, first[:min(len(first), 50)])
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		m.locs++
		if found {
			m.locsKept++
		} else {
			m.missingLocs = append(m.missingLocs, key)
		}
	}

	// Tests: every distinct failing test, named in full or in a compact
	// list of the FAILING TESTS section.
	listed := listedTests(p)
	tests := map[string]bool{}
	for _, e := range res.Errors {
		if e.Test != "" {
			tests[e.Test] = true
		}
	}
	for name := range tests {
		m.tests++
		if listed[name] || hasWord(p, name) {
			m.testsNamed++
		} else {
			m.missing = append(m.missing, name)
		}
	}
	sort.Strings(m.missing)

	// Source lines, and those shown again.
	shown := map[string]bool{}
	file := ""
	for _, l := range strings.Split(p, "\n") {
		if sm := entryLine.FindStringSubmatch(l); sm != nil {
			file = sm[1]
			continue
		}
		if sm := snippetLine.FindStringSubmatch(l); sm != nil {
			m.snippet++
			k := file + ":" + sm[1]
			if shown[k] {
				m.repeated++
			}
			shown[k] = true
		}
	}

	// Bugs: named among the files to edit, or anywhere.
	edit := filesToEdit(p)
	for _, alts := range c.bugs() {
		m.bugs++
		if slices.ContainsFunc(alts, func(f string) bool { return edit[f] }) {
			m.toEdit++
		}
		if slices.ContainsFunc(alts, func(f string) bool { return hasWord(p, f) }) {
			m.named++
		}
	}
	return m
}

// hasLocation reports whether p names file at line: "file:line" not
// followed by a digit, or a compact list "file: lines 3, 8, 12".
func hasLocation(p, file string, line int) bool {
	loc := file + ":" + strconv.Itoa(line)
	for s := p; ; {
		i := strings.Index(s, loc)
		if i < 0 {
			break
		}
		rest := s[i+len(loc):]
		if (rest == "" || rest[0] < '0' || rest[0] > '9') && boundaryBefore(s, i) {
			return true
		}
		s = rest
	}
	for _, l := range strings.Split(p, "\n") {
		l = strings.TrimLeft(l, " -")
		if rest, ok := strings.CutPrefix(l, file+": lines "); ok {
			for _, f := range strings.FieldsFunc(rest, func(r rune) bool { return r == ',' || r == ' ' }) {
				n, _, _ := strings.Cut(f, ":")
				if n == strconv.Itoa(line) {
					return true
				}
			}
		}
	}
	return false
}

// hasWord reports whether p holds w with no name character around it.
func hasWord(p, w string) bool {
	for s, off := p, 0; ; {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(w)
		if boundaryBefore(s, i) && (end == len(s) || !nameByte(s[end])) {
			return true
		}
		off = i + 1
	}
}

func boundaryBefore(s string, i int) bool { return i == 0 || !nameByte(s[i-1]) }

func nameByte(c byte) bool {
	return c == '_' || c == '/' || c == '.' || c == '-' || c == '#' ||
		'0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// section returns the lines of p after the line that starts with title,
// up to the first blank line.
func section(p, title string) []string {
	_, rest, ok := strings.Cut(p, "\n"+title)
	if !ok {
		return nil
	}
	_, rest, _ = strings.Cut(rest, "\n")
	body, _, _ := strings.Cut(rest, "\n\n")
	return strings.Split(body, "\n")
}

// filesToEdit returns the files of the AFFECTED FILES section.
func filesToEdit(p string) map[string]bool {
	files := map[string]bool{}
	for _, l := range section(p, "AFFECTED FILES") {
		if f, ok := strings.CutPrefix(l, "- "); ok {
			f, _, _ = strings.Cut(f, " (")
			files[f] = true
		}
	}
	return files
}

// listedTests expands the FAILING TESTS section: "- Parent/{a, b, c}"
// lines name Parent/a, Parent/b and Parent/c, "x…y" ranges of numbered
// names every name in between.
func listedTests(p string) map[string]bool {
	names := map[string]bool{}
	for _, l := range section(p, "FAILING TESTS") {
		l, ok := strings.CutPrefix(l, "- ")
		if !ok {
			continue
		}
		l, _, _ = strings.Cut(l, " (")
		parent, kids, ok := strings.Cut(l, "{")
		if !ok {
			names[l] = true
			continue
		}
		kids = strings.TrimSuffix(kids, "}")
		for _, k := range strings.Split(kids, ", ") {
			for _, n := range expandRange(k) {
				names[parent+n] = true
			}
		}
	}
	return names
}

// expandRange expands "case_07…case_11" to case_07, case_08 … case_11.
func expandRange(k string) []string {
	from, to, ok := strings.Cut(k, "…")
	if !ok {
		return []string{k}
	}
	i := len(from)
	for i > 0 && from[i-1] >= '0' && from[i-1] <= '9' {
		i--
	}
	prefix, width := from[:i], len(from)-i
	a, err1 := strconv.Atoi(from[i:])
	b, err2 := strconv.Atoi(strings.TrimPrefix(to, prefix))
	if err1 != nil || err2 != nil || b < a {
		return []string{k}
	}
	var out []string
	for n := a; n <= b; n++ {
		out = append(out, fmt.Sprintf("%s%0*d", prefix, width, n))
	}
	return out
}
