// Package luart owns the gopher-lua state of a dndsh run: the sandbox, the
// module registry, the script loader over layered roots, the compiled-script
// cache, deadlines and the conversion of Lua errors into *errs.Error.
//
// It is, with the module packages under bindings/, the only code that
// imports gopher-lua.
//
// The sandbox opens only base, table, string and math. It removes every way
// to load code from outside the script roots (dofile, loadfile, load,
// loadstring, module), collectgarbage, getfenv/setfenv, newproxy, rawset
// and _printregs; print writes to the host's writer; math.random draws from
// the run's seeded rng.Source and math.randomseed is refused. require
// resolves registered Go modules and scripts under the roots, nothing else.
// The global table is locked (assigning or reading an undeclared global is
// an error) and its metatable is protected with __metatable. string.rep,
// table.concat and unpack are bounded by the memory budget. Unsafe mode
// (--unsafe) opens io and os for trusted scripts.
package luart

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/membudget"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Root is one folder of scripts. Later roots override earlier ones file by
// file (a user folder replaces an embedded script of the same path).
type Root struct {
	Name string // shown in messages and `dndsh rules`: "embedded", a folder path
	FS   fs.FS
}

// Config configures a Runtime.
type Config struct {
	Roots   []Root
	Source  *rng.Source // the run's random source; New(0) when nil
	Out     io.Writer   // where print writes; io.Discard when nil
	Unsafe  bool        // open io and os (trusted scripts only)
	Cache   *Cache      // compiled-script cache shared between runtimes; a private one when nil
	Timeout time.Duration
	// MaxString bounds strings built by string.rep and table.concat (bytes);
	// 0 means 16 MiB.
	MaxString int
	// CallStack bounds Lua call depth; 0 means 200.
	CallStack int
	// MaxRegistry bounds the Lua value stack; 0 means 1<<20 slots.
	MaxRegistry int
}

// Func is one exported function of a module, with its signature and doc
// line for the generated API reference.
type Func struct {
	Name string // "roll"
	Args string // "(expr [, opts])"
	Doc  string // one line: what it does and returns
	Fn   lua.LGFunction
}

// Module is a Lua module implemented in Go, reached with require(Name).
type Module struct {
	Name  string
	Doc   string
	Funcs []Func
	// Setup, when set, runs after the functions are in the module table
	// (to add constants or metatables).
	Setup func(L *lua.LState, mod *lua.LTable)
}

// Runtime is one sandboxed Lua state with its modules and loader. It is not
// safe for concurrent use: batch runs keep one Runtime per worker.
type Runtime struct {
	L        *lua.LState
	cfg      Config
	Src      *rng.Source
	cache    *Cache
	modules  map[string]*Module
	order    []string           // module names in registration order
	loaded   *lua.LTable        // require's cache (in the registry, not a global)
	loading  map[string]bool    // cycle detection for require
	layers   map[string]string  // chunk name -> layer, for error messages
	Layer    string             // the layer now loading (set by the rules loader)
	During   string             // what is being done, for error messages
	values   map[string]any     // per-runtime values for modules (the host's state)
	ctx      context.Context    // the context of the running call, if any
	sources  map[string]*source // loaded sources by chunk name, for excerpts
	clock    *trialClock        // the reusable deadline of outermost entries
	memoMeta *lua.LTable        // the metatable of memo tables (NewMemo)
	prof     *profiler          // samples the entries' Lua stacks (SetProfile), or nil

	guards  []guard        // the active protected calls, innermost last
	errfn   *lua.LFunction // the error handler of every protected call
	pending callError      // what the error handler of a boundary call recorded
	broken  error          // set when a VM failure damaged the state
}

// New creates a sandboxed runtime.
func New(cfg Config) (*Runtime, error) {
	if cfg.Source == nil {
		cfg.Source = rng.New(0)
	}
	if cfg.Out == nil {
		cfg.Out = io.Discard
	}
	if cfg.Cache == nil {
		cfg.Cache = NewCache()
	}
	if cfg.MaxString <= 0 {
		cfg.MaxString = 16 << 20
	}
	if cfg.CallStack <= 0 {
		cfg.CallStack = 200
	}
	if cfg.MaxRegistry <= 0 {
		cfg.MaxRegistry = 1 << 20
	}
	if !layout.ok {
		return nil, &errs.Error{Kind: errs.Internal, Layer: "lua", Msg: "this dndsh was built with a gopher-lua whose internals it does not know (it needs v1.1.2)"}
	}
	// A fixed call-frame stack (MinimizeStackMemory off): the CallStack
	// frames (16 KB at 200) are made once per state instead of grown and
	// shrunk in segments as calls nest, which counts 0.9% fewer
	// instructions in a Lua-heavy trial (bench/README.md, round 13).
	L := lua.NewState(lua.Options{
		SkipOpenLibs:        true,
		CallStackSize:       cfg.CallStack,
		RegistrySize:        1024 * 8,
		RegistryMaxSize:     cfg.MaxRegistry,
		MinimizeStackMemory: false,
	})
	r := &Runtime{L: L, cfg: cfg, Src: cfg.Source, cache: cfg.Cache, modules: map[string]*Module{},
		loading: map[string]bool{}, layers: map[string]string{}, values: map[string]any{}, sources: map[string]*source{}}
	r.errfn = L.NewFunction(r.handleError)
	if err := r.openSandbox(); err != nil {
		L.Close()
		return nil, err
	}
	keepErrorHandlerFlag(L)
	return r, nil
}

// Close releases the state.
func (r *Runtime) Close() {
	if r.clock != nil {
		r.clock.close()
	}
	r.L.Close()
}

// Config returns the configuration the runtime was made with.
func (r *Runtime) Config() Config { return r.cfg }

// WithTimeout runs fn with the time budget of outermost calls set to d
// (0: none), then restores the configured one. The engine loads a rule
// system's scripts under a start-up budget this way (engine.LoadTimeout).
func (r *Runtime) WithTimeout(d time.Duration, fn func() error) error {
	prev := r.cfg.Timeout
	r.cfg.Timeout = d
	defer func() { r.cfg.Timeout = prev }()
	return fn()
}

// Set stores a host value for modules (for example the encounter).
func (r *Runtime) Set(key string, v any) { r.values[key] = v }

// Get returns a host value stored with Set.
func (r *Runtime) Get(key string) any { return r.values[key] }

// Out returns the writer print uses.
func (r *Runtime) Out() io.Writer { return r.cfg.Out }

// SetOut changes the writer print uses.
func (r *Runtime) SetOut(w io.Writer) { r.cfg.Out = w }

// Register adds a Go module, reachable with require(m.Name). Registering a
// name twice replaces the module (the later layer wins).
func (r *Runtime) Register(m Module) {
	mm := m
	if _, ok := r.modules[m.Name]; !ok {
		r.order = append(r.order, m.Name)
	}
	r.modules[m.Name] = &mm
	r.loaded.RawSetString(m.Name, lua.LNil)
}

// Modules returns the registered modules in registration order.
func (r *Runtime) Modules() []*Module {
	out := make([]*Module, 0, len(r.order))
	for _, n := range r.order {
		out = append(out, r.modules[n])
	}
	return out
}

// ModuleTable returns the table of a registered module, building it on
// first use (as require does).
func (r *Runtime) ModuleTable(name string) (*lua.LTable, error) {
	if v := r.loaded.RawGetString(name); v != lua.LNil {
		if t, ok := v.(*lua.LTable); ok {
			return t, nil
		}
	}
	m, ok := r.modules[name]
	if !ok {
		return nil, fmt.Errorf("no module %q", name)
	}
	t := r.L.NewTable()
	for _, f := range m.Funcs {
		t.RawSetString(f.Name, r.L.NewFunction(f.Fn))
	}
	if m.Setup != nil {
		m.Setup(r.L, t)
	}
	r.loaded.RawSetString(name, t)
	return t, nil
}

// ExposeGlobals makes the registered modules globals too (the REPL does,
// for typing speed). The global table stays locked for anything else.
func (r *Runtime) ExposeGlobals() error {
	for _, n := range r.order {
		t, err := r.ModuleTable(n)
		if err != nil {
			return err
		}
		r.L.G.Global.RawSetString(n, t)
	}
	return nil
}

// Call calls fn with args under the runtime's deadline and ctx, and returns
// its results. Errors come back as *errs.Error.
func (r *Runtime) Call(ctx context.Context, fn lua.LValue, nret int, args ...lua.LValue) ([]lua.LValue, error) {
	L := r.L
	cancel := r.enter(ctx)
	defer cancel()
	top := L.GetTop()
	if err := r.PCall(fn, nret, args...); err != nil {
		L.SetTop(top)
		return nil, r.convert(err)
	}
	n := L.GetTop() - top
	out := make([]lua.LValue, n)
	for i := 0; i < n; i++ {
		out[i] = L.Get(top + 1 + i)
	}
	L.SetTop(top)
	return out, nil
}

// Enter runs the Lua calls that follow (hooks called from Go, such as a
// fight's) under ctx bounded by the configured timeout, until the returned
// function is called. A batch worker enters once per trial.
func (r *Runtime) Enter(ctx context.Context) func() { return r.enter(ctx) }

// enter sets the call's context (the caller's, bounded by the configured
// timeout) and returns the function that removes it.
func (r *Runtime) enter(ctx context.Context) func() {
	if ctx == nil && r.cfg.Timeout <= 0 && r.prof == nil {
		return func() {}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if r.cfg.Timeout > 0 && r.L.Context() == nil {
		return r.enterTrial(ctx)
	}
	cancel := func() {}
	if r.cfg.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, r.cfg.Timeout)
	}
	prev := r.L.Context()
	r.ctx = ctx
	r.L.SetContext(r.profiled(ctx, prev == nil))
	return func() {
		cancel()
		if prev != nil {
			r.L.SetContext(prev)
		} else {
			r.L.RemoveContext()
		}
		r.ctx = nil
	}
}

// CheckContext returns the error that stops the running call, when its
// context is done (its deadline passed, the user pressed Ctrl-C, the
// memory budget was exceeded), or nil. Go code that loops for long on
// behalf of a script (a fight's rounds) calls it as it goes.
func (r *Runtime) CheckContext() error {
	if c, ok := r.ctx.(*trialCtx); ok && !c.ended.Load() {
		return nil // a trial's clock still running: no lock to take (Err's)
	}
	if e := r.stopError(); e != nil {
		return e
	}
	return nil
}

// stopError is the error of the running call's done context, or nil.
func (r *Runtime) stopError() *errs.Error {
	if r.ctx == nil || r.ctx.Err() == nil {
		return nil
	}
	e := &errs.Error{Kind: errs.Budget, Layer: "lua", During: r.during()}
	cause := stopCause(r.ctx)
	var mem *membudget.Exceeded
	switch {
	case errors.As(cause, &mem):
		e.Msg = mem.Error()
		e.Hint = "the script holds too much data (a string doubled in a loop, a table filled without end): look at this line, or raise budgets.memory in dndsh.toml"
	case errors.Is(cause, context.DeadlineExceeded):
		e.Msg = fmt.Sprintf("the script ran past its time budget of %v (budgets.timeout): deadline exceeded", r.cfg.Timeout)
		e.Hint = "look for a loop that never ends, or raise budgets.timeout in dndsh.toml"
	default:
		e.Kind, e.Msg = errs.Interrupted, "interrupted"
	}
	return e
}

// stopCause is why a done context is done: its cause when it has one
// (the memory budget), else its error (a deadline, a cancellation).
func stopCause(ctx context.Context) error {
	err := ctx.Err()
	if errors.Is(err, context.Canceled) {
		if cause := context.Cause(ctx); cause != nil {
			return cause
		}
	}
	return err
}

// SortedKeys returns the string keys of a table in sorted order, so code
// that walks a table does so deterministically.
func SortedKeys(t *lua.LTable) []string {
	var keys []string
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			keys = append(keys, string(s))
		}
	})
	sort.Strings(keys)
	return keys
}

// chunkLayer records which layer a chunk belongs to.
func (r *Runtime) chunkLayer(name, layer string) { r.layers[name] = layer }

func (r *Runtime) layerOf(chunk string) string {
	if l, ok := r.layers[chunk]; ok {
		return l
	}
	if strings.HasPrefix(chunk, "=") || chunk == "" {
		return "session"
	}
	return "lua"
}
