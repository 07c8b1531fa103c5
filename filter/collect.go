package filter

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
)

// sink is all a handler knows of the Parser: where it reports what it
// finds. Handlers own their state; the Parser owns the errors.
type sink interface {
	// add reports an error. The sink completes it (see complete), keeps
	// it unless the error list is full, and drops identical repeats.
	add(e Error)
	// truncate reports that the tool itself left errors out ("too many
	// errors", "(and N more errors)"), or that the handler dropped some.
	truncate()
	// note reports something a handler could not take whole; the notes
	// reach ParseResult.Notes.
	note(msg string)
	// room returns how many more errors will be kept: a handler that holds
	// errors before reporting them (go test's, until their package ends)
	// holds no more than that.
	room() int
	// drop counts errors a handler found but does not report, having no
	// room for them: the result says they were dropped.
	drop(n int)
	// test records a test's result (Options.Tests).
	test(t TestRun)
}

// collector is the Parser's sink: the errors found so far, bounded.
type collector struct {
	res       *resolver
	errs      errorList
	maxErrors int // errors kept at most; more are counted in over
	over      int
	truncated bool
	notes     []string
	onError   func(Error)
	tests     []TestRun // Options.Tests: up to MaxTestRuns
	testsOver int
	seen      map[uint64]int32 // with onError: hash of an error's identity → its index in errs
	collided  map[errKey]bool  // with onError: identities whose hash an earlier error has
}

type errKey struct {
	file, msg, test string
	line            int
}

// room reports how many more errors the collector keeps.
func (c *collector) room() int {
	if c.maxErrors <= 0 {
		return int(^uint(0) >> 1)
	}
	return max(0, c.maxErrors-c.errs.len())
}

// drop counts errors a handler found but did not report because the
// collector had no room for them.
func (c *collector) drop(n int) { c.over += n }

func (c *collector) truncate() { c.truncated = true }

func (c *collector) test(t TestRun) {
	if len(c.tests) >= MaxTestRuns {
		c.testsOver++
		return
	}
	c.tests = append(c.tests, t)
}

func (c *collector) note(msg string) {
	if !slices.Contains(c.notes, msg) {
		c.notes = append(c.notes, msg)
	}
}

// add records a completed error, dropping an identical repeat: same file,
// line, message and test.
func (c *collector) add(e Error) {
	if c.maxErrors > 0 && c.errs.len() >= c.maxErrors {
		c.over++
		return
	}
	complete(&e, c.res)
	if c.onError != nil && c.repeated(&e) {
		return
	}
	c.errs.add(e)
	if c.onError != nil {
		c.onError(e)
	}
}

// result returns the errors in order, without repeats, and the notes.
func (c *collector) result() ([]Error, bool, []string) {
	errs := dedup(c.errs.sorted())
	if errs == nil {
		errs = []Error{}
	}
	notes := c.notes
	truncated := c.truncated
	if c.over > 0 {
		truncated = true
		notes = append(notes, fmt.Sprintf("kept the first %d errors; %d more were dropped (Options.MaxErrors)", c.maxErrors, c.over))
	}
	if c.testsOver > 0 {
		notes = append(notes, fmt.Sprintf("recorded the results of the first %d tests; %d more were not recorded", MaxTestRuns, c.testsOver))
	}
	return errs, truncated, notes
}

// repeated reports whether an identical error was added before. Only a
// parser that streams errors to OnError needs to know at once; otherwise
// repeats are dropped when the errors are put in order (see dedup).
func (c *collector) repeated(e *Error) bool {
	h := identity(e)
	if i, ok := c.seen[h]; ok {
		if sameIdentity(c.errs.at(int(i)), e) {
			return true
		}
		// Two identities with one hash: compare them in full.
		k := errKey{file: e.File, line: e.Line, msg: e.Message, test: e.Test}
		if c.collided[k] {
			return true
		}
		if c.collided == nil {
			c.collided = make(map[errKey]bool)
		}
		c.collided[k] = true
	} else {
		if c.seen == nil {
			c.seen = make(map[uint64]int32)
		}
		c.seen[h] = int32(c.errs.len())
	}
	return false
}

// errorList stores errors in chunks of errorChunk, so that it copies them
// only while its first chunk grows.
type errorList struct {
	chunks [][]Error
	n      int
}

const errorChunk = 256

func (l *errorList) add(e Error) {
	i := l.n / errorChunk
	if i == len(l.chunks) {
		// The first chunk grows as the list does (most lists are short);
		// the next ones are made whole.
		c := errorChunk
		if i == 0 {
			c = 4
		}
		l.chunks = append(l.chunks, make([]Error, 0, c))
	}
	l.chunks[i] = append(l.chunks[i], e)
	l.n++
}

func (l *errorList) len() int { return l.n }

// reset empties the list, keeping its first chunk for reuse.
func (l *errorList) reset() {
	if len(l.chunks) > 0 {
		clear(l.chunks[0])
		l.chunks = l.chunks[:1]
		l.chunks[0] = l.chunks[0][:0]
	}
	l.n = 0
}

func (l *errorList) at(i int) *Error { return &l.chunks[i/errorChunk][i%errorChunk] }

var identitySeed = maphash.MakeSeed()

// identity hashes what makes two errors the same one.
func identity(e *Error) uint64 {
	return maphash.Comparable(identitySeed, errKey{file: e.File, line: e.Line, msg: e.Message, test: e.Test})
}

func sameIdentity(a, b *Error) bool {
	return a.Line == b.Line && a.File == b.File && a.Message == b.Message && a.Test == b.Test
}

// sorted returns the errors ordered by file, line and column, errors with
// no file first. The sort is stable: errors at one place keep the order the
// tool reported them in. Tools print in an order that depends on scheduling
// (packages built in parallel, vet's analyzers), so sorting makes the
// result of identical runs identical.
//
// Tools print in sorted runs (a package's errors, a file's): when putting
// whole runs in order sorts everything, that is all the sorting done (go
// build's packages in the order they finished); otherwise small keys are
// sorted, not the errors.
func (l *errorList) sorted() []Error {
	type run struct{ start, end int }
	var runs []run
	start := 0
	for i := 1; i <= l.n; i++ {
		// A run ends where order breaks, and where the package changes:
		// two packages' errors are in different directories, so their
		// runs do not overlap even when they happen to follow in order.
		if i == l.n || compareErrors(l.at(i-1), l.at(i)) > 0 || l.at(i-1).Package != l.at(i).Package {
			runs = append(runs, run{start, i})
			start = i
		}
	}
	out := make([]Error, 0, l.n)
	if len(runs) <= 1 {
		for _, c := range l.chunks {
			out = append(out, c...)
		}
		return out
	}
	slices.SortStableFunc(runs, func(a, b run) int { return compareErrors(l.at(a.start), l.at(b.start)) })
	ordered := true
	for i := 1; i < len(runs) && ordered; i++ {
		ordered = compareErrors(l.at(runs[i-1].end-1), l.at(runs[i].start)) <= 0
	}
	if ordered {
		for _, r := range runs {
			for i := r.start; i < r.end; i++ {
				out = append(out, *l.at(i))
			}
		}
		return out
	}
	if len(runs) <= 64 {
		// A few runs that overlap (golangci-lint: one per linter): merge
		// them, taking the least head each time; of equal heads the one
		// reported first, as the runs are in the order reported.
		slices.SortFunc(runs, func(a, b run) int { return cmp.Compare(a.start, b.start) })
		h := &runHeap{l: l}
		for _, r := range runs {
			h.push(r.start, r.end)
		}
		for len(h.runs) > 0 {
			out = append(out, *l.at(h.runs[0].next))
			h.advance()
		}
		return out
	}
	type key struct {
		file      string
		line, col int32
		i         int32
	}
	keys := make([]key, l.n)
	for i := range keys {
		e := l.at(i)
		keys[i] = key{e.File, int32(e.Line), int32(e.Column), int32(i)}
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col), cmp.Compare(a.i, b.i))
	})
	for _, k := range keys {
		out = append(out, *l.at(int(k.i)))
	}
	return out
}

// runHeap is a min-heap of sorted runs of an errorList by their heads.
type runHeap struct {
	l    *errorList
	runs []struct{ next, end int }
}

func (h *runHeap) less(i, j int) bool {
	a, b := h.runs[i], h.runs[j]
	if c := compareErrors(h.l.at(a.next), h.l.at(b.next)); c != 0 {
		return c < 0
	}
	return a.next < b.next
}

func (h *runHeap) push(next, end int) {
	h.runs = append(h.runs, struct{ next, end int }{next, end})
	for i := len(h.runs) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			break
		}
		h.runs[i], h.runs[parent] = h.runs[parent], h.runs[i]
		i = parent
	}
}

// advance moves the least run on by one error, dropping it when done.
func (h *runHeap) advance() {
	h.runs[0].next++
	if h.runs[0].next == h.runs[0].end {
		last := len(h.runs) - 1
		h.runs[0] = h.runs[last]
		h.runs = h.runs[:last]
	}
	for i := 0; ; {
		least, left, right := i, 2*i+1, 2*i+2
		if left < len(h.runs) && h.less(left, least) {
			least = left
		}
		if right < len(h.runs) && h.less(right, least) {
			least = right
		}
		if least == i {
			return
		}
		h.runs[i], h.runs[least] = h.runs[least], h.runs[i]
		i = least
	}
}

// dedup drops repeats from sorted errors: errors with the same file, line,
// message and test (go vet and go test report an error of a package once
// for it and once for its test variant). Repeats share a file and line, so
// they are neighbours once sorted; of each, the first stays.
func dedup(errs []Error) []Error {
	w, group := 0, 0 // errs[group:w] are the kept errors at the current file and line
	var many map[errKey]bool
	for r := range errs {
		e := &errs[r]
		if w > 0 && (errs[w-1].Line != e.Line || errs[w-1].File != e.File) {
			group, many = w, nil
		}
		if w-group > 16 && many == nil {
			// Errors with no position share "line 0": a set, not a scan.
			many = make(map[errKey]bool)
			for i := group; i < w; i++ {
				many[errKey{msg: errs[i].Message, test: errs[i].Test}] = true
			}
		}
		dup := false
		if many != nil {
			k := errKey{msg: e.Message, test: e.Test}
			dup = many[k]
			many[k] = true
		} else {
			for i := group; i < w && !dup; i++ {
				dup = errs[i].Message == e.Message && errs[i].Test == e.Test
			}
		}
		if !dup {
			errs[w] = *e
			w++
		}
	}
	clear(errs[w:])
	return errs[:w]
}

func compareErrors(a, b *Error) int {
	if a.File != b.File { // interned: usually the same string, compared at once
		return strings.Compare(a.File, b.File)
	}
	if a.Line != b.Line {
		return cmp.Compare(a.Line, b.Line)
	}
	return cmp.Compare(a.Column, b.Column)
}
