package bench

import (
	"bufio"
	"bytes"
	"io"
	"regexp"
	"strconv"

	"github.com/reviewdog/errorformat"
	"github.com/reviewdog/errorformat/fmts"

	"github.com/faultline-go/faultline/filter"
)

// A Contestant parses an input and returns how many errors it found.
type Contestant struct {
	Name  string
	Parse func(in Input) int
}

// chunked hides bytes.Reader's WriterTo, so that io.Copy feeds a parser in
// 32 KiB writes, as the CLI reading stdin does.
type chunked struct{ io.Reader }

// Faultline parses with the faultline parser for the input's check, as a
// stream, keeping every error (no MaxErrors bound: all the work is done).
func Faultline(in Input) int {
	p := filter.NewParser(in.Check, filter.Options{Dir: ModuleDir, ModRoot: ModuleDir, MaxErrors: -1})
	io.Copy(p, chunked{bytes.NewReader(in.Data)})
	return len(p.Close().Errors)
}

// errorformats are the predefined reviewdog/errorformat formats used for
// each kind of input: govet for the go tools, golangci-lint for it.
var errorformats = map[string]*errorformat.Errorformat{}

func init() {
	for _, name := range []string{"govet", "golangci-lint"} {
		efm, err := errorformat.NewErrorformat(fmts.DefinedFmts()[name].Errorformat)
		if err != nil {
			panic(err)
		}
		errorformats[name] = efm
	}
}

// Errorformat parses with reviewdog/errorformat's predefined format.
func Errorformat(in Input) int {
	efm := errorformats["govet"]
	if in.Check == "lint" {
		efm = errorformats["golangci-lint"]
	}
	s := efm.NewScanner(bytes.NewReader(in.Data))
	n := 0
	for s.Scan() {
		if s.Entry().Valid {
			n++
		}
	}
	return n
}

// naiveLine is what most loops use: one regular expression per line.
var naiveLine = regexp.MustCompile(`^\s*([^\s:]+\.go):(\d+)(?::(\d+))?:\s*(.*)$`)

// naiveError is what the naive parser keeps of a line.
type naiveError struct {
	file      string
	line, col int
	msg       string
}

// Naive parses with one regular expression per line.
func Naive(in Input) int {
	sc := bufio.NewScanner(bytes.NewReader(in.Data))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var errs []naiveError
	for sc.Scan() {
		m := naiveLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		errs = append(errs, naiveError{file: m[1], line: line, col: col, msg: m[4]})
	}
	return len(errs)
}

// Split only finds the lines: the floor any line parser stands on.
func Split(in Input) int {
	n := 0
	for b := in.Data; len(b) > 0; n++ {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			break
		}
		b = b[i+1:]
	}
	return n
}

// Contestants are the parsers compared, faultline first.
var Contestants = []Contestant{
	{"faultline", Faultline},
	{"errorformat", Errorformat},
	{"naive regexp", Naive},
	{"line split", Split},
}
