package rulesmod

import (
	lua "github.com/yuin/gopher-lua"
)

// Mark is the rules state of a runtime at one moment (after an encounter is
// loaded): Restore puts it back after a trial that changed it, so that the
// next trial starts from the same rules.
type Mark struct {
	defs    map[string]Def
	order   int
	changes int
	seq     uint64
	nextH   int
	bound   int
}

// Mark records the rules state: definitions, hooks and handles.
func (g *Registry) Mark() *Mark {
	m := &Mark{defs: make(map[string]Def, len(g.defs)), order: len(g.order), changes: g.changes,
		seq: g.Bus.Seq(), nextH: g.nextH, bound: len(g.bound)}
	for k, d := range g.defs {
		c := *d
		c.History = append([]Change(nil), d.History...)
		m.defs[k] = c
	}
	return m
}

// Restore puts back the state of m: definitions made, wrapped or merged
// since are undone, and hooks registered since are removed. It costs
// nothing when nothing changed.
func (g *Registry) Restore(m *Mark) {
	g.Bus.OffSince(m.seq)
	if g.nextH != m.nextH {
		for id := range g.handles {
			if id > m.nextH {
				delete(g.handles, id)
			}
		}
		g.nextH = m.nextH
	}
	g.bound = g.bound[:m.bound]
	if g.changes == m.changes {
		return
	}
	clear(g.defs)
	for k, d := range m.defs {
		c := d
		c.History = append([]Change(nil), d.History...)
		g.defs[k] = &c
	}
	g.order = g.order[:m.order]
	g.changes = m.changes
}

// Playing reports whether a trial is being played (see Play): rules.merge
// then copies the table it merges into, so that Restore can undo it.
func (g *Registry) Playing() bool { return g.playing }

// Play marks the start (true) or the end (false) of a trial.
func (g *Registry) Play(on bool) { g.playing = on }

// Bound returns the Lua values the rules handed to Go since the n-th
// (hook functions given to the event bus, monster stat blocks loaded), and
// how many there are in all: the roots of the script state a trial may
// change.
func (g *Registry) Bound(n int) ([]lua.LValue, int) {
	return g.bound[min(n, len(g.bound)):], len(g.bound)
}

// bind records a Lua value handed to Go.
func (g *Registry) bind(v lua.LValue) { g.bound = append(g.bound, v) }
