package detect

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/faultline-go/faultline/errkind"
)

// Levels of structured logs, by what they mean.
var (
	errorLevels = map[string]bool{"error": true, "err": true, "fatal": true, "critical": true, "crit": true,
		"panic": true, "emerg": true, "emergency": true, "alert": true, "severe": true, "dpanic": true}
	warnLevels = map[string]bool{"warn": true, "warning": true}
	quietLevel = map[string]bool{"info": true, "debug": true, "trace": true, "notice": true, "verbose": true, "fine": true}
)

// The most nesting jsonVerdict looks into.
const maxJSONDepth = 32

// jsonVerdict judges a line that is a JSON value: an agent's stream event
// or a structured log line. Only a real error field makes it an error: a
// true is_error, an error level with a message, a non-empty error string or
// object; never a key name, "error": null, "is_error": false or
// "error_count": 0. ok is false when the line is not JSON.
func jsonVerdict(line []byte) (verdict, bool) {
	if !jsonMayErr(line) && !bytes.Contains(line, []byte(httpPanicServing)) {
		// Nothing in it could make it an error: that it is JSON at all
		// matters only if it is not, and a line that ends as a JSON value
		// ends is taken for one.
		if t := bytes.TrimRight(line, " \t"); bytes.HasSuffix(t, []byte("}")) || bytes.HasSuffix(t, []byte("]")) {
			return verdict{}, true
		}
		return verdict{}, false
	}
	var v any
	if err := json.Unmarshal(line, &v); err != nil {
		return verdict{}, false
	}
	obj, isObj := v.(map[string]any)
	if !isObj {
		if arr, ok := v.([]any); ok {
			for _, x := range arr {
				if o, ok := x.(map[string]any); ok {
					if vd := jsonObjectVerdict(o, 0); vd.kind != kindNone {
						return vd, true
					}
				}
			}
		}
		return verdict{}, true
	}
	return jsonObjectVerdict(obj, 0), true
}

func jsonObjectVerdict(obj map[string]any, depth int) verdict {
	if depth > maxJSONDepth {
		return verdict{}
	}
	if v, ok := testEventVerdict(obj); ok {
		return v
	}
	if b, ok := obj["is_error"].(bool); ok && b {
		return jsonError(obj, famJSON)
	}
	if msg, _ := obj["msg"].(string); strings.HasPrefix(msg, httpPanicServing) {
		// net/http's log of a handler's panic, whatever level a logger
		// gave it (slog.SetDefault makes it INFO).
		vd := jsonError(obj, famJSON)
		vd.cat = errkind.CategoryRuntime
		return vd
	}
	if t, _ := obj["type"].(string); t == "tool_result" {
		// "is_error": false says only that the command's status was 0
		// ("pytest | tail" hides pytest's): what it printed decides.
		return toolOutputVerdict(textValue(obj["content"]), depth)
	}
	if out, ok := processOutput(obj); ok {
		// A command's output as a harness records it: a hook payload's
		// tool_response, a Codex command_execution item.
		return toolOutputVerdict(out, depth)
	}
	level := ""
	for _, k := range []string{"level", "severity", "lvl", "loglevel", "log.level", "levelname"} {
		if s, ok := obj[k].(string); ok {
			level = strings.ToLower(strings.TrimSpace(s))
			break
		}
		if n, ok := obj[k].(float64); ok {
			level = numericLevel(n)
			break
		}
	}
	if _, rule := obj["ruleId"]; level == "" && rule {
		// ESLint's messages number their severity: 2 an error, 1 a
		// warning.
		switch n, _ := obj["severity"].(float64); n {
		case 2:
			level = "error"
		case 1:
			level = "warn"
		}
	}
	switch {
	case errorLevels[level] && locatedFinding(obj):
		// A checker's finding at its place, its severity "error"
		// (staticcheck -f json): a finding stops the build unless its
		// words say more.
		vd := jsonError(obj, famJSON)
		if vd.cat == "" && matchRules(vd.text) == "" {
			vd.cat = errkind.CategoryBuild
		}
		return vd
	case errorLevels[level]:
		return jsonError(obj, famJSON)
	case warnLevels[level]:
		vd := jsonError(obj, famJSON)
		vd.kind = kindWarning
		return vd
	case quietLevel[level]:
		return verdict{}
	}
	if t, _ := obj["type"].(string); t == "error" {
		return jsonError(obj, famJSON)
	}
	if msg := graphqlError(obj); msg != "" {
		// A GraphQL response's errors: the first one's message says it.
		vd := jsonError(map[string]any{"message": msg}, famJSON)
		if matchRules(msg) == "" {
			vd.cat = errkind.CategoryRuntime // a resolver that failed at run time, whatever it says
		}
		return vd
	}
	if linter, _ := obj["FromLinter"].(string); linter != "" {
		// golangci-lint's issue in its JSON report (--output.json.path
		// stdout: {"Issues":[...]}): a linter's finding, a build error
		// unless it names a missing name.
		text, _ := obj["Text"].(string)
		vd := jsonError(map[string]any{"message": text + " (" + linter + ")"}, famJSON)
		if vd.cat = errkind.CategoryBuild; matchRules(text) == errkind.CategoryReference {
			vd.cat = errkind.CategoryReference
		}
		return vd
	}
	if findingObject(obj) {
		// A checker's finding as a JSON record, at its place (buf's
		// --error-format=json): a finding stops the build unless its
		// words say more.
		vd := jsonError(obj, famJSON)
		if vd.cat == "" && matchRules(vd.text) == "" {
			vd.cat = errkind.CategoryBuild
		}
		return vd
	}
	if errorValue(obj["error"]) != "" || errorValue(obj["err"]) != "" && errorValue(obj["err"]) != "true" && level == "" {
		return jsonError(obj, famJSON)
	}
	// Events nest their payloads: a stream-json tool result sits in
	// message.content[]. Prose (an assistant's text) never counts.
	if t, _ := obj["type"].(string); t == "assistant" || t == "text" {
		return verdict{}
	}
	for _, k := range []string{"message", "content", "data", "event", "payload", "item", "msg", "tool_response", "toolUseResult", "tool_use_result", "Issues"} {
		switch x := obj[k].(type) {
		case map[string]any:
			if vd := jsonObjectVerdict(x, depth+1); vd.kind != kindNone {
				return vd
			}
		case []any:
			for _, y := range x {
				if o, ok := y.(map[string]any); ok {
					if vd := jsonObjectVerdict(o, depth+1); vd.kind != kindNone {
						return vd
					}
				}
			}
		}
	}
	return verdict{}
}

// numericLevel names a level written as a number: pino's and bunyan's
// (10 trace to 60 fatal), syslog's severities are not numbered so.
func numericLevel(n float64) string {
	switch {
	case n >= 50 && n <= 60:
		return "error"
	case n >= 40 && n < 50:
		return "warn"
	case n >= 10 && n < 40:
		return "info"
	}
	return ""
}

// errorValue returns an error field's message: a non-empty string, or an
// object's message; "" for null, false, empty or zero.
func errorValue(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case map[string]any:
		for _, k := range []string{"message", "msg", "error", "detail", "type"} {
			if s, ok := x[k].(string); ok && strings.TrimSpace(s) != "" {
				return strings.TrimSpace(s)
			}
		}
	case bool:
		if x {
			return "true"
		}
	}
	return ""
}

// jsonError builds the verdict of an object that is an error: its message
// is the text, its lines the detail.
func jsonError(obj map[string]any, fam family) verdict {
	var msg string
	for _, k := range []string{"msg", "message", "result", "content", "text", "output", "stderr"} {
		if s := textValue(obj[k]); s != "" {
			msg = s
			break
		}
	}
	e := errorValue(obj["error"])
	if e == "" || e == "true" {
		e = errorValue(obj["err"]) // slog's and pino's key
	}
	if e != "" && e != "true" {
		switch {
		case msg == "":
			msg = e
		case !strings.Contains(msg, e):
			msg += ": " + e
		}
	}
	if msg == "" {
		if s, _ := obj["subtype"].(string); s != "" {
			msg = s
		} else {
			msg = "error"
		}
	}
	// The message's head is all a report shows (max_stack_depth lines of
	// at most 2000 bytes) and all categorisation reads.
	msg = cutRunes(msg, blockWindow)
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	text := ""
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" && !exitCodeRe.MatchString(t) {
			// (Claude Code's "Exit code 1" over a failed command's
			// output says only that it failed: the output says what.)
			text = t
			break
		}
	}
	if text == "" && len(lines) > 0 {
		text = strings.TrimSpace(lines[0])
	}
	return verdict{kind: kindError, fam: fam, text: text, detail: lines}
}

// textValue returns the text of a string, or of an array of {"type":
// "text", "text": ...} parts.
func textValue(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case []any:
		var parts []string
		for _, p := range x {
			if o, ok := p.(map[string]any); ok {
				if s, ok := o["text"].(string); ok {
					parts = append(parts, s)
				}
			}
		}
		return strings.TrimSpace(strings.Join(parts, "\n"))
	}
	return ""
}

// jsonKeyVerdict judges a line of indented JSON, `"key": value`: only an
// error key with a real message is an error.
func jsonKeyVerdict(key, value string) verdict {
	switch strings.ToLower(key) {
	case "error", "err", "error_message", "errormessage", "error_msg":
	default:
		return verdict{}
	}
	var s string
	if err := json.Unmarshal([]byte(value), &s); err != nil || strings.TrimSpace(s) == "" {
		return verdict{}
	}
	return verdict{kind: kindError, fam: famLine, text: strings.TrimSpace(s)}
}

// testEvent is the part of a go test -json (test2json) event that block
// capture reads.
type testEvent struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// decodeTestEvent decodes a line that is a test2json event.
func decodeTestEvent(line string) (testEvent, bool) {
	var ev testEvent
	if !strings.HasPrefix(strings.TrimSpace(line), "{") || json.Unmarshal([]byte(line), &ev) != nil || ev.Action == "" {
		return testEvent{}, false
	}
	return ev, true
}

// testEventVerdict judges a test2json event: a test's fail event is an
// error, a package's a summary; everything else is the run's narration.
func testEventVerdict(obj map[string]any) (verdict, bool) {
	action, ok := obj["Action"].(string)
	if !ok {
		return verdict{}, false
	}
	if action == "build-output" {
		// go test -json's build output: a compiler's diagnostic is an
		// error; the "# pkg" header and the rest are not.
		out, _ := obj["Output"].(string)
		out = strings.TrimSpace(out)
		if out == "" || strings.HasPrefix(out, "#") || diagnosticLen(out) == 0 && !strings.Contains(out, ".go:") {
			return verdict{}, true
		}
		return verdict{kind: kindError, fam: famJSON, text: out}, true
	}
	if _, ok := obj["Package"]; !ok {
		return verdict{}, false
	}
	if action != "fail" {
		return verdict{}, true
	}
	pkg, _ := obj["Package"].(string)
	if test, _ := obj["Test"].(string); test != "" {
		return verdict{kind: kindError, fam: famGoJSON, text: "--- FAIL: " + test}, true
	}
	return verdict{kind: kindSummary, fam: famNamed, text: "FAIL\t" + pkg, cat: errkind.CategoryTest}, true
}

// captureGoJSON returns the block of a test's fail event on line i: the
// test's output events above it (after its "=== RUN"), and the failures of
// its parents right below; and the message, the last thing the test said
// before it failed.
func captureGoJSON(lines []string, i, floor int) (start, end int, text string) {
	start, end = i, i
	ev, _ := decodeTestEvent(lines[i])
	test := ev.Test
	text = "--- FAIL: " + test
	found := false
	for j := i - 1; j >= floor; j-- {
		e, ok := decodeTestEvent(lines[j])
		if !ok || e.Action != "output" || e.Test != test && !strings.HasPrefix(e.Test, test+"/") ||
			strings.HasPrefix(e.Output, "=== ") {
			break
		}
		start = j
		if out := strings.TrimSpace(e.Output); !found && out != "" && !strings.HasPrefix(out, "--- ") {
			text, found = out, true
		}
	}
	for j := i + 1; j < len(lines) && j <= i+maxBlockScan; j++ {
		e, ok := decodeTestEvent(lines[j])
		if !ok || e.Test == "" || !strings.HasPrefix(test, e.Test+"/") ||
			!(e.Action == "fail" || e.Action == "output" && strings.HasPrefix(strings.TrimSpace(e.Output), "--- FAIL")) {
			break
		}
		end = j
	}
	// The panic that ended the test, printed as the parent's output
	// events after its "--- FAIL" lines: through its last frame.
	if j := end + 1; j < len(lines) {
		if e, ok := decodeTestEvent(lines[j]); ok && e.Action == "output" && strings.HasPrefix(e.Output, "panic: ") &&
			(e.Test == test || strings.HasPrefix(test, e.Test+"/")) {
			owner := e.Test
			for ; j < len(lines) && j <= end+maxBlockScan; j++ {
				e, ok := decodeTestEvent(lines[j])
				if !ok || e.Test != owner || e.Action != "output" {
					break
				}
			}
			end = j - 1
			if e, ok := decodeTestEvent(lines[min(j, len(lines)-1)]); ok && j < len(lines) && e.Test == owner && e.Action == "fail" {
				end = j // the test's fail event: its status, not another error
			}
		}
	}
	return start, end, text
}

// mayBeLevelWord reports whether a short JSON string may be an error or warning
// level or "fail": whether it starts, after blanks, with a letter one of
// them starts with. Most keys and values are ruled out without a map.
func mayBeLevelWord(str string) bool {
	i := 0
	for i < len(str) && (str[i] == ' ' || str[i] == '\t') {
		i++
	}
	if i == len(str) {
		return false
	}
	switch str[i] | 0x20 {
	case 'a', 'c', 'd', 'e', 'f', 'p', 's', 'w':
		return true
	}
	return false
}

// jsonMayErr reports whether a JSON line may hold what jsonVerdict calls
// an error: a true anywhere, a string that is a level or "fail", an error
// key with a value that is not null, false, 0 or empty. It reads the bytes
// once and decodes nothing; most events of a stream are ruled out here.
func jsonMayErr(line []byte) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case 't':
			if bytes.HasPrefix(line[i:], []byte("true")) {
				return true
			}
		case '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(line) {
				return true // not JSON as far as this scan can tell: decode it
			}
			str := string(line[i+1 : min(j, i+1+13)])
			long := j-i-1 > 12
			key := line[i+1 : j]
			i = j
			if outputKey(key) {
				// A command's output in a record of its run: when it may
				// hold an error.
				if outputMayErr(line[j:]) {
					return true
				}
				continue
			}
			if long {
				continue
			}
			if str == "level" && i+2 < len(line) && line[i+1] == ':' && (line[i+2] == '5' || line[i+2] == '6') {
				return true // pino's and bunyan's numbered levels: 50 error, 60 fatal
			}
			if str == "severity" && i+2 < len(line) && line[i+1] == ':' && line[i+2] == '2' && bytes.Contains(line, []byte(`"ruleId"`)) {
				return true // ESLint's message: severity 2 is an error
			}
			if str == "tool_result" {
				// What a tool printed, whatever its status: when it may
				// hold an error.
				if toolResultMayErr(line) {
					return true
				}
				continue
			}
			if str == "build-output" || str == "start_line" || str == "errors" {
				return true // go test -json: what the compiler said; a finding's place
			}
			if !mayBeLevelWord(str) {
				continue
			}
			word := strings.ToLower(strings.TrimSpace(str))
			if !errorLevels[word] && !warnLevels[word] && word != "fail" {
				continue
			}
			k := i + 1
			for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
				k++
			}
			if k >= len(line) || line[k] != ':' {
				return true // a value: a level, "fail", "error"
			}
			// A key: "error": null is not an error.
			k++
			for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
				k++
			}
			rest := string(line[k:min(len(line), k+5)])
			if strings.HasPrefix(rest, "null") || strings.HasPrefix(rest, "false") || strings.HasPrefix(rest, `""`) ||
				strings.HasPrefix(rest, "{}") || strings.HasPrefix(rest, "[]") || len(rest) > 0 && (isDigit(rest[0]) || rest[0] == '-') {
				continue
			}
			return true
		}
	}
	return false
}

// exitCodeRe is a harness's line over a failed command's output.
var exitCodeRe = regexp.MustCompile(`^(?:Error: )?Exit code \d+$`)

// maxToolOutput bounds the tool output a stream-json event carries that
// is read for errors.
const maxToolOutput = 1 << 20

// toolOutputVerdict judges what a tool printed, as an agent's stream-json
// event carries it: an error in it is the event's, with its category. A
// file's content listed with line numbers (Claude Code's Read: "    12→")
// is source, not output.
func toolOutputVerdict(content string, depth int) verdict {
	if content == "" || len(content) > maxToolOutput || depth > 2 || !anyCandidate(content) || listing(content) {
		return verdict{}
	}
	if r := Detect(content); len(r.Errors) > 0 {
		e := r.Errors[0] // (the default detector lists no warnings)
		return verdict{kind: kindError, fam: famJSON, text: e.Text, cat: e.Category}
	}
	return verdict{}
}

// processOutput returns what a command printed, as a JSON record of its
// run holds it: "stdout" and "stderr" (Claude Code's tool_response, Codex's
// exec_command_end), or "aggregated_output" (Codex's command_execution
// item). ok is false when the record holds none of them.
func processOutput(obj map[string]any) (out string, ok bool) {
	if s, isStr := obj["aggregated_output"].(string); isStr {
		return s, true
	}
	stdout, okOut := obj["stdout"].(string)
	stderr, okErr := obj["stderr"].(string)
	switch {
	case okOut && okErr && strings.TrimSpace(stdout) != "" && strings.TrimSpace(stderr) != "":
		return strings.TrimRight(stdout, "\n") + "\n" + stderr, true
	case okOut && strings.TrimSpace(stdout) != "":
		return stdout, true
	case okErr:
		return stderr, true
	}
	return "", false
}

// listing reports whether text is a file's content with its line numbers
// before an arrow, as an agent's Read tool shows it.
func listing(text string) bool {
	n, numbered := 0, 0
	for _, l := range strings.SplitN(text, "\n", 8) {
		n++
		t := strings.TrimLeft(l, " ")
		k := digits(t, 6)
		if k > 0 && strings.HasPrefix(t[k:], "→") {
			numbered++
		}
	}
	return numbered*2 > n
}

// anyCandidate reports whether a line of text is a candidate of stage 1:
// most tool output ("ok", a file written) holds none, and is not read
// further.
func anyCandidate(text string) bool {
	for text != "" {
		line := text
		if k := strings.IndexByte(text, '\n'); k >= 0 {
			line, text = text[:k], text[k+1:]
		} else {
			text = ""
		}
		if defaultDetector.candidate(line) {
			return true
		}
	}
	return false
}

// toolResultMayErr reports whether a stream-json line's tool output may
// hold an error: a trigger word outside the "is_error" key, or a
// compiler's place. Most tool results ("ok", a file written) hold
// neither, and are not decoded.
func toolResultMayErr(line []byte) bool {
	k := bytes.Index(line, []byte(`"content"`))
	if k < 0 {
		return false
	}
	body := line[k:]
	if e := bytes.Index(body, []byte(`"is_error"`)); e >= 0 {
		if defaultDetector.words.holds(string(body[e+len(`"is_error"`):])) {
			return true
		}
		body = body[:e]
	}
	return defaultDetector.words.holds(string(body)) || jsonPlaceRe.Match(body)
}

// outputKey reports whether a JSON key names a command's output.
func outputKey(k []byte) bool {
	switch string(k) {
	case "stdout", "stderr", "aggregated_output":
		return true
	}
	return false
}

// outputMayErr reports whether the rest of a JSON line, from a command's
// output on, may hold an error: a trigger word or a compiler's place.
func outputMayErr(rest []byte) bool {
	return defaultDetector.words.holds(string(rest)) || jsonPlaceRe.Match(rest)
}

// jsonPlaceRe is a compiler's place inside a JSON string: "x.go:3:5: ".
var jsonPlaceRe = regexp.MustCompile(`\.\w+:\d+:\d+: `)

// locatedFinding reports whether a JSON record names the place in a file
// it is about: {"location": {"file": ..., "line": ...}} (staticcheck's),
// or "file" and "line" of its own.
func locatedFinding(obj map[string]any) bool {
	at := obj
	if loc, ok := obj["location"].(map[string]any); ok {
		at = loc
	}
	file, _ := at["file"].(string)
	line, _ := at["line"].(float64)
	return file != "" && line > 0
}

// findingObject reports whether a JSON record is a finding at a place: a
// file, a line and a message, and no level to say it is less than an
// error (that is decided before).
func findingObject(obj map[string]any) bool {
	msg, _ := obj["message"].(string)
	path, _ := obj["path"].(string)
	_, line := obj["start_line"].(float64)
	return msg != "" && path != "" && line
}

// graphqlError returns the message of the first error a GraphQL response
// holds ({"errors":[{"message":"...","path":[...]}],"data":...}), or "".
func graphqlError(obj map[string]any) string {
	errs, ok := obj["errors"].([]any)
	if !ok || len(errs) == 0 {
		return ""
	}
	e, ok := errs[0].(map[string]any)
	if !ok {
		return ""
	}
	msg, _ := e["message"].(string)
	return msg
}
