package luart

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestMemoOutlivesRestore checks what a Snapshot does with a memo table
// (NewMemo): the ordinary table beside it gets its state back, the memo
// keeps what was put in it after the snapshot, and a memo grown past
// MemoLimit keys is emptied.
func TestMemoOutlivesRestore(t *testing.T) {
	r, _ := newRT(t, nil)
	L := r.L
	root := L.NewTable()
	plain, memo, big := L.NewTable(), r.NewMemo(), r.NewMemo()
	root.RawSetString("plain", plain)
	root.RawSetString("memo", memo)
	root.RawSetString("big", big)
	memo.RawSetString("before", lua.LNumber(1))
	s := r.Snapshot(root)

	plain.RawSetString("added", lua.LTrue)
	memo.RawSetString("added", lua.LTrue)
	memo.RawSetInt(1, lua.LString("one"))
	for i := 0; i <= MemoLimit; i++ {
		big.RawSetInt(i+1, lua.LNumber(i))
	}
	s.Restore()

	if plain.RawGetString("added") != lua.LNil {
		t.Error("the plain table kept a field added after the snapshot")
	}
	if memo.RawGetString("added") != lua.LTrue || memo.RawGetInt(1) != lua.LString("one") ||
		memo.RawGetString("before") != lua.LNumber(1) {
		t.Errorf("the memo lost entries: added %v, [1] %v, before %v",
			memo.RawGetString("added"), memo.RawGetInt(1), memo.RawGetString("before"))
	}
	if big.Len() != 0 {
		t.Errorf("a memo of %d keys was not emptied (%d left)", MemoLimit+1, big.Len())
	}
	k, _ := big.Next(lua.LNil)
	if k != lua.LNil {
		t.Errorf("the emptied memo still has key %v", k)
	}
	big.RawSetString("again", lua.LTrue) // still usable
	if big.RawGetString("again") != lua.LTrue {
		t.Error("the emptied memo no longer stores")
	}
	if root.RawGetString("memo") != memo {
		t.Error("the field holding the memo was not restored to it")
	}
}

// TestMemoMetatableLocked checks that a script can neither read nor
// replace a memo's metatable (it is what marks the table as a memo).
func TestMemoMetatableLocked(t *testing.T) {
	r, _ := newRT(t, nil)
	L := r.L
	call := func(src string) error {
		fn, err := L.LoadString(src)
		if err != nil {
			return err
		}
		L.Push(fn)
		L.Push(r.NewMemo())
		return L.PCall(1, 0, nil)
	}
	if err := call(`local m = ...; assert(getmetatable(m) == "memo", tostring(getmetatable(m)))`); err != nil {
		t.Error(err)
	}
	if err := call(`local m = ...; setmetatable(m, nil)`); err == nil {
		t.Error("setmetatable replaced a memo's metatable")
	}
}
