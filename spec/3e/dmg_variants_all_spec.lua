-- ruleset: 3e
-- variants: 3e.surprise_round, 3e.initiative_every_round, 3e.no_auto_hits, 3e.defense_roll, 3e.instant_kill
-- variants: 3e.fumbles, 3e.stray_missiles, 3e.clobbered, 3e.massive_by_size, 3e.specific_areas
-- Every DMG variant of part A at once (none conflicts with another): their
-- rules meet on the same attacks, and a fight plays to its end under all
-- of them. (bindings/engine/variants_test.go also plays a fight under
-- every compatible variant the 3e manifest lists.)
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")

local OPEN = { "......", "......", "......" }

local function duel(bonus, ac, hp)
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 12 },
    weapons = { { name = "Sword", damage = "1d8", crit = "19-20/x2" } } }
  a.attacks[1].bonus = bonus
  local d = S.build{ id = "d", hp = hp or 60, abilities = { str = 10, dex = 10 }, ac = { armor = ac - 10 },
    weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "d", side = "d", at = { 3, 2 }, stat = d } },
    { acted = true })
  return all.a, all.d
end

test("the defense roll, no automatic hits and instant kill on one attack", function()
  -- defense 10 + 8 = 18; attack 20 counts 30 + 12 = 42; confirm 20: 42;
  -- the instant-kill roll 1 counts -10 + 12 = 2 < 18: no kill
  local a, d = duel(12, 18)
  dice.force{ 10, 20, 20, 1, 3, 4 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.needed, r.total, r.crit, fight.is(d, "dead") }, { 18, 42, true, false })
  -- the same with the third roll 8: 20 >= 18: dead
  a, d = duel(12, 18)
  dice.force{ 10, 20, 20, 8, 3, 4 }
  fight.strike(a, d, "Sword")
  eq(fight.is(d, "dead"), true)
end)

test("a natural 1 against a low defense roll hits under no_auto_hits, and calls for the fumble check all the same", function()
  -- defense 1 + 0 = 1 (AC 10); 1 counts -10 + 12 = 2 >= 1: a hit; the
  -- natural 1 asks the Dex check: 2 + 1 = 3 < 10, a fumble; 8 damage of
  -- 12 hp clobbers
  local a, d = duel(12, 10, 12)
  dice.force{ 1, 1, 2, 8 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.hit, r.damage, a:has("recovering"), d:has("clobbered") }, { true, 8, true, true })
end)

test("a fight plays to its end under every variant", function()
  local f = S.build{ id = "fighter", hp = 30, bab = 4, abilities = { str = 16, dex = 12, con = 14 }, ac = { armor = 6 },
    saves = { fort = 4 }, weapons = { { name = "Longsword", damage = "1d8", crit = "19-20/x2" } } }
  local o = S.build{ id = "ogre", size = "large", hp = 26, bab = 3, abilities = { str = 21, dex = 8, con = 15 },
    saves = { fort = 6 }, ac = { armor = 3, natural = 5 }, weapons = { { name = "Greatclub", damage = "2d6", two_handed = true } } }
  dice.force({}, { mixed = true })
  local r = fight.run(fight.encounter{ map = { rows = { "......", ".1..2.", "......" } },
    sides = { { name = "f", members = { { stat = f } } }, { name = "o", members = { { stat = o } } } }, max_rounds = 30 },
    { trace = true })
  ok(r.winner ~= nil and r.rounds >= 1, "a winner")
  matches(r.log[1], "round 0", "the surprise round first")
end)
