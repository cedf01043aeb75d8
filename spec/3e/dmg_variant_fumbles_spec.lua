-- ruleset: 3e
-- variants: 3e.fumbles
-- DMG-ATK-08 (variant), TV-19 and A-15: a natural 1 calls for a Dex check
-- DC 10; a failure is a fumble: the attacker loses its next turn (keeping
-- its AC). The same strikes without the variant are in
-- dmg_variants_off_spec.lua.
-- covers: DMG-ATK-08
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")

local OPEN = { "......", "......", "......" }

local function duel()
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 12 },
    weapons = { { name = "Sword", damage = "1d8" } } }
  local d = S.build{ id = "d", hp = 60, abilities = { str = 10, dex = 10 }, weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "d", side = "d", at = { 3, 2 }, stat = d } },
    { acted = true })
  return all.a, all.d
end

test("TV-19: a natural 1, then Dex 8 + 1 = 9 < 10: a fumble, the next turn lost", function()
  local a, d = duel()
  dice.force{ 1, 8 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.hit, a:has("recovering") }, { false, true })
  fight.next() -- d's turn
  fight.next() -- a's next turn: lost
  eq(a:has("recovering"), false, "recovered at the start of the lost turn")
end)

test("TV-19: Dex 9 + 1 = 10: no fumble, just a miss; a natural 2 calls for no check", function()
  local a, d = duel()
  dice.force{ 1, 9 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.hit, a:has("recovering") }, { false, false })
  dice.force{ 2 }
  r = fight.strike(a, d, "Sword")
  eq({ r.hit, a:has("recovering") }, { false, false })
end)

test("in a fight that plays itself, the fumbler loses its next turn", function()
  local a = S.build{ id = "a", hp = 30, init = 30, abilities = { str = 10, dex = 12 }, weapons = { { name = "Sword", damage = "1d8" } } }
  local d = S.build{ id = "d", hp = 60, abilities = { str = 10, dex = 10 }, ac = { armor = 30 }, weapons = { { name = "Club", damage = "1d6" } } }
  a.init = 30
  -- initiative a then d; round 1: a rolls 1 and fumbles (Dex 3 + 1), d
  -- misses (2); round 2: a loses its turn, d misses (2)
  dice.force{ 10, 10, 1, 3, 2, 2 }
  local r = fight.run(fight.encounter{ map = { rows = { "....", ".12.", "...." } },
    sides = { { name = "a", members = { { stat = a } } }, { name = "d", members = { { stat = d } } } }, max_rounds = 2 },
    { trace = true })
  local log = table.concat(r.log, "\n")
  matches(log, "a fumbles and spends its next turn recovering")
  matches(log, "a recovers from its fumble")
  local n = 0
  for _ in string.gmatch(log, "\na attacks d") do n = n + 1 end
  eq(n, 1, "one attack by a in two rounds:\n" .. log)
end)
