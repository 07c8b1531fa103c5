// Package autofix applies the fixes the Go tools already computed: the
// suggested_fixes of go vet -json and the SuggestedFixes of golangci-lint's
// JSON report, byte edits the analyzers made themselves. A loop applies them
// before it pays a model to type the same edit.
//
// Only safe edits are applied: every edit of a fix inside its file, no fix
// overlapping another, each file rewritten atomically (a temporary file
// renamed over it). A fix that cannot be applied is skipped with the
// reason, and Diff shows it for a prompt.
package autofix

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultline-go/faultline/internal/proc"
)

// Edit replaces the bytes [Start, End) of File with New.
type Edit struct {
	File       string `json:"file"` // absolute
	Start, End int
	New        string `json:"new"`
}

// Fix is one fix a tool suggested for one of its findings.
type Fix struct {
	// Tool is "vet" or "lint"; Linter the analyzer or linter.
	Tool, Linter string
	// Message is what the fix does ("Insert \"%s\" format string").
	Message string
	// Finding is the message of what it fixes.
	Finding string
	// File and Line locate the finding (File absolute).
	File string
	Line int
	// Edits are the fix's byte edits, all of which must apply.
	Edits []Edit
}

// key identifies a fix by its edits: the same fix reported twice (a
// package and its test variant) is one.
func (f Fix) key() string {
	var b strings.Builder
	for _, e := range f.Edits {
		fmt.Fprintf(&b, "%s:%d:%d:%q;", e.File, e.Start, e.End, e.New)
	}
	return b.String()
}

// FromVetJSON reads go vet -json output (its objects may be indented over
// many lines, with "# pkg" lines between them) and returns the suggested
// fixes. Paths in it are absolute already.
func FromVetJSON(r io.Reader) ([]Fix, error) {
	data, err := io.ReadAll(io.LimitReader(r, 256<<20))
	if err != nil {
		return nil, err
	}
	type edit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	type diag struct {
		Posn           string `json:"posn"`
		Message        string `json:"message"`
		SuggestedFixes []struct {
			Message string `json:"message"`
			Edits   []edit `json:"edits"`
		} `json:"suggested_fixes"`
	}
	var fixes []Fix
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		// Skip to the next object: vet prints "# pkg" lines between them.
		off := int(dec.InputOffset())
		i := bytes.IndexByte(data[off:], '{')
		if i < 0 {
			break
		}
		dec = json.NewDecoder(bytes.NewReader(data[off+i:]))
		var obj map[string]map[string]json.RawMessage
		if err := dec.Decode(&obj); err != nil {
			data = data[off+i+1:]
			dec = json.NewDecoder(bytes.NewReader(data))
			continue
		}
		data = data[off+i+int(dec.InputOffset()):]
		dec = json.NewDecoder(bytes.NewReader(data))
		for _, analyzers := range obj {
			for name, raw := range analyzers {
				var diags []diag
				if json.Unmarshal(raw, &diags) != nil {
					continue // {"error": ...}
				}
				for _, d := range diags {
					file, line := splitPosn(d.Posn)
					for _, sf := range d.SuggestedFixes {
						f := Fix{Tool: "vet", Linter: name, Message: sf.Message, Finding: d.Message, File: file, Line: line}
						for _, e := range sf.Edits {
							f.Edits = append(f.Edits, Edit{File: e.Filename, Start: e.Start, End: e.End, New: e.New})
						}
						if len(f.Edits) > 0 {
							fixes = append(fixes, f)
						}
					}
				}
			}
		}
	}
	return dedup(fixes), nil
}

// splitPosn splits "file:line:col".
func splitPosn(p string) (string, int) {
	parts := strings.Split(p, ":")
	if len(parts) < 3 {
		return p, 0
	}
	var line int
	line, _ = strconv.Atoi(parts[len(parts)-2]) // 0: unknown
	return strings.Join(parts[:len(parts)-2], ":"), line
}

// FromLintJSON reads golangci-lint's JSON report (--output.json.path
// stdout) and returns the suggested fixes; its file names are relative to
// dir, where golangci-lint ran, and its edits' texts are base64 in the
// JSON (encoding/json's []byte).
func FromLintJSON(r io.Reader, dir string) ([]Fix, error) {
	data, err := io.ReadAll(io.LimitReader(r, 256<<20))
	if err != nil {
		return nil, err
	}
	var rep struct {
		Issues []struct {
			FromLinter string `json:"FromLinter"`
			Text       string `json:"Text"`
			Pos        struct {
				Filename string `json:"Filename"`
				Line     int    `json:"Line"`
			} `json:"Pos"`
			SuggestedFixes []struct {
				Message   string `json:"Message"`
				TextEdits []struct {
					Pos     int    `json:"Pos"`
					End     int    `json:"End"`
					NewText []byte `json:"NewText"`
				} `json:"TextEdits"`
			} `json:"SuggestedFixes"`
		} `json:"Issues"`
	}
	// The report is one line of JSON among others (warnings on stderr
	// captured with it).
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if bytes.HasPrefix(line, []byte("{")) && bytes.Contains(line, []byte(`"Issues"`)) {
			if err := json.Unmarshal(line, &rep); err != nil {
				return nil, fmt.Errorf("autofix: golangci-lint's report: %w", err)
			}
			break
		}
	}
	var fixes []Fix
	for _, is := range rep.Issues {
		file := is.Pos.Filename
		if file != "" && !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		for _, sf := range is.SuggestedFixes {
			f := Fix{Tool: "lint", Linter: is.FromLinter, Message: sf.Message, Finding: is.Text, File: file, Line: is.Pos.Line}
			for _, e := range sf.TextEdits {
				f.Edits = append(f.Edits, Edit{File: file, Start: e.Pos, End: e.End, New: string(e.NewText)})
			}
			if len(f.Edits) > 0 {
				fixes = append(fixes, f)
			}
		}
	}
	return dedup(fixes), nil
}

func dedup(fixes []Fix) []Fix {
	seen := map[string]bool{}
	out := fixes[:0]
	for _, f := range fixes {
		if k := f.key(); !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// Skipped is a fix that was not applied, and why.
type Skipped struct {
	Fix
	Reason string
}

// Result says what Apply did.
type Result struct {
	Applied []Fix
	Skipped []Skipped
	// Files are the files rewritten.
	Files []string
}

// Apply applies the fixes that are safe to apply, in order. A fix is
// skipped when an edit falls outside its file or outside root, when its
// own edits overlap, or when it touches a line an earlier applied fix
// touches: two analyzers fixing one line (printf's inserted format and a
// linter's Printf→Print) would each be right alone and wrong together.
// Each file is rewritten once, atomically, and gofmt'ed; a file the fixes
// leave unparsable is left as it was and its fixes skipped. The error is
// for a file that could not be read or written; the others are done still.
func Apply(root string, fixes []Fix) (Result, error) {
	var res Result
	type span struct{ first, last int } // lines, 1-based
	contents := map[string][]byte{}
	taken := map[string][]span{}
	accepted := map[string][]Edit{}
	fixesOf := map[string][]Fix{}
	var errs []error
	var order []string
	lines := func(file string, e Edit) span {
		data := contents[file]
		first := 1 + bytes.Count(data[:e.Start], []byte("\n"))
		last := first + bytes.Count(data[e.Start:e.End], []byte("\n"))
		return span{first, last}
	}
	for _, f := range fixes {
		reason := ""
		for _, e := range f.Edits {
			if !inside(root, e.File) {
				reason = fmt.Sprintf("edits %s, outside the module", e.File)
				break
			}
			if _, ok := contents[e.File]; !ok {
				data, err := os.ReadFile(e.File)
				if err != nil {
					errs = append(errs, err)
					reason = "cannot read " + e.File
					break
				}
				contents[e.File] = data
				order = append(order, e.File)
			}
			if e.Start < 0 || e.End < e.Start || e.End > len(contents[e.File]) {
				reason = fmt.Sprintf("an edit at bytes %d–%d is outside %s (changed since the tool ran?)", e.Start, e.End, filepath.Base(e.File))
				break
			}
		}
		if reason == "" && overlaps(f.Edits, f.Edits) {
			reason = "its own edits overlap"
		}
		if reason == "" {
		check:
			for _, e := range f.Edits {
				sp := lines(e.File, e)
				for _, t := range taken[e.File] {
					if sp.first <= t.last && t.first <= sp.last {
						reason = fmt.Sprintf("touches line %d, which a fix applied before it changes", max(sp.first, t.first))
						break check
					}
				}
			}
		}
		if reason != "" {
			res.Skipped = append(res.Skipped, Skipped{Fix: f, Reason: reason})
			continue
		}
		files := map[string]bool{}
		for _, e := range f.Edits {
			taken[e.File] = append(taken[e.File], lines(e.File, e))
			accepted[e.File] = append(accepted[e.File], e)
			files[e.File] = true
		}
		for file := range files {
			fixesOf[file] = append(fixesOf[file], f)
		}
	}
	failed := map[string]string{}
	for _, file := range order {
		edits := accepted[file]
		if len(edits) == 0 {
			continue
		}
		data := applyEdits(contents[file], edits)
		if strings.HasSuffix(file, ".go") {
			formatted, err := format.Source(data)
			if err != nil {
				failed[file] = "the fixed file does not parse: " + err.Error()
				continue
			}
			data = formatted
		}
		if err := writeAtomic(file, data); err != nil {
			errs = append(errs, err)
			failed[file] = err.Error()
			continue
		}
		res.Files = append(res.Files, file)
	}
	for _, f := range fixes {
		if slices.ContainsFunc(res.Skipped, func(s Skipped) bool { return s.key() == f.key() }) {
			continue
		}
		why := ""
		for _, e := range f.Edits {
			if r, ok := failed[e.File]; ok {
				why = r
			}
		}
		if why != "" {
			res.Skipped = append(res.Skipped, Skipped{Fix: f, Reason: why})
		} else {
			res.Applied = append(res.Applied, f)
		}
	}
	return res, errors.Join(errs...)
}

// overlaps reports whether two edits of the list overlap (an insertion at
// the same place as another edit's start counts).
func overlaps(a, b []Edit) bool {
	for i, x := range a {
		for j, y := range b {
			if i == j || x.File != y.File {
				continue
			}
			if x.Start < y.End && y.Start < x.End || x.Start == y.Start {
				return true
			}
		}
	}
	return false
}

// applyEdits applies non-overlapping edits to data, from the last.
func applyEdits(data []byte, edits []Edit) []byte {
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b Edit) int { return b.Start - a.Start })
	out := slices.Clone(data)
	for _, e := range edits {
		out = slices.Concat(out[:e.Start], []byte(e.New), out[e.End:])
	}
	return out
}

// writeAtomic replaces file's content: a temporary file in its directory,
// with its mode, renamed over it.
func writeAtomic(file string, data []byte) error {
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".faultline-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), fi.Mode().Perm())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		_ = os.Remove(tmp.Name()) // best effort: the write failed already
		return fmt.Errorf("autofix: writing %s: %w", file, err)
	}
	return nil
}

// inside reports whether file lies under root.
func inside(root, file string) bool {
	rel, err := filepath.Rel(root, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Diff shows the fix as a unified diff of its file against what the fix
// would make of it, relative to root, with a line of context around each
// change; "" when the file cannot be read or the edits do not fit it.
func Diff(root string, f Fix) string {
	byFile := map[string][]Edit{}
	var files []string
	for _, e := range f.Edits {
		if _, ok := byFile[e.File]; !ok {
			files = append(files, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e)
	}
	var b strings.Builder
	for _, file := range files {
		old, err := os.ReadFile(file)
		if err != nil {
			return ""
		}
		for _, e := range byFile[file] {
			if e.Start < 0 || e.End < e.Start || e.End > len(old) {
				return ""
			}
		}
		if overlaps(byFile[file], byFile[file]) {
			return ""
		}
		name := file
		if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		}
		b.WriteString(unified(name, string(old), string(applyEdits(old, byFile[file]))))
	}
	return b.String()
}

// unified is a one-hunk unified diff between two versions of a file: the
// lines from the first to the last that differ, with one line of context
// on each side.
func unified(name, a, b string) string {
	al, bl := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	pre := 0
	for pre < len(al) && pre < len(bl) && al[pre] == bl[pre] {
		pre++
	}
	if pre == len(al) && pre == len(bl) {
		return ""
	}
	suf := 0
	for suf < len(al)-pre && suf < len(bl)-pre && al[len(al)-1-suf] == bl[len(bl)-1-suf] {
		suf++
	}
	before := al[max(pre-1, 0):pre]
	removed, added := al[pre:len(al)-suf], bl[pre:len(bl)-suf]
	after := al[len(al)-suf : min(len(al)-suf+1, len(al))]
	var s strings.Builder
	fmt.Fprintf(&s, "--- a/%s\n+++ b/%s\n@@ -%d,%d +%d,%d @@\n", name, name,
		pre-len(before)+1, len(before)+len(removed)+len(after), pre-len(before)+1, len(before)+len(added)+len(after))
	write := func(prefix string, lines []string) {
		for _, l := range lines {
			if l == "" {
				continue // the empty piece after a final newline
			}
			s.WriteString(prefix + strings.TrimSuffix(l, "\n") + "\n")
		}
	}
	write(" ", before)
	write("-", removed)
	write("+", added)
	write(" ", after)
	return s.String()
}

// Collect runs go vet -json on the packages of pattern in the module at
// root, and golangci-lint when it is installed (and skipLint is false),
// and returns the fixes they suggest.
func Collect(ctx context.Context, root, pattern string, skipLint bool) ([]Fix, error) {
	if pattern == "" {
		pattern = "./..."
	}
	var out bytes.Buffer
	if _, err := proc.Run(ctx, proc.Cmd{Args: []string{"go", "vet", "-json", pattern}, Dir: root, Stdout: &out, Stderr: &out, Timeout: 10 * time.Minute}); err != nil {
		return nil, fmt.Errorf("autofix: go vet: %w", err)
	}
	fixes, err := FromVetJSON(&out)
	if err != nil {
		return nil, err
	}
	if skipLint {
		return fixes, nil
	}
	if _, err := exec.LookPath("golangci-lint"); err != nil {
		return fixes, nil
	}
	var lint bytes.Buffer
	if _, err := proc.Run(ctx, proc.Cmd{Args: []string{"golangci-lint", "run", "--output.json.path", "stdout", "--show-stats=false", pattern},
		Dir: root, Stdout: &lint, Stderr: io.Discard, Timeout: 10 * time.Minute}); err != nil {
		return fixes, fmt.Errorf("autofix: golangci-lint: %w", err)
	}
	more, err := FromLintJSON(&lint, root)
	if err != nil {
		return fixes, err
	}
	return dedup(append(fixes, more...)), nil
}
