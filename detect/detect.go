package detect

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/internal/termtext"
)

// Error is one error found in the text: seed 003's record, with the line
// its block ends on.
type Error struct {
	// LineNum is the 1-based line the error's block starts on.
	LineNum int `json:"line_num"`
	// EndLine is the line its block ends on (LineNum for a one-line
	// error).
	EndLine int `json:"end_line"`
	// Text is the line that says what went wrong (for a Python traceback
	// its last line, for a JSON event its message), without ANSI escapes.
	Text string `json:"text"`
	// Category and Severity classify the error by its whole block.
	Category errkind.Category `json:"category"`
	Severity errkind.Severity `json:"severity"`
	// Signature identifies the error across runs: the same mistake gets
	// the same signature although its line numbers, paths, addresses and
	// times differ (errkind.Normalize).
	Signature string `json:"signature"`
	// Context is the window around the error: lines before the block,
	// its first line and lines after it, each as "N: text".
	Context []string `json:"context"`
	// Multiline is the block's lines, at most max_stack_depth of them; a
	// last "... N more lines" entry counts the rest.
	Multiline []string `json:"multiline"`
}

// Summary counts the errors by severity.
type Summary struct {
	Total    int `json:"total"`
	Blocking int `json:"blocking"`
	High     int `json:"high"`
	Medium   int `json:"medium"`
	Low      int `json:"low"`
}

// Report is seed 003's output: the errors and their summary.
type Report struct {
	Errors  []Error `json:"errors"`
	Summary Summary `json:"summary"`
}

// Detector finds errors in text with one configuration. It is safe for
// concurrent use.
type Detector struct {
	cfg     Config
	words   *automaton       // stage 1: every trigger word at once
	custom  []*regexp.Regexp // custom_patterns
	falsePo []*regexp.Regexp // custom_false_positives
}

// New returns a detector with the configuration, or the configuration's
// error.
func New(cfg Config) (*Detector, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	custom, _ := compileAll("custom_patterns", cfg.CustomPatterns)
	fp, _ := compileAll("custom_false_positives", cfg.CustomFalsePositives)
	d := &Detector{cfg: cfg, words: triggers, custom: custom, falsePo: fp}
	if cfg.IncludeWarnings {
		d.words = warningTriggers
	}
	return d, nil
}

var defaultDetector, _ = New(DefaultConfig())

// Detect finds the errors in text with the default configuration.
func Detect(text string) Report { return defaultDetector.Detect([]byte(text)) }

// Lines longer than this are cut for the report (never for matching); the
// cut says how many bytes it dropped.
const maxShownLine = 2000

// DetectReader reads r to its end and finds the errors in what it read.
func (d *Detector) DetectReader(r io.Reader) (Report, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return Report{Errors: []Error{}}, fmt.Errorf("detect: reading input: %w", err)
	}
	return d.Detect(b), nil
}

// Detect finds the errors in text.
func (d *Detector) Detect(text []byte) Report {
	rep := Report{Errors: []Error{}}
	if !d.cfg.Enabled || len(text) == 0 {
		return rep
	}
	doc := newDocument(text)
	cands := d.stage1(doc)
	var found []finding
	if d.cfg.TwoStage {
		found = d.stage2(doc, cands)
	} else {
		for _, i := range cands {
			found = append(found, finding{start: i, end: i, key: i, kind: kindError, text: doc.lines[i]})
		}
	}
	for _, f := range found {
		rep.Errors = append(rep.Errors, d.record(doc, f))
	}
	for _, e := range rep.Errors {
		rep.Summary.Total++
		switch e.Severity {
		case errkind.SeverityBlocking:
			rep.Summary.Blocking++
		case errkind.SeverityHigh:
			rep.Summary.High++
		case errkind.SeverityMedium:
			rep.Summary.Medium++
		default:
			rep.Summary.Low++
		}
	}
	return rep
}

// document is the input as clean lines: ANSI escapes and carriage returns
// removed, invalid UTF-8 replaced.
type document struct {
	text   string   // the clean lines, each ended by '\n'
	lines  []string // views into text, without the '\n'
	short  []string // the lines without timestamps, cut to ruleWindow bytes: what the rules look at
	start  []int    // offset of each line in text
	diff   []bool   // the line is part of a diff hunk
	quoted []bool   // the line is inside a fenced block that is not output
}

func newDocument(raw []byte) *document {
	var b strings.Builder
	b.Grow(len(raw) + 1)
	var starts []int
	for len(raw) > 0 {
		i := bytes.IndexByte(raw, '\n')
		var line []byte
		if i < 0 {
			line, raw = raw, nil
		} else {
			line, raw = raw[:i], raw[i+1:]
		}
		line = termtext.CleanLine(line)
		starts = append(starts, b.Len())
		if utf8.Valid(line) {
			b.Write(line)
		} else {
			b.WriteString(strings.ToValidUTF8(string(line), "\uFFFD"))
		}
		b.WriteByte('\n')
	}
	d := &document{text: b.String(), start: starts}
	d.lines = make([]string, len(starts))
	d.short = make([]string, len(starts))
	for i, s := range starts {
		end := len(d.text) - 1
		if i+1 < len(starts) {
			end = starts[i+1] - 1
		}
		d.lines[i] = d.text[s:end]
		d.short[i] = clip(stripPrefix(d.lines[i]))
	}
	d.markRegions()
	return d
}

// stage1 returns the indexes of the candidate lines: those with a trigger
// word (one pass of one automaton over the whole text) and those a custom
// pattern matches.
func (d *Detector) stage1(doc *document) []int {
	cands := d.words.candidates(doc.text)
	if len(d.custom) == 0 {
		return cands
	}
	for i, l := range doc.lines {
		for _, re := range d.custom {
			if re.MatchString(l) {
				cands = append(cands, i)
				break
			}
		}
	}
	slices.Sort(cands)
	return slices.Compact(cands)
}

// record turns a finding into the reported Error.
func (d *Detector) record(doc *document, f finding) Error {
	e := Error{LineNum: f.start + 1, EndLine: f.end + 1, Text: shorten(strings.TrimSpace(f.text))}
	block := doc.lines[f.start : f.end+1]
	if len(f.detail) > 0 {
		block = f.detail
	}
	e.Category = f.cat
	if e.Category == "" {
		e.Category = categorize(f, doc.short[f.start:f.end+1])
	}
	e.Severity = errkind.SeverityFor(e.Category, clip(f.text))
	if f.kind == kindWarning {
		e.Severity = errkind.SeverityLow
	}
	if s, ok := d.cfg.SeverityOverrides[string(e.Category)]; ok {
		e.Severity = errkind.Severity(s)
	}
	e.Signature = errkind.SignatureOf(string(e.Category) + "\x00" + errkind.Normalize(clip(f.text)))
	depth := d.cfg.MaxStackDepth
	e.Multiline = make([]string, 0, min(len(block), depth+1))
	for i, l := range block {
		if i == depth {
			e.Multiline = append(e.Multiline, fmt.Sprintf("... %d more lines", len(block)-depth))
			break
		}
		e.Multiline = append(e.Multiline, shorten(l))
	}
	e.Context = []string{}
	if n := d.cfg.MaxContextLines; n > 0 {
		k := n / 2
		add := func(i int) { e.Context = append(e.Context, fmt.Sprintf("%d: %s", i+1, shorten(doc.lines[i]))) }
		for i := max(0, f.start-k); i < f.start; i++ {
			add(i)
		}
		add(f.start)
		for i := f.end + 1; i <= min(len(doc.lines)-1, f.end+k); i++ {
			add(i)
		}
	}
	return e
}

// ruleWindow is how much of a line the rules of stage 2, block capture and
// categorisation look at: what makes a line an error is at its start, and
// regular expressions over a 10 MB line would cost seconds.
const ruleWindow = 4096

// clip returns the first ruleWindow bytes of s, on a rune boundary.
func clip(s string) string { return cutRunes(s, ruleWindow) }

// cutRunes returns s cut to at most n bytes, on a rune boundary.
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// shorten cuts a very long line for the report, saying how much it cut.
func shorten(s string) string {
	if len(s) <= maxShownLine {
		return s
	}
	head := cutRunes(s, maxShownLine)
	return fmt.Sprintf("%s... [%d more bytes]", head, len(s)-len(head))
}
