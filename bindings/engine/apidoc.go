package engine

import (
	"fmt"
	"strings"

	"github.com/dndsh/dndsh/bindings/combatmod"
	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
)

// APIReference renders the Lua API of the engine's modules as Markdown,
// from the modules' export tables (the one place the API is declared).
func (e *Engine) APIReference() string {
	var b strings.Builder
	b.WriteString("# Lua API reference\n\n")
	b.WriteString("Generated from the modules' export tables by `go test ./bindings/engine -run TestAPIReference -update`;\n")
	b.WriteString("do not edit by hand. Modules are reached with `require(\"name\")` (and are globals in the REPL).\n")
	section := func(title, doc string, funcs []luart.Func, prefix string) {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n\n", title, doc)
		for _, f := range funcs {
			fmt.Fprintf(&b, "- `%s%s%s` — %s\n", prefix, f.Name, f.Args, f.Doc)
		}
	}
	for _, m := range e.R.Modules() {
		section(m.Name, m.Doc, m.Funcs, m.Name+".")
		for _, h := range handleMethods {
			if h.module == m.Name {
				section(h.title, h.doc, h.methods(), h.prefix)
			}
		}
	}
	return b.String()
}

// handleMethods are the methods of the modules' handle types; the
// reference lists them after their module.
var handleMethods = []struct {
	module, title, doc, prefix string
	methods                    func() []luart.Func
}{
	{"creature", "creature handle methods", "Methods of a creature handle `c` (from creature.new, fight events, fight.enemies).", "c:", creaturemod.Methods},
	{"combat", "combat encounter methods", "Methods of an encounter handle `enc` (from combat.new).", "enc:", combatmod.Methods},
}

// Undocumented lists the exported functions that have no doc line.
func (e *Engine) Undocumented() []string {
	var out []string
	for _, m := range e.R.Modules() {
		if strings.TrimSpace(m.Doc) == "" {
			out = append(out, m.Name+" (module)")
		}
		for _, f := range m.Funcs {
			if strings.TrimSpace(f.Doc) == "" {
				out = append(out, m.Name+"."+f.Name)
			}
		}
	}
	for _, h := range handleMethods {
		for _, f := range h.methods() {
			if strings.TrimSpace(f.Doc) == "" {
				out = append(out, h.prefix+f.Name)
			}
		}
	}
	return out
}
