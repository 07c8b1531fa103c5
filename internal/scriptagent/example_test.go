package scriptagent_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/faultline-go/faultline/internal/scriptagent"
)

func ExampleMain() {
	dir, err := os.MkdirTemp("", "scriptagent")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer func() { _ = os.RemoveAll(dir) }()
	script := filepath.Join(dir, "agent.txtar")
	prompt := filepath.Join(dir, "prompt")
	_ = os.WriteFile(script, []byte("-- 1/m.go --\npackage m\n-- 1/@reply --\nI wrote m.go.\n"), 0o666)
	_ = os.WriteFile(prompt, []byte("Write package m."), 0o666)

	// What the testscript command does: scriptagent agent.txtar <prompt,
	// in the module's directory.
	wd, _ := os.Getwd()
	defer func() { _ = os.Chdir(wd) }()
	_ = os.Chdir(dir)
	stdin, _ := os.Open(prompt)
	defer func() { _ = stdin.Close() }()
	args, in := os.Args, os.Stdin
	defer func() { os.Args, os.Stdin = args, in }()
	os.Args, os.Stdin = []string{"scriptagent", "agent.txtar"}, stdin

	fmt.Println("exit status", scriptagent.Main())
	m, _ := os.ReadFile("m.go")
	saved, _ := os.ReadFile("agent.txtar.prompt-1.txt")
	fmt.Printf("m.go: %sprompt-1: %s\n", m, saved)
	// Output:
	// {"type":"result","subtype":"success","is_error":false,"result":"I wrote m.go.","total_cost_usd":0.01,"session_id":"script-1"}
	// exit status 0
	// m.go: package m
	// prompt-1: Write package m.
}
