package detect

import (
	"regexp"
	"strings"

	"github.com/faultline-go/faultline/errkind"
)

// A program's complaint in the shapes Unix tools print on stderr, whatever
// the program: its name (maybe with a pid or a place: "prog[12]:",
// "prog:file.m4:4:", "zsh:1:", "s.sh: 3:"), subjects it names ("xz:
// f.xz:", "svn: E155007:"), then a message that says something failed.
// The failure is told by a phrase of a general vocabulary (cannot, no
// such, not found, invalid, unexpected, does not exist, is not a ...), not
// by the program, so that tools nobody listed are found; help text, prose,
// fields, records below the error level and warnings are not complaints.

// complaint reports whether line s is a program's complaint.
func complaint(s string) bool {
	msg, ok := complaintMessage(s)
	if ok && (strings.EqualFold(msg, "unknown") || tookFallback(msg)) {
		return false // a value ("commit: unknown"), or a fallback the program took
	}
	return ok && (failurePhrase(msg) || alarmed(s, msg) || strings.Contains(msg, ", found '") && expectedFoundRe.MatchString(msg)) && !looksLikeCode(msg)
}

// tookFallback reports whether a message says the program went on with a
// default in place of what it missed: "not found, using default".
func tookFallback(msg string) bool {
	return strings.Contains(msg, "using default") || strings.Contains(msg, "falling back")
}

// expectedFoundRe is a parser's complaint quoted in a message: "8:12:
// expected '}', found 'EOF'" (go/format's).
var expectedFoundRe = regexp.MustCompile(`\bexpected ['"]?[^'", ]{1,16}['"]?, found '`)

// callerComplaint reports whether l is a complaint in words, not a
// program's alarm behind asterisks ("make: *** ...", its own error).
func callerComplaint(l string) bool {
	msg, ok := complaintMessage(l)
	return ok && !alarmed(l, msg) && failurePhrase(msg) && !looksLikeCode(msg)
}

// alarmed reports whether a complaint's message is put behind asterisks,
// as programs mark what they gave up on: "patch: **** Only garbage ...".
func alarmed(s, msg string) bool {
	k := len(s) - len(msg)
	return k >= 4 && s[k-4:k-1] == "***" && s[k-1] == ' '
}

// numberedVerdict reports whether a line is a numbered item's verdict in
// capitals: patch's "Hunk #1 FAILED at 1.".
func numberedVerdict(t string) bool {
	return strings.Contains(t, " #") && numberedVerdictRe.MatchString(t)
}

var numberedVerdictRe = regexp.MustCompile(`^[A-Z][a-z]+ #\d+ (?:FAILED|BAD|INVALID|REJECTED)\b`)

// complaintMessage returns what a line says after a program's name and the
// subjects it names, and whether the line starts like a complaint at all.
// It looks at a few bytes before anything else: most lines fail at the
// first.
func complaintMessage(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	if c := s[0]; !('a' <= c && c <= 'z' || c == '.' || c == '/') {
		return "", false
	}
	// The program's name: "xz", "mariadb-dump", "./run.sh", "s.ksh[4]".
	i, dot := 0, false
	for i < len(s) && i <= 48 && isNameByte(s[i]) {
		dot = dot || s[i] == '.' || s[i] == '/'
		i++
	}
	if i == 0 || i > 48 || i >= len(s) {
		return "", false
	}
	name := s[:i]
	if strings.HasPrefix(s[i:], " line ") {
		// A config file's complaint about one of its lines: "sshd_config
		// line 9: MaxSessions integer value invalid."
		j := i + len(" line ")
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k == j || k+1 >= len(s) || s[k] != ':' || s[k+1] != ' ' {
			return "", false
		}
		msg := strings.TrimLeft(s[k+1:], " ")
		return msg, msg != ""
	}
	if s[i] == '[' {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == i+1 || j >= len(s) || s[j] != ']' {
			return "", false
		}
		i = j + 1
	}
	if i >= len(s) || s[i] != ':' || quietNames[strings.ToLower(name)] {
		return "", false
	}
	i++
	if i < len(s) && s[i] != ' ' {
		// "zsh:1: ..." or "m4:t.m4:4: ...": a program's place in its
		// input. A name with a dot or a slash is a file, and a file's
		// "x.txt:3:" is a grep hit or a finding, not a program's.
		if dot {
			return "", false
		}
		j := strings.Index(s[i:], ": ")
		if j <= 0 || !placeRe.MatchString(s[i:i+j]) {
			return "", false
		}
		i += j + 1
	}
	// The subjects: "f.xz: ", "E155007: ", "3: ", "local: ".
	for n := 0; n < 6; n++ {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := strings.Index(s[i:], ": ")
		if j <= 0 || j > 120 || strings.IndexByte(s[i:i+j], ' ') >= 0 && !quotedSubject(s[i:i+j]) {
			break
		}
		if quietWords[strings.ToLower(strings.Trim(s[i:i+j], "*"))] {
			return "", false // "gpg: WARNING: ...", "prog: note: ..."
		}
		i += j + 1
	}
	msg := strings.TrimLeft(s[i:], " *")
	if msg == "" || strings.HasPrefix(msg, "line ") && len(msg) > 5 && isDigit(msg[5]) {
		// "x.js: line 2, col 14, Missing semicolon.": a linter's finding.
		return "", false
	}
	if k := strings.IndexByte(msg, ':'); k > 0 && k < 16 && quietWords[strings.ToLower(msg[:k])] {
		return "", false
	}
	return msg, true
}

// quotedSubject reports whether a subject with spaces is one name quoted:
// "'my file.txt'".
func quotedSubject(s string) bool {
	return len(s) > 2 && (s[0] == '\'' || s[0] == '"' || s[0] == '`') && s[len(s)-1] == s[0]
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || strings.IndexByte("._+-/", c) >= 0
}

// placeRe is a program's place in its input after its name: "1", "t.m4:4",
// "-:3".
var placeRe = regexp.MustCompile(`^(?:[\w./-]+:)?\d+$`)

// quietNames are words before a colon that make a line a field, a role in a
// conversation, a commit's kind or a record below the error level, not a
// program's complaint.
var quietNames = map[string]bool{
	"msg": true, "message": true, "description": true, "summary": true, "reason": true, "note": true, "hint": true,
	"info": true, "debug": true, "trace": true, "notice": true, "verbose": true, "warning": true, "warn": true,
	"time": true, "level": true, "ts": true, "caller": true, "tip": true, "example": true, "usage": true, "see": true,
	"assistant": true, "user": true, "system": true, "human": true, "tool": true, "question": true, "answer": true,
	"fix": true, "feat": true, "chore": true, "docs": true, "refactor": true, "perf": true, "ci": true, "style": true,
	"revert": true, "test": true, "skip": true, "skipped": true, "skipping": true, "todo": true, "fixme": true, "xxx": true, "status": true, "result": true,
	"expected": true, "actual": true, "want": true, "got": true, "default": true, "title": true, "subject": true,
	"http": true, "https": true, "file": true, "ftp": true, "mailto": true, "e.g": true, "i.e": true,
}

// quietWords are subjects that say a line is no error: a warning, a note,
// advice, a record below the error level.
var quietWords = map[string]bool{
	"warning": true, "warn": true, "note": true, "hint": true, "info": true, "notice": true, "debug": true,
	"trace": true, "verbose": true, "tip": true, "usage": true, "deprecated": true, "deprecation": true,
}

// failurePhrase reports whether a message says that something failed, by
// a phrase of a general vocabulary: a word ("cannot", "invalid",
// "unexpected") or two ("not found", "no such", "does not exist", "is not
// a", "timed out").
func failurePhrase(msg string) bool {
	if k := strings.LastIndex(msg, " ["); k > 0 && strings.HasSuffix(msg, "]") && !strings.ContainsAny(msg[k+2:len(msg)-1], " ]") {
		msg = msg[:k] // a tag at the end ("Good signature from x [unknown]": gpg's trust in the key)
	}
	var buf [24]byte
	prev := ""
	for i := 0; i < len(msg); {
		for i < len(msg) && !isPhraseByte(msg[i]) {
			i++
		}
		j := i
		for j < len(msg) && isPhraseByte(msg[j]) {
			j++
		}
		if j == i {
			break
		}
		w := msg[i:j]
		named := i > 0 && (msg[i-1] == '.' || msg[i-1] == '/') || j+1 < len(msg) && (msg[j] == '.' || msg[j] == '/') && isWordByte(msg[j+1])
		i = j
		if len(w) > len(buf) || named {
			prev = "" // (a part of a file's or a name's path is no word: "missing.json", "bad/x")
			continue
		}
		for k := 0; k < len(w); k++ {
			buf[k] = lower(w[k])
		}
		lw := string(buf[:len(w)]) // the compiler does not allocate for a map key
		if failureWords[lw] {
			return true
		}
		if prev != "" && failurePairs[prev+" "+lw] {
			return true
		}
		if secondWords[lw] {
			prev = lw
		} else {
			prev = ""
		}
	}
	return false
}

func isPhraseByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || c == '_' || c == '\'' || c == '-'
}

// failureWords say on their own that something failed.
var failureWords = map[string]bool{
	"cannot": true, "can't": true, "couldn't": true, "failed": true, "failure": true, "invalid": true, "illegal": true,
	"unexpected": true, "unexpectedly": true, "unknown": true, "bad": true, "corrupt": true, "corrupted": true,
	"truncated": true, "missing": true, "denied": true, "refused": true, "aborted": true, "unbound": true,
	"undefined": true, "unrecognized": true, "unrecognised": true, "unsupported": true, "mismatch": true,
	"nonexistent": true, "non-existent": true, "forbidden": true, "unreadable": true, "unresolved": true,
	"unterminated": true, "unmatched": true, "unclosed": true, "premature": true, "conflict": true, "conflicts": true,
	"overflow": true, "violates": true, "error": true, "fatal": true, "doesn't": true, "isn't": true, "wasn't": true, "aren't": true,
}

// secondWords start the pairs in failurePairs.
var secondWords = map[string]bool{
	"not": true, "no": true, "could": true, "unable": true, "timed": true, "is": true, "are": true, "was": true,
	"does": true, "did": true, "divide": true, "division": true, "of": true, "too": true, "same": true, "wrong": true,
}

// failurePairs say that something failed in two words.
var failurePairs = map[string]bool{
	"not found": true, "not a": true, "not an": true, "not in": true, "not within": true, "not under": true,
	"not allowed": true, "not permitted": true, "not supported": true, "not recognized": true, "not recognised": true,
	"not exist": true, "not exists": true, "not defined": true, "not set": true, "not readable": true,
	"not writable": true, "not executable": true, "not valid": true, "not match": true,
	"no such": true, "no matches": true, "could not": true, "unable to": true, "timed out": true,
	"is not": true, "are not": true, "was not": true, "does not": true, "did not": true,
	"divide by": true, "division by": true, "of range": true, "of memory": true, "of bounds": true, "too many": true, "too few": true, "too large": true,
	"too long": true, "too big": true, "not specified": true, "same file": true, "wrong number": true,
}

// codedErrorRe is an error with its number: the MySQL client's "ERROR 2002
// (HY000): ...", lz4's "Error 68 : ...".
var codedErrorRe = regexp.MustCompile(`^(?:ERROR|Error) \d+(?: \([0-9A-Z]{5}\))? ?: \S`)

// complaintCat is the category a complaint's words decide, or "" for
// errkind's: input that does not parse (a truncated file, a wrong format,
// bad magic), a value the program refuses (out of range, division by
// zero, an illegal input sequence).
func complaintCat(t string) errkind.Category {
	switch {
	case complaintSyntaxRe.MatchString(t):
		return errkind.CategorySyntax
	case complaintNetRe.MatchString(t):
		return errkind.CategoryNetwork
	case complaintRuntimeRe.MatchString(t):
		return errkind.CategoryRuntime
	case complaintFSRe.MatchString(t):
		return errkind.CategoryFilesystem
	}
	return ""
}

var (
	complaintSyntaxRe  = regexp.MustCompile(`(?i)\bunexpected (?:end|eof)\b|\bpremature(?:ly)? end\b|\bends unexpectedly\b|\btruncated\b|\bnot in (?:the )?[\w.-]+ format\b|\bformat not recognized\b|\bbad magic\b|\binvalid (?:input|header|magic|format|data|base64)\b|\bunknown (?:header|format|file format)\b|\bunfinished stream\b|\bonly garbage\b|\bmalformed\b|\bunexpected operator\b|\b(?:unary|binary) operator expected\b|\bcorrupt(?:ed)? (?:input|data|file|archive|header|stream)\b`)
	complaintNetRe     = regexp.MustCompile(`(?i)\b(?:can't|cannot|could not|couldn't|unable to|failed to) connect to (?:\w+ )?(?:server|host)\b|\bunknown (?:server )?host\b|\bcould not resolve host`)
	complaintFSRe      = regexp.MustCompile(`(?i)\bfile exists$|\bomitting directory\b|\bare the same file$|\bis a directory$|\bnot a directory$|\bdirectory not empty$`)
	complaintRuntimeRe = regexp.MustCompile(`(?i)\bout of range\b|\bdivi(?:de|sion) by zero\b|\billegal (?:input|byte|character|value|argument)\b`)
)
