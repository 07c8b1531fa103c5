package filter

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

func TestDecodeEvent(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want event
		ok   bool
	}{
		{`{"Time":"2026-11-22T05:00:32Z","Action":"output","Package":"example.com/m","Test":"TestA","Output":"    a_test.go:3: x\n"}`,
			event{Action: "output", Package: "example.com/m", Test: "TestA", Output: "    a_test.go:3: x\n"}, true},
		{`{"ImportPath":"example.com/m [example.com/m.test]","Action":"build-output","Output":"# example.com/m\n"}`,
			event{ImportPath: "example.com/m [example.com/m.test]", Action: "build-output", Output: "# example.com/m\n"}, true},
		{`{"Time":"t","Action":"fail","Package":"p","Elapsed":0.005,"FailedBuild":"p [p.test]"}`,
			event{Action: "fail", Package: "p", FailedBuild: "p [p.test]", Elapsed: 0.005}, true},
		{` { "Action" : "pass" , "Elapsed" : 1e-3 , "x": true, "y": null } `, event{Action: "pass", Elapsed: 0.001}, true},
		{`{"Action":"output","OutputType":"error","Output":"x\n"}`, event{Action: "output", OutputType: "error", Output: "x\n"}, true},
		{`{"Action":"pass","Elapsed":"1"}`, event{}, false}, // not a number: encoding/json decides
		{`{"Action":"pass","elapsed":1}`, event{}, false},   // another case: encoding/json decides
		{`{"Action":"output","Output":"tab\t\"q\" \u00e9 \ud83d\ude00 \/"}`, event{Action: "output", Output: "tab\t\"q\" é 😀 /"}, true},
		{`{}`, event{}, true},
		{`{"Action":"output","Nested":{"a":1}}`, event{}, false},
		{`{"Action":"output","List":[1]}`, event{}, false},
		{`{"Test":"a\"b","Output":"c\nd"}`, event{}, false}, // two escaped strings: encoding/json decides
		{`{"Action":"output"`, event{}, false},
		{`{"Action":"output"} trailing`, event{}, false},
		{`{"Action":"out` + "\x01" + `put"}`, event{}, false},
		{`not json`, event{}, false},
	} {
		var got event
		var scratch []byte
		ok := decodeEvent([]byte(tc.in), &got, &scratch)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("decodeEvent(%s) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzDecodeEvent checks that whatever the fast decoder accepts,
// encoding/json reads the same way.
func FuzzDecodeEvent(f *testing.F) {
	f.Add(`{"Time":"t","Action":"output","Package":"p","Test":"T","Output":"x\n"}`)
	f.Add(`{"Action":"output","Output":"\u00e9\ud83d\ude00\\"}`)
	f.Add(`{"Action":"run","Elapsed":-1.5e3}`)
	f.Fuzz(func(t *testing.T, in string) {
		var fast event
		var scratch []byte
		if !decodeEvent([]byte(in), &fast, &scratch) {
			return
		}
		var slow event
		if err := json.Unmarshal([]byte(in), &slow); err != nil {
			t.Fatalf("decodeEvent accepted %q, encoding/json says %v", in, err)
		}
		if !utf8.ValidString(in) {
			return // encoding/json replaces invalid bytes; the parser copes with them
		}
		if fast != slow {
			t.Errorf("decodeEvent(%q) = %+v, encoding/json %+v", in, fast, slow)
		}
	})
}
