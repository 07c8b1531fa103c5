package termtext

import "testing"

func TestCleanLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[31merror\x1b[0m: x", "error: x"},
		{"50%\r100% done\r", "100% done"},
		{"⠙\x1b[1G\x1b[0K\x1b[1mnpm\x1b[22m error code E404", "npm error code E404"},
		{"⠹\x1b[G[exit 1]", "[exit 1]"},
		{"col \x1b[5Gfive", "col five"},
		{"\x1b]0;title\x07text", "text"},
		{"\x1b(Bcharset", "charset"},
		{"cut \x1b[", "cut "},
	} {
		if got := string(CleanLine([]byte(tc.in))); got != tc.want {
			t.Errorf("CleanLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
