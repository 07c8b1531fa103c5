package errkind

import (
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/classify"
)

// Signature returns a stable identity for an error, so that a loop can
// tell the same mistake from a new one across attempts: a hash of the tool,
// the linter, the file's base name, the test and the message normalised by
// Normalize. Line and column numbers do not count, so the same mistake one
// line lower has the same signature; a different message, file or test
// does not. Only the first 4 KiB of the message count.
func Signature(e filter.Error) string { return classify.Signature(input(e)) }

// SignatureOf returns the signature of already normalised text: 16 hex
// digits of its SHA-256.
func SignatureOf(normalized string) string { return classify.SignatureOf(normalized) }

// Normalize removes from error text what changes between runs of the same
// mistake: timestamps, durations, hex addresses, goroutine numbers,
// directories (temporary ones included) and line and column numbers.
// Other numbers stay: "got 3, want 4" and "got 5, want 6" differ. Only the
// first 4 KiB of text count.
func Normalize(text string) string { return classify.Normalize(text) }
