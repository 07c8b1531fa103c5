//go:build !unix

package faultline_test

import "os"

// processAlive reports whether a process with this pid is running.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p != nil
}
