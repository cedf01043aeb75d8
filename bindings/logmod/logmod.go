// Package logmod is the Lua module "log": scripts write to the run's journal
// and to the host's output.
package logmod

import (
	"fmt"
	"math"
	"sort"

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
				if where, what := notPlain(data, "data"); where != "" {
					L.ArgError(2, where+" is "+what+"; journal entries hold plain data (nil, booleans, finite numbers, strings and tables of them)")
				}
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
				n := int(luart.OptInt(L, 1, 10, 0, 1_000_000))
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

// notPlain returns the path of the first value in v that a journal entry
// cannot hold (a function, a userdata, NaN or an infinity) and what it is,
// or "" when v is plain data.
func notPlain(v any, path string) (where, what string) {
	switch x := v.(type) {
	case nil, bool, int64, string:
		return "", ""
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return path, "not a finite number"
		}
		return "", ""
	case []any:
		for i, e := range x {
			if w, s := notPlain(e, fmt.Sprintf("%s[%d]", path, i+1)); w != "" {
				return w, s
			}
		}
		return "", ""
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if w, s := notPlain(x[k], path+"."+k); w != "" {
				return w, s
			}
		}
		return "", ""
	case *lua.LFunction:
		return path, "a function"
	case *lua.LUserData:
		return path, "a handle (userdata)"
	}
	return path, "a " + fmt.Sprintf("%T", v)
}
