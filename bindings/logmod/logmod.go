// Package logmod is the Lua module "log": scripts write to the run's journal
// and to the host's output.
package logmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/journal"
)

// Module returns the "log" module bound to r, recording into j (which may be
// nil: nothing is recorded).
func Module(r *luart.Runtime, j func() *journal.Journal) luart.Module {
	return luart.Module{
		Name: "log",
		Doc:  "Write to the journal and the output.",
		Funcs: []luart.Func{
			{Name: "add", Args: "(kind, data)", Doc: "appends an entry of kind (lower-case word) with the plain table data to the journal; returns its sequence number", Fn: func(L *lua.LState) int {
				kind := L.CheckString(1)
				data := luart.ToGo(L.Get(2))
				seq, err := j().Record(kind, journal.Time{}, data)
				if err != nil {
					luart.Raise(L, err)
				}
				L.Push(lua.LNumber(seq))
				return 1
			}},
			{Name: "say", Args: "(text)", Doc: "writes a line of narration to the output (and the journal, kind \"say\")", Fn: func(L *lua.LState) int {
				s := L.CheckString(1)
				_, _ = j().Record("say", journal.Time{}, s)
				_, _ = r.Out().Write([]byte(s + "\n"))
				return 0
			}},
			{Name: "tail", Args: "([n])", Doc: "returns the last n journal entries (default 10) as tables {seq, kind, text}", Fn: func(L *lua.LState) int {
				n := L.OptInt(1, 10)
				t := L.NewTable()
				for _, e := range j().Tail(n) {
					et := L.CreateTable(0, 3)
					et.RawSetString("seq", lua.LNumber(e.Seq))
					et.RawSetString("kind", lua.LString(e.Kind))
					et.RawSetString("text", lua.LString(string(e.Payload)))
					t.Append(et)
				}
				L.Push(t)
				return 1
			}},
		},
	}
}
