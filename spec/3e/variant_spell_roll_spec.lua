-- ruleset: 3e
-- variants: 3e.spell_roll
-- covers: DMG-MAG-05
local S = require("core.3e.statblock")
local magic = require("core.3e.magic")

test("TV-74: the DC is d20 7 + 3 + 3 = 13 for every target of one casting (off: 16, dmg_magic_spec)", function()
  dice.force{ 7 }
  eq(magic.spell_dc(3, 3), 13)
  fight.table()
  local m = fight.add(S.build{ id = "mialee", hp = 6, level = 1, abilities = { int = 15 }, tags = { "wizard" },
    weapons = { { name = "Dagger", damage = "1d4" } } }, { side = "party" })[1]
  local g = {}
  for i = 1, 2 do
    g[i] = fight.add(S.build{ id = "g" .. i, hp = 5, level = 1, natural = { { name = "Bite", damage = "1d4" } } }, { side = "foes" })[1]
  end
  dice.force{ 20, 19, 18 }
  fight.begin()
  -- 2d4 = 2 + 2; the DC once: d20 3 + 1 + 2 = 6; saves 5 (fails) and 6 (saves): a fixed DC 13 would take both
  dice.force{ 2, 2, 3, 5, 6 }
  eq(magic.sleep(m, magic.spell.sleep, { { c = g[1] }, { c = g[2] } }), { "g1" })
  magic.rolled_dc = "targeted"
  eq(magic.spell_dc(1, 2, magic.spell.sleep), 13, "A-53's setting: an area spell keeps 10 (no die)")
  magic.rolled_dc = true
end)
