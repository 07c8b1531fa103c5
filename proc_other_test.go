//go:build unix && !linux

package faultline_test

func isZombie(pid int) bool { return false }
