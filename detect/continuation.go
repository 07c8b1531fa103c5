package detect

import (
	"regexp"
	"strings"
)

// One failure is often logged as several records: a server logs a
// request's failure as the lines its script printed and then its own
// conclusion (Apache's "End of script output before headers"), PostgreSQL
// an ERROR and then its DETAIL, HINT and STATEMENT, syslog a service's
// result and then that it failed to start. Such records are one error when
// they come from one process (the record names its pid) and go on with the
// same failure: a record that only adds to the one above (DETAIL:, HINT:),
// a record of the same request (the same client), or another error record
// about the same subject (the same file, host, unit). Records that name no
// process are never joined so: in one process's log, two errors in a row
// are two errors.

// procRe finds the process a record names in its prefix: Apache's "[pid
// 838:tid 838]", syslog's "prog[42]: ", PostgreSQL's " [17024] ", Ruby
// Logger's "#4242]", nginx's "] 32345#32345: ".
var procRe = regexp.MustCompile(`\[pid (\d+)|\w\[(\d+)\]: |\s\[(\d+)\]:?\s|\s#(\d+)\]|\] (\d+)#\d+: `)

// requestRe finds the request a record names: Apache's "[client
// 127.0.0.1:40166]", nginx's connection "*4".
var requestRe = regexp.MustCompile(`\[client ([^\]\s]+)\]|\d#\d+: \*(\d+) `)

// contLabelRe starts a line that only adds to the error above it:
// PostgreSQL's DETAIL, HINT, CONTEXT, QUERY, STATEMENT and LOCATION, and
// psql's "LINE 1: ..." over its caret.
var contLabelRe = regexp.MustCompile(`^(?:DETAIL|HINT|CONTEXT|QUERY|STATEMENT|LOCATION|LINE \d+):\s`)

// firstGroup returns the first non-empty group of a match.
func firstGroup(m []string) string {
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

// recordProc returns the process a log record's prefix names, or "".
func recordProc(raw string) string {
	if m := procRe.FindStringSubmatch(raw[:min(len(raw), 120)]); m != nil {
		return firstGroup(m)
	}
	return ""
}

// recordRequest returns the request a record names, or "".
func recordRequest(raw string) string {
	if m := requestRe.FindStringSubmatch(raw[:min(len(raw), 200)]); m != nil {
		return firstGroup(m)
	}
	return ""
}

// recordProcAt returns the process the log record on line i names, or ""
// when the line is no record or names none.
func recordProcAt(doc *document, i int) string {
	if len(doc.short[i]) == len(doc.lines[i]) {
		return "" // not a record
	}
	return recordProc(doc.lines[i])
}

// extendRecords returns the end of the block of the error that starts on
// line start and ends on line end, when it is a log record of process proc
// (recordProcAt): cut before the first record of another process inside
// it, and extended over the records after it that go on with the same
// failure.
func extendRecords(doc *document, start, end, limit int, proc string) int {
	if proc == "" {
		return end
	}
	for j := start + 1; j <= end; j++ {
		if len(doc.short[j]) < len(doc.lines[j]) {
			if p := recordProc(doc.lines[j]); p != "" && p != proc {
				end = j - 1
				for end > start && blank(doc.short[end]) {
					end--
				}
				return end
			}
		}
	}
	req := recordRequest(doc.lines[start])
	for end < limit {
		n := end + 1
		raw, short := doc.lines[n], doc.short[n]
		if len(short) == len(raw) || recordProc(raw) != proc {
			return end
		}
		nreq := recordRequest(raw)
		switch {
		case contLabelRe.MatchString(short) || labelNear(raw, len(doc.lines[start])-len(doc.short[start])):
		case !doc.cand[n] || quietRecord(short) || req != "" && nreq != "" && nreq != req:
			return end // a quieter record, or another request's
		case quietRecord(doc.short[start]):
			return end // an error's record after a warning's is its own
		case req != "" && nreq == req:
		case sharesSubject(recordMessages(doc.short[start:end+1]), recordMessage(short)):
		default:
			return end
		}
		end = captureIndented(doc.short, n, limit, false)
	}
	return end
}

// retriedRecords returns the end of the block of the logged error that
// starts on line start and ends on line end, extended over the records
// right after it that fail with the same cause: a retry's attempts and the
// record that gives up ("attempt 2: postgres not ready: dial tcp x:
// connect: connection refused", "giving up on postgres: dial tcp x:
// connect: connection refused"). The records must come from one logger
// (their prefixes alike but for digits) and end in the same words from a
// ": " on; from one process (the pid they name, if any), or saying the
// very same words (a client that retries gets a new backend each time).
// proc is the process the record on line start names (recordProcAt).
func retriedRecords(doc *document, start, end, limit int, proc string) int {
	raw, short := doc.lines[start], doc.short[start]
	if len(short) == len(raw) || end != start || diagnosticStart(short) || strings.Contains(short, nginxContext) {
		return end // not a record, a block already, or a finding at a place, or nginx's on a request: each its own
	}
	shape := digitless(raw[:len(raw)-len(short)])
	for end < limit {
		n := end + 1
		nraw, nshort := doc.lines[n], doc.short[n]
		if len(nshort) == len(nraw) || digitless(nraw[:len(nraw)-len(nshort)]) != shape || !sameCause(doc.short[end], nshort) {
			return end // not a record, another logger's, another cause
		}
		if recordProc(nraw) != proc && nshort != doc.short[end] {
			return end // another process's, unless it says the very same (a client's retry, a new backend each time)
		}
		if quietRecord(short) != quietRecord(nshort) {
			// The error that gives up after attempts logged as warnings
			// is its own; a warning after an error is no attempt of it
			// (nginx's "upstream server temporarily disabled" under the
			// request's error, ending in the same request's fields).
			return end
		}
		end = n
	}
	return end
}

// nginxContext starts the fields nginx ends an error log record with:
// ", client: 127.0.0.1, server: , request: "GET /x HTTP/1.1", ...".
const nginxContext = ", client: "

// minCause is the fewest bytes two records' messages must end alike in.
const minCause = 24

// sameCause reports whether two messages end in the same words from a
// ": " on in both: the same cause, whatever was being done.
func sameCause(a, b string) bool {
	a, b = strings.TrimRight(a, " \r"), strings.TrimRight(b, " \r")
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	if n < minCause {
		return false
	}
	// The common end, from the first ": " inside it that both share.
	tail := a[len(a)-n:]
	k := strings.Index(tail, ": ")
	return k >= 0 && len(tail)-k-2 >= minCause
}

// digitless returns s without its digits: a record prefix's shape.
func digitless(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, s)
}

// labelNear reports whether a record's text, near the column where the
// error record's text starts, is a PostgreSQL label ("DETAIL:  ..."): its
// "%u@%d " or "user=%u,db=%d " stand before the level, and only a level
// word lets the prefix be told from the text ("... [42] app@orders ERROR:
// x" / "... [42] app@orders DETAIL:  y"); the line number a prefix counts
// may be a digit wider.
func labelNear(raw string, col int) bool {
	if col <= 0 || col >= len(raw) {
		return false
	}
	w := raw[max(0, col-8):min(len(raw), col+24)]
	k := strings.Index(w, ":  ")
	if k <= 0 {
		return false
	}
	word := w[strings.LastIndexByte(w[:k], ' ')+1 : k]
	switch word {
	case "DETAIL", "HINT", "CONTEXT", "QUERY", "STATEMENT", "LOCATION":
		return true
	}
	return false
}

// recordMessage returns what a record's text says after its level and
// its logger ("ERROR sync.worker: feed x.json unreadable" → "feed x.json
// unreadable"): the logger's name is in every record of it, no subject.
func recordMessage(short string) string {
	if lv, k := headLevel(short); lv != levelNone && k > 0 {
		if c := strings.Index(short[k:min(len(short), k+80)], ": "); c >= 0 {
			return short[k+c+2:]
		}
	}
	return short
}

// recordMessages is recordMessage of a block's first line, the rest whole.
func recordMessages(block []string) []string {
	if len(block) == 0 {
		return block
	}
	out := append([]string{recordMessage(block[0])}, block[1:]...)
	return out
}

// quietRecord reports whether a record's head names a level below error:
// "[notice]", "WARN".
func quietRecord(short string) bool {
	short = strings.TrimLeft(short, " \t")
	if strings.HasPrefix(short, "[") {
		if k := strings.IndexByte(short, ']'); k > 0 && levelField(short[1:k]) {
			inner := strings.ToLower(short[1:k])
			if c := strings.LastIndexByte(inner, ':'); c >= 0 {
				inner = inner[c+1:]
			}
			return levelWords[inner] != levelError
		}
	}
	lv := textLevel(short)
	return lv == levelWarn || lv == levelInfo
}

// textLevel returns the level a record in text names: its head's level
// word ("WARN x", "[error] x"), or else its logfmt level field.
func textLevel(s string) int {
	if lv, _ := headLevel(s); lv != levelNone {
		return lv
	}
	return logfmtLevel(s)
}

// logfmtLevel returns the level a logfmt record names in its level, lvl
// or severity field ("time=... level=WARN msg=..."), or levelNone.
func logfmtLevel(s string) int {
	s = s[:min(len(s), 256)]
	if !strings.Contains(s, "level=") && !strings.Contains(s, "lvl=") && !strings.Contains(s, "severity=") {
		return levelNone
	}
	if m := logfmtRe.FindStringSubmatch(s); m != nil {
		lv, _ := headLevel(m[2])
		return lv
	}
	return levelNone
}

// sharesSubject reports whether line names something the block's lines
// name: a path, a file, a host, an address, a unit.
func sharesSubject(block []string, line string) bool {
	var have []string
	for _, l := range block {
		have = appendSubjects(have, l)
	}
	if len(have) == 0 {
		return false
	}
	for _, s := range appendSubjects(nil, line) {
		for _, h := range have {
			if s == h {
				return true
			}
		}
	}
	return false
}

// appendSubjects appends the subjects a line names: its words that hold a
// '/' or a '.' between letters or digits ("/srv/app/x.json",
// "certbot-renew.service", "127.0.0.1"), without a port or a line number,
// and the last element of a path when it names a file.
func appendSubjects(dst []string, l string) []string {
	for _, w := range strings.FieldsFunc(l, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '"' || r == '\'' || r == '(' || r == ')' || r == '[' || r == ']' ||
			r == ',' || r == '`' || r == '‘' || r == '’' || r == '<' || r == '>' || r == '='
	}) {
		w = strings.TrimRight(w, ".:;!?")
		if k := strings.IndexByte(w, ':'); k > 0 && k+1 < len(w) && isDigit(w[k+1]) {
			w = w[:k] // a port, a line number
		}
		if len(w) < 5 || !strings.ContainsAny(w, "/.") || strings.Contains(w, "://") && len(w) < 12 {
			continue
		}
		letters, digits := 0, 0
		for i := 0; i < len(w); i++ {
			switch c := w[i]; {
			case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
				letters++
			case isDigit(c):
				digits++
			}
		}
		if letters == 0 && strings.Count(w, ".") != 3 {
			continue // a number, a version, not a subject
		}
		if letters+digits < 4 {
			continue
		}
		dst = append(dst, w)
		if k := strings.LastIndexByte(w, '/'); k >= 0 && k+1 < len(w) && strings.Contains(w[k+1:], ".") {
			dst = append(dst, w[k+1:])
		}
	}
	return dst
}

// httpMethods are the request methods an access record names.
var httpMethods = [...]string{"GET /", "POST /", "PUT /", "DELETE /", "PATCH /", "HEAD /", "OPTIONS /"}

// httpRequest returns the "METHOD /path" a line names, or "".
func httpRequest(l string) string {
	l = l[:min(len(l), 300)]
	for _, m := range httpMethods {
		if k := strings.Index(l, m); k >= 0 && (k == 0 || l[k-1] == ' ' || l[k-1] == '"') {
			e := k + len(m)
			for e < len(l) && l[e] != ' ' && l[e] != '"' && l[e] != '\t' {
				e++
			}
			return l[k:e]
		}
	}
	return ""
}

// restatedRequest returns end+1 when the line after the block of the
// logged error that starts on line start is an error-level record about
// the same request ("ERROR:tornado.access:500 GET /x (ip)" under
// "ERROR:tornado.application:Uncaught exception GET /x (ip)" and its
// traceback): the request's failure told again, part of the same error.
// Else end.
func restatedRequest(doc *document, start, end int) int {
	n := end + 1
	if n < len(doc.short) {
		// The server's access log line for the request that failed, its
		// status 5xx, right under the error it logged (Flask's
		// "Exception on /x [GET]", then werkzeug's '"GET /x HTTP/1.1"
		// 500 -'): the same failure, told again.
		if l := doc.short[n]; !strings.Contains(l, " HTTP/") || !strings.Contains(l, `" 5`) {
		} else if m := accessLogRe.FindStringSubmatch(l); m != nil && namesPath(doc.lines[start], m[1]) {
			return n
		}
	}
	if n >= len(doc.short) || n == start+1 || !recordAtError(doc, start) || !recordAtError(doc, n) {
		return end
	}
	req := httpRequest(doc.lines[start])
	if req == "" || httpRequest(doc.lines[n]) != req {
		return end
	}
	return n
}

// namesPath reports whether a line names a request's path as a word of its
// own: Flask's "Exception on /x [GET]", Django's "Internal Server Error:
// /x".
func namesPath(l, path string) bool {
	l = strings.TrimRight(l, " \r")
	for k := 0; ; {
		i := strings.Index(l[k:], path)
		if i < 0 {
			return false
		}
		i += k
		e := i + len(path)
		if (i == 0 || l[i-1] == ' ') && (e == len(l) || l[e] == ' ') {
			return true
		}
		k = i + 1
	}
}

// recordAtError reports whether line i is a log record at an error level:
// its stripped prefix names the level, or the line starts with it
// (Python logging's "ERROR:name:message").
func recordAtError(doc *document, i int) bool {
	raw, short := doc.lines[i], doc.short[i]
	if len(short) < len(raw) {
		prefix := raw[:len(raw)-len(short)]
		for _, w := range [...]string{"ERROR", "CRITICAL", "FATAL", "error", "crit", "fatal", "Error"} {
			if strings.Contains(prefix, w) {
				return true
			}
		}
		return false
	}
	lv, k := headLevel(raw)
	return lv == levelError && k < len(raw) && raw[k] == ':' && upperLevel(raw)
}

// accessLogRe is a server's access log line for a request that failed on
// the server (5xx), in the common log format.
var accessLogRe = regexp.MustCompile(`"(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) (\S+) HTTP/[\d.]+" 5\d\d\b`)
