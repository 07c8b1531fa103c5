// Command faultline turns Go toolchain output into structured errors, fix
// prompts and loop decisions for AI coding-agent loops.
//
// Usage:
//
//	faultline check [--json] [--example] [--race] [--from CHECK | --only CHECK] [DIR]
//	faultline run --check NAME [--dir DIR] [--timeout D] -- CMD [ARGS...]
//	faultline parse --check build|vet|lint|test [--dir DIR] < output
//
// See the README for the JSON it prints.
package main

import (
	"os"

	"github.com/faultline-go/faultline/internal/cli"
)

func main() {
	os.Exit(cli.Main())
}
