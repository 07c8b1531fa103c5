// Package textutil holds the small text helpers every room of faultline
// shares: the one head-and-tail buffer that keeps a bounded view of a stream
// of any size, its string form Clip, the one pluraliser, and LastLines.
// Everything that cuts text says so with the same marker (see Omitted).
package textutil

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Omitted returns the marker that stands where n bytes were cut out of a
// text: on a line of its own, so that the text around it stays readable.
func Omitted(n int64) string {
	return "\n… [" + strconv.FormatInt(n, 10) + " bytes omitted] …\n"
}

// HeadTail keeps the first and last bytes of a stream, at most limit in
// all, and counts the bytes it dropped between them. The head gets the
// larger half of an odd limit. Its zero value keeps nothing; use
// NewHeadTail.
type HeadTail struct {
	head    []byte
	tail    []byte // a ring once full
	next    int    // where the ring writes next
	full    bool
	dropped int64
}

// NewHeadTail returns a buffer that keeps at most limit bytes: the first
// limit-limit/2 and the last limit/2. A limit ≤ 0 keeps nothing.
func NewHeadTail(limit int) *HeadTail {
	limit = max(limit, 0)
	t := limit / 2
	return &HeadTail{head: make([]byte, 0, limit-t), tail: make([]byte, 0, t)}
}

// Write implements io.Writer; it never fails.
func (h *HeadTail) Write(p []byte) (int, error) {
	n := len(p)
	if room := cap(h.head) - len(h.head); room > 0 {
		k := min(room, len(p))
		h.head = append(h.head, p[:k]...)
		p = p[k:]
	}
	size := cap(h.tail)
	if size == 0 {
		h.dropped += int64(len(p))
		return n, nil
	}
	if !h.full {
		k := min(size-len(h.tail), len(p))
		h.tail = append(h.tail, p[:k]...)
		p = p[k:]
		if len(h.tail) < size {
			return n, nil
		}
		h.full = true
	}
	if len(p) > size {
		h.dropped += int64(len(p) - size)
		p = p[len(p)-size:]
	}
	h.dropped += int64(len(p)) // as many bytes are overwritten in the ring
	k := copy(h.tail[h.next:], p)
	copy(h.tail, p[k:])
	h.next = (h.next + len(p)) % size
	return n, nil
}

// WriteString is Write for a string.
func (h *HeadTail) WriteString(s string) (int, error) {
	// Small pieces at a time: no copy of s beyond what is kept.
	for i := 0; i < len(s); i += 32 << 10 {
		h.Write([]byte(s[i:min(len(s), i+32<<10)]))
	}
	return len(s), nil
}

// Dropped returns how many bytes were not kept.
func (h *HeadTail) Dropped() int64 { return h.dropped }

// Len returns how many bytes were kept.
func (h *HeadTail) Len() int { return len(h.head) + len(h.tail) }

// String returns the head, the Omitted marker when bytes were dropped, and
// the tail.
func (h *HeadTail) String() string {
	var b strings.Builder
	b.Grow(len(h.head) + len(h.tail) + 40)
	b.Write(h.head)
	if h.dropped > 0 {
		b.WriteString(Omitted(h.dropped))
	}
	b.Write(h.tail[h.next:])
	b.Write(h.tail[:h.next])
	return b.String()
}

// Clip returns text whole when it fits in budget bytes (after trailing
// newlines are removed), and otherwise its head and tail with the Omitted
// marker between them, within budget. It cuts at a line boundary when one
// is near, and never inside a UTF-8 character.
func Clip(text string, budget int) string {
	text = strings.TrimRight(text, "\n")
	if len(text) <= budget {
		return text
	}
	room := max(budget-len(Omitted(int64(len(text)))), 0)
	head, tail := room-room/2, room/2
	for head > 0 && !utf8.RuneStart(text[head]) {
		head--
	}
	for tail > 0 && !utf8.RuneStart(text[len(text)-tail]) {
		tail--
	}
	h := text[:head]
	if i := strings.LastIndexByte(h, '\n'); i > head/2 {
		h = h[:i]
	}
	t := text[len(text)-tail:]
	if i := strings.IndexByte(t, '\n'); i >= 0 && i < tail/2 {
		t = t[i+1:]
	}
	return h + Omitted(int64(len(text)-len(h)-len(t))) + t
}

// Plural returns word for n == 1 and its plural otherwise: word+"es" after
// s, x, ch and sh ("fixes"), word+"s" for every other noun faultline counts.
func Plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "s"), strings.HasSuffix(word, "x"), strings.HasSuffix(word, "ch"), strings.HasSuffix(word, "sh"):
		return word + "es"
	}
	return word + "s"
}

// Count returns n and the noun for it: "1 error", "3 errors".
func Count(n int, word string) string {
	return strconv.Itoa(n) + " " + Plural(n, word)
}

// LastLines returns the last n lines of text, without its final newline;
// "" when n ≤ 0.
func LastLines(text string, n int) string {
	text = strings.TrimRight(text, "\n")
	if n <= 0 {
		return ""
	}
	cut := len(text)
	for range n {
		j := strings.LastIndexByte(text[:cut], '\n')
		if j < 0 {
			return text
		}
		cut = j
	}
	return text[cut+1:]
}
