package filter_test

import (
	"fmt"

	"github.com/faultline-go/faultline/filter"
)

func ExampleParseCheckOutput() {
	// What `go build ./...` printed in the root of module example.com/app.
	out := "# example.com/app/store\n" +
		"store/db.go:42:15: undefined: openDB\n" +
		"store/db.go:58:3: too many arguments in call to save\n" +
		"\thave (string, int)\n" +
		"\twant (string)\n"
	res := filter.ParseCheckOutput(filter.CheckResult{Name: "build", Output: out, ExitCode: 1})
	for _, e := range res.Errors {
		fmt.Printf("%s:%d:%d (%s)\n%s\n", e.File, e.Line, e.Column, e.Package, e.Message)
	}
	// Output:
	// store/db.go:42:15 (example.com/app/store)
	// undefined: openDB
	// store/db.go:58:3 (example.com/app/store)
	// too many arguments in call to save
	// 	have (string, int)
	// 	want (string)
}

func ExampleParse_vetJSON() {
	// go vet -json prints absolute positions and the analyzer's name.
	out := `{
	"example.com/app": {
		"printf": [
			{
				"posn": "/src/app/main.go:7:2",
				"message": "fmt.Printf format %d has arg s of wrong type string"
			}
		]
	}
}
`
	res := filter.Parse("vet", out, filter.Options{Dir: "/src/app"})
	fmt.Println(res.Errors[0])
	// Output:
	// main.go:7:2: fmt.Printf format %d has arg s of wrong type string [vet/printf]
}
