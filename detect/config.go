package detect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/faultline-go/faultline/errkind"
)

// Config is seed 003's error_detection configuration.
type Config struct {
	// Enabled turns detection on; a disabled detector finds nothing.
	Enabled bool `json:"enabled"`
	// TwoStage confirms each candidate line in context (stage 2). Without
	// it every line a trigger pattern matches is reported, as the seed's
	// stage 1 alone would.
	TwoStage bool `json:"two_stage"`
	// CaptureMultiline captures the whole block of an error: a stack
	// trace, a compiler's snippet, a test's failure report.
	CaptureMultiline bool `json:"capture_multiline"`
	// MaxContextLines is the size of the context window around an error,
	// as in the seed's example: 5 gives the two lines before the error,
	// its first line, and the two lines after its block.
	MaxContextLines int `json:"max_context_lines"`
	// MaxStackDepth is the sanity limit on the lines of one error's
	// Multiline; the block still ends where it ends, and the lines over
	// the limit are counted in a last "... N more lines" entry.
	MaxStackDepth int `json:"max_stack_depth"`
	// CustomPatterns are regular expressions (RE2 syntax) of lines that
	// are errors; they are added to the trigger patterns and need no
	// further confirmation.
	CustomPatterns []string `json:"custom_patterns"`
	// CustomFalsePositives are regular expressions of lines that are
	// never errors.
	CustomFalsePositives []string `json:"custom_false_positives"`
	// SeverityOverrides maps a category ("network_error") to the severity
	// its errors get ("low").
	SeverityOverrides map[string]string `json:"severity_overrides"`
	// IncludeWarnings reports warnings too, at low severity; by default
	// warnings are not errors.
	IncludeWarnings bool `json:"include_warnings"`
	// MaxErrors caps the errors listed in a report (0: DefaultMaxErrors);
	// the summary still counts every error found, and Report.Unlisted
	// says how many were left out.
	MaxErrors int `json:"max_errors"`
}

// DefaultMaxErrors is how many errors a report lists unless max_errors
// says otherwise.
const DefaultMaxErrors = 1000

// DefaultConfig returns the seed's defaults.
func DefaultConfig() Config {
	return Config{
		Enabled:              true,
		TwoStage:             true,
		CaptureMultiline:     true,
		MaxContextLines:      5,
		MaxStackDepth:        20,
		CustomPatterns:       []string{},
		CustomFalsePositives: []string{},
		SeverityOverrides:    map[string]string{},
	}
}

// Limits on configuration values, so that a typo cannot make every error
// carry megabytes of context.
const (
	maxContextLimit = 1000
	maxDepthLimit   = 100000
	maxErrorsLimit  = 1000000
)

// ConfigError is an invalid configuration, naming the field at fault.
type ConfigError struct {
	Field string // e.g. "max_stack_depth", "custom_patterns[2]"
	Err   error
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("detect: config field %q: %v", e.Field, e.Err)
}

func (e *ConfigError) Unwrap() error { return e.Err }

// ParseConfig reads a configuration in JSON: either the seed's file, with
// the settings under "error_detection", or the settings object itself.
// Settings it does not name keep their defaults; unknown fields, values of
// the wrong type and invalid values are errors naming the field.
func ParseConfig(data []byte) (Config, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return Config{}, fmt.Errorf("detect: config is not a JSON object: %w", err)
	}
	if inner, ok := top["error_detection"]; ok {
		if len(top) > 1 {
			for k := range top {
				if k != "error_detection" {
					return Config{}, &ConfigError{Field: k, Err: errors.New("unknown field (settings belong under error_detection)")}
				}
			}
		}
		data = inner
	}
	cfg := DefaultConfig()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return Config{}, configDecodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Config{}, errors.New("detect: config has data after its JSON object")
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// configDecodeError names the field of a decoding error.
func configDecodeError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return &ConfigError{Field: te.Field, Err: fmt.Errorf("want %s, got JSON %s", te.Type, te.Value)}
	}
	if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
		return &ConfigError{Field: strings.Trim(strings.TrimPrefix(msg, "json: unknown field "), `"`), Err: errors.New("unknown field")}
	}
	return fmt.Errorf("detect: config: %w", err)
}

// Validate checks the configuration's values.
func (c Config) Validate() error {
	if c.MaxContextLines < 0 || c.MaxContextLines > maxContextLimit {
		return &ConfigError{Field: "max_context_lines", Err: fmt.Errorf("%d is outside 0..%d", c.MaxContextLines, maxContextLimit)}
	}
	if c.MaxStackDepth < 1 || c.MaxStackDepth > maxDepthLimit {
		return &ConfigError{Field: "max_stack_depth", Err: fmt.Errorf("%d is outside 1..%d", c.MaxStackDepth, maxDepthLimit)}
	}
	if c.MaxErrors < 0 || c.MaxErrors > maxErrorsLimit {
		return &ConfigError{Field: "max_errors", Err: fmt.Errorf("%d is outside 0..%d", c.MaxErrors, maxErrorsLimit)}
	}
	if _, err := compileAll("custom_patterns", c.CustomPatterns); err != nil {
		return err
	}
	if _, err := compileAll("custom_false_positives", c.CustomFalsePositives); err != nil {
		return err
	}
	keys := make([]string, 0, len(c.SeverityOverrides))
	for k := range c.SeverityOverrides {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		field := "severity_overrides." + k
		if !validCategory(k) {
			return &ConfigError{Field: field, Err: fmt.Errorf("unknown category %q (want one of %s)", k, joinCats())}
		}
		if !validSeverity(c.SeverityOverrides[k]) {
			return &ConfigError{Field: field, Err: fmt.Errorf("unknown severity %q (want blocking, high, medium or low)", c.SeverityOverrides[k])}
		}
	}
	return nil
}

func compileAll(field string, patterns []string) ([]*regexp.Regexp, error) {
	res := make([]*regexp.Regexp, 0, len(patterns))
	for i, p := range patterns {
		if p == "" {
			return nil, &ConfigError{Field: fmt.Sprintf("%s[%d]", field, i), Err: errors.New("empty pattern")}
		}
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, &ConfigError{Field: fmt.Sprintf("%s[%d]", field, i), Err: err}
		}
		res = append(res, re)
	}
	return res, nil
}

func validCategory(s string) bool {
	for _, c := range errkind.Categories() {
		if string(c) == s {
			return true
		}
	}
	return false
}

func validSeverity(s string) bool {
	for _, v := range errkind.Severities() {
		if string(v) == s {
			return true
		}
	}
	return false
}

func joinCats() string {
	var names []string
	for _, c := range errkind.Categories() {
		names = append(names, string(c))
	}
	return strings.Join(names, ", ")
}
