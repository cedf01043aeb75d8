// Command dndsh is a scriptable tabletop-RPG rules runtime: a rules REPL,
// one-shot dice and exact distributions, encounter runs and simulations.
//
// main is the only code that touches the process: it gathers arguments,
// standard streams, environment and clock into an Env and hands it to run,
// so every command also runs in-process in tests.
package main

import (
	"os"
	"time"

	"golang.org/x/term"
)

func main() {
	env := &Env{
		Args:   os.Args[1:],
		Stdin:  os.Stdin,
		Stdout: os.Stdout,
		Stderr: os.Stderr,
		Getenv: os.Getenv,
		Now:    time.Now,
		IsTerminal: func(fd uintptr) bool {
			return term.IsTerminal(int(fd))
		},
	}
	os.Exit(run(env))
}
