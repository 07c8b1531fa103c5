// Command faultline turns Go toolchain output into structured errors, fix
// prompts and loop decisions for AI coding-agent loops.
//
// Usage:
//
//	faultline check [flags] [DIR]
//	faultline fix [--dry-run] [DIR]
//	faultline run --check NAME [flags] -- CMD [ARGS...]
//	faultline parse --check build|vet|lint|test < output
//	faultline prompt --check build|vet|lint|test < output
//	faultline review < reply.txt
//	faultline detect [--config FILE] < output
//	faultline classify < result.json
//	faultline loop --task TEXT --coder CMD --reviewer CMD [flags]
//	faultline hook claude < hook-input.json
//	faultline version | help [COMMAND]
//
// Run 'faultline help COMMAND' for a command's flags and an example; the
// README documents the JSON each prints.
package main

import (
	"os"

	"github.com/faultline-go/faultline/internal/cli"
)

func main() {
	os.Exit(cli.Main())
}
