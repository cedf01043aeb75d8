-- ruleset: 3e
-- Attacks of opportunity on the battle map (inventory §4): threatened
-- squares, leaving them provokes, the move-only turn's safe start square
-- (EX-09), the 5-foot step, one a round (EX-10), Combat Reflexes, none by
-- the flat-footed nor against half cover, greater reach, tiny creatures,
-- the readied attack apart from the budget.
-- covers: 3E-AOO-01 3E-AOO-02 3E-AOO-03 3E-AOO-04 3E-AOO-05 3E-AOO-06 3E-AOO-07 3E-AOO-08 3E-AOO-09
-- covers: 3E-AOO-10 3E-AOO-11 3E-COVER-04 3E-POS-06 3E-POS-08 3E-MOVE-09 3E-INIT-04
local S = require("core.3e.statblock")

local function guard(id, extra)
  local t = { id = id, hp = 30, bab = 2, abilities = { str = 14, dex = 12 }, ac = { armor = 4 },
    weapons = { { name = "Sword", damage = "1d8" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local arena0 = require("core.3e.arena")

-- arena: everyone has acted (not flat-footed) unless keep_flat.
local function arena(rows, list, keep_flat)
  return arena0(rows, list, { acted = not keep_flat })
end

local OPEN = { ".........", ".........", ".........", ".........", "........." }

local function ids(list)
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c:get("id") end
  table.sort(out)
  return table.concat(out, " ")
end

test("leaving a threatened square provokes; moving within it provokes too; entering does not", function()
  local all = arena(OPEN, { { id = "tordek", side = "party", at = { 4, 2 }, stat = guard("tordek") },
    { id = "orc", side = "orcs", at = { 6, 2 }, stat = guard("orc") } })
  -- entering: from (6,2) to (5,2), adjacent now
  local r = fight.move(all.orc, { 5, 2 }, { path = { { 5, 2 } } })
  eq(ids(r.opportunity), "", "entering a threatened square provokes nothing (B-02)")
  -- moving from one threatened square to another: (5,2) -> (5,3)
  dice.force{ 1 }
  r = fight.move(all.orc, { 5, 3 }, { path = { { 5, 3 } } })
  eq(ids(r.opportunity), "tordek", "leaving a threatened square provokes")
  eq(fight.remaining(all.tordek, "aoo"), 0, "one attack of opportunity a round")
  r = fight.move(all.orc, { 6, 4 }, { path = { { 6, 4 } } })
  eq(ids(r.opportunity), "", "its one for the round is spent")
end)

test("EX-09: a double move from between two foes: the start square is safe, the next is not", function()
  -- Tordek (3,2) and Lidda (4,2) side by side; the orc starts at (3,3),
  -- next to both, and double-moves along their front to (6,3)
  local all = arena(OPEN, { { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") },
    { id = "lidda", side = "party", at = { 4, 2 }, stat = guard("lidda") },
    { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") } })
  dice.force{ 1 } -- Tordek's attack misses
  local r = fight.move(all.orc, { 0, 3 }, { path = { { 2, 3 }, { 1, 3 }, { 0, 3 } }, safe_start = true, budget = 30 })
  eq(ids(r.opportunity), "tordek", "moving away from Tordek: leaving (2,3), next to him only, provokes him only")
  -- around the outside of both: from (2,2) west of Tordek, over the top
  all = arena(OPEN, { { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") },
    { id = "lidda", side = "party", at = { 4, 2 }, stat = guard("lidda") },
    { id = "orc", side = "orcs", at = { 2, 2 }, stat = guard("orc") } })
  dice.force{ 1, 1 }
  r = fight.move(all.orc, { 5, 1 }, { path = { { 3, 1 }, { 4, 1 }, { 5, 1 } }, safe_start = true, budget = 30 })
  eq(ids(r.opportunity), "lidda tordek", "squares both threaten: both get one")
end)

test("without the move-only rule, leaving the start square provokes", function()
  local all = arena(OPEN, { { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") },
    { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") } })
  dice.force{ 1 }
  local r = fight.move(all.orc, { 3, 4 }, { path = { { 3, 4 } } })
  eq(ids(r.opportunity), "tordek")
end)

test("a 5-foot step provokes nothing", function()
  local all = arena(OPEN, { { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") },
    { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") } })
  local r = rules.need("3e.turn").step_on(all.orc, { 4, 3 })
  eq(r.cost, 5)
  eq(ids(r.opportunity), "")
  fails(function() rules.need("3e.turn").step_on(all.orc, { 6, 3 }) end, "5-foot step")
end)

test("an attack of opportunity uses the full normal attack bonus, resolves first, and one beyond the budget is refused", function()
  local s = guard("fighter", { bab = 6 }) -- +8/+3: the opportunity attack is at +8
  local all = arena(OPEN, { { id = "fighter", side = "party", at = { 3, 2 }, stat = s },
    { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc", { hp = 5 }) } })
  dice.force{ 9, 8 } -- 9 + 8 = 17 hits AC 15; 8 + 2 = 10 damage drops the orc
  local r = fight.move(all.orc, { 3, 4 }, { path = { { 3, 4 }, { 3, 5 } } })
  eq(ids(r.opportunity), "fighter")
  eq(r.stopped, "down", "the attack came before the step: the orc never left")
  eq(fight.pos(all.orc), { x = 3, y = 3 })
  local okv, why = fight.opportunity(all.fighter, all.orc)
  eq(okv, false)
  matches(why, "no aoo left")
end)

test("Combat Reflexes: more a round (1 + Dex modifier), still one per opportunity", function()
  local s = guard("fighter", { feats = { "combat_reflexes" }, abilities = { str = 14, dex = 14 } })
  eq(s.slots, { aoo = 3 })
  local all = arena(OPEN, { { id = "fighter", side = "party", at = { 3, 2 }, stat = s },
    { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") },
    { id = "orc2", side = "orcs", at = { 2, 3 }, stat = guard("orc2") } })
  dice.force{ 1, 1 }
  -- the orc leaves two squares the fighter threatens in one move: one attack
  local r = fight.move(all.orc, { 5, 3 }, { path = { { 4, 3 }, { 5, 3 } } })
  eq(ids(r.opportunity), "fighter")
  eq(fight.remaining(all.fighter, "aoo"), 2)
  r = fight.move(all.orc2, { 2, 4 }, { path = { { 2, 4 } } })
  eq(ids(r.opportunity), "fighter", "a second opportunity, a second attack")
  eq(fight.remaining(all.fighter, "aoo"), 1)
end)

test("a flat-footed creature makes no attack of opportunity (3E-INIT-04)", function()
  local all = arena(OPEN, { { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") },
    { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") } }, true)
  eq(all.tordek:has("flat_footed"), false, "Tordek's turn came first: no longer flat-footed")
  ok(all.orc:has("flat_footed"), "the orc has not acted yet")
  local okv, why = fight.opportunity(all.orc, all.tordek)
  eq(okv, false)
  eq(why, "flat_footed")
  local r = fight.move(all.tordek, { 3, 1 }, { path = { { 3, 1 } } })
  eq(ids(r.opportunity), "")
end)

test("no attack of opportunity against a target with half cover or better", function()
  local rows = { ".........", "..=......", "........." }
  local all = arena(rows, { { id = "tordek", side = "party", at = { 1, 1 }, stat = guard("tordek", { weapons = {
    { name = "Longspear", damage = "1d8", reach = true } } }) },
    { id = "orc", side = "orcs", at = { 3, 1 }, stat = guard("orc") } })
  eq(fight.cover(all.orc, all.tordek), "half")
  local okv, why = fight.opportunity(all.tordek, all.orc)
  eq(okv, false)
  eq(why, "cover")
end)

test("greater reach: approaching a reach creature provokes; a 5-foot step in does not", function()
  local ogre = S.build{ id = "ogre", size = "large", hp = 30, bab = 3, abilities = { str = 21 },
    weapons = { { name = "Greatclub", damage = "2d6", two_handed = true } } }
  eq(ogre.attacks[1].reach, 10, "Large (tall): reach 10 ft (Table 8-7)")
  local all = arena(OPEN, { { id = "ogre", side = "ogres", at = { 2, 2 }, stat = ogre },
    { id = "tordek", side = "party", at = { 6, 2 }, stat = guard("tordek") } })
  dice.force{ 1 }
  local r = fight.move(all.tordek, { 3, 2 }, { path = { { 5, 2 }, { 4, 2 }, { 3, 2 } } })
  eq(ids(r.opportunity), "ogre", "(4,2) is within the ogre's 10 ft; leaving it provokes (3E-POS-06)")
  all = arena(OPEN, { { id = "ogre", side = "ogres", at = { 2, 2 }, stat = ogre },
    { id = "tordek", side = "party", at = { 4, 2 }, stat = guard("tordek") } })
  r = rules.need("3e.turn").step_on(all.tordek, { 3, 2 })
  eq(ids(r.opportunity), "")
end)

test("tiny creatures threaten nothing and must enter a square to attack; others pass through them", function()
  local cat = S.build{ id = "cat", size = "tiny", hp = 2, abilities = { dex = 15 }, natural = {
    { name = "Claw", damage = "1d2" } } }
  eq(cat.attacks[1].reach, 0, "reach 0 (Table 8-7)")
  eq(cat.space.shared, true)
  local all = arena(OPEN, { { id = "cat", side = "cats", at = { 3, 2 }, stat = cat },
    { id = "tordek", side = "party", at = { 4, 2 }, stat = guard("tordek") } })
  eq(fight.reaches(all.cat, all.tordek, "Claw"), false, "reach 0: it must enter the square")
  local r = fight.move(all.tordek, { 2, 2 }, { path = { { 3, 2 }, { 2, 2 } } })
  eq(r.cost, 10, "through the cat's square (3E-MOVE-09)")
  eq(ids(r.opportunity), "", "it threatens nothing")
  dice.force{ 1 }
  r = fight.move(all.cat, { 2, 2 }, { path = { { 2, 2 } } })
  eq(ids(r.opportunity), "tordek", "entering his square to attack: it leaves a square he threatens")
end)

test("EX-10: the ogre's readied attack and its attack of opportunity both; Lidda later gets past", function()
  local ogre = S.build{ id = "ogre", size = "large", hp = 30, bab = 3, abilities = { str = 21 },
    weapons = { { name = "Greatclub", damage = "2d6", two_handed = true } } }
  local all = arena(OPEN, { { id = "ogre", side = "ogres", at = { 3, 1 }, stat = ogre },
    { id = "tordek", side = "party", at = { 0, 2 }, stat = guard("tordek") },
    { id = "lidda", side = "party", at = { 0, 3 }, stat = guard("lidda") } })
  -- Tordek steps into the ogre's reach: its readied attack (a strike)
  local r = fight.move(all.tordek, { 1, 2 }, { path = { { 1, 2 } } })
  eq(ids(r.opportunity), "")
  dice.force{ 2 }
  local readied = fight.strike(all.ogre, all.tordek, "Greatclub")
  eq(readied.refused, nil)
  eq(readied.hit, false)
  -- he moves on past it: the attack of opportunity too
  dice.force{ 2 }
  r = fight.move(all.tordek, { 7, 2 }, { path = { { 2, 3 }, { 3, 3 }, { 4, 3 }, { 5, 3 }, { 6, 2 } }, budget = 60 })
  eq(ids(r.opportunity), "ogre", "the readied attack did not spend the opportunity attack")
  r = fight.move(all.lidda, { 7, 4 }, { path = { { 1, 4 }, { 2, 4 }, { 3, 4 }, { 4, 4 }, { 5, 4 }, { 6, 4 } }, budget = 60 })
  eq(ids(r.opportunity), "", "the ogre's one attack of opportunity is used")
end)
