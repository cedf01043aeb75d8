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
	"github.com/dndsh/dndsh/runtime/text"
)

// Module returns the "text" module.
func Module() luart.Module {
	return luart.Module{
		Name: "text",
		Doc:  "How text lays out in a terminal (East Asian wide characters take two cells).",
		Funcs: []luart.Func{
			{Name: "width", Args: "(s)", Doc: "returns the number of terminal cells s takes (UTF-8; Chinese, Japanese and Korean characters and full-width forms count 2); numbers are measured as they print", Fn: width},
		},
	}
}

func width(L *lua.LState) int {
	L.Push(lua.LNumber(text.Width(L.CheckString(1))))
	return 1
}
