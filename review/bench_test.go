package review

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// BenchmarkParser streams replies of 10 MB to 100 MB through a Parser (the
// reader ParseReader wraps, without its MaxReplyBytes bound): the time per
// byte and the memory kept stay flat (bounded lines, bounded blocks).
func BenchmarkParser(b *testing.B) {
	for _, mb := range []int{10, 100} {
		for _, shape := range []struct {
			name string
			line string
		}{
			{"prose", strings.Repeat("The change reads well and the tests cover it. ", 3) + "\n"},
			{"newlines", "\n"},
			{"markers", strings.Repeat("- ", 4000) + "\n"},
			{"issues", "ISSUE:\nSEVERITY: minor\nDESCRIPTION: the same thing again\n\n"},
		} {
			b.Run(fmt.Sprintf("%s/%dMB", shape.name, mb), func(b *testing.B) {
				size := int64(mb) << 20
				b.SetBytes(size)
				b.ReportAllocs()
				for b.Loop() {
					p := NewParser()
					if _, err := io.Copy(p, &endless{size: size, line: []byte(shape.line)}); err != nil {
						b.Fatal(err)
					}
					p.Close()
				}
			})
		}
	}
}

// BenchmarkMarkerLine is the line that once took quadratic time: 200k list
// markers before a key.
func BenchmarkMarkerLine(b *testing.B) {
	line := strings.Repeat("- ", 200_000) + "ISSUE: x\n"
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		Parse(line)
	}
}
