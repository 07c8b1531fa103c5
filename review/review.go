package review

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// The reviewer's grammar. A reply holds any of:
//
//	ISSUE:
//	SEVERITY: critical | major | minor
//	DESCRIPTION: what is wrong,
//	  on as many lines as it takes
//	OPTIONS: ...            (ends the description)
//	RECOMMENDATION: ...     (ends the description)
//
//	VERIFICATION:
//	FINDING_ID: f-1a2b3c4d5e6f
//	STATUS: fixed | still_present | regressed
//	COMMENT: why, on one line or more
//
//	REPORT:
//	SATISFACTION: high | medium | low
//	RISK: high | medium | low
//	NEEDS_HUMAN_REVIEW: yes | no
//	SUMMARY: ...
//
//	APPROVED: ...
//
// Keys may come in markdown as models write them — **ISSUE:**, - SEVERITY:,
// ### REPORT:, `STATUS:` — in any case, with CRLF line ends.

// Status is where a finding stands.
type Status string

// The statuses of a finding.
const (
	StatusFound        Status = "found"         // newly reported
	StatusFixed        Status = "fixed"         // the reviewer verified the fix
	StatusStillPresent Status = "still_present" // the reviewer saw it again
	StatusRegressed    Status = "regressed"     // fixed once, back again
)

// Finding is one issue the reviewer reported.
type Finding struct {
	// ID identifies the finding across cycles: the same issue reported
	// again gets the same ID (see FindingID).
	ID string `json:"id"`
	// Severity is critical, major or minor.
	Severity string `json:"severity"`
	// Description is what the reviewer wrote, lines joined with "\n".
	Description string `json:"description"`
	// Cycle is the cycle the finding was first reported in.
	Cycle int `json:"cycle,omitempty"`
	// Status is where the finding stands.
	Status Status `json:"status"`
}

// Verification is the reviewer's verdict on an earlier finding.
type Verification struct {
	// FindingID is the Finding.ID the verdict is about.
	FindingID string `json:"finding_id"`
	// Status is fixed, still_present or regressed; "" when the reviewer
	// gave none.
	Status Status `json:"status"`
	// Comment is the reviewer's reason, lines joined with "\n".
	Comment string `json:"comment,omitempty"`
}

// FindingVerification is the seed's name for [Verification].
type FindingVerification = Verification

// Report is the reviewer's REPORT: block.
type Report struct {
	Satisfaction     string `json:"satisfaction,omitempty"` // high, medium, low
	Risk             string `json:"risk,omitempty"`         // high, medium, low
	NeedsHumanReview bool   `json:"needs_human_review"`
	Summary          string `json:"summary,omitempty"`
}

// Reply is everything a reviewer's reply says.
type Reply struct {
	Findings      []Finding      `json:"findings"`
	Verifications []Verification `json:"verifications"`
	Report        *Report        `json:"report"`
	// Approved reports an APPROVED: line in a reply with no ISSUE: block
	// that was read whole.
	Approved bool `json:"approved"`
	// Notes say what the parser could not keep whole: long lines, long
	// descriptions, more findings than MaxFindings.
	Notes []string `json:"-"`
}

// Limits of the parser. A reply over MaxReplyBytes is not parsed at all
// (ParseReader returns ErrTooLarge); within it, what goes over the other
// limits is cut and noted, never silently dropped.
const (
	MaxReplyBytes       = 64 << 20 // bytes of a reply ParseReader reads
	MaxLineBytes        = 64 << 10 // bytes of a line kept; a key must start in its first keyScanBytes
	MaxFindings         = 1000     // findings (and verifications) kept
	MaxDescriptionBytes = 16 << 10 // bytes of a description, comment or summary kept
	keyScanBytes        = 4 << 10
)

// ErrTooLarge is returned for a reply over MaxReplyBytes: no part of it
// can be trusted to approve.
var ErrTooLarge = errors.New("review: reply too large to read whole")

// Parse parses a reviewer's reply.
func Parse(text string) Reply {
	p := NewParser()
	for text != "" {
		line, rest, found := strings.Cut(text, "\n")
		if len(line) > MaxLineBytes {
			line = cutUTF8(line, MaxLineBytes)
			p.cutLines++
		}
		p.line(line)
		text = rest
		if !found {
			break
		}
	}
	return p.Close()
}

// ParseReader parses a reply read from r. It reads the reply whole: a
// reply over MaxReplyBytes returns ErrTooLarge with a Reply that approves
// nothing, and a read error returns that error with the same.
func ParseReader(r io.Reader) (Reply, error) {
	p := NewParser()
	n, err := io.Copy(p, io.LimitReader(r, MaxReplyBytes+1))
	switch {
	case err != nil:
		return Reply{Findings: []Finding{}, Verifications: []Verification{}}, fmt.Errorf("review: reading the reply: %w", err)
	case n > MaxReplyBytes:
		return Reply{Findings: []Finding{}, Verifications: []Verification{}}, fmt.Errorf("%w: over %d bytes", ErrTooLarge, MaxReplyBytes)
	}
	return p.Close(), nil
}

// Parser parses a reply written to it in chunks of any size; Close returns
// the Reply. It keeps at most MaxLineBytes of a line and the block being
// read.
type Parser struct {
	partial  []byte
	longLine bool // partial is over MaxLineBytes: the rest of the line is dropped
	cutLines int

	reply       Reply
	seen        map[string]bool
	approvedKey bool
	overflow    int // findings and verifications over MaxFindings
	cutText     int // descriptions, comments and summaries cut

	state    state
	issue    issueBlock
	verif    verifBlock
	report   reportBlock
	reported bool // a REPORT block with fields has been read
}

type state int

const (
	outside state = iota
	inIssue
	inVerification
	inReport
)

// NewParser returns a Parser.
func NewParser() *Parser { return &Parser{seen: map[string]bool{}} }

// Write implements io.Writer; it never fails.
func (p *Parser) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := indexByte(b, '\n')
		if i < 0 {
			p.extend(b)
			break
		}
		p.extend(b[:i])
		p.line(string(p.partial))
		p.partial, p.longLine = p.partial[:0], false
		b = b[i+1:]
	}
	return n, nil
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

func (p *Parser) extend(b []byte) {
	if p.longLine {
		return
	}
	if room := MaxLineBytes - len(p.partial); len(b) > room {
		b = b[:room]
		p.longLine = true
		p.cutLines++
	}
	p.partial = append(p.partial, b...)
}

// Close ends the reply and returns what it said.
func (p *Parser) Close() Reply {
	if len(p.partial) > 0 {
		p.line(string(p.partial))
		p.partial = p.partial[:0]
	}
	p.end()
	r := p.reply
	r.Approved = p.approvedKey && len(r.Findings) == 0 && p.overflow == 0
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	if r.Verifications == nil {
		r.Verifications = []Verification{}
	}
	if p.cutLines > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("review: %d lines longer than %d bytes were cut", p.cutLines, MaxLineBytes))
	}
	if p.cutText > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("review: %d descriptions, comments or summaries longer than %d bytes were cut", p.cutText, MaxDescriptionBytes))
	}
	if p.overflow > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("review: kept the first %d findings and verifications; %d more were dropped", MaxFindings, p.overflow))
	}
	return r
}

// line reads one line (a long line cut at MaxLineBytes).
func (p *Parser) line(l string) {
	l = strings.TrimSuffix(l, "\r")
	blank := isBlank(l)
	k, v, isKey := "", "", false
	if !blank {
		k, v, isKey = keyLine(l)
	}
	if isKey && k == "APPROVED" {
		p.approvedKey = true
	}
	for {
		var consumed bool
		switch p.state {
		case inIssue:
			consumed = p.issueLine(l, blank, k, v, isKey)
		case inVerification:
			consumed = p.verifLine(l, blank, k, v, isKey)
		case inReport:
			consumed = p.reportLine(l, blank, k, v, isKey)
		default:
			p.outsideLine(k, v, isKey)
			consumed = true
		}
		if consumed {
			return
		}
		// The line ended the block: read it again outside.
		p.end()
	}
}

// outsideLine reads a line between blocks: only a block's key matters.
func (p *Parser) outsideLine(k, v string, isKey bool) {
	if !isKey {
		return
	}
	switch k {
	case "ISSUE":
		p.state, p.issue = inIssue, issueBlock{}
		p.issue.title.add(v)
	case "VERIFICATION":
		p.state, p.verif = inVerification, verifBlock{}
	case "REPORT":
		if !p.reported {
			p.state, p.report = inReport, reportBlock{}
		}
	}
}

// end completes the block being read.
func (p *Parser) end() {
	switch p.state {
	case inIssue:
		p.addFinding(p.issue.finding())
	case inVerification:
		v := p.verif.v
		v.Comment = strings.TrimSpace(p.verif.comment.String())
		if v.FindingID != "" {
			if len(p.reply.Verifications) < MaxFindings {
				p.reply.Verifications = append(p.reply.Verifications, v)
			} else {
				p.overflow++
			}
		}
	case inReport:
		if p.report.found {
			r := p.report.r
			r.Summary = strings.TrimSpace(p.report.summary.String())
			p.reply.Report = &r
			p.reported = true
		}
	}
	for _, t := range []*text{&p.issue.title, &p.issue.desc, &p.verif.comment.text, &p.report.summary.text} {
		if t.cut {
			p.cutText++
		}
	}
	p.issue, p.verif, p.report = issueBlock{}, verifBlock{}, reportBlock{}
	p.state = outside
}

func (p *Parser) addFinding(f Finding) {
	if f.Description == "" || p.seen[f.ID] {
		return
	}
	if len(p.reply.Findings) >= MaxFindings {
		p.overflow++
		return
	}
	p.seen[f.ID] = true
	p.reply.Findings = append(p.reply.Findings, f)
}

// text collects the lines of a description, comment or summary, up to
// MaxDescriptionBytes; what goes over is cut, and cut says so.
type text struct {
	b   strings.Builder
	cut bool
}

func (t *text) reset() { t.b.Reset(); t.cut = false }

func (t *text) add(s string) {
	if t.cut {
		return
	}
	if t.b.Len() > 0 {
		s = "\n" + s
	}
	if room := MaxDescriptionBytes - t.b.Len(); len(s) > room {
		t.b.WriteString(cutUTF8(s, room))
		t.b.WriteString(" …")
		t.cut = true
		return
	}
	t.b.WriteString(s)
}

func (t *text) String() string { return t.b.String() }

// continued is a field whose value may go on over the lines after its key
// (a verification's COMMENT, a report's SUMMARY), until another key.
type continued struct {
	text
	open bool // the lines without a key go on the value
}

// start begins the value with what follows the key on its line.
func (c *continued) start(v string) {
	c.reset()
	c.add(v)
	c.open = true
}

// more adds a line without a key to the value if it is still open, and
// reports whether it was.
func (c *continued) more(l string) bool {
	if c.open {
		c.add(strings.TrimSpace(l))
	}
	return c.open
}

// cutUTF8 returns the first n bytes of s or fewer, never splitting a
// character.
func cutUTF8(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// issueBlock is an ISSUE: block being read.
type issueBlock struct {
	title            text
	severity         string
	desc             text
	inDesc, skipping bool
	fields, hasDesc  bool
}

// issueLine reads a line of an ISSUE: block; false when the line ends the
// block and must be read again outside it. SEVERITY and DESCRIPTION are
// its fields; OPTIONS and RECOMMENDATION end the description; a line with
// no key continues the description (or is one written without its key);
// a blank line after a field ends the block, and so does any other key.
func (p *Parser) issueLine(l string, blank bool, k, v string, isKey bool) bool {
	b := &p.issue
	if blank {
		if b.fields || b.hasDesc {
			p.end()
		}
		return true
	}
	if !isKey {
		if !b.skipping && (b.inDesc || !b.hasDesc) {
			b.desc.add(strings.TrimSpace(l))
			b.hasDesc, b.inDesc = true, true
		}
		return true
	}
	b.fields = true
	b.inDesc, b.skipping = false, false
	switch k {
	case "SEVERITY":
		b.severity = v
	case "DESCRIPTION":
		b.desc.reset()
		b.hasDesc = v != ""
		if v != "" {
			b.desc.add(v)
		}
		b.inDesc = true
	case "OPTIONS", "RECOMMENDATION":
		b.skipping = true
	default:
		return false
	}
	return true
}

func (b *issueBlock) finding() Finding {
	d := strings.TrimSpace(b.desc.String())
	if d == "" {
		d = strings.TrimSpace(b.title.String())
	}
	if d == "" {
		return Finding{}
	}
	return Finding{ID: FindingID(d), Severity: NormalizeSeverity(b.severity), Description: d, Status: StatusFound}
}

// verifBlock is a VERIFICATION: block being read.
type verifBlock struct {
	v       Verification
	comment continued
}

// verifLine reads a line of a VERIFICATION: block: FINDING_ID, STATUS and
// COMMENT (on several lines); a blank line or another block's key ends it.
func (p *Parser) verifLine(l string, blank bool, k, v string, isKey bool) bool {
	b := &p.verif
	if blank {
		p.end()
		return true
	}
	if !isKey {
		b.comment.more(l)
		return true
	}
	b.comment.open = false
	switch k {
	case "FINDING_ID":
		b.v.FindingID = strings.Trim(v, "`'\"[]()<> ")
	case "STATUS":
		b.v.Status = parseStatus(v)
	case "COMMENT":
		b.comment.start(v)
	case "VERIFICATION", "ISSUE", "REPORT", "APPROVED":
		return false
	}
	return true
}

// reportBlock is a REPORT: block being read.
type reportBlock struct {
	r       Report
	summary continued
	found   bool
}

// reportLine reads a line of a REPORT: block. A blank line after a field,
// a line with no key outside SUMMARY, or a key not of the report ends it.
func (p *Parser) reportLine(l string, blank bool, k, v string, isKey bool) bool {
	b := &p.report
	if blank {
		if b.found {
			p.end()
		}
		return true
	}
	if !isKey {
		if !b.summary.more(l) {
			p.end()
		}
		return true
	}
	b.summary.open = false
	switch k {
	case "SATISFACTION":
		b.r.Satisfaction = reportWord(v)
	case "RISK":
		b.r.Risk = reportWord(v)
	case "NEEDS_HUMAN_REVIEW":
		w := reportWord(v)
		b.r.NeedsHumanReview = w == "yes" || w == "true" || w == "y"
	case "SUMMARY":
		b.summary.start(v)
	default:
		return false
	}
	b.found = true
	return true
}

// keySeparators are what may stand for the underscores of a key.
var keySeparators = strings.NewReplacer(" ", "_", "-", "_")

// keys are the grammar's keys.
var keys = map[string]bool{
	"ISSUE": true, "SEVERITY": true, "DESCRIPTION": true, "OPTIONS": true, "RECOMMENDATION": true,
	"VERIFICATION": true, "FINDING_ID": true, "STATUS": true, "COMMENT": true,
	"REPORT": true, "SATISFACTION": true, "RISK": true, "NEEDS_HUMAN_REVIEW": true, "SUMMARY": true,
	"APPROVED": true,
}

// keyLine splits a line into a key of the grammar and its value, undoing
// the markdown models wrap keys in. ok is false for any other line. The key
// must begin within the line's first keyScanBytes.
func keyLine(line string) (key, value string, ok bool) {
	start := markupEnd(line)
	s := line[start:]
	colon := strings.IndexByte(s[:min(len(s), 64)], ':')
	if colon <= 0 {
		return "", "", false
	}
	word := strings.Trim(s[:colon], "*_` ")
	k := strings.ToUpper(keySeparators.Replace(word))
	if !keys[k] {
		return "", "", false
	}
	return k, cleanValue(s[colon+1:]), true
}

// markupEnd returns where the blockquote, heading and list markers and
// opening emphasis before a key end; len(line) when none ends within the
// first keyScanBytes. It looks at each byte once.
func markupEnd(line string) int {
	i, limit := 0, min(len(line), keyScanBytes)
	for i < limit {
		switch c := line[i]; {
		case c == ' ' || c == '\t' || c == '>' || c == '#' || c == '*' || c == '_' || c == '`':
			i++
		case (c == '-' || c == '+') && i+1 < len(line) && line[i+1] == ' ':
			i += 2
		case strings.HasPrefix(line[i:], "• "):
			i += len("• ")
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 3 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j < len(line)-1 && (line[j] == '.' || line[j] == ')') && line[j+1] == ' ' {
				i = j + 2 // "1. ", "2) "
				continue
			}
			return i
		default:
			return i
		}
	}
	if i >= keyScanBytes {
		return len(line)
	}
	return i
}

// cleanValue removes what is left of the markdown around a key from its
// value ("**KEY:** value", "`KEY:` value"), keeping the value's own inline
// code: a backtick goes only when the value has an odd number of them.
func cleanValue(v string) string {
	v = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(v), "*_"))
	if strings.Count(v, "`")%2 == 1 && strings.HasPrefix(v, "`") {
		v = strings.TrimSpace(v[1:])
	}
	v = strings.TrimSpace(strings.TrimRight(v, "*_"))
	if strings.Count(v, "`")%2 == 1 && strings.HasSuffix(v, "`") {
		v = strings.TrimSpace(v[:len(v)-1])
	}
	return v
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// ParseFindings returns the findings of the ISSUE: blocks of a reviewer's
// reply. SEVERITY is normalised to critical, major or minor (major when
// missing or unknown); DESCRIPTION may span lines, and ends at a blank line
// or any key (OPTIONS, RECOMMENDATION, VERIFICATION, REPORT, APPROVED...).
// A block without a description is dropped; an issue reported twice is
// kept once.
func ParseFindings(text string) []Finding { return orNil(Parse(text).Findings) }

// ParseVerifications returns the VERIFICATION: blocks of a reviewer's
// reply: seed 002's parser, tolerant of markdown around the keys, CRLF and
// a COMMENT over several lines. A block without FINDING_ID is skipped; an
// unknown STATUS counts as still_present; a block without STATUS has none.
func ParseVerifications(text string) []Verification { return orNil(Parse(text).Verifications) }

// orNil returns nil for an empty list, as the seed's parsers did.
func orNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// ParseReport returns the reviewer's REPORT: block, or nil when there is
// none. Satisfaction and risk are lower case; NEEDS_HUMAN_REVIEW is true
// for yes or true, even followed by a reason ("yes — touches billing").
func ParseReport(text string) *Report { return Parse(text).Report }

// IsApproved reports whether a reviewer's reply approves the work: an
// APPROVED: line (markdown around it allowed) and no ISSUE: block. A reply
// that approves and raises issues does not approve.
func IsApproved(text string) bool { return Parse(text).Approved }

// NormalizeSeverity maps what reviewers write to critical, major or minor;
// major when it is missing or unknown.
func NormalizeSeverity(s string) string {
	w := strings.ToLower(strings.Trim(firstWord(s), "*_`[]()"))
	switch w {
	case "critical", "blocker", "blocking", "severe", "urgent", "p0":
		return "critical"
	case "minor", "low", "trivial", "nit", "nitpick", "info", "suggestion", "cosmetic", "p3":
		return "minor"
	}
	return "major"
}

// reportWord is a report field's value (SATISFACTION, RISK,
// NEEDS_HUMAN_REVIEW): its first word, lower case, without markdown or
// punctuation around it.
func reportWord(v string) string {
	return strings.ToLower(strings.Trim(firstWord(v), "*_`.,;"))
}

func firstWord(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == '.' || r == ';' || r == '—' || r == '-'
	}); i > 0 {
		return s[:i]
	}
	return s
}

// FindingID returns the ID of a finding: a hash of its description made
// canonical (case, whitespace, markdown and final punctuation do not
// count), so the same issue reported again in a later cycle keeps its ID.
func FindingID(description string) string {
	sum := sha256.Sum256([]byte(canonical(description)))
	return "f-" + hex.EncodeToString(sum[:6])
}

func canonical(s string) string {
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		switch r {
		case '*', '_', '`', '#', '>':
			return -1
		}
		return r
	}, s)
	return strings.TrimRight(strings.Join(strings.Fields(s), " "), ".;:,!")
}

// parseStatus normalises a status: fixed, still_present or regressed, and
// still_present for anything else (the conservative reading).
func parseStatus(raw string) Status {
	s := strings.ToLower(strings.Trim(strings.TrimSpace(raw), "*_`"))
	s = keySeparators.Replace(s)
	switch {
	case strings.HasPrefix(s, "fixed"):
		return StatusFixed
	case strings.HasPrefix(s, "regressed"):
		return StatusRegressed
	}
	return StatusStillPresent
}

// ApplyVerifications updates the status of findings by ID from the
// reviewer's verifications and returns how many it changed. A
// verification without a status, or for an ID no finding has, changes
// nothing.
func ApplyVerifications(findings []Finding, vs []Verification) int {
	changed := 0
	for _, v := range vs {
		if v.Status == "" {
			continue
		}
		for i := range findings {
			if findings[i].ID == v.FindingID && findings[i].Status != v.Status {
				findings[i].Status = v.Status
				changed++
			}
		}
	}
	return changed
}
