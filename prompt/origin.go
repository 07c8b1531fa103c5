package prompt

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Bounds on the search for where a message is written.
const (
	maxOriginFiles    = 2000     // non-test .go files scanned
	maxOriginBytes    = 32 << 20 // bytes of source scanned
	maxOriginMessages = 16       // failure messages looked up
	minFragment       = 16       // bytes of literal text that make a match
	maxOrigins        = 2        // places listed per failure message
)

// fragment is literal text of a string constant in the module's non-test
// code: a piece between format verbs, long enough to identify a message.
type fragment struct {
	text string
	pos  pos
}

// formatVerb splits a format string into its literal pieces.
var formatVerb = regexp.MustCompile(`%[-+# 0-9.*\[\]]*[a-zA-Z%]`)

// fragments scans (once) the module's non-test .go files for the literal
// text of their string constants: the errors a test prints often come from
// the code under test (t.Fatal(err)), and the text says where.
func (ix *codeIndex) fragments() []fragment {
	if ix.frags != nil {
		return *ix.frags
	}
	var out []fragment
	files, size := 0, int64(0)
	// The walk's errors are the files it could not read: skipped.
	_ = filepath.WalkDir(ix.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != ix.root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			if p != ix.root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > maxSourceBytes {
			return nil
		}
		if files++; files > maxOriginFiles {
			return filepath.SkipAll
		}
		if size += info.Size(); size > maxOriginBytes {
			return filepath.SkipAll
		}
		rel, err := filepath.Rel(ix.root, p)
		if err != nil {
			return nil
		}
		src, ok := readSmall(p, maxSourceBytes)
		if !ok {
			return nil
		}
		out = append(out, scanFragments(filepath.ToSlash(rel), src)...)
		return nil
	})
	ix.frags = &out
	return out
}

// scanFragments returns the literal pieces of a file's string constants.
func scanFragments(rel string, src []byte) []fragment {
	var out []fragment
	fset := token.NewFileSet()
	f := fset.AddFile(rel, -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, 0)
	for {
		p, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok != token.STRING || len(lit) < minFragment {
			continue
		}
		v, err := strconv.Unquote(lit)
		if err != nil {
			continue
		}
		line := f.Line(p)
		for _, piece := range formatVerb.Split(v, -1) {
			for _, l := range strings.Split(piece, "\n") {
				l = strings.TrimSpace(l)
				if len(l) >= minFragment && strings.Count(l, " ") >= 2 {
					out = append(out, fragment{text: l, pos: pos{path.Clean(rel), line}})
				}
			}
		}
	}
}

// origins returns where the module's non-test code writes the text of a
// failure message: the places whose literal text the message holds, the
// longest matches first.
func (ix *codeIndex) origins(msg string) []pos {
	var best []fragment
	for _, fr := range ix.fragments() {
		if strings.Contains(msg, fr.text) {
			best = append(best, fr)
		}
	}
	slices.SortStableFunc(best, func(a, b fragment) int { return len(b.text) - len(a.text) })
	var out []pos
	for _, fr := range best {
		if !slices.Contains(out, fr.pos) {
			out = append(out, fr.pos)
		}
		if len(out) == maxOrigins {
			break
		}
	}
	return out
}
