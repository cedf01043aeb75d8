-- ruleset: 3e
-- §18: the worked fight, Tordek, Mialee, Jozan and Lidda against four orcs,
-- step by step on the battle map with the dice the inventory gives (its
-- unspecified rolls chosen to give the stated result). Positions follow the
-- narrative (C-07: only hits, misses, damage and hit points are asserted).
-- covers: 3E-ROUND-03 3E-INIT-07 3E-INIT-09 3E-INIT-04 3E-ATK-05 3E-ATK-17 3E-AOO-02 3E-HP-06 3E-HP-09
-- covers: 3E-HP-15 3E-ATK-09 3E-DMG-08 3E-HP-07 3E-AOO-03 3E-ACTION-09
local S = require("core.3e.statblock")
local H = require("core.3e.hp")
local turn = require("core.3e.turn")
local arena = require("core.3e.arena")

-- the corridor, 10 ft wide; the orcs at its west end (the T-junction)
local ROWS = { "................", "................", "#..............." }

local PARTY = {
  tordek = S.build{ id = "tordek", name = "Tordek", race = "dwarf", armor = "medium", hp = 13, bab = 1,
    abilities = { str = 15, dex = 12, con = 14 }, ac = { armor = 4, shield = 2 }, feats = { "weapon_focus:dwarven waraxe" },
    weapons = { { name = "Dwarven waraxe", damage = "1d10", crit = "x3" } } },
  mialee = S.build{ id = "mialee", name = "Mialee", race = "elf", hp = 7, abilities = { dex = 16 },
    weapons = { { name = "Dagger", damage = "1d4" } } },
  jozan = S.build{ id = "jozan", name = "Jozan", race = "human", armor = "medium", hp = 11, bab = 0,
    abilities = { str = 12, dex = 8, wis = 15 }, ac = { armor = 5 },
    weapons = { { name = "Heavy mace", damage = "1d8" } } },
  lidda = S.build{ id = "lidda", name = "Lidda", race = "halfling", size = "small", hp = 8, bab = 0,
    abilities = { str = 8, dex = 17 }, feats = { "improved_initiative" }, ac = { armor = 2 },
    weapons = { { name = "Light crossbow", damage = "1d8", range = 80, group = "crossbow", crit = "19-20/x2" },
      { name = "Short sword", damage = "1d6", crit = "19-20/x2" } } },
}

local function orc(id, hp)
  return S.build{ id = id, hp = hp, bab = 0, abilities = { str = 15, dex = 10 }, ac = { armor = 4, shield = 2 }, speed = 20,
    weapons = { { name = "Battleaxe", damage = "1d8", crit = "x3" }, { name = "Javelin", damage = "1d6", range = 30, thrown = true } } }
end

test("§18: the worked fight", function()
  local all = arena(ROWS, {
    { id = "lidda", side = "party", at = { 12, 1 }, stat = PARTY.lidda },
    { id = "tordek", side = "party", at = { 11, 0 }, stat = PARTY.tordek, unaware = true },
    { id = "jozan", side = "party", at = { 10, 1 }, stat = PARTY.jozan },
    { id = "mialee", side = "party", at = { 9, 0 }, stat = PARTY.mialee, unaware = true },
    { id = "A", side = "orcs", at = { 1, 2 }, stat = orc("A", 4), group = "orcs" },
    { id = "B", side = "orcs", at = { 1, 1 }, stat = orc("B", 5), group = "orcs" },
    { id = "C", side = "orcs", at = { 0, 0 }, stat = orc("C", 9), group = "orcs" },
    { id = "D", side = "orcs", at = { 0, 1 }, stat = orc("D", 6), group = "orcs" },
  }, { init = { 12, 8, 11 } }) -- S0: Lidda 12 + 7 = 19, Jozan 8 - 1 = 7, the orcs 11
  local L, T, J, M = all.lidda, all.tordek, all.jozan, all.mialee
  local A, B, C, D = all.A, all.B, all.C, all.D
  local function order()
    local out = {}
    for _, o in ipairs(fight.order()) do out[#out + 1] = o.id .. ":" .. o.count end
    return table.concat(out, " ")
  end
  -- S0: a surprise round: Lidda, the orcs, Jozan; Tordek and Mialee are not in it
  eq(fight.round(), 0)
  eq(order(), "lidda:19 A:11 B:11 C:11 D:11 jozan:7")
  eq(fight.turn()[1], L)
  -- S1: one partial action: the 5-foot step sideways, then the shot at A, 55 ft
  local t = turn.start(L, { surprise = true })
  ok(t:step())
  turn.step_on(L, { 12, 2 }) -- sideways, out of her friends' way: a clear shot
  eq(fight.cover(A, L), "none")
  ok(t:attack())
  eq(fight.distance(L, A), 55)
  dice.force{ 17, 3 }
  local r = fight.strike(L, A, "Light crossbow")
  eq({ r.total, r.needed, r.hit, r.damage }, { 21, 16, true, 3 }, "55 < 80: no range penalty")
  eq(A:get("hp"), 1)
  -- S2: two orcs throw javelins at Mialee, 40 and 45 ft: one full increment, -2;
  -- she is flat-footed: AC 13 is 10
  fight.next()
  eq({ fight.distance(A, M), fight.distance(B, M) }, { 45, 40 })
  ok(M:has("flat_footed"))
  dice.force{ 18, 4 }
  r = fight.strike(A, M, "Javelin")
  eq({ r.total, r.needed, r.hit, r.damage }, { 16, 10, true, 6 })
  fight.next()
  dice.force{ 13, 4 }
  r = fight.strike(B, M, "Javelin")
  eq({ r.total, r.hit, r.damage }, { 11, true, 6 })
  eq({ M:get("hp"), fight.is(M, "out"), M:has("dying") }, { -5, true, true }, "unconscious and dying")
  fight.next() fight.next()
  -- S3: Jozan's cure minor wounds: +1, stable (no d% at the round's end)
  fight.next()
  eq(fight.turn()[1], J)
  H.heal(M, 1)
  eq({ M:get("hp"), fight.is(M, "stable") }, { -4, true })
  -- round 1: Tordek rolls 13 + 1 = 14 and joins; Mialee, unconscious, rolls too
  dice.force{ 13, 5 }
  fight.next()
  eq(fight.round(), 1)
  eq(order(), "lidda:19 tordek:14 A:11 B:11 C:11 D:11 mialee:8 jozan:7")
  -- 1a: Lidda misses
  dice.force{ 5 }
  eq(fight.strike(L, A, "Light crossbow").hit, false)
  -- 1c: Tordek moves 15 ft, between the orcs and Mialee; no longer flat-footed
  fight.next()
  eq(T:has("flat_footed"), false)
  r = fight.move(T, { 8, 0 }, { path = { { 10, 0 }, { 9, 0 }, { 8, 0 } } })
  eq(r.cost, 15)
  eq(fight.distance(T, B), 35, "the orcs 35 ft away now")
  -- 1d: orcs A and B charge Tordek: +2 on the one attack, both miss AC 17
  fight.next()
  t = turn.start(A)
  ok(t:charge(35))
  fight.move(A, { 7, 0 }, { path = { { 2, 2 }, { 3, 2 }, { 4, 2 }, { 5, 2 }, { 6, 1 }, { 7, 0 } }, budget = 40 })
  eq(fight.pos(A), { x = 7, y = 0 })
  dice.force{ 12 }
  r = fight.strike(A, T, "Battleaxe", { bonus = 2 })
  eq({ r.total, r.needed, r.hit }, { 16, 17, false }, "+4 (BAB 0, Str +2, charge +2) against 17")
  fight.next()
  t = turn.start(B)
  ok(t:charge(35))
  -- 1e: B goes past Tordek's side: leaving a square he threatens provokes
  dice.force{ 2 }
  r = fight.move(B, { 8, 1 }, { path = { { 2, 1 }, { 3, 1 }, { 4, 1 }, { 5, 1 }, { 6, 1 }, { 7, 1 }, { 8, 1 } }, budget = 40 })
  eq(#r.opportunity, 1)
  eq(r.opportunity[1], T)
  dice.force{ 11 }
  eq(fight.strike(B, T, "Battleaxe", { bonus = 2 }).hit, false)
  -- 1f: both charged: AC 14 until their next turns
  eq(fight.assess(T, A, "Dwarven waraxe").ac, 14)
  -- 1g: C and D stay; 1h: Jozan's cure light wounds on Mialee: 1 + 2
  fight.next() fight.next() fight.next() fight.next()
  eq(fight.turn()[1], J)
  dice.force{ 1 }
  H.heal(M, dice.total("1d8") + 2)
  eq({ M:get("hp"), fight.is(M, "out") }, { -1, true }, "still unconscious below 0")
  -- round 2: 2a Lidda moves next to Tordek and misses A (AC 14: A's turn has not come)
  fight.next()
  eq(fight.round(), 2)
  fight.move(L, { 9, 1 }, { path = { { 11, 1 }, { 10, 1 }, { 9, 1 } } })
  fight.place(B, 7, 1)
  fight.place(L, 8, 1)
  dice.force{ 13 }
  r = fight.strike(L, A, "Short sword")
  eq({ r.needed, r.hit }, { 14, false })
  -- 2b: Tordek hits B (AC 14): 1d10 + 2 = 7; B drops
  fight.next()
  dice.force{ 10, 5 }
  r = fight.strike(T, B, "Dwarven waraxe")
  eq({ r.total, r.needed, r.hit, r.damage }, { 14, 14, true, 7 })
  eq({ fight.is(B, "out"), fight.is(B, "dead") }, { true, false }, "B at -2: dying")
  -- A's turn: its charge penalty ends; 2c: C steps over B (3E-MOVE-06) and hits Tordek for 7
  fight.next()
  eq(A:has("charging"), false)
  fight.next() -- B is dying: its turn passes
  fight.next()
  eq(fight.turn()[1], C)
  fight.place(B, 6, 1) -- where B lies; C stepped over it (positions are the narrative's, C-07)
  fight.place(C, 7, 1)
  dice.force{ 15, 5 }
  r = fight.strike(C, T, "Battleaxe")
  eq({ r.hit, r.damage }, { true, 7 })
  eq(T:get("hp"), 6)
  -- 2d: A attacks Lidda and misses
  dice.force{ 2 }
  eq(fight.strike(A, L, "Battleaxe").hit, false)
  -- 2e: Jozan cures Tordek: 7 + 2, capped at 13
  fight.next() fight.next() fight.next()
  eq(fight.turn()[1], J)
  dice.force{ 7 }
  H.heal(T, dice.total("1d8") + 2)
  eq(T:get("hp"), 13)
  -- B bleeds when round 2 ends: d% 60, -3
  dice.force{ 60 }
  fight.next()
  eq({ fight.round(), B:get("hp") }, { 3, -3 })
  -- round 3, 3a: Lidda double-moves away: no attack of opportunity (3E-AOO-03)
  t = turn.start(L)
  ok(t:double_move(40))
  r = fight.move(L, { 12, 1 }, { path = { { 9, 1 }, { 10, 1 }, { 11, 1 }, { 12, 1 } }, safe_start = true, budget = 40 })
  eq({ #r.opportunity, r.pos }, { 0, { x = 12, y = 1 } })
  -- 3b-3c: Tordek's natural 20 on C, confirmed 13 + 4 = 17: x3, 19 damage; C is dead
  fight.next()
  dice.force{ 20, 13, 5, 4, 4 }
  r = fight.strike(T, C, "Dwarven waraxe")
  eq({ r.hit, r.crit, r.confirm_total, r.damage }, { true, true, 17, 19 }, "3 x (1d10+2) with dice 5, 4, 4")
  eq({ C:get("hp"), fight.is(C, "dead") }, { -10, true })
  -- 3d-3e: D and A miss Tordek; 3f: Jozan drops A
  fight.next()
  dice.force{ 3 }
  eq(fight.strike(A, T, "Battleaxe").hit, false)
  fight.place(D, 8, 1)
  dice.force{ 4 }
  eq(fight.strike(D, T, "Battleaxe").hit, false)
  fight.move(J, { 9, 1 }, { path = { { 9, 1 } } })
  fight.place(A, 9, 2)
  dice.force{ 15, 4 }
  r = fight.strike(J, A, "Heavy mace")
  eq({ r.hit, r.damage }, { true, 5 })
  eq(fight.is(A, "out"), true)
  -- round 4, 4c: D double-moves away from Tordek and Jozan: no attack of opportunity
  r = fight.move(D, { 2, 2 }, { path = { { 7, 2 }, { 6, 2 }, { 5, 2 }, { 4, 2 }, { 3, 2 }, { 2, 2 } }, safe_start = true, budget = 40 })
  eq(r.pos, { x = 2, y = 2 })
  eq(#r.opportunity, 0, "its start square does not count; it enters no other threatened square")
  fight.flee(D)
  -- the end: Tordek 13/13, Mialee -1 and stable, A and B down, C dead, D fled
  eq({ T:get("hp"), M:get("hp"), fight.is(M, "stable") }, { 13, -1, true })
  eq({ fight.is(A, "out"), fight.is(B, "dead"), fight.is(C, "dead"), fight.is(D, "fled") }, { true, false, true, true })
end)

test("EX-01: only Lidda is aware of the choker: her one partial action hits it flat-footed, Dex +2 lost", function()
  local choker = S.build{ id = "choker", size = "small", hp = 16, bab = 2, abilities = { str = 16, dex = 14 },
    ac = { natural = 4 }, natural = { { name = "Tentacle", damage = "1d3" } } }
  local all = arena({ "..........", ".........." }, {
    { id = "lidda", side = "party", at = { 1, 0 }, stat = PARTY.lidda },
    { id = "tordek", side = "party", at = { 1, 1 }, stat = PARTY.tordek, unaware = true },
    { id = "choker", side = "choker", at = { 9, 0 }, stat = choker, unaware = true } }, { init = { 10 } })
  eq(fight.round(), 0)
  eq(fight.turn()[1], all.lidda)
  eq(fight.assess(all.lidda, all.choker, "Light crossbow").ac, 15, "AC 17 without its Dex +2")
  -- round 1: the others roll; Lidda (17) before the choker (5 + 2): it is still flat-footed
  dice.force{ 3, 5 }
  fight.next()
  eq(fight.round(), 1)
  eq(fight.turn()[1], all.lidda)
  ok(all.choker:has("flat_footed"))
  eq(fight.assess(all.lidda, all.choker, "Light crossbow").ac, 15)
end)

test("EX-02: no surprise round when both sides are aware, nor when nobody is", function()
  local I = require("core.3e.initiative")
  eq(I.surprise_round{ { aware = true }, { aware = true } }, false, "the displacer beasts and the party")
  eq(I.surprise_round{ { aware = true }, { aware = false }, { aware = true } }, true, "Jozan spots one of the creatures")
end)
