package prompt

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Bounds on the source shown and read.
const (
	maxContextLineLength = 200
	maxClusterLines      = 16      // source lines of one cluster, unless its entries need more
	maxSourceBytes       = 4 << 20 // a file larger than this is not read
)

// sourceCache reads the module's files for the source around errors.
type sourceCache struct {
	dir     string
	context int
	files   map[string][]string
}

func newSourceCache(opts Options) *sourceCache {
	c := opts.ContextLines
	if c == 0 {
		c = DefaultContextLines
	}
	if opts.ModuleDir == "" || c < 0 {
		return &sourceCache{}
	}
	return &sourceCache{dir: opts.ModuleDir, context: c, files: map[string][]string{}}
}

// lines returns a module file's lines, or nil when it cannot be read.
func (c *sourceCache) lines(file string) []string {
	if c.dir == "" || !inModule(file) {
		return nil
	}
	ls, ok := c.files[file]
	if !ok {
		ls = readLines(filepath.Join(c.dir, filepath.FromSlash(file)))
		c.files[file] = ls
	}
	return ls
}

// window is the lines around an entry's line, as they will be shown.
func (c *sourceCache) window(en *entry) (first, last int, ok bool) {
	if c.dir == "" || en.line <= 0 {
		return 0, 0, false
	}
	ls := c.lines(en.file)
	if en.line > len(ls) {
		return 0, 0, false
	}
	return max(1, en.line-c.context), min(len(ls), en.line+c.context), true
}

// cluster is a run of entries of one file (they are adjacent in the
// order of entries) whose source windows overlap or touch: their source is shown once, after the last of them, with each of
// their lines marked.
type cluster struct {
	file        string
	first, last int
	marks       map[int]bool
	members     []int // the indexes of its entries
	end         int   // index of the cluster's last entry
}

// clusters groups the entries' source windows; byEnd maps the index of a
// cluster's last entry to the cluster.
func (c *sourceCache) clusters(entries []*entry) (all []*cluster, byEnd map[int]*cluster) {
	byEnd = map[int]*cluster{}
	var cur *cluster
	for i, en := range entries {
		first, last, ok := c.window(en)
		if !ok {
			continue
		}
		if cur != nil && cur.file == en.file && first <= cur.last+1 {
			if fits := max(cur.last, last)-cur.first < maxClusterLines; fits || en.line <= cur.last {
				delete(byEnd, cur.end)
				if fits {
					cur.last = max(cur.last, last)
				}
				cur.marks[en.line] = true
				cur.members = append(cur.members, i)
				cur.end = i
				byEnd[i] = cur
				continue
			}
			first = cur.last + 1 // a new cluster, after the lines shown
		}
		cur = &cluster{file: en.file, first: first, last: last, marks: map[int]bool{en.line: true}, members: []int{i}, end: i}
		all = append(all, cur)
		byEnd[i] = cur
	}
	return all, byEnd
}

// render writes the numbered source lines of a cluster, marking the lines
// of its entries with ">".
func (c *sourceCache) render(cl *cluster, indent string) string {
	ls := c.lines(cl.file)
	var b strings.Builder
	width := len(fmt.Sprint(cl.last))
	for n := cl.first; n <= cl.last; n++ {
		mark := " "
		if cl.marks[n] {
			mark = ">"
		}
		line := strings.ReplaceAll(ls[n-1], "\t", "    ")
		if len(line) > maxContextLineLength {
			line = clipLine(line, maxContextLineLength)
		}
		b.WriteString(strings.TrimRight(fmt.Sprintf("%s  %s %*d | %s", indent, mark, width, n, line), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// readLines returns a file's lines, or nil when it cannot be read or is
// too large to be source worth showing.
func readLines(path string) []string {
	data, ok := readSmall(path, maxSourceBytes)
	if !ok {
		return nil
	}
	ls := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// readSmall reads a regular file of at most limit bytes.
func readSmall(path string, limit int64) ([]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > limit {
		f.Close() //nolint:errcheck // read only
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(f, limit))
	f.Close() //nolint:errcheck // read only
	return data, err == nil
}
