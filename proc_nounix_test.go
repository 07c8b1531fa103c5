//go:build !unix

package faultline_test

import "os"

// processAlive reports whether a process with this pid is running.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p != nil
}

// sendSignal kills pid: there are no other signals to send.
func sendSignal(pid int, name string) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}
