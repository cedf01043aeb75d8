package luart

import lua "github.com/yuin/gopher-lua"

// MemoLimit is how many keys a memo table keeps from trial to trial: one
// that has grown past it is emptied at the next restore (what it held is
// worked out again), so a memo keyed by something made anew every trial
// cannot grow without bound.
const MemoLimit = 4096

// NewMemo returns a new, empty memo table (rules.memo): a cache of facts
// every trial of a fight shares, such as a creature's side or the attack
// of a stat block called some name. A Snapshot does not record a memo or
// what it holds, so restoring one leaves the memo as the trials filled it
// instead of undoing what each added: the second trial finds the answers
// the first worked out. Its metatable is the runtime's own and locked
// (getmetatable returns "memo").
func (r *Runtime) NewMemo() *lua.LTable {
	if r.memoMeta == nil {
		r.memoMeta = r.L.NewTable()
		r.memoMeta.RawSetString("__metatable", lua.LString("memo"))
	}
	t := r.L.NewTable()
	t.Metatable = r.memoMeta
	return t
}

// isMemo reports whether t was made by NewMemo.
func (r *Runtime) isMemo(t *lua.LTable) bool {
	return r.memoMeta != nil && t.Metatable == r.memoMeta
}

// keepMemo empties a memo that has grown past MemoLimit keys.
func keepMemo(t *lua.LTable) {
	arr := tableArray(t)
	keys, k2i := tableKeys(t)
	if len(*arr)+len(*keys) <= MemoLimit {
		return
	}
	clear(*arr)
	*arr = (*arr)[:0]
	for _, k := range *keys {
		t.RawSet(k, lua.LNil)
		delete(k2i, k)
	}
	clear(*keys)
	*keys = (*keys)[:0]
}
