-- ruleset: 3e
-- Audit of what an action itself provokes in a fight (inventory 3E-AOO-02,
-- 3E-AOO-09, Tables 8-1 and 8-3), written from the inventory alone: a
-- ranged attack made in a threatened square draws the attack of
-- opportunity first, one out of reach draws none, an archer the attack of
-- opportunity drops never shoots, and the budget of one a round holds.
-- covers: 3E-AOO-02 3E-AOO-05 3E-AOO-09 3E-ACTION-13 3E-UNARMED-01 3E-UNARMED-02
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")

local OPEN = { ".........", ".........", "........." }

local function archer(extra)
  local t = { id = "archer", hp = 10, bab = 2, abilities = { str = 10, dex = 14 },
    weapons = { { name = "Shortbow", damage = "1d6", range = 60 }, { name = "Dagger", damage = "1d4" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function orc(id)
  return S.build{ id = id or "orc", hp = 20, bab = 1, abilities = { str = 14, dex = 10 },
    weapons = { { name = "Axe", damage = "1d8" } } }
end

test("audit: a ranged attack next to an enemy provokes its attack of opportunity, made first", function()
  local all = arena(OPEN, { { id = "archer", side = "a", at = { 2, 1 }, stat = archer() },
    { id = "orc", side = "b", at = { 3, 1 }, stat = orc() } }, { acted = true })
  -- the orc's attack of opportunity: 2 + 3 misses AC 12; then the shot 15 + 4 hits AC 10 for 3
  dice.force{ 2, 15, 3 }
  local r = fight.strike(all.archer, all.orc, "Shortbow")
  local s = fight.strikes()
  eq(#s, 2)
  eq({ s[1].attacker:get("id"), s[1].attack, s[1].hit }, { "orc", "Axe", false }, "the opportunity attack first")
  eq({ r.hit, r.damage }, { true, 3 })
  eq(fight.remaining(all.orc, "aoo"), 0)
end)

test("audit: a melee attack provokes nothing; a shot from out of reach provokes nothing", function()
  local all = arena(OPEN, { { id = "archer", side = "a", at = { 2, 1 }, stat = archer() },
    { id = "orc", side = "b", at = { 3, 1 }, stat = orc() } }, { acted = true })
  dice.force{ 15, 2 }
  fight.strike(all.archer, all.orc, "Dagger")
  eq(#fight.strikes(), 1)
  fight.place(all.orc, 5, 1)
  dice.force{ 15, 2 }
  fight.strike(all.archer, all.orc, "Shortbow")
  eq(#fight.strikes(), 1, "10 ft away: the orc threatens nothing there")
end)

test("audit 3E-AOO-09: an archer the attack of opportunity drops does not shoot", function()
  local all = arena(OPEN, { { id = "archer", side = "a", at = { 2, 1 }, stat = archer({ hp = 3 }) },
    { id = "orc", side = "b", at = { 3, 1 }, stat = orc() } }, { acted = true })
  dice.force{ 15, 8 } -- 15 + 3 hits AC 12; 8 + 2 = 10 damage
  local r = fight.strike(all.archer, all.orc, "Shortbow")
  eq(fight.is(all.archer, "out"), true)
  eq(r.hit, false, "the shot is never made (no die drawn for it: the dice are strict)")
  eq(all.orc:get("hp"), 20)
end)

test("audit: a second shot the same round draws no second attack from the same orc", function()
  local all = arena(OPEN, { { id = "archer", side = "a", at = { 2, 1 }, stat = archer() },
    { id = "orc", side = "b", at = { 3, 1 }, stat = orc() } }, { acted = true })
  dice.force{ 2, 15, 3, 15, 3 }
  fight.strike(all.archer, all.orc, "Shortbow")
  fight.strike(all.archer, all.orc, "Shortbow")
  eq(#fight.strikes(), 3, "one opportunity attack, two shots")
end)

test("audit: in a fight that plays itself an archer shooting from beside its foe is attacked first", function()
  local r = fight.run(fight.encounter{
    map = { rows = { "........", ".12.....", "........" } },
    sides = {
      { name = "a", members = { { stat = archer({ hp = 30, weapons = { { name = "Shortbow", damage = "1d6", range = 60 } } }) } } },
      { name = "b", members = { { stat = orc() } } },
    }, max_rounds = 1 }, { trace = true })
  local log = table.concat(r.log, "\n")
  ok(string.find(log, "orc %a+ archer with Axe") ~= nil, "the orc's attack of opportunity or its own attack")
  local n = 0
  for _ in string.gmatch(log, "orc %a+ archer with Axe") do n = n + 1 end
  eq(n, 2, "its turn's attack and the opportunity attack the archer's shot draws")
end)

local function brawler(extra)
  local t = { id = "brawler", hp = 10, bab = 2, abilities = { str = 12, dex = 10 },
    weapons = { { name = "Unarmed strike", damage = "1d3", subdual_weapon = true } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

test("audit 3E-UNARMED-01: any unarmed strike on an armed foe draws its attack of opportunity first", function()
  local all = arena(OPEN, { { id = "brawler", side = "a", at = { 2, 1 }, stat = brawler() },
    { id = "orc", side = "b", at = { 3, 1 }, stat = orc() } }, { acted = true })
  -- the orc's attack 2 + 3 misses AC 10? (5 < 10); the punch 15 + 3 hits AC 10 for 2 + 1 subdual
  dice.force{ 2, 15, 2 }
  fight.strike(all.brawler, all.orc, "Unarmed strike")
  local s = fight.strikes()
  eq({ #s, s[1].attacker:get("id"), s[2].attacker:get("id") }, { 2, "orc", "brawler" })
  eq(all.orc:get("nonlethal"), 3)
end)

test("audit 3E-UNARMED-01/02: no attack of opportunity from an unarmed foe, nor for a monk's strike", function()
  local all = arena(OPEN, { { id = "brawler", side = "a", at = { 2, 1 }, stat = brawler() },
    { id = "other", side = "b", at = { 3, 1 }, stat = brawler({ id = "other" }) } }, { acted = true })
  dice.force{ 15, 2 }
  fight.strike(all.brawler, all.other, "Unarmed strike")
  eq(#fight.strikes(), 1, "an unarmed target threatens nothing")
  all = arena(OPEN, { { id = "monk", side = "a", at = { 2, 1 }, stat = brawler({ id = "monk", tags = { "improved_unarmed_strike" } }) },
    { id = "orc", side = "b", at = { 3, 1 }, stat = orc() } }, { acted = true })
  dice.force{ 15, 2 }
  fight.strike(all.monk, all.orc, "Unarmed strike")
  eq(#fight.strikes(), 1, "Improved Unarmed Strike counts as armed")
end)
