package detect

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

func TestSplitAlternatives(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`a|b`, []string{`a`, `b`}},
		{`a(?:b|c)|d`, []string{`a(?:b|c)`, `d`}},
		{`[|]x|\|y|z`, []string{`[|]x`, `\|y`, `z`}},
		{`[]|]x|y`, []string{`[]|]x`, `y`}},
		{`[^]|]x|y`, []string{`[^]|]x`, `y`}},
		{`(?i)a|b`, []string{`(?i)a`, `(?i)b`}},
		{`A|(?i:b|c(?:d|e))`, []string{`A`, `(?i:b)`, `(?i:c(?:d|e))`}},
		{`(?i:a)x|y`, []string{`(?i:a)x`, `y`}},
		{`(?i:a)|(b)`, []string{`(?i:a)`, `(b)`}},
	} {
		if diff := cmp.Diff(tc.want, splitAlternatives(tc.in)); diff != "" {
			t.Errorf("splitAlternatives(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestCategoryAlternatives checks that splitting the category rules into
// their alternatives changes no answer: on every line of the corpora, a
// rule matches exactly when one of its alternatives does.
func TestCategoryAlternatives(t *testing.T) {
	var lines []string
	for _, dir := range []string{"corpus", "holdout", "holdout2"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.txtar"))
		for _, f := range files {
			ar, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, file := range ar.Files {
				if file.Name == "output" {
					lines = append(lines, strings.Split(string(file.Data), "\n")...)
				}
			}
		}
	}
	for _, p := range append(append([]string{}, specificPatterns...), genericPatterns...) {
		whole := regexp.MustCompile(p)
		var alts []*regexp.Regexp
		for _, a := range splitAlternatives(p) {
			alts = append(alts, regexp.MustCompile(a))
		}
		for _, l := range lines {
			any := false
			for _, a := range alts {
				any = any || a.MatchString(l)
			}
			if any != whole.MatchString(l) {
				t.Errorf("%.60q on %q: the rule says %v, its alternatives %v", p, l, !any, any)
			}
		}
	}
}
