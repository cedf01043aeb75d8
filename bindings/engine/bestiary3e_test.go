package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
)

// rec35 is what the checks read of a SRD 3.5 record, decoded here from the
// JSON itself (not through runtime/srd), so the imported monster is
// checked against the data, not against the importer's reading of it.
type rec35 struct {
	ID         string    `json:"id"`
	HP         int       `json:"hp"`
	Init       int       `json:"init"`
	AC         *int      `json:"ac"`
	Touch      *int      `json:"touch"`
	Flat       *int      `json:"flat_footed"`
	BAB        *int      `json:"bab"`
	Fort       *int      `json:"fort"`
	Ref        *int      `json:"ref"`
	Will       *int      `json:"will"`
	Str        *int      `json:"str"`
	Dex        *int      `json:"dex"`
	Reach      float64   `json:"reach_ft"`
	Space      float64   `json:"space_ft"`
	Attack     [][]atk35 `json:"attack"`
	FullAttack [][]atk35 `json:"full_attack"`
}

type atk35 struct {
	Count     int    `json:"count"`
	Bonus     []int  `json:"bonus"`
	Damage    string `json:"damage"`
	CritRange string `json:"crit_range"`
	CritMult  int    `json:"crit_mult"`
	Mode      string `json:"mode"`
}

func data35(t *testing.T) map[string]*rec35 {
	t.Helper()
	dir := os.Getenv("DNDSH_DATA")
	if dir == "" {
		wd, _ := os.Getwd()
		for up := wd; up != filepath.Dir(up); up = filepath.Dir(up) {
			if _, err := os.Stat(filepath.Join(up, "shared/data/srd-3.5")); err == nil {
				dir = filepath.Join(up, "shared/data")
				break
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "srd-3.5/srd35-monsters.json"))
	if err != nil {
		t.Skip("no shared/data/srd-3.5 above this folder; set DNDSH_DATA")
	}
	var f struct{ Monsters []*rec35 }
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	out := map[string]*rec35{}
	for _, m := range f.Monsters {
		out[strings.ReplaceAll(m.ID, "-", "_")] = m
	}
	return out
}

func num(t *lua.LTable, path ...string) float64 {
	var v lua.LValue = t
	for _, k := range path {
		tt, ok := v.(*lua.LTable)
		if !ok {
			return -999
		}
		v = tt.RawGetString(k)
	}
	if n, ok := v.(lua.LNumber); ok {
		return float64(n)
	}
	return -999
}

// TestImported3eNumbersMatchTheData: twelve imported 3e monsters, field by
// field against the SRD 3.5 record: hit points, AC (and the touch and
// flat-footed AC the 3e rules compute from its parts), initiative, base
// attack, saves, scores, space and reach, the single attack and every
// attack of the full attack with its bonus, damage and critical range;
// damage reduction, spell resistance and energy resistance as the
// kernel's traits.
func TestImported3eNumbersMatchTheData(t *testing.T) {
	data := data35(t)
	ctx := context.Background()
	e, err := engine.New(ctx, engine.Options{Ruleset: "3e", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	acOf, err := e.R.LoadBytes("ac_of", "test", []byte(`local sb = ...
local r = require("core.3e.ac").of(sb.ac_types)
return r.ac, r.touch, r.flat_footed`))
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"troll", "ghoul", "wolf", "owlbear", "ogre", "bugbear", "gnoll", "hill_giant", "aboleth", "balor",
		"vampire_spawn", "dragon_turtle"}
	for _, id := range ids {
		d := data[id]
		if d == nil {
			t.Errorf("%s: not in the data", id)
			continue
		}
		v, err := e.Rules.LoadMonster(ctx, "3e", "srd/"+id)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		sb := v.(*lua.LTable)
		eq := func(field string, got, want float64) {
			if got != want {
				t.Errorf("%s: %s is %v, the data says %v", id, field, got, want)
			}
		}
		eq("hp", num(sb, "hp"), float64(d.HP))
		eq("max_hp", num(sb, "max_hp"), float64(d.HP))
		eq("ac", num(sb, "ac"), float64(*d.AC))
		res, err := e.R.Call(ctx, acOf, 3, sb)
		if err != nil {
			t.Fatal(err)
		}
		eq("AC from its parts", float64(res[0].(lua.LNumber)), float64(*d.AC))
		eq("touch AC", float64(res[1].(lua.LNumber)), float64(*d.Touch))
		eq("flat-footed AC", float64(res[2].(lua.LNumber)), float64(*d.Flat))
		eq("init", num(sb, "init"), float64(d.Init))
		eq("bab", num(sb, "abilities", "bab"), float64(*d.BAB))
		eq("fort", num(sb, "abilities", "fort"), float64(*d.Fort))
		eq("ref", num(sb, "abilities", "ref"), float64(*d.Ref))
		eq("will", num(sb, "abilities", "will"), float64(*d.Will))
		eq("str", num(sb, "abilities", "str"), float64(*d.Str))
		eq("dex", num(sb, "abilities", "dex"), float64(*d.Dex))
		eq("reach", num(sb, "reach"), d.Reach)
		eq("space", num(sb, "space", "w")*5, max(d.Space, 5))
		atks := sb.RawGetString("attacks").(*lua.LTable)
		first := atks.RawGetInt(1).(*lua.LTable)
		a0 := d.Attack[0][0]
		eq("attack bonus", num(first, "bonus"), float64(a0.Bonus[0]))
		if got := lua.LVAsString(first.RawGetString("damage")); got != strings.ReplaceAll(a0.Damage, "\u2013", "-") {
			t.Errorf("%s: attack damage %s, the data says %s", id, got, a0.Damage)
		}
		// the full attack: each printed attack count times at each bonus
		var want []string
		for _, a := range d.FullAttack[0] {
			for i := 0; i < max(a.Count, 1); i++ {
				for _, b := range a.Bonus {
					want = append(want, fmt.Sprintf("%+d %s %s %d", b, strings.ReplaceAll(a.Damage, "\u2013", "-"), a.CritRange, max(a.CritMult, 2)))
				}
			}
		}
		byName := map[string]*lua.LTable{}
		atks.ForEach(func(_, x lua.LValue) {
			at := x.(*lua.LTable)
			byName[lua.LVAsString(at.RawGetString("name"))] = at
		})
		var got []string
		if multi, ok := sb.RawGetString("multiattack").(*lua.LTable); ok {
			multi.ForEach(func(_, n lua.LValue) {
				at := byName[lua.LVAsString(n)]
				crit := ""
				if th, ok := at.RawGetString("threat").(*lua.LTable); ok {
					crit = fmt.Sprintf("%d-20", int(th.RawGetInt(1).(lua.LNumber)))
				}
				mul := 2
				if m, ok := at.RawGetString("crit_mul").(lua.LNumber); ok {
					mul = int(m)
				}
				got = append(got, fmt.Sprintf("%+d %s %s %d", int(num(at, "bonus")), lua.LVAsString(at.RawGetString("damage")), crit, mul))
			})
		} else {
			got = append(got, fmt.Sprintf("%+d %s %s %d", int(num(first, "bonus")), lua.LVAsString(first.RawGetString("damage")),
				strings.ReplaceAll(a0.CritRange, "\u2013", "-"), max(a0.CritMult, 2)))
		}
		for i := range want {
			want[i] = strings.ReplaceAll(want[i], "\u2013", "-")
		}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("%s: full attack\n got  %s\n want %s", id, strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
	// the defences: damage reduction, energy resistance, immunity and
	// spell resistance in the 3.0 special abilities' profile
	// (core/3e/damage.lua), turn resistance as an ability
	prof, err := e.R.LoadBytes("profile", "test", []byte(`local sb = ...
local p = require("core.3e.damage").profile(sb)
local out = {}
for _, d in ipairs(p.dr) do out[#out + 1] = "dr " .. d.amount .. "/" .. d.bypass end
local function keys(t, what)
  local ks = {}
  for k, v in pairs(t) do ks[#ks + 1] = what .. " " .. k .. (type(v) == "number" and (" " .. v) or "") end
  table.sort(ks)
  for _, k in ipairs(ks) do out[#out + 1] = k end
end
keys(p.resist, "resist")
keys(p.immune, "immune")
keys(p.vuln, "vuln")
for _, x in ipairs(p.sr or {}) do out[#out + 1] = "sr " .. x.value end
if sb.abilities.turn_resistance then out[#out + 1] = "turn " .. sb.abilities.turn_resistance end
return table.concat(out, "; ")`))
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{
		"balor":         "dr 15/cold_iron_and_good; resist acid 10; resist cold 10; immune electricity; immune fire; sr 28",
		"vampire_spawn": "dr 5/silver; resist cold 10; resist electricity 10; turn 2",
		"dragon_turtle": "immune fire",
		"azer":          "immune fire; vuln cold; sr 13",
		"lemure":        "dr 5/good; resist acid 10; resist cold 10; immune fire",
	} {
		v, err := e.Rules.LoadMonster(ctx, "3e", "srd/"+id)
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.R.Call(ctx, prof, 1, v)
		if err != nil {
			t.Fatal(err)
		}
		if got := lua.LVAsString(res[0]); got != want {
			t.Errorf("%s: defences\n got  %s\n want %s", id, got, want)
		}
	}
}

// TestEveryImported3eArmorClass: for every imported 3e monster, the AC,
// touch AC and flat-footed AC the 3e rules compute from its AC parts are
// the printed ones, but for the stat blocks whose script lists the
// difference as unmodelled (an SRD misprint); the hit points and saves
// are the printed ones.
func TestEveryImported3eArmorClass(t *testing.T) {
	data := data35(t)
	ctx := context.Background()
	e, err := engine.New(ctx, engine.Options{Ruleset: "3e", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	acOf, err := e.R.LoadBytes("ac_of", "test", []byte(`local sb = ...
local r = require("core.3e.ac").of(sb.ac_types)
local un = table.concat(sb.data.statblock.unmodelled or {}, "|")
return r.ac, r.touch, r.flat_footed, un`))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for id, d := range data {
		if d.AC == nil || d.HP == 0 {
			continue
		}
		v, err := e.Rules.LoadMonster(ctx, "3e", "srd/"+id)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		n++
		res, err := e.R.Call(ctx, acOf, 4, v)
		if err != nil {
			t.Fatal(err)
		}
		un := lua.LVAsString(res[3])
		if int(res[0].(lua.LNumber)) != *d.AC {
			t.Errorf("%s: AC %v, printed %d", id, res[0], *d.AC)
		}
		if d.Touch != nil && int(res[1].(lua.LNumber)) != *d.Touch && !strings.Contains(un, "touch AC") {
			t.Errorf("%s: touch AC %v, printed %d, not listed as unmodelled", id, res[1], *d.Touch)
		}
		if d.Flat != nil && int(res[2].(lua.LNumber)) != *d.Flat && !strings.Contains(un, "flat-footed AC") {
			t.Errorf("%s: flat-footed AC %v, printed %d, not listed as unmodelled", id, res[2], *d.Flat)
		}
		sb := v.(*lua.LTable)
		if num(sb, "hp") != float64(d.HP) || (d.Will != nil && num(sb, "abilities", "will") != float64(*d.Will)) {
			t.Errorf("%s: hp %v will %v", id, num(sb, "hp"), num(sb, "abilities", "will"))
		}
	}
	if n != 538 {
		t.Errorf("%d monsters checked, want 538", n)
	}
}
