package fightmod

import (
	"context"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
)

// The bounds of an encounter's sizes: creatures a member adds (count) and
// rounds a fight may last (max_rounds; a fight also stops at its
// deadline).
const (
	MaxCount  = 10000
	MaxRounds = 1_000_000_000
)

// encounterTable runs an encounter file's source and returns the
// encounter table it returns.
func encounterTable(ctx context.Context, g *rulesmod.Rules, name string, src []byte) (*lua.LTable, error) {
	out, err := g.R.DoString(ctx, name, string(src), nil)
	if err != nil {
		return nil, err
	}
	var t *lua.LTable
	if len(out) > 0 {
		t, _ = out[0].(*lua.LTable)
	}
	if t == nil {
		return nil, &errs.Error{Kind: errs.Script, Layer: "fight", File: name,
			Msg: "an encounter file must return an encounter table (return fight.encounter{...})"}
	}
	return t, nil
}

// Isolation makes every trial of an encounter start from the script state
// the runtime had once the encounter was loaded, so that a trial never
// sees what another left: the module-level locals of the encounter's and
// its monsters' scripts (and of what they require) and the tables they
// reach get their values back, hooks a trial registered go, definitions
// it made or changed are undone, and the event tables handed to hooks are
// new. Restoring costs in proportion to that state; an encounter whose
// scripts define no function has none and costs nothing.
//
// What it does not undo: writes into the rule system's own tables from a
// hook (they are not reachable from the encounter), which no built-in
// script makes.
type Isolation struct {
	g    *rulesmod.Rules
	f    *fight.Fight
	mark *rulesmod.Mark
	snap *luart.Snapshot
}

// LoadIsolated loads an encounter as LoadEncounter does and records the
// state its trials start from.
func LoadIsolated(ctx context.Context, g *rulesmod.Rules, name string, src []byte) (*fight.Fight, *Isolation, error) {
	_, before := g.Bound(0)
	t, err := encounterTable(ctx, g, name, src)
	if err != nil {
		return nil, nil, err
	}
	f, err := compile(ctx, g, t, newLocator(name, src))
	if err != nil {
		return nil, nil, err
	}
	bound, _ := g.Bound(before)
	iso := &Isolation{g: g, f: f, mark: g.Mark(), snap: g.R.Snapshot(append([]lua.LValue{t}, bound...)...)}
	return f, iso, nil
}

// Begin starts a trial.
func (iso *Isolation) Begin() { iso.g.Play(true) }

// End undoes what the trial changed (see Isolation).
func (iso *Isolation) End() {
	iso.g.Play(false)
	iso.g.Restore(iso.mark)
	if iso.snap.Functions() > 0 {
		iso.snap.Restore()
	}
	iso.g.Adapt = adapter(iso.g.R, iso.f)
}

// StateSize returns how many upvalues and table fields a trial's end
// restores (0 when the encounter's scripts define no function).
func (iso *Isolation) StateSize() int {
	if iso.snap.Functions() == 0 {
		return 0
	}
	return iso.snap.Size()
}
