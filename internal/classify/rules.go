package classify

import "regexp"

// rule is one text rule: the category of a message that matches.
type rule struct {
	cat Category
	re  *regexp.Regexp
}

// rules are tried in order; the first that matches gives the category.
type rules []rule

func (rs rules) match(text string) Category {
	for _, r := range rs {
		if r.re.MatchString(text) {
			return r.cat
		}
	}
	return ""
}

// goRules classify what the Go toolchain says, by what it means.
var goRules = rules{
	// go.mod, go.sum and modules: fetched over the network.
	{CategoryNetwork, regexp.MustCompile(`no required module provides package|cannot find module providing package|missing go\.sum entry|module lookup disabled|verifying module|dial tcp|proxy\.golang\.org|unrecognized import path|go: downloading .* error|i/o timeout|TLS handshake|no such host`)},
	{CategorySyntax, regexp.MustCompile(`(?i)syntax error|expected '.*', found|unknown directive|errors parsing go\.mod|missing ',' |non-declaration statement outside function body|unterminated|invalid character`)},
	{CategoryReference, regexp.MustCompile(`undefined: |undeclared name|not declared by package|has no field or method|unknown field|could not determine what C\.\S+ refers to|is not defined|undefined reference to|relocation target .* not defined|cannot refer to unexported`)},
	{CategoryType, regexp.MustCompile(`cannot use |does not implement|mismatched types|invalid operation|too many arguments in call|not enough arguments in call|too many return values|not enough return values|assignment mismatch|cannot convert|is not a type|wrong type|invalid argument|non-boolean condition|cannot assign to|of wrong type|format %\S+ has arg|reads arg #\d+, but call has|\(type\) assertion`)},
	{CategoryFilesystem, regexp.MustCompile(`(?i)no such file or directory|permission denied|ENOENT|file not found|is a directory|not a directory|read-only file system|build constraints exclude all Go files`)},
	{CategoryBuild, regexp.MustCompile(`imported and not used|declared and not used|import cycle not allowed|found packages .* in|running gcc failed|collect2: error|ld returned|missing return|label .* defined and not used|inconsistent vendoring|redeclared in this block|\(and \d+ more errors\)|too many errors`)},
}

// Runtime failures in test output. (In a compiler's output "fatal error:"
// is gcc's, about a file: see goRules.)
var runtimeRule = rules{{CategoryRuntime, regexp.MustCompile(`^(panic: |fatal error: |WARNING: DATA RACE|test timed out after |test binary failed without reporting)`)}}

// panicRule is the part of runtimeRule that no compiler prints.
var panicRule = rules{{CategoryRuntime, regexp.MustCompile(`^(panic: |WARNING: DATA RACE|test timed out after |test binary failed without reporting)|\ngoroutine \d+ \[`)}}

// seedRules are seed 003's categorize_error rules: the floor for text that
// is not Go's.
var seedRules = rules{
	{CategoryTest, regexp.MustCompile(`FAIL|not ok|AssertionError|assertion failed`)},
	{CategorySyntax, regexp.MustCompile(`SyntaxError|syntax error|parse error|unexpected token`)},
	{CategoryType, regexp.MustCompile(`TypeError|type error|undefined is not|null is not`)},
	{CategoryReference, regexp.MustCompile(`ReferenceError|is not defined|undefined variable`)},
	{CategoryFilesystem, regexp.MustCompile(`No such file|ENOENT|file not found|Permission denied`)},
	{CategoryNetwork, regexp.MustCompile(`ECONNREFUSED|timeout|connection refused|network error`)},
	{CategoryBuild, regexp.MustCompile(`Build failed|Compilation error|linker error`)},
}

// Infrastructure trouble a failing test may report: its category says more
// than "test failed".
var testInfraRules = rules{
	{CategoryNetwork, regexp.MustCompile(`(?i)connection refused|ECONNREFUSED|dial tcp|no such host|i/o timeout|network is unreachable|connection reset`)},
	{CategoryFilesystem, regexp.MustCompile(`(?i)no such file or directory|permission denied|ENOENT`)},
}
