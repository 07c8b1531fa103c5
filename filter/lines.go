package filter

import (
	"bytes"
	"strings"

	"github.com/faultline-go/faultline/internal/termtext"
)

// cleanLine removes ANSI escape sequences and carriage returns from one line
// (without its newline). The result may share memory with b.
//
// A carriage return inside a line is a terminal overwrite (a progress
// line), so only the text after the last one is what the terminal showed —
// unless the line starts with a position and that text does not: then the
// carriage return is inside an error's message (t.Errorf("%s", "a\rb")),
// and the whole line is kept, the carriage return to be escaped in the
// message like any control character.
func cleanLine(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	if bytes.IndexByte(b, 0x1b) >= 0 {
		b = termtext.StripANSI(b)
	}
	i := bytes.IndexByte(b, '\r') // vectorised, unlike LastIndexByte: most lines have none
	if i < 0 {
		return b
	}
	last := b[bytes.LastIndexByte(b, '\r')+1:]
	if startsPosition(view(b[:i])) && !startsPosition(view(last)) {
		return b
	}
	return last
}

// startsPosition reports whether a line starts with a position, after the
// indentation of test output or vet's "vet: ".
func startsPosition(l string) bool {
	l = strings.TrimLeft(l, " \t")
	l = strings.TrimPrefix(l, "vet: ")
	_, ok := scanPosition(l)
	return ok
}

// position is a "path:line[:col]: message" line split into its parts.
type position struct {
	file      string
	line, col int
	msg       string
}

// scanPosition splits a line that starts with "path:line:col: msg" or
// "path:line: msg". The path may be a Windows path with a drive letter; it
// may contain spaces only when it is absolute, and it must contain a '.' or
// a separator, so that log timestamps and "word:12:" are not taken for
// positions.
func scanPosition(s string) (position, bool) {
	var p position
	start := 0
	if len(s) > 2 && hasDrive(s) && (s[2] == '\\' || s[2] == '/') {
		start = 2
	}
	i := strings.IndexByte(s[start:], ':')
	if i < 0 {
		return p, false
	}
	i += start
	file := s[:i]
	if !plausiblePath(file) {
		return p, false
	}
	n, rest, ok := scanNumber(s[i+1:])
	if !ok || len(rest) == 0 || rest[0] != ':' {
		return p, false
	}
	p.file, p.line = file, n
	rest = rest[1:]
	if c, r2, ok := scanNumber(rest); ok && len(r2) > 0 && r2[0] == ':' {
		p.col = c
		rest = r2[1:]
	}
	if p.line == 0 {
		p.col = 0 // no line, so no column either
	}
	if len(rest) > 0 && rest[0] != ' ' && rest[0] != '\t' {
		// "x.go:12:foo" is not a diagnostic.
		return position{}, false
	}
	p.msg = strings.TrimLeft(rest, " \t")
	return p, true
}

// plausiblePath reports whether s can be the path part of a position.
func plausiblePath(s string) bool {
	if s == "" || s[0] == ' ' || s[0] == '\t' {
		return false
	}
	abs := s[0] == '/' || s[0] == '\\' || hasDrive(s)
	sep := abs
	for i := 0; i < len(s); i++ {
		switch pathClass[s[i]] {
		case pathSpace:
			if !abs {
				return false
			}
		case pathSep:
			sep = true
		case pathBad:
			return false
		}
	}
	return sep
}

// The classes of bytes in a path, for plausiblePath.
const (
	pathOther = iota
	pathSpace // may appear in an absolute path only
	pathSep   // '.', '/', '\\': a path has one
	pathBad   // never in a path a tool prints
)

var pathClass = func() (c [256]uint8) {
	for _, b := range []byte(" \t") {
		c[b] = pathSpace
	}
	for _, b := range []byte("./\\") {
		c[b] = pathSep
	}
	for _, b := range []byte("\"'`()[]{}<>=*|,;") {
		c[b] = pathBad
	}
	return c
}()

// scanNumber reads a decimal number of 1 to 9 digits at the start of s.
func scanNumber(s string) (int, string, bool) {
	n, i := 0, 0
	for i < len(s) && i < 10 && '0' <= s[i] && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || i == 10 {
		return 0, s, false
	}
	return n, s[i:], true
}

// packageHeader returns the import path named by a "# pkg",
// "# pkg [pkg.test]" or "# [pkg]" header line.
func packageHeader(s string) (string, bool) {
	rest, ok := strings.CutPrefix(s, "# ")
	if !ok || rest == "" {
		return "", false
	}
	if inner, ok := strings.CutPrefix(rest, "["); ok {
		inner, _, _ = strings.Cut(inner, "]")
		return inner, inner != ""
	}
	pkg, _, _ := strings.Cut(rest, " ")
	return pkg, true
}

// stripTestVariant removes the " [pkg.test]" suffix go adds to the import
// path of a package compiled for its tests.
func stripTestVariant(pkg string) string {
	if i := strings.Index(pkg, " ["); i >= 0 {
		return pkg[:i]
	}
	return pkg
}
