package main

import (
	"context"
	"errors"
	"strings"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/errs"
)

// luaMultRet asks luart.Runtime.Call for every result (gopher-lua's
// MultRet; cmd/dndsh does not import gopher-lua, see DESIGN.md).
const luaMultRet = -1

// luaSession is the REPL's Lua side over one engine: the session
// environment (module tables as globals, the user's globals kept between
// inputs), chunk compilation with "return" tried first, and table
// commands. It uses the luart and rulesmod API only.
type luaSession struct {
	// check compiles a chunk without running it. incomplete is true when
	// the chunk ends too early and more lines may finish it.
	check func(name, chunk string) (incomplete bool, err error)
	// eval runs a chunk (as an expression when it is one) and returns its
	// values rendered with luart.Repr, tab-separated, and whether it
	// returned any.
	eval func(ctx context.Context, name, chunk string) (string, bool, error)
	// run runs a file's text in the session environment.
	run func(ctx context.Context, name, src string) error
	// isCommand reports whether the rules define command.<word> as a
	// function.
	isCommand func(word string) bool
	// command calls command.<word> with {name, args, flags, line} and
	// returns its result rendered ("" for nil).
	command func(ctx context.Context, word string, args []string, flags map[string]any, line string) (string, error)
	// names lists the globals the session defined.
	names func() []string
	// commandHelp calls method of the rules' command_help.<word> table
	// (describe, readonly, complete) with up to two args and returns its
	// result as plain Go (luart.ToGo); nil when the command has none.
	commandHelp func(ctx context.Context, word, method string, args ...any) (any, error)
}

// commandHelpChunk calls a method of a table command's command_help.<word>.
const commandHelpChunk = `local word, method = ...
local h = require("rules").get("command_help." .. word)
if type(h) ~= "table" or type(h[method]) ~= "function" then return nil end
return h[method](select(3, ...))`

// newLuaSession builds the REPL's Lua side of e: the modules become
// globals and a fresh session environment is made.
func newLuaSession(e *engine.Engine) (*luaSession, error) {
	R := e.R
	if err := R.ExposeGlobals(); err != nil {
		return nil, err
	}
	env := R.NewEnv()
	// compile tries "return " + chunk first, then the chunk as
	// statements, and returns the function that runs it.
	compile := func(name, chunk string) (run func(context.Context) ([]string, error), incomplete bool, err error) {
		f, err := R.LoadBytes(name, "session", []byte("return "+chunk))
		if err == nil {
			// Keep the text as typed for error excerpts: LoadBytes records
			// the source before it compiles, and the statement form need
			// not compile.
			_, _ = R.LoadBytes(name, "session", []byte(chunk))
		} else {
			exprEOF := atEOF(err)
			f, err = R.LoadBytes(name, "session", []byte(chunk))
			if err != nil {
				// "{1," is an unfinished expression but no statement.
				return nil, exprEOF || atEOF(err), err
			}
		}
		f.Env = env
		return func(ctx context.Context) ([]string, error) {
			vals, err := R.Call(ctx, f, luaMultRet)
			if err != nil {
				return nil, err
			}
			parts := make([]string, len(vals))
			for i, v := range vals {
				parts[i] = luart.Repr(v, true)
			}
			return parts, nil
		}, false, nil
	}
	isCommand := func(word string) bool {
		return e.Rules.Value("command."+word).Type().String() == "function"
	}
	return &luaSession{
		check: func(name, chunk string) (bool, error) {
			_, inc, err := compile(name, chunk)
			return inc, err
		},
		eval: func(ctx context.Context, name, chunk string) (string, bool, error) {
			run, inc, err := compile(name, chunk)
			if err != nil {
				if inc {
					return "", false, unfinished(err)
				}
				return "", false, err
			}
			parts, err := run(ctx)
			return strings.Join(parts, "\t"), len(parts) > 0, err
		},
		run: func(ctx context.Context, name, src string) error {
			f, err := R.LoadBytes(name, "session", []byte(src))
			if err != nil {
				return err
			}
			f.Env = env
			_, err = R.Call(ctx, f, 0)
			return err
		},
		isCommand: isCommand,
		command: func(ctx context.Context, word string, args []string, flags map[string]any, line string) (string, error) {
			if !isCommand(word) {
				return "", errs.New(errs.Rule, "repl", "no table command %q", word)
			}
			list := make([]any, len(args))
			for i, a := range args {
				list[i] = a
			}
			t := luart.FromGo(R.L, map[string]any{"name": word, "args": list, "flags": flags, "line": line})
			vals, err := R.Call(ctx, e.Rules.Value("command."+word), 1, t)
			if err != nil || len(vals) == 0 || vals[0].Type().String() == "nil" {
				return "", err
			}
			return luart.Repr(vals[0], true), nil
		},
		names: func() []string { return luart.SortedKeys(env) },
		commandHelp: func(ctx context.Context, word, method string, args ...any) (any, error) {
			f, err := R.LoadBytes("<command help>", "session", []byte(commandHelpChunk))
			if err != nil {
				return nil, err
			}
			var a1, a2 any
			if len(args) > 0 {
				a1 = args[0]
			}
			if len(args) > 1 {
				a2 = args[1]
			}
			out, err := R.Call(ctx, f, 1, luart.FromGo(R.L, word), luart.FromGo(R.L, method), luart.FromGo(R.L, a1), luart.FromGo(R.L, a2))
			if err != nil || len(out) == 0 {
				return nil, err
			}
			return luart.ToGo(out[0]), nil
		},
	}, nil
}

// defineSessionLang defines "session.lang" in e's session layer: the
// session's language ("en", "zh-Hant" or "zh-Hans", see resolveLang; ""
// counts as "en"), which scripts read with rules.get("session.lang").
func defineSessionLang(e *engine.Engine, lang string) {
	if lang == "" {
		lang = "en"
	}
	e.Rules.Define("session.lang", luart.FromGo(e.R.L, lang))
}

// atEOF reports whether a syntax error is at the very end of the input:
// more lines may finish the chunk. luart.IsIncomplete also counts an error
// at the last token ("1 +\nend"), which more input cannot fix; an error
// at the end has no column.
func atEOF(err error) bool {
	var e *errs.Error
	return luart.IsIncomplete(err) && errors.As(err, &e) && e.Col == 0
}

// unfinished words the error of a chunk that ended too early.
func unfinished(err error) error {
	var e *errs.Error
	if errors.As(err, &e) && !strings.Contains(e.Msg, "end of the input") {
		c := *e
		c.Msg = "syntax error at the end of the input: the chunk is not finished"
		return &c
	}
	return err
}
