// Command dndsh is a scriptable tabletop-RPG rules runtime: a rules REPL,
// one-shot dice and exact distributions, encounter runs and simulations.
//
// main is the only code that touches the process: it gathers arguments,
// standard streams, environment, clock, file access and signals into an
// Env and hands it to run, so every command also runs in-process in tests.
package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"runtime/debug"
	"time"

	"golang.org/x/term"

	"github.com/dndsh/dndsh/runtime/journal"
)

func main() {
	os.Exit(run(processEnv()))
}

// processEnv is the Env of the running process: its arguments, standard
// streams, environment, clock, files and Ctrl-C.
func processEnv() *Env {
	return &Env{
		Args:   os.Args[1:],
		Stdin:  os.Stdin,
		Stdout: os.Stdout,
		Stderr: os.Stderr,
		Getenv: os.Getenv,
		Now:    time.Now,
		IsTerminal: func(fd uintptr) bool {
			return term.IsTerminal(int(fd))
		},
		ReadFile:  os.ReadFile,
		WriteFile: journal.WriteFileAtomic,
		OpenDir:   openDir,
		MkdirAll:  func(path string) error { return os.MkdirAll(path, 0o755) },
		Interrupt: func(parent context.Context) (context.Context, context.CancelFunc) {
			return signal.NotifyContext(parent, os.Interrupt)
		},
		SetMemoryLimit: func(n int64) { debug.SetMemoryLimit(n) },
	}
}

// openDir opens a folder of the file system as an fs.FS.
func openDir(path string) (fs.FS, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("not a folder")}
	}
	return os.DirFS(path), nil
}
