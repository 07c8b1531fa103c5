package detect

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// corpusOutputs returns the outputs of the labelled corpus, to seed the
// fuzzers.
func corpusOutputs(f *testing.F) [][]byte {
	var outs [][]byte
	files, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			if af.Name == "output" {
				outs = append(outs, af.Data)
			}
		}
	}
	return outs
}

// FuzzDetect feeds the detector arbitrary bytes, seeded with the corpus,
// once whole and once cut into writes at the places cuts says: it must not
// panic, the two reports must be the same and the same again on a second
// run, and what they report must hold together — blocks inside the input,
// in order and apart, a summary that adds up, valid JSON.
func FuzzDetect(f *testing.F) {
	for i, out := range corpusOutputs(f) {
		f.Add(out, []byte{byte(i), 1, 7, 200})
	}
	f.Add([]byte("\x1b[31mError: x\x1b[0m\r\n\tat y\r\n"), []byte{3})
	f.Add([]byte("{\"is_error\":true,\"content\":[{\"type\":\"text\",\"text\":\"boom\"}]}\n"), []byte{10, 0})
	f.Add([]byte("ok\rError: over\r\r\nx\r"), []byte{1, 1, 1})
	cfg := DefaultConfig()
	cfg.IncludeWarnings = true
	cfg.MaxStackDepth = 3
	cfg.MaxErrors = 2
	small, _ := New(cfg)
	f.Fuzz(func(t *testing.T, in, cuts []byte) {
		for _, d := range []*Detector{defaultDetector, small} {
			whole := d.Detect(in)
			if again := d.Detect(in); !cmp.Equal(whole, again) {
				t.Fatalf("two runs differ:\n%s", cmp.Diff(whole, again))
			}
			if chunked := detectChunked(d, in, cuts); !cmp.Equal(whole, chunked) {
				t.Fatalf("written in pieces %v, the report differs (-whole +pieces):\n%s", cuts, cmp.Diff(whole, chunked))
			}
			if read, err := d.DetectReader(&cutReader{in: in, cuts: cuts}); err != nil || !cmp.Equal(whole, read) {
				t.Fatalf("read in pieces %v (err %v), the report differs (-whole +read):\n%s", cuts, err, cmp.Diff(whole, read))
			}
			checkReport(t, d, in, whole)
		}
	})
}

// detectChunked writes in to a stream in pieces whose sizes cuts gives, in
// turn.
func detectChunked(d *Detector, in, cuts []byte) Report {
	s := d.NewStream()
	for k := 0; len(in) > 0; k++ {
		n := len(in)
		if len(cuts) > 0 {
			n = min(n, max(1, int(cuts[k%len(cuts)])))
		}
		_, _ = s.Write(in[:n]) // the stream is open until Close
		in = in[n:]
	}
	return s.Close()
}

// checkReport checks what must hold of any report on input in.
func checkReport(t *testing.T, d *Detector, in []byte, rep Report) {
	t.Helper()
	lines := bytes.Count(in, []byte("\n")) + 1
	last := 0
	var sum Summary
	for _, e := range rep.Errors {
		if e.LineNum < 1 || e.EndLine < e.LineNum || e.EndLine > lines {
			t.Fatalf("block %d-%d outside %d lines", e.LineNum, e.EndLine, lines)
		}
		if e.LineNum <= last {
			t.Fatalf("block %d-%d overlaps or precedes the one ending at %d", e.LineNum, e.EndLine, last)
		}
		last = e.EndLine
		if len(e.Multiline) == 0 || len(e.Multiline) > d.cfg.MaxStackDepth+1 || e.Signature == "" || e.Category == "" {
			t.Fatalf("incomplete error %+v", e)
		}
		sum.count(e.Severity)
		if !validSeverity(string(e.Severity)) || !validCategory(string(e.Category)) {
			t.Fatalf("severity %q, category %q", e.Severity, e.Category)
		}
	}
	if len(rep.Errors) > d.cfg.MaxErrors {
		t.Fatalf("%d errors listed, max_errors is %d", len(rep.Errors), d.cfg.MaxErrors)
	}
	if rep.Unlisted == 0 && sum != rep.Summary || rep.Summary.Total != len(rep.Errors)+rep.Unlisted {
		t.Fatalf("summary %+v, %d listed, %d unlisted, counted %+v", rep.Summary, len(rep.Errors), rep.Unlisted, sum)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil || len(back) != 2 || back["errors"] == nil || back["summary"] == nil {
		t.Fatalf("JSON %s: %v", b, err)
	}
}

// FuzzParseConfig feeds the configuration parser arbitrary bytes, seeded
// with valid and invalid configurations: it must not panic; it accepts a
// configuration only if a detector can be made from it and it survives a
// round trip through JSON; it rejects one with a ConfigError or a detect:
// error.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(`{"error_detection":{"enabled":true,"two_stage":true,"capture_multiline":true,"max_context_lines":5,"max_stack_depth":20,"custom_patterns":[],"custom_false_positives":[],"severity_overrides":{}}}`))
	f.Add([]byte(`{"max_context_lines": 2, "custom_patterns": ["^DEPLOY-\\d+ "], "severity_overrides": {"network_error": "low"}}`))
	f.Add([]byte(`{"custom_patterns": ["(x"]}`))
	f.Add([]byte(`{"max_stack_depth": 0}`))
	f.Add([]byte(`{"error_detection": {}, "x": 1}`))
	f.Add([]byte(`{"max_errors": -1, "include_warnings": true}`))
	f.Add([]byte(`[1]`))
	f.Add([]byte(`{"enabled": true} {}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := ParseConfig(data)
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) && !bytes.HasPrefix([]byte(err.Error()), []byte("detect: ")) {
				t.Fatalf("error %q is neither a ConfigError nor prefixed detect:", err)
			}
			return
		}
		d, err := New(cfg)
		if err != nil {
			t.Fatalf("ParseConfig accepted a configuration New rejects: %v", err)
		}
		d.Detect([]byte("Error: x\n"))
		b, err := json.Marshal(cfg)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseConfig(b)
		if err != nil {
			t.Fatalf("round trip of %s: %v", b, err)
		}
		if !cmp.Equal(cfg, back) {
			t.Fatalf("round trip (-first +second):\n%s", cmp.Diff(cfg, back))
		}
	})
}

// cutReader reads in in pieces whose sizes cuts gives, in turn.
type cutReader struct {
	in   []byte
	cuts []byte
	k    int
}

func (r *cutReader) Read(p []byte) (int, error) {
	if len(r.in) == 0 {
		return 0, io.EOF
	}
	n := len(r.in)
	if len(r.cuts) > 0 {
		n = max(1, int(r.cuts[r.k%len(r.cuts)]))
		r.k++
	}
	n = copy(p, r.in[:min(n, len(r.in))])
	r.in = r.in[n:]
	return n, nil
}
