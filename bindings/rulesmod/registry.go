// Package rulesmod is the Lua module "rules": definitions by name with
// layering, wrappers, hooks on the kernel's event bus, and the registry of
// rule systems and variants. It also loads rule systems (manifest, extends,
// files), variants and monsters in the fixed layer order:
//
//	base -> system -> variants -> monsters -> user folders -> session
//
// Later layers replace earlier definitions by name; every override is
// recorded, and `dndsh rules --why NAME` prints the history.
package rulesmod

import (
	"fmt"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/event"
)

// Def is one definition and its history.
type Def struct {
	Name    string
	Value   lua.LValue
	Layer   string // the layer that holds the current value
	File    string
	History []Change // every define, wrap and merge, oldest first
}

// Change is one step in a definition's history.
type Change struct {
	Op    string // "define", "wrap", "merge", "set" (a variant set fields in place)
	Layer string
	File  string
	// Fields are the fields a merge set, sorted.
	Fields []string
}

// Layer is one loaded layer: its name, kind and files.
type Layer struct {
	Name  string // "base", "5e", "variant:3e.defense_roll", "monsters", "session"
	Kind  string // "base", "system", "variant", "monsters", "session"
	Files []FileInfo
	// Hooks are the hooks its files registered, as "event (phase)", in
	// order (what a variant changes beside its definitions).
	Hooks []string
}

// FileInfo is a loaded script and the root it came from.
type FileInfo struct {
	Path string
	Root string
}

// Variant is a declared optional rule.
type Variant struct {
	ID         string // "3e.defense_roll"
	System     string
	Implements []string // mechanic IDs
	Name       Names
	File       string
	Enabled    bool
	// Conflicts are the variants it cannot be combined with (its own
	// declaration's; a conflict declared by either side refuses the pair).
	Conflicts []string
}

// Layer returns the variant's layer name ("variant:3e.defense_roll").
func (v *Variant) Layer() string { return "variant:" + v.ID }

// Conflict reports whether v and w cannot be combined: either names the
// other in its conflicts.
func (v *Variant) Conflict(w *Variant) bool {
	for _, c := range v.Conflicts {
		if c == w.ID {
			return true
		}
	}
	for _, c := range w.Conflicts {
		if c == v.ID {
			return true
		}
	}
	return false
}

// Names are the English and Chinese names of a thing.
type Names struct{ En, Zh string }

// Registry is the rules state of one runtime.
type Registry struct {
	defs     map[string]*Def
	order    []string
	Layers   []*Layer
	Variants []*Variant
	Bus      *event.Bus
	current  *Layer
	file     string
	handles  map[int]event.Handle
	nextH    int
	changes  int          // definitions recorded, for Mark and Restore
	bound    []lua.LValue // Lua values handed to Go (see Bound)
	playing  bool         // a trial is being played (see Play)
	// System is the id of the loaded rule system ("5e"), "" before one is
	// loaded.
	System string
	// Lineage is the loaded system and the systems it extends, the most
	// specific first ("mod5e", "5e", "base"): where its monsters are
	// looked for.
	Lineage []string
}

// NewRegistry returns an empty registry over bus.
func NewRegistry(bus *event.Bus) *Registry {
	return &Registry{defs: map[string]*Def{}, Bus: bus, handles: map[int]event.Handle{}}
}

// Enter starts loading into the layer name (created on first use).
func (g *Registry) Enter(name, kind string) *Layer {
	for _, l := range g.Layers {
		if l.Name == name {
			g.current = l
			return l
		}
	}
	l := &Layer{Name: name, Kind: kind}
	g.Layers = append(g.Layers, l)
	g.current = l
	return l
}

// Current returns the layer now loading.
func (g *Registry) Current() *Layer { return g.current }

// SetFile records the file now loading, for definitions' provenance.
func (g *Registry) SetFile(path, root string) {
	g.file = path
	if g.current != nil {
		g.current.Files = append(g.current.Files, FileInfo{Path: path, Root: root})
	}
}

func (g *Registry) layerName() string {
	if g.current == nil {
		return "session"
	}
	return g.current.Name
}

// EventLayer maps the loading layer to the event bus's layer rank.
func (g *Registry) EventLayer() event.Layer {
	if g.current == nil {
		return event.Session
	}
	switch g.current.Kind {
	case "base":
		return event.Base
	case "system":
		return event.System
	case "variant":
		return event.Variants
	case "monsters":
		return event.Monsters
	}
	return event.Session
}

// Define sets name to v in the current layer.
func (g *Registry) Define(name string, v lua.LValue) {
	g.record(name, v, "define")
}

func (g *Registry) record(name string, v lua.LValue, op string, fields ...string) {
	d, ok := g.defs[name]
	if !ok {
		d = &Def{Name: name}
		g.defs[name] = d
		g.order = append(g.order, name)
	}
	g.changes++
	d.Value, d.Layer, d.File = v, g.layerName(), g.file
	d.History = append(d.History, Change{Op: op, Layer: d.Layer, File: g.file, Fields: fields})
}

// Get returns the definition of name, or nil.
func (g *Registry) Get(name string) *Def { return g.defs[name] }

// Value returns the value of name, or LNil.
func (g *Registry) Value(name string) lua.LValue {
	if d := g.defs[name]; d != nil {
		return d.Value
	}
	return lua.LNil
}

// Names returns the defined names, sorted.
func (g *Registry) Names() []string {
	out := append([]string(nil), g.order...)
	sort.Strings(out)
	return out
}

// Prefixed returns the defined names starting with prefix, sorted.
func (g *Registry) Prefixed(prefix string) []string {
	var out []string
	for _, n := range g.order {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Why describes the history of name, one line per change.
func (g *Registry) Why(name string) (string, bool) {
	d := g.defs[name]
	if d == nil {
		return "", false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: defined by layer %s (%s)\n", name, d.Layer, d.File)
	for i, c := range d.History {
		verdict := "overridden"
		if i == len(d.History)-1 {
			verdict = "wins"
		}
		fmt.Fprintf(&b, "  %d. %-6s in %-24s %s  [%s]\n", i+1, c.Op, c.Layer, c.File, verdict)
	}
	return b.String(), true
}

// Overrides returns the names defined in more than one layer, sorted.
func (g *Registry) Overrides() []*Def {
	var out []*Def
	for _, n := range g.Names() {
		d := g.defs[n]
		if len(d.History) > 1 {
			out = append(out, d)
		}
	}
	return out
}

// Changes returns what the layer named layer did to the definitions: one
// line per define, wrap or merge (with the fields merged), in name order,
// then its hooks.
func (g *Registry) Changes(layer string) []string {
	var out []string
	for _, n := range g.Names() {
		for _, c := range g.defs[n].History {
			if c.Layer != layer {
				continue
			}
			line := c.Op + " " + n
			if len(c.Fields) > 0 {
				line += " (" + strings.Join(c.Fields, ", ") + ")"
			}
			out = append(out, line)
		}
	}
	for _, l := range g.Layers {
		if l.Name == layer {
			for _, h := range l.Hooks {
				out = append(out, "hook "+h)
			}
		}
	}
	return out
}

// Variant returns the variant with id, or nil.
func (g *Registry) Variant(id string) *Variant {
	for _, v := range g.Variants {
		if v.ID == id {
			return v
		}
	}
	return nil
}
