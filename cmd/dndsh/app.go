package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dndsh/dndsh/runtime/errs"
)

// version is the program version, printed by --version.
const version = "0.1.0"

// Env is everything a command may take from the process. Tests build one
// with buffers and a fixed clock.
type Env struct {
	Args       []string
	Stdin      io.Reader
	Stdout     io.Writer
	Stderr     io.Writer
	Getenv     func(string) string
	Now        func() time.Time
	IsTerminal func(fd uintptr) bool
}

// stdoutIsTerminal reports whether standard output is a terminal.
func (e *Env) stdoutIsTerminal() bool {
	f, ok := e.Stdout.(*os.File)
	return ok && e.IsTerminal != nil && e.IsTerminal(f.Fd())
}

// command is one subcommand.
type command struct {
	name  string
	usage string // one line: arguments
	help  string // what it does
	flags []flagSpec
	run   func(env *Env, o *opts) error
}

// flagSpec declares a flag: --name (and -short), taking a value or not.
type flagSpec struct {
	name, short string
	value       bool
	help        string
}

// opts are parsed arguments: flags by long name, then positional words.
type opts struct {
	flags map[string]string
	args  []string
}

func (o *opts) has(name string) bool { _, ok := o.flags[name]; return ok }

func (o *opts) str(name, def string) string {
	if v, ok := o.flags[name]; ok {
		return v
	}
	return def
}

func (o *opts) int(name string, def int64) (int64, error) {
	v, ok := o.flags[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, usageErr("--%s wants an integer, got %q", name, v)
	}
	return n, nil
}

func (o *opts) uint(name string, def uint64) (uint64, error) {
	v, ok := o.flags[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, usageErr("--%s wants a non-negative integer, got %q", name, v)
	}
	return n, nil
}

func usageErr(format string, args ...any) error {
	return &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf(format, args...)}
}

// parseArgs splits args by the command's flags. A word that starts with "-"
// but is no known flag (such as "-1d4") is positional; "--" ends flags.
func parseArgs(c *command, args []string) (*opts, error) {
	o := &opts{flags: map[string]string{}}
	find := func(a string) *flagSpec {
		for i := range c.flags {
			f := &c.flags[i]
			if a == "--"+f.name || (f.short != "" && a == "-"+f.short) {
				return f
			}
		}
		return nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			o.args = append(o.args, args[i+1:]...)
			break
		}
		name, val, hasVal := strings.Cut(a, "=")
		f := find(name)
		if f == nil {
			if strings.HasPrefix(a, "--") {
				return nil, usageErr("%s: unknown flag %s (see dndsh %s --help)", c.name, name, c.name)
			}
			o.args = append(o.args, a)
			continue
		}
		if f.value && !hasVal {
			if i+1 >= len(args) {
				return nil, usageErr("%s: flag %s needs a value", c.name, a)
			}
			i++
			val = args[i]
		}
		if !f.value && hasVal {
			return nil, usageErr("%s: flag %s takes no value", c.name, name)
		}
		o.flags[f.name] = val
	}
	return o, nil
}

func commands() []*command {
	return []*command{rollCommand(), distCommand()}
}

var helpFlag = flagSpec{name: "help", short: "h", help: "show this help"}

func printUsage(w io.Writer, cmds []*command) {
	fmt.Fprintf(w, "dndsh %s — a scriptable tabletop-RPG rules runtime\n\nUsage:\n", version)
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	for _, c := range cmds {
		fmt.Fprintf(w, "  dndsh %-6s %s\n         %s\n", c.name, c.usage, c.help)
	}
	fmt.Fprintf(w, "\nExit codes: 0 ok, 1 failed checks, 2 usage, 3 syntax, 4 budget, 5 script error, 6 bad data, 7 rules error, 70 internal.\n")
}

func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "Usage: dndsh %s %s\n\n%s\n\nFlags:\n", c.name, c.usage, c.help)
	for _, f := range append(c.flags, helpFlag) {
		name := "--" + f.name
		if f.short != "" {
			name = "-" + f.short + ", " + name
		}
		if f.value {
			name += " VALUE"
		}
		fmt.Fprintf(w, "  %-22s %s\n", name, f.help)
	}
}

// run runs the command line in env and returns the exit code.
func run(env *Env) int {
	cmds := commands()
	if len(env.Args) == 0 {
		printUsage(env.Stderr, cmds)
		return 2
	}
	switch env.Args[0] {
	case "--version", "version":
		fmt.Fprintf(env.Stdout, "dndsh %s\n", version)
		return 0
	case "--help", "-h", "help":
		printUsage(env.Stdout, cmds)
		return 0
	}
	var c *command
	for _, x := range cmds {
		if x.name == env.Args[0] {
			c = x
		}
	}
	if c == nil {
		fmt.Fprintf(env.Stderr, "dndsh: unknown command %q\n\n", env.Args[0])
		printUsage(env.Stderr, cmds)
		return 2
	}
	c.flags = append(c.flags, helpFlag)
	o, err := parseArgs(c, env.Args[1:])
	if err == nil && o.has("help") {
		printCommandHelp(env.Stdout, c)
		return 0
	}
	if err == nil {
		err = c.run(env, o)
	}
	if err != nil {
		reportError(env.Stderr, err)
		return errs.ExitCode(err)
	}
	return 0
}

func reportError(w io.Writer, err error) {
	var e *errs.Error
	if errors.As(err, &e) {
		fmt.Fprintf(w, "dndsh: %s\n", e.Error())
		if e.Hint != "" {
			fmt.Fprintf(w, "hint: %s\n", e.Hint)
		}
		return
	}
	fmt.Fprintf(w, "dndsh: %v\n", err)
}
