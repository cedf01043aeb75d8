-- ruleset: 3e
-- variants: 3e.clobbered
-- DMG-DAM-02 (variant), TV-22 and A-16: one hit of at least half the hit
-- points it found (2 x damage >= hp before) clobbers: a partial action on
-- the creature's next turn, then normal. The same hits without the variant
-- are in dmg_variants_off_spec.lua.
-- covers: DMG-DAM-02
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")
local turn = require("core.3e.turn")

local OPEN = { "......", "......", "......" }

local function two(hp)
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 10 }, weapons = { { name = "Sword", damage = "1d8" } } }
  local b = S.build{ id = "b", hp = hp, abilities = { str = 10, dex = 10 }, weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "b", side = "b", at = { 3, 2 }, stat = b } },
    { acted = true })
  return all.a, all.b
end

test("TV-22: at 30 hp a 15-point hit clobbers, a 14-point hit does not", function()
  local a, b = two(30)
  fight.damage(b, 15, "slashing", a)
  eq({ b:get("hp"), b:has("clobbered"), turn.limited(b) }, { 15, true, true })
  a, b = two(30)
  fight.damage(b, 14, "slashing", a)
  eq({ b:get("hp"), b:has("clobbered"), turn.limited(b) }, { 16, false, false })
end)

test("TV-22: at 7 hp a 4-point hit (2 x 4 = 8 >= 7) clobbers; subdual damage counts", function()
  local a, b = two(30)
  fight.damage(b, 23, "slashing", a)
  b:remove_condition("clobbered")
  eq(b:get("hp"), 7)
  fight.damage(b, 4, "slashing", a)
  eq(b:has("clobbered"), true)
  a, b = two(30)
  fight.damage(b, 15, "bludgeoning", a, { nonlethal = true })
  eq({ b:get("hp"), b:has("clobbered") }, { 30, true }, "15 subdual at 30 hp")
end)

test("a strike clobbers; the partial action lasts the creature's next turn only", function()
  local a, b = two(12)
  dice.force{ 15, 6 }
  local r = fight.strike(a, b, "Sword")
  eq({ r.damage, b:has("clobbered") }, { 6, true }, "6 of 12")
  fight.next() -- b's turn: clobbered
  eq({ b:has("clobbered"), turn.limited(b) }, { true, true })
  fight.next() -- a's turn: b's turn is over
  eq(b:has("clobbered"), false)
end)
