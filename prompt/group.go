package prompt

import (
	"cmp"
	"slices"
	"strings"

	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
)

// Bounds on what one location keeps of its errors.
const (
	maxMessageBytes = 1200 // of one example message; longer ones keep head and tail
	maxKeyBytes     = 300  // of a message, to tell errors with no position apart
)

// entry is the errors reported at one location with one shape (tool,
// linter, category): the location once, how often it failed, which tests
// failed there, and a few distinct example messages.
type entry struct {
	file      string
	line, col int
	tool      string
	linter    string
	pkgPath   string   // the import path of the first error's package
	count     int      // errors at the location
	tests     []string // distinct failing tests, in order of appearance
	examples  []example
	seen      map[string]bool // the tests
}

// example is one message of an entry, clipped, with the first test that
// printed it (escaped: it stands on the message's first line) and how many
// errors of the entry have it.
type example struct {
	test, msg string
	n         int
}

// inModule reports whether the entry's file is one of the module's own.
func (en *entry) inModule() bool { return inModule(en.file) }

// groupErrors groups errors into entries: the module's files with most
// errors first (then by name), each file's entries by line and column;
// entries with no file first, files outside the module last. An entry
// keeps at most maxExamples distinct messages, each clipped, so the work
// and the memory stay bounded by the number of errors whatever their size.
func groupErrors(errs []filter.Error, maxExamples int) []*entry {
	type key struct {
		file, tool, linter, category, msg string
		line, col                         int
	}
	byKey := map[key]*entry{}
	perFile := map[string]int{}
	var entries []*entry
	for _, e := range errs {
		k := key{file: e.File, line: e.Line, col: e.Column, tool: string(e.Tool), linter: e.Linter, category: e.Category}
		if e.File == "" {
			// With no position, the message is what tells errors apart.
			k.msg = e.Package + "\x00" + textutil.Clip(e.Message, maxKeyBytes)
		}
		en := byKey[k]
		if en == nil {
			en = &entry{file: e.File, line: e.Line, col: e.Column, tool: string(e.Tool), linter: e.Linter, pkgPath: e.Package}
			byKey[k] = en
			entries = append(entries, en)
		}
		en.count++
		perFile[e.File]++
		if e.Test != "" && !en.seen[e.Test] {
			if en.seen == nil {
				en.seen = map[string]bool{}
			}
			en.seen[e.Test] = true
			en.tests = append(en.tests, e.Test)
		}
		msg := textutil.Clip(strings.TrimRight(e.Message, "\n"), maxMessageBytes)
		if i := slices.IndexFunc(en.examples, func(x example) bool { return x.msg == msg }); i >= 0 {
			en.examples[i].n++
		} else if len(en.examples) < maxExamples {
			en.examples = append(en.examples, example{test: safeLine(clip(e.Test, maxTestName)), msg: msg, n: 1})
		}
	}
	rank := func(en *entry) int {
		switch {
		case en.file == "":
			return 0
		case !en.inModule():
			return 2
		}
		return 1
	}
	slices.SortStableFunc(entries, func(a, b *entry) int {
		return cmp.Or(
			cmp.Compare(rank(a), rank(b)),
			cmp.Compare(perFile[b.file], perFile[a.file]),
			strings.Compare(a.file, b.file),
			cmp.Compare(a.line, b.line),
			cmp.Compare(a.col, b.col),
		)
	})
	return entries
}

// inModule reports whether a module-relative file lies inside the module.
func inModule(file string) bool { return filter.InModulePath(file) }

// location is "file:line:col", as much of it as is known.
func (en *entry) location() string { return filter.Position(en.file, en.line, en.col) }
