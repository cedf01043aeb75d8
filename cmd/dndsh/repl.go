package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/journal"
	"github.com/dndsh/dndsh/runtime/membudget"
	"github.com/dndsh/dndsh/runtime/rng"
	"github.com/dndsh/dndsh/runtime/text"
)

func replCommand() *command {
	return &command{
		name:  "repl",
		usage: "[--ruleset ID] [--variant ID]... [--seed N] [--scripts DIR]... [--config FILE] [--echo]",
		help: "The rules REPL (also `dndsh` with no command). A line of dice notation is rolled, :commands manage\n" +
			"the session (:help), a line naming a table command runs it, anything else is Lua. Reads plain lines\n" +
			"with no prompt when standard input is not a terminal (dndsh < session.txt). See docs/repl.md.",
		flags: append(sharedFlags(), flagSpec{name: "echo", help: `echo each input line as "> line" (writes a transcript, see docs/repl.md)`}),
		run:   runREPL,
	}
}

// sessionConfig is the configuration a session's save file holds: what a
// replay needs to rebuild the engine.
type sessionConfig struct {
	Ruleset  string   `json:"ruleset"`
	Variants []string `json:"variants"`
}

// loadCommand is a journaled :load. The file's text is kept, so an undo or
// an :open replays what was run even when the file changed since.
type loadCommand struct {
	Load   string `json:"load"`
	Source string `json:"source"`
}

// switchWriter forwards to w; the REPL points it at the terminal for a live
// command and at io.Discard while it replays the session.
type switchWriter struct{ w io.Writer }

func (s *switchWriter) Write(p []byte) (int, error) { return s.w.Write(p) }

// repl is one REPL session. It is the journal's Replayer: the session is
// a seed, a sessionConfig and the list of input lines, and the engine is
// rebuilt from them on :undo, :open, :ruleset and :variant.
type repl struct {
	env         *Env
	st          *settings
	lang        string         // the session's language: en, zh-Hant or zh-Hans (resolveLang)
	base        engine.Options // roots, sandbox, timeout, compiled-script cache
	budget      dice.Budget
	echo        bool
	interactive bool

	runner *journal.Runner
	cfg    sessionConfig // the configuration of the running engine
	seed   uint64        // the session's seed

	// The Replayer's state.
	eng *engine.Engine
	lua *luaSession // the session's Lua environment
	n   int         // commands applied since the last Reset (names chunks)
	src *rng.Source // the session's dice (the Runner's)
	log *journal.Journal

	out    switchWriter    // print and results: env.Stdout live, io.Discard in replays
	live   bool            // a live command runs (not a replay)
	cmdCtx context.Context // the live command's context (Ctrl-C cancels it)
	// replayCtx, when set, is the context of the replay of a :command
	// (:open, :undo...): Ctrl-C stops it, and the session goes back to
	// where it was.
	replayCtx context.Context
	// ask asks the user a question on the terminal and returns the
	// answer; nil when the input is not a terminal.
	ask func(prompt string) (string, error)
	// guard stops a command whose scripts pass the memory budget.
	guard *membudget.Guard
}

func runREPL(env *Env, o *opts) error {
	r, err := newREPL(env, o)
	if err != nil {
		return err
	}
	defer r.close()
	interactive := env.stdinIsTerminal()
	r.interactive = interactive
	var in lineReader
	if interactive {
		t, err := newTermReader(env, r.st, completer{r})
		if err != nil {
			return errs.New(errs.Internal, "repl", "cannot open the terminal: %v", err)
		}
		in = t
		fmt.Fprintf(env.Stdout, "dndsh %s — rules %s, seed %d. :help for help, :help tour for a walkthrough, Ctrl-D to leave.\n",
			version, r.systemName(), r.seed)
	} else {
		in = newPlainReader(env.Stdin)
	}
	defer in.close()
	if interactive {
		r.ask = in.readLine
	}
	failed, firstLine, first := r.loop(in)
	if interactive || failed == 0 {
		return nil
	}
	e := errs.New(errs.Script, "repl", "%d input(s) failed; the first at line %d of the input", failed, firstLine)
	var fe *errs.Error
	if errors.As(first, &fe) {
		e.Kind = fe.Kind
	}
	return e
}

// newREPL starts a session from the configuration and flags: the engine
// is built and the (empty) session started.
func newREPL(env *Env, o *opts) (*repl, error) {
	st, err := loadSettings(env, o)
	if err != nil {
		return nil, err
	}
	base, err := st.engineOptions(env)
	if err != nil {
		return nil, err
	}
	r := &repl{env: env, st: st, lang: resolveLang(env, st.Lang), base: base, budget: st.diceBudget(), echo: o.has("echo"), cmdCtx: context.Background(),
		guard: membudget.New(st.MemoryBudget, 0)}
	// A game master who starts dndsh with no configuration sits at a 5e
	// table: the base layer alone has no combat rules, so its table commands
	// could do nothing (--ruleset base still chooses it).
	ruleset := st.Ruleset
	if ruleset == "" && !o.has("ruleset") {
		ruleset = "5e"
	}
	sess := &journal.Session{Seed: st.Seed, Config: mustJSON(sessionConfig{Ruleset: ruleset, Variants: nonNil(st.Variants)})}
	if r.runner, err = journal.Start(sess, r); err != nil {
		return nil, err
	}
	r.seed = st.Seed
	r.out.w = env.Stdout
	return r, nil
}

// close releases the engine.
func (r *repl) close() {
	if r.eng != nil {
		r.eng.Close()
		r.eng = nil
	}
}

// loop reads and runs chunks until the end of the input or :quit. It
// returns how many inputs failed, the first error and its input line.
func (r *repl) loop(in lineReader) (failed, firstLine int, first error) {
	var buf []string
	lineNo, startLine := 0, 0
	for {
		prompt := r.systemName() + "> "
		if len(buf) > 0 {
			prompt = "...> "
		}
		line, err := in.readLine(prompt)
		if errors.Is(err, errInterrupted) {
			buf = nil
			continue
		}
		var long *lineTooLong
		if errors.As(err, &long) {
			lineNo++
			buf = nil
			e := errs.New(errs.Usage, "repl", "%v", err)
			r.report(e)
			failed++
			if first == nil {
				first, firstLine = e, lineNo
			}
			continue
		}
		eof := err != nil
		if !eof {
			lineNo++
			if r.echo {
				fmt.Fprintf(r.env.Stdout, "> %s\n", line)
			}
			if len(buf) == 0 {
				if strings.TrimSpace(line) == "" {
					continue
				}
				startLine = lineNo
			}
			buf = append(buf, line)
		}
		if len(buf) == 0 {
			return
		}
		chunk := strings.Join(buf, "\n")
		if !eof && r.incomplete(chunk, len(buf) == 1) {
			continue
		}
		buf = nil
		in.addHistory(chunk)
		quit, err := r.handle(chunk)
		if err != nil {
			r.report(err)
			failed++
			if first == nil {
				first, firstLine = err, startLine
			}
		}
		if quit || eof {
			return
		}
	}
}

// report prints an error; the REPL goes on.
func (r *repl) report(err error) {
	var e *errs.Error
	if errors.As(err, &e) {
		fmt.Fprint(r.env.Stderr, trimTrace(e).Pretty())
		return
	}
	fmt.Fprintf(r.env.Stderr, "error: %v\n", err)
}

// trimTrace drops a traceback that says no more than the message: one
// frame of Lua (the input itself) besides Go functions.
func trimTrace(e *errs.Error) *errs.Error {
	if e.Trace == "" {
		return e
	}
	frames := 0
	for _, l := range strings.Split(e.Trace, "\n") {
		l = strings.TrimSpace(l)
		if l != "" && l != "stack traceback:" && !strings.HasPrefix(l, "[G]:") && !strings.HasPrefix(l, "(tailcall)") {
			frames++
		}
	}
	if frames > 1 {
		return e
	}
	c := *e
	c.Trace = ""
	return &c
}

// zh reports whether the session speaks Chinese.
func (r *repl) zh() bool { return strings.HasPrefix(r.lang, "zh") }

// say writes Chinese text in the session's script (the help texts are
// written in Traditional characters).
func (r *repl) say(s string) string { return text.Convert(s, r.lang) }

// systemName is the loaded rule system's id, "base" for the base layer.
func (r *repl) systemName() string {
	if r.cfg.Ruleset == "" {
		return "base"
	}
	return r.cfg.Ruleset
}

// inputKind is what a line of input is.
type inputKind int

const (
	inputColon   inputKind = iota // a :command
	inputDice                     // dice notation: rolled
	inputCommand                  // a table command defined by the rules
	inputLua                      // anything else
)

// classify tells what a chunk is. Dice notation wins over Lua, a table
// command over Lua.
func (r *repl) classify(chunk string) inputKind {
	t := strings.TrimSpace(chunk)
	if strings.HasPrefix(t, ":") {
		return inputColon
	}
	if !strings.Contains(t, "\n") {
		// Whether a line is dice is decided without budgets, so that a
		// roll over budget is refused as dice and not run as Lua.
		// Full-width digits and signs (１ｄ２０＋５) are read as ASCII.
		if _, err := dice.ParseBudget(text.Narrow(t), unlimitedBudget()); err == nil {
			return inputDice
		}
		if w := firstWord(t); r.isCommand(w) && !isAssignment(t[len(w):]) {
			return inputCommand
		}
	}
	return inputLua
}

// unlimitedBudget is the budget that only tells dice notation from other
// input.
func unlimitedBudget() dice.Budget {
	b := dice.DefaultBudget()
	b.MaxDice, b.MaxDepth, b.MaxLen, b.MaxNest = 1<<30, 1<<30, 1<<30, 1<<20
	return b
}

// firstWord returns the text up to the first space.
func firstWord(s string) string {
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i]
	}
	return s
}

// isAssignment reports whether the rest of a line after its first word
// assigns to it ("save = 3", "add = nil"): such a line is Lua even when the
// word names a table command.
func isAssignment(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==")
}

// isCommand reports whether word names a table command.
func (r *repl) isCommand(word string) bool {
	return r.lua != nil && isCommandWord(word) && r.lua.isCommand(word)
}

func isIdentifier(s string) bool {
	for i, c := range s {
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c >= '0' && c <= '9' || c == '-') {
			continue
		}
		return false
	}
	return s != ""
}

// isCommandWord reports whether a word may name a table command: an
// identifier, or a word of letters (a command's Chinese name: 攻擊).
func isCommandWord(s string) bool {
	if isIdentifier(s) {
		return true
	}
	for _, c := range s {
		if !unicode.IsLetter(c) {
			return false
		}
	}
	return s != ""
}

// commandNames lists the table commands the rules define (their English
// words; the Chinese ones are the same commands).
func (r *repl) commandNames() []string {
	if r.eng == nil {
		return nil
	}
	var out []string
	for _, n := range r.eng.Rules.Prefixed("command.") {
		if w := strings.TrimPrefix(n, "command."); isIdentifier(w) && r.isCommand(w) {
			out = append(out, w)
		}
	}
	return out
}

// chunkName names the chunk of the next command, so that error messages
// and function names point at the input that defined them.
func (r *repl) chunkName(n int) string { return fmt.Sprintf("<input %d>", n) }

// incomplete reports whether a Lua chunk is unfinished and the REPL should
// read another line.
func (r *repl) incomplete(chunk string, firstLine bool) bool {
	if firstLine && (r.classify(chunk) != inputLua || diceTypoErr(chunk) != nil) {
		return false
	}
	inc, _ := r.lua.check(r.chunkName(r.runner.Commands()+1), chunk)
	return inc
}

// handle runs one complete chunk. Lines that change the session (dice,
// table commands, Lua, :load, :seed) go through the journal; the other
// :commands run directly.
func (r *repl) handle(chunk string) (quit bool, err error) {
	chunk = strings.TrimRight(chunk, " \t\r\n")
	t := strings.TrimSpace(chunk)
	if t == "" {
		return false, nil
	}
	if strings.HasPrefix(t, ":") {
		// Ctrl-C stops the replay of :open, :undo and the like; the
		// session goes back to where it was (that replay is not
		// interrupted).
		ctx, stop := r.env.interruptible(context.Background())
		defer stop()
		ctx, unwatch := r.guard.Watch(ctx)
		defer unwatch()
		r.replayCtx = ctx
		defer func() { r.replayCtx = nil }()
		return r.colon(t)
	}
	if !strings.Contains(chunk, "\n") {
		chunk = t
		if r.classify(t) == inputCommand && r.readonly(t) {
			return false, r.direct(t)
		}
		if file, ok := strings.CutPrefix(t, "map load "); ok && r.isCommand("map") {
			line, err := r.mapLoad(strings.TrimSpace(file))
			if err != nil {
				return false, err
			}
			chunk = line
		}
	}
	return false, r.do(mustJSON(chunk))
}

// mapLoad reads a map drawn in a text file (one row a line; blank lines
// are skipped) and returns the table command that gives the fight that
// map, "map rows ...": the session keeps the rows, not the file name, so a
// replay draws the same map even when the file changed.
func (r *repl) mapLoad(file string) (string, error) {
	if file == "" {
		return "", usageErr("usage: map load FILE (a text file of map rows)")
	}
	if r.env.ReadFile == nil {
		return "", usageErr("map load: files are not available here")
	}
	data, err := r.env.ReadFile(file)
	if err != nil {
		e := errs.New(errs.Usage, "map", "cannot read %s: %v", file, unwrapPath(err))
		e.File = file
		return "", e
	}
	var rows []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			q := "'"
			if strings.Contains(l, q) {
				q = `"`
			}
			rows = append(rows, q+l+q)
		}
	}
	if len(rows) == 0 {
		e := errs.New(errs.Data, "map", "%s has no map rows", file)
		e.File, e.Hint = file, "draw one row of the map a line: '#' wall, '=' low wall, '~' difficult, '.' open"
		return "", e
	}
	return "map rows " + strings.Join(rows, " "), nil
}

// readonly reports whether a table command line only reads the fight
// (order, show, map, cond list): the command says so in its
// command_help.<word>.readonly. Such a line is not journaled, so it is no
// step of :undo and not part of a saved session.
func (r *repl) readonly(line string) bool {
	v, err := r.lua.commandHelp(context.Background(), firstWord(line), "readonly", line)
	return err == nil && v == true
}

// direct runs a read-only table command live, outside the journal.
func (r *repl) direct(line string) error {
	ctx, stop := r.env.interruptible(context.Background())
	defer stop()
	r.cmdCtx, r.live, r.out.w = ctx, true, r.env.Stdout
	defer func() { r.cmdCtx, r.live = context.Background(), false }()
	return r.runCommand(line)
}

// do runs a journaled command live; Ctrl-C cancels it. A failed command
// leaves no trace: the journal rolls the session back by replay.
func (r *repl) do(cmd json.RawMessage) error {
	ctx, stop := r.env.interruptible(context.Background())
	defer stop()
	ctx, unwatch := r.guard.Watch(ctx)
	defer unwatch()
	r.cmdCtx, r.live, r.out.w = ctx, true, r.env.Stdout
	err := r.runner.Do(cmd)
	if ctx.Err() != nil && r.interactive {
		fmt.Fprintln(r.env.Stderr) // the terminal echoed ^C without a newline
	}
	r.cmdCtx, r.live, r.out.w = context.Background(), false, r.env.Stdout
	return err
}

// ctx is the context of Lua calls: the live command's, the replay's of a
// :command, or a background one (restoring a session is not interrupted).
func (r *repl) ctx() context.Context {
	if r.live {
		return r.cmdCtx
	}
	if r.replayCtx != nil {
		return r.replayCtx
	}
	return context.Background()
}

// Reset implements journal.Replayer: a fresh engine from the session's
// configuration, with the modules as globals and a new Lua environment.
// Output is discarded until the next live command.
func (r *repl) Reset(s *journal.Session) error {
	r.live, r.out.w = false, io.Discard
	var c sessionConfig
	if len(s.Config) > 0 {
		if err := json.Unmarshal(s.Config, &c); err != nil {
			return errs.New(errs.Data, "repl", "bad session configuration %s: %v", s.Config, err)
		}
	}
	if r.eng != nil {
		r.eng.Close()
		r.eng = nil
	}
	o := r.base
	o.Ruleset, o.Variants, o.Seed, o.Out = c.Ruleset, c.Variants, s.Seed, &r.out
	o.Source = nil
	var e *engine.Engine
	err := withoutCollector(r.env, func() (err error) {
		e, err = engine.New(context.Background(), o)
		return err
	})
	if err != nil {
		return err
	}
	// The session's language, for scripts (the table commands print in
	// Chinese under lang = "zh").
	defineSessionLang(e, r.lang)
	ls, err := newLuaSession(e)
	if err != nil {
		e.Close()
		return err
	}
	r.eng, r.lua, r.n, r.cfg = e, ls, 0, c
	r.cfg.Variants = nonNil(c.Variants)
	return nil
}

// withoutCollector runs fn, the loading of a rule system, with the garbage
// collector off (unless GOGC is set): compiling the scripts allocates
// several times what it keeps, and the collections a default target makes
// on the way (three or four, from a 4 MB heap) were 40% of the REPL's
// start-up instructions (callgrind: 296 M with them, 119 M without). The memory budget's soft limit (SetMemoryLimit)
// still makes the collector run near the budget.
func withoutCollector(env *Env, fn func() error) error {
	if env.SetGCPercent == nil || (env.Getenv != nil && env.Getenv("GOGC") != "") {
		return fn()
	}
	defer env.SetGCPercent(env.SetGCPercent(-1))
	return fn()
}

// Apply implements journal.Replayer: it runs one journaled command with
// the session's dice and log.
func (r *repl) Apply(cmd json.RawMessage, src *rng.Source, log *journal.Journal) error {
	if r.eng == nil {
		return errs.New(errs.Internal, "repl", "no engine")
	}
	r.eng.R.Src, r.eng.Journal, r.src, r.log = src, log, src, log
	r.n++
	var line string
	if err := json.Unmarshal(cmd, &line); err == nil {
		return r.exec(line)
	}
	var l loadCommand
	if err := json.Unmarshal(cmd, &l); err == nil && l.Load != "" {
		return r.load(l)
	}
	return errs.New(errs.Data, "repl", "unknown session command %s", cmd)
}

// exec runs one journaled input line.
func (r *repl) exec(line string) error {
	if rest, ok := strings.CutPrefix(line, ":seed "); ok {
		n, err := strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
		if err != nil {
			return usageErr(":seed wants a non-negative integer, got %q", strings.TrimSpace(rest))
		}
		r.src.Reset(n, 0)
		fmt.Fprintf(&r.out, "dice reseeded with %d\n", n)
		return nil
	}
	switch r.classify(line) {
	case inputDice:
		return r.roll(line)
	case inputCommand:
		return r.runCommand(line)
	case inputColon:
		return usageErr("%s cannot be replayed", firstWord(line))
	}
	return r.evalLua(line)
}

// roll rolls a line of dice notation with the session's dice and logs it.
func (r *repl) roll(line string) error {
	e, err := dice.ParseBudget(text.Narrow(line), r.budget)
	if err != nil {
		return err
	}
	res, err := e.Roll(r.src)
	if err != nil {
		return err
	}
	if _, err := r.log.Record(journal.KindRoll, journal.Time{}, res.JSON()); err != nil {
		return err
	}
	fmt.Fprintln(&r.out, res.Text())
	return nil
}

// evalLua runs a Lua chunk in the session environment and prints its
// values.
func (r *repl) evalLua(chunk string) error {
	text, has, err := r.lua.eval(r.ctx(), r.chunkName(r.n), chunk)
	if err != nil {
		if e := r.commandTypo(chunk, err); e != nil {
			return e
		}
		return r.diceTypo(chunk, err)
	}
	if has {
		fmt.Fprintln(&r.out, text)
	}
	return nil
}

// commandTypo returns an error naming the table command a line that is no
// Lua was meant as ("atack hero goblin1": did you mean attack?), or nil: a
// single line whose first word is no Lua name in the session and close to
// a command's, and Lua's error a syntax error or that word undeclared.
func (r *repl) commandTypo(chunk string, luaErr error) error {
	t := strings.TrimSpace(chunk)
	if strings.Contains(t, "\n") {
		return nil
	}
	w := firstWord(t)
	if !isIdentifier(w) || luaKeywords[w] || slices.Contains(r.lua.names(), w) || slices.Contains(moduleNames(r), w) {
		return nil
	}
	var e *errs.Error
	if !errors.As(luaErr, &e) {
		return nil
	}
	if !strings.Contains(e.Msg, "syntax error") && !strings.Contains(e.Msg, fmt.Sprintf("undeclared global %q", w)) {
		return nil
	}
	best, ok := errs.Nearest(w, r.commandNames())
	if !ok {
		return nil
	}
	out := errs.New(errs.Usage, "repl", "unknown command %q; did you mean %s?", w, best)
	if d, _ := r.lua.commandHelp(context.Background(), best, "describe"); d != nil {
		if m, ok := d.(map[string]any); ok {
			if u, ok := m["usage"].(string); ok {
				out.Hint = "usage: " + u + " (:help " + best + ")"
			}
		}
	}
	if out.Hint == "" {
		out.Hint = ":help commands lists the table commands"
	}
	return out
}

// luaKeywords are Lua's reserved words.
var luaKeywords = map[string]bool{"and": true, "break": true, "do": true, "else": true, "elseif": true, "end": true,
	"false": true, "for": true, "function": true, "if": true, "in": true, "local": true, "nil": true, "not": true,
	"or": true, "repeat": true, "return": true, "then": true, "true": true, "until": true, "while": true}

// diceTypo returns the dice parser's error instead of Lua's for a line
// that is no Lua and starts as dice notation ("1d", "4d6kh"): it was
// meant as a roll.
func (r *repl) diceTypo(chunk string, luaErr error) error {
	if err := diceTypoErr(chunk); err != nil {
		return err
	}
	return luaErr
}

// diceTypoErr returns the dice parser's error for a single line that
// starts like dice notation (a digit, or d and a digit) and got past its
// first character, else nil.
func diceTypoErr(chunk string) error {
	t := strings.TrimSpace(chunk)
	if strings.Contains(t, "\n") || t == "" {
		return nil
	}
	digit := func(b byte) bool { return b >= '0' && b <= '9' }
	if !digit(t[0]) && !(len(t) > 1 && (t[0] == 'd' || t[0] == 'D') && (digit(t[1]) || t[1] == '%')) {
		return nil
	}
	_, err := dice.ParseBudget(t, unlimitedBudget())
	var e *errs.Error
	if errors.As(err, &e) && e.Col > 1 {
		return err
	}
	return nil
}

// load runs a journaled :load in the session environment.
func (r *repl) load(l loadCommand) error {
	if err := r.lua.run(r.ctx(), l.Load, l.Source); err != nil {
		return err
	}
	fmt.Fprintf(&r.out, "loaded %s\n", l.Load)
	return nil
}

// runCommand calls a table command with {name, args, flags, line} and
// prints what it returns (a string as it is, a table pretty).
func (r *repl) runCommand(line string) error {
	words, err := splitWords(line)
	if err != nil {
		return err
	}
	var args []string
	flags := map[string]any{}
	onlyArgs := false
	for _, w := range words[1:] {
		switch {
		case onlyArgs:
			args = append(args, w)
		case w == "--":
			onlyArgs = true
		case strings.HasPrefix(w, "--") && len(w) > 2:
			name, val, hasVal := strings.Cut(w[2:], "=")
			if hasVal {
				flags[name] = val
			} else {
				flags[name] = true
			}
		default:
			args = append(args, w)
		}
	}
	text, err := r.lua.command(r.ctx(), words[0], args, flags, line)
	if err != nil {
		return commandErr(err, words[0])
	}
	if text != "" {
		fmt.Fprintln(&r.out, text)
	}
	return nil
}

// commandErr words an error a table command raised on purpose, with no
// position (error(msg, 0): "no creature called goblin9"): a message for
// the user, not a script bug, so it is shown as the command's
// ("error[attack]: ...") without a traceback.
func commandErr(err error, word string) error {
	var e *errs.Error
	if !errors.As(err, &e) || e.File != "" || e.Kind != errs.Script {
		return err
	}
	c := *e
	c.Trace, c.Layer = "", word
	return &c
}

// splitWords splits a command line at spaces; "double" or 'single' quotes
// keep spaces in a word.
func splitWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quote, has := false, rune(0), false
	for _, c := range line {
		switch {
		case in && c == quote:
			in = false
		case in:
			cur.WriteRune(c)
		case c == '"' || c == '\'':
			in, quote, has = true, c, true
		case unicode.IsSpace(c):
			if has {
				words = append(words, cur.String())
				cur.Reset()
				has = false
			}
		default:
			cur.WriteRune(c)
			has = true
		}
	}
	if in {
		return nil, usageErr("unclosed %c quote in %q", quote, line)
	}
	if has {
		words = append(words, cur.String())
	}
	return words, nil
}

// restart makes s the session: the engine is rebuilt and s's commands
// replayed. When that fails, the previous session is restored and the
// error returned.
func (r *repl) restart(s *journal.Session) error {
	old, err := r.runner.Session()
	if err != nil {
		return err
	}
	runner, err := journal.Start(s, r)
	if err == nil {
		r.runner, r.seed = runner, s.Seed
		r.out.w = r.env.Stdout
		return nil
	}
	stopped := r.replayCtx
	r.replayCtx = nil
	defer func() { r.replayCtx = stopped }()
	back, rerr := journal.Start(old, r)
	r.out.w = r.env.Stdout
	if rerr != nil {
		return &errs.Error{Kind: errs.Internal, Layer: "repl", Msg: "the session could not be restored: " + rerr.Error(), Err: err}
	}
	r.runner = back
	return err
}

// withConfig returns the current session with configuration c.
func (r *repl) withConfig(c sessionConfig) (*journal.Session, error) {
	s, err := r.runner.Session()
	if err != nil {
		return nil, err
	}
	c.Variants = nonNil(c.Variants)
	s.Config = mustJSON(c)
	return s, nil
}

// colon runs a :command.
func (r *repl) colon(line string) (bool, error) {
	name, rest, _ := strings.Cut(strings.TrimPrefix(line, ":"), " ")
	rest = strings.TrimSpace(rest)
	args := strings.Fields(rest)
	w := r.env.Stdout
	switch name {
	case "", "help", "h", "?":
		return false, r.help(w, rest)
	case "quit", "q", "exit":
		return true, nil
	case "rules":
		if rest != "" {
			why, ok := r.eng.Rules.Why(rest)
			if !ok {
				return false, errs.New(errs.Rule, "rules", "nothing defines %q", rest)
			}
			fmt.Fprint(w, why)
			return false, nil
		}
		writeRules(w, r.eng, r.lang)
		return false, nil
	case "ruleset":
		if len(args) == 0 {
			fmt.Fprintf(w, "rule system: %s (available: %s)\n", r.systemName(), strings.Join(r.eng.Rules.Systems(), ", "))
			return false, nil
		}
		id := args[0]
		if id == "base" {
			id = ""
		}
		c := sessionConfig{Ruleset: id}
		var dropped []string
		for _, v := range r.cfg.Variants {
			if sys, _, _ := strings.Cut(v, "."); sys == id {
				c.Variants = append(c.Variants, v)
			} else {
				dropped = append(dropped, v)
			}
		}
		s, err := r.withConfig(c)
		if err != nil {
			return false, err
		}
		if err := r.restart(s); err != nil {
			return false, err
		}
		fmt.Fprintf(w, "rule system %s; %d command(s) replayed\n", r.systemName(), r.runner.Commands())
		if len(dropped) > 0 {
			fmt.Fprintf(w, "variants turned off: %s\n", strings.Join(dropped, ", "))
		}
		return false, nil
	case "variant", "variants":
		if len(args) == 0 {
			writeVariants(w, r.eng, r.lang)
			return false, nil
		}
		if len(args) != 2 || (args[0] != "on" && args[0] != "off") {
			return false, usageErr("usage: :variant on|off ID (:variant lists them)")
		}
		id := args[1]
		c := sessionConfig{Ruleset: r.cfg.Ruleset}
		has := slices.Contains(r.cfg.Variants, id)
		switch {
		case args[0] == "on" && has:
			fmt.Fprintf(w, "variant %s is already on\n", id)
			return false, nil
		case args[0] == "off" && !has:
			return false, usageErr("variant %s is not on (on: %s)", id, listOrNone(r.cfg.Variants))
		case args[0] == "on" && r.eng.Rules.Variant(id) == nil:
			var known []string
			for _, v := range r.eng.Rules.Variants {
				known = append(known, v.ID)
			}
			e := errs.New(errs.Rule, "rules", "unknown variant %q for rule system %s", id, r.systemName())
			e.Hint = "declared variants: " + listOrNone(known) + " (:variant lists them)"
			return false, e
		case args[0] == "on":
			c.Variants = append(slices.Clone(r.cfg.Variants), id)
		default:
			for _, v := range r.cfg.Variants {
				if v != id {
					c.Variants = append(c.Variants, v)
				}
			}
		}
		s, err := r.withConfig(c)
		if err != nil {
			return false, err
		}
		if err := r.restart(s); err != nil {
			return false, err
		}
		fmt.Fprintf(w, "variant %s %s; %d command(s) replayed\n", id, args[0], r.runner.Commands())
		return false, nil
	case "load":
		if rest == "" {
			return false, usageErr("usage: :load FILE.lua")
		}
		if r.env.ReadFile == nil {
			return false, usageErr(":load: files are not available here")
		}
		src, err := r.env.ReadFile(rest)
		if err != nil {
			e := errs.New(errs.Usage, "repl", "cannot read %s: %v", rest, unwrapPath(err))
			e.File = rest
			return false, e
		}
		return false, r.do(mustJSON(loadCommand{Load: rest, Source: string(src)}))
	case "save":
		rest, err := fileArg(":save", rest)
		if err != nil {
			return false, err
		}
		s, err := r.runner.Session()
		if err != nil {
			return false, err
		}
		data, err := journal.Encode(s)
		if err != nil {
			return false, err
		}
		if r.env.WriteFile == nil {
			return false, usageErr(":save: files cannot be written here")
		}
		if err := r.env.WriteFile(rest, data); err != nil {
			return false, err
		}
		fmt.Fprintf(w, "saved %d command(s) to %s (rules %s, seed %d)\n", len(s.Commands), rest, r.systemName(), s.Seed)
		return false, nil
	case "open":
		rest, err := fileArg(":open", rest)
		if err != nil {
			return false, err
		}
		if r.env.ReadFile == nil {
			return false, usageErr(":open: files are not available here")
		}
		data, err := r.env.ReadFile(rest)
		if err != nil {
			e := errs.New(errs.Data, "journal", "cannot read save file: %s", pathProblem(err))
			e.File, e.Hint, e.Err = rest, "check the path", err
			return false, e
		}
		s, err := journal.Decode(rest, data)
		if err != nil {
			return false, err
		}
		if err := r.trustSave(rest, s); err != nil {
			return false, err
		}
		if err := r.restart(s); err != nil {
			return false, err
		}
		fmt.Fprintf(w, "opened %s: %d command(s) replayed (rules %s, seed %d)\n", rest, r.runner.Commands(), r.systemName(), r.seed)
		return false, nil
	case "undo":
		n := 1
		if len(args) > 0 {
			v, err := strconv.Atoi(args[0])
			if err != nil || v < 0 {
				return false, usageErr(":undo wants a count, got %q", args[0])
			}
			n = v
		}
		before, err := r.runner.Session()
		if err != nil {
			return false, err
		}
		err = r.runner.Undo(n)
		r.out.w = r.env.Stdout
		if err != nil {
			return false, err
		}
		fmt.Fprintln(w, undoText(before.Commands, n, r.runner.Commands()))
		return false, nil
	case "log":
		n := 20
		if len(args) > 0 {
			v, err := strconv.Atoi(args[0])
			if err != nil || v < 1 {
				return false, usageErr(":log wants a count, got %q", args[0])
			}
			n = v
		}
		for _, e := range r.runner.Journal().Tail(n) {
			fmt.Fprintf(w, "%4d %-8s %s\n", e.Seq, e.Kind, e.Payload)
		}
		return false, nil
	case "dist":
		if rest == "" {
			return false, usageErr("usage: :dist EXPR (for example :dist 4d6kh3)")
		}
		e, err := dice.ParseBudget(rest, r.budget)
		if err != nil {
			return false, err
		}
		d, err := distOf(r.cmdCtx, r.st, e, 200000, r.seed)
		if err != nil {
			return false, err
		}
		writeDist(w, e, d)
		return false, nil
	case "seed":
		if len(args) == 0 {
			fmt.Fprintf(w, "session seed %d\n", r.seed)
			return false, nil
		}
		return false, r.do(mustJSON(":seed " + args[0]))
	}
	e := errs.New(errs.Usage, "repl", "unknown command :%s", name)
	e.Hint = "the commands are " + colonList() + "; :help NAME explains one"
	return false, e
}

// undoText says what :undo N took back: the last n of cmds, as typed.
func undoText(cmds []json.RawMessage, n, left int) string {
	if n == 0 {
		return fmt.Sprintf("nothing undone; %d input(s) in the session", left)
	}
	var shown []string
	for _, c := range cmds[len(cmds)-n:] {
		shown = append(shown, commandText(c))
	}
	if n == 1 {
		return fmt.Sprintf("undid %s; %d input(s) left", shown[0], left)
	}
	return fmt.Sprintf("undid %d inputs: %s; %d left", n, strings.Join(shown, ", "), left)
}

// commandText renders a journaled input as it was typed (quoted): a line,
// or :load FILE.
func commandText(c json.RawMessage) string {
	var line string
	if json.Unmarshal(c, &line) == nil {
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i] + " ..."
		}
		return strconv.Quote(line)
	}
	var l loadCommand
	if json.Unmarshal(c, &l) == nil && l.Load != "" {
		return strconv.Quote(":load " + l.Load)
	}
	return string(c)
}

// fileArg reads the file argument of a :command: the rest of the line, in
// double quotes when it has to (":save \"my fight.json\""). An empty or
// blank name is refused.
func fileArg(cmd, rest string) (string, error) {
	name := strings.TrimSpace(rest)
	if strings.HasPrefix(name, `"`) {
		u, err := strconv.Unquote(name)
		if err != nil {
			return "", usageErr("%s: bad quoted file name %s", cmd, name)
		}
		name = u
	}
	if strings.TrimSpace(name) == "" {
		return "", usageErr("usage: %s FILE (a file name, not empty)", cmd)
	}
	if strings.HasSuffix(name, "/") {
		return "", usageErr("%s: %q is a folder; name a file", cmd, name)
	}
	return name, nil
}

// trustSave asks before a save is replayed with Lua's io and os open
// (--unsafe): its commands are code that could run programs or write
// files. Without a terminal to ask on, it refuses.
func (r *repl) trustSave(path string, s *journal.Session) error {
	if !r.st.Unsafe || len(s.Commands) == 0 {
		return nil
	}
	refuse := func() error {
		e := errs.New(errs.Usage, "repl", "not opened: %s would replay %d command(s) with io and os open (--unsafe)", path, len(s.Commands))
		e.Hint = "open it in a session without --unsafe, or answer yes when asked on a terminal"
		return e
	}
	if r.ask == nil {
		return refuse()
	}
	ans, err := r.ask(fmt.Sprintf("%s replays %d command(s) with io and os open (--unsafe): they could run programs and write files. Open it? [y/N] ", path, len(s.Commands)))
	if err != nil || !strings.EqualFold(strings.TrimSpace(ans), "y") && !strings.EqualFold(strings.TrimSpace(ans), "yes") {
		return refuse()
	}
	return nil
}

func listOrNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// mustJSON encodes values that always encode (strings and plain structs),
// without HTML escaping so that save files read as typed.
func mustJSON(v any) json.RawMessage {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return json.RawMessage(strings.TrimSuffix(b.String(), "\n"))
}
