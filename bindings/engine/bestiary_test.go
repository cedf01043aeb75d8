package engine_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/scripts"
)

// bestiaryEncounter is the reference fight of every imported monster: a
// level 5 party (fighter, rogue, wizard, cleric) against two of it, so
// that abilities needing an ally (Pack Tactics) and legendary creatures
// in pairs are played too.
const bestiaryEncounter = `
local fight = require("fight")
local pregens = require("core.5e.pregens")
return fight.encounter{
  max_rounds = 30,
  sides = {
    { name = "party", members = { { stat = pregens.fighter(5) }, { stat = pregens.rogue(5) },
      { stat = pregens.wizard(5) }, { stat = pregens.cleric(5) } } },
    { name = "foes", members = { { monster = %q, count = 2 } } },
  },
}`

// bestiaryEncounter3e is the reference fight of every imported 3e
// monster: the four iconic characters at 5th level (core.3e.classes.
// iconics) against one of it, on a 30 by 20 room with room for a
// Colossal creature (the 3e fights play on a map: breath weapons aim).
const bestiaryEncounter3e = `
local fight = require("fight")
local icon = require("core.3e.classes.iconics")
return fight.encounter{
  max_rounds = 30,
  map = { rows = [[
    ################################
    #..............................#
    #..............................#
    #..............................#
    #..............................#
    #..................2222222222..#
    #..................2222222222..#
    #..................2222222222..#
    #..................2222222222..#
    #..11..............2222222222..#
    #..11..............2222222222..#
    #..11..............2222222222..#
    #..11..............2222222222..#
    #..................2222222222..#
    #..................2222222222..#
    #..................2222222222..#
    #..................2222222222..#
    #..............................#
    #..............................#
    #..............................#
    #..............................#
    ################################
  ]] },
  sides = {
    { name = "party", members = icon.party(5) },
    { name = "foes", members = { { monster = %q } } },
  },
}`

// TestEveryImportedMonsterFights plays each imported monster (the
// scripts under monsters/5e/srd/ and monsters/3e/srd/) against its rule
// system's reference party, in parallel (one runtime per worker): no
// trial may end in a script error. go test plays 20 trials of each; CI
// (.ci/run) sets DNDSH_BESTIARY_TRIALS=200, the figure.
func TestEveryImportedMonsterFights(t *testing.T) {
	for _, sys := range []struct {
		name, encounter string
		least           int
	}{{"5e", bestiaryEncounter, 300}, {"3e", bestiaryEncounter3e, 500}} {
		t.Run(sys.name, func(t *testing.T) { everyMonsterFights(t, sys.name, sys.encounter, sys.least) })
	}
}

func everyMonsterFights(t *testing.T, system, encounter string, least int) {
	files, err := fs.Glob(scripts.FS, "monsters/"+system+"/srd/*.lua")
	if err != nil || len(files) < least {
		t.Fatalf("want the imported monsters under monsters/%s/srd, found %d (%v)", system, len(files), err)
	}
	trials := 20
	if v := os.Getenv("DNDSH_BESTIARY_TRIALS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("DNDSH_BESTIARY_TRIALS=%q: want a number of trials", v)
		}
		trials = n
	}
	cache := luart.NewCache()
	ids := make(chan string)
	var mu sync.Mutex
	var failures []string
	played := 0
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := engine.New(context.Background(), engine.Options{Ruleset: system, Seed: 1, Cache: cache})
			if err != nil {
				mu.Lock()
				failures = append(failures, "engine: "+err.Error())
				mu.Unlock()
				for range ids {
				}
				return
			}
			defer e.Close()
			for id := range ids {
				n, msg := playMonster(e, encounter, id, trials)
				mu.Lock()
				played += n
				if msg != "" {
					failures = append(failures, msg)
				}
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		ids <- strings.TrimSuffix(path.Base(f), ".lua")
	}
	close(ids)
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	if want := len(files) * trials; played != want && len(failures) == 0 {
		t.Errorf("played %d trials, want %d", played, want)
	}
}

// playMonster plays trials fights of the reference encounter against the
// imported monster id in the runtime of e; it returns the trials played
// and the first failure, naming the monster, the trial and the error.
func playMonster(e *engine.Engine, encounter, id string, trials int) (int, string) {
	ctx := context.Background()
	// the imported script itself, not a hand-written one of the same id
	src := fmt.Sprintf(encounter, "srd/"+id)
	f, err := fightmod.LoadEncounter(ctx, e.Rules, "bestiary/"+id+".lua", []byte(src))
	if err != nil {
		return 0, fmt.Sprintf("%s: %v", id, err)
	}
	for i := 0; i < trials; i++ {
		e.R.Src.Reset(1, uint64(i))
		leave := e.R.Enter(ctx)
		_, err := f.Run()
		leave()
		if err != nil {
			return i, fmt.Sprintf("%s: trial %d (seed 1): %v", id, i, err)
		}
	}
	return trials, ""
}

// TestImportedMonstersLoadLazily: start-up loads no imported monster: a
// script under monsters/5e/srd/ that fails when run does not stop a 5e
// runtime from starting, and fails only when the monster is asked for.
func TestImportedMonstersLoadLazily(t *testing.T) {
	trap := fstest.MapFS{"monsters/5e/srd/zz_trap.lua": {Data: []byte(`error("an imported monster was loaded")`)}}
	ctx := context.Background()
	e, err := engine.New(ctx, engine.Options{Ruleset: "5e", Seed: 1, UserRoots: []luart.Root{engine.DirRoot("trap", trap)}})
	if err != nil {
		t.Fatalf("start-up ran an imported monster: %v", err)
	}
	defer e.Close()
	if _, err := e.Rules.LoadMonster(ctx, "5e", "zz_trap"); err == nil || !strings.Contains(err.Error(), "an imported monster was loaded") {
		t.Fatalf("the trap monster did not run when asked for: %v", err)
	}
	if p, ok := e.Rules.MonsterPath("5e", "Adult Red Dragon"); !ok || p != "monsters/5e/srd/adult_red_dragon.lua" {
		t.Errorf("by name: %s %v", p, ok)
	}
	if p, _ := e.Rules.MonsterPath("5e", "troll"); p != "monsters/5e/troll.lua" {
		t.Errorf("the hand-written troll should win: %s", p)
	}
	if p, _ := e.Rules.MonsterPath("5e", "srd/troll"); p != "monsters/5e/srd/troll.lua" {
		t.Errorf("srd/troll: %s", p)
	}
	if _, ok := e.Rules.MonsterPath("5e", "srd/../troll"); ok {
		t.Error("a path outside srd/ was accepted")
	}
}

// TestDMGLibrariesLoadLazily: start-up runs none of the library files a
// manifest leaves out of its start list: a trap over one of them (e.g.
// core/3e/weather.lua) does not stop the runtime from starting, and runs
// only when a script requires it.
func TestDMGLibrariesLoadLazily(t *testing.T) {
	ctx := context.Background()
	lazy := map[string][]string{
		"3e": {"weather", "grid", "flight", "checks", "magic_dmg", "encounter", "adjudicate"},
		"1e": {"pursuit", "psionics"},
	}
	for sys, names := range lazy {
		for _, name := range names {
			p := "core/" + sys + "/" + name + ".lua"
			trap := fstest.MapFS{p: {Data: []byte(`error("a lazy library was loaded")`)}}
			e, err := engine.New(ctx, engine.Options{Ruleset: sys, Seed: 1, UserRoots: []luart.Root{engine.DirRoot("trap", trap)}})
			if err != nil {
				t.Fatalf("start-up ran %s: %v", p, err)
			}
			if _, err := e.R.DoString(ctx, "lazy", `return require("core.`+sys+`.`+name+`")`, nil); err == nil || !strings.Contains(err.Error(), "a lazy library was loaded") {
				t.Errorf("require of %s did not run the trap: %v", p, err)
			}
			e.Close()
		}
	}
}
