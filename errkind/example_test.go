package errkind_test

import (
	"fmt"

	"github.com/faultline-go/faultline/errkind"
	"github.com/faultline-go/faultline/filter"
)

func ExampleAnnotate() {
	res := filter.Parse("build", "# example.com/app\n./main.go:12:5: undefined: openDB\n./main.go:3:2: \"os\" imported and not used\n", filter.Options{})
	errkind.Annotate(res.Errors)
	for _, e := range res.Errors {
		fmt.Println(e.Line, e.Category, e.Severity)
	}
	// The same mistake one line lower keeps its signature.
	moved := res.Errors[1]
	moved.Line++
	fmt.Println(errkind.Signature(moved) == res.Errors[1].Signature)
	// Output:
	// 3 build_error blocking
	// 12 reference_error blocking
	// true
}

func ExampleBuilder_FromAgentResult() {
	b := errkind.Builder{}
	e := b.FromAgentResult(errkind.AgentResult{ExitCode: 137, Stderr: "Killed", DurationMs: 300000}, "agent-1.json")
	fmt.Println(e.Type, e.Type.Retryable())
	fmt.Println(e.Message)
	// Output:
	// agent_timeout true
	// Agent exceeded maximum execution time after 300s
}
