package detect

import (
	"math/bits"
	"regexp"
	"regexp/syntax"
	"strings"
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
	fast   []func(string) bool // an exact hand-written matcher of res[i], or nil
	always hits                // expressions with no required literal
	lits   *automaton
}

// fastMatchers are hand-written matchers, each exactly equivalent to the
// pattern it is keyed by (TestFastMatchers compares them), for patterns
// Go's regexp runs slowly because they start with no literal: a class
// before the literal makes it try every position of a long text.
var fastMatchers = map[string]func(string) bool{
	`(?i:(?:^|[^:\w.])(?:429|502|503|504|529)\b)`: hasStatusCode,
}

// hasStatusCode reports whether s holds 429, 502, 503, 504 or 529 as a
// number of its own: not after a colon, a dot or a word character (a
// line number, a version, a name), not followed by a word character.
func hasStatusCode(s string) bool {
	for i := 0; i+3 <= len(s); i++ {
		c := s[i]
		if c != '4' && c != '5' {
			continue
		}
		switch s[i : i+3] {
		case "429", "502", "503", "504", "529":
		default:
			continue
		}
		if i > 0 {
			if p := s[i-1]; p == ':' || p == '.' || isWordByte(p) {
				continue
			}
		}
		if i+3 < len(s) && isWordByte(s[i+3]) {
			continue
		}
		return true
	}
	return false
}

// matches reports whether expression i matches s.
func (rs *ruleSet) matches(i int, s string) bool {
	if f := rs.fast[i]; f != nil {
		return f(s)
	}
	return rs.res[i].MatchString(s)
}

// hits is a set of expressions of a ruleSet, by index.
type hits [12]uint64

func (h hits) has(i int) bool { return h[i>>6]&(1<<(i&63)) != 0 }

func (h *hits) add(i int) { h[i>>6] |= 1 << (i & 63) }

func (h hits) or(o hits) hits {
	for i := range h {
		h[i] |= o[i]
	}
	return h
}

// maxRules is how many expressions a ruleSet holds.
const maxRules = 768

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
		rs.fast = append(rs.fast, fastMatchers[p])
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
	return h.has(i) && rs.matches(i, s)
}

// first returns the index of the first expression that matches s, or -1.
func (rs *ruleSet) first(s string) int {
	h := rs.candidates(s)
	for w, word := range h {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &^= 1 << b
			if i := w<<6 | b; i < len(rs.res) && rs.matches(i, s) {
				return i
			}
		}
	}
	return -1
}

// firstIn returns the index of the first expression in [from, to) that
// matches s, given s's candidates h, or -1.
func (rs *ruleSet) firstIn(s string, h hits, from, to int) int {
	for w := from >> 6; w < len(h) && w<<6 < to; w++ {
		word := h[w]
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &^= 1 << b
			i := w<<6 | b
			if i < from {
				continue
			}
			if i >= to || i >= len(rs.res) {
				return -1
			}
			if rs.matches(i, s) {
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
// a pattern of its own; a whole-pattern flag group "(?i:a|b)" is split
// inside, each part keeping the flag. It reads the pattern's text (its
// brackets, groups and escapes): printing a parsed pattern back costs far
// more, for classes under case folding.
func splitAlternatives(pattern string) []string {
	var out []string
	if m := leadingFlags.FindString(pattern); m != "" {
		// "(?i)a|b": the flags hold for every alternative.
		for _, a := range splitAlternatives(pattern[len(m):]) {
			out = append(out, m+a)
		}
		return out
	}
	for _, a := range topLevel(pattern) {
		if flags, inner, ok := flagGroup(a); ok {
			for _, b := range splitAlternatives(inner) {
				out = append(out, "(?"+flags+":"+b+")")
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// leadingFlags are flags set at the start of a pattern: "(?i)".
var leadingFlags = regexp.MustCompile(`^\(\?[a-zA-Z]+\)`)

// walkSyntax calls f with the index and byte of every character of the
// pattern p that no escape or character class holds, and the depth of the
// groups it stands in (after a '(', before a ')'); it stops when f
// returns false.
func walkSyntax(p string, f func(i int, c byte, depth int) bool) {
	depth, class := 0, false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case class:
			class = c != ']'
		case c == '[':
			class = true
			if i+1 < len(p) && p[i+1] == '^' {
				i++
			}
			if i+1 < len(p) && p[i+1] == ']' {
				i++ // a ']' first in a class is a literal
			}
		default:
			if c == '(' {
				depth++
			}
			if c == ')' {
				depth--
			}
			if !f(i, c, depth) {
				return
			}
		}
	}
}

// topLevel splits a pattern at the '|' that no group or class holds.
func topLevel(p string) []string {
	var parts []string
	last := 0
	walkSyntax(p, func(i int, c byte, depth int) bool {
		if c == '|' && depth == 0 {
			parts = append(parts, p[last:i])
			last = i + 1
		}
		return true
	})
	return append(parts, p[last:])
}

// flagGroup reports whether a pattern is one group "(?flags:inner)" and
// returns its flags and what it holds.
func flagGroup(a string) (flags, inner string, ok bool) {
	if !strings.HasPrefix(a, "(?") || !strings.HasSuffix(a, ")") {
		return "", "", false
	}
	k := strings.IndexByte(a, ':')
	if k < 3 || strings.ContainsAny(a[2:k], "()<>P") {
		return "", "", false
	}
	inner = a[k+1 : len(a)-1]
	// The group must close at the end, not before it.
	closed := false
	walkSyntax(inner, func(_ int, _ byte, depth int) bool {
		closed = depth < 0
		return !closed
	})
	if closed {
		return "", "", false
	}
	return a[2:k], inner, true
}

// alternatives returns how many top-level alternatives the patterns hold.
func alternatives(patterns []string) int {
	n := 0
	for _, p := range patterns {
		n += len(splitAlternatives(p))
	}
	return n
}
