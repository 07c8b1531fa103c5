package detect

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/faultline-go/faultline/errkind"
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

// Report is seed 003's output: the errors and their summary. The summary
// counts every error found; Errors lists the first max_errors of them, and
// Unlisted says how many more there were.
type Report struct {
	Errors  []Error `json:"errors"`
	Summary Summary `json:"summary"`
	// Unlisted is the number of errors found but not listed: the
	// max_errors cap. It is not part of seed 003's JSON; the CLI says it
	// on stderr.
	Unlisted int `json:"-"`
}

// Detector finds errors in text with one configuration. It is safe for
// concurrent use; each Stream it starts is not.
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
	if d.cfg.MaxErrors == 0 {
		d.cfg.MaxErrors = DefaultMaxErrors
	}
	return d, nil
}

var defaultDetector, _ = New(DefaultConfig())

// Detect finds the errors in text with the default configuration.
func Detect(text string) Report {
	s := defaultDetector.NewStream()
	_, _ = s.WriteString(text) // a new stream is open: it takes everything
	return s.Close()
}

// Detect finds the errors in text.
func (d *Detector) Detect(text []byte) Report {
	s := d.NewStream()
	_, _ = s.Write(text) // a new stream is open: it takes everything
	return s.Close()
}

// DetectReader reads r to its end, in bounded memory, and finds the errors
// in what it read. On a read error it returns the errors found so far.
func (d *Detector) DetectReader(r io.Reader) (Report, error) {
	// Two stages at once: this goroutine reads, splits and cleans the
	// lines and runs stage 1 over them; another keeps the window and runs
	// stage 2. The report is the one Write and Close give.
	s := d.NewStream()
	ch := make(chan []prepared, pipeDepth)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range ch {
			for _, p := range b {
				s.commitLine(p)
			}
			s.advance(false)
		}
	}()
	s.out, s.batch = ch, make([]prepared, 0, batchLines)
	buf := make([]byte, readChunk)
	var rerr error
	for {
		n, err := r.Read(buf)
		_, _ = s.Write(buf[:n]) // open until Close below
		if err == io.EOF {
			break
		}
		if err != nil {
			rerr = fmt.Errorf("detect: reading input: %w", err)
			break
		}
	}
	if s.open || s.cr || len(s.pend) > 0 || s.pendCut > 0 {
		s.lineDone() // the last line, without its newline
	}
	if len(s.batch) > 0 {
		ch <- s.batch
	}
	close(ch)
	<-done
	s.out, s.batch = nil, nil
	return s.Close(), rerr
}

// readChunk is how much DetectReader reads at a time.
const readChunk = 256 << 10

// Lines longer than this are cut for the report (never for matching); the
// cut says how many bytes it dropped.
const maxShownLine = 2000

// record turns a finding into the reported Error; full is false for an
// error over the max_errors cap, which is only counted.
func (d *Detector) record(doc *document, f finding, full bool) Error {
	e := Error{LineNum: doc.base + f.start + 1, EndLine: doc.base + f.end + 1}
	block := doc.lines[f.start : f.end+1]
	if len(f.detail) > 0 {
		block = f.detail
	}
	e.Category = f.cat
	if e.Category == "" {
		e.Category = categorize(f, doc.short[f.start:f.end+1])
		if e.Category == errkind.CategoryBuild && unreached(clip(f.text)) && networkAbove(doc, f.start) {
			// A dependency not found because the network failed just
			// before: pip's retries, Maven's transfers.
			e.Category = errkind.CategoryNetwork
		}
	}
	e.Severity = errkind.SeverityFor(e.Category, clip(f.text))
	if f.kind == kindWarning {
		e.Severity = errkind.SeverityLow
	}
	if s, ok := d.cfg.SeverityOverrides[string(e.Category)]; ok {
		e.Severity = errkind.Severity(s)
	}
	if !full {
		return e
	}
	e.Text = strings.Clone(shorten(strings.TrimSpace(f.text), 0))
	e.Signature = errkind.SignatureOf(string(e.Category) + "\x00" + errkind.Normalize(clip(f.text)))
	depth := d.cfg.MaxStackDepth
	e.Multiline = make([]string, 0, min(len(block), depth+1))
	for i, l := range block {
		if i == depth {
			e.Multiline = append(e.Multiline, fmt.Sprintf("... %d more lines", len(block)-depth))
			break
		}
		cut := 0
		if len(f.detail) == 0 {
			cut = doc.cut[f.start+i]
			l = doc.tag[f.start+i] + l
		}
		e.Multiline = append(e.Multiline, strings.Clone(shorten(l, cut)))
	}
	e.Context = []string{}
	if n := d.cfg.MaxContextLines; n > 0 {
		k := n / 2
		add := func(i int) {
			e.Context = append(e.Context, strconv.Itoa(doc.base+i+1)+": "+strings.Clone(shorten(doc.tag[i]+doc.lines[i], doc.cut[i])))
		}
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

// shorten cuts a very long line for the report, saying how much it cut;
// cut is how many bytes of the line were dropped before.
func shorten(s string, cut int) string {
	if len(s) <= maxShownLine && cut == 0 {
		return s
	}
	head := cutRunes(s, maxShownLine)
	return fmt.Sprintf("%s... [%d more bytes]", head, len(s)-len(head)+cut)
}

// unreached reports whether a package manager says it found no package:
// the network may be why.
func unreached(text string) bool {
	lower := strings.ToLower(text)
	for _, w := range []string{"could not find a version", "no matching distribution", "could not resolve", "unable to resolve",
		"could not find artifact", "failed to fetch", "could not download"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// networkAbove reports whether the lines just above line i say the
// network failed.
func networkAbove(doc *document, i int) bool {
	for j := max(0, i-6); j < i; j++ {
		if promptLike(doc.short[j]) {
			continue // a command's own words ("--timeout 2") are no failure
		}
		if c := matchRules(doc.short[j]); c == errkind.CategoryNetwork {
			return true
		}
	}
	return false
}
