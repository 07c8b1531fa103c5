// Package filter turns the output of the Go toolchain into structured errors.
//
// It reads what go build, go vet, golangci-lint and go test print — in text
// and in JSON mode, even when both are interleaved in one stream — and
// returns one [Error] per real failure: the file relative to the module
// root, line, column, the whole message (continuation lines included), the
// tool, and, where the output says so, the package, the test and the linter;
// each error comes classified (category, severity, signature) and holds no
// control character, and a file outside the module is absolute (see
// [Error.InModule]). Lines that are not errors (headers, progress, gcc's source snippets, module
// downloads) are skipped; what cannot be parsed is kept in
// [ParseResult.RawOutput] so a caller can fall back to it.
//
// The entry points are [ParseCheckOutput] for a captured [CheckResult],
// [Parse] for a string, and [NewParser] (an [io.Writer]) or [ParseReader] to
// parse a stream of any size without a line-length limit, in bounded memory.
//
// Inside, a [Parser] splits the stream into lines and hands them to the
// handler of the check: compiler.go (go build, go vet, custom checks),
// lint.go (golangci-lint), gotest.go (go test: one model of the run, filled
// by testframe.go's framers and read by testextract.go's extractors). The
// handlers report to the collector (collect.go) through a narrow interface;
// every error passes complete (complete.go) on its way in. The lines they
// see are views of the input: zerocopy.go states the rule that keeps that
// safe.
package filter
