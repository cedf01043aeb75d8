// Package textmod is the Lua module "text": how text lays out in a
// terminal, by the kernel's one width rule (runtime/text), so scripts that
// align columns of Chinese and English text count cells as the host does.
//
//	local text = require("text")
//	text.width("哥布林戰士")  --> 10
package textmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/text"
)

// Module returns the "text" module.
func Module() luart.Module {
	return luart.Module{
		Name: "text",
		Doc:  "How text lays out in a terminal (East Asian wide characters take two cells), Chinese in one script, and the nearest word for a \"did you mean\" hint.",
		Funcs: []luart.Func{
			{Name: "width", Args: "(s)", Doc: "returns the number of terminal cells s takes (UTF-8; Chinese, Japanese and Korean characters and full-width forms count 2); numbers are measured as they print", Fn: width},
			{Name: "convert", Args: "(s, script)", Doc: "returns s with its Chinese written in script: \"zh-Hans\" (Simplified) or \"zh-Hant\" (Traditional); any other script leaves s as it is", Fn: convert},
			{Name: "narrow", Args: "(s)", Doc: "returns s with full-width digits, letters and signs (０-９, ＋, ，...) as ASCII and the ideographic space as a space, as Chinese input methods type them", Fn: narrow},
			{Name: "same", Args: "(a, b)", Doc: "returns whether a and b are the same text whatever Chinese script each is written in (战士 and 戰士)", Fn: same},
			{Name: "nearest", Args: "(word, candidates)", Doc: "returns the candidate (a list of strings) closest to word when it is close enough for a \"did you mean\" hint (a few edits, ASCII case ignored), else nil", Fn: nearest},
		},
	}
}

func width(L *lua.LState) int {
	L.Push(lua.LNumber(text.Width(L.CheckString(1))))
	return 1
}

func convert(L *lua.LState) int {
	L.Push(lua.LString(text.Convert(L.CheckString(1), L.CheckString(2))))
	return 1
}

func same(L *lua.LState) int {
	L.Push(lua.LBool(text.SameChinese(L.CheckString(1), L.CheckString(2))))
	return 1
}

func nearest(L *lua.LState) int {
	word := L.CheckString(1)
	t := L.CheckTable(2)
	var cands []string
	for i := 1; i <= t.Len(); i++ {
		s, ok := t.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(2, "a list of strings expected")
		}
		cands = append(cands, string(s))
	}
	if best, ok := errs.Nearest(word, cands); ok {
		L.Push(lua.LString(best))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

func narrow(L *lua.LState) int {
	L.Push(lua.LString(text.Narrow(L.CheckString(1))))
	return 1
}
