package detect_test

import (
	"fmt"

	"github.com/faultline-go/faultline/detect"
)

func ExampleDetect() {
	out := `I fixed the error in handleError; no TypeError any more.
{"type":"user","message":{"content":[{"type":"tool_result","content":"ok","is_error":false}]}}
$ python3 app.py
Traceback (most recent call last):
  File "app.py", line 2, in <module>
    print(1 / 0)
ZeroDivisionError: division by zero
`
	rep := detect.Detect(out)
	for _, e := range rep.Errors {
		fmt.Printf("lines %d-%d %s/%s: %s\n", e.LineNum, e.EndLine, e.Category, e.Severity, e.Text)
	}
	fmt.Println("total:", rep.Summary.Total)
	// Output:
	// lines 4-7 runtime_error/high: ZeroDivisionError: division by zero
	// total: 1
}

func ExampleParseConfig() {
	_, err := detect.ParseConfig([]byte(`{"error_detection": {"max_stack_depth": 0}}`))
	fmt.Println(err)
	// Output:
	// detect: config field "max_stack_depth": 0 is outside 1..100000
}

func ExampleStream() {
	d, _ := detect.New(detect.DefaultConfig())
	s := d.NewStream()
	// Write the input in pieces of any size, as it arrives.
	fmt.Fprint(s, "12:00:00.123 [main] INFO c.f.App - starting, 0 errors\n12:00:01.")
	fmt.Fprint(s, "456 [main] ERROR c.f.App - connection refused\njava.net.ConnectException: Connection refused\n")
	fmt.Fprint(s, "\tat c.f.App.main(App.java:9)\ndone\n")
	rep := s.Close()
	for _, e := range rep.Errors {
		fmt.Printf("lines %d-%d %s: %s\n", e.LineNum, e.EndLine, e.Category, e.Text)
	}
	// Output:
	// lines 2-4 network_error: ERROR c.f.App - connection refused
}
