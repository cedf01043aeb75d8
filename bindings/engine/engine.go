// Package engine assembles a scriptable dndsh runtime: a sandboxed Lua state
// (luart) with every module registered (dice, rules, log, and the kernel's
// modules), the event bus, the journal and the loaded rule system with its
// variants. Commands, the REPL, the spec runner and batch workers all start
// from engine.New.
package engine

import (
	"context"
	"io"
	"io/fs"
	"time"

	"github.com/dndsh/dndsh/bindings/checkmod"
	"github.com/dndsh/dndsh/bindings/combatmod"
	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/dicemod"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/bindings/gridmod"
	"github.com/dndsh/dndsh/bindings/logmod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/bindings/textmod"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/journal"
	"github.com/dndsh/dndsh/runtime/rng"
	"github.com/dndsh/dndsh/scripts"
)

// Options configure an Engine.
type Options struct {
	Ruleset  string   // rule system id ("5e"); "" loads only the base layer
	Variants []string // enabled variant ids
	Seed     uint64
	Index    uint64      // stream index (batch trial); the source is rng.Stream(Seed, Index)
	Source   *rng.Source // overrides Seed/Index when set
	Out      io.Writer
	// UserRoots are script folders that override the embedded scripts by
	// path, lowest precedence first.
	UserRoots []luart.Root
	// NoEmbedded leaves the embedded scripts out (tests of user roots).
	NoEmbedded bool
	Unsafe     bool
	Timeout    time.Duration
	Cache      *luart.Cache
	// DiceBudget bounds the dice expressions scripts roll; the zero value
	// means dice.DefaultBudget().
	DiceBudget dice.Budget
}

// Engine is one runtime with its rules loaded.
type Engine struct {
	R       *luart.Runtime
	Rules   *rulesmod.Rules
	Bus     *event.Bus
	Journal *journal.Journal
	Opts    Options
}

// EmbeddedRoot is the root of the built-in scripts.
func EmbeddedRoot() luart.Root { return luart.Root{Name: "embedded", FS: scripts.FS} }

// Roots returns the script roots of opts, lowest precedence first.
func Roots(opts Options) []luart.Root {
	var roots []luart.Root
	if !opts.NoEmbedded {
		roots = append(roots, EmbeddedRoot())
	}
	return append(roots, opts.UserRoots...)
}

// DirRoot is a root over a folder of the file system (for --scripts).
func DirRoot(name string, fsys fs.FS) luart.Root { return luart.Root{Name: name, FS: fsys} }

// LoadTimeout is the least time budget of loading a rule system's scripts
// when the engine is created (a longer budgets.timeout applies as it is).
const LoadTimeout = 30 * time.Second

// New creates the runtime, registers the modules and loads opts.Ruleset
// with its variants.
func New(ctx context.Context, opts Options) (*Engine, error) {
	src := opts.Source
	if src == nil {
		src = rng.Stream(opts.Seed, opts.Index)
	}
	r, err := luart.New(luart.Config{Roots: Roots(opts), Source: src, Out: opts.Out, Unsafe: opts.Unsafe,
		Timeout: opts.Timeout, Cache: opts.Cache})
	if err != nil {
		return nil, err
	}
	e := &Engine{R: r, Bus: event.New(), Journal: journal.New(), Opts: opts}
	if opts.DiceBudget != (dice.Budget{}) {
		r.Set(dicemod.BudgetKey, opts.DiceBudget)
	}
	r.Register(dicemod.Module(r))
	r.Register(creaturemod.Module(r))
	r.Register(checkmod.Module(r))
	r.Register(combatmod.Module(r))
	r.Register(gridmod.Module())
	r.Register(textmod.Module())
	e.Rules = rulesmod.Install(r, e.Bus)
	r.Register(logmod.Module(r, func() *journal.Journal { return e.Journal }))
	r.Register(fightmod.Module(e.Rules))
	id := opts.Ruleset
	if id == "" {
		id = "base"
	}
	// Start-up loads the rule system under its own budget: budgets.timeout
	// bounds an input, a hook or a trial, and a busy machine must not make
	// loading forty built-in files fail under a budget set to stop loops.
	load := opts.Timeout
	if load > 0 && load < LoadTimeout {
		load = LoadTimeout
	}
	if err := r.WithTimeout(load, func() error { return e.Rules.Load(ctx, id, opts.Variants) }); err != nil {
		r.Close()
		return nil, err
	}
	e.Rules.EnterSession()
	return e, nil
}

// Close releases the runtime.
func (e *Engine) Close() { e.R.Close() }
