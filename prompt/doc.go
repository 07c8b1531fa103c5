// Package prompt builds the focused fix prompt of seed 001 for a check that
// failed. Every caller — `faultline prompt`, the loop's fix pass and its
// coder prompt — goes through Fix (or WriteFailure for the body alone).
//
// The prompt groups before it shows: errors at one location with one
// shape are one entry (the location once, how many times and in which
// tests it failed, the first message, the source around it — each source
// line once); every failing test is listed compactly; for failing tests it
// names the code under test, the module functions outside _test.go files
// that the tests call (read with go/parser, resolved by name through the
// module's own import paths, no type-checking) or that their panic, race
// or timeout traces pass through; then the affected files (only the
// module's own) and further example messages. A byte budget
// (Options.MaxBytes) is met by dropping further examples, then source,
// then whole messages, then listing locations by line number — never a
// location, a failing test or a file — and the prompt says what it left
// out. Tool output is fenced, every line and every name escaped, so that
// it can neither close a fence nor pose as instructions; when nothing
// could be parsed the prompt shows the head and tail of the raw output.
package prompt
