// Package detect finds the errors in any output — an AI agent's transcript,
// its stream-json events, structured logs, the output of any tool or CI
// job — where no parser of package filter applies: seed 003's two-stage
// error detection.
//
// The input streams: a Stream is an io.Writer that keeps a bounded window
// of lines (each cut to 4 KiB, a JSON line judged whole up to 16 MiB first),
// so memory stays flat and time linear on input of any size; Detect and
// DetectReader are wrappers around it. A report lists at most max_errors
// errors; its summary counts them all.
//
// Stage 1 is one pass over each line, with ANSI escapes and carriage
// returns removed, of one Aho–Corasick automaton holding every trigger
// word, plus the shapes that name no word (a compiler's "x.c:3:5: ", Perl's
// "at x.pl line 3.", bash's "x.sh: line 3:"); it is deliberately loose.
// Stage 2 confirms a candidate by its shape rather than its words: an error
// stands where tools put errors — at the start of a line, after a file
// position, at the head of a log record whatever prefix the record's
// layout puts before its level, in a JSON field that means it (is_error:
// true, "level": "error", a non-empty "error"), in what an agent's tool
// printed whatever its is_error says — so that identifiers, JSON
// keys, source code, diffs, fenced examples, comments, the agent's own
// prose and success summaries are not errors. Its rules are regular
// expressions behind one literal prefilter: one pass tells which could
// match a line, and only those run.
//
// Each error then gets its whole block from one segmenter: the lines
// indented under its first line, frames, snippets, carets, notes, hints
// and blank lines between them, extended by its family's shape (a
// traceback and its chain, a goroutine trace, gcc's context lines, a test
// runner's section to its rule, a program's complaint to its advice, a
// sanitizer's report between its rules). It gets a category and severity
// (package errkind's: specific phrases decide before exception classes and
// bare words), a signature that stays the same across runs, and the lines
// around it.
//
// The output is seed 003's JSON: Report, with Errors and a Summary by
// severity; the configuration is seed 003's error_detection object
// (ParseConfig).
package detect
