-- ruleset: 3e
-- Audit of attack rolls and damage (inventory §§5-6), written from the
-- inventory alone: natural 1 and 20 on the attack and on the confirmation,
-- totals exactly at the AC, threat ranges, criticals that multiply the
-- modifiers but not extra dice, the least damage, Strength by hand,
-- iterative attacks, range increments at their limits.
-- covers: 3E-ATK-01 3E-ATK-05 3E-ATK-06 3E-ATK-08 3E-ATK-09 3E-ATK-10 3E-ATK-13 3E-ATK-16 3E-ATK-17
-- covers: 3E-DMG-02 3E-DMG-05 3E-DMG-06 3E-DMG-07 3E-DMG-08 3E-DMG-09 3E-DMG-10
local S = require("core.3e.statblock")
local A = require("core.3e.attack")
local arena = require("core.3e.arena")

local OPEN = { "..........", "..........", "..........", "..........", ".........." }

local function man(id, extra)
  local t = { id = id, hp = 100, bab = 1, abilities = { str = 14, dex = 10, con = 10 },
    weapons = { { name = "Sword", damage = "1d8", crit = "19-20/x2" }, { name = "Axe", damage = "1d8", crit = "x3" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function duel(a, b)
  local all = arena(OPEN, { { id = a.id, side = "a", at = { 2, 2 }, stat = a },
    { id = b.id, side = "b", at = { 3, 2 }, stat = b } }, { acted = true })
  return all[a.id], all[b.id]
end

test("audit: a total exactly equal to the AC hits; one less misses", function()
  -- Sword +3 (BAB 1 + Str 2) against AC 14 (armour 4)
  local a, b = duel(man("a"), man("b", { ac = { armor = 4 } }))
  dice.force{ 11, 4 }
  local r = fight.strike(a, b, "Sword")
  eq({ r.total, r.hit, r.damage }, { 14, true, 6 })
  dice.force{ 10 }
  r = fight.strike(a, b, "Sword")
  eq({ r.total, r.hit }, { 13, false })
end)

test("audit: a natural 1 misses even when the total beats the AC; a natural 20 hits any AC", function()
  local a, b = duel(man("a", { bab = 20 }), man("b"))
  dice.force{ 1 }
  local r = fight.strike(a, b, "Axe")
  eq(r.hit, false, "1 + 22 = 23 against AC 10: still a miss")
  a, b = duel(man("a"), man("b", { ac = { armor = 40 } }))
  dice.force{ 20, 5, 3 }
  r = fight.strike(a, b, "Axe")
  eq({ r.hit, r.crit, r.damage }, { true, false, 5 }, "a 20 hits AC 50; 5 + 3 does not confirm; 3 + 2")
end)

test("audit: a natural 20 on the confirmation confirms; a natural 1 on it does not", function()
  local a, b = duel(man("a"), man("b", { ac = { armor = 40 } }))
  dice.force{ 20, 20, 3, 3, 3 }
  local r = fight.strike(a, b, "Axe")
  eq({ r.hit, r.crit, r.damage }, { true, true, 15 }, "x3: 3 x (3 + 2)")
  a, b = duel(man("a", { bab = 20 }), man("b"))
  dice.force{ 20, 1, 3 }
  r = fight.strike(a, b, "Axe")
  eq({ r.hit, r.crit, r.damage }, { true, false, 5 }, "a confirmation of natural 1 misses even at +22")
end)

test("audit: the confirmation needs the same total as the attack: exactly the AC confirms", function()
  local a, b = duel(man("a"), man("b", { ac = { armor = 4 } }))
  -- 19 threatens with the sword (19 + 3 = 22 hits AC 14); confirmation 11 + 3 = 14
  dice.force{ 19, 11, 2, 2 }
  local r = fight.strike(a, b, "Sword")
  eq({ r.hit, r.crit, r.confirm_total, r.damage }, { true, true, 14, 8 }, "2 x (2 + 2)")
  dice.force{ 19, 10, 2 }
  r = fight.strike(a, b, "Sword")
  eq({ r.hit, r.crit, r.confirm_total, r.damage }, { true, false, 13, 4 })
end)

test("audit: a threat-range roll that misses is no threat and rolls no confirmation", function()
  local a, b = duel(man("a"), man("b", { ac = { armor = 13 } }))
  dice.force{ 19 } -- 19 + 3 = 22 < 23: a miss; a confirmation draw would fail the strict dice
  local r = fight.strike(a, b, "Sword")
  eq({ r.hit, r.crit }, { false, false })
  dice.force{ 18 } -- 18 + 3 = 21 misses AC 23
  r = fight.strike(a, b, "Sword")
  eq(r.hit, false)
end)

test("audit: a critical multiplies the Strength bonus; a flaming 1d6 and sneak-like dice only once", function()
  local s = man("a")
  s.attacks[2].extra = "2d6"
  local a, b = duel(s, man("b"))
  dice.force{ 20, 15, 1, 1, 1, 6, 6 }
  local r = fight.strike(a, b, "Axe")
  eq(r.damage, 3 * (1 + 2) + 12, "x3 the axe and Str; 2d6 once")
  dice.force{ 15, 4, 6, 6 }
  r = fight.strike(a, b, "Axe")
  eq(r.damage, 4 + 2 + 12, "no critical: once each")
end)

test("audit: the least damage is 1, on a critical too", function()
  local weak = man("weak", { abilities = { str = 1 } }) -- Str -5
  eq(weak.attacks[1].damage, "1d8-5")
  local a, b = duel(weak, man("b"))
  dice.force{ 20, 19, 1, 1 }
  local r = fight.strike(a, b, "Sword")
  eq({ r.crit, r.damage }, { true, 1 }, "2 x (1 - 5) is still 1")
  eq(b:get("hp"), 99)
end)

test("audit: Strength to damage by hand, rounded down (3E-DMG-05/06)", function()
  eq(A.str_damage(1, "two_handed"), 1, "1.5 x 1 rounds down to 1")
  eq(A.str_damage(2, "two_handed"), 3)
  eq(A.str_damage(5, "two_handed"), 7)
  eq(A.str_damage(1, "off_hand"), 0, "half of +1 is 0")
  eq(A.str_damage(5, "off_hand"), 2)
  eq(A.str_damage(-3, "two_handed"), -3, "a penalty is never multiplied up")
  eq(A.str_damage(-3, "off_hand"), -3, "nor halved")
  local big = S.build{ id = "big", hp = 30, bab = 4, abilities = { str = 18 }, weapons = {
    { name = "Greatsword", damage = "2d6", crit = "19-20/x2", two_handed = true },
    { name = "Longsword", damage = "1d8", crit = "19-20/x2" } } }
  eq(big.attacks[1].damage, "2d6+6", "Str 18 (+4) x 1.5")
  eq(big.attacks[2].damage, "1d8+4")
  local a, b = duel(big, man("b"))
  dice.force{ 19, 15, 1, 1, 1, 1 }
  local r = fight.strike(a, b, "Greatsword")
  eq({ r.crit, r.damage }, { true, 2 * (2 + 6) }, "a two-handed critical multiplies the 1.5 x Str too")
end)

test("audit: an off-hand weapon adds half the Strength bonus in the stat block", function()
  local tw = S.build{ id = "tw", hp = 30, bab = 6, abilities = { str = 17 }, feats = { "ambidexterity", "two_weapon_fighting" },
    weapons = { { name = "Longsword", damage = "1d8" }, { name = "Short sword", damage = "1d6", off_hand = true, light = true } } }
  local d = {}
  for _, at in ipairs(tw.attacks) do d[at.name] = at end
  eq(d["Short sword (off hand)"].damage, "1d6+1", "Str +3: half is +1")
  eq(d["Longsword"].damage, "1d8+3")
  eq(d["Longsword (two weapons)"].bonus, 6 + 3 - 2, "light off hand and both feats: -2 primary")
  eq(d["Short sword (off hand)"].bonus, 6 + 3 - 2, "and -2 off hand")
end)

test("audit: iterative attacks stop at +1 and start from the full bonus", function()
  eq(A.iterative(1), { 1 })
  eq(A.iterative(0), { 0 })
  eq(A.iterative(10), { 10, 5 })
  eq(A.iterative(16), { 16, 11, 6, 1 })
  eq(A.iterative(20), { 20, 15, 10, 5 })
end)

test("audit: range: exactly 10 increments is in range, one foot more is not; thrown 5", function()
  eq(A.range_penalty(600, 60), -20, "10 full increments: -20")
  eq(A.range_penalty(601, 60), nil)
  eq(A.range_penalty(150, 30, 5), -10)
  eq(A.range_penalty(119, 60), -2)
  eq(A.range_penalty(120, 60), -4)
end)

test("audit: several multipliers on a critical: x2 and x2 make x3", function()
  eq(A.multiplier({ 2, 2 }), 3)
  eq(A.multiplier({ 2, 2, 2 }), 4)
  eq(A.multiplier({ 2 }), 2)
  eq(A.damage_expr("2d6", 3, 2), "4d6+6")
  eq(A.damage_expr("1d8", -1, 3, "1d6"), "3d8-3+1d6")
end)
