-- ruleset: 3e
-- The condition summary's entries that restate a special ability
-- (DMG-COND-03 ability drained, -15 energy drained, -25 incorporeal),
-- checked against the one implementation each has: the special-abilities
-- library (monsters/abilities) and the 3.0 damage pipeline.
-- covers: DMG-COND-03 DMG-COND-15 DMG-COND-25
local S = require("core.3e.statblock")
local AD = require("monsters.abilities.ability_damage")
local ED = require("monsters.abilities.energy_drain")
local INC = require("monsters.abilities.incorporeal")
local D = require("core.3e.damage")
local saves = require("core.3e.saves")

test("DMG-COND-03: drained is permanent (rest heals none of it) and a drained 0 has ability damage's effects", function()
  local c = creature.new(S.build{ id = "pc", hp = 20, level = 3, abilities = { str = 6, dex = 12, con = 12 },
    weapons = { { name = "Club", damage = "1d6" } } })
  AD.drain(c, "str", 6)
  eq(c:ability("str"), 0)
  ok(c:has("helpless"), "Str 0 drained: helpless, as Str 0 damaged")
  AD.heal_day(c, true)
  AD.heal_day(c, true)
  eq({ c:ability("str"), AD.drain_of(c, "str") }, { 0, 6 }, "complete rest restores no drain")
end)

test("DMG-COND-15: negative levels stack, each -1 on saves; as many as the Hit Dice kill", function()
  local c = creature.new(S.build{ id = "orc", hp = 12, hd = 3, abilities = { str = 12 }, saves = { fort = 3 },
    weapons = { { name = "Axe", damage = "1d8" } } })
  eq(ED.drain(c, 1, { dc = 12 }), 1)
  eq(ED.drain(c, 1, { dc = 12 }), 2, "they stack")
  eq(ED.penalty(c), -2)
  dice.force{ 10 }
  local _, sv = saves.roll(c, "fort", 10)
  eq(sv.total, 10 + 3 - 2, "the save takes -1 a negative level")
  eq(ED.drain(c, 1, { dc = 12 }), "dead", "three negative levels on 3 HD")
end)

test("DMG-COND-25: only magic, other incorporeal creatures, spells and force harm it; an incorporeal foe's blow is whole", function()
  local stat = { id = "ghost", hp = 30, hd = 5, natural = { { name = "Touch", damage = "1d6" } } }
  INC.apply(stat)
  local other = { id = "shade", hp = 20, hd = 4, natural = { { name = "Touch", damage = "1d4" } } }
  INC.apply(other)
  fight.table()
  local g = fight.add(S.build(stat), { side = "foes" })[1]
  local sh = fight.add(S.build(other), { side = "party" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  eq(D.apply(g, { amount = 7, type = "slashing", weapon = {} }).ignored, "non-magical")
  -- no d% for an incorporeal source: strict dice would fail on a draw
  local r = D.apply(g, { amount = 6, type = "bludgeoning", weapon = { incorporeal = true }, source = sh })
  eq({ r.amount, r.ignored }, { 6, nil })
  eq(g:get("hp"), 24)
end)
