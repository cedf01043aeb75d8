package luart

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The Lua profile says where a runtime's Lua code spends its VM
// instructions: every Every-th instruction of the calls made under Enter
// (a study's trials, a fight's turns), it records the stack of the running
// Lua functions. gopher-lua has no debug hooks, but its VM asks the
// state's context for its Done channel before every instruction; a
// profiled runtime's context (profCtx) counts those asks and samples on
// the Every-th, reading the call frames through their reflected offsets
// (vminternals.go). The count starts again at every entry, so a trial's
// samples depend on the trial alone: the same command gives the same
// profile. It counts VM instructions, not time: the work of Go functions
// (fight.strike's attack pipeline, dice) is in the Go CPU profile, and
// shows here only through the Lua hooks it calls.

// DefaultProfileEvery is the sampling period of a profile: one sample
// every 997 VM instructions (a prime, so that no loop's length lines up
// with it).
const DefaultProfileEvery = 997

// maxProfileDepth is the deepest a sampled stack goes (the frames nearest
// the running one are kept).
const maxProfileDepth = 256

// Frame is one level of a sampled stack.
type Frame struct {
	Source  string // the chunk ("core/5e/tactics.lua"), or "[Go]" for a Go function
	Defined int    // the line the function starts on (0: a chunk's main function, or Go)
	Line    int    // the line running in the frame: in outer frames, the call's
	Name    string // the function's name: from the line it starts on, the Go function's, or "(main chunk)"
}

// Function names the frame's function: "name (source:line)".
func (f Frame) Function() string {
	if f.Source == "[Go]" {
		return "[Go] " + f.Name
	}
	return fmt.Sprintf("%s (%s:%d)", f.Name, f.Source, f.Defined)
}

// Stack is a sampled stack, outermost frame first, and its samples.
type Stack struct {
	Frames  []Frame
	Samples int64
}

// Profile is a Lua profile: the sampled stacks of one or more runtimes.
type Profile struct {
	Every  int // VM instructions a sample
	stacks map[string]*Stack
}

// NewProfile returns an empty profile sampling every every-th VM
// instruction (DefaultProfileEvery when every <= 0).
func NewProfile(every int) *Profile {
	if every <= 0 {
		every = DefaultProfileEvery
	}
	return &Profile{Every: every, stacks: map[string]*Stack{}}
}

// Samples is the number of samples in the profile.
func (p *Profile) Samples() int64 {
	var n int64
	for _, s := range p.stacks {
		n += s.Samples
	}
	return n
}

// Stacks returns the profile's stacks, the most sampled first (ties in
// the order of their frames).
func (p *Profile) Stacks() []Stack {
	out := make([]Stack, 0, len(p.stacks))
	for _, s := range p.stacks {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b Stack) int {
		if c := cmp.Compare(b.Samples, a.Samples); c != 0 {
			return c
		}
		return strings.Compare(stackKey(a.Frames), stackKey(b.Frames))
	})
	return out
}

// Merge adds q's samples to p (the workers of a study).
func (p *Profile) Merge(q *Profile) {
	for k, s := range q.stacks {
		p.add(k, s.Frames, s.Samples)
	}
}

func (p *Profile) add(key string, frames []Frame, n int64) {
	if s := p.stacks[key]; s != nil {
		s.Samples += n
		return
	}
	p.stacks[key] = &Stack{Frames: frames, Samples: n}
}

func stackKey(frames []Frame) string {
	var b strings.Builder
	for _, f := range frames {
		fmt.Fprintf(&b, "%s\x00%d\x00%d\x00%s\x01", f.Source, f.Defined, f.Line, f.Name)
	}
	return b.String()
}

// WriteFolded writes the profile as folded stacks, one line a stack:
// its functions outermost first, joined by ";", a space and its samples
// (the input of flame graph tools: flamegraph.pl, inferno, speedscope).
func (p *Profile) WriteFolded(w io.Writer) error {
	sums := map[string]int64{}
	for _, s := range p.stacks {
		names := make([]string, len(s.Frames))
		for i, f := range s.Frames {
			names[i] = strings.ReplaceAll(f.Function(), ";", ",")
		}
		sums[strings.Join(names, ";")] += s.Samples
	}
	keys := make([]string, 0, len(sums))
	for k := range sums {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if _, err := fmt.Fprintf(w, "%s %d\n", k, sums[k]); err != nil {
			return err
		}
	}
	return nil
}

// WriteReport writes the profile as a table people read: the functions by
// their inclusive share (the samples of stacks they are in) with their
// self share (the samples they were running in), then the lines by self
// share; top rows of each (all when top <= 0).
func (p *Profile) WriteReport(w io.Writer, top int) error {
	total := p.Samples()
	type row struct {
		name       string
		incl, self int64
	}
	funcs := map[string]*row{}
	lines := map[string]*row{}
	get := func(m map[string]*row, k string) *row {
		r := m[k]
		if r == nil {
			r = &row{name: k}
			m[k] = r
		}
		return r
	}
	for _, s := range p.stacks {
		seen := map[string]bool{}
		for i, f := range s.Frames {
			fn := f.Function()
			if !seen[fn] {
				seen[fn] = true
				get(funcs, fn).incl += s.Samples
			}
			if i == len(s.Frames)-1 {
				get(funcs, fn).self += s.Samples
				if f.Source != "[Go]" {
					get(lines, fmt.Sprintf("%s:%d", f.Source, f.Line)).self += s.Samples
				}
			}
		}
	}
	sorted := func(m map[string]*row, by func(*row) int64) []*row {
		out := make([]*row, 0, len(m))
		for _, r := range m {
			out = append(out, r)
		}
		slices.SortFunc(out, func(a, b *row) int {
			if c := cmp.Compare(by(b), by(a)); c != 0 {
				return c
			}
			return strings.Compare(a.name, b.name)
		})
		if top > 0 && len(out) > top {
			out = out[:top]
		}
		return out
	}
	pct := func(n int64) float64 {
		if total == 0 {
			return 0
		}
		return 100 * float64(n) / float64(total)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Lua profile: %d samples, one every %d VM instructions (Go functions' own work is not counted)\n\n", total, p.Every)
	fmt.Fprintf(&b, "%8s %8s  %s\n", "incl", "self", "function (where it starts)")
	for _, r := range sorted(funcs, func(r *row) int64 { return r.incl }) {
		fmt.Fprintf(&b, "%7.2f%% %7.2f%%  %s\n", pct(r.incl), pct(r.self), r.name)
	}
	fmt.Fprintf(&b, "\n%8s  %s\n", "self", "line")
	for _, r := range sorted(lines, func(r *row) int64 { return r.self }) {
		fmt.Fprintf(&b, "%7.2f%%  %s\n", pct(r.self), r.name)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// profiler samples one runtime's stacks into a profile.
type profiler struct {
	r      *Runtime
	p      *Profile
	left   int // VM instructions to the next sample
	ctx    profCtx
	ids    map[frameKey]int32 // the frames seen, by identity
	names  []Frame            // and their names, by id
	key    []byte             // the stack being sampled, as ids
	stacks map[string]*Stack  // the profile's stacks, by their ids
}

// frameKey is a frame's identity: its function (the proto of a Lua one,
// the code of a Go one) and the line running in it.
type frameKey struct {
	proto *lua.FunctionProto
	gofn  uintptr
	line  int
}

// profCtx is the context of a profiled runtime's entries: its parent's,
// with Done counting the VM's instructions.
type profCtx struct {
	context.Context
	pr *profiler
}

func (c *profCtx) Done() <-chan struct{} {
	pr := c.pr
	pr.left--
	if pr.left <= 0 {
		pr.left = pr.p.Every
		pr.sample()
	}
	return c.Context.Done()
}

// SetProfile makes r sample the Lua stacks of the calls it runs under
// Enter into p, from the next entry on (nil: no more). A profile takes the
// samples of one runtime at a time: give each worker its own and Merge
// them once the workers are done. It fails when the VM's frames cannot be
// read (a gopher-lua other than the one dndsh was built with).
func (r *Runtime) SetProfile(p *Profile) error {
	if p == nil {
		r.prof = nil
		return nil
	}
	if !layout.frames {
		return errors.New("the Lua profile cannot read this gopher-lua's call frames")
	}
	r.prof = &profiler{r: r, p: p, ids: map[frameKey]int32{}, stacks: map[string]*Stack{}}
	r.prof.ctx.pr = r.prof
	return nil
}

// profiled returns the context the state is given for an entry under ctx:
// ctx itself, or, when r is profiled, ctx counting the instructions. The
// count starts again at an outermost entry (a trial); an entry made inside
// another one gets a context of its own, so that the outer one's is
// intact when it is given back.
func (r *Runtime) profiled(ctx context.Context, outermost bool) context.Context {
	pr := r.prof
	if pr == nil {
		return ctx
	}
	if !outermost {
		return &profCtx{Context: ctx, pr: pr}
	}
	pr.left = pr.p.Every
	pr.ctx.Context = ctx
	return &pr.ctx
}

// sample records the stack of the running Lua calls.
func (pr *profiler) sample() {
	L := pr.r.L
	cf := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), layout.curFrame))
	key := pr.key[:0]
	for depth := 0; cf != nil && depth < maxProfileDepth; depth++ {
		fn := *(**lua.LFunction)(unsafe.Add(cf, layout.frameFn))
		pc := *(*int)(unsafe.Add(cf, layout.framePc))
		if fn != nil {
			key = binary.LittleEndian.AppendUint32(key, uint32(pr.id(fn, pc)))
		}
		cf = *(*unsafe.Pointer)(unsafe.Add(cf, layout.frameParent))
	}
	pr.key = key
	if len(key) == 0 {
		return
	}
	if s := pr.stacks[string(key)]; s != nil {
		s.Samples++
		return
	}
	// a new stack: its frames outermost first, filed in the profile by
	// their names (another runtime's ids are its own)
	n := len(key) / 4
	frames := make([]Frame, n)
	for i := 0; i < n; i++ {
		frames[n-1-i] = pr.names[binary.LittleEndian.Uint32(key[4*i:])]
	}
	name := stackKey(frames)
	pr.p.add(name, frames, 1)
	pr.stacks[string(key)] = pr.p.stacks[name]
}

// id is the interned id of the frame running fn at pc (the instruction
// after the one running: the VM counts before it dispatches).
func (pr *profiler) id(fn *lua.LFunction, pc int) int32 {
	var k frameKey
	if fn.IsG {
		k.gofn = reflect.ValueOf(fn.GFunction).Pointer()
	} else {
		k.proto = fn.Proto
		if i := pc - 1; i >= 0 && i < len(fn.Proto.DbgSourcePositions) {
			k.line = fn.Proto.DbgSourcePositions[i]
		}
	}
	if id, ok := pr.ids[k]; ok {
		return id
	}
	id := int32(len(pr.names))
	pr.ids[k] = id
	pr.names = append(pr.names, pr.frame(fn, k))
	return id
}

// frame names a frame.
func (pr *profiler) frame(fn *lua.LFunction, k frameKey) Frame {
	if fn.IsG {
		name := runtime.FuncForPC(k.gofn).Name()
		name = name[strings.LastIndexByte(name, '/')+1:]
		return Frame{Source: "[Go]", Name: strings.TrimSuffix(name, "-fm")}
	}
	p := fn.Proto
	f := Frame{Source: p.SourceName, Defined: p.LineDefined, Line: k.line, Name: "(main chunk)"}
	if p.LineDefined > 0 {
		f.Name = "(anonymous)"
		if src := pr.r.sources[p.SourceName]; src != nil {
			if lines := src.lines(); p.LineDefined <= len(lines) {
				f.Name = functionName(lines[p.LineDefined-1], f.Name)
			}
		}
	}
	return f
}

var (
	namedFunction    = regexp.MustCompile(`\bfunction\s+([A-Za-z_][\w.:]*)\s*\(`)
	assignedFunction = regexp.MustCompile(`([A-Za-z_][\w.]*)\s*=\s*function\s*\(`)
	passedFunction   = regexp.MustCompile(`([A-Za-z_][\w.:]*)\s*\(([^()]*?)\bfunction\s*\(`)
	firstString      = regexp.MustCompile(`"([^"\\]*)"`)
)

// functionName is the name a function takes on the line it starts on
// ("local function setting(", "function M.kit(", "on_hit = function("); a
// function passed to a call is named by the call and its first string
// argument ("(anonymous: hooks.add "turn.act")"); else dflt.
func functionName(line, dflt string) string {
	if m := namedFunction.FindStringSubmatch(line); m != nil {
		return m[1]
	}
	if m := assignedFunction.FindAllStringSubmatch(line, -1); len(m) == 1 {
		return m[0][1]
	}
	if m := passedFunction.FindAllStringSubmatch(line, -1); len(m) == 1 {
		if s := firstString.FindStringSubmatch(m[0][2]); s != nil {
			return fmt.Sprintf("(anonymous: %s %q)", m[0][1], s[1])
		}
		return fmt.Sprintf("(anonymous: %s)", m[0][1])
	}
	return dflt
}
