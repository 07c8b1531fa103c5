package agent

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The output formats an agent's stdout is read in (Command.Format).
const (
	FormatAuto   = ""       // tell the format from the output's shape
	FormatClaude = "claude" // claude -p --output-format json | stream-json
	FormatCodex  = "codex"  // codex exec --json (JSON lines of thread events)
	FormatGemini = "gemini" // gemini -p --output-format json | stream-json
	FormatAider  = "aider"  // aider --message-file F: text with "Tokens: … Cost: $X message, …"
	FormatText   = "text"   // the whole stdout is the answer
)

// Formats lists the formats a Command reads, for flags and their errors.
var Formats = []string{FormatClaude, FormatCodex, FormatGemini, FormatAider, FormatText}

// agentReply is what an agent's stdout said.
type agentReply struct {
	format              string
	text, session       string
	cost                float64
	inTokens, outTokens int
	isError             bool
	errMessage          string
	structured          json.RawMessage
}

// readReply reads an agent's stdout in the given format; FormatAuto tries
// the structured formats by their shape and falls back to aider's and then
// plain text.
func readReply(stdout, format string) agentReply {
	switch format {
	case FormatClaude:
		if r, ok := readClaude(stdout); ok {
			return r
		}
	case FormatCodex:
		if r, ok := readCodex(stdout); ok {
			return r
		}
	case FormatGemini:
		if r, ok := readGemini(stdout); ok {
			return r
		}
	case FormatAider:
		return readAider(stdout)
	case FormatText:
	default:
		for _, read := range []func(string) (agentReply, bool){readClaude, readCodex, readGemini} {
			if r, ok := read(stdout); ok {
				return r
			}
		}
		if r := readAider(stdout); r.cost > 0 || r.inTokens > 0 {
			return r
		}
	}
	return agentReply{format: FormatText, text: strings.TrimRight(stdout, "\r\n")}
}

// jsonLines returns the lines of s that hold a JSON object, valid UTF-8.
func jsonLines(s string) [][]byte {
	var out [][]byte
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "{") && strings.HasSuffix(l, "}") {
			out = append(out, validUTF8([]byte(l)))
		}
	}
	return out
}

func validUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	return bytes.ToValidUTF8(b, []byte("\uFFFD"))
}

// claudeResult is the part of a Claude result object faultline reads.
type claudeResult struct {
	Type         string          `json:"type"`
	Subtype      string          `json:"subtype"`
	Result       json.RawMessage `json:"result"`
	IsError      bool            `json:"is_error"`
	TotalCostUSD *float64        `json:"total_cost_usd"`
	CostUSD      *float64        `json:"cost_usd"`
	SessionID    string          `json:"session_id"`
	Usage        *struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
}

// readClaude reads Claude Code's -p --output-format json (one object with
// a result) or stream-json (JSON lines, the last of type "result").
func readClaude(stdout string) (agentReply, bool) {
	trimmed := strings.TrimSpace(stdout)
	if !strings.HasPrefix(trimmed, "{") {
		return agentReply{}, false
	}
	if r, ok := claudeObject(validUTF8([]byte(trimmed)), false); ok {
		return r, true
	}
	// JSON lines: the last line of type "result" (the marker of dropped
	// output, or a cut line, is not JSON and is skipped).
	lines := jsonLines(trimmed)
	for i := len(lines) - 1; i >= 0; i-- {
		if !bytes.Contains(lines[i], []byte(`"result"`)) {
			continue
		}
		if r, ok := claudeObject(lines[i], true); ok {
			return r, true
		}
	}
	return agentReply{}, false
}

// claudeObject reads one Claude result object: it must have a result, or
// be of type "result" (which stream lines must).
func claudeObject(raw []byte, mustBeResult bool) (agentReply, bool) {
	var c claudeResult
	if json.Unmarshal(raw, &c) != nil {
		return agentReply{}, false
	}
	if c.Type != "result" && (mustBeResult || c.Result == nil) {
		return agentReply{}, false
	}
	if c.Result == nil && c.Subtype == "" && c.TotalCostUSD == nil && c.CostUSD == nil {
		return agentReply{}, false // another tool's "result" (Gemini CLI's stream-json)
	}
	r := agentReply{
		format:     FormatClaude,
		session:    c.SessionID,
		isError:    c.IsError || strings.HasPrefix(c.Subtype, "error"),
		structured: json.RawMessage(raw),
	}
	var text string
	switch {
	case c.Result == nil || string(c.Result) == "null":
	case json.Unmarshal(c.Result, &text) == nil:
		r.text = text
	default:
		r.text = string(c.Result) // structured output: keep it as JSON
	}
	switch {
	case c.TotalCostUSD != nil:
		r.cost = *c.TotalCostUSD
	case c.CostUSD != nil:
		r.cost = *c.CostUSD
	}
	if c.Usage != nil {
		r.inTokens, r.outTokens = c.Usage.InputTokens, c.Usage.OutputTokens
	}
	return r, true
}

// codexEvent is a line of codex exec --json: thread.started, turn.started,
// item.started/updated/completed, turn.completed, turn.failed, error (see
// codex-rs/exec/src/exec_events.rs in openai/codex).
type codexEvent struct {
	Type     string `json:"type"`
	ThreadID string `json:"thread_id"`
	Message  string `json:"message"`
	Error    *struct {
		Message string `json:"message"`
	} `json:"error"`
	Usage *struct {
		InputTokens       int `json:"input_tokens"`
		CachedInputTokens int `json:"cached_input_tokens"`
		OutputTokens      int `json:"output_tokens"`
	} `json:"usage"`
	Item *struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"item"`
}

// readCodex reads codex exec --json: the answer is the last completed
// agent_message, the tokens the turns' usage, an error a turn.failed or
// error event. It has no cost in USD.
func readCodex(stdout string) (agentReply, bool) {
	r := agentReply{format: FormatCodex}
	seen := false
	for _, l := range jsonLines(stdout) {
		var ev codexEvent
		if json.Unmarshal(l, &ev) != nil {
			continue
		}
		switch ev.Type {
		case "thread.started":
			seen, r.session = true, ev.ThreadID
		case "turn.completed":
			seen = true
			if ev.Usage != nil {
				r.inTokens += ev.Usage.InputTokens
				r.outTokens += ev.Usage.OutputTokens
			}
			r.structured = json.RawMessage(l)
		case "turn.failed":
			seen, r.isError = true, true
			if ev.Error != nil {
				r.errMessage = ev.Error.Message
			}
			r.structured = json.RawMessage(l)
		case "error":
			if ev.Message != "" {
				seen, r.isError, r.errMessage = true, true, ev.Message
			}
		case "item.completed":
			if ev.Item != nil && ev.Item.Type == "agent_message" {
				seen, r.text = true, ev.Item.Text
			}
		}
	}
	if r.text == "" && r.errMessage != "" {
		r.text = r.errMessage
	}
	return r, seen
}

// geminiStats is the stats object of Gemini CLI's JSON output.
type geminiStats struct {
	Models map[string]struct {
		Tokens struct {
			Prompt     int `json:"prompt"`
			Candidates int `json:"candidates"`
			Total      int `json:"total"`
		} `json:"tokens"`
	} `json:"models"`
}

// geminiOutput is gemini -p --output-format json's one object, or a line
// of its stream-json (init, message, tool_use, tool_result, error, result).
type geminiOutput struct {
	Type      string          `json:"type"`
	Response  *string         `json:"response"`
	Stats     *geminiStats    `json:"stats"`
	Error     json.RawMessage `json:"error"`
	SessionID string          `json:"session_id"`
	Role      string          `json:"role"`
	Content   string          `json:"content"`
	Message   string          `json:"message"`
	Severity  string          `json:"severity"`
	Status    string          `json:"status"`
}

// readGemini reads Gemini CLI's headless JSON: {"response", "stats",
// "error"}, or its stream-json lines, whose assistant messages make the
// answer and whose result line ends it.
func readGemini(stdout string) (agentReply, bool) {
	trimmed := strings.TrimSpace(stdout)
	var one geminiOutput
	if strings.HasPrefix(trimmed, "{") && json.Unmarshal(validUTF8([]byte(trimmed)), &one) == nil && (one.Response != nil || one.Stats != nil) {
		r := agentReply{format: FormatGemini, structured: json.RawMessage(validUTF8([]byte(trimmed)))}
		if one.Response != nil {
			r.text = *one.Response
		}
		r.addStats(one.Stats)
		r.geminiError(one.Error)
		return r, true
	}
	r := agentReply{format: FormatGemini}
	seen := false
	var text strings.Builder
	for _, l := range jsonLines(trimmed) {
		var ev geminiOutput
		if json.Unmarshal(l, &ev) != nil {
			continue
		}
		switch ev.Type {
		case "init":
			seen, r.session = true, ev.SessionID
		case "message":
			if ev.Role == "assistant" {
				seen = true
				text.WriteString(ev.Content)
			}
		case "error":
			if ev.Severity == "error" {
				r.isError, r.errMessage = true, ev.Message
			}
		case "result":
			seen = true
			r.structured = json.RawMessage(l)
			r.addStats(ev.Stats)
			r.geminiError(ev.Error)
			if ev.Status == "error" {
				r.isError = true
			}
		}
	}
	r.text = text.String()
	if r.text == "" {
		r.text = r.errMessage
	}
	return r, seen
}

func (r *agentReply) addStats(s *geminiStats) {
	if s == nil {
		return
	}
	for _, m := range s.Models {
		r.inTokens += m.Tokens.Prompt
		r.outTokens += m.Tokens.Candidates
	}
}

// geminiError reads Gemini's error object ({"type", "message", "code"}).
func (r *agentReply) geminiError(raw json.RawMessage) {
	if len(raw) == 0 || string(raw) == "null" {
		return
	}
	var e struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(raw, &e)
	r.isError = true
	r.errMessage = e.Message
	if r.text == "" {
		r.text = e.Message
	}
}

// aiderCost is aider's line after each model reply:
// "Tokens: 3.0k sent, 42 received. Cost: $0.0063 message, $0.0063 session."
var aiderCost = regexp.MustCompile(`(?m)^>?\s*Tokens:\s*([\d.,]+)(k?)\s+sent,\s*([\d.,]+)(k?)\s+received\.(?:\s*Cost:\s*\$([\d.]+)\s+message)?`)

// readAider reads aider's text output: the whole of it is the answer; the
// tokens and the cost of its messages are summed from its Tokens: lines.
func readAider(stdout string) agentReply {
	r := agentReply{format: FormatAider, text: strings.TrimRight(stdout, "\r\n")}
	for _, m := range aiderCost.FindAllStringSubmatch(stdout, -1) {
		r.inTokens += tokenCount(m[1], m[2])
		r.outTokens += tokenCount(m[3], m[4])
		if m[5] != "" {
			if c, err := strconv.ParseFloat(m[5], 64); err == nil {
				r.cost += c
			}
		}
	}
	return r
}

// tokenCount reads "3.0" "k" as 3000.
func tokenCount(n, k string) int {
	f, err := strconv.ParseFloat(strings.ReplaceAll(n, ",", ""), 64)
	if err != nil {
		return 0
	}
	if k == "k" {
		f *= 1000
	}
	return int(f)
}
