package rulesmod

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/srd"
)

// LuaPayload is an event payload that Lua handlers can see: the emitter
// fills a table before each Lua handler and reads back what it changed.
type LuaPayload interface {
	ToLua(L *lua.LState) *lua.LTable
	FromLua(L *lua.LState, t *lua.LTable) error
}

// Rules binds a Registry to a runtime.
type Rules struct {
	*Registry
	R *luart.Runtime
	// Adapt, when set, gives the Lua view of event payloads that are not
	// tables or LuaPayloads (the fight module sets it for its events).
	Adapt func(data any) LuaPayload
}

// registryKey is where the runtime keeps its Rules.
const registryKey = "rules"

// Of returns the Rules of a runtime, or nil.
func Of(r *luart.Runtime) *Rules {
	g, _ := r.Get(registryKey).(*Rules)
	return g
}

// Install creates the Rules of r over bus and registers the "rules" module.
func Install(r *luart.Runtime, bus *event.Bus) *Rules {
	g := &Rules{Registry: NewRegistry(bus), R: r}
	r.Set(registryKey, g)
	r.Register(g.module())
	return g
}

func (g *Rules) module() luart.Module {
	return luart.Module{
		Name: "rules",
		Doc:  "Definitions by name with layering, wrappers, hooks on events, variants.",
		Funcs: []luart.Func{
			{Name: "define", Args: "(name, value)", Doc: "defines name in the current layer; a later layer's define replaces it (the override is logged)", Fn: func(L *lua.LState) int {
				name := L.CheckString(1)
				if L.GetTop() < 2 || L.Get(2) == lua.LNil {
					L.ArgError(2, "value expected, got nil")
				}
				g.Define(name, L.Get(2))
				return 0
			}},
			{Name: "get", Args: "(name [, default])", Doc: "returns the value defined for name, or default (nil)", Fn: func(L *lua.LState) int {
				v := g.Value(L.CheckString(1))
				if v == lua.LNil {
					v = L.Get(2)
				}
				L.Push(v)
				return 1
			}},
			{Name: "need", Args: "(name)", Doc: "returns the value defined for name; raises an error naming it when nothing defines it", Fn: func(L *lua.LState) int {
				name := L.CheckString(1)
				v := g.Value(name)
				if v == lua.LNil {
					v = g.needLazy(L, name)
				}
				if v == lua.LNil {
					L.RaiseError("rules.need: nothing defines %q in the loaded layers (%s)", name, g.layerList())
				}
				L.Push(v)
				return 1
			}},
			{Name: "wrap", Args: "(name, fn)", Doc: "replaces the function defined as name by fn(original, ...)", Fn: func(L *lua.LState) int {
				name := L.CheckString(1)
				fn := L.CheckFunction(2)
				old, ok := g.Value(name).(*lua.LFunction)
				if !ok {
					L.ArgError(1, fmt.Sprintf("%q is not a defined function", name))
				}
				wrapped := L.NewFunction(func(L *lua.LState) int {
					n := L.GetTop()
					L.Push(fn)
					L.Push(old)
					for i := 1; i <= n; i++ {
						L.Push(L.Get(i))
					}
					L.Call(n+1, lua.MultRet)
					return L.GetTop() - n
				})
				g.record(name, wrapped, "wrap")
				return 0
			}},
			{Name: "merge", Args: "(name, fields)", Doc: "sets the fields of the table defined as name (defining it when absent)", Fn: func(L *lua.LState) int {
				name := L.CheckString(1)
				fields := L.CheckTable(2)
				t, ok := g.Value(name).(*lua.LTable)
				if !ok {
					if g.Value(name) != lua.LNil {
						L.ArgError(1, fmt.Sprintf("%q is not a table", name))
					}
					t = L.NewTable()
				} else if g.Playing() {
					// During a trial, merge into a copy: the trial's end
					// restores the definition (see Registry.Restore).
					c := L.NewTable()
					for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
						c.RawSet(k, v) // in t's order, which pairs follows
					}
					c.Metatable = t.Metatable
					t = c
				}
				keys := luart.SortedKeys(fields)
				for _, k := range keys {
					t.RawSetString(k, fields.RawGetString(k))
				}
				g.record(name, t, "merge", keys...)
				return 0
			}},
			{Name: "clear", Args: "(t, keys)", Doc: "sets to nil each field of t named in the list keys that holds a value (raw: t's metatable is not asked), as `if t.k ~= nil then t.k = nil end` for each on a table without one, in one call; returns t", Fn: clearFields},
			{Name: "memo", Args: "()", Doc: "returns a new memo table: a cache of what every trial of a fight shares (a creature's side or id, a stat block's attack by name); a trial's end leaves it as the trials filled it instead of undoing what the trial added (it is emptied when it grows past 4,096 keys), so it must hold nothing a trial changes", Fn: func(L *lua.LState) int {
				L.Push(g.R.NewMemo())
				return 1
			}},
			{Name: "names", Args: "([prefix])", Doc: "returns the defined names (starting with prefix), sorted", Fn: func(L *lua.LState) int {
				L.Push(luart.FromGo(L, g.Prefixed(L.OptString(1, ""))))
				return 1
			}},
			{Name: "on", Args: "(event, fn [, opts])", Doc: "calls fn(e) on event; opts: phase (declare|modify|roll|result|after, default result), priority, owner, only (actor|subject|either), attacks (melee|ranged) and group (an attack group's name): on attack events, only attacks of that kind or group (the others skip the hook without calling it); has (a condition's name or a list of them): on turn events, only the turns of a creature that has one of them (c:has; the other turns skip the hook without calling it); returns a handle for rules.off", Fn: g.on},
			{Name: "off", Args: "(handle)", Doc: "removes a hook; returns whether it was active", Fn: func(L *lua.LState) int {
				id := int(luart.CheckInt(L, 1, 0, 1<<53))
				h, ok := g.handles[id]
				delete(g.handles, id)
				L.Push(lua.LBool(ok && g.Bus.Off(h)))
				return 1
			}},
			{Name: "emit", Args: "(event, e [, phases])", Doc: "dispatches event with the table e through its phases (default all) and returns e", Fn: g.emit},
			{Name: "cancel", Args: "(e [, reason])", Doc: "cancels the event e (its later handlers and the default action do not run)", Fn: func(L *lua.LState) int {
				t := L.CheckTable(1)
				t.RawSetString("cancelled", lua.LTrue)
				if L.GetTop() >= 2 {
					t.RawSetString("reason", lua.LString(L.CheckString(2)))
				}
				return 0
			}},
			{Name: "variant", Args: "(info)", Doc: "declares the variant this file implements: {id, system, implements = {IDs}, name = {en, zh}, conflicts = {variant ids it cannot be combined with}}; enabling it beside one it conflicts with (either side's declaration) is an error naming both", Fn: g.declareVariant},
			{Name: "find_monster", Args: "(name [, system])", Doc: "returns the module name of the monster called name (an id or its English name) in the rule system (default: the loaded one): the hand-written monsters.<system>.<id> first, then the imported monsters.<system>.srd.<id>; nil when there is none", Fn: func(L *lua.LState) int {
				name := L.CheckString(1)
				sys := L.OptString(2, g.System)
				p, ok := g.MonsterPath(sys, name)
				if !ok {
					L.Push(lua.LNil)
					return 1
				}
				L.Push(lua.LString(strings.ReplaceAll(strings.TrimSuffix(p, ".lua"), "/", ".")))
				return 1
			}},
			{Name: "layer", Args: "()", Doc: "returns the name of the layer now loading", Fn: func(L *lua.LState) int {
				L.Push(lua.LString(g.layerName()))
				return 1
			}},
			{Name: "system", Args: "()", Doc: "returns the id of the loaded rule system", Fn: func(L *lua.LState) int {
				L.Push(lua.LString(g.System))
				return 1
			}},
			{Name: "lineage", Args: "()", Doc: "returns the loaded rule system and the systems it extends, the most specific first ({\"mod5e\", \"5e\", \"base\"}): where its monsters are looked for", Fn: func(L *lua.LState) int {
				t := L.CreateTable(len(g.Lineage), 0)
				for _, id := range g.MonsterSystems(g.System) {
					t.Append(lua.LString(id))
				}
				L.Push(t)
				return 1
			}},
			{Name: "enabled", Args: "(variant_id)", Doc: "returns whether the variant is enabled", Fn: func(L *lua.LState) int {
				v := g.Variant(L.CheckString(1))
				L.Push(lua.LBool(v != nil && v.Enabled))
				return 1
			}},
			{Name: "check_event", Args: "(name)", Doc: "returns the message of the error a misspelt event name makes (a few letters from an event the fight raises or scripts use: damage.rol for damage.roll), or nil; a new name of a script's own passes (rules.on checks its event this way)", Fn: g.checkEvent},
			{Name: "monsters", Args: "([system])", Doc: "returns the monsters of a rule system (default the loaded one) as {{id, en, zh, cr, type, status, hp, ac, imported, aka}...}: the hand-written monsters/<system>/<id>.lua (loaded for their fields; aka lists the English and Chinese names of the imported stat block of the same id it stands in for), then the imported ones of srd/index.tsv (not loaded)", Fn: g.monsters},
		},
	}
}

func (g *Rules) layerList() string {
	names := make([]string, len(g.Layers))
	for i, l := range g.Layers {
		names[i] = l.Name
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

var phaseNames = map[string]event.Phase{"declare": event.Declare, "modify": event.Modify, "roll": event.Roll, "result": event.Result, "after": event.After}

func (g *Rules) on(L *lua.LState) int {
	name := L.CheckString(1)
	if err := g.CheckEvent(name); err != nil {
		L.ArgError(1, err.Msg)
	}
	fn := L.CheckFunction(2)
	opts := L.OptTable(3, nil)
	o := event.Options{Layer: g.EventLayer(), Label: name}
	ph := event.Result
	attacks := ""
	if opts != nil {
		if s, ok := opts.RawGetString("phase").(lua.LString); ok {
			p, found := phaseNames[string(s)]
			if !found {
				L.ArgError(3, fmt.Sprintf("unknown phase %q (declare, modify, roll, result, after)", string(s)))
			}
			ph = p
		}
		if n, ok := opts.RawGetString("priority").(lua.LNumber); ok {
			o.Priority = int(n)
		}
		if n, ok := opts.RawGetString("owner").(lua.LNumber); ok {
			o.Owner = event.Owner(n)
		}
		switch s := lua.LVAsString(opts.RawGetString("only")); s {
		case "":
			if o.Owner != 0 {
				o.Only = event.OwnerIsEither
			}
		case "actor":
			o.Only = event.OwnerIsActor
		case "subject":
			o.Only = event.OwnerIsSubject
		case "either":
			o.Only = event.OwnerIsEither
		default:
			L.ArgError(3, fmt.Sprintf("unknown only %q (actor, subject, either)", s))
		}
		switch s := lua.LVAsString(opts.RawGetString("attacks")); s {
		case "":
		case "melee", "ranged":
			if !strings.HasPrefix(name, "attack.") {
				L.ArgError(3, fmt.Sprintf("attacks = %q is for the attack events (attack.declare, attack.roll), not %s", s, name))
			}
			attacks = s
		default:
			L.ArgError(3, fmt.Sprintf("unknown attacks %q (melee, ranged)", s))
		}
	}
	group := ""
	if opts != nil {
		if v := opts.RawGetString("group"); v != lua.LNil {
			s, ok := v.(lua.LString)
			if !ok || s == "" || !strings.HasPrefix(name, "attack.") {
				L.ArgError(3, fmt.Sprintf("group must be an attack group's name, on an attack event (attack.declare, attack.roll); got %s on %s", v.Type(), name))
			}
			group = string(s)
		}
	}
	var has []string
	if opts != nil {
		has = hasOption(L, name, opts.RawGetString("has"))
	}
	handler := g.LuaHandler(fn, g.file)
	if attacks != "" || group != "" {
		handler = onlyAttacks(handler, attacks, group)
		o.Needs = attackNeeds(g.Bus, attacks, group)
	}
	if has != nil {
		handler = g.onlyBearers(handler, has)
	}
	h, err := g.Bus.On(name, ph, o, handler)
	if err != nil {
		luart.Raise(L, err)
	}
	if g.current != nil && g.current.Kind != "session" {
		g.current.Hooks = append(g.current.Hooks, name+" ("+ph.String()+")")
	}
	g.nextH++
	g.handles[g.nextH] = h
	L.Push(lua.LNumber(g.nextH))
	return 1
}

// CheckEvent reports a misspelt event name: one nobody raises or hooks yet
// (the kernel's events, base.events, the events scripts hooked or raised
// so far) that is a few letters from one of those. Any other new name is
// a script's own event (rules.emit) and passes.
func (g *Rules) CheckEvent(name string) *errs.Error {
	if _, ok := g.Bus.Lookup(name); ok {
		return nil
	}
	known := g.Bus.Events()
	if t, ok := g.Value("base.events").(*lua.LTable); ok {
		for i := 1; i <= t.Len(); i++ {
			n := lua.LVAsString(t.RawGetInt(i))
			if n == name {
				return nil
			}
			known = append(known, n)
		}
	}
	if best, ok := errs.Nearest(name, known); ok {
		e := errs.New(errs.Rule, "rules", "unknown event %q; did you mean %q?", name, best)
		e.Hint = "the events are listed in docs/lua-api.md (events)"
		return e
	}
	return nil
}

// checkEvent is rules.check_event.
func (g *Rules) checkEvent(L *lua.LState) int {
	if err := g.CheckEvent(L.CheckString(1)); err != nil {
		L.Push(lua.LString(err.Msg))
		return 1
	}
	L.Push(lua.LNil)
	return 1
}

// hasOption reads rules.on's has option (v): a condition name or a list
// of them, on a turn event; nil when v is nil.
func hasOption(L *lua.LState, event string, v lua.LValue) []string {
	if v == lua.LNil {
		return nil
	}
	names, ok := luaval.NameList(v)
	if !ok || !strings.HasPrefix(event, "turn.") {
		L.ArgError(3, fmt.Sprintf("has must be a condition's name or a list of them, on a turn event (turn.start, turn.act, turn.end); got %s on %s", v.Type(), event))
	}
	return names
}

// turnBearer is a turn event's Lua view as the has option reads it: whether
// the creature whose turn it is has one of the conditions (c:has).
type turnBearer interface {
	FighterHas(names []string) bool
}

// onlyBearers runs h only when the creature whose turn it is has one of
// the conditions names, read in Go (c:has): the Lua hook is not called at
// all on the other turns (nor on a turn event with no creature).
func (g *Rules) onlyBearers(h event.Handler, names []string) event.Handler {
	return func(ev *event.Event) error {
		if g.Adapt != nil {
			if b, ok := g.Adapt(ev.Data).(turnBearer); ok && !b.FighterHas(names) {
				return nil
			}
		}
		return h(ev)
	}
}

// attackPayload is an attack event's payload as the attacks and group
// options read it.
type attackPayload interface {
	IsRanged() bool
	AttackGroup() string
}

// onlyAttacks runs h only for attacks of one kind (attacks: "ranged",
// "melee" or "" for both) and of one group ("" for any), read from the
// payload in Go: the Lua hook is not called at all for the rest.
func onlyAttacks(h event.Handler, attacks, group string) event.Handler {
	ranged := attacks == "ranged"
	return func(ev *event.Event) error {
		if a, ok := ev.Data.(attackPayload); ok {
			if attacks != "" && a.IsRanged() != ranged || group != "" && a.AttackGroup() != group {
				return nil
			}
		}
		return h(ev)
	}
}

// attackNeeds is what onlyAttacks' handler needs of an attack event's tags
// (event.TagMelee, event.TagRanged, event.GroupTag): the fight tags its
// attack events, and the bus calls the handler only for those that have
// them. onlyAttacks still tells the rest (untagged events) apart.
func attackNeeds(b *event.Bus, attacks, group string) event.Tags {
	var t event.Tags
	switch attacks {
	case "ranged":
		t |= b.Tag(event.TagRanged)
	case "melee":
		t |= b.Tag(event.TagMelee)
	}
	if group != "" {
		t |= b.Tag(event.GroupTag(group))
	}
	return t
}

// LuaHandler returns an event handler that calls the Lua function fn with
// the event's table: the payload itself when it is a table, its LuaPayload
// view, or the Adapt view of other payloads. A handler that sets
// e.cancelled (rules.cancel) cancels the event. file names the script for
// errors that carry no position.
func (g *Rules) LuaHandler(fn *lua.LFunction, file string) event.Handler {
	r := g.R
	g.bind(fn)
	return func(ev *event.Event) error {
		var t *lua.LTable
		var pl LuaPayload
		switch d := ev.Data.(type) {
		case *lua.LTable:
			t = d
		case LuaPayload:
			pl = d
		default:
			if g.Adapt != nil {
				pl = g.Adapt(ev.Data)
			}
		}
		if pl != nil {
			t = pl.ToLua(r.L)
		}
		if t == nil {
			t = r.L.NewTable()
		}
		if err := r.PCall(fn, 0, t); err != nil {
			e := r.Convert(err)
			if ee, ok := e.(*errs.Error); ok && ee.File == "" {
				ee.File = file
			}
			return e
		}
		if pl != nil {
			if err := pl.FromLua(r.L, t); err != nil {
				return err
			}
		}
		if lua.LVAsBool(t.RawGetString("cancelled")) && !ev.Cancelled() {
			ev.Cancel(lua.LVAsString(t.RawGetString("reason")))
		}
		return nil
	}
}

// clearFields is rules.clear(t, keys): a table reused from turn to turn
// (a kit's turn context) is reset with one call instead of a test and a
// store per field in Lua, each of which looks the key up. Keys that are
// not strings are refused.
func clearFields(L *lua.LState) int {
	t := L.CheckTable(1)
	keys := L.CheckTable(2)
	n := keys.Len()
	for i := 1; i <= n; i++ {
		k, ok := keys.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(2, fmt.Sprintf("a list of field names expected, got %s at %d", keys.RawGetInt(i).Type(), i))
		}
		if t.RawGetString(string(k)) != lua.LNil {
			t.RawSetString(string(k), lua.LNil)
		}
	}
	L.Push(t)
	return 1
}

// Phase returns the event phase named s.
func Phase(s string) (event.Phase, bool) {
	p, ok := phaseNames[s]
	return p, ok
}

func (g *Rules) emit(L *lua.LState) int {
	name := L.CheckString(1)
	t := L.CheckTable(2)
	set := event.AllPhases
	if ps := L.OptTable(3, nil); ps != nil {
		set = 0
		for i := 1; i <= ps.Len(); i++ {
			p, ok := phaseNames[lua.LVAsString(ps.RawGetInt(i))]
			if !ok {
				L.ArgError(3, "list of phase names expected")
			}
			set |= event.PhaseSet(p)
		}
	}
	id, err := g.Bus.Intern(name)
	if err != nil {
		luart.Raise(L, err)
	}
	ev := &event.Event{}
	ev.Reset(id)
	ev.Data = t
	if n, ok := t.RawGetString("actor_id").(lua.LNumber); ok {
		ev.Actor = event.Owner(n)
	}
	if n, ok := t.RawGetString("subject_id").(lua.LNumber); ok {
		ev.Subject = event.Owner(n)
	}
	if err := g.Bus.Run(ev, set); err != nil {
		luart.Raise(L, err)
	}
	if ev.Cancelled() {
		t.RawSetString("cancelled", lua.LTrue)
		if ev.Reason() != "" {
			t.RawSetString("reason", lua.LString(ev.Reason()))
		}
	}
	L.Push(t)
	return 1
}

func (g *Rules) declareVariant(L *lua.LState) int {
	t := L.CheckTable(1)
	id := lua.LVAsString(t.RawGetString("id"))
	if id == "" {
		L.ArgError(1, "variant id expected (\"system.name\")")
	}
	v := g.Variant(id)
	if v == nil {
		v = &Variant{ID: id}
		g.Variants = append(g.Variants, v)
	}
	v.System = lua.LVAsString(t.RawGetString("system"))
	v.File = g.file
	if impl, ok := t.RawGetString("implements").(*lua.LTable); ok {
		v.Implements = nil
		for i := 1; i <= impl.Len(); i++ {
			v.Implements = append(v.Implements, lua.LVAsString(impl.RawGetInt(i)))
		}
	}
	if n, ok := t.RawGetString("name").(*lua.LTable); ok {
		v.Name = Names{En: lua.LVAsString(n.RawGetString("en")), Zh: lua.LVAsString(n.RawGetString("zh"))}
	}
	switch c := t.RawGetString("conflicts").(type) {
	case *lua.LNilType:
	case *lua.LTable:
		v.Conflicts = nil
		for i := 1; i <= c.Len(); i++ {
			s, ok := c.RawGetInt(i).(lua.LString)
			if !ok || !strings.Contains(string(s), ".") {
				L.ArgError(1, fmt.Sprintf("variant %s: conflicts[%d] must be a variant id (\"system.name\"), got %s", id, i, luart.Repr(c.RawGetInt(i), false)))
			}
			if g.Variant(string(s)) == nil {
				var known []string
				for _, w := range g.Variants {
					known = append(known, w.ID)
				}
				L.ArgError(1, fmt.Sprintf("variant %s: conflicts names %q, which is no variant of the loaded rule system (known: %s)",
					id, string(s), strings.Join(known, ", ")))
			}
			v.Conflicts = append(v.Conflicts, string(s))
		}
	default:
		L.ArgError(1, fmt.Sprintf("variant %s: conflicts must be a list of variant ids", id))
	}
	// Enabling it beside a variant it cannot be combined with: refused
	// before the file defines anything.
	if g.current != nil && g.current.Kind == "variant" && g.current.Name == v.Layer() {
		for _, w := range g.Variants {
			if w != v && w.Enabled && v.Conflict(w) {
				luart.Raise(L, &errs.Error{Kind: errs.Rule, Layer: "rules", File: g.file,
					Msg:  fmt.Sprintf("variants %s and %s cannot be combined (one declares a conflict with the other)", w.ID, v.ID),
					Hint: "enable one of them (--variant, variants = [...] in dndsh.toml, :variant on)"})
			}
		}
	}
	return 0
}

// Manifest is a rule system's ruleset.lua.
type Manifest struct {
	ID       string
	Extends  []string
	Files    []string
	Variants []string
	Name     Names
}

func (g *Rules) manifest(ctx context.Context, id string) (*Manifest, error) {
	p := "core/" + id + "/ruleset.lua"
	if !g.R.Exists(p) {
		return nil, &errs.Error{Kind: errs.Rule, Layer: "rules", Msg: fmt.Sprintf("no rule system %q (no %s under the script roots)", id, p),
			Hint: "known systems: " + strings.Join(g.Systems(), ", ")}
	}
	v, err := g.R.DoFile(ctx, p)
	if err != nil {
		return nil, err
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, &errs.Error{Kind: errs.Script, Layer: "rules", File: p, Msg: "a ruleset manifest must return a table {id, extends, files}"}
	}
	m := &Manifest{ID: lua.LVAsString(t.RawGetString("id"))}
	if m.ID != id {
		return nil, &errs.Error{Kind: errs.Script, Layer: "rules", File: p, Msg: fmt.Sprintf("manifest id %q does not match its folder %q", m.ID, id)}
	}
	list := func(field string) ([]string, error) {
		v := t.RawGetString(field)
		if v == lua.LNil {
			return nil, nil
		}
		lt, ok := v.(*lua.LTable)
		if !ok {
			return nil, &errs.Error{Kind: errs.Script, Layer: "rules", File: p, Msg: fmt.Sprintf("manifest field %q must be a list of strings", field)}
		}
		var out []string
		for i := 1; i <= lt.Len(); i++ {
			out = append(out, lua.LVAsString(lt.RawGetInt(i)))
		}
		return out, nil
	}
	if m.Extends, err = list("extends"); err != nil {
		return nil, err
	}
	if m.Files, err = list("files"); err != nil {
		return nil, err
	}
	if m.Variants, err = list("variants"); err != nil {
		return nil, err
	}
	if n, ok := t.RawGetString("name").(*lua.LTable); ok {
		m.Name = Names{En: lua.LVAsString(n.RawGetString("en")), Zh: lua.LVAsString(n.RawGetString("zh"))}
	}
	return m, nil
}

// Systems lists the rule systems under the roots (folders of core/ with a
// ruleset.lua), sorted.
func (g *Rules) Systems() []string {
	var out []string
	for _, p := range g.R.Glob("core/*/ruleset.lua") {
		out = append(out, path.Base(path.Dir(p)))
	}
	sort.Strings(out)
	return out
}

// Load loads rule system id with its extends and the enabled variants:
// their manifests first, then, while every listed file compiles in the
// background (luart.Runtime.Precompile), the files in order.
func (g *Rules) Load(ctx context.Context, id string, variants []string) error {
	seen := map[string]bool{}
	var manifests []*Manifest // in load order: what a system extends first
	var walk func(id string, stack []string) error
	walk = func(id string, stack []string) error {
		for _, s := range stack {
			if s == id {
				return &errs.Error{Kind: errs.Script, Layer: "rules", Msg: fmt.Sprintf("ruleset extends cycle: %s -> %s", strings.Join(stack, " -> "), id)}
			}
		}
		if seen[id] {
			return nil
		}
		m, err := g.manifest(ctx, id)
		if err != nil {
			return err
		}
		for _, e := range m.Extends {
			if err := walk(e, append(stack, id)); err != nil {
				return err
			}
		}
		seen[id] = true
		manifests = append(manifests, m)
		return nil
	}
	if err := walk(id, nil); err != nil {
		return err
	}
	var paths []string
	for _, m := range manifests {
		for _, f := range m.Files {
			paths = append(paths, "core/"+m.ID+"/"+f)
		}
	}
	for _, v := range variants {
		if sys, name, ok := strings.Cut(v, "."); ok {
			paths = append(paths, "variants/"+sys+"/"+name+".lua")
		}
	}
	g.R.Precompile(paths)
	for _, m := range manifests {
		kind := "system"
		if m.ID == "base" {
			kind = "base"
		}
		if err := g.loadFiles(ctx, m.ID, kind, "core/"+m.ID+"/", m.Files); err != nil {
			return err
		}
	}
	g.System = id
	g.Lineage = g.Lineage[:0]
	for i := len(manifests) - 1; i >= 0; i-- {
		g.Lineage = append(g.Lineage, manifests[i].ID)
	}
	// Known variants: those the manifests accept, plus files present.
	for _, m := range manifests {
		for _, v := range m.Variants {
			if g.Variant(v) == nil {
				g.Variants = append(g.Variants, &Variant{ID: v, System: m.ID})
			}
		}
	}
	for _, v := range variants {
		if err := g.EnableVariant(ctx, v); err != nil {
			return err
		}
	}
	return nil
}

// EnableVariant loads the variant id ("3e.defense_roll") into its layer.
func (g *Rules) EnableVariant(ctx context.Context, id string) error {
	v := g.Variant(id)
	sys, name, ok := strings.Cut(id, ".")
	if v == nil || !ok {
		var known []string
		for _, x := range g.Variants {
			known = append(known, x.ID)
		}
		return &errs.Error{Kind: errs.Rule, Layer: "rules", Msg: fmt.Sprintf("unknown variant %q for rule system %q", id, g.System),
			Hint: "available: " + strings.Join(known, ", ")}
	}
	if v.Enabled {
		return nil
	}
	file := name + ".lua"
	before := g.snapshotTables()
	if err := g.loadFiles(ctx, "variant:"+id, "variant", "variants/"+sys+"/", []string{file}); err != nil {
		return err
	}
	g.recordSets(before, v.Layer(), "variants/"+sys+"/"+file)
	v.Enabled = true
	return nil
}

// snapshotTables records the fields of every table-valued definition, so
// that a variant which sets a module's field directly
// (require("core.1e.hp").knockout_floor = -9) is seen changing it.
func (g *Rules) snapshotTables() map[string]map[string]lua.LValue {
	out := make(map[string]map[string]lua.LValue, len(g.defs))
	for name, d := range g.defs {
		t, ok := d.Value.(*lua.LTable)
		if !ok {
			continue
		}
		f := map[string]lua.LValue{}
		t.ForEach(func(k, v lua.LValue) {
			if ks, ok := k.(lua.LString); ok {
				f[string(ks)] = v
			}
		})
		out[name] = f
	}
	return out
}

// recordSets adds a "set" step, naming the fields, to the history of each
// definition whose table the layer changed in place since before (not
// through rules.define, wrap or merge, which record themselves).
func (g *Rules) recordSets(before map[string]map[string]lua.LValue, layer, file string) {
	for _, name := range g.Names() {
		old, ok := before[name]
		d := g.defs[name]
		t, isT := d.Value.(*lua.LTable)
		if !ok || !isT || (len(d.History) > 0 && d.History[len(d.History)-1].Layer == layer) {
			continue
		}
		var changed []string
		t.ForEach(func(k, v lua.LValue) {
			if ks, ok := k.(lua.LString); ok && old[string(ks)] != v {
				changed = append(changed, string(ks))
			}
		})
		for k := range old {
			if t.RawGetString(k) == lua.LNil {
				changed = append(changed, k)
			}
		}
		if len(changed) == 0 {
			continue
		}
		sort.Strings(changed)
		g.changes++
		d.Layer, d.File = layer, file
		d.History = append(d.History, Change{Op: "set", Layer: layer, File: file, Fields: changed})
	}
}

// MonsterSystems lists where the monsters of system are looked for: the
// loaded system's lineage (it and the systems it extends, the most
// specific first), or system alone.
func (g *Rules) MonsterSystems(system string) []string {
	if system == g.System && len(g.Lineage) > 0 {
		return g.Lineage
	}
	return []string{system}
}

// MonsterPath returns the script of the monster called name in a rule
// system, or in the systems it extends (a layer over 5e plays 5e's
// monsters), the most specific first: in each, monsters/<system>/<id>.lua
// (hand-written) first, then the imported monsters/<system>/srd/<id>.lua;
// a name that is no id ("Adult Red Dragon") is looked up by its id
// (srd.Slug), and "srd/<id>" names the imported one. ok is false when none
// exists under the script roots.
func (g *Rules) MonsterPath(system, name string) (string, bool) {
	for _, sys := range g.MonsterSystems(system) {
		if p, ok := g.monsterPathIn(sys, name); ok {
			return p, true
		}
	}
	return g.monsterPathIn(system, name)
}

func (g *Rules) monsterPathIn(system, name string) (string, bool) {
	if id, ok := strings.CutPrefix(name, "srd/"); ok && id != "" && !strings.ContainsAny(id, "/\\") && !strings.Contains(id, "..") {
		// "srd/<id>": the imported one, whatever a hand-written one says
		p := "monsters/" + system + "/srd/" + id + ".lua"
		return p, g.R.Exists(p)
	}
	ids := []string{name}
	if s := srd.Slug(name); s != name && s != "" {
		ids = append(ids, s)
	}
	for _, id := range ids {
		for _, p := range []string{"monsters/" + system + "/" + id + ".lua", "monsters/" + system + "/srd/" + id + ".lua"} {
			if !strings.Contains(id, "/") && g.R.Exists(p) {
				return p, true
			}
		}
	}
	return "monsters/" + system + "/" + name + ".lua", false
}

// LoadMonster loads a monster file (MonsterPath's) into the monsters layer
// and returns what it returned.
func (g *Rules) LoadMonster(ctx context.Context, system, name string) (lua.LValue, error) {
	prev := g.current
	defer func() { g.current = prev }()
	g.Enter("monsters", "monsters")
	p, _ := g.MonsterPath(system, name)
	b, root, err := g.R.Resolve(p)
	if err != nil {
		return nil, &errs.Error{Kind: errs.Rule, Layer: "rules", Msg: fmt.Sprintf("no monster %q for %s (%s, or the imported monsters/%s/srd/)", name, system, p, system),
			Hint: "dndsh monsters TEXT lists the monsters whose names contain TEXT"}
	}
	g.SetFile(p, root)
	g.R.Layer = "monsters"
	fn, err := g.R.LoadBytes(p, root, b)
	if err != nil {
		return nil, err
	}
	out, err := g.R.Call(ctx, fn, 1)
	if err != nil {
		return nil, err
	}
	g.bind(out[0])
	return out[0], nil
}

func (g *Rules) loadFiles(ctx context.Context, layer, kind, dir string, files []string) error {
	prev := g.current
	g.Enter(layer, kind)
	defer func() { g.current = prev; g.R.Layer = "" }()
	for _, f := range files {
		p := dir + f
		b, root, err := g.R.Resolve(p)
		if err != nil {
			return &errs.Error{Kind: errs.Script, Layer: layer, Msg: fmt.Sprintf("%s lists %s, which is not under the script roots", layer, p)}
		}
		g.SetFile(p, root)
		g.R.Layer = layer
		fn, err := g.R.LoadBytes(p, root, b)
		if err != nil {
			return err
		}
		if _, err := g.R.Call(ctx, fn, 0); err != nil {
			return err
		}
	}
	return nil
}

// EnterSession switches to the session layer (REPL input, user code run
// after loading).
func (g *Rules) EnterSession() { g.Enter("session", "session") }

// needLazy loads the rule-system library that defines name when it is not
// loaded yet: a name "<system>.<file>" whose core/<system>/<file>.lua a
// manifest leaves to its first require (docs/design.md) is
// required, and name is looked up again. Any other name gives nil.
func (g *Rules) needLazy(L *lua.LState, name string) lua.LValue {
	sys, file, ok := strings.Cut(name, ".")
	if !ok || sys == "" || file == "" || strings.ContainsAny(file, "./") {
		return lua.LNil
	}
	if _, _, err := g.R.Resolve("core/" + sys + "/" + file + ".lua"); err != nil {
		return lua.LNil
	}
	req, ok := L.GetGlobal("require").(*lua.LFunction)
	if !ok {
		return lua.LNil
	}
	L.Push(req)
	L.Push(lua.LString("core." + sys + "." + file))
	L.Call(1, 0)
	return g.Value(name)
}
