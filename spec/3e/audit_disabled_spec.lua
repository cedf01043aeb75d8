-- ruleset: 3e
-- Audit of the disabled caster (inventory 3E-HP-05, §20 B-05), written
-- from the inventory alone: casting a spell is strenuous: a caster at 0 hp
-- takes 1 damage right after it (dying at -1), unless the spell raised its
-- hit points (a cure on itself).
-- covers: 3E-HP-05
local S = require("core.3e.statblock")
local wizard = require("core.3e.classes.wizard")
local cleric = require("core.3e.classes.cleric")

-- 75 ft away at speed 20: it cannot reach the caster in round 1
local function foe()
  return S.build{ id = "orc", hp = 60, speed = 20, bab = 0, abilities = { str = 10 }, ac = { armor = 30 },
    weapons = { { name = "Axe", damage = "1d2" } } }
end

local function find(r, id)
  for _, f in ipairs(r.fighters) do if f.id == id then return f end end
end

test("audit B-05: a disabled wizard casting magic missile drops to -1 right after it", function()
  local m = wizard.build{ id = "mialee", level = 1, hp = 0, max_hp = 6, init = 40, abilities = { dex = 16, con = 10, int = 17 },
    spells = { "magic_missile" }, weapons = { { name = "Dagger", damage = "1d4" } } }
  local r = fight.run(fight.encounter{
    map = { rows = { "..................", ".1..............2.", ".................." } },
    sides = { { name = "party", members = { { stat = m } } }, { name = "foes", members = { { stat = foe() } } } },
    max_rounds = 1 }, { trace = true })
  local log = table.concat(r.log, "\n")
  ok(string.find(log, "mialee casts magic missile", 1, true), "it cast the spell")
  eq({ find(r, "mialee").hp, find(r, "mialee").out }, { -1, true })
end)

test("audit B-05: a disabled cleric who cures itself is not strained", function()
  local j = cleric.build{ id = "jozan", level = 1, hp = 0, max_hp = 9, init = 40, abilities = { wis = 15, cha = 13 },
    weapons = { { name = "Heavy mace", damage = "1d8" } } }
  local r = fight.run(fight.encounter{
    map = { rows = { "..................", ".1..............2.", ".................." } },
    sides = { { name = "party", members = { { stat = j } } }, { name = "foes", members = { { stat = foe() } } } },
    max_rounds = 1 }, { trace = true })
  local log = table.concat(r.log, "\n")
  ok(string.find(log, "jozan casts", 1, true), "it cured itself")
  ok(find(r, "jozan").hp >= 1, "its hit points rose: no strain")
end)
