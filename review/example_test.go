package review_test

import (
	"fmt"

	"github.com/faultline-go/faultline/review"
)

func ExampleParse() {
	reply := `**ISSUE:**
- **SEVERITY:** critical
- **DESCRIPTION:** the handler ignores the error from Close.

**VERIFICATION:**
- **FINDING_ID:** f-0011aa22bb33
- **STATUS:** fixed
`
	r := review.Parse(reply)
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
