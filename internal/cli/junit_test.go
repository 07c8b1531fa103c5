package cli

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/faultline-go/faultline/filter"
)

// TestJUnitTestCases: what each test of a go test check becomes, a parent
// following its failed subtests at any depth.
func TestJUnitTestCases(t *testing.T) {
	run := func(name, result string) filter.TestRun {
		return filter.TestRun{Package: "p", Name: name, Result: result}
	}
	ct := &checkTests{
		runs: []filter.TestRun{
			run("TestA/real", "fail"), run("TestA/flaky", "fail"), run("TestA", "fail"),
			run("TestB/x/deep", "fail"), run("TestB/x", "fail"), run("TestB", "fail"),
			run("TestC/old", "fail"), run("TestC", "fail"),
			run("TestD", "fail"), run("TestE", "skip"), run("TestF", "pass"),
		},
		flaky:   []filter.Error{{Package: "p", Test: "TestA/flaky"}, {Package: "p", Test: "TestB/x/deep"}},
		ignored: []filter.IgnoredError{{Error: filter.Error{Package: "p", Test: "TestC/old"}, Reason: "pre-existing"}},
	}
	failed := []junitCase{{Name: "TestA/real", Classname: "p", Failure: &junitFailure{Message: "boom"}}}
	got := map[string]string{}
	for _, c := range testCases("test", ct, failed) {
		switch {
		case c.Failure != nil:
			got[c.Name] = "failure: " + c.Failure.Message
		case c.Skipped != nil:
			got[c.Name] = "skipped: " + c.Skipped.Message
		default:
			got[c.Name] = "passed: " + c.SystemOut
		}
	}
	want := map[string]string{
		"TestA/real":   "failure: boom",
		"TestA/flaky":  "passed: " + flakyNote,
		"TestA":        "failure: a subtest failed",
		"TestB/x/deep": "passed: " + flakyNote,
		"TestB/x":      "passed: " + flakyNote,
		// TestB/x failed too, and is not itself excused: it counts as
		// the change's (a parent is excused only by excused subtests).
		"TestB":     "failure: a subtest failed",
		"TestC/old": "skipped: failed, pre-existing",
		"TestC":     "skipped: failed, pre-existing",
		"TestD":     "failure: failed; no failure message could be parsed",
		"TestE":     "skipped: ",
		"TestF":     "passed: ",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("testCases mismatch (-want +got):\n%s", diff)
	}
}
