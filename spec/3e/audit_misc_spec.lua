-- ruleset: 3e
-- Audit of shooting into melee, reach and cover saves (inventory 3E-ATK-14,
-- 3E-ATK-07, 3E-AOO-01, 3E-COVER-02/03), written from the inventory alone:
-- the -4 needs an engaged target (one that threatens the ally), a reach
-- weapon's threatened square at 10 ft provokes while the adjacent one does
-- not, nine-tenths cover's Reflex save halves on a failure and voids on a
-- success, its +4 on the save.
-- covers: 3E-ATK-14 3E-ATK-07 3E-AOO-01 3E-COVER-02 3E-COVER-03
local S = require("core.3e.statblock")
local SV = require("core.3e.saves")
local DM = require("core.3e.damage")
local arena = require("core.3e.arena")

local function man(id, extra)
  local t = { id = id, hp = 40, bab = 2, abilities = { str = 14, dex = 10, con = 12 }, saves = { ref = 1 },
    weapons = { { name = "Sword", damage = "1d8" }, { name = "Bow", damage = "1d6", range = 60 } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local ROWS = { "..........", "..........", ".........." }

test("audit 3E-ATK-14: -4 only against a target engaged with an ally: one that threatens it and can act", function()
  local all = arena(ROWS, { { id = "archer", side = "a", at = { 0, 1 }, stat = man("archer") },
    { id = "ally", side = "a", at = { 6, 1 }, stat = man("ally") },
    { id = "orc", side = "b", at = { 7, 1 }, stat = man("orc") },
    { id = "gob", side = "b", at = { 7, 2 }, stat = man("gob", { weapons = { { name = "Bow", damage = "1d6", range = 60 } } }) } },
    { acted = true })
  eq(fight.assess(all.archer, all.orc, "Bow").bonus, -4)
  eq(fight.assess(all.archer, all.gob, "Bow").bonus, 0, "a goblin with only a bow threatens nobody: not engaged")
  all.orc:add_condition("paralyzed")
  eq(fight.assess(all.archer, all.orc, "Bow").bonus, 0, "a paralyzed orc is not engaged")
end)

test("audit 3E-ATK-07, 3E-AOO-01: a longspear threatens 10 ft away, not adjacent", function()
  local all = arena(ROWS, { { id = "pike", side = "b", at = { 3, 0 }, stat = man("pike", { weapons = {
      { name = "Longspear", damage = "1d8", reach = true } } }) },
    { id = "ally", side = "a", at = { 4, 1 }, stat = man("ally") } }, { acted = true })
  local r = fight.move(all.ally, { 4, 2 }, { path = { { 4, 2 } } })
  eq(#r.opportunity, 0, "leaving a square next to it provokes nothing")
  fight.place(all.ally, 5, 0)
  dice.force{ 1 }
  r = fight.move(all.ally, { 6, 0 }, { path = { { 6, 0 } } })
  eq(#r.opportunity, 1, "leaving a square 10 ft away provokes")
end)

test("audit 3E-COVER-03: nine-tenths cover: a failed Reflex save halves, a success takes nothing", function()
  eq(SV.reflex_damage(21, false, { cover = "nine_tenths" }), 10)
  eq(SV.reflex_damage(21, true, { cover = "nine_tenths" }), 0)
  eq(SV.reflex_damage(21, true, { cover = "three_quarters" }), 10)
  eq(SV.reflex_damage(21, false, { cover = "three_quarters" }), 21)
end)

test("audit 3E-COVER-02: cover's Reflex bonus: 1/4 +1, 1/2 +2, 3/4 +3, 9/10 +4, on the save itself", function()
  local c = creature.new(man("c"))
  -- Ref +1; DC 15; d20 10: 11 + cover
  dice.force{ 10, 10, 10, 10 }
  local n1, s1 = DM.save_damage(c, 20, { kind = "ref", dc = 15, cover = "quarter" })
  local n2, s2 = DM.save_damage(c, 20, { kind = "ref", dc = 14, cover = "half" })
  local n3, s3 = DM.save_damage(c, 20, { kind = "ref", dc = 15, cover = "three_quarters" })
  local n4, s4 = DM.save_damage(c, 20, { kind = "ref", dc = 15, cover = "nine_tenths" })
  eq({ s1, n1, s2, n2, s3, n3, s4, n4 }, { false, 20, false, 20, false, 20, true, 0 },
    "12 < 15, 13 < 14, 14 < 15, 15 meets 15")
end)
