package prompt

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/textutil"
)

// safeLine returns s fit to stand in a prompt on a line of our own: control
// characters (a newline among them), bidi controls and invalid UTF-8 are
// written as Go escapes, so that text from tools or files cannot start a
// line of its own, ring a bell, erase what precedes it or hide what it
// says. It is the one escaping function: every name printed outside a fence
// (files, tests, functions, the task) goes through it, and so does every
// line inside one (see writeFenced).
func safeLine(s string) string {
	i := strings.IndexFunc(s, unsafeRune) // invalid UTF-8 is utf8.RuneError
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for s = s[i:]; s != ""; {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case unsafeRune(r):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}

// unsafeRune reports a rune that must not reach a prompt as it is.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true // bidi controls
	case r == 0x2028, r == 0x2029, r == 0x85:
		return true // line and paragraph separators
	case r == utf8.RuneError:
		return true
	}
	return false
}

// fencedLine is safeLine for a line of quoted text: tabs become spaces
// first, since they only indent.
func fencedLine(s string) string {
	return safeLine(strings.ReplaceAll(s, "\t", "    "))
}

// writeFenced writes text as a fenced block: each line made safe, in a
// fence longer than any run of backticks in it, so that the text can
// neither close the fence nor carry control characters.
func writeFenced(b *strings.Builder, text string) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	longest := 0
	for i, l := range lines {
		l = fencedLine(l)
		lines[i] = l
		run := 0
		for j := 0; j < len(l); j++ {
			if l[j] == '`' {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	b.WriteString(fence)
	b.WriteString("text\n")
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString(fence)
	b.WriteString("\n")
}

// clipLine returns the first line of s cut to at most n bytes (never
// inside a UTF-8 character), with "…" where it was cut.
func clipLine(s string, n int) string {
	s, _, more := strings.Cut(s, "\n")
	if len(s) <= n && !more {
		return s
	}
	if len(s) > n {
		return clip(s, n)
	}
	return s + " …"
}

// clip returns s cut to at most n bytes (never inside a UTF-8 character),
// with "…" where it was cut: for names, whose newlines are escaped, not
// cut at.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n-len("…"), 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Line is an error on one line fit for any prompt, outside a fence too:
// "file:line:col: first line of the message (test)", escaped.
func Line(e filter.Error) string {
	var b strings.Builder
	if pos := e.Position(); pos != "" {
		b.WriteString(pos + ": ")
	}
	msg, _, _ := strings.Cut(e.Message, "\n")
	b.WriteString(msg)
	if e.Test != "" {
		b.WriteString(" (" + e.Test + ")")
	}
	return safeLine(textutil.Clip(b.String(), 300))
}

// WriteFenced writes tool output (a diff, a log) to b inside a fence no
// line of it can close, each line escaped: quoted data, not instructions.
func WriteFenced(b *strings.Builder, text string) { writeFenced(b, text) }
