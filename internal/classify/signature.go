package classify

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Signature returns a stable identity for an error, so that a loop can
// tell the same mistake from a new one across attempts: a hash of the tool,
// the linter, the file's base name, the test and the message normalised by
// Normalize. Line and column numbers do not count, so the same mistake one
// line lower has the same signature; a different message, file or test
// does not. Only the first MaxBytes of the message count.
func Signature(in Input) string {
	var buf [512]byte
	b := append(buf[:0], in.Tool...)
	b = append(b, 0)
	b = append(b, in.Linter...)
	b = append(b, 0)
	b = append(b, baseName(in.File)...)
	b = append(b, 0)
	b = append(b, in.Test...)
	b = append(b, 0)
	b = appendNormalized(b, in.Message)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// baseName is path.Base of the file with backslashes as separators too.
func baseName(file string) string {
	if file == "" {
		return "."
	}
	file = strings.TrimRight(file, `/\`)
	if file == "" {
		return "/"
	}
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		return file[i+1:]
	}
	return file
}

// SignatureOf returns the signature of already normalised text: 16 hex
// digits of its SHA-256.
func SignatureOf(normalized string) string {
	sum := sha256.Sum256([]byte(normalized))
	return hex.EncodeToString(sum[:8])
}
