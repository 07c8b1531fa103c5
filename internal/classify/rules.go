package classify

import (
	"math/bits"
	"regexp"
	"strings"
	"unicode/utf8"
)

// A rule gives the category of a message that matches it. A rule is an
// alternation, like a regular expression's a|b|c, written as its parts so
// that most of them are plain substrings, found far faster than a regular
// expression finds anything: classify_test.go checks each rule against the
// regular expression it stands for.
type rule struct {
	cat Category
	// fold: the literals and guards match whatever the case, as (?i) does.
	fold bool
	// prefixes match at the start of the text (^(a|b)).
	prefixes []string
	// lits match anywhere.
	lits []string
	// guarded are the parts that need a regular expression; each is only
	// run when its literal occurs.
	guarded []guarded
}

type guarded struct {
	lit string
	re  *regexp.Regexp
}

// text is a message being classified, with its case-folded form made once,
// when a rule needs it and the text holds K or ſ; otherwise rules fold
// ASCII as they compare.
type text struct {
	s       string
	folded  string
	done    bool
	special int8 // 0 unknown, 1 the text holds K or ſ, 2 not
}

// hasSpecial reports whether the text holds K (Kelvin) or ſ (long s),
// which fold to ASCII letters but are not ASCII themselves.
func (t *text) hasSpecial() bool {
	if t.special == 0 {
		t.special = 2
		if strings.Contains(t.s, "\u212a") || strings.Contains(t.s, "ſ") {
			t.special = 1
		}
	}
	return t.special == 1
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFold reports whether s starts with the lower-case ASCII lit,
// whatever the case of s's ASCII letters.
func hasPrefixFold(s, lit string) bool {
	if len(s) < len(lit) {
		return false
	}
	for i := 0; i < len(lit); i++ {
		if lower(s[i]) != lit[i] {
			return false
		}
	}
	return true
}

// fold returns the text with every letter that (?i) folds to an ASCII
// letter in lower case: A-Z, and K (Kelvin) and ſ (long s), the only
// others that fold to one.
func (t *text) fold() string {
	if t.done {
		return t.folded
	}
	t.done = true
	s := t.s
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf {
			break
		}
	}
	if i == len(s) {
		t.folded = s
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for i < len(s) {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch r {
			case 'K':
				b = append(b, 'k')
			case 'ſ':
				b = append(b, 's')
			default:
				b = append(b, s[i:i+n]...)
			}
			i += n
			continue
		}
		i++
	}
	t.folded = string(b)
	return t.folded
}

// ruleSet is a list of rules, tried in order: the first that matches gives
// the category. The literals of all its rules, and the literals that guard
// their regular expressions, are found in one pass over the text.
type ruleSet struct {
	rules  []rule
	exact  literalSet // literals of the rules that match case
	fold   literalSet // literals of the rules that fold case
	guards int        // guarded parts, numbered in rule order
}

func newRuleSet(rs ...rule) *ruleSet {
	set := &ruleSet{rules: rs}
	for i, r := range rs {
		if r.fold && len(r.prefixes) > 0 {
			panic("classify: a rule that folds case has prefixes")
		}
		ls := &set.exact
		if r.fold {
			ls = &set.fold
		}
		for _, l := range r.lits {
			ls.add(l, i)
		}
		for _, g := range r.guarded {
			ls.add(g.lit, 64+set.guards)
			set.guards++
		}
	}
	if len(rs) > 64 || set.guards > 64 {
		panic("classify: more than 64 rules or guarded parts in a set")
	}
	set.exact.index()
	set.fold.index()
	return set
}

func (rs *ruleSet) match(t *text) Category {
	found, guards := rs.exact.find(t.s, false)
	switch {
	case rs.fold.n == 0:
	case t.hasSpecial():
		f, g := rs.fold.find(t.fold(), false)
		found, guards = found|f, guards|g
	default:
		f, g := rs.fold.find(t.s, true)
		found, guards = found|f, guards|g
	}
	guard := 0
	for i := range rs.rules {
		r := &rs.rules[i]
		if found&(1<<i) != 0 {
			return r.cat
		}
		for _, p := range r.prefixes {
			if strings.HasPrefix(t.s, p) {
				return r.cat
			}
		}
		for _, g := range r.guarded {
			if guards&(1<<guard) != 0 && g.re.MatchString(t.s) {
				return r.cat
			}
			guard++
		}
	}
	return ""
}

// literalSet finds which of many literals occur in a text in one pass: a
// bitmap of the literals' first two bytes rejects almost every position at
// once, and the few literals that start with the two bytes there are
// compared.
type literalSet struct {
	n       int
	starts  [1 << 16 / 64]uint64
	rank    [1 << 16 / 64]uint16 // set bits of starts before each word
	buckets [][]literal          // by rank of their first two bytes
	added   map[uint16][]literal
}

// literal is a literal of rule id (< 64), or of guarded part id-64.
type literal struct {
	s  string
	id int
}

func pair(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

func (ls *literalSet) add(l string, id int) {
	if len(l) < 2 {
		panic("classify: a literal of fewer than two bytes: " + l)
	}
	k := pair(l[0], l[1])
	ls.starts[k/64] |= 1 << (k % 64)
	if ls.added == nil {
		ls.added = make(map[uint16][]literal)
	}
	ls.added[k] = append(ls.added[k], literal{l, id})
	ls.n++
}

// index lays the literals out by rank, once all are added.
func (ls *literalSet) index() {
	n := 0
	for w := range ls.starts {
		ls.rank[w] = uint16(n)
		n += bits.OnesCount64(ls.starts[w])
	}
	ls.buckets = make([][]literal, n)
	for k, lits := range ls.added {
		ls.buckets[ls.bucket(k)] = lits
	}
	ls.added = nil
}

func (ls *literalSet) bucket(k uint16) int {
	w := ls.starts[k/64]
	return int(ls.rank[k/64]) + bits.OnesCount64(w&(1<<(k%64)-1))
}

// find returns the rules (bit i for rule i) and the guarded parts (bit j
// for part j) one of whose literals occurs in s, folding the case of ASCII
// letters in s if fold.
func (ls *literalSet) find(s string, fold bool) (rules, guards uint64) {
	if ls.n == 0 {
		return 0, 0
	}
	for i := 0; i+1 < len(s); i++ {
		a, b := s[i], s[i+1]
		if fold {
			a, b = lower(a), lower(b)
		}
		k := pair(a, b)
		if ls.starts[k/64]&(1<<(k%64)) == 0 {
			continue
		}
		for _, l := range ls.buckets[ls.bucket(k)] {
			if !(fold && hasPrefixFold(s[i:], l.s) || !fold && strings.HasPrefix(s[i:], l.s)) {
				continue
			}
			if l.id < 64 {
				rules |= 1 << l.id
			} else {
				guards |= 1 << (l.id - 64)
			}
		}
	}
	return rules, guards
}

// goRules classify what the Go toolchain says, by what it means.
var goRules = newRuleSet(
	// go.mod, go.sum and modules: fetched over the network.
	rule{cat: CategoryNetwork,
		lits: []string{"no required module provides package", "cannot find module providing package", "missing go.sum entry",
			"module lookup disabled", "verifying module", "dial tcp", "proxy.golang.org", "unrecognized import path",
			"i/o timeout", "TLS handshake", "no such host"},
		guarded: []guarded{{"go: downloading ", regexp.MustCompile(`go: downloading .* error`)}}},
	rule{cat: CategorySyntax, fold: true,
		lits: []string{"syntax error", "unknown directive", "errors parsing go.mod", "missing ',' ",
			"non-declaration statement outside function body", "unterminated", "invalid character"},
		guarded: []guarded{{"expected '", regexp.MustCompile(`(?i)expected '.*', found`)}}},
	rule{cat: CategoryReference,
		lits: []string{"undefined: ", "undeclared name", "not declared by package", "has no field or method", "unknown field",
			"is not defined", "undefined reference to", "cannot refer to unexported", "no values defined for type"},
		guarded: []guarded{
			{"could not determine what C.", regexp.MustCompile(`could not determine what C\.\S+ refers to`)},
			{"relocation target ", regexp.MustCompile(`relocation target .* not defined`)},
		}},
	rule{cat: CategoryType,
		lits: []string{"cannot use ", "does not implement", "mismatched types", "invalid operation", "too many arguments in call",
			"not enough arguments in call", "too many return values", "not enough return values", "assignment mismatch",
			"cannot convert", "is not a type", "wrong type", "invalid argument", "non-boolean condition", "cannot assign to",
			"of wrong type", "(type) assertion",
			// the type checker's words for generics, indexing and values that do not fit
			"does not satisfy ", "cannot infer ", "does not match inferred type", "without instantiation", "in single-value context", "impossible type assertion", "impossible type switch case", "use of untyped nil", "cannot index ", "cannot slice ", "cannot range over ", "cannot call non-function", "invalid map key type", "invalid composite literal", "type arguments but want", "cannot define new methods on"},
		guarded: []guarded{
			{"format %", regexp.MustCompile(`format %\S+ has arg`)},
			{"reads arg #", regexp.MustCompile(`reads arg #\d+, but call has`)},
		}},
	rule{cat: CategoryFilesystem, fold: true,
		lits: []string{"no such file or directory", "permission denied", "enoent", "file not found", "is a directory",
			"not a directory", "read-only file system"}},
	rule{cat: CategoryBuild,
		lits: []string{"imported and not used", "declared and not used", "import cycle not allowed", "running gcc failed",
			"collect2: error", "ld returned", "missing return", "inconsistent vendoring", "redeclared in this block",
			"too many errors", "[build failed]", "[setup failed]", "usage: go ", "build constraints exclude all Go files"},
		guarded: []guarded{
			{"found packages ", regexp.MustCompile(`found packages .* in`)},
			{"label ", regexp.MustCompile(`label .* defined and not used`)},
			{"(and ", regexp.MustCompile(`\(and \d+ more errors\)`)},
		}},
)

// runtimeRule finds runtime failures in test output. (In a compiler's
// output "fatal error:" is gcc's, about a file: see goRules.)
var runtimeRule = newRuleSet(rule{cat: CategoryRuntime,
	prefixes: []string{"panic: ", "fatal error: ", "WARNING: DATA RACE", "test timed out after ", "test binary failed without reporting"}})

// panicRule is the part of runtimeRule that no compiler prints.
var panicRule = newRuleSet(rule{cat: CategoryRuntime,
	prefixes: []string{"panic: ", "WARNING: DATA RACE", "test timed out after ", "test binary failed without reporting"},
	guarded:  []guarded{{"\ngoroutine ", regexp.MustCompile(`\ngoroutine \d+ \[`)}}})

// seedRules are seed 003's categorize_error rules: the floor for text that
// is not Go's.
var seedRules = newRuleSet(
	rule{cat: CategoryTest, lits: []string{"FAIL", "not ok", "AssertionError", "assertion failed"}},
	rule{cat: CategorySyntax, lits: []string{"SyntaxError", "syntax error", "parse error", "unexpected token"}},
	rule{cat: CategoryType, lits: []string{"TypeError", "type error", "undefined is not", "null is not"}},
	rule{cat: CategoryReference, lits: []string{"ReferenceError", "is not defined", "undefined variable"}},
	rule{cat: CategoryFilesystem, lits: []string{"No such file", "ENOENT", "file not found", "Permission denied"}},
	rule{cat: CategoryNetwork, lits: []string{"ECONNREFUSED", "timeout", "connection refused", "network error"}},
	rule{cat: CategoryBuild, lits: []string{"Build failed", "Compilation error", "linker error"}},
)

// testInfraRules find infrastructure trouble a failing test may report:
// its category says more than "test failed".
var testInfraRules = newRuleSet(
	rule{cat: CategoryNetwork, fold: true,
		lits: []string{"connection refused", "econnrefused", "dial tcp", "no such host", "i/o timeout", "network is unreachable", "connection reset"}},
	rule{cat: CategoryFilesystem, fold: true,
		lits: []string{"no such file or directory", "permission denied", "enoent"}},
)
