// Package prompt builds the focused fix prompt of seed 001 for a check that
// failed: the errors a parser extracted, grouped by file, with the source
// around each, the files to edit (only the module's own), tight
// instructions and a budget hint — or, when nothing could be parsed, the
// head and tail of the raw output. Tool output is fenced and escaped so
// that it cannot pose as instructions.
package prompt
