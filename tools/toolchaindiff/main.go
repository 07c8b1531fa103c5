// Command toolchaindiff runs every fixture of the testscript suite under two
// Go toolchains (and optionally two golangci-lint binaries) and prints, per
// fixture, whether the raw output of the tools changed and whether
// faultline's parsed result changed: what a maintainer reads before bumping
// Go or golangci-lint.
//
// Usage, from the module root:
//
//	go run ./tools/toolchaindiff [-lint OLDBIN,NEWBIN] [-run REGEXP] [-v] OLDGO NEWGO
//
// for example
//
//	go run ./tools/toolchaindiff go1.26.8 go1.27.4
//	go run ./tools/toolchaindiff -lint /old/golangci-lint,/new/golangci-lint go1.26.8 go1.27.4
//
// Each side runs `GOTOOLCHAIN=GO go test -count=1 -json -run TestScripts .`
// (a toolchain not installed yet is fetched through the module proxy) in a
// copy of the module, with FAULTLINE_CAPTURES and FAULTLINE_RECORD set:
// the suite then keeps each output a script captures from a tool (raw) and
// each faultline result it asserts with golden or errors (parsed),
// normalised as goldens are ($WORK, $GOROOT, temporary numbers, timings). The copy runs with
// GOLDIE_UPDATE=1 so that a changed expectation does not end a script
// halfway; its rewritten goldens are thrown away. Before comparing, what
// differs between two runs of one toolchain is masked: addresses and
// goroutine numbers. The old and new columns say whether the fixture's
// script passed, failed (on an assertion that is not a golden or a cmp:
// its records stop there) or was skipped. -v prints the changed records'
// differences. A fixture skipped on either side ("-") is not compared.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/google/go-cmp/cmp"
)

func main() {
	log := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "toolchaindiff: "+format+"\n", args...) }
	lint := flag.String("lint", "", "two golangci-lint binaries, `OLD,NEW`, one per side (default: golangci-lint on PATH for both)")
	run := flag.String("run", "", "only the fixtures whose script name matches `REGEXP`")
	verbose := flag.Bool("v", false, "print the differences of the changed records")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./tools/toolchaindiff [-lint OLD,NEW] [-run REGEXP] [-v] OLDGO NEWGO\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 2 {
		flag.Usage()
		os.Exit(2)
	}
	var lints [2]string
	if *lint != "" {
		old, new, ok := strings.Cut(*lint, ",")
		if !ok {
			log("-lint wants OLD,NEW")
			os.Exit(2)
		}
		lints = [2]string{old, new}
	}
	filter, err := regexp.Compile(*run)
	if err != nil {
		log("-run: %v", err)
		os.Exit(2)
	}
	root, err := moduleRoot()
	if err != nil {
		log("%v", err)
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "toolchaindiff-")
	if err != nil {
		log("%v", err)
		os.Exit(1)
	}
	defer func() { _ = os.RemoveAll(tmp) }() // best effort: a temporary directory

	var sides [2]*side
	for i, goVersion := range flag.Args() {
		s := &side{goVersion: goVersion, lint: lints[i], dir: filepath.Join(tmp, fmt.Sprint(i))}
		log("running the fixtures under %s ...", s.goVersion)
		if err := s.run(root, *run); err != nil {
			log("%s: %v", goVersion, err)
			os.Exit(1)
		}
		sides[i] = s
	}
	// A fixture whose records differ is run again under the old toolchain:
	// if they differ between two runs of the same toolchain too, the
	// difference is not the toolchain's.
	var differ []string
	for _, name := range scriptNames(root, filter) {
		if !bothRan(sides, name) {
			continue
		}
		for _, kind := range []string{"raw", "parsed"} {
			if same, _ := compare(sides[0], sides[1], name, kind, io.Discard); !same {
				differ = append(differ, regexp.QuoteMeta(name))
				break
			}
		}
	}
	var again *side
	if len(differ) > 0 {
		again = &side{goVersion: sides[0].goVersion, lint: sides[0].lint, dir: filepath.Join(tmp, "again")}
		log("running the %d fixtures that differ under %s again ...", len(differ), again.goVersion)
		if err := again.run(root, "^("+strings.Join(differ, "|")+")$"); err != nil {
			log("%s: %v", again.goVersion, err)
			os.Exit(1)
		}
	}
	if err := report(os.Stdout, root, filter, sides, again, *verbose); err != nil {
		log("%v", err)
		os.Exit(1)
	}
}

// side is one toolchain (and golangci-lint) the fixtures run under.
type side struct {
	goVersion string // go1.27.4
	lint      string // a golangci-lint binary, or "" for the one on PATH
	dir       string // its copy of the module, records, bin

	lintBuiltWith string            // what `golangci-lint version` says built it
	status        map[string]string // script → pass, fail, skip
	reason        map[string]string // script → its first failure
}

func (s *side) label() string {
	l := s.goVersion
	if s.lintBuiltWith != "" {
		l += " (golangci-lint built with " + s.lintBuiltWith + ")"
	}
	return l
}

// records and captures are where the suite keeps, per script, the results
// it asserts (FAULTLINE_RECORD) and the outputs it captures
// (FAULTLINE_CAPTURES).
func (s *side) records() string  { return filepath.Join(s.dir, "records") }
func (s *side) captures() string { return filepath.Join(s.dir, "captures") }

// run runs the suite's scripts under this side's toolchain in a copy of the
// module, recording their outputs and results.
func (s *side) run(root, scripts string) error {
	mod := filepath.Join(s.dir, "module")
	if err := copyModule(root, mod); err != nil {
		return err
	}
	env := append(os.Environ(), "GOTOOLCHAIN="+s.goVersion, "GOFLAGS=", "GOLDIE_UPDATE=1", "FAULTLINE_RECORD="+s.records(), "FAULTLINE_CAPTURES="+s.captures())
	if s.lint != "" {
		bin := filepath.Join(s.dir, "bin")
		abs, err := filepath.Abs(s.lint)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(bin, 0o777); err != nil {
			return err
		}
		if err := os.Symlink(abs, filepath.Join(bin, "golangci-lint")); err != nil {
			return err
		}
		env = append(env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	lintBin := "golangci-lint"
	if s.lint != "" {
		lintBin = s.lint
	}
	if out, err := command(mod, env, lintBin, "version").Output(); err == nil {
		if m := regexp.MustCompile(`built with (go\S+)`).FindSubmatch(out); m != nil {
			s.lintBuiltWith = string(m[1])
		}
	}
	pattern := "^TestScripts$"
	if scripts != "" {
		pattern += "/^scripts$/(" + scripts + ")" // unbracketed, | would split the pattern
	}
	cmd := command(mod, env, "go", "test", "-count=1", "-json", "-run", pattern, ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return err
	}
	s.status, s.reason = map[string]string{}, map[string]string{}
	failLine := regexp.MustCompile(`FAIL: testdata/scripts/\S+: .*|exited with status .*`)
	for _, line := range bytes.Split(out, []byte("\n")) {
		var ev struct{ Action, Test, Output string }
		if json.Unmarshal(line, &ev) != nil {
			continue
		}
		name, ok := strings.CutPrefix(ev.Test, "TestScripts/scripts/")
		if !ok {
			continue
		}
		switch ev.Action {
		case "pass", "fail", "skip":
			s.status[name] = ev.Action
		case "output":
			if m := failLine.FindString(ev.Output); m != "" && s.reason[name] == "" {
				s.reason[name] = m
			}
		}
	}
	if len(s.status) == 0 {
		return fmt.Errorf("go test ran no script:\n%s%s", tail(out), stderr.Bytes())
	}
	return nil
}

// scriptNames are the names of the suite's scripts that filter matches.
func scriptNames(root string, filter *regexp.Regexp) []string {
	paths, _ := filepath.Glob(filepath.Join(root, "testdata", "scripts", "*.txtar"))
	var names []string
	for _, p := range paths {
		if name := strings.TrimSuffix(filepath.Base(p), ".txtar"); filter.MatchString(name) {
			names = append(names, name)
		}
	}
	return names
}

// report prints the per-fixture table, the totals, the failures and,
// verbose, the differences. again is the old side run a second time on the
// fixtures that differ, or nil.
func report(w io.Writer, root string, filter *regexp.Regexp, sides [2]*side, again *side, verbose bool) error {
	fmt.Fprintf(w, "toolchain diff: %s → %s\n\n", sides[0].label(), sides[1].label())
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "fixture\t%s\t%s\traw output\tparsed result\n", sides[0].goVersion, sides[1].goVersion)
	var details bytes.Buffer
	counts := map[string]int{}
	names := scriptNames(root, filter)
	for _, name := range names {
		st := [2]string{cmpOr(sides[0].status[name], "not run"), cmpOr(sides[1].status[name], "not run")}
		if st[0] != st[1] {
			counts["status"]++
		}
		var col [2]string
		for i, kind := range []string{"raw", "parsed"} {
			same, any := false, false
			if bothRan(sides, name) { // a skipped script has nothing to compare
				same, any = compare(sides[0], sides[1], name, kind, &details)
			}
			switch {
			case !any:
				col[i] = "-"
			case same:
				col[i] = "same"
			case again != nil && again.status[name] != "" && !sameOnly(compare(sides[0], again, name, kind, io.Discard)):
				col[i] = "varies" // between two runs of the old toolchain too
			default:
				col[i] = "changed"
			}
			counts[kind+" "+col[i]]++
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", name, st[0], st[1], col[0], col[1])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d fixtures: raw output changed in %d (varies between two runs of %s in %d more), parsed result changed in %d (varies in %d more); pass/fail/skip changed in %d\n",
		len(names), counts["raw changed"], sides[0].goVersion, counts["raw varies"], counts["parsed changed"], counts["parsed varies"], counts["status"])
	for _, s := range sides {
		var failed []string
		for name, st := range s.status {
			if st == "fail" && filter.MatchString(name) {
				failed = append(failed, name)
			}
		}
		slices.Sort(failed)
		for _, name := range failed {
			fmt.Fprintf(w, "%s: %s failed: %s\n", s.goVersion, name, cmpOr(s.reason[name], "see go test -run TestScripts/scripts/"+name))
		}
	}
	if verbose && details.Len() > 0 {
		fmt.Fprintf(w, "\n%s", details.Bytes())
	}
	return nil
}

// bothRan reports whether the script ran, and was not skipped, on both sides.
func bothRan(sides [2]*side, name string) bool {
	for _, s := range sides {
		if st := s.status[name]; st != "pass" && st != "fail" {
			return false
		}
	}
	return true
}

// sameOnly is compare's first result.
func sameOnly(same, _ bool) bool { return same }

// rec is one recorded output or result.
type rec struct {
	kind, name string
	data       string
}

// readRecords reads a script's records of one kind in the order the script
// made them: NN-parsed-NAME.txt in the records, NN-FILE.txt in the
// captures (kind raw).
func readRecords(dir, kind string) ([]rec, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []rec
	for _, e := range entries { // sorted by name: NN- first
		_, name, _ := strings.Cut(strings.TrimSuffix(e.Name(), ".txt"), "-")
		if kind != "raw" {
			var k string
			if k, name, _ = strings.Cut(name, "-"); k != kind {
				continue
			}
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec{kind: kind, name: versionName.ReplaceAllString(name, "."), data: mask(string(data))})
	}
	return recs, nil
}

// versionName is the Go version in a golden kept for one Go
// (vet.go1.25.json): the same result as vet.json for the comparison.
var versionName = regexp.MustCompile(`\.go\d+\.\d+\.`)

// Run-to-run noise: what differs between two runs of the same toolchain.
var noise = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`0x[0-9a-f]+`), "0xN"},
	{regexp.MustCompile(`(?i)(goroutine) \d+`), "$1 N"},
	{regexp.MustCompile(`"Elapsed":\d+(\.\d+)?`), `"Elapsed":N`},
}

func mask(s string) string {
	for _, n := range noise {
		s = n.re.ReplaceAllString(s, n.with)
	}
	return s
}

// compare reports whether a script's records of one kind ("raw",
// "parsed") are the same on both sides, and whether there are any; it
// writes the differences to details.
func compare(a, b *side, script, kind string, details io.Writer) (same, any bool) {
	var of [2][]rec
	for i, s := range []*side{a, b} {
		dir := filepath.Join(s.records(), script)
		if kind == "raw" {
			dir = filepath.Join(s.captures(), script)
		}
		recs, err := readRecords(dir, kind)
		if err != nil {
			fmt.Fprintf(details, "=== %s: %v\n", script, err)
			return false, true
		}
		of[i] = recs
	}
	if len(of[0]) == 0 && len(of[1]) == 0 {
		return true, false
	}
	same = true
	for i := range max(len(of[0]), len(of[1])) {
		var ra, rb rec
		if i < len(of[0]) {
			ra = of[0][i]
		}
		if i < len(of[1]) {
			rb = of[1][i]
		}
		if ra == rb {
			continue
		}
		same = false
		fmt.Fprintf(details, "=== %s: %s record %d (%s → %s) (-%s +%s):\n%s\n", script, kind, i+1, cmpOr(ra.name, "none"), cmpOr(rb.name, "none"),
			a.goVersion, b.goVersion, cmp.Diff(strings.Split(ra.data, "\n"), strings.Split(rb.data, "\n")))
	}
	return same, true
}

// moduleRoot is the faultline module's root: the current directory's.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}} {{.Path}}").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w", err)
	}
	dir, path, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	if path != "github.com/faultline-go/faultline" {
		return "", fmt.Errorf("run me in the faultline module, not %s", path)
	}
	return dir, nil
}

// copyModule copies the module's files, not its git directory, to dst.
func copyModule(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o777)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

func command(dir string, env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir, cmd.Env = dir, env
	return cmd
}

func tail(b []byte) []byte {
	if len(b) > 4000 {
		return b[len(b)-4000:]
	}
	return b
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}
