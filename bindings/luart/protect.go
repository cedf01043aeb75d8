package luart

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/errs"
)

// guard is one active protected call: where its function sits on the
// value stack, whether it is a boundary between Go and Lua (which records
// a traceback) and, for xpcall, the script's message handler.
type guard struct {
	base     int
	boundary bool
	handler  lua.LValue
}

// vmFault is what a protected call learnt of a failure of the VM itself (a
// Go panic inside gopher-lua): the Go panic's text and where the script
// was.
type vmFault struct {
	msg, file string
	line      int
}

// callError is the error of a protected call from Go: gopher-lua's error
// with the traceback and the VM failure the error handler recorded.
type callError struct {
	err   error
	trace string
	fault *vmFault
}

func (c *callError) Error() string { return c.err.Error() }
func (c *callError) Unwrap() error { return c.err }

// PCall calls fn with args in protected mode and leaves its nret results
// on the stack (all of them for lua.MultRet), like LState.CallByParam with
// Protect, but with Lua 5.1's error semantics: only the frames the error
// unwinds lose their open upvalues (gopher-lua closes them all, upstream
// issue 448), and a panic inside the VM comes back as an error instead of
// killing the process. Every call from Go into Lua goes through PCall (or
// Call, which uses it). The error is the raw gopher-lua error; Convert
// turns it into an *errs.Error.
func (r *Runtime) PCall(fn lua.LValue, nret int, args ...lua.LValue) error {
	L := r.L
	if r.broken != nil {
		return r.broken
	}
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	return r.protect(len(args), nret, guard{boundary: true})
}

// protect runs the function pushed below its nargs arguments under g.
func (r *Runtime) protect(nargs, nret int, g guard) (err error) {
	L := r.L
	g.base = absTop(L) - nargs - 1
	r.guards = append(r.guards, g)
	depth := len(r.guards)
	defer func() {
		r.guards = r.guards[:depth-1]
		keepErrorHandlerFlag(L)
		if !g.boundary {
			return
		}
		if rcv := recover(); rcv != nil {
			// A panic got past gopher-lua's own recovery (it panicked again
			// while reporting the first): the state's call stack is no
			// longer consistent, so the runtime refuses further calls and
			// its owner builds a new one.
			f := r.pending.fault
			if f == nil {
				f = &vmFault{msg: fmt.Sprint(rcv)}
			}
			r.pending = callError{}
			e := r.vmError(f)
			r.broken = e
			err = e
		}
	}()
	err = L.PCall(nargs, nret, r.errfn)
	if err != nil && g.boundary {
		ce := r.pending
		r.pending = callError{}
		ce.err = err
		return &ce
	}
	return err
}

// Broken returns the error that damaged the runtime's Lua state, or nil.
// A broken runtime refuses every call; its owner replaces it.
func (r *Runtime) Broken() error { return r.broken }

// handleError is the error handler of every protected call, run where the
// error was raised, before gopher-lua unwinds the stack: it closes the
// upvalues of the frames the error unwinds, records a traceback (and,
// for a failure of the VM itself, where the script was) for boundary
// calls, and runs an xpcall message handler.
func (r *Runtime) handleError(L *lua.LState) int {
	obj := L.Get(1)
	if len(r.guards) == 0 {
		L.Push(obj)
		return 1
	}
	g := r.guards[len(r.guards)-1]
	closeUpvaluesFrom(L, g.base)
	if g.boundary {
		r.pending = callError{trace: traceback(L)}
		if s, ok := obj.(lua.LString); ok && isGoPanic(string(s)) {
			f := &vmFault{msg: string(s)}
			f.file, f.line = scriptPosition(L)
			r.pending.fault = f
		}
	}
	if g.handler != nil {
		L.Push(g.handler)
		L.Push(obj)
		L.Call(1, 1)
		return 1
	}
	L.Push(obj)
	return 1
}

// isGoPanic reports whether an error message is a Go run-time panic that
// gopher-lua recovered (a failure of the VM or of Go code it called).
func isGoPanic(msg string) bool {
	return strings.HasPrefix(msg, "runtime error: ") || strings.HasPrefix(msg, "invalid memory address")
}

// vmError is the error of a failure of the VM itself.
func (r *Runtime) vmError(f *vmFault) *errs.Error {
	e := &errs.Error{Kind: errs.Internal, Layer: "lua", File: f.file, Line: f.line, During: r.during(),
		Msg:  "the Lua VM failed: " + f.msg,
		Hint: "a Go panic inside gopher-lua, the Lua VM dndsh embeds: the code at this line may hit one of its known miscompilations (see spec/hostile/vm_conformance.lua); write it another way, and please report it"}
	if e.File != "" {
		e.Layer = r.layerOf(e.File)
	}
	r.excerpt(e)
	return e
}

// scriptPosition returns the source and line of the innermost Lua frame,
// guarding against the broken program counter of a failed VM.
func scriptPosition(L *lua.LState) (file string, line int) {
	defer func() { _ = recover() }()
	for level := 0; level < 64; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			return
		}
		if _, err := L.GetInfo("S", dbg, lua.LNil); err != nil || dbg.What == "G" {
			continue
		}
		file, line = dbg.Source, dbg.LineDefined
		if _, err := L.GetInfo("l", dbg, lua.LNil); err == nil && dbg.CurrentLine > 0 {
			line = dbg.CurrentLine
		}
		return
	}
	return
}

// traceback renders the Lua frames below the error handler, innermost
// first, as gopher-lua's tracebacks do (at most 20 lines).
func traceback(L *lua.LState) (s string) {
	defer func() {
		if recover() != nil {
			s = ""
		}
	}()
	var lines []string
	for level := 1; level < 200; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		if _, err := L.GetInfo("Sln", dbg, lua.LNil); err != nil {
			break
		}
		if dbg.What == "G" {
			lines = append(lines, "\t[G]: in function '"+dbg.Name+"'")
			continue
		}
		where := fmt.Sprintf("%s:%d:", dbg.Source, dbg.CurrentLine)
		switch {
		case dbg.What == "main":
			lines = append(lines, "\t"+where+" in main chunk")
		case dbg.Name != "" && dbg.Name != "?":
			lines = append(lines, "\t"+where+" in function '"+dbg.Name+"'")
		default:
			lines = append(lines, fmt.Sprintf("\t%s in function <%s:%d>", where, dbg.Source, dbg.LineDefined))
		}
	}
	if len(lines) > 20 {
		lines = append(append(lines[:7:7], "\t..."), lines[len(lines)-7:]...)
	}
	return "stack traceback:\n" + strings.Join(lines, "\n")
}

// basePCall is Lua's pcall(f, ...) over protect.
func (r *Runtime) basePCall(L *lua.LState) int {
	L.CheckAny(1)
	v := L.Get(1)
	if v.Type() != lua.LTFunction && L.GetMetaField(v, "__call").Type() != lua.LTFunction {
		L.Push(lua.LFalse)
		L.Push(lua.LString("attempt to call a " + v.Type().String() + " value"))
		return 2
	}
	if err := r.protect(L.GetTop()-1, lua.MultRet, guard{}); err != nil {
		L.Push(lua.LFalse)
		L.Push(errorObject(err))
		return 2
	}
	L.Insert(lua.LTrue, 1)
	return L.GetTop()
}

// baseXPCall is Lua's xpcall(f, handler) over protect: the handler runs
// where the error was raised and its result is the error value.
func (r *Runtime) baseXPCall(L *lua.LState) int {
	fn := L.CheckFunction(1)
	handler := L.CheckFunction(2)
	top := L.GetTop()
	L.Push(fn)
	if err := r.protect(0, lua.MultRet, guard{handler: handler}); err != nil {
		L.Push(lua.LFalse)
		L.Push(errorObject(err))
		return 2
	}
	L.Insert(lua.LTrue, top+1)
	return L.GetTop() - top
}

// errorObject is the Lua value of an error a protected call returned.
func errorObject(err error) lua.LValue {
	if ae, ok := err.(*lua.ApiError); ok {
		return ae.Object
	}
	return lua.LString(err.Error())
}
