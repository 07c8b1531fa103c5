package filter

import (
	"strings"
	"unsafe"
)

// The zero-copy rule.
//
// A Parser never copies a line it does not keep. The lines it hands to a
// handler (handler.line, handler.object) are views: strings that share
// memory with the buffer they were read from — the caller's slice passed to
// Write, the Parser's buffer for a line split across writes, a scratch
// buffer for an unescaped JSON string. A view is valid only until the call
// that received it returns: the caller may reuse its slice after Write
// returns, and the Parser reuses its buffers.
//
// So a handler must keep (copy) every part of a line it stores beyond the
// call — a test name, a package, a message, a held line — and may use views
// freely inside the call: scanning, comparing, map lookups with a view as
// the key (a map keeps its own key only when the key was kept).
//
// This file is the only one that makes views (view, bytesOf); keep makes
// the copies. TestViewsAreKept (zerocopy_test.go) guards the rule: it feeds
// every captured output and every table test's input through a writer that
// scribbles over its buffer as soon as Write returns, and requires the
// same result as parsing the immutable string.

// view returns b as a string without copying it. The string is valid only
// until b changes.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// bytesOf returns the bytes of s without copying them; they must not be
// changed.
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// keep copies a part of a viewed line that outlives the call it was
// handed to.
func keep(s string) string { return strings.Clone(s) }
