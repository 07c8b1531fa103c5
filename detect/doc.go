// Package detect finds the errors in any output — an AI agent's transcript,
// its stream-json events, structured logs, the output of any tool or CI
// job — where no parser of package filter applies: seed 003's two-stage
// error detection.
//
// Stage 1 is one pass over the text, with ANSI escapes and carriage returns
// removed, of one Aho–Corasick automaton holding every trigger word; it
// finds candidate lines and is deliberately loose. Stage 2 confirms a
// candidate by its shape rather than its words: an error stands where tools
// put errors — at the start of a line, after a file position, behind a log
// level, in a JSON field that means it (is_error: true, "level": "error", a
// non-empty "error") — so that identifiers, JSON keys, source code, diffs,
// fenced examples, comments, the agent's own prose and success summaries
// are not errors. Each error then gets its whole block (a traceback, a
// stack with its code frame, a compiler's snippet, a test report), a
// category and severity (package errkind's), a signature that stays the
// same across runs, and the lines around it.
//
// The output is seed 003's JSON: Report, with Errors and a Summary by
// severity; the configuration is seed 003's error_detection object
// (ParseConfig).
package detect
