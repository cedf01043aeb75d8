-- ruleset: 3e
-- variants: 3e.surprise_round
-- DMG-INIT-07 (variant) and A-10: the first round of every combat is a
-- surprise round: with everyone aware, partial actions for everybody; the
-- unaware still do not act. The same encounters without the variant are
-- in dmg_variants_off_spec.lua.
-- covers: DMG-INIT-07
local I = require("core.3e.initiative")
local S = require("core.3e.statblock")

local function mk(id, dex)
  return creature.new{ id = id, hp = 10, abilities = { dex = dex } }
end

test("everyone aware: round 0 is a surprise round of one partial action each, then round 1", function()
  local enc = I.new{ mk("archer", 18), mk("orc", 10) }
  dice.force{ 15, 5 }
  enc:begin()
  eq({ enc:round(), enc:in_surprise() }, { 0, true })
  eq({ enc:remaining("archer", "partial"), enc:remaining("archer", "standard") }, { 1, 0 },
    "the archer's full attack waits for round 1")
  enc:next_turn() enc:next_turn()
  eq(enc:round(), 1)
  eq(enc:remaining("archer", "standard"), 1)
end)

test("the unaware still do not act in it", function()
  local enc = I.new{ mk("archer", 18), { c = mk("orc", 10), aware = false } }
  dice.force{ 15 }
  enc:begin()
  eq({ enc:round(), enc:can_act("orc") }, { 0, false })
end)

test("in a fight that plays itself, round 0 gives each one attack, not the full attack", function()
  -- a fighter with BAB +6 has +6/+1; in the surprise round one attack
  local f = S.build{ id = "f", hp = 40, bab = 6, abilities = { str = 10, dex = 10 }, weapons = { { name = "Sword", damage = "1d8" } } }
  local o = S.build{ id = "o", hp = 40, abilities = { str = 10, dex = 10 }, ac = { armor = 30 }, weapons = { { name = "Club", damage = "1d6" } } }
  f.init = 30
  dice.force{ 10, 10, 2, 2, 2, 2, 2 }
  local r = fight.run(fight.encounter{ map = { rows = { "....", ".12.", "...." } },
    sides = { { name = "f", members = { { stat = f } } }, { name = "o", members = { { stat = o } } } }, max_rounds = 1 },
    { trace = true })
  local log = table.concat(r.log, "\n")
  local n = 0
  for _ in string.gmatch(log, "f attacks o") do n = n + 1 end
  eq(n, 3, "1 in the surprise round, 2 in round 1:\n" .. log)
end)
