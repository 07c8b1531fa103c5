package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-go/faultline/filter"
)

// configFile is the name of faultline's configuration at a module root.
const configFile = ".faultline.yaml"

// config is .faultline.yaml: which checks run and how. Flags override it.
//
//	skip: [lint]                 # checks not to run
//	timeout: 10m                 # each check's time limit
//	race: true                   # go test -race
//	checks:                      # per standard check: build, vet, lint, test
//	  test: {args: [-short], timeout: 20m}
//	  lint: {args: [--enable, errcheck]}
//	custom:                      # more checks, run after the standard ones
//	  - name: staticcheck
//	    command: [staticcheck, ./...]
//	    parser: ""               # build, vet, lint, test, or "" for file:line:col: message
//	    timeout: 5m
//	    optional: true           # skipped with a note when not installed
//	exclude: [gen/**, "**/*.pb.go"]  # errors in these files are not reported
type config struct {
	Skip    []string               `yaml:"skip"`
	Timeout duration               `yaml:"timeout"`
	Race    bool                   `yaml:"race"`
	Checks  map[string]checkConfig `yaml:"checks"`
	Custom  []customCheck          `yaml:"custom"`
	Exclude []string               `yaml:"exclude"`

	path string // where it was read from; "" when there is none
}

// checkConfig configures one standard check.
type checkConfig struct {
	Args    []string `yaml:"args"`
	Timeout duration `yaml:"timeout"`
}

// customCheck is a check of the user's own.
type customCheck struct {
	Name     string   `yaml:"name"`
	Command  []string `yaml:"command"`
	Parser   string   `yaml:"parser"`
	Timeout  duration `yaml:"timeout"`
	Optional bool     `yaml:"optional"`
}

// duration is a time.Duration written as Go writes one ("90s", "10m").
type duration time.Duration

// UnmarshalYAML implements yaml.Unmarshaler.
func (d *duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := time.ParseDuration(n.Value)
	if err != nil || v <= 0 {
		return fmt.Errorf("line %d: %q is not a positive duration (like 90s or 10m)", n.Line, n.Value)
	}
	*d = duration(v)
	return nil
}

// standardChecks are the checks of filter.DefaultChain, in order.
var standardChecks = []string{"build", "vet", "lint", "test"}

// errConfig marks an invalid configuration: exit status 2.
var errConfig = errors.New("invalid configuration")

// loadConfig reads .faultline.yaml at the module root, if there is one.
func loadConfig(root string) (config, error) {
	p := filepath.Join(root, configFile)
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return config{}, nil
	}
	if err != nil {
		return config{}, err
	}
	c, err := parseConfig(data)
	if err != nil {
		return config{}, fmt.Errorf("%w: %s: %w", errConfig, p, err)
	}
	c.path = p
	return c, nil
}

// parseConfig parses and validates a configuration; its errors name the
// field and the line.
func parseConfig(data []byte) (config, error) {
	var c config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return config{}, cleanYAMLError(err)
	}
	var root yaml.Node
	_ = yaml.Unmarshal(data, &root)
	line := func(keys ...string) int { return lineOf(&root, keys...) }
	for i, s := range c.Skip {
		if !slices.Contains(standardChecks, s) && !slices.ContainsFunc(c.Custom, func(cc customCheck) bool { return cc.Name == s }) {
			return config{}, fmt.Errorf("line %d: skip[%d]: unknown check %q (build, vet, lint, test or a custom check's name)", line("skip"), i, s)
		}
	}
	for name := range c.Checks {
		if !slices.Contains(standardChecks, name) {
			return config{}, fmt.Errorf("line %d: checks.%s: unknown check (build, vet, lint or test; a check of your own goes under custom)", line("checks", name), name)
		}
	}
	seen := map[string]bool{}
	for i, cc := range c.Custom {
		switch {
		case cc.Name == "":
			return config{}, fmt.Errorf("line %d: custom[%d].name: a custom check needs a name", line("custom"), i)
		case slices.Contains(standardChecks, cc.Name) || seen[cc.Name]:
			return config{}, fmt.Errorf("line %d: custom[%d].name: %q is taken", line("custom"), i, cc.Name)
		case len(cc.Command) == 0 || cc.Command[0] == "":
			return config{}, fmt.Errorf("line %d: custom[%d].command: a custom check needs a command", line("custom"), i)
		case cc.Parser != "" && !slices.Contains(standardChecks, cc.Parser):
			return config{}, fmt.Errorf("line %d: custom[%d].parser: %q is not build, vet, lint or test", line("custom"), i, cc.Parser)
		}
		seen[cc.Name] = true
	}
	for i, g := range c.Exclude {
		if _, err := path.Match(strings.ReplaceAll(g, "**", "x"), ""); err != nil || g == "" {
			return config{}, fmt.Errorf("line %d: exclude[%d]: %q is not a path pattern", line("exclude"), i, g)
		}
	}
	return c, nil
}

// cleanYAMLError makes yaml's multi-line errors one line: "line 3: field
// tmeout not found in type cli.config" becomes "line 3: unknown field
// tmeout".
func cleanYAMLError(err error) error {
	s := strings.TrimPrefix(err.Error(), "yaml: ")
	s = strings.TrimPrefix(s, "unmarshal errors:\n")
	var parts []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if before, field, ok := strings.Cut(l, "field "); ok && strings.Contains(field, " not found in type") {
			field, _, _ = strings.Cut(field, " not found")
			l = before + "unknown field " + field
		}
		l = typeNames.Replace(l)
		parts = append(parts, l)
	}
	return errors.New(strings.Join(parts, "; "))
}

// typeNames say in yaml's errors what the Go types of the configuration
// are.
var typeNames = strings.NewReplacer(
	"into cli.checkConfig", "into a check's settings (args, timeout)",
	"into cli.customCheck", "into a custom check (name, command, parser, timeout, optional)",
	"into cli.config", "into the configuration",
	"into []string", "into a list",
	"into map[string]cli.checkConfig", "into the checks' settings (build, vet, lint, test)",
	"into []cli.customCheck", "into a list of custom checks",
	"into bool", "into true or false",
)

// lineOf returns the line of the value at keys in a YAML document, or of
// the deepest key found.
func lineOf(n *yaml.Node, keys ...string) int {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := n.Line
	for _, k := range keys {
		if n.Kind != yaml.MappingNode {
			return line
		}
		found := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				line, n, found = n.Content[i].Line, n.Content[i+1], true
				break
			}
		}
		if !found {
			return line
		}
	}
	return line
}

// excluded reports whether a module-relative file matches one of the
// patterns: path.Match per path element, with ** for any number of them.
func excluded(patterns []string, file string) bool {
	if file == "" {
		return false
	}
	for _, p := range patterns {
		if matchPath(strings.Split(p, "/"), strings.Split(file, "/")) {
			return true
		}
	}
	return false
}

func matchPath(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchPath(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// chainOptions are the choices of what runs: the configuration, overridden
// by flags.
type chainOptions struct {
	skip     []string
	args     map[string][]string // extra arguments per standard check
	timeout  time.Duration       // 0: the configuration's or the default
	race     bool
	packages string
	baseline *baseline // errors that were there before the change; nil: none
	rerun    bool      // re-run failed tests alone to tell flaky ones
}

// buildChain is the chain for one module: the default chain with the
// configuration's and the flags' choices.
func buildChain(t target, cfg config, o chainOptions) (*filter.Chain, error) {
	args := map[string][]string{}
	for name, cc := range cfg.Checks {
		args[name] = append(args[name], cc.Args...)
	}
	for name, a := range o.args {
		args[name] = a // a flag replaces the configuration's arguments
	}
	timeout := o.timeout
	if timeout == 0 {
		timeout = time.Duration(cfg.Timeout)
	}
	pkgs := o.packages
	if pkgs == "" {
		pkgs = t.pattern
	}
	var custom []filter.Check
	for _, cc := range cfg.Custom {
		custom = append(custom, filter.Check{Name: cc.Name, Command: cc.Command, Parser: cc.Parser,
			Timeout: time.Duration(cc.Timeout), Optional: cc.Optional})
	}
	chain := filter.DefaultChain(t.root, filter.ChainOptions{Race: o.race || cfg.Race, Timeout: timeout, Packages: pkgs, Args: args, Custom: custom})
	for i := range chain.Checks {
		if cc, ok := cfg.Checks[chain.Checks[i].Name]; ok && cc.Timeout > 0 && o.timeout == 0 {
			chain.Checks[i].Timeout = time.Duration(cc.Timeout)
		}
	}
	skip := append(append([]string(nil), cfg.Skip...), o.skip...)
	for _, s := range o.skip {
		if !slices.ContainsFunc(chain.Checks, func(c filter.Check) bool { return c.Name == s }) {
			return nil, fmt.Errorf("--skip: no check %q (the checks are %s)", s, checkNames(chain))
		}
	}
	chain.Checks = slices.DeleteFunc(chain.Checks, func(c filter.Check) bool { return slices.Contains(skip, c.Name) })
	chain.RerunFailedTests = o.rerun
	if len(chain.Checks) == 0 {
		return nil, errors.New("every check is skipped")
	}
	base := o.baseline
	if len(cfg.Exclude) > 0 || base != nil {
		chain.Ignore = func(e filter.Error) string {
			switch {
			case excluded(cfg.Exclude, e.File):
				return "in files excluded by " + configFile
			case base != nil && base.has(e):
				return "pre-existing (in the baseline of " + base.source + ")"
			}
			return ""
		}
	}
	return chain, nil
}

// checkNames lists the chain's checks, comma-separated.
func checkNames(chain *filter.Chain) string {
	var names []string
	for _, c := range chain.Checks {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

// splitList splits comma-separated flag values.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
