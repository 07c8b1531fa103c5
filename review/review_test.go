package review

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Seed 002's test cases for ParseVerifications.
func TestParseVerificationsSeed(t *testing.T) {
	type testCase struct {
		name string
		in   string
		want []Verification
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
			want: []Verification{{FindingID: "f-abc123", Status: StatusFixed, Comment: "The nil check is there now."}},
		},
		{
			name: "multiple blocks",
			in:   "VERIFICATION:\nFINDING_ID: f-1\nSTATUS: fixed\n\nVERIFICATION:\nFINDING_ID: f-2\nSTATUS: regressed\nCOMMENT: back again\nVERIFICATION:\nFINDING_ID: f-3\nSTATUS: still_present\n",
			want: []Verification{
				{FindingID: "f-1", Status: StatusFixed},
				{FindingID: "f-2", Status: StatusRegressed, Comment: "back again"},
				{FindingID: "f-3", Status: StatusStillPresent},
			},
		},
		{
			name: "mixed with ISSUE blocks",
			in:   "ISSUE:\nSEVERITY: major\nDESCRIPTION: leaks a file handle\n\nVERIFICATION:\nFINDING_ID: f-1\nSTATUS: fixed\nISSUE:\nSEVERITY: minor\nDESCRIPTION: typo\n",
			want: []Verification{{FindingID: "f-1", Status: StatusFixed}},
		},
		{
			name: "missing FINDING_ID is skipped",
			in:   "VERIFICATION:\nSTATUS: fixed\nCOMMENT: no id\n\nVERIFICATION:\nFINDING_ID: f-2\nSTATUS: fixed\n",
			want: []Verification{{FindingID: "f-2", Status: StatusFixed}},
		},
		{
			name: "unknown status is still_present",
			in:   "VERIFICATION:\nFINDING_ID: f-1\nSTATUS: mostly done\n",
			want: []Verification{{FindingID: "f-1", Status: StatusStillPresent}},
		},
		{name: "empty output", in: "", want: nil},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

// What models really write.
func TestParseVerificationsTolerant(t *testing.T) {
	in := "Here is my verification:\r\n\r\n**VERIFICATION:**\r\n- **FINDING_ID:** `f-abc`\r\n- **STATUS:** Still present\r\n- **COMMENT:** the handler still ignores\r\n  the error from Close\r\n\r\n### VERIFICATION:\r\n* FINDING_ID: [f-def]\r\n* STATUS: FIXED.\r\n\r\nVERIFICATION:\nFINDING_ID: f-ghi\nCOMMENT: looked, no verdict\n"
	want := []Verification{
		{FindingID: "f-abc", Status: StatusStillPresent, Comment: "the handler still ignores\nthe error from Close"},
		{FindingID: "f-def", Status: StatusFixed},
		{FindingID: "f-ghi", Comment: "looked, no verdict"},
	}
	if diff := cmp.Diff(want, ParseVerifications(in)); diff != "" {
		t.Errorf("ParseVerifications mismatch (-want +got):\n%s", diff)
	}
}

func TestParseFindings(t *testing.T) {
	type testCase struct {
		name string
		in   string
		want []Finding // IDs are filled in from the descriptions
	}
	run := func(t *testing.T, tc testCase) {
		for i := range tc.want {
			tc.want[i].ID = FindingID(tc.want[i].Description)
			tc.want[i].Status = StatusFound
		}
		if diff := cmp.Diff(tc.want, ParseFindings(tc.in)); diff != "" {
			t.Errorf("ParseFindings mismatch (-want +got):\n%s", diff)
		}
	}
	for _, tc := range []testCase{
		{
			name: "one block",
			in:   "ISSUE:\nSEVERITY: major\nDESCRIPTION: Close error is ignored in store/db.go.\n",
			want: []Finding{{Severity: "major", Description: "Close error is ignored in store/db.go."}},
		},
		{
			name: "multi-line description, severities normalised",
			in:   "ISSUE:\nSEVERITY: Critical\nDESCRIPTION: SQL built by string concatenation\nin Query; use placeholders.\n\nISSUE:\nSEVERITY: nit\nDESCRIPTION: typo in a comment\n\nISSUE:\nDESCRIPTION: no severity given\n",
			want: []Finding{
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
			want: []Finding{
				{Severity: "major", Description: "retries forever"},
				{Severity: "minor", Description: "two"},
				{Severity: "minor", Description: "three"},
				{Severity: "minor", Description: "four"},
			},
		},
		{
			name: "markdown around the keys, CRLF",
			in:   "## Review\r\n\r\n**ISSUE:**\r\n- **SEVERITY:** High\r\n- **DESCRIPTION:** The `Open` call's error is dropped.\r\n\r\n1. ISSUE:\r\n2. Severity: low\r\n3. Description: rename x\r\n",
			want: []Finding{
				{Severity: "major", Description: "The `Open` call's error is dropped."},
				{Severity: "minor", Description: "rename x"},
			},
		},
		{
			name: "inline code right after the key stays; a wrapped key's backtick goes",
			in:   "ISSUE:\n**DESCRIPTION:**`Close` is not deferred\n\nISSUE:\n`SEVERITY:` minor\n`DESCRIPTION:` plain\n",
			want: []Finding{
				{Severity: "major", Description: "`Close` is not deferred"},
				{Severity: "minor", Description: "plain"},
			},
		},
		{
			name: "a description without its key, and one on the ISSUE line",
			in:   "ISSUE:\nSEVERITY: minor\nThe loop variable is captured.\n\nISSUE: handler ignores ctx\nSEVERITY: major\n",
			want: []Finding{
				{Severity: "minor", Description: "The loop variable is captured."},
				{Severity: "major", Description: "handler ignores ctx"},
			},
		},
		{
			name: "an issue reported twice is kept once; a block without a description is dropped",
			in:   "ISSUE:\nDESCRIPTION: same thing\n\nISSUE:\nSEVERITY: critical\nDESCRIPTION: Same thing.\n\nISSUE:\nSEVERITY: major\n",
			want: []Finding{{Severity: "major", Description: "same thing"}},
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

func TestParseReport(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want *Report
	}{
		{"REPORT:\nSATISFACTION: High\nRISK: low\nNEEDS_HUMAN_REVIEW: no\nSUMMARY: Solid change.\n",
			&Report{Satisfaction: "high", Risk: "low", Summary: "Solid change."}},
		{"**REPORT:**\n- **SATISFACTION:** medium (some doubts)\n- **RISK:** HIGH\n- **NEEDS_HUMAN_REVIEW:** yes — touches billing\n- **SUMMARY:** Works, but the migration\n  needs a second pair of eyes.\n",
			&Report{Satisfaction: "medium", Risk: "high", NeedsHumanReview: true, Summary: "Works, but the migration\nneeds a second pair of eyes."}},
		{"REPORT:\nNEEDS_HUMAN_REVIEW: true\n", &Report{NeedsHumanReview: true}},
		{"REPORT:\nnothing structured here\n", nil},
		{"no report at all", nil},
	} {
		if diff := cmp.Diff(tc.want, ParseReport(tc.in)); diff != "" {
			t.Errorf("ParseReport(%q) mismatch (-want +got):\n%s", tc.in, diff)
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
	findings := []Finding{
		{ID: "f-1", Status: StatusFound},
		{ID: "f-2", Status: StatusFound},
		{ID: "f-3", Status: StatusFixed},
	}
	n := ApplyVerifications(findings, []Verification{
		{FindingID: "f-1", Status: StatusFixed},
		{FindingID: "f-2"}, // no status: nothing changes
		{FindingID: "f-3", Status: StatusRegressed},
		{FindingID: "f-9", Status: StatusFixed}, // no such finding
	})
	want := []Finding{{ID: "f-1", Status: StatusFixed}, {ID: "f-2", Status: StatusFound}, {ID: "f-3", Status: StatusRegressed}}
	if n != 2 {
		t.Errorf("ApplyVerifications changed %d, want 2", n)
	}
	if diff := cmp.Diff(want, findings); diff != "" {
		t.Errorf("ApplyVerifications mismatch (-want +got):\n%s", diff)
	}
}

func TestParse(t *testing.T) {
	r := Parse("")
	if r.Findings == nil || r.Verifications == nil || r.Report != nil || r.Approved {
		t.Errorf("Parse(\"\") = %+v, want empty lists, no report, not approved", r)
	}
}

// A reply is approved only when read whole: an ISSUE anywhere in a long
// reply, however far from its head and tail, stops the approval.
func TestParseLongReplyFailsClosed(t *testing.T) {
	filler := strings.Repeat("the change looks fine to me so far\n", 60_000) // ~2 MiB
	reply := "APPROVED: mostly\n" + filler + "ISSUE:\nSEVERITY: critical\nDESCRIPTION: deletes the user table\n\n" + filler
	r := Parse(reply)
	if r.Approved || len(r.Findings) != 1 || r.Findings[0].Severity != "critical" {
		t.Errorf("Parse(long reply) approved=%v findings=%v; want the critical finding, not approved", r.Approved, r.Findings)
	}
	got, err := ParseReader(strings.NewReader(reply))
	if err != nil || got.Approved || len(got.Findings) != 1 {
		t.Errorf("ParseReader(long reply) = approved %v, %d findings, %v", got.Approved, len(got.Findings), err)
	}
}

// endless is a reader of size bytes of lines, then tail.
type endless struct {
	size int64
	tail string
	line []byte
}

func (e *endless) Read(b []byte) (int, error) {
	if e.size <= 0 {
		if e.tail == "" {
			return 0, io.EOF
		}
		n := copy(b, e.tail)
		e.tail = e.tail[n:]
		return n, nil
	}
	n := 0
	for n < len(b) && e.size > 0 {
		k := copy(b[n:], e.line[int(e.size)%len(e.line):])
		k = min(k, int(e.size))
		n += k
		e.size -= int64(k)
	}
	return n, nil
}

func TestParseReaderTooLarge(t *testing.T) {
	r := &endless{size: MaxReplyBytes + 1<<20, tail: "\nISSUE:\nDESCRIPTION: the real problem\n", line: []byte(strings.Repeat("x", 99) + "\n")}
	got, err := ParseReader(io.MultiReader(strings.NewReader("APPROVED: yes\n"), r))
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("ParseReader(over %d bytes) error = %v, want ErrTooLarge", MaxReplyBytes, err)
	}
	if got.Approved {
		t.Error("a reply too large to read whole approved")
	}
}

func TestParseLimits(t *testing.T) {
	type testCase struct {
		name      string
		in        string
		check     func(t *testing.T, r Reply)
		wantNotes int
	}
	run := func(t *testing.T, tc testCase) {
		r := Parse(tc.in)
		tc.check(t, r)
		if len(r.Notes) != tc.wantNotes {
			t.Errorf("notes = %q, want %d", r.Notes, tc.wantNotes)
		}
		// The stream gives the same reply.
		s, err := ParseReader(strings.NewReader(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(r, s); diff != "" {
			t.Errorf("ParseReader differs from Parse (-Parse +ParseReader):\n%s", diff)
		}
	}
	for _, tc := range []testCase{
		{
			name: "a long description is cut and noted",
			in:   "ISSUE:\nDESCRIPTION: " + strings.Repeat("é", MaxDescriptionBytes) + "\n",
			check: func(t *testing.T, r Reply) {
				if len(r.Findings) != 1 || len(r.Findings[0].Description) > MaxDescriptionBytes+len(" …") || !strings.HasSuffix(r.Findings[0].Description, "é …") {
					t.Errorf("findings = %d, description of %d bytes", len(r.Findings), len(r.Findings[0].Description))
				}
			},
			wantNotes: 1,
		},
		{
			name: "a long line is cut and noted; its key still counts",
			in:   "ISSUE: " + strings.Repeat("a", MaxLineBytes) + "\n",
			check: func(t *testing.T, r Reply) {
				if len(r.Findings) != 1 || r.Approved {
					t.Errorf("findings = %d, approved %v", len(r.Findings), r.Approved)
				}
			},
			wantNotes: 2,
		},
		{
			name: "more findings than kept: the rest are counted, and nothing is approved",
			in: func() string {
				var b strings.Builder
				b.WriteString("APPROVED: yes\n")
				for i := range MaxFindings + 5 {
					fmt.Fprintf(&b, "ISSUE: problem %d\n\n", i)
				}
				return b.String()
			}(),
			check: func(t *testing.T, r Reply) {
				if len(r.Findings) != MaxFindings || r.Approved {
					t.Errorf("findings = %d, approved %v", len(r.Findings), r.Approved)
				}
			},
			wantNotes: 1,
		},
		{
			name: "hundreds of thousands of list markers before nothing",
			in:   strings.Repeat("- ", 200_000) + "ISSUE: hidden far right\n" + strings.Repeat("> ", 200_000) + "\nAPPROVED: yes\n",
			check: func(t *testing.T, r Reply) {
				if !r.Approved {
					t.Errorf("a key after %d bytes of markers counted: %+v", keyScanBytes, r.Findings)
				}
			},
			wantNotes: 1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

// TestParserChunks: the reply written in pieces of any size reads the same.
func TestParserChunks(t *testing.T) {
	in := "## Review\r\n\r\n**ISSUE:**\r\n- **SEVERITY:** High\r\n- **DESCRIPTION:** The `Open` call's error\r\n  is dropped.\r\n\r\nVERIFICATION:\nFINDING_ID: f-1\nSTATUS: fixed\nCOMMENT: ok\n\nREPORT:\nSUMMARY: fine\n\nAPPROVED: no"
	want := Parse(in)
	for size := 1; size < len(in); size++ {
		p := NewParser()
		for i := 0; i < len(in); i += size {
			_, _ = p.Write([]byte(in[i:min(len(in), i+size)])) // never fails
		}
		if diff := cmp.Diff(want, p.Close()); diff != "" {
			t.Fatalf("chunks of %d bytes mismatch (-want +got):\n%s", size, diff)
		}
	}
}
