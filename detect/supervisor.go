package detect

import (
	"slices"
	"strings"
)

// A supervisor (docker compose, foreman, honcho, goreman, pm2, kubectl
// logs --prefix, a wrapper that stamps and names each line, syslog) tags
// every line a program prints, so a panic's blank line and its indented
// frames reach the detector as tagged lines whose shape is hidden.
// supervisorTag finds the tag, so that the rules read what the program
// printed.

// maxSVTags is the most supervisor tags a stream learns.
const maxSVTags = 64

// supervisorTag returns the length of the supervisor's tag before line,
// 0 when there is none. Tags of a shape no tool prints otherwise are
// known on sight: compose's "svc-1  | " (a replica's number), foreman's
// and honcho's "12:00:00 web.1  | " (a time, a name, a bar), pm2's
// "0|api   | ", kubectl's "[pod/api-7d9f/app] ". A name and a bar alone
// ("web    | "), and a stamp with a program's name ("2026-11-23T10:00:00Z
// ordersvc: ", "Nov 23 10:00:00 host ordersvc[812]: "), are learned from
// a line where the tag carries what no program's complaint is: nothing,
// an indented line, a record of its own (stamped, logfmt, a JSON object)
// or a Go crash's head. A program's
// complaints ("tar: x: Cannot open", stamped by ts) are never learned, so
// their prefix stays theirs.
func (s *Stream) supervisorTag(line string) int {
	if line != "" && line[0] == ' ' {
		return s.dumpTag(line)
	}
	if line == "" || line[0] == '\t' || line[0] >= 0x80 {
		return 0 // no tag starts with a tab, and none with a mark
	}
	if line[0] == '<' {
		// logger's RFC 3164 line keeps its priority ahead of the stamp
		// ("<29>Nov 23 21:52:35 vm ordersvc: "): the same on every line,
		// it says nothing of the record's level.
		if n := digits(line[1:], 3); n > 0 && 1+n < len(line) && line[1+n] == '>' {
			if k := s.supervisorTag(line[2+n:]); k > 0 {
				return 2 + n + k
			}
		}
		return 0
	}
	if k := composePrefix(line); k > 0 {
		return k
	}
	if k := kubectlPrefix(line); k > 0 {
		return k
	}
	stamp := 0
	if mayStamp(line) {
		if k := stampLen(line); k > 0 && k < len(line) && line[k] == ' ' {
			stamp = k + 1
		}
	}
	if k, numbered := barTag(line[stamp:]); k > 0 {
		if stamp > 0 || numbered {
			return stamp + k
		}
		return s.learnedTag(line, 0, k)
	}
	if k := programTag(line[stamp:]); k > 0 && (stamp > 0 || slices.Contains(s.svTags, line[:k]) || recordAfterTag(line[k:])) {
		// A program's tag a wrapper puts before each line of its output
		// (logger's "app[123]: ", awk's "worker[dev]: "): after a stamp,
		// or learned where it carries a stamped record.
		return s.learnedTag(line, stamp, stamp+k)
	}
	if k := elapsedLen(line); k > 0 {
		// Seconds since the start (moreutils' ts -s "%.s", ts -i):
		// learned like a tag, its digits aside.
		if s.elapsed || carriesProgramLine(line[k:]) {
			s.elapsed = true
			return k
		}
	}
	return 0
}

// dumpTag returns the length of the bar a script puts before each line of
// a log it dumps ("  | 2026/11/23 21:30:30 orders: listening", from sed
// 's/^/  | /'), learned where the bar carries a stamped record or a go
// test's or Go crash's head: no code frame's gutter does ("  23 | x :=
// 1", "   |     ^^^"). 0 otherwise.
func (s *Stream) dumpTag(line string) int {
	k := 0
	for k < len(line) && k < 8 && line[k] == ' ' {
		k++
	}
	if k == len(line) || line[k] != '|' {
		return 0
	}
	end := k + 1
	if end < len(line) && line[end] == ' ' {
		end++
	}
	tag := line[:end]
	if slices.Contains(s.svTags, tag) {
		return end
	}
	if _, stamped := recordPrefix(line[end:]); !stamped && !testOrCrashHead(line[end:]) || len(s.svTags) >= maxSVTags {
		return 0
	}
	s.svTags = append(s.svTags, tag)
	return end
}

// testOrCrashHead reports whether rest opens go test's report of a failed
// test or the Go runtime's crash: what a script dumps behind a bar as often
// as a log ("      | --- FAIL: TestGet (0.00s)").
func testOrCrashHead(rest string) bool {
	return strings.HasPrefix(rest, "--- FAIL: ") || strings.HasPrefix(rest, "=== RUN ") || goRuntimeHead(rest)
}

// elapsedLen returns the length of a count of seconds with their
// fraction and a blank before a line ("0.000075 "), or 0.
func elapsedLen(line string) int {
	d := digits(line, 7)
	if d == 0 || d >= len(line) || line[d] != '.' {
		return 0
	}
	f := digits(line[d+1:], 9)
	n := d + 1 + f
	if f < 3 || n >= len(line) || line[n] != ' ' {
		return 0
	}
	return n + 1
}

// learnedTag returns end when line[from:end] is a tag learned before, or
// learned now from what it carries; 0 otherwise.
func (s *Stream) learnedTag(line string, from, end int) int {
	tag := line[from:end]
	if slices.Contains(s.svTags, tag) {
		return end
	}
	if !carriesProgramLine(line[end:]) || len(s.svTags) >= maxSVTags {
		return 0
	}
	s.svTags = append(s.svTags, tag)
	return end
}

// recordAfterTag reports whether what follows a program's tag at the start
// of a line is a stamped record: only then is a "name: " no program's own
// complaint ("curl: (7) ...") but a wrapper's tag.
func recordAfterTag(rest string) bool {
	_, stamped := recordPrefix(rest)
	return stamped
}

// carriesProgramLine reports whether what follows a tag is what no
// program's complaint is: nothing, an indented line, a record of its own
// (stamped, logfmt, a JSON object) or a Go crash's head.
func carriesProgramLine(rest string) bool {
	if rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '{' || goRuntimeHead(rest) || logfmtRe.MatchString(rest) {
		return true
	}
	_, stamped := recordPrefix(rest)
	return stamped
}

// barTag returns the length of a name and a bar before a program's line
// ("web.1    | ", "0|api   | "), 0 when s has none, and whether a
// process's number heads it (pm2's).
func barTag(s string) (n int, numbered bool) {
	i := 0
	if d := digits(s, 4); d > 0 && d < len(s) && s[d] == '|' {
		i, numbered = d+1, true
	}
	n = i
	for n < len(s) && n-i < 48 && (isWordByte(s[n]) || s[n] == '.' || s[n] == '-' || s[n] == '@' || s[n] == '/') {
		n++
	}
	if n == i {
		return 0, false
	}
	j := n
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j == n || j >= len(s) || s[j] != '|' {
		return 0, false
	}
	if j+1 == len(s) {
		return j + 1, numbered
	}
	if s[j+1] != ' ' {
		return 0, false
	}
	return j + 2, numbered
}

// programTag returns the length of a program's name after a stamp,
// "ordersvc: ", "ordersvc[812]: ", "host ordersvc[812]: ", or 0. A level
// ("ERROR: ") is a record's, not a program's.
func programTag(s string) int {
	i := 0
	for word := 0; word < 2; word++ {
		n := i
		for n < len(s) && n-i < 48 && (isWordByte(s[n]) || s[n] == '.' || s[n] == '-' || s[n] == '/') {
			n++
		}
		if n == i || levelField(s[i:n]) {
			return 0
		}
		if n < len(s) && s[n] == '[' {
			// A pid ("web[1234]: ") or a name ("worker[dev]: ").
			d := 0
			for n+1+d < len(s) && d < 16 && (isWordByte(s[n+1+d]) || s[n+1+d] == '-' || s[n+1+d] == '.') {
				d++
			}
			if d == 0 || n+1+d >= len(s) || s[n+1+d] != ']' {
				return 0
			}
			n += d + 2
		}
		if n < len(s) && s[n] == ':' && (n+1 == len(s) || s[n+1] == ' ') {
			return min(len(s), n+2)
		}
		if n >= len(s) || s[n] != ' ' || word > 0 {
			return 0
		}
		i = n + 1 // a host before the program
	}
	return 0
}

// kubectlPrefix returns the length of kubectl logs --prefix's tag,
// "[pod/api-7d9f/app] ", or 0.
func kubectlPrefix(line string) int {
	if !strings.HasPrefix(line, "[pod/") {
		return 0
	}
	k := strings.IndexByte(line[:min(len(line), 160)], ']')
	if k < 0 || strings.Count(line[:k], "/") != 2 || strings.IndexByte(line[:k], ' ') >= 0 || k+1 < len(line) && line[k+1] != ' ' {
		return 0
	}
	return min(len(line), k+2)
}

// composePrefix returns the length of docker compose's prefix before a
// container's line ("ordersvc-1  | ", "worker_2 | "): the service, its
// replica's number, padding, a bar; 0 when the line has none.
func composePrefix(line string) int {
	i := 0
	for i < len(line) && i < 64 && (isWordByte(line[i]) || line[i] == '.' || line[i] == '-') {
		i++
	}
	d := i
	for d > 0 && isDigit(line[d-1]) {
		d--
	}
	if d == i || d < 2 || line[d-1] != '-' && line[d-1] != '_' {
		return 0 // no replica number
	}
	j := i
	for j < len(line) && line[j] == ' ' {
		j++
	}
	if j == i || j+1 >= len(line) || line[j] != '|' || line[j+1] != ' ' && j+2 != len(line) {
		return 0
	}
	return min(len(line), j+2)
}

// mayStamp reports whether line may start with a stamp: a digit, or a
// month's or a day's name ("Nov 23", "Mon Nov 23").
func mayStamp(line string) bool {
	c := line[0]
	if isDigit(c) {
		return true
	}
	return c >= 'A' && c <= 'Z' && len(line) > 4 && line[3] == ' ' && line[1] >= 'a' && line[1] <= 'z' && line[2] >= 'a' && line[2] <= 'z'
}
