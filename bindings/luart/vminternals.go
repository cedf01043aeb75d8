package luart

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua v1.1.2 closes every open upvalue of the state when an error
// is raised outside an error handler (LState.raiseError and LState.Error
// call closeAllUpvalues), not only those of the frames the error unwinds:
// after pcall catches an error, the closures of the frames still running
// no longer share their variables with those frames (upstream issue 448;
// spec/hostile/vm_conformance.lua). dndsh's protected calls therefore
// keep the state's "has an error handler" flag set, so that no raise
// closes anything, and close the upvalues of the unwound frames
// themselves, in the error handler, where the registers still hold the
// values the frames last had. That needs four unexported fields, reached
// here through their reflected offsets; vmLayout checks their names and
// types once, and New refuses to start when they do not match (a
// different gopher-lua), as TestVMInternals does at build time.

// Snapshot.Restore also reaches three fields of lua.LTable: its array part
// and the list of its keys in insertion order (with the index of each), so
// that a table a trial added keys to gets back the exact key order it had,
// which is the order pairs follows. Shape.New reaches those two and the
// string-keyed part, to make a table of known keys without building its
// hash part key by key. ResultsWanted reads the NRet of the state's
// current call frame; the Lua profile (profile.go) walks the frames of the
// running calls through their Fn, Parent and Pc.

// vmLayout holds the offsets of the fields dndsh reaches.
type vmLayout struct {
	uvcache, hasErrorFunc, reg uintptr // in lua.LState
	regTop                     uintptr // in gopher-lua's registry
	uvNext, uvIndex            uintptr // in lua.Upvalue
	tArray, tKeys, tK2i        uintptr // in lua.LTable
	tStrdict                   uintptr // in lua.LTable
	curFrame, frameNRet        uintptr // lua.LState's currentFrame, and NRet in its callFrame
	frameFn, frameParent       uintptr // Fn and Parent in a callFrame (the Lua profile)
	framePc                    uintptr // Pc in a callFrame
	ok                         bool
	frames                     bool // the callFrame fields the profile reads were found
}

// layout is computed once at initialisation and only read afterwards.
var layout = findLayout()

// offset finds the field name of t, of a type is accepts, and stores its
// offset in *dst: whether it is there.
func offset(t reflect.Type, name string, is func(reflect.Type) bool, dst *uintptr) (reflect.StructField, bool) {
	f, ok := t.FieldByName(name)
	if !ok || !is(f.Type) {
		return f, false
	}
	*dst = f.Offset
	return f, true
}

func findLayout() (l vmLayout) {
	st := reflect.TypeOf(lua.LState{})
	uvType := reflect.TypeOf((*lua.Upvalue)(nil))
	values := reflect.TypeOf([]lua.LValue(nil))
	same := func(want reflect.Type) func(reflect.Type) bool { return func(t reflect.Type) bool { return t == want } }
	kind := func(k reflect.Kind) func(reflect.Type) bool {
		return func(t reflect.Type) bool { return t.Kind() == k }
	}
	toStruct := func(t reflect.Type) bool { return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct }
	tt := reflect.TypeOf(lua.LTable{})
	_, ok1 := offset(st, "uvcache", same(uvType), &l.uvcache)
	_, ok2 := offset(st, "hasErrorFunc", kind(reflect.Bool), &l.hasErrorFunc)
	reg, ok3 := offset(st, "reg", toStruct, &l.reg)
	if !ok1 || !ok2 || !ok3 {
		return l
	}
	_, ok1 = offset(reg.Type.Elem(), "top", kind(reflect.Int), &l.regTop)
	_, ok2 = offset(uvType.Elem(), "next", same(uvType), &l.uvNext)
	_, ok3 = offset(uvType.Elem(), "index", kind(reflect.Int), &l.uvIndex)
	_, ok4 := offset(tt, "array", same(values), &l.tArray)
	_, ok5 := offset(tt, "keys", same(values), &l.tKeys)
	_, ok6 := offset(tt, "k2i", same(reflect.TypeOf(map[lua.LValue]int(nil))), &l.tK2i)
	_, ok7 := offset(tt, "strdict", same(reflect.TypeOf(map[string]lua.LValue(nil))), &l.tStrdict)
	frame, ok8 := offset(st, "currentFrame", toStruct, &l.curFrame)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 || !ok7 || !ok8 {
		return l
	}
	_, l.ok = offset(frame.Type.Elem(), "NRet", kind(reflect.Int), &l.frameNRet)
	_, ok1 = offset(frame.Type.Elem(), "Fn", same(reflect.TypeOf((*lua.LFunction)(nil))), &l.frameFn)
	_, ok2 = offset(frame.Type.Elem(), "Parent", same(frame.Type), &l.frameParent)
	_, ok3 = offset(frame.Type.Elem(), "Pc", kind(reflect.Int), &l.framePc)
	l.frames = l.ok && ok1 && ok2 && ok3
	return l
}

// tableArray returns the array part of t.
func tableArray(t *lua.LTable) *[]lua.LValue {
	return (*[]lua.LValue)(unsafe.Add(unsafe.Pointer(t), layout.tArray))
}

// tableKeys returns the keys of t's hash part in insertion order (keys set
// to nil since stay in the list) and their indices.
func tableKeys(t *lua.LTable) (*[]lua.LValue, map[lua.LValue]int) {
	return (*[]lua.LValue)(unsafe.Add(unsafe.Pointer(t), layout.tKeys)),
		*(*map[lua.LValue]int)(unsafe.Add(unsafe.Pointer(t), layout.tK2i))
}

// tableHash returns the places of t's string-keyed part, its list of keys
// in insertion order and their indices (see Shape).
func tableHash(t *lua.LTable) (*map[string]lua.LValue, *[]lua.LValue, *map[lua.LValue]int) {
	p := unsafe.Pointer(t)
	return (*map[string]lua.LValue)(unsafe.Add(p, layout.tStrdict)),
		(*[]lua.LValue)(unsafe.Add(p, layout.tKeys)),
		(*map[lua.LValue]int)(unsafe.Add(p, layout.tK2i))
}

// ResultsWanted is, inside a Go function scripts call, how many of its
// results the caller keeps: 0 when the call is a statement (fight.strike
// on its own line) and -1 when it keeps them all (a return, an argument
// list, pcall). A function whose result is costly to build may skip it
// when none is kept. -1 when the VM's layout is unknown.
func ResultsWanted(L *lua.LState) int {
	if !layout.ok {
		return -1
	}
	cf := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), layout.curFrame))
	if cf == nil {
		return -1
	}
	return *(*int)(unsafe.Add(cf, layout.frameNRet))
}

// keepErrorHandlerFlag sets the state's "has an error handler" flag, so
// that raising an error closes no upvalue (see above). LState.PCall clears
// it when it returns, so every protected call sets it again.
func keepErrorHandlerFlag(L *lua.LState) {
	*(*bool)(unsafe.Add(unsafe.Pointer(L), layout.hasErrorFunc)) = true
}

// absTop returns the absolute index of the top of L's value stack (the
// index the next pushed value takes).
func absTop(L *lua.LState) int {
	reg := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), layout.reg))
	return *(*int)(unsafe.Add(reg, layout.regTop))
}

// closeUpvaluesFrom closes the open upvalues of L whose variables live at
// absolute stack index idx or above (the frames an error unwinds), with
// the values their registers hold now, and drops them from the state's
// list of open upvalues, which is sorted by index.
func closeUpvaluesFrom(L *lua.LState, idx int) {
	head := (**lua.Upvalue)(unsafe.Add(unsafe.Pointer(L), layout.uvcache))
	next := func(uv *lua.Upvalue) **lua.Upvalue {
		return (**lua.Upvalue)(unsafe.Add(unsafe.Pointer(uv), layout.uvNext))
	}
	index := func(uv *lua.Upvalue) int {
		return *(*int)(unsafe.Add(unsafe.Pointer(uv), layout.uvIndex))
	}
	link := head
	for *link != nil && index(*link) < idx {
		link = next(*link)
	}
	uv := *link
	*link = nil
	for uv != nil {
		uv.Close()
		uv = *next(uv)
	}
}
