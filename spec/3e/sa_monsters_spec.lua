-- ruleset: 3e
-- The 3.0 monsters that use the special-abilities library (scripts/
-- monsters/3e: gargoyle, wight, shadow, monstrous spider; the encounter
-- examples/3e/haunted_crypt.lua).
-- covers: DMG-SA-14 DMG-SA-18 DMG-SA-26 DMG-SA-30 DMG-SA-06
local S = require("core.3e.statblock")

local function tordek(weapons)
  return S.build{ id = "tordek", hp = 40, level = 5, bab = 5, abilities = { str = 15, con = 16 }, saves = { fort = 4 },
    weapons = weapons or { { name = "Waraxe", damage = "1d10" } } }
end

local function table_fight(list)
  fight.table()
  local out, faces = {}, {}
  for i, x in ipairs(list) do
    out[i] = fight.add(x[1], { side = x[2] })[1]
    faces[#faces + 1] = 21 - i
  end
  dice.force(faces)
  fight.begin()
  return unpack(out)
end

test("the gargoyle's DR 15/+1: a mundane axe's 12 is nothing, a +1 axe's whole", function()
  local g, t = table_fight{ { "gargoyle", "foes" }, { tordek{ { name = "Waraxe", damage = "1d10" },
    { name = "Waraxe +1", damage = "1d10", enhancement = 1 } }, "party" } }
  dice.force{ 18, 10 }
  fight.strike(t, g, "Waraxe")
  eq(g:get("hp"), 22)
  dice.force{ 18, 9 }
  fight.strike(t, g, "Waraxe +1")
  eq(g:get("hp"), 22 - 12)
end)

test("the wight's slam drains a level and gives it 5 temporary hit points; the shadow's touch passes mundane blows", function()
  local w, s, t = table_fight{ { "wight", "foes" }, { "shadow", "foes" }, { tordek(), "party" } }
  dice.force{ 19, 2 }
  fight.strike(w, t, "Slam")
  eq({ t:level("negative_level"), w:get("hp") }, { 1, 31 })
  -- the shadow: incorporeal touch (armour ignored), 1d2 and 1d6 Str
  dice.force{ 12, 1, 4 }
  fight.strike(s, t, "Touch")
  eq(t:ability("str"), 11)
  dice.force{ 19, 10 }
  fight.strike(t, s, "Waraxe")
  eq(s:get("hp"), 19, "a mundane waraxe passes through")
  eq(require("monsters.abilities.effects").turning_hd(s), 5)
end)

test("the monstrous spider's bite poisons (Fort DC 14, 1d4 Str); it is immune to its own venom", function()
  local sp, t = table_fight{ { "monstrous_spider", "foes" }, { tordek(), "party" } }
  -- bite 15 hits; 1d6 3; Fort d20 2 + 7 fails; 1d4 = 2 Str
  dice.force{ 15, 3, 2, 2 }
  fight.strike(sp, t, "Bite")
  eq(t:ability("str"), 13)
  local P = require("monsters.abilities.poison")
  eq({ P.immune(sp, P.get("medium_spider")), P.immune(t, P.get("medium_spider")) }, { true, false })
end)
