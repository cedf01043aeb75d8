package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/luart"
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
	// ReadFile reads a file (config files, :load, spec files). A relative
	// path is relative to the working folder.
	ReadFile func(path string) ([]byte, error)
	// OpenDir opens a folder as a file system (script folders, spec
	// folders); it fails when path is not a folder.
	OpenDir func(path string) (fs.FS, error)
	// WriteFile writes a file atomically (charts, reports, :save). Nil means files
	// cannot be written.
	WriteFile func(path string, data []byte) error
	// MkdirAll creates a folder and its parents (the REPL's history
	// folder). Nil means folders are not created.
	MkdirAll func(path string) error
	// Interrupt returns a context that is cancelled when the user presses
	// Ctrl-C (SIGINT) while a command runs, and the function that stops
	// listening. Nil means no interrupts (tests).
	Interrupt func(parent context.Context) (context.Context, context.CancelFunc)
	// SetMemoryLimit sets the garbage collector's soft limit of the
	// process's memory (runtime/debug.SetMemoryLimit). Nil in tests.
	SetMemoryLimit func(bytes int64)
	// SetGCPercent sets the garbage collector's target percentage and
	// returns the previous one (runtime/debug.SetGCPercent). Nil in tests.
	SetGCPercent func(percent int) int
	// Compiled keeps compiled scripts between runs (dirStore, in the
	// user's cache). Nil: every run compiles its scripts (tests).
	Compiled luart.Store

	// rawStdout and rawStderr are the terminals behind Stdout and Stderr
	// when guardTerminal wrapped them (line editing and the progress bar
	// write their own escape sequences there).
	rawStdout, rawStderr io.Writer
}

// guardTerminal wraps a standard output or error that is a terminal so
// that control characters written to it (by scripts: print, error
// messages, values) show as ^[ and the like instead of acting on the
// terminal.
func (e *Env) guardTerminal() {
	isTerm := func(w io.Writer) bool {
		f, ok := w.(*os.File)
		return ok && e.IsTerminal != nil && e.IsTerminal(f.Fd())
	}
	if e.rawStdout == nil && isTerm(e.Stdout) {
		e.rawStdout, e.Stdout = e.Stdout, &termSafe{w: e.Stdout}
	}
	if e.rawStderr == nil && isTerm(e.Stderr) {
		e.rawStderr, e.Stderr = e.Stderr, &termSafe{w: e.Stderr}
	}
}

// terminal returns the terminal behind w (a guarded output), or nil.
func (e *Env) terminal(w io.Writer) *os.File {
	if t, ok := w.(*termSafe); ok {
		w = t.w
	}
	f, ok := w.(*os.File)
	if !ok || e.IsTerminal == nil || !e.IsTerminal(f.Fd()) {
		return nil
	}
	return f
}

// termSafe writes to w with control characters other than newline and tab
// (C0, DEL, and C1 in UTF-8) shown in caret notation (ESC is ^[).
type termSafe struct{ w io.Writer }

func (t *termSafe) Write(p []byte) (int, error) {
	clean := true
	for i, c := range p {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c == 0xc2 && i+1 < len(p) && p[i+1] >= 0x80 && p[i+1] <= 0x9f {
			clean = false
			break
		}
	}
	if clean {
		return t.w.Write(p)
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c < 0x20 && c != '\n' && c != '\t':
			out = append(out, '^', c+'@')
		case c == 0x7f:
			out = append(out, '^', '?')
		case c == 0xc2 && i+1 < len(p) && p[i+1] >= 0x80 && p[i+1] <= 0x9f:
			out = append(out, fmt.Sprintf("\\u%04x", p[i+1])...)
			i++
		default:
			out = append(out, c)
		}
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// maxFileSize bounds every file dndsh reads (configuration, scripts,
// encounters, saves, :load, aggregates): a bigger one, or an endless one
// such as /dev/zero, is an error, not a heap exhausted.
const maxFileSize = 64 << 20

// readCapped reads a file opened with open, refusing one over maxFileSize.
func readCapped[F io.ReadCloser](open func(string) (F, error), path string) ([]byte, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxFileSize {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("the file is larger than %d MiB, the most dndsh reads", maxFileSize>>20)}
	}
	return b, nil
}

// interruptible returns a context for one command: cancelled by Ctrl-C when
// env.Interrupt is set.
func (e *Env) interruptible(parent context.Context) (context.Context, context.CancelFunc) {
	if e.Interrupt == nil {
		return context.WithCancel(parent)
	}
	return e.Interrupt(parent)
}

// stdinIsTerminal reports whether standard input is a terminal.
func (e *Env) stdinIsTerminal() bool {
	f, ok := e.Stdin.(*os.File)
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
// A repeatable flag (multi) may be given several times; its values are
// joined with commas (read them with opts.list).
type flagSpec struct {
	name, short string
	value       bool
	multi       bool
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

// list returns the values of a repeatable flag: every occurrence, each
// split at commas, empty items dropped.
func (o *opts) list(name string) []string {
	v, ok := o.flags[name]
	if !ok {
		return nil
	}
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
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
		if prev, ok := o.flags[f.name]; ok && f.multi {
			val = prev + "," + val
		}
		o.flags[f.name] = val
	}
	return o, nil
}

func commands() []*command {
	return []*command{rollCommand(), distCommand(), replCommand(), configCommand(), testCommand(), rulesCommand(), runCommand(), simCommand(), mergeCommand(), completionCommand(), importCommand(), monstersCommand(), monsterCommand(), balanceCommand()}
}

// sharedFlags are the flags of every command that builds a rules engine.
// Their values override the configuration file (see config.go).
func sharedFlags() []flagSpec {
	return []flagSpec{
		{name: "ruleset", value: true, help: "rule system id (5e, 3e, 1e, mod5e; default: base layer only)"},
		{name: "variant", value: true, multi: true, help: "enable an optional rule (repeatable, or comma-separated)"},
		{name: "seed", value: true, help: "seed of the random source (default: from the clock)"},
		{name: "scripts", value: true, multi: true, help: "script folder overriding the built-in scripts by path (repeatable)"},
		{name: "config", value: true, help: "configuration file (default: ./dndsh.toml, then the user's config folder)"},
		{name: "unsafe", help: "open Lua's io and os libraries (trusted scripts only)"},
	}
}

// engineSetup reads the configuration (file, then flags of sharedFlags) and
// returns the engine options it gives, with the settings for what the
// engine does not hold (budgets, history, language). Out is env.Stdout.
func engineSetup(env *Env, o *opts) (engine.Options, *settings, error) {
	st, err := loadSettings(env, o)
	if err != nil {
		return engine.Options{}, nil, err
	}
	eo, err := st.engineOptions(env)
	return eo, st, err
}

// engineOptions turns settings into engine options, opening the script
// folders through env.OpenDir.
func (st *settings) engineOptions(env *Env) (engine.Options, error) {
	eo := engine.Options{Ruleset: st.Ruleset, Variants: append([]string(nil), st.Variants...), Seed: st.Seed,
		Out: env.Stdout, Unsafe: st.Unsafe, Timeout: st.Timeout, Cache: luart.NewCacheWith(env.Compiled), DiceBudget: st.diceBudget()}
	roots, err := st.scriptRoots(env)
	if err != nil {
		return engine.Options{}, err
	}
	eo.UserRoots = roots
	return eo, nil
}

// scriptRoots opens the script folders of st, lowest precedence first.
func (st *settings) scriptRoots(env *Env) ([]luart.Root, error) {
	var roots []luart.Root
	for _, dir := range st.Scripts {
		if env.OpenDir == nil {
			return nil, usageErr("script folders are not available here")
		}
		fsys, err := env.OpenDir(dir)
		if err != nil {
			e := errs.New(errs.Usage, "config", "script folder %s: %v", dir, unwrapPath(err))
			e.Hint = "give an existing folder with --scripts DIR or scripts = [\"DIR\"] in dndsh.toml (" + st.from["scripts"] + ")"
			return nil, e
		}
		roots = append(roots, engine.DirRoot(dir, fsys))
	}
	return roots, nil
}

// unwrapPath drops the path of an *fs.PathError, which the message names
// already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

var helpFlag = flagSpec{name: "help", short: "h", help: "show this help"}

func printUsage(w io.Writer, cmds []*command) {
	fmt.Fprintf(w, "dndsh %s — a scriptable tabletop-RPG rules runtime\n\nUsage:\n", version)
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	for _, c := range cmds {
		fmt.Fprintf(w, "  dndsh %-6s %s\n         %s\n", c.name, c.usage, strings.ReplaceAll(c.help, "\n", "\n         "))
	}
	fmt.Fprintf(w, "\nExit codes: 0 ok, 1 failed checks, 2 usage, 3 syntax, 4 budget, 5 script error, 6 bad data, 7 rules error, 70 internal.\n")
}

func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "Usage: dndsh %s %s\n\n%s\n\nFlags:\n", c.name, c.usage, c.help)
	flags := c.flags
	if len(flags) == 0 || flags[len(flags)-1].name != helpFlag.name {
		flags = append(flags, helpFlag)
	}
	for _, f := range flags {
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
	env.guardTerminal()
	cmds := commands()
	args := env.Args
	if len(args) == 0 || (strings.HasPrefix(args[0], "-") && !isHelpOrVersion(args[0])) {
		// No command, or flags only: the REPL ("dndsh --ruleset 5e").
		args = append([]string{"repl"}, args...)
	}
	switch args[0] {
	case "--version", "version":
		fmt.Fprintf(env.Stdout, "dndsh %s\n", version)
		return 0
	case "--help", "-h", "help":
		printUsage(env.Stdout, cmds)
		return 0
	}
	var c *command
	for _, x := range cmds {
		if x.name == args[0] {
			c = x
		}
	}
	if c == nil {
		fmt.Fprintf(env.Stderr, "dndsh: unknown command %q\n\n", args[0])
		printUsage(env.Stderr, cmds)
		return 2
	}
	c.flags = append(c.flags, helpFlag)
	o, err := parseArgs(c, args[1:])
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

func isHelpOrVersion(a string) bool {
	switch a {
	case "--version", "--help", "-h":
		return true
	}
	return false
}

func reportError(w io.Writer, err error) {
	var e *errs.Error
	if errors.As(err, &e) {
		fmt.Fprintf(w, "dndsh: %s\n", e.Error())
		fmt.Fprint(w, e.Excerpt())
		if e.Hint != "" {
			fmt.Fprintf(w, "hint: %s\n", e.Hint)
		}
		return
	}
	fmt.Fprintf(w, "dndsh: %v\n", err)
}
