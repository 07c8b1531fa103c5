package loop

import (
	"crypto/sha256"
	"encoding/hex"
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

// Review is everything a reviewer's reply says.
type Review struct {
	Findings      []ReviewFinding       `json:"findings"`
	Verifications []FindingVerification `json:"verifications"`
	Report        *ReviewReport         `json:"report"`
	Approved      bool                  `json:"approved"`
}

// ParseReview parses a reviewer's reply.
func ParseReview(output string) Review {
	r := Review{
		Findings:      ParseReviewFindings(output),
		Verifications: ParseVerifications(output),
		Report:        ParseReviewReport(output),
	}
	r.Approved = approved(output, r.Findings)
	if r.Findings == nil {
		r.Findings = []ReviewFinding{}
	}
	if r.Verifications == nil {
		r.Verifications = []FindingVerification{}
	}
	return r
}

// keys are the grammar's keys.
var keys = map[string]bool{
	"ISSUE": true, "SEVERITY": true, "DESCRIPTION": true, "OPTIONS": true, "RECOMMENDATION": true,
	"VERIFICATION": true, "FINDING_ID": true, "STATUS": true, "COMMENT": true,
	"REPORT": true, "SATISFACTION": true, "RISK": true, "NEEDS_HUMAN_REVIEW": true, "SUMMARY": true,
	"APPROVED": true,
}

// keyLine splits a line into a key of the grammar and its value, undoing
// the markdown models wrap keys in. ok is false for any other line.
func keyLine(line string) (key, value string, ok bool) {
	s := strings.TrimSpace(strings.TrimSuffix(line, "\r"))
	s = stripLeadingMarkup(s)
	colon := strings.IndexByte(s, ':')
	if colon <= 0 {
		return "", "", false
	}
	word := strings.Trim(s[:colon], "*_` ")
	k := strings.ToUpper(strings.NewReplacer(" ", "_", "-", "_").Replace(word))
	if !keys[k] {
		return "", "", false
	}
	return k, cleanValue(s[colon+1:]), true
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

// stripLeadingMarkup removes blockquote, heading and list markers and
// opening emphasis before a key.
func stripLeadingMarkup(s string) string {
	for {
		t := strings.TrimLeft(s, ">#")
		t = strings.TrimSpace(t)
		for _, m := range []string{"- ", "* ", "+ ", "• "} {
			t = strings.TrimPrefix(t, m)
		}
		if i := strings.IndexAny(t, ".)"); i > 0 && i < 4 && isDigits(t[:i]) && len(t) > i+1 && t[i+1] == ' ' {
			t = t[i+2:] // "1. ", "2) "
		}
		t = strings.TrimLeft(t, "*_`")
		t = strings.TrimSpace(t)
		if t == s {
			return t
		}
		s = t
	}
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// lines splits text into lines, CRLF or LF.
func lines(text string) []string {
	return strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
}

// ParseReviewFindings returns the findings of the ISSUE: blocks of a
// reviewer's reply. SEVERITY is normalised to critical, major or minor
// (major when missing or unknown); DESCRIPTION may span lines, and ends at
// a blank line or any key (OPTIONS, RECOMMENDATION, VERIFICATION, REPORT,
// APPROVED...). A block without a description is dropped; an issue
// reported twice is kept once.
func ParseReviewFindings(output string) []ReviewFinding {
	var findings []ReviewFinding
	seen := map[string]bool{}
	ls := lines(output)
	for i := 0; i < len(ls); {
		k, v, ok := keyLine(ls[i])
		if !ok || k != "ISSUE" {
			i++
			continue
		}
		f, next := parseIssueBlock(ls, i+1, v)
		i = next
		if f.Description == "" || seen[f.ID] {
			continue
		}
		seen[f.ID] = true
		findings = append(findings, f)
	}
	return findings
}

// parseIssueBlock reads the fields of an ISSUE: block from ls[start:]; title
// is what followed ISSUE: on its line.
func parseIssueBlock(ls []string, start int, title string) (ReviewFinding, int) {
	var severity string
	var desc []string
	inDesc, skipping, fields := false, false, false
	i := start
	for ; i < len(ls); i++ {
		l := ls[i]
		if isBlank(l) {
			if fields || len(desc) > 0 {
				break
			}
			continue // blank lines before the first field
		}
		k, v, ok := keyLine(l)
		if !ok {
			switch {
			case skipping:
			case inDesc || len(desc) == 0 && !skipping:
				// A continuation of the description, or a description
				// written without its key.
				desc = append(desc, strings.TrimSpace(strings.TrimSuffix(l, "\r")))
				inDesc = true
			}
			continue
		}
		fields = true
		inDesc, skipping = false, false
		switch k {
		case "SEVERITY":
			severity = v
		case "DESCRIPTION":
			desc = desc[:0]
			if v != "" {
				desc = append(desc, v)
			}
			inDesc = true
		case "OPTIONS", "RECOMMENDATION":
			skipping = true // their lines are not the description
		default:
			// ISSUE, VERIFICATION, REPORT, APPROVED, ...: another block.
			return finding(severity, desc, title), i
		}
	}
	return finding(severity, desc, title), i
}

func finding(severity string, desc []string, title string) ReviewFinding {
	d := strings.TrimSpace(strings.Join(desc, "\n"))
	if d == "" {
		d = title
	}
	if d == "" {
		return ReviewFinding{}
	}
	return ReviewFinding{ID: FindingID(d), Severity: NormalizeSeverity(severity), Description: d, Status: FindingStatusFound}
}

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

// ParseVerifications returns the VERIFICATION: blocks of a reviewer's
// reply: seed 002's parser, tolerant of markdown around the keys, CRLF and
// a COMMENT over several lines. A block without FINDING_ID is skipped; an
// unknown STATUS counts as still_present; a block without STATUS has none.
func ParseVerifications(output string) []FindingVerification {
	var vs []FindingVerification
	ls := lines(output)
	for i := 0; i < len(ls); {
		k, _, ok := keyLine(ls[i])
		if !ok || k != "VERIFICATION" {
			i++
			continue
		}
		v, next := parseVerificationBlock(ls, i+1)
		if v.FindingID != "" {
			vs = append(vs, v)
		}
		i = next
	}
	return vs
}

func parseVerificationBlock(ls []string, start int) (FindingVerification, int) {
	var v FindingVerification
	var comment []string
	inComment := false
	i := start
	for ; i < len(ls); i++ {
		l := ls[i]
		if isBlank(l) {
			break
		}
		k, val, ok := keyLine(l)
		if !ok {
			if inComment {
				comment = append(comment, strings.TrimSpace(strings.TrimSuffix(l, "\r")))
			}
			continue
		}
		inComment = false
		switch k {
		case "FINDING_ID":
			v.FindingID = strings.Trim(val, "`'\"[]()<> ")
		case "STATUS":
			v.Status = parseVerificationStatus(val)
		case "COMMENT":
			comment = append(comment[:0], val)
			inComment = true
		case "VERIFICATION", "ISSUE", "REPORT", "APPROVED":
			v.Comment = strings.TrimSpace(strings.Join(comment, "\n"))
			return v, i
		}
	}
	v.Comment = strings.TrimSpace(strings.Join(comment, "\n"))
	return v, i
}

// parseVerificationStatus normalises a status: fixed, still_present or
// regressed, and still_present for anything else (the conservative
// reading).
func parseVerificationStatus(raw string) FindingStatus {
	s := strings.ToLower(strings.Trim(firstStatusWord(raw), "*_`.,;"))
	switch s {
	case "fixed":
		return FindingStatusFixed
	case "regressed":
		return FindingStatusRegressed
	}
	return FindingStatusStillPresent
}

// firstStatusWord returns the status part of a STATUS value: "still
// present" and "still-present" are still_present.
func firstStatusWord(raw string) string {
	s := strings.ToLower(strings.TrimSpace(raw))
	s = strings.NewReplacer("-", "_", " ", "_").Replace(s)
	for _, st := range []string{"still_present", "fixed", "regressed"} {
		if strings.HasPrefix(s, st) {
			return st
		}
	}
	return s
}

// ParseReviewReport returns the reviewer's REPORT: block, or nil when there
// is none. Satisfaction and risk are lower case; NEEDS_HUMAN_REVIEW is true
// for yes or true, even followed by a reason ("yes — touches billing").
func ParseReviewReport(output string) *ReviewReport {
	ls := lines(output)
	for i := 0; i < len(ls); i++ {
		k, _, ok := keyLine(ls[i])
		if !ok || k != "REPORT" {
			continue
		}
		if r, ok := parseReportBlock(ls[i+1:]); ok {
			return r
		}
	}
	return nil
}

func parseReportBlock(ls []string) (*ReviewReport, bool) {
	r := &ReviewReport{}
	found, inSummary := false, false
	var summary []string
	for _, l := range ls {
		if isBlank(l) {
			if found {
				break
			}
			continue
		}
		k, v, ok := keyLine(l)
		if !ok {
			if inSummary {
				summary = append(summary, strings.TrimSpace(strings.TrimSuffix(l, "\r")))
				continue
			}
			break
		}
		inSummary = false
		switch k {
		case "SATISFACTION":
			r.Satisfaction = strings.ToLower(strings.Trim(firstWord(v), "*_`.,;"))
		case "RISK":
			r.Risk = strings.ToLower(strings.Trim(firstWord(v), "*_`.,;"))
		case "NEEDS_HUMAN_REVIEW":
			w := strings.ToLower(strings.Trim(firstWord(v), "*_`.,;"))
			r.NeedsHumanReview = w == "yes" || w == "true" || w == "y"
		case "SUMMARY":
			summary = append(summary[:0], v)
			inSummary = true
		default:
			r.Summary = strings.TrimSpace(strings.Join(summary, "\n"))
			return r, found
		}
		found = true
	}
	r.Summary = strings.TrimSpace(strings.Join(summary, "\n"))
	return r, found
}

// IsApproved reports whether a reviewer's reply approves the work: an
// APPROVED: line (markdown around it allowed) and no ISSUE: block. A reply
// that approves and raises issues does not approve.
func IsApproved(output string) bool {
	return approved(output, ParseReviewFindings(output))
}

func approved(output string, findings []ReviewFinding) bool {
	if len(findings) > 0 {
		return false
	}
	for _, l := range lines(output) {
		if k, _, ok := keyLine(l); ok && k == "APPROVED" {
			return true
		}
	}
	return false
}

// ApplyVerifications updates the status of findings by ID from the
// reviewer's verifications and returns how many it changed. A
// verification without a status, or for an ID no finding has, changes
// nothing.
func ApplyVerifications(findings []ReviewFinding, vs []FindingVerification) int {
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
