package filter

import (
	"bufio"
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestTestRuns checks Options.Tests on every go test -json output the
// script suite captured against test2json's own account: each test's
// final pass, fail or skip event, with its elapsed time.
func TestTestRuns(t *testing.T) {
	checked := 0
	for _, data := range capturedOutputs(t, "test_") {
		want := testRunsOfEvents(data)
		if want == nil {
			continue // text output: test2json events name the tests only in -json
		}
		checked++
		got := Parse("test", string(data), Options{Tests: true}).Tests
		sortRuns(got)
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Tests mismatch (-events +parsed) for\n%s\n%s", head(data), diff)
		}
		if runs := Parse("test", string(data), Options{}).Tests; runs != nil {
			t.Errorf("Tests recorded without Options.Tests: %v", runs)
		}
	}
	t.Logf("%d outputs checked", checked)
	if checked == 0 {
		t.Fatal("no captured go test -json output")
	}
}

// testRunsOfEvents reads the test results from test2json events; nil when
// the output holds none.
func testRunsOfEvents(data []byte) []TestRun {
	var runs []TestRun
	running := map[[2]string]bool{} // tests started and not finished
	events := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct {
			Action, Package, Test string
			Elapsed               float64
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Action == "" {
			continue
		}
		events = true
		key := [2]string{ev.Package, ev.Test}
		switch {
		case ev.Action == "run":
			running[key] = true
			continue
		case ev.Test == "" && ev.Action == "fail":
			// A test still running when its package failed (a timeout,
			// a panic elsewhere) failed with it: test2json gives it no
			// event of its own.
			for k := range running {
				if k[0] == ev.Package {
					runs = append(runs, TestRun{Package: k[0], Name: k[1], Result: "fail"})
					delete(running, k)
				}
			}
			continue
		case ev.Test == "" || (ev.Action != "pass" && ev.Action != "fail" && ev.Action != "skip"):
			continue
		}
		delete(running, key)
		runs = append(runs, TestRun{Package: ev.Package, Name: ev.Test, Result: ev.Action,
			Elapsed: time.Duration(ev.Elapsed * float64(time.Second))})
	}
	if !events {
		return nil
	}
	if runs == nil {
		runs = []TestRun{}
	}
	sortRuns(runs)
	return runs
}

func sortRuns(runs []TestRun) {
	slices.SortFunc(runs, func(a, b TestRun) int {
		return strings.Compare(a.Package+"\x00"+a.Name, b.Package+"\x00"+b.Name)
	})
}

func head(data []byte) string {
	s, _, _ := strings.Cut(string(data), "\n")
	return s
}
