package engine

import (
	"fmt"
	"path"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/combatmod"
	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/bindings/luart"
)

// APIReference renders the Lua API of the engine's modules as Markdown,
// from the modules' export tables (the one place the API is declared),
// then the stat-block format, the events and the helper modules of the
// rule systems of systems (engines with a rule system loaded), from the
// definitions the kernel and the scripts declare.
func (e *Engine) APIReference(systems ...*Engine) string {
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
	writeStatBlocks(&b, e, systems)
	writeEvents(&b)
	writeHelpers(&b, systems)
	return b.String()
}

// writeStatBlocks documents the stat-block format field by field: the
// kernel's fields, then each layer's (statblock.fields,
// statblock.attack_fields, statblock.damage_types).
func writeStatBlocks(b *strings.Builder, base *Engine, systems []*Engine) {
	b.WriteString("\n## stat blocks\n\n")
	b.WriteString("A stat block is a plain table: a monster file returns one (`monsters/<system>/<id>.lua`), an\n" +
		"encounter member gives one as `stat = {...}`, the table's `add` builds one. A field that neither the kernel\n" +
		"nor the rule system declares is an error that names the file and line, with the nearest field\n" +
		"(`unknown field hitpoints ...; did you mean hp?`); so are an attack's damage type the system does not\n" +
		"know and a hook on a misspelt event. Keep data of your own under `data`.\n\n")
	b.WriteString("The kernel's fields:\n\n")
	for _, f := range fightmod.StatFields {
		fmt.Fprintf(b, "- `%s` — %s\n", f.Name, f.Doc)
	}
	b.WriteString("\nThe fields of an attack (`attacks = {{...}, ...}`):\n\n")
	for _, f := range fightmod.AttackFields {
		fmt.Fprintf(b, "- `%s` — %s\n", f.Name, f.Doc)
	}
	fields := func(e *Engine, def string) []string {
		t, ok := e.Rules.Value(def).(*lua.LTable)
		if !ok {
			return nil
		}
		var out []string
		for _, k := range luart.SortedKeys(t) {
			out = append(out, fmt.Sprintf("`%s` — %s", k, lua.LVAsString(t.RawGetString(k))))
		}
		return out
	}
	for _, e := range append([]*Engine{base}, systems...) {
		name := e.Rules.System
		if name == "" {
			name = "base"
		}
		sf, af := fields(e, "statblock.fields"), fields(e, "statblock.attack_fields")
		if e != base {
			// a system's lists include the base layer's: show its own only
			sf, af = minus(sf, fields(base, "statblock.fields")), minus(af, fields(base, "statblock.attack_fields"))
		}
		if len(sf)+len(af) == 0 {
			continue
		}
		fmt.Fprintf(b, "\nThe fields the %s layer declares:\n\n", name)
		for _, l := range sf {
			fmt.Fprintf(b, "- %s\n", l)
		}
		for _, l := range af {
			fmt.Fprintf(b, "- attack %s\n", l)
		}
		if t, ok := e.Rules.Value("statblock.damage_types").(*lua.LTable); ok && e != base {
			var types []string
			for i := 1; i <= t.Len(); i++ {
				types = append(types, lua.LVAsString(t.RawGetInt(i)))
			}
			fmt.Fprintf(b, "\nThe damage types of %s (an attack's `type` and the labels of its damage): %s.\n", name, strings.Join(types, ", "))
		}
	}
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// writeEvents documents the events a fight raises.
func writeEvents(b *strings.Builder) {
	b.WriteString("\n## events\n\n")
	b.WriteString("The events of a fight, in the order it raises them; hook them with `rules.on(event, fn, opts)` or a\n" +
		"stat block's `on` table. A hook gets one table (the payload) and may change the fields listed as\n" +
		"writable; any hook may cancel its event (`rules.cancel(e)`): the later hooks and the event's own work\n" +
		"do not run. Scripts raise events of their own with `rules.emit`.\n\n")
	b.WriteString("| event | when | payload | a hook may change |\n|---|---|---|---|\n")
	for _, d := range fightmod.EventDocs {
		fmt.Fprintf(b, "| `%s` | %s | %s | %s |\n", d.Name, d.When, d.Payload, d.Writable)
	}
}

// writeHelpers lists the helper modules of each rule system: the files of
// its manifest, reached with require("core.<id>.<file>"), with the first
// sentence of each file's header comment.
func writeHelpers(b *strings.Builder, systems []*Engine) {
	if len(systems) == 0 {
		return
	}
	b.WriteString("\n## rule-system helper modules\n\n")
	b.WriteString("The files of each rule system, in load order: `require(\"core.<id>.<file>\")` returns a file's module\n" +
		"(most also define `<id>.<name>` for `rules.need`). Each file's header comment says more.\n")
	for _, e := range systems {
		fmt.Fprintf(b, "\n### %s\n\n", e.Rules.System)
		for _, l := range e.Rules.Layers {
			if l.Kind != "system" {
				continue
			}
			item := func(p, note string) {
				if src, _, err := e.R.Resolve(p); err == nil {
					mod := strings.TrimSuffix(strings.ReplaceAll(p, "/", "."), ".lua")
					fmt.Fprintf(b, "- `%s`%s — %s\n", mod, note, headerSentence(string(src)))
				}
			}
			listed := map[string]bool{}
			for _, f := range l.Files {
				listed[f.Path] = true
				item(f.Path, "")
			}
			// the libraries the manifest leaves to their first require
			for _, p := range e.R.Glob("core/" + e.Rules.System + "/*.lua") {
				if !listed[p] && path.Base(p) != "ruleset.lua" {
					item(p, " (loaded on its first require)")
				}
			}
		}
	}
}

// headerSentence is the first sentence of a script's leading comment.
func headerSentence(src string) string {
	var parts []string
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "--") {
			break
		}
		t = strings.TrimSpace(strings.TrimPrefix(t, "--"))
		if t == "" {
			if len(parts) > 0 {
				break
			}
			continue
		}
		parts = append(parts, t)
	}
	s := strings.Join(parts, " ")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	if s == "" {
		return "(no header comment)"
	}
	return s
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
