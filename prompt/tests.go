package prompt

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// maxTestName bounds a test name as the prompt shows it.
const maxTestName = 200

// testLines lists failing tests compactly, one line per parent test:
// "TestSlugify/{Brave_Bear, Brave_Cat}" for subtests of one parent, and
// "case_07…case_11" for a run of consecutively numbered names (every name
// in between). A name with no subtest stands alone.
func testLines(tests []string) []string {
	type group struct {
		parent string
		kids   []string
	}
	var groups []*group
	byParent := map[string]*group{}
	for _, t := range tests {
		i := strings.LastIndexByte(t, '/')
		if i < 0 {
			groups = append(groups, &group{parent: t})
			continue
		}
		parent := t[:i+1]
		g := byParent[parent]
		if g == nil {
			g = &group{parent: parent}
			byParent[parent] = g
			groups = append(groups, g)
		}
		g.kids = append(g.kids, t[i+1:])
	}
	var out []string
	for _, g := range groups {
		switch len(g.kids) {
		case 0:
			out = append(out, g.parent)
		case 1:
			out = append(out, g.parent+g.kids[0])
		default:
			out = append(out, g.parent+"{"+strings.Join(numberRuns(g.kids), ", ")+"}")
		}
	}
	slices.Sort(out)
	return out
}

// numbered splits a name into the text before its trailing digits and
// those digits.
func numbered(s string) (prefix, digits string) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	return s[:i], s[i:]
}

// numberRuns sorts names (numbered ones by number) and writes each run of
// three or more consecutive numbers of one prefix and width as
// "first…last".
func numberRuns(names []string) []string {
	names = slices.Clone(names)
	slices.SortFunc(names, func(a, b string) int {
		pa, da := numbered(a)
		pb, db := numbered(b)
		if c := strings.Compare(pa, pb); c != 0 || da == "" || db == "" {
			return cmp.Or(c, strings.Compare(a, b))
		}
		return cmp.Or(cmp.Compare(len(da), len(db)), strings.Compare(da, db))
	})
	var out []string
	for i := 0; i < len(names); {
		j := i + 1
		p, d := numbered(names[i])
		if n, err := strconv.Atoi(d); err == nil && len(d) < 10 {
			for j < len(names) {
				pj, dj := numbered(names[j])
				m, err := strconv.Atoi(dj)
				if err != nil || pj != p || len(dj) != len(d) || m != n+(j-i) {
					break
				}
				j++
			}
		}
		if j-i >= 3 {
			out = append(out, names[i]+"…"+names[j-1])
		} else {
			out = append(out, names[i:j]...)
		}
		i = j
	}
	return out
}

// testSummary names the tests of one location briefly: all of them when
// there are at most three, else each top-level test ("TestF/…" when its
// subtests failed), with its count when there are several.
func testSummary(tests []string) string {
	if len(tests) <= 3 {
		return strings.Join(tests, ", ")
	}
	type top struct {
		name string
		n    int
		sub  bool
	}
	var tops []*top
	byName := map[string]*top{}
	for _, t := range tests {
		name, _, sub := strings.Cut(t, "/")
		tp := byName[name]
		if tp == nil {
			tp = &top{name: name}
			byName[name] = tp
			tops = append(tops, tp)
		}
		tp.n++
		tp.sub = tp.sub || sub
	}
	var parts []string
	for i, tp := range tops {
		if i == 3 {
			parts = append(parts, "…")
			break
		}
		s := tp.name
		if tp.sub {
			s += "/…"
		}
		if tp.n > 1 && len(tops) > 1 {
			s += " (" + strconv.Itoa(tp.n) + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}
