package loop_test

import (
	"fmt"

	"github.com/faultline-go/faultline/loop"
)

func ExampleParseReview() {
	reply := `**ISSUE:**
- **SEVERITY:** critical
- **DESCRIPTION:** the handler ignores the error from Close.

**VERIFICATION:**
- **FINDING_ID:** f-0011aa22bb33
- **STATUS:** fixed
`
	r := loop.ParseReview(reply)
	for _, f := range r.Findings {
		fmt.Println(f.Severity, f.Description)
	}
	for _, v := range r.Verifications {
		fmt.Println(v.FindingID, v.Status)
	}
	fmt.Println("approved:", r.Approved)
	// Output:
	// critical the handler ignores the error from Close.
	// f-0011aa22bb33 fixed
	// approved: false
}
