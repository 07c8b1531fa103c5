package detect

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// FuzzDetect feeds the detector arbitrary bytes, seeded with the corpus:
// it must not panic, and what it reports must hold together — blocks inside
// the input, in order and apart, a summary that adds up, valid JSON.
func FuzzDetect(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.txtar"))
	for _, file := range files {
		if ar, err := txtar.ParseFile(file); err == nil {
			for _, af := range ar.Files {
				if af.Name == "output" {
					f.Add(af.Data)
				}
			}
		}
	}
	f.Add([]byte("\x1b[31mError: x\x1b[0m\r\n\tat y\r\n"))
	f.Add([]byte("{\"is_error\":true,\"content\":[{\"type\":\"text\",\"text\":\"boom\"}]}\n"))
	cfg := DefaultConfig()
	cfg.IncludeWarnings = true
	cfg.MaxStackDepth = 3
	withWarnings, _ := New(cfg)
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, d := range []*Detector{defaultDetector, withWarnings} {
			rep := d.Detect(in)
			lines := strings.Count(string(in), "\n") + 1
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
				sum.Total++
				switch e.Severity {
				case "blocking":
					sum.Blocking++
				case "high":
					sum.High++
				case "medium":
					sum.Medium++
				case "low":
					sum.Low++
				default:
					t.Fatalf("severity %q", e.Severity)
				}
			}
			if sum != rep.Summary {
				t.Fatalf("summary %+v, counted %+v", rep.Summary, sum)
			}
			if _, err := json.Marshal(rep); err != nil {
				t.Fatal(err)
			}
		}
	})
}
