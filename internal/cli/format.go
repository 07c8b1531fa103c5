package cli

import (
	"cmp"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
	"github.com/faultline-go/faultline/prompt"
)

// formats are the output formats of check, run and parse.
var formats = []string{"text", "json", "sarif", "github", "junit", "prompt"}

// outputFlags choose how a result is printed.
type outputFlags struct {
	format   string
	color    string
	exitZero bool
	task     string
	budget   float64
	jsonFlag bool // the old --json, the same as --format json
}

// add declares the flags; defaultText is false for the commands whose
// output has always been JSON (run, parse).
func (o *outputFlags) add(fs *flag.FlagSet, defaultText bool) {
	def := "json"
	if defaultText {
		def = "text"
	}
	fs.StringVar(&o.format, "format", def, "output format: "+strings.Join(formats, ", "))
	fs.BoolVar(&o.jsonFlag, "json", false, "the same as --format json")
	fs.StringVar(&o.color, "color", "auto", "colour the text format: auto (on a terminal, unless NO_COLOR is set), always, never")
	fs.BoolVar(&o.exitZero, "exit-zero", false, "exit 0 even when a check failed (for a report-only CI step)")
	fs.StringVar(&o.task, "task", "", "the task's ID in the header of --format prompt")
	fs.Float64Var(&o.budget, "budget", 0, "the budget hint (USD) of --format prompt; 0: none")
}

func (o *outputFlags) validate() error {
	if o.jsonFlag {
		o.format = "json"
	}
	if !slices.Contains(formats, o.format) {
		return fmt.Errorf("--format %q: want one of %s", o.format, strings.Join(formats, ", "))
	}
	if !slices.Contains([]string{"auto", "always", "never"}, o.color) {
		return fmt.Errorf("--color %q: want auto, always or never", o.color)
	}
	return nil
}

// colored reports whether text output to w gets colour.
func (o *outputFlags) colored(w io.Writer) bool {
	switch o.color {
	case "always":
		return true
	case "never":
		return false
	}
	return os.Getenv("NO_COLOR") == "" && isTerminal(w) && os.Getenv("TERM") != "dumb"
}

// rendered is what check, run and parse found, for every format.
type rendered struct {
	report checkReport
	failed *filter.Outcome // the check that failed or could not run, if any
	// outcomes are every check that ran, in order (a workspace's modules
	// one after another): JUnit lists their tests.
	outcomes []filter.Outcome
	cwd      string
	// parseOnly marks parse's result: no checks ran.
	parseOnly bool
}

// render prints the result in the chosen format.
func (o *outputFlags) render(e *env, r *rendered) error {
	w := e.stdout
	switch o.format {
	case "json":
		if r.parseOnly {
			if r.report.Result == nil {
				return writeJSON(w, filter.ParseResult{CheckName: r.report.FailedCheck, Errors: []filter.Error{}})
			}
			return writeJSON(w, r.report.Result.ParseResult)
		}
		return writeJSON(w, r.report)
	case "text":
		writeText(w, r, o.colored(w))
		return nil
	case "github":
		writeGitHub(w, r)
		return nil
	case "sarif":
		return writeSARIF(w, r)
	case "junit":
		return writeJUnit(w, r)
	case "prompt":
		if r.report.Result == nil || r.report.Status == "passed" {
			return nil // nothing to fix: no prompt
		}
		_, err := io.WriteString(w, prompt.Fix(prompt.Failure{TaskID: o.task, Check: r.report.FailedCheck, Result: r.report.Result.ParseResult},
			prompt.Options{BudgetUSD: o.budget, ModuleDir: r.report.Dir}))
		return err
	}
	return fmt.Errorf("unknown format %q", o.format)
}

// located is an error with the path to show for it.
type located struct {
	filter.Error
	path string // relative to the working directory, or absolute
	dir  string // the module root its File is relative to
}

// errorsOf returns the failed check's errors, each with its path relative
// to the working directory.
func errorsOf(r *rendered) []located {
	if r.report.Result == nil {
		return nil
	}
	root := r.report.Dir
	if len(r.report.Modules) > 0 {
		root = r.report.Modules[len(r.report.Modules)-1].Dir
	}
	var out []located
	for _, e := range r.report.Result.Errors {
		out = append(out, located{Error: e, path: displayPath(r.cwd, root, e.File), dir: root})
	}
	return out
}

// displayPath makes a module-relative file relative to the working
// directory, as the go command prints paths; absolute files stay so.
func displayPath(cwd, root, file string) string {
	if file == "" {
		return ""
	}
	abs := filepath.FromSlash(file)
	if filepath.IsAbs(abs) {
		return abs // outside the module: GOROOT, the module cache
	}
	abs = filepath.Join(root, abs)
	if cwd == "" {
		return abs
	}
	rel, err := filepath.Rel(cwd, abs)
	if err != nil {
		return abs
	}
	if !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) && rel != "." {
		return rel
	}
	// Outside the working directory: relative when it stays short.
	if strings.Count(rel, "..") <= 2 {
		return rel
	}
	return abs
}

// position is "path:line:col" with the path shown, as much as is known.
func position(l located) string { return filter.Position(l.path, l.Line, l.Column) }

// ANSI styles of the text format.
const (
	bold  = "\x1b[1m"
	red   = "\x1b[31m"
	green = "\x1b[32m"
	gray  = "\x1b[90m"
	reset = "\x1b[0m"
)

// writeText prints the result for a person and for editors: one
// "path:line:col: message" line per error (vim's quickfix, Emacs'
// compilation-mode and VS Code's terminal find them), continuation lines
// indented under it, files apart; then the check table and a summary.
func writeText(w io.Writer, r *rendered, color bool) {
	paint := func(style, s string) string {
		if !color || s == "" {
			return s
		}
		return style + s + reset
	}
	errs := errorsOf(r)
	last := "\x00"
	for _, l := range errs {
		if l.path != last && last != "\x00" {
			fmt.Fprintln(w)
		}
		last = l.path
		first, rest, _ := strings.Cut(l.Message, "\n")
		var tags []string
		if l.Linter != "" {
			tags = append(tags, l.Linter)
		}
		if l.Test != "" {
			tags = append(tags, l.Test)
		}
		tag := ""
		if len(tags) > 0 {
			tag = " " + paint(gray, "("+strings.Join(tags, ", ")+")")
		}
		if pos := position(l); pos != "" {
			fmt.Fprintf(w, "%s: %s%s\n", paint(bold, pos), first, tag)
		} else {
			fmt.Fprintf(w, "%s: %s%s\n", paint(bold, string(l.Tool)), first, tag)
		}
		for _, c := range strings.Split(rest, "\n") {
			if rest != "" {
				fmt.Fprintf(w, "\t%s\n", strings.TrimLeft(c, "\t"))
			}
		}
	}
	if r.report.Result != nil && len(errs) == 0 && r.report.Result.RawOutput != "" {
		fmt.Fprintf(w, "%s %s, but no error could be parsed from its output:\n\n%s\n", r.report.FailedCheck, verb(r.report.Status),
			strings.TrimRight(r.report.Result.RawOutput, "\n"))
	}
	if r.report.Result != nil {
		for _, n := range r.report.Result.Notes {
			fmt.Fprintf(w, "note: %s\n", n)
		}
	}
	warned := map[string]bool{}
	for _, f := range r.report.Flaky {
		if key := f.Package + " " + f.Test; !warned[key] {
			warned[key] = true
			fmt.Fprintf(w, "%s %s (%s) failed, then passed when run alone: flaky, not failing the check\n", paint(red, "warning:"), f.Test, f.Package)
		}
	}
	if !r.parseOnly {
		if len(errs) > 0 || r.report.Result != nil {
			fmt.Fprintln(w)
		}
		reports := []checkReport{r.report}
		if len(r.report.Modules) > 0 {
			reports = r.report.Modules
		}
		for _, mr := range reports {
			if len(reports) > 1 {
				fmt.Fprintf(w, "%s\n", displayPath(r.cwd, "", mr.Dir))
			}
			writeCheckTable(w, mr.Checks, paint)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, summaryLine(r, errs, paint))
}

// writeCheckTable prints one line per check.
func writeCheckTable(w io.Writer, checks []checkSummary, paint func(string, string) string) {
	for _, c := range checks {
		status := strings.ToUpper(c.Status)
		style := ""
		switch c.Status {
		case "passed":
			style = green
		case "failed", "error":
			style = red
		case "not_run":
			status = "-"
		}
		line := fmt.Sprintf("  %-6s %s", c.Name, paint(style, fmt.Sprintf("%-8s", status)))
		switch c.Status {
		case "passed", "failed":
			line += fmt.Sprintf(" %6.1fs", float64(c.ElapsedMS)/1000)
			if c.ErrorCount > 0 {
				line += "  " + textutil.Count(c.ErrorCount, "error")
			}
		}
		if c.Note != "" {
			line += "  (" + c.Note + ")"
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// summaryLine is the last line of the text format.
func summaryLine(r *rendered, errs []located, paint func(string, string) string) string {
	files := map[string]bool{}
	for _, l := range errs {
		if l.path != "" {
			files[l.path] = true
		}
	}
	counts := textutil.Count(len(errs), "error")
	if len(files) > 0 {
		counts += " in " + textutil.Count(len(files), "file")
	}
	if r.report.Result != nil && r.report.Result.Truncated {
		counts += " (the tool stopped early: there are more)"
	}
	switch {
	case r.parseOnly:
		return counts
	case r.report.Status == "passed":
		return paint(green, "all checks passed")
	}
	return paint(red, fmt.Sprintf("%s %s", r.report.FailedCheck, verb(r.report.Status))) + ": " + counts
}

// writeGitHub prints GitHub Actions workflow commands, one ::error (or
// ::warning, ::notice by severity) per error, escaped as the runner
// documents: %, CR and LF in the message; also : and , in properties.
func writeGitHub(w io.Writer, r *rendered) {
	for _, l := range errorsOf(r) {
		level := "error"
		switch l.Severity {
		case "medium":
			level = "warning"
		case "low":
			level = "notice"
		}
		var props []string
		if l.path != "" {
			props = append(props, "file="+ghProperty(filepath.ToSlash(l.path)))
			if l.Line > 0 {
				props = append(props, "line="+strconv.Itoa(l.Line))
				if l.Column > 0 {
					props = append(props, "col="+strconv.Itoa(l.Column))
				}
			}
		}
		title := "faultline " + string(l.Tool)
		if l.Linter != "" {
			title += " " + l.Linter
		}
		if l.Test != "" {
			title += " " + l.Test
		}
		props = append(props, "title="+ghProperty(title))
		fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), ghData(l.Message))
	}
	if r.report.Status == "error" && r.report.Result != nil && len(r.report.Result.Errors) == 0 {
		fmt.Fprintf(w, "::error title=%s::%s\n", ghProperty("faultline "+r.report.FailedCheck), ghData(r.report.FailedCheck+" could not run: "+noteOf(r)))
	}
}

// noteOf is the note of the failed check.
func noteOf(r *rendered) string {
	for _, c := range r.report.Checks {
		if c.Name == r.report.FailedCheck && c.Note != "" {
			return c.Note
		}
	}
	if r.failed != nil {
		return r.failed.Note
	}
	return ""
}

func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// writeSARIF prints a SARIF 2.1.0 log: one run of faultline, one rule per
// tool and linter, one result per error, located relative to the module
// root (%SRCROOT%).
func writeSARIF(w io.Writer, r *rendered) error {
	report := sarif.NewReport()
	run := sarif.NewRunWithInformationURI("faultline", "https://github.com/faultline-go/faultline")
	if v := versionString(); v != "" {
		run.Tool.Driver.WithVersion(strings.TrimPrefix(strings.Fields(v)[1], "v"))
	}
	root := r.report.Dir
	run.WithOriginalUriBaseIds(map[string]sarif.ArtifactLocation{
		"%SRCROOT%": *sarif.NewArtifactLocation().WithURI(fileURI(root)),
	})
	rules := map[string]bool{}
	for _, l := range errorsOf(r) {
		ruleID := string(l.Tool)
		if l.Linter != "" {
			ruleID += "/" + l.Linter
		}
		if !rules[ruleID] {
			rules[ruleID] = true
			run.AddRule(ruleID).WithShortDescription(sarif.NewMultiformatMessageString().WithText(ruleDescription(l.Error)))
		}
		res := sarif.NewRuleResult(ruleID).
			WithLevel(sarifLevel(l.Severity)).
			WithMessage(sarif.NewTextMessage(l.Message))
		if l.File != "" {
			loc := sarif.NewArtifactLocation()
			if filepath.IsAbs(filepath.FromSlash(l.File)) || strings.HasPrefix(l.File, "../") {
				loc.WithURI(fileURI(filepath.Join(root, filepath.FromSlash(l.File))))
			} else {
				loc.WithURI(l.File).WithURIBaseID("%SRCROOT%")
			}
			phys := sarif.NewPhysicalLocation().WithArtifactLocation(loc)
			if l.Line > 0 {
				region := sarif.NewRegion().WithStartLine(l.Line)
				if l.Column > 0 {
					region.WithStartColumn(l.Column)
				}
				phys.WithRegion(region)
			}
			res.AddLocation(sarif.NewLocationWithPhysicalLocation(phys))
		}
		props := sarif.NewPropertyBag()
		for k, v := range map[string]string{"package": l.Package, "test": l.Test, "category": l.Category, "severity": l.Severity, "signature": l.Signature} {
			if v != "" {
				props.Add(k, v)
			}
		}
		if len(props.Properties) > 0 {
			res.WithProperties(props)
		}
		if l.Signature != "" {
			res.WithPartialFingerprints(map[string]string{"faultline/signature": l.Signature})
		}
		run.AddResult(res)
	}
	inv := sarif.NewInvocation().WithExecutionSuccessful(r.report.Status != "error")
	if r.report.Status == "error" {
		inv.WithToolExecutionNotifications([]*sarif.Notification{sarif.NewNotification().WithLevel("error").
			WithMessage(sarif.NewTextMessage(r.report.FailedCheck + " could not run: " + noteOf(r)))})
	}
	run.WithInvocations([]*sarif.Invocation{inv})
	report.AddRun(run)
	return report.PrettyWrite(w)
}

func ruleDescription(e filter.Error) string {
	if e.Linter != "" {
		return fmt.Sprintf("%s reported by %s", e.Linter, e.Tool)
	}
	return fmt.Sprintf("errors of the %s check", e.Tool)
}

func sarifLevel(severity string) string {
	switch severity {
	case "medium":
		return "warning"
	case "low":
		return "note"
	}
	return "error"
}

// fileURI is the file: URI of an absolute path, with a trailing slash for
// a directory base.
func fileURI(p string) string {
	u := "file://" + filepath.ToSlash(p)
	if !strings.HasPrefix(filepath.ToSlash(p), "/") {
		u = "file:///" + filepath.ToSlash(p)
	}
	if fi, err := os.Stat(p); err == nil && fi.IsDir() && !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// JUnit XML, the shape CI systems read (Jenkins, GitLab, GitHub test
// reporters).
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     string      `xml:"time,attr,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr,omitempty"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Error     *junitFailure `xml:"error,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitSkipped struct {
	Message string `xml:"message,attr,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",chardata"`
}

// writeJUnit prints JUnit XML: one testcase per test a go test check ran
// (the package as its classname; a failing test with every failure of it
// and its location), for another failed check one testcase per error, and
// one testcase per other check that passed, was skipped or could not run.
func writeJUnit(w io.Writer, r *rendered) error {
	suites := junitSuites{Name: "faultline"}
	failedCheck := ""
	if r.report.Status == "failed" {
		failedCheck = r.report.FailedCheck
	}
	for _, c := range r.report.Checks {
		s := junitSuite{Name: c.Name, Time: seconds(c.ElapsedMS)}
		runs := testRunsOf(r, c.Name)
		switch {
		case c.Name == failedCheck && runs != nil:
			s.Cases = testCases(c.Name, runs, failedCases(r, c.Name))
		case c.Name == failedCheck:
			s.Cases = failedCases(r, c.Name)
		case runs != nil && c.Status != "error":
			s.Cases = testCases(c.Name, runs, nil)
		case c.Status == "error":
			s.Cases = []junitCase{{Name: c.Name, Classname: "faultline", Error: &junitFailure{Message: c.Name + " could not run", Body: c.Note}}}
		case c.Status == "skipped" || c.Status == "not_run":
			s.Cases = []junitCase{{Name: c.Name, Classname: "faultline", Skipped: &junitSkipped{}}}
		default:
			s.Cases = []junitCase{{Name: c.Name, Classname: "faultline", Time: seconds(c.ElapsedMS)}}
		}
		suites.Suites = append(suites.Suites, s)
	}
	if r.parseOnly {
		suites.Suites = append(suites.Suites, junitSuite{Name: r.report.FailedCheck, Cases: failedCases(r, r.report.FailedCheck)})
	}
	for i := range suites.Suites {
		s := &suites.Suites[i]
		s.Tests = len(s.Cases)
		for _, c := range s.Cases {
			if c.Failure != nil {
				s.Failures++
			}
			if c.Error != nil {
				s.Errors++
			}
		}
		suites.Tests += s.Tests
		suites.Failures += s.Failures
		suites.Errors += s.Errors
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(suites); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// testRunsOf returns the tests the named check ran, nil if it recorded
// none, with what set some of them aside.
func testRunsOf(r *rendered, check string) *checkTests {
	var ct checkTests
	for _, o := range r.outcomes {
		if o.Name != check || len(o.Parsed.Tests) == 0 {
			continue
		}
		ct.runs = append(ct.runs, o.Parsed.Tests...)
		ct.flaky = append(ct.flaky, o.Flaky...)
		ct.ignored = append(ct.ignored, o.Ignored...)
	}
	if ct.runs == nil {
		return nil
	}
	return &ct
}

// checkTests are the tests of a check, with the errors of those of them
// that failed but are not the change's to fix.
type checkTests struct {
	runs    []filter.TestRun
	flaky   []filter.Error
	ignored []filter.IgnoredError
}

// testCases are the testcases of a go test check: failed, the testcases of
// its failing tests (as failedCases made them), then one per other test it
// ran, in the order go test finished them. A test that failed but passed
// alone is a passing testcase that says it is flaky; one whose failure the
// baseline or the configuration set aside is skipped, with the reason; a
// test that failed because a subtest did is what its subtests are.
func testCases(check string, ct *checkTests, failed []junitCase) []junitCase {
	why := map[string]string{} // failed tests not the change's: why
	for _, e := range ct.flaky {
		why[testKey(e.Package, e.Test)] = flakyNote
	}
	for _, e := range ct.ignored {
		if e.Test != "" {
			why[testKey(e.Package, e.Test)] = "failed, " + e.Reason
		}
	}
	subs := subtestFailures(ct.runs, why)
	listed := map[string]bool{}
	for _, c := range failed {
		listed[testKey(c.Classname, c.Name)] = true
	}
	cases := failed
	for _, t := range ct.runs {
		k := testKey(t.Package, t.Name)
		if listed[k] {
			continue
		}
		listed[k] = true
		c := junitCase{Name: t.Name, Classname: cmp.Or(t.Package, check), Time: seconds(t.Elapsed.Milliseconds())}
		switch t.Result {
		case "skip":
			c.Skipped = &junitSkipped{}
		case "fail":
			switch reason, real := failureOf(k, why, subs); {
			case real:
				c.Failure = &junitFailure{Message: reason}
			case reason == flakyNote:
				c.SystemOut = flakyNote
			default:
				c.Skipped = &junitSkipped{Message: reason}
			}
		}
		cases = append(cases, c)
	}
	return cases
}

const flakyNote = "flaky: failed, then passed when run again alone"

func testKey(pkg, test string) string { return pkg + "\x00" + test }

// subFailure is what the failed subtests of a test say of it: that one of
// them is the change's to fix, or else why the last of them is not.
type subFailure struct {
	real bool
	why  string
}

// subtestFailures gives each test with a failed subtest (at any depth)
// what its failed subtests say of it, in one pass over the runs.
func subtestFailures(runs []filter.TestRun, why map[string]string) map[string]subFailure {
	subs := map[string]subFailure{}
	for _, s := range runs {
		if s.Result != "fail" {
			continue
		}
		w, excused := why[testKey(s.Package, s.Name)]
		for i := strings.LastIndexByte(s.Name, '/'); i > 0; i = strings.LastIndexByte(s.Name[:i], '/') {
			k := testKey(s.Package, s.Name[:i])
			sf := subs[k]
			if excused {
				sf.why = w
			} else {
				sf.real = true
			}
			subs[k] = sf
		}
	}
	return subs
}

// failureOf explains the failed test of key k: real when it is the
// change's to fix, or else why not (flaky, pre-existing, excluded). A
// test that failed because its subtests did is real if one of them is.
func failureOf(k string, why map[string]string, subs map[string]subFailure) (reason string, real bool) {
	if w, ok := why[k]; ok {
		return w, false
	}
	sf, ok := subs[k]
	switch {
	case ok && sf.real:
		return "a subtest failed", true
	case ok:
		return sf.why, false
	}
	return "failed; no failure message could be parsed", true
}

// failedCases are the testcases of the failed check.
func failedCases(r *rendered, check string) []junitCase {
	errs := errorsOf(r)
	if len(errs) == 0 {
		body := ""
		if r.report.Result != nil {
			body = r.report.Result.RawOutput
		}
		return []junitCase{{Name: check, Classname: "faultline", Failure: &junitFailure{Message: check + " failed; no error could be parsed", Body: body}}}
	}
	var cases []junitCase
	byTest := map[string]int{}
	for _, l := range errs {
		loc := position(l)
		body := l.Message
		if loc != "" {
			body = loc + ": " + l.Message
		}
		if l.Test != "" {
			key := l.Package + "\x00" + l.Test
			if i, ok := byTest[key]; ok {
				f := cases[i].Failure
				f.Body += "\n" + body
				continue
			}
			byTest[key] = len(cases)
			c := junitCase{Name: l.Test, Classname: cmp.Or(l.Package, check), File: filepath.ToSlash(l.path), Line: l.Line,
				Failure: &junitFailure{Message: firstLine(l.Message), Type: l.Category, Body: body}}
			cases = append(cases, c)
			continue
		}
		name := loc
		if name == "" {
			name = firstLine(l.Message)
		}
		cases = append(cases, junitCase{Name: name, Classname: cmp.Or(l.Package, check), File: filepath.ToSlash(l.path), Line: l.Line,
			Failure: &junitFailure{Message: firstLine(l.Message), Type: cmp.Or(l.Linter, l.Category), Body: body}})
	}
	return cases
}

func firstLine(s string) string {
	f, _, _ := strings.Cut(s, "\n")
	return f
}

func seconds(ms int64) string {
	if ms <= 0 {
		return ""
	}
	return strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64)
}
