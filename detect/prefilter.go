package detect

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

// A ruleSet is a list of regular expressions with a literal prefilter:
// every expression is reduced to the literals one of which any match must
// hold (from its syntax tree), and one pass of one automaton over a line
// finds which expressions could match at all. Only those run. An
// expression with no such literal always runs. The prefilter never changes
// an answer, only how often the regular expressions are asked.
type ruleSet struct {
	res    []*regexp.Regexp
	always hits // expressions with no required literal
	lits   *automaton
}

// hits is a set of expressions of a ruleSet, by index.
type hits [2]uint64

func (h hits) has(i int) bool { return h[i>>6]&(1<<(i&63)) != 0 }

func (h *hits) add(i int) { h[i>>6] |= 1 << (i & 63) }

func (h hits) or(o hits) hits { return hits{h[0] | o[0], h[1] | o[1]} }

// maxRules is how many expressions a ruleSet holds.
const maxRules = 128

// newRuleSet compiles the patterns; it panics on a bad one, as
// regexp.MustCompile does.
func newRuleSet(patterns ...string) *ruleSet {
	if len(patterns) > maxRules {
		panic("detect: too many rules in one set")
	}
	rs := &ruleSet{}
	var words []string
	var ids []hits
	for i, p := range patterns {
		rs.res = append(rs.res, regexp.MustCompile(p))
		lits := requiredLiterals(p)
		if len(lits) == 0 {
			rs.always.add(i)
			continue
		}
		for _, l := range lits {
			var h hits
			h.add(i)
			words = append(words, l)
			ids = append(ids, h)
		}
	}
	rs.lits = newAutomatonSets(words, ids)
	return rs
}

// candidates returns the expressions that could match s.
func (rs *ruleSet) candidates(s string) hits {
	return rs.lits.scan(s).or(rs.always)
}

// match reports whether expression i matches s, given s's candidates.
func (rs *ruleSet) match(i int, s string, h hits) bool {
	return h.has(i) && rs.res[i].MatchString(s)
}

// first returns the index of the first expression that matches s, or -1.
func (rs *ruleSet) first(s string) int {
	h := rs.candidates(s)
	for i := range rs.res {
		if rs.match(i, s, h) {
			return i
		}
	}
	return -1
}

// requiredLiterals returns literals, lower-cased, one of which every match
// of the pattern holds; nil when it cannot tell.
func requiredLiterals(pattern string) []string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := required(re.Simplify())
	if !ok {
		return nil
	}
	return lits
}

// required returns a set of literals one of which every match of re holds.
func required(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, false
		}
		return []string{asciiLower(string(re.Rune))}, true
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpAlternate:
		var all []string
		for _, s := range re.Sub {
			l, ok := required(s)
			if !ok {
				return nil, false
			}
			all = append(all, l...)
		}
		return all, true
	case syntax.OpConcat:
		// Adjacent literals make one longer literal; of the parts that
		// require something, the one whose shortest literal is longest
		// filters best.
		var best []string
		bestLen := 0
		var run []rune
		consider := func(l []string) {
			if n := minLen(l); n > bestLen {
				best, bestLen = l, n
			}
		}
		flush := func() {
			if len(run) > 0 {
				consider([]string{asciiLower(string(run))})
				run = run[:0]
			}
		}
		for _, s := range re.Sub {
			if s.Op == syntax.OpLiteral {
				run = append(run, s.Rune...)
				continue
			}
			flush()
			if l, ok := required(s); ok {
				consider(l)
			}
		}
		flush()
		return best, best != nil
	}
	return nil, false
}

// asciiLower lower-cases the ASCII letters of s, as the automaton does.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lower(c)
	}
	return string(b)
}

func minLen(l []string) int {
	n := -1
	for _, s := range l {
		if c := utf8.RuneCountInString(s); n < 0 || c < n {
			n = c
		}
	}
	return n
}
