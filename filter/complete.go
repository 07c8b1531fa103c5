package filter

import (
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/faultline-go/faultline/internal/classify"
	"github.com/faultline-go/faultline/internal/termtext"
)

// noMessage stands in for a message a tool printed empty ("Error: ",
// t.Error("")): an error always says something.
const noMessage = "(no message)"

// complete finishes an error before it is recorded: every error any parser
// finds passes here, so the output contract holds in one place.
//
//   - Text fields hold no control characters: terminal escape sequences are
//     removed, other controls (NUL, BEL, BS, ESC, DEL, C1) and bidirectional
//     formatting characters are written as visible escapes ("\x07",
//     "\u202e"); a message keeps its newlines and tabs, a file name, package,
//     test or linter not even those.
//   - A relative file that climbs out of the module becomes absolute when
//     the module root is known (it stays "../..." when not), so that only
//     files inside the module are relative; see [Error.InModule].
//   - Positions are ≥ 0, and a column without a line is 0.
//   - A message is never empty.
//   - The category, severity and signature are set (package classify).
func complete(e *Error, res *resolver) {
	e.Message = sanitize(e.Message, true)
	if strings.TrimSpace(e.Message) == "" {
		e.Message = noMessage
	}
	e.File = res.outside(sanitize(e.File, false))
	e.Package = sanitize(e.Package, false)
	e.Test = sanitize(e.Test, false)
	e.Linter = sanitize(e.Linter, false)
	e.Line = max(e.Line, 0)
	e.Column = max(e.Column, 0)
	if e.Line == 0 {
		e.Column = 0
	}
	in := classify.Input{Tool: e.Tool, Linter: e.Linter, File: e.File, Test: e.Test, Message: e.Message}
	cat, sev := classify.Classify(in)
	e.Category, e.Severity = string(cat), string(sev)
	e.Signature = classify.Signature(in)
}

// escapes reports whether the relative slash path p climbs above its base
// once cleaned.
func escapes(p string) bool {
	p = path.Clean(toSlash(p))
	return p == ".." || strings.HasPrefix(p, "../")
}

// isControl reports whether r must not appear as itself in an error's
// text: a C0 or C1 control character, DEL, or a character that reorders or
// separates text when displayed (bidirectional formatting, line and
// paragraph separators, the zero-width no-break space).
func isControl(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, 0x80 <= r && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, 0x202a <= r && r <= 0x202e, 0x2066 <= r && r <= 0x2069,
		r == 0x2028, r == 0x2029, r == 0xfeff:
		return true
	}
	return false
}

// sanitize returns s with terminal escape sequences removed and every
// other control character written as a visible escape; a message (multi)
// keeps its newlines and tabs. Text with nothing to change is returned as
// it is, without copying.
func sanitize(s string, multi bool) string {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && !(multi && (c == '\n' || c == '\t')) || c == 0x7f {
			break
		}
		if c >= 0x80 {
			if r, _ := utf8.DecodeRuneInString(s[i:]); isControl(r) {
				break
			}
		}
	}
	if i == len(s) {
		return s
	}
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = string(termtext.StripANSI([]byte(s)))
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for j := 0; j < len(s); {
		c := s[j]
		if c < 0x80 {
			switch {
			case multi && (c == '\n' || c == '\t'):
				b.WriteByte(c)
			case c < 0x20 || c == 0x7f:
				b.WriteString(`\x`)
				b.WriteByte(hexDigit[c>>4])
				b.WriteByte(hexDigit[c&0xf])
			default:
				b.WriteByte(c)
			}
			j++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		if r != utf8.RuneError && isControl(r) {
			b.WriteString(`\u`)
			b.WriteString(strconv.FormatInt(int64(r)|0x10000, 16)[1:])
		} else {
			b.WriteString(s[j : j+n])
		}
		j += n
	}
	return b.String()
}

const hexDigit = "0123456789abcdef"
