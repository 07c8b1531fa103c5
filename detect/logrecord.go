package detect

import "strings"

// A log record puts a prefix before what it says: a date, a time, a pid, a
// thread, a logger's name, a syslog host and program, in any of the
// layouts of logback, log4j, Python's logging, syslog, journald, nginx,
// Apache, PHP, Ruby's Logger, Go's log. recordPrefix reads such a prefix
// field by field, without knowing the layout, and stops at the level word
// (ERROR, [error], WARN ...) if there is one, so that the rules judge a
// record by its head whatever came before it.

// recordPrefix returns the length of the log record prefix at the start of
// s (0 when there is none) and whether it held a date or a time.
func recordPrefix(s string) (n int, stamped bool) {
	if s == "" || s[0] == ' ' || s[0] == '\t' {
		return 0, false // indentation belongs to a block, not a record
	}
	i := 0
	syslog := false
	for field := 0; field < 8 && i < len(s); field++ {
		j := i
		if field > 0 {
			j = skipBlanks(s, i)
		}
		if j >= len(s) {
			break
		}
		if j > i+1 && stamped && !upperLevel(s[j:]) {
			// More than one blank after the prefix: the indentation of
			// what the record says, unless a level padded to its width
			// follows (Spring Boot's "%5p": "...Z  INFO 42 --- ").
			return i + 1, stamped
		}
		if k := stampLen(s[j:]); k > 0 {
			i, stamped = j+k, true
			syslog = syslog || s[j] >= 'A' && s[j] <= 'Z'
			continue
		}
		if stamped {
			if k := goFileLen(s[j:]); k > 0 {
				i = j + k // Go's log.Lshortfile: "main.go:34: "
				continue
			}
		}
		switch c := s[j]; {
		case c == '[':
			k := strings.IndexByte(s[j:min(len(s), j+96)], ']')
			if k < 0 {
				return j, stamped
			}
			inner := s[j+1 : j+k]
			if inner == "" || inner[0] == '{' || inner[0] == '"' || inner[0] == '[' || levelField(inner) {
				return j, stamped // a level in brackets: the rules read it
			}
			if strings.HasPrefix(inner, "signal ") {
				return j, stamped // Go's runtime under a panic: "[signal SIGSEGV: segmentation violation ...]"
			}
			if n := stampLen(inner); n > 0 {
				// "[2026-05-06T12:00:00Z ERROR app::db] ...": the level
				// inside the brackets, after the time.
				a := skipBlanks(inner, n)
				if a < len(inner) && inner[a] == ':' {
					a = skipBlanks(inner, a+1) // Celery's "[2026-05-06 12:00:00,123: ERROR/MainProcess]"
				}
				if a < len(inner) && upperLevel(inner[a:]) {
					return j + 1 + a, true
				}
			}
			after := j + k + 1
			if after < len(s) && s[after] != ' ' && s[after] != '\t' && s[after] != ':' {
				return j, stamped // "[1/2]x", "[a]b": not a field
			}
			switch {
			case stampLen(strings.TrimSpace(inner)) > 0 || hasClock(inner):
				stamped = true
			case stamped:
				// a thread, a pid, a logger after a timestamp
			default:
				// Without a timestamp, a bracketed field is a record's
				// only before a level ("[main] ERROR x") or before the
				// timestamp: Go's log.New(w, "[invsvc] ", flags).
				if a := skipBlanks(s, after); a >= len(s) || !upperLevel(s[a:]) && !(s[a] == '[' && levelField(s[a+1:min(len(s), a+12)])) && !(field == 0 && goDate(s[a:])) {
					return j, stamped
				}
			}
			i = j + k + 1
			if i < len(s) && s[i] == ':' && stamped {
				i++
			}
			continue
		case c == '=' && strings.HasPrefix(s[j:], "=="):
			// A sanitizer's "==1234==".
			k := 2
			for j+k < len(s) && isDigit(s[j+k]) {
				k++
			}
			if k > 2 && strings.HasPrefix(s[j+k:], "==") {
				i = j + k + 2
				continue
			}
			return j, stamped
		case c == '#' && j+1 < len(s) && isDigit(s[j+1]) && stamped:
			k := j + 1
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			i = k
			continue
		case (c == '-' || c == '|' || c == ':') && stamped && j+1 < len(s) && (s[j+1] == ' ' || s[j+1] == '-' || s[j+1] == '\t') && !goTestMark(s[j:]) &&
			strings.TrimRight(s[j:], "-\r ") != "":
			// (A rule of dashes after the time is what the line says.)
			// A separator between fields: " - ", " | ", " --- ".
			k := j
			for k < len(s) && (s[k] == '-' || s[k] == '|' || s[k] == ':') {
				k++
			}
			i = k
			continue
		case field == 0 && len(s) > 3 && strings.Contains("DIWEFA", s[:1]) && s[1] == ',' && s[2] == ' ' && s[3] == '[':
			// Ruby's Logger: "E, [2026-05-06T12:00:00.123 #42] ERROR -- : x".
			i = 3
			continue
		case field == 0 && c >= 'a' && c <= 'z':
			// Go's log.New(w, "redis: ", log.LstdFlags): a name and a
			// colon before the date ("redis: 2026/11/23 07:34:43 x"), or
			// a name and a blank before Go's date ("outbox 2026/11/23").
			if k := strings.Index(s[:min(len(s), 32)], ": "); k > 0 && stampLen(s[k+2:]) > 0 && tagWord(s[:k]) {
				i = k + 2
				continue
			}
			if k := strings.IndexByte(s[:min(len(s), 32)], ' '); k > 0 && goDate(s[k+1:]) && tagWord(s[:k]) {
				i = k + 1
				continue
			}
		}
		if !stamped {
			return i, stamped
		}
		// Names before a level: a logger, a thread, an application
		// ("2026-05-06 12:00:00,123 - app - ERROR - x").
		if k := namesBeforeLevel(s[j:]); k > 0 {
			return j + k, stamped
		}
		// A syslog or journald host and program: "host prog[42]: x".
		if k := hostProgram(s[j:], syslog); k > 0 {
			return j + k, stamped
		}
		return j, stamped
	}
	return i, stamped
}

// stripPrefix removes a log record's prefix from a line.
func stripPrefix(s string) string {
	if s == "" {
		return s
	}
	if c := s[0]; !isDigit(c) && c != '[' && c != '=' && !(c >= 'A' && c <= 'Z') && !(c >= 'a' && c <= 'z' && namedStamp(s)) {
		return s
	}
	n, _ := recordPrefix(s)
	return s[n:]
}

// namedStamp reports whether s starts with a name, a colon and a blank,
// then a digit, or a name and a blank before Go's date: maybe Go's log
// with a prefix ("redis: 2026/11/23 ...", "outbox 2026/11/23 ...").
func namedStamp(s string) bool {
	if k := strings.IndexByte(s[:min(len(s), 32)], ':'); k > 0 && k+2 < len(s) && s[k+1] == ' ' && isDigit(s[k+2]) {
		return true
	}
	k := strings.IndexByte(s[:min(len(s), 32)], ' ')
	return k > 0 && goDate(s[k+1:])
}

// goFileLen returns the length of the place Go's log writes with
// Lshortfile or Llongfile ("main.go:34: "), or 0.
func goFileLen(s string) int {
	k := strings.Index(s[:min(len(s), 160)], ".go:")
	if k <= 0 || strings.IndexByte(s[:k], ' ') >= 0 {
		return 0
	}
	n := k + len(".go:")
	d := digits(s[n:], 7)
	if d == 0 || n+d+1 >= len(s) || s[n+d] != ':' || s[n+d+1] != ' ' {
		return 0
	}
	return n + d + 2
}

// goDate reports whether s starts with the date Go's log writes:
// "2026/11/23 ".
func goDate(s string) bool {
	return len(s) > 10 && isDigit(s[0]) && isDigit(s[3]) && s[4] == '/' && isDigit(s[5]) && s[7] == '/' && isDigit(s[9]) && s[10] == ' '
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// digits returns how many digits s starts with, at most max.
func digits(s string, max int) int {
	n := 0
	for n < len(s) && n < max && isDigit(s[n]) {
		n++
	}
	return n
}

var months = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
var weekdays = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}

func hasWord3(s string, words []string) bool {
	if len(s) < 3 {
		return false
	}
	for _, w := range words {
		if s[:3] == w {
			return true
		}
	}
	return false
}

// stampLen returns the length of a timestamp at the start of s — a date, a
// time, or both, with fractions and a zone — if it ends where a field
// ends; 0 otherwise.
func stampLen(s string) int {
	n := 0
	if hasWord3(s, weekdays) && len(s) > 4 && s[3] == ' ' {
		n = 4 // "Wed May 06 12:00:00 2026"
	}
	if k := dateLen(s[n:]); k > 0 {
		n += k
		if n < len(s) && (s[n] == 'T' || s[n] == ' ' || s[n] == '_') {
			if t := clockLen(s[n+1:]); t > 0 {
				n += 1 + t
			} else if s[n] == ' ' && n+2 < len(s) && s[n+1] == ' ' {
				if t := clockLen(s[n+2:]); t > 0 && t <= 8 {
					n += 2 + t // MariaDB pads the hour: "2026-11-23  2:49:10"
				}
			}
		}
	} else if t := clockLen(s[n:]); t > 0 {
		n += t
	} else {
		return 0
	}
	// A year after the time (Apache, ctime).
	if n+5 <= len(s) && s[n] == ' ' && digits(s[n+1:], 4) == 4 && (n+5 == len(s) || !isDigit(s[n+5])) && (n+5 == len(s) || s[n+5] != ':') {
		n += 5
	}
	// Zones.
	switch {
	case n < len(s) && s[n] == 'Z':
		n++
	case n+1 < len(s) && (s[n] == '+' || s[n] == '-') && digits(s[n+1:], 4) >= 2:
		k := 1 + digits(s[n+1:], 4)
		if k == 3 && n+k+2 < len(s) && s[n+k] == ':' && digits(s[n+k+1:], 2) == 2 {
			k += 3
		}
		n += k
	case strings.HasPrefix(s[n:], " UTC") || strings.HasPrefix(s[n:], " GMT"):
		n += 4
	}
	if n < len(s) && s[n] != ' ' && s[n] != '\t' && s[n] != ']' && s[n] != ',' && s[n] != '|' && s[n] != ':' {
		return 0
	}
	if n < len(s) && s[n] == ':' && (n+1 >= len(s) || s[n+1] != ' ') {
		return 0
	}
	return n
}

// dateLen returns the length of a date at the start of s: 2026-05-06,
// 2026/05/06, 06.05.2026, 06-May-2026, May  6, May 06.
func dateLen(s string) int {
	if y := digits(s, 4); y == 4 && len(s) > 5 && (s[4] == '-' || s[4] == '/' || s[4] == '.') {
		m := digits(s[5:], 2)
		if m > 0 && len(s) > 5+m && s[5+m] == s[4] {
			if d := digits(s[6+m:], 2); d > 0 {
				return 6 + m + d
			}
		}
		return 0
	}
	if d := digits(s, 2); d > 0 && len(s) > d+1 && (s[d] == '-' || s[d] == '/' || s[d] == '.') {
		rest := s[d+1:]
		if m := digits(rest, 2); m > 0 && len(rest) > m && rest[m] == s[d] && digits(rest[m+1:], 4) == 4 {
			return d + 1 + m + 1 + 4
		}
		if hasWord3(rest, months) && len(rest) > 4 && rest[3] == s[d] && digits(rest[4:], 4) == 4 {
			return d + 1 + 4 + 4
		}
		return 0
	}
	if hasWord3(s, months) && len(s) > 5 && s[3] == ' ' {
		k := 4
		if s[k] == ' ' {
			k++
		}
		if d := digits(s[k:], 2); d > 0 && k+d < len(s) && s[k+d] == ' ' && clockLen(s[k+d+1:]) > 0 {
			return k + d
		}
	}
	return 0
}

// clockLen returns the length of a time of day at the start of s:
// 12:00:00, 12:00:00.123, 12:00:00,123, 9:05:00 PM, and Go's kitchen
// time, 3:04PM.
func clockLen(s string) int {
	h := digits(s, 2)
	if h > 0 && len(s) >= h+5 && s[h] == ':' && digits(s[h+1:], 2) == 2 && (s[h+3:h+5] == "AM" || s[h+3:h+5] == "PM") {
		return h + 5
	}
	if h == 0 || len(s) < h+6 || s[h] != ':' || digits(s[h+1:], 2) != 2 || s[h+3] != ':' || digits(s[h+4:], 2) != 2 {
		return 0
	}
	n := h + 6
	if n+1 < len(s) && (s[n] == '.' || s[n] == ',') && isDigit(s[n+1]) {
		n++
		for n < len(s) && isDigit(s[n]) {
			n++
		}
	}
	if n+1 < len(s) && s[n] == '.' && n > h+6 && isDigit(s[n+1]) {
		// A second fraction: Python's "%(asctime)s.%(msecs)03d" repeats
		// the milliseconds asctime already wrote ("12:00:00,123.123").
		n++
		for n < len(s) && isDigit(s[n]) {
			n++
		}
	}
	if strings.HasPrefix(s[n:], " AM") || strings.HasPrefix(s[n:], " PM") {
		n += 3
	}
	return n
}

// hasClock reports whether s holds a time of day.
func hasClock(s string) bool {
	for i := 0; i+7 < len(s); i++ {
		if s[i+2] == ':' && clockLen(s[i:]) > 0 {
			return true
		}
	}
	return false
}

// Levels as log records write them.
var levelWords = map[string]int{
	"error": levelError, "err": levelError, "fatal": levelError, "critical": levelError, "crit": levelError,
	"severe": levelError, "emerg": levelError, "emergency": levelError, "alert": levelError, "panic": levelError, "dpanic": levelError, "pnc": levelError,
	"warn": levelWarn, "warning": levelWarn,
	"info": levelInfo, "debug": levelInfo, "trace": levelInfo, "notice": levelInfo, "fine": levelInfo,
	"verbose": levelInfo, "dbug": levelInfo, "eror": levelError, "crt": levelError,
	// Three letters (zerolog's console): ERR above, FTL, WRN, INF, DBG, TRC.
	"ftl": levelError, "wrn": levelWarn, "erro": levelError, "fata": levelError, "pani": levelError, "debu": levelInfo, "trac": levelInfo, "inf": levelInfo, "dbg": levelInfo, "trc": levelInfo,
}

const (
	levelNone = iota
	levelError
	levelWarn
	levelInfo
)

// levelField reports whether a bracketed field names a level: "ERROR",
// "error", "core:error", "php7:warn".
func levelField(inner string) bool {
	inner = strings.TrimSpace(inner)
	if k := strings.LastIndexByte(inner, ':'); k >= 0 {
		inner = inner[k+1:]
	}
	if len(inner) > 9 {
		return false
	}
	var buf [9]byte // (lowered here: every line's first word is asked)
	for k := 0; k < len(inner); k++ {
		buf[k] = lower(inner[k])
	}
	_, ok := levelWords[string(buf[:len(inner)])]
	return ok
}

// headLevel returns the level a record's head names, in any case, and the
// length of the word: "ERROR", "error:", "Error ", "WARN".
func headLevel(s string) (level, n int) {
	if len(s) > 2 && (s[0] == '<' || s[0] == '[') {
		// "<ERROR> x", "[ERROR] x": the level in brackets.
		closing := byte('>')
		if s[0] == '[' {
			closing = ']'
		}
		if e := strings.IndexByte(s[:min(len(s), 12)], closing); e > 1 {
			if lv, k := headLevel(s[1:e]); lv != levelNone && k == e-1 {
				return lv, e + 1
			}
		}
		return levelNone, 0
	}
	k := 0
	for k < len(s) && k < 10 && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z') {
		k++
	}
	if k == 0 || k < len(s) && !strings.ContainsRune(" \t:]|-/", rune(s[k])) && !elapsedBracket(s[k:]) {
		return levelNone, 0
	}
	var buf [10]byte
	for i := 0; i < k; i++ {
		buf[i] = lower(s[i])
	}
	return levelWords[string(buf[:k])], k
}

// elapsedBracket reports whether s starts with the seconds since start
// that logrus's text layout puts in brackets right after the level, on a
// terminal: "[0000]" in "ERRO[0000] plugin failed to load".
func elapsedBracket(s string) bool {
	if len(s) < 3 || s[0] != '[' {
		return false
	}
	n := digits(s[1:], 8)
	return n > 0 && n+1 < len(s) && s[n+1] == ']'
}

// upperLevel reports whether s starts with a level word in capitals.
func upperLevel(s string) bool {
	lv, k := headLevel(s)
	return lv != levelNone && strings.ToUpper(s[:k]) == s[:k] && k > 1
}

// namesBeforeLevel returns the offset of a level word in capitals that
// follows at most three names at the start of s ("app - ERROR", "[main]
// com.x.Y ERROR"), or 0.
func namesBeforeLevel(s string) int {
	i := 0
	for names := 0; names < 4; names++ {
		i = skipBlanks(s, i)
		for i < len(s) && (s[i] == '-' || s[i] == '|') && i+1 < len(s) && s[i+1] == ' ' {
			i = skipBlanks(s, i+1)
		}
		if i < len(s) && upperLevel(s[i:]) {
			if names == 0 {
				return 0 // the level is at the head already
			}
			return i
		}
		start := i
		alnum := false
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			c := s[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || strings.IndexByte("._-$:/[]()@#<>{}=,", c) >= 0) {
				return 0
			}
			alnum = alnum || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c)
			i++
		}
		if i == start || i-start > 128 || !alnum {
			return 0 // a rule ("_____ test_x _____"), not a name
		}
	}
	return 0
}

// hostProgram returns the length of a syslog host and program ("myhost
// sshd[42]: "), or of a program alone after a syslog date, or 0.
func hostProgram(s string, syslog bool) int {
	sp := strings.IndexByte(s, ' ')
	if sp <= 0 || sp > 64 {
		return 0
	}
	for _, c := range []byte(s[:sp]) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '.' || c == '-' || c == '_') {
			return 0
		}
	}
	rest := s[sp+1:]
	colon := strings.Index(rest, ": ")
	if colon < 0 && strings.HasSuffix(rest, ":") {
		colon = len(rest) - 1 // a record with nothing to say (an empty line the program printed)
	}
	if colon <= 0 || colon > 64 {
		return 0
	}
	prog := rest[:colon]
	if strings.HasSuffix(prog, "]") {
		if b := strings.LastIndexByte(prog, '['); b <= 0 || digits(prog[b+1:], 10) != len(prog)-b-2 {
			return 0
		}
	} else if !syslog {
		return 0
	}
	for _, c := range []byte(prog) {
		if c == ' ' {
			return 0
		}
	}
	return min(len(s), sp+1+colon+2)
}

// goTestMark reports whether s starts with go test's result of a test
// ("--- FAIL: TestX"), not a separator between a record's fields.
func goTestMark(s string) bool {
	return strings.HasPrefix(s, "--- FAIL") || strings.HasPrefix(s, "--- PASS") || strings.HasPrefix(s, "--- SKIP") || strings.HasPrefix(s, "--- BENCH")
}
