package loop

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Seed 002's test cases for ParseVerifications.
func TestParseVerificationsSeed(t *testing.T) {
	type testCase struct {
		name string
		in   string
		want []FindingVerification
	}
	run := func(t *testing.T, tc testCase) {
		if diff := cmp.Diff(tc.want, ParseVerifications(tc.in)); diff != "" {
			t.Errorf("ParseVerifications mismatch (-want +got):\n%s", diff)
		}
	}
	for _, tc := range []testCase{
		{
			name: "single block",
			in:   "VERIFICATION:\nFINDING_ID: f-abc123\nSTATUS: fixed\nCOMMENT: The nil check is there now.\n",
			want: []FindingVerification{{FindingID: "f-abc123", Status: FindingStatusFixed, Comment: "The nil check is there now."}},
		},
		{
			name: "multiple blocks",
			in:   "VERIFICATION:\nFINDING_ID: f-1\nSTATUS: fixed\n\nVERIFICATION:\nFINDING_ID: f-2\nSTATUS: regressed\nCOMMENT: back again\nVERIFICATION:\nFINDING_ID: f-3\nSTATUS: still_present\n",
			want: []FindingVerification{
				{FindingID: "f-1", Status: FindingStatusFixed},
				{FindingID: "f-2", Status: FindingStatusRegressed, Comment: "back again"},
				{FindingID: "f-3", Status: FindingStatusStillPresent},
			},
		},
		{
			name: "mixed with ISSUE blocks",
			in:   "ISSUE:\nSEVERITY: major\nDESCRIPTION: leaks a file handle\n\nVERIFICATION:\nFINDING_ID: f-1\nSTATUS: fixed\nISSUE:\nSEVERITY: minor\nDESCRIPTION: typo\n",
			want: []FindingVerification{{FindingID: "f-1", Status: FindingStatusFixed}},
		},
		{
			name: "missing FINDING_ID is skipped",
			in:   "VERIFICATION:\nSTATUS: fixed\nCOMMENT: no id\n\nVERIFICATION:\nFINDING_ID: f-2\nSTATUS: fixed\n",
			want: []FindingVerification{{FindingID: "f-2", Status: FindingStatusFixed}},
		},
		{
			name: "unknown status is still_present",
			in:   "VERIFICATION:\nFINDING_ID: f-1\nSTATUS: mostly done\n",
			want: []FindingVerification{{FindingID: "f-1", Status: FindingStatusStillPresent}},
		},
		{name: "empty output", in: "", want: nil},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

// What models really write.
func TestParseVerificationsTolerant(t *testing.T) {
	in := "Here is my verification:\r\n\r\n**VERIFICATION:**\r\n- **FINDING_ID:** `f-abc`\r\n- **STATUS:** Still present\r\n- **COMMENT:** the handler still ignores\r\n  the error from Close\r\n\r\n### VERIFICATION:\r\n* FINDING_ID: [f-def]\r\n* STATUS: FIXED.\r\n\r\nVERIFICATION:\nFINDING_ID: f-ghi\nCOMMENT: looked, no verdict\n"
	want := []FindingVerification{
		{FindingID: "f-abc", Status: FindingStatusStillPresent, Comment: "the handler still ignores\nthe error from Close"},
		{FindingID: "f-def", Status: FindingStatusFixed},
		{FindingID: "f-ghi", Comment: "looked, no verdict"},
	}
	if diff := cmp.Diff(want, ParseVerifications(in)); diff != "" {
		t.Errorf("ParseVerifications mismatch (-want +got):\n%s", diff)
	}
}

func TestParseReviewFindings(t *testing.T) {
	type testCase struct {
		name string
		in   string
		want []ReviewFinding // IDs are filled in from the descriptions
	}
	run := func(t *testing.T, tc testCase) {
		for i := range tc.want {
			tc.want[i].ID = FindingID(tc.want[i].Description)
			tc.want[i].Status = FindingStatusFound
		}
		if diff := cmp.Diff(tc.want, ParseReviewFindings(tc.in)); diff != "" {
			t.Errorf("ParseReviewFindings mismatch (-want +got):\n%s", diff)
		}
	}
	for _, tc := range []testCase{
		{
			name: "one block",
			in:   "ISSUE:\nSEVERITY: major\nDESCRIPTION: Close error is ignored in store/db.go.\n",
			want: []ReviewFinding{{Severity: "major", Description: "Close error is ignored in store/db.go."}},
		},
		{
			name: "multi-line description, severities normalised",
			in:   "ISSUE:\nSEVERITY: Critical\nDESCRIPTION: SQL built by string concatenation\nin Query; use placeholders.\n\nISSUE:\nSEVERITY: nit\nDESCRIPTION: typo in a comment\n\nISSUE:\nDESCRIPTION: no severity given\n",
			want: []ReviewFinding{
				{Severity: "critical", Description: "SQL built by string concatenation\nin Query; use placeholders."},
				{Severity: "minor", Description: "typo in a comment"},
				{Severity: "major", Description: "no severity given"},
			},
		},
		{
			name: "OPTIONS, RECOMMENDATION, VERIFICATION, REPORT and APPROVED end a description",
			in: "ISSUE:\nSEVERITY: major\nDESCRIPTION: retries forever\nOPTIONS: a) cap at 3 b) back off\nmore about options\nRECOMMENDATION: cap at 3\n" +
				"ISSUE:\nSEVERITY: minor\nDESCRIPTION: two\nVERIFICATION:\nFINDING_ID: f-1\nSTATUS: fixed\n" +
				"ISSUE:\nSEVERITY: minor\nDESCRIPTION: three\nREPORT:\nSATISFACTION: high\n" +
				"ISSUE:\nSEVERITY: minor\nDESCRIPTION: four\nAPPROVED: otherwise fine\n",
			want: []ReviewFinding{
				{Severity: "major", Description: "retries forever"},
				{Severity: "minor", Description: "two"},
				{Severity: "minor", Description: "three"},
				{Severity: "minor", Description: "four"},
			},
		},
		{
			name: "markdown around the keys, CRLF",
			in:   "## Review\r\n\r\n**ISSUE:**\r\n- **SEVERITY:** High\r\n- **DESCRIPTION:** The `Open` call's error is dropped.\r\n\r\n1. ISSUE:\r\n2. Severity: low\r\n3. Description: rename x\r\n",
			want: []ReviewFinding{
				{Severity: "major", Description: "The `Open` call's error is dropped."},
				{Severity: "minor", Description: "rename x"},
			},
		},
		{
			name: "inline code right after the key stays; a wrapped key's backtick goes",
			in:   "ISSUE:\n**DESCRIPTION:**`Close` is not deferred\n\nISSUE:\n`SEVERITY:` minor\n`DESCRIPTION:` plain\n",
			want: []ReviewFinding{
				{Severity: "major", Description: "`Close` is not deferred"},
				{Severity: "minor", Description: "plain"},
			},
		},
		{
			name: "a description without its key, and one on the ISSUE line",
			in:   "ISSUE:\nSEVERITY: minor\nThe loop variable is captured.\n\nISSUE: handler ignores ctx\nSEVERITY: major\n",
			want: []ReviewFinding{
				{Severity: "minor", Description: "The loop variable is captured."},
				{Severity: "major", Description: "handler ignores ctx"},
			},
		},
		{
			name: "an issue reported twice is kept once; a block without a description is dropped",
			in:   "ISSUE:\nDESCRIPTION: same thing\n\nISSUE:\nSEVERITY: critical\nDESCRIPTION: Same thing.\n\nISSUE:\nSEVERITY: major\n",
			want: []ReviewFinding{{Severity: "major", Description: "same thing"}},
		},
		{name: "none", in: "APPROVED: looks good", want: nil},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestFindingIDStable(t *testing.T) {
	a := FindingID("The Close error is ignored in **store/db.go**.")
	b := FindingID("the close error is ignored in  store/db.go")
	c := FindingID("the close error is ignored in store/cache.go")
	if a != b || a == c || !strings.HasPrefix(a, "f-") || len(a) != 14 {
		t.Errorf("FindingID: %s, %s, %s; want the first two equal, the third different, f- and 12 hex digits", a, b, c)
	}
}

func TestParseReviewReport(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want *ReviewReport
	}{
		{"REPORT:\nSATISFACTION: High\nRISK: low\nNEEDS_HUMAN_REVIEW: no\nSUMMARY: Solid change.\n",
			&ReviewReport{Satisfaction: "high", Risk: "low", Summary: "Solid change."}},
		{"**REPORT:**\n- **SATISFACTION:** medium (some doubts)\n- **RISK:** HIGH\n- **NEEDS_HUMAN_REVIEW:** yes — touches billing\n- **SUMMARY:** Works, but the migration\n  needs a second pair of eyes.\n",
			&ReviewReport{Satisfaction: "medium", Risk: "high", NeedsHumanReview: true, Summary: "Works, but the migration\nneeds a second pair of eyes."}},
		{"REPORT:\nNEEDS_HUMAN_REVIEW: true\n", &ReviewReport{NeedsHumanReview: true}},
		{"REPORT:\nnothing structured here\n", nil},
		{"no report at all", nil},
	} {
		if diff := cmp.Diff(tc.want, ParseReviewReport(tc.in)); diff != "" {
			t.Errorf("ParseReviewReport(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestIsApproved(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"APPROVED: ship it", true},
		{"Looks good.\n\n**APPROVED:** all findings fixed", true},
		{"*APPROVED*: fine", true},
		{"- APPROVED:", true},
		{"APPROVED: mostly\n\nISSUE:\nSEVERITY: minor\nDESCRIPTION: one more thing\n", false},
		{"I have not APPROVED: this yet", false},
		{"ISSUE:\nDESCRIPTION: broken\n", false},
		{"", false},
	} {
		if got := IsApproved(tc.in); got != tc.want {
			t.Errorf("IsApproved(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestApplyVerifications(t *testing.T) {
	findings := []ReviewFinding{
		{ID: "f-1", Status: FindingStatusFound},
		{ID: "f-2", Status: FindingStatusFound},
		{ID: "f-3", Status: FindingStatusFixed},
	}
	n := ApplyVerifications(findings, []FindingVerification{
		{FindingID: "f-1", Status: FindingStatusFixed},
		{FindingID: "f-2"}, // no status: nothing changes
		{FindingID: "f-3", Status: FindingStatusRegressed},
		{FindingID: "f-9", Status: FindingStatusFixed}, // no such finding
	})
	want := []ReviewFinding{{ID: "f-1", Status: FindingStatusFixed}, {ID: "f-2", Status: FindingStatusFound}, {ID: "f-3", Status: FindingStatusRegressed}}
	if n != 2 {
		t.Errorf("ApplyVerifications changed %d, want 2", n)
	}
	if diff := cmp.Diff(want, findings); diff != "" {
		t.Errorf("ApplyVerifications mismatch (-want +got):\n%s", diff)
	}
}

func TestParseReview(t *testing.T) {
	r := ParseReview("")
	if r.Findings == nil || r.Verifications == nil || r.Report != nil || r.Approved {
		t.Errorf("ParseReview(\"\") = %+v, want empty lists, no report, not approved", r)
	}
}
