package luart

import lua "github.com/yuin/gopher-lua"

// Snapshot is the state of the Lua values reachable from some roots: the
// value of every upvalue of every function reached (a module-level local
// of a script), and the fields and metatable of every table reached.
// Restore puts that state back in place, so that tables and functions keep
// their identity: a batch worker restores the snapshot taken after loading
// an encounter before each trial, so no trial sees what another left
// (a "once per fight" flag, a counter, a cache).
//
// The global table is not walked (it is locked), nor the internals of
// userdata, which belong to Go, nor memo tables (NewMemo), which keep what
// the trials put in them.
type Snapshot struct {
	upvals []upvalState
	tables []tableState
	memos  []*lua.LTable // memo tables reached (NewMemo): kept, not restored
	funcs  int           // Lua functions reached
}

type upvalState struct {
	uv *lua.Upvalue
	v  lua.LValue
}

// tableState is a table's recorded state: its array part, the values of
// its hash keys (in the table's key order, nil for a key that was set to
// nil before) and its metatable.
type tableState struct {
	t     *lua.LTable
	array []lua.LValue
	keys  []lua.LValue
	vals  []lua.LValue // vals[i] is the value of keys[i], possibly LNil
	mt    lua.LValue
}

// Snapshot walks the values reachable from roots and records their state.
func (r *Runtime) Snapshot(roots ...lua.LValue) *Snapshot {
	s := &Snapshot{}
	seen := map[any]bool{r.L.G.Global: true}
	var walk func(v lua.LValue)
	walk = func(v lua.LValue) {
		switch x := v.(type) {
		case *lua.LTable:
			if seen[x] {
				return
			}
			seen[x] = true
			if r.isMemo(x) {
				s.memos = append(s.memos, x)
				return
			}
			ts := tableState{t: x, mt: x.Metatable, array: append([]lua.LValue(nil), *tableArray(x)...)}
			keys, _ := tableKeys(x)
			ts.keys = append([]lua.LValue(nil), *keys...)
			ts.vals = make([]lua.LValue, len(ts.keys))
			for i, k := range ts.keys {
				ts.vals[i] = x.RawGet(k)
			}
			s.tables = append(s.tables, ts)
			for _, v := range ts.array {
				walk(v)
			}
			for i := range ts.keys {
				walk(ts.keys[i])
				walk(ts.vals[i])
			}
			walk(ts.mt)
		case *lua.LFunction:
			if seen[x] {
				return
			}
			seen[x] = true
			if !x.IsG {
				s.funcs++
			}
			for _, uv := range x.Upvalues {
				if uv == nil || seen[uv] {
					continue
				}
				seen[uv] = true
				val := uv.Value()
				s.upvals = append(s.upvals, upvalState{uv, val})
				walk(val)
			}
		case *lua.LUserData:
			if seen[x] {
				return
			}
			seen[x] = true
			walk(x.Metatable)
		}
	}
	for _, v := range roots {
		walk(v)
	}
	return s
}

// Functions returns how many Lua functions the snapshot reached. With
// none, no script code can change what it holds.
func (s *Snapshot) Functions() int { return s.funcs }

// Size returns how many upvalues and table fields the snapshot holds.
func (s *Snapshot) Size() int {
	n := len(s.upvals)
	for _, t := range s.tables {
		n += len(t.array) + len(t.keys)
	}
	return n
}

// Restore puts the recorded state back: upvalues get their values, tables
// their fields and metatables. A table that got new keys loses them and
// gets back its key order (the order of pairs), as if they had never been
// added.
func (s *Snapshot) Restore() {
	for _, t := range s.memos {
		keepMemo(t)
	}
	for _, u := range s.upvals {
		if u.uv.Value() != u.v {
			u.uv.SetValue(u.v)
		}
	}
	for i := range s.tables {
		ts := &s.tables[i]
		t := ts.t
		t.Metatable = ts.mt
		arr := tableArray(t)
		if len(*arr) != len(ts.array) {
			if len(*arr) > len(ts.array) {
				clear((*arr)[len(ts.array):])
				*arr = (*arr)[:len(ts.array)]
			} else {
				*arr = append(*arr, ts.array[len(*arr):]...)
			}
		}
		a := *arr
		for j, v := range ts.array {
			if a[j] != v {
				a[j] = v
			}
		}
		keys, k2i := tableKeys(t)
		if len(*keys) > len(ts.keys) {
			for _, k := range (*keys)[len(ts.keys):] {
				t.RawSet(k, lua.LNil)
				delete(k2i, k)
			}
			clear((*keys)[len(ts.keys):])
			*keys = (*keys)[:len(ts.keys)]
		}
		for j, k := range ts.keys {
			if t.RawGet(k) != ts.vals[j] {
				t.RawSet(k, ts.vals[j])
			}
		}
	}
}
