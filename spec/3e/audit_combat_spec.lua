-- ruleset: 3e
-- Audit of the action economy, attacks of opportunity and Armor Class in a
-- table fight (inventory §§3, 4, 7, 13 and §20's B-01..B-03, B-11, B-12),
-- written from the inventory alone: when the opportunity budget comes back,
-- a second opportunity without Combat Reflexes, Combat Reflexes with no
-- Dex bonus, how long the charge's -2 AC and fighting defensively last,
-- total defense against the opportunity attacks its mover draws, dodge
-- bonuses stacking and lost flat-footed, the 5-foot step's limits.
-- covers: 3E-AOO-03 3E-AOO-04 3E-AOO-05 3E-AOO-06 3E-ATK-16 3E-ATK-17 3E-ACTION-05 3E-ACTION-09
-- covers: 3E-ACTION-16 3E-ACTION-17 3E-AC-10 3E-AC-11 3E-AC-12 3E-HELP-01 3E-MOD-07 3E-CONC-01
local S = require("core.3e.statblock")
local turn = require("core.3e.turn")
local arena = require("core.3e.arena")

local OPEN = { ".........", ".........", ".........", ".........", "........." }

-- AC 10 + armour 4 + Dex 1 = 15; melee +4 (BAB 2, Str 2)
local function guard(id, extra)
  local t = { id = id, hp = 30, bab = 2, abilities = { str = 14, dex = 12 }, ac = { armor = 4 },
    weapons = { { name = "Sword", damage = "1d8" }, { name = "Bow", damage = "1d6", range = 60 } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function n_ids(list) return #list end

test("audit B-03: a spent attack of opportunity comes back at the start of its owner's own turn, not before", function()
  -- the order: orc 20, orc2 19, tordek 18; it is the orc's turn
  local all = arena(OPEN, { { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") },
    { id = "orc2", side = "orcs", at = { 4, 3 }, stat = guard("orc2") },
    { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") } }, { acted = true })
  dice.force{ 1 }
  local r = fight.move(all.orc, { 2, 4 }, { path = { { 2, 4 } } })
  eq(n_ids(r.opportunity), 1)
  eq(fight.remaining(all.tordek, "aoo"), 0)
  fight.next() -- orc2's turn
  eq(fight.remaining(all.tordek, "aoo"), 0, "another creature's turn does not give it back")
  r = fight.move(all.orc2, { 5, 4 }, { path = { { 5, 4 } } })
  eq(n_ids(r.opportunity), 0, "a second opportunity in the round, no Combat Reflexes: none")
  fight.next() -- tordek's turn
  eq(fight.remaining(all.tordek, "aoo"), 1, "his own turn gives it back")
end)

test("audit: Combat Reflexes with no Dex bonus gives no extra attack; the usual one remains", function()
  eq(guard("f", { feats = { "combat_reflexes" }, abilities = { str = 14, dex = 10 } }).slots, { aoo = 1 })
  eq(guard("f", { feats = { "combat_reflexes" }, abilities = { str = 14, dex = 6 } }).slots, { aoo = 1 })
  eq(guard("f", { feats = { "combat_reflexes" }, abilities = { str = 14, dex = 17 } }).slots, { aoo = 4 })
end)

test("audit B-11: the charge's -2 AC lasts through the others' turns and ends at the charger's next turn", function()
  local all = arena(OPEN, { { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") },
    { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") } }, { acted = true })
  local t = turn.start(all.orc)
  ok(t:charge(20))
  eq(fight.assess(all.tordek, all.orc, "Sword").ac, 13, "15 - 2")
  fight.next() -- tordek's turn
  eq(fight.assess(all.tordek, all.orc, "Sword").ac, 13, "still charging on Tordek's turn")
  fight.next() -- a new round: the orc's turn
  eq(fight.assess(all.tordek, all.orc, "Sword").ac, 15, "over at the start of its next turn")
end)

test("audit B-12: fighting defensively: -4 to hit, +2 dodge AC until the fighter's next turn", function()
  local all = arena(OPEN, { { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") },
    { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") } }, { acted = true })
  all.orc:add_condition("fighting_defensively")
  dice.force{ 15, 3 }
  local r = fight.strike(all.orc, all.tordek, "Sword")
  eq({ r.total, r.hit }, { 15, true }, "15 + 4 - 4 = 15 meets AC 15")
  eq(fight.assess(all.tordek, all.orc, "Sword").ac, 17)
  fight.next()
  eq(fight.assess(all.tordek, all.orc, "Sword").ac, 17, "through the others' turns")
  fight.next()
  eq(fight.assess(all.tordek, all.orc, "Sword").ac, 15, "over at its next turn")
end)

test("audit 3E-ACTION-16: total defense's +4 dodge already counts against the attacks its movement draws", function()
  local all = arena(OPEN, { { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") },
    { id = "tordek", side = "party", at = { 3, 2 }, stat = guard("tordek") } }, { acted = true })
  local t = turn.start(all.orc)
  ok(t:standard("total_defense"))
  dice.force{ 13 } -- 13 + 4 = 17 would hit AC 15; not 19
  local r = fight.move(all.orc, { 3, 4 }, { path = { { 3, 4 } } })
  eq(n_ids(r.opportunity), 1)
  local s = fight.strikes()
  eq({ s[1].hit, s[1].needed }, { false, 19 })
end)

test("audit EX-07: dodge bonuses stack (Dodge feat and fighting defensively), and go when flat-footed", function()
  local all = arena(OPEN, { { id = "orc", side = "orcs", at = { 3, 3 }, stat = guard("orc") },
    { id = "dwarf", side = "party", at = { 3, 2 }, stat = guard("dwarf") } }, { acted = true })
  all.dwarf:add_condition("dodging", { source = "orc" })
  all.dwarf:add_condition("fighting_defensively")
  eq(fight.assess(all.orc, all.dwarf, "Sword").ac, 15 + 1 + 2)
  all.dwarf:add_condition("flat_footed")
  eq(fight.assess(all.orc, all.dwarf, "Sword").ac, 14, "flat-footed: no Dex (+1), no dodge")
end)

test("audit 3E-AC-11/12: touch AC keeps Dex, deflection, dodge; flat-footed keeps a Dex penalty", function()
  local clumsy = guard("clumsy", { abilities = { str = 10, dex = 8 }, ac = { armor = 5, deflection = 2, natural = 3 } })
  local all = arena(OPEN, { { id = "a", side = "a", at = { 3, 3 }, stat = guard("a") },
    { id = "clumsy", side = "b", at = { 3, 2 }, stat = clumsy } }, { acted = true })
  eq(fight.assess(all.a, all.clumsy, "Sword").ac, 10 + 5 + 2 + 3 - 1)
  eq(fight.ac(all.clumsy).touch, 10 + 2 - 1, "no armour, no natural armour")
  all.clumsy:add_condition("flat_footed")
  eq(fight.assess(all.a, all.clumsy, "Sword").ac, 19 - 0, "the -1 stays when flat-footed")
end)

test("audit 3E-HELP-01: a helpless defender's Dex bonus becomes -5 (Dex 0), however good it was", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 3, 3 }, stat = guard("a") },
    { id = "d", side = "b", at = { 3, 2 }, stat = guard("d", { abilities = { str = 10, dex = 18 } }) } }, { acted = true })
  all.d:add_condition("paralyzed")
  local m = fight.assess(all.a, all.d, "Sword")
  eq({ m.bonus, m.ac }, { 4, 10 + 4 - 5 }, "+4 melee; Dex 18's +4 becomes -5")
  fight.place(all.d, 3, 0)
  fight.place(all.a, 3, 4)
  eq(fight.assess(all.a, all.d, "Bow").bonus, 0, "nothing extra ranged")
end)

test("audit 3E-MOD-07: a prone defender: +4 melee, -4 ranged; AC unchanged", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 3, 3 }, stat = guard("a") },
    { id = "d", side = "b", at = { 3, 2 }, stat = guard("d") } }, { acted = true })
  all.d:add_condition("prone")
  local m = fight.assess(all.a, all.d, "Sword")
  eq({ m.bonus, m.ac }, { 4, 15 })
  fight.place(all.a, 3, 4)
  fight.place(all.d, 3, 0)
  eq(fight.assess(all.a, all.d, "Bow").bonus, -4)
end)

test("audit 3E-CONC-01: nine-tenths concealment: d% 40 misses, 41 hits; total 50", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 3, 3 }, stat = guard("a") },
    { id = "d", side = "b", at = { 3, 2 }, stat = guard("d") } }, { acted = true })
  all.d:add_condition("concealed_nine_tenths")
  dice.force{ 15, 40 }
  eq(fight.strike(all.a, all.d, "Sword").hit, false)
  dice.force{ 15, 41, 3 }
  eq(fight.strike(all.a, all.d, "Sword").hit, true)
  all.d:add_condition("concealed_total")
  eq(fight.assess(all.a, all.d, "Sword").miss_chance, 50)
end)

test("audit 3E-ACTION-05: a 5-foot step then a move is refused; a step with a partial action, not two", function()
  local c = creature.new{ id = "c", hp = 10, speed = 30, abilities = { bab = 1 } }
  local t = turn.start(c)
  ok(t:step())
  local okv = t:move(10)
  eq(okv, false)
  t = turn.start(c, { surprise = true })
  ok(t:step())
  eq((t:step()), false, "one 5-foot step")
  ok(t:attack())
  t = turn.start(c)
  ok(t:move_equivalent("draw_weapon"))
  ok(t:step(), "a move-equivalent action that is no movement leaves the step free")
  ok(t:attack())
end)

test("audit 3E-ACTION-17, B-09: run 4 x speed, 3 x in heavy armour; a run is not a move-only turn", function()
  local c = creature.new{ id = "c", hp = 10, speed = 30, abilities = { bab = 1 } }
  local t = turn.start(c)
  ok(t:run(120))
  eq(t:move_only(), false, "B-01: the start square is not safe on a run")
  t = turn.start(c)
  eq((t:run(91, true)), false)
  t = turn.start(c)
  ok(t:run(90, true))
end)

test("audit B-01: a move-only turn (a single move, not only a double) counts as move-only", function()
  local c = creature.new{ id = "c", hp = 10, speed = 30, abilities = { bab = 1 } }
  local t = turn.start(c)
  ok(t:move(30))
  eq(t:move_only(), true)
  ok(t:attack())
  eq(t:move_only(), false, "an attack after it: not move-only")
end)
