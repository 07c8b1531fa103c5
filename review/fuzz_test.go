package review

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParse: any reply parses without panic, the same whole or in chunks,
// deterministically, into valid JSON; an approval never comes with a
// finding.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		"APPROVED: ship it",
		"ISSUE:\nSEVERITY: major\nDESCRIPTION: Close error is ignored.\n",
		"**ISSUE:**\r\n- **SEVERITY:** High\r\n- **DESCRIPTION:** The `Open` call's error is dropped.\r\n\r\n1. ISSUE:\r\n2. Severity: low\r\n3. Description: rename x\r\n",
		"VERIFICATION:\nFINDING_ID: f-1\nSTATUS: fixed\n\nVERIFICATION:\nFINDING_ID: f-2\nSTATUS: regressed\nCOMMENT: back again\n",
		"**REPORT:**\n- **SATISFACTION:** medium\n- **RISK:** HIGH\n- **NEEDS_HUMAN_REVIEW:** yes\n- **SUMMARY:** Works, but\n  needs eyes.\n",
		"APPROVED: mostly\n\nISSUE:\nSEVERITY: minor\nDESCRIPTION: one more thing\n",
		"- - - - > > > ### 12) **ISSUE:** x\n",
		"ISSUE:\nOPTIONS: a\nRECOMMENDATION: b\nREPORT:\nREPORT:\nSUMMARY: s\n",
	} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, in string, chunk uint8) {
		r := Parse(in)
		if r.Approved && len(r.Findings) > 0 {
			t.Fatalf("approved with %d findings", len(r.Findings))
		}
		if r.Approved != IsApproved(in) {
			t.Fatal("IsApproved disagrees with Parse")
		}
		for _, fd := range r.Findings {
			if fd.Description == "" || fd.ID != FindingID(fd.Description) || fd.Status != StatusFound {
				t.Fatalf("bad finding %+v", fd)
			}
			switch fd.Severity {
			case "critical", "major", "minor":
			default:
				t.Fatalf("severity %q", fd.Severity)
			}
		}
		for _, v := range r.Verifications {
			if v.FindingID == "" {
				t.Fatalf("verification without an ID: %+v", v)
			}
		}
		if diff := cmp.Diff(r, Parse(in)); diff != "" {
			t.Fatalf("not deterministic:\n%s", diff)
		}
		p := NewParser()
		size := int(chunk%64) + 1
		for i := 0; i < len(in); i += size {
			_, _ = p.Write([]byte(in[i:min(len(in), i+size)])) // never fails
		}
		if diff := cmp.Diff(r, p.Close()); diff != "" {
			t.Fatalf("chunks of %d differ (-whole +chunks):\n%s", size, diff)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("JSON: %v", err)
		}
	})
}
