//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the engine in a process group of its own, so that killing it
// also ends what it started (a wrapper script's engine, Node.js helpers) and
// nothing else.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group (its id is the engine's pid).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		_ = cmd.Process.Kill()
	}
}
