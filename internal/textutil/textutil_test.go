package textutil

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestHeadTail(t *testing.T) {
	type testCase struct {
		name    string
		limit   int
		writes  []string
		want    string
		dropped int64
	}
	run := func(t *testing.T, tc testCase) {
		h := NewHeadTail(tc.limit)
		for _, w := range tc.writes {
			h.Write([]byte(w))
		}
		if diff := cmp.Diff(tc.want, h.String()); diff != "" {
			t.Errorf("HeadTail(%d) after %q mismatch (-want +got):\n%s", tc.limit, tc.writes, diff)
		}
		if h.Dropped() != tc.dropped {
			t.Errorf("Dropped() = %d, want %d", h.Dropped(), tc.dropped)
		}
		if h.Len() > max(tc.limit, 0) {
			t.Errorf("kept %d bytes over the limit %d", h.Len(), tc.limit)
		}
	}
	for _, tc := range []testCase{
		{name: "fits", limit: 10, writes: []string{"abc", "def"}, want: "abcdef"},
		{name: "one write over", limit: 10, writes: []string{"abcdefghijKLM"}, want: "abcde\n… [3 bytes omitted] …\nijKLM", dropped: 3},
		{name: "small writes over", limit: 10, writes: []string{"ab", "cdefg", "hij", "klmnop"}, want: "abcde\n… [6 bytes omitted] …\nlmnop", dropped: 6},
		{name: "ring wraps", limit: 10, writes: []string{"abcde", "1234567890", "xy"}, want: "abcde\n… [7 bytes omitted] …\n890xy", dropped: 7},
		{name: "odd limit: the head gets more", limit: 5, writes: []string{"0123456789"}, want: "012\n… [5 bytes omitted] …\n89", dropped: 5},
		{name: "write bigger than the ring", limit: 4, writes: []string{"abc", "0123456789"}, want: "ab\n… [9 bytes omitted] …\n89", dropped: 9},
		{name: "many small writes wrap the ring", limit: 4, writes: []string{"ab", "c", "d", "e", "f", "g"}, want: "ab\n… [3 bytes omitted] …\nfg", dropped: 3},
		{name: "limit 1", limit: 1, writes: []string{"abc"}, want: "a\n… [2 bytes omitted] …\n", dropped: 2},
		{name: "limit 0", limit: 0, writes: []string{"abc"}, want: "\n… [3 bytes omitted] …\n", dropped: 3},
		{name: "negative limit", limit: -3, writes: []string{"abc"}, want: "\n… [3 bytes omitted] …\n", dropped: 3},
	} {
		t.Run(tc.name, func(t *testing.T) { run(t, tc) })
	}
}

func TestHeadTailWriteString(t *testing.T) {
	s := strings.Repeat("x", 100<<10) + "END"
	h := NewHeadTail(64)
	h.WriteString(s)
	if got := h.String(); !strings.HasSuffix(got, "END") || h.Dropped() != int64(len(s)-64) {
		t.Errorf("WriteString kept %q, dropped %d", got, h.Dropped())
	}
}

func TestClip(t *testing.T) {
	if got := Clip("short\n", 100); got != "short" {
		t.Errorf("Clip(short) = %q", got)
	}
	text := strings.Repeat("é", 2000)
	got := Clip(text, 500)
	if len(got) > 500 || !strings.Contains(got, "bytes omitted") || !strings.HasPrefix(got, "é") || !strings.HasSuffix(got, "é") || !utf8.ValidString(got) {
		t.Errorf("Clip = %d bytes: %q…%q", len(got), got[:20], got[len(got)-20:])
	}
	lines := strings.Repeat("a line of output\n", 100) + "THE ERROR"
	got = Clip(lines, 300)
	if !strings.HasPrefix(got, "a line of output\n") || !strings.HasSuffix(got, "THE ERROR") || len(got) > 300 {
		t.Errorf("Clip(lines) = %q", got)
	}
	for _, budget := range []int{0, 1, 10} {
		if got := Clip(lines, budget); !strings.Contains(got, "bytes omitted") {
			t.Errorf("Clip(lines, %d) = %q: no marker", budget, got)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 errors"}, {1, "1 error"}, {2, "2 errors"}} {
		if got := Count(tc.n, "error"); got != tc.want {
			t.Errorf("Count(%d, error) = %q, want %q", tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct {
		n    int
		want string
	}{{2, "2 fixes"}, {1, "1 fix"}, {3, "3 passes"}} {
		word := strings.Fields(tc.want)[1]
		if tc.n != 1 {
			word = map[string]string{"fixes": "fix", "passes": "pass"}[word]
		}
		if got := Count(tc.n, word); got != tc.want {
			t.Errorf("Count(%d, %s) = %q, want %q", tc.n, word, got, tc.want)
		}
	}
}

func TestLastLines(t *testing.T) {
	for _, tc := range []struct {
		text string
		n    int
		want string
	}{
		{"a\nb\nc\n", 2, "b\nc"},
		{"a\nb\nc", 5, "a\nb\nc"},
		{"a\nb\nc", 1, "c"},
		{"a\nb\nc", 0, ""},
		{"a\nb\nc", -1, ""},
		{"", 3, ""},
	} {
		if got := LastLines(tc.text, tc.n); got != tc.want {
			t.Errorf("LastLines(%q, %d) = %q, want %q", tc.text, tc.n, got, tc.want)
		}
	}
}
