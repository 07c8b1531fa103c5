package detect

import (
	"math/bits"
	"regexp"
	"regexp/syntax"
	"unicode/utf8"

	"github.com/faultline-go/faultline/errkind"
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
type hits [8]uint64

func (h hits) has(i int) bool { return h[i>>6]&(1<<(i&63)) != 0 }

func (h *hits) add(i int) { h[i>>6] |= 1 << (i & 63) }

func (h hits) or(o hits) hits {
	for i := range h {
		h[i] |= o[i]
	}
	return h
}

// maxRules is how many expressions a ruleSet holds.
const maxRules = 512

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
	for w, word := range h {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &^= 1 << b
			if i := w<<6 | b; i < len(rs.res) && rs.res[i].MatchString(s) {
				return i
			}
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

// A catSet is a list of category rules, each a regular expression, split
// at its top-level alternatives so that the prefilter picks alternatives,
// not whole rules, and each runs as a small expression of its own. The
// first rule, in order, that any of its alternatives matches, wins.
type catSet struct {
	rules *ruleSet
	cats  []errkind.Category // the category of each alternative
}

func newCatSet(cats []errkind.Category, patterns ...string) *catSet {
	cs := &catSet{}
	var alts []string
	for i, p := range patterns {
		for _, a := range splitAlternatives(p) {
			alts = append(alts, a)
			cs.cats = append(cs.cats, cats[i])
		}
	}
	cs.rules = newRuleSet(alts...)
	return cs
}

// first returns the category of the first rule that matches t, or "".
func (cs *catSet) first(t string) errkind.Category {
	if i := cs.rules.first(t); i >= 0 {
		return cs.cats[i]
	}
	return ""
}

// splitAlternatives returns the top-level alternatives of a pattern, each
// a pattern of its own with the flags it had; the pattern itself when it
// has none.
func splitAlternatives(pattern string) []string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return []string{pattern}
	}
	var alts []*syntax.Regexp
	var walk func(*syntax.Regexp)
	walk = func(r *syntax.Regexp) {
		if r.Op == syntax.OpAlternate {
			for _, s := range r.Sub {
				walk(s)
			}
			return
		}
		alts = append(alts, r)
	}
	walk(re)
	out := make([]string, len(alts))
	for i, a := range alts {
		out[i] = a.String()
	}
	return out
}

// joinCatSets returns one set holding the rules of a and then of b.
func joinCatSets(a, b *catSet) *catSet {
	var alts []string
	var cats []errkind.Category
	for _, cs := range []*catSet{a, b} {
		for i, re := range cs.rules.res {
			alts = append(alts, re.String())
			cats = append(cats, cs.cats[i])
		}
	}
	return &catSet{rules: newRuleSet(alts...), cats: cats}
}
