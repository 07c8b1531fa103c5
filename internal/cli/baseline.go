package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/internal/statedir"
)

// baseline is the errors that were there before a change, by signature
// (which ignores positions, so an old error on a line that moved is still
// old, and a new error on an untouched line is still new).
type baseline struct {
	source string // "HEAD~1 (tree 1a2b3c4d)", "ci-baseline.json"
	sigs   map[string]bool
}

// has reports whether the error was in the baseline.
func (b *baseline) has(e filter.Error) bool {
	if e.Signature == "" {
		one := []filter.Error{e}
		errkind.Annotate(one)
		e = one[0]
	}
	return b.sigs[e.Signature]
}

// baselineFile is a baseline as it is cached.
type baselineFile struct {
	Source     string   `json:"source"`
	Signatures []string `json:"signatures"`
}

// loadBaselineFile reads a saved `faultline check --format json` (or
// `faultline parse`) result: every error it lists, new or pre-existing, in
// every module, is in the baseline.
func loadBaselineFile(path string) (*baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Errors      []filter.Error `json:"errors"`
		Signatures  []string       `json:"signatures"`
		Preexisting []filter.Error `json:"preexisting"`
		Result      *struct {
			Errors      []filter.Error `json:"errors"`
			Preexisting []filter.Error `json:"preexisting"`
		} `json:"result"`
		Modules []struct {
			Result *struct {
				Errors      []filter.Error `json:"errors"`
				Preexisting []filter.Error `json:"preexisting"`
			} `json:"result"`
		} `json:"modules"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s is not a faultline check or parse result: %w", path, err)
	}
	errs := append(doc.Errors, doc.Preexisting...)
	if doc.Result != nil {
		errs = append(append(errs, doc.Result.Errors...), doc.Result.Preexisting...)
	}
	for _, m := range doc.Modules {
		if m.Result != nil {
			errs = append(append(errs, m.Result.Errors...), m.Result.Preexisting...)
		}
	}
	errkind.Annotate(errs)
	b := &baseline{source: filepath.Base(path), sigs: map[string]bool{}}
	for _, e := range errs {
		b.sigs[e.Signature] = true
	}
	for _, s := range doc.Signatures {
		b.sigs[s] = true
	}
	return b, nil
}

// baselineOfRev runs every check (not stopping at the first failure) on a
// temporary worktree of rev, and returns the signatures of all their
// errors. Results are cached in the state directory by the revision's tree,
// the checks' commands and the Go version, so a loop or a CI job pays once.
func baselineOfRev(ctx context.Context, t target, cfg config, opts chainOptions, rev string) (*baseline, error) {
	top, err := gitOutput(t.root, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev needs a git repository: %w", err)
	}
	tree, err := gitOutput(t.root, "rev-parse", "--verify", "--quiet", rev+"^{tree}")
	if err != nil || tree == "" {
		return nil, fmt.Errorf("--new-from-rev %s: no such revision", rev)
	}
	rel, err := filepath.Rel(top, t.root)
	if err != nil {
		return nil, err
	}
	opts.baseline = nil
	probe, err := buildChain(target{root: t.root, pattern: t.pattern}, cfg, opts)
	if err != nil {
		return nil, err
	}
	key := sha256.New()
	fmt.Fprintln(key, tree, rel, runtime.Version(), goVersion())
	for _, c := range probe.Checks {
		fmt.Fprintln(key, c.Name, strings.Join(c.Command, "\x00"))
	}
	source := fmt.Sprintf("%s (tree %.8s)", rev, tree)
	cache := ""
	if state, err := statedir.Dir(); err == nil {
		dir := filepath.Join(state, "baselines", statedir.Key(t.root))
		if os.MkdirAll(dir, 0o700) == nil {
			cache = filepath.Join(dir, hex.EncodeToString(key.Sum(nil))[:24]+".json")
		}
	}
	if cache != "" {
		if b, err := loadBaselineFile(cache); err == nil {
			b.source = source
			return b, nil
		}
	}

	wt, err := os.MkdirTemp("", "faultline-baseline-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(wt) }()
	if _, err := gitOutput(top, "worktree", "add", "--detach", "--force", wt, rev); err != nil {
		return nil, fmt.Errorf("--new-from-rev %s: making a worktree: %w", rev, err)
	}
	defer func() { _, _ = gitOutput(top, "worktree", "remove", "--force", wt) }() // else git worktree prune does it
	root := filepath.Join(wt, rel)
	chain, err := buildChain(target{root: root, pattern: t.pattern}, cfg, opts)
	if err != nil {
		return nil, err
	}
	var sigs []string
	for _, o := range chain.RunAll(ctx) {
		if o.Status == filter.StatusError && ctx.Err() != nil {
			return nil, fmt.Errorf("--new-from-rev %s: interrupted", rev)
		}
		for _, e := range o.Parsed.Errors {
			sigs = append(sigs, e.Signature)
		}
	}
	slices.Sort(sigs)
	sigs = slices.Compact(sigs)
	if cache != "" {
		if data, err := json.Marshal(baselineFile{Source: source, Signatures: sigs}); err == nil {
			tmp := cache + ".tmp"
			if os.WriteFile(tmp, data, 0o600) == nil {
				_ = os.Rename(tmp, cache) // a cache: the next run recomputes it
			}
		}
	}
	b := &baseline{source: source, sigs: map[string]bool{}}
	for _, s := range sigs {
		b.sigs[s] = true
	}
	return b, nil
}

// gitOutput runs git in dir and returns its trimmed stdout.
func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			return "", fmt.Errorf("git %s: %s", args[0], strings.TrimSpace(string(ee.Stderr)))
		}
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	return strings.TrimSpace(string(out)), nil
}

// goVersion is the version of the go command on PATH.
func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
