//go:build linux

package faultline_test

import (
	"os"
	"strconv"
	"strings"
)

// isZombie reports whether the process has exited but not been reaped.
func isZombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // gone
	}
	// pid (comm) state ...
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] == 'Z'
}
