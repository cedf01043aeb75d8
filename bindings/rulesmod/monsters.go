package rulesmod

import (
	"context"
	"path"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// MonsterInfo is one monster of a rule system, as listings show it.
type MonsterInfo struct {
	ID, En, Zh, CR, Type, Size, Source string
	// Status is "hand-written", or the importer's "full" or "partial".
	Status     string
	Unmodelled []string
	HP, AC     int // hand-written ones only (0 when unknown)
	// Aka are the names of the imported stat block a hand-written monster
	// of the same id stands in for (its English and Chinese names), so
	// that "add 地精" finds the hand-written goblin, named "Goblin Warrior"
	// after SRD 5.2.1, by the SRD 5.1 name a player knows.
	Aka []string
}

// indexHeader is the first line of an imported bestiary's index.tsv
// (runtime/srdgen writes it).
const indexHeader = "id\tname\tzh\tsource\tcr\ttype\tsize\tmodelled\tdata\tunmodelled"

// Monsters lists the monsters of a rule system: the hand-written ones of
// monsters/<system>/ (their scripts are loaded for their fields) and the
// imported ones of monsters/<system>/srd/index.tsv (not loaded), an
// imported one whose id a hand-written one has left out (it wins). The
// order is the files', then the index's; a hand-written one takes the
// names of the imported one it hides as Aka.
func (g *Rules) Monsters(ctx context.Context, system string) ([]MonsterInfo, error) {
	var rows []MonsterInfo
	hand := map[string]int{} // id -> index in rows + 1
	for _, p := range g.R.Glob("monsters/" + system + "/*.lua") {
		id := strings.TrimSuffix(path.Base(p), ".lua")
		if hand[id] > 0 {
			continue
		}
		v, err := g.LoadMonster(ctx, system, id)
		if err != nil {
			return nil, err
		}
		t, ok := v.(*lua.LTable)
		if !ok {
			continue
		}
		r := MonsterInfo{ID: id, Status: "hand-written", Source: lua.LVAsString(t.RawGetString("source"))}
		switch n := t.RawGetString("name").(type) {
		case lua.LString:
			r.En = string(n)
		case *lua.LTable:
			r.En, r.Zh = lua.LVAsString(n.RawGetString("en")), lua.LVAsString(n.RawGetString("zh"))
		}
		r.CR = lua.LVAsString(t.RawGetString("cr"))
		r.Type = lua.LVAsString(t.RawGetString("creature_type"))
		r.Size = lua.LVAsString(t.RawGetString("size"))
		r.HP = int(lua.LVAsNumber(t.RawGetString("hp")))
		r.AC = int(lua.LVAsNumber(t.RawGetString("ac")))
		if f, ok := t.RawGetString("features").(*lua.LTable); ok {
			for i := 1; i <= f.Len(); i++ {
				ft, _ := f.RawGetInt(i).(*lua.LTable)
				if ft != nil && ft.RawGetString("scripted") == lua.LFalse {
					r.Unmodelled = append(r.Unmodelled, lua.LVAsString(ft.RawGetString("en"))+": not scripted")
				}
			}
		}
		rows = append(rows, r)
		hand[id] = len(rows)
	}
	if b, _, err := g.R.Resolve("monsters/" + system + "/srd/index.tsv"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.Split(line, "\t")
			if len(f) < 10 || strings.HasPrefix(line, "#") || line == indexHeader {
				continue
			}
			if i := hand[f[0]]; i > 0 {
				h := &rows[i-1]
				for _, n := range f[1:3] {
					if n != "" && n != h.En && n != h.Zh {
						h.Aka = append(h.Aka, n)
					}
				}
				continue
			}
			r := MonsterInfo{ID: f[0], En: f[1], Zh: f[2], Source: f[3], CR: f[4], Type: f[5], Size: f[6], Status: f[7]}
			if f[9] != "" {
				r.Unmodelled = strings.Split(f[9], " | ")
			}
			rows = append(rows, r)
		}
	}
	return rows, nil
}

// monsters is rules.monsters.
func (g *Rules) monsters(L *lua.LState) int {
	rows, err := g.Monsters(context.Background(), L.OptString(1, g.System))
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	t := L.CreateTable(len(rows), 0)
	for _, r := range rows {
		e := L.CreateTable(0, 8)
		e.RawSetString("id", lua.LString(r.ID))
		set := func(k, v string) {
			if v != "" {
				e.RawSetString(k, lua.LString(v))
			}
		}
		set("en", r.En)
		set("zh", r.Zh)
		set("cr", r.CR)
		set("type", r.Type)
		set("status", r.Status)
		if r.HP > 0 {
			e.RawSetString("hp", lua.LNumber(r.HP))
		}
		if r.AC > 0 {
			e.RawSetString("ac", lua.LNumber(r.AC))
		}
		e.RawSetString("imported", lua.LBool(r.Status != "hand-written"))
		if len(r.Aka) > 0 {
			aka := L.CreateTable(len(r.Aka), 0)
			for _, n := range r.Aka {
				aka.Append(lua.LString(n))
			}
			e.RawSetString("aka", aka)
		}
		t.Append(e)
	}
	L.Push(t)
	return 1
}
