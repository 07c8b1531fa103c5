package classify

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"regexp"
	"strings"
)

// Signature returns a stable identity for an error, so that a loop can
// tell the same mistake from a new one across attempts: a hash of the tool,
// the linter, the file's base name, the test and the message normalised by
// Normalize. Line and column numbers do not count, so the same mistake one
// line lower has the same signature; a different message, file or test
// does not. Only the first MaxBytes of the message count.
func Signature(in Input) string {
	var b strings.Builder
	b.WriteString(string(in.Tool))
	b.WriteByte(0)
	b.WriteString(in.Linter)
	b.WriteByte(0)
	b.WriteString(path.Base(strings.ReplaceAll(in.File, `\`, "/")))
	b.WriteByte(0)
	b.WriteString(in.Test)
	b.WriteByte(0)
	b.WriteString(Normalize(in.Message))
	return SignatureOf(b.String())
}

// SignatureOf returns the signature of already normalised text: 16 hex
// digits of its SHA-256.
func SignatureOf(normalized string) string {
	sum := sha256.Sum256([]byte(normalized))
	return hex.EncodeToString(sum[:8])
}

// What Normalize removes, in order.
var normalizers = []struct {
	re   *regexp.Regexp
	with string
}{
	// Timestamps and dates before numbers and paths take them apart.
	{regexp.MustCompile(`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?`), "<time>"},
	{regexp.MustCompile(`\d{4}[-/]\d{2}[-/]\d{2}`), "<date>"},
	{regexp.MustCompile(`\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b`), "<time>"},
	// Hex addresses, goroutine numbers.
	{regexp.MustCompile(`0x[0-9a-fA-F]+`), "0x?"},
	{regexp.MustCompile(`\b(goroutine|thread|pid|PID) \d+`), "$1 ?"},
	// Paths: the directories go (temporary ones, the module's location),
	// the base name stays.
	{regexp.MustCompile(`(?:[A-Za-z]:)?(?:[\w.\-~$@+]*[/\\])+([\w.\-~$@+]*)`), "$1"},
	// Line and column numbers after a file name, and "line N".
	{regexp.MustCompile(`(\.[A-Za-z]\w*)(?::\d+)+`), "$1"},
	{regexp.MustCompile(`\b(line|col|column) \d+`), "$1 ?"},
	// Durations: 2s, 1.5ms, 1m30s, (0.00s).
	{regexp.MustCompile(`\b\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h)(?:\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h))*\b`), "<dur>"},
	// Whitespace.
	{regexp.MustCompile(`\s+`), " "},
}

// Normalize removes from error text what changes between runs of the same
// mistake: timestamps, durations, hex addresses, goroutine numbers,
// directories (temporary ones included) and line and column numbers.
// Other numbers stay: "got 3, want 4" and "got 5, want 6" differ. Only the
// first MaxBytes of text count.
func Normalize(text string) string {
	text = Prefix(text)
	for _, n := range normalizers {
		text = n.re.ReplaceAllString(text, n.with)
	}
	return strings.TrimSpace(text)
}
