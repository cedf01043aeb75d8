-- ruleset: 3e
-- Attack rolls and damage (inventory §§5-6): bonuses, natural 1 and 20,
-- threats and confirmation, criticals that multiply modifiers but not
-- extra dice, range increments, reach weapons, shooting into melee,
-- fighting defensively, the charge, two-weapon fighting, natural weapons,
-- Strength to damage (EX-05, EX-06), the least damage, several multipliers.
-- covers: 3E-ATK-01 3E-ATK-02 3E-ATK-03 3E-ATK-04 3E-ATK-05 3E-ATK-06 3E-ATK-07 3E-ATK-08 3E-ATK-09
-- covers: 3E-ATK-10 3E-ATK-11 3E-ATK-12 3E-ATK-14 3E-ATK-15 3E-ATK-18 3E-ATK-19 3E-ATK-20 3E-ATK-21
-- covers: 3E-ATK-22 3E-ATK-23 3E-ATK-24 3E-INIT-17 3E-DMG-01 3E-DMG-02 3E-DMG-03 3E-DMG-04 3E-DMG-05
-- covers: 3E-DMG-06 3E-DMG-07 3E-DMG-08 3E-DMG-09 3E-DMG-10 3E-DMG-12 3E-POS-07
local S = require("core.3e.statblock")
local A = require("core.3e.attack")
local arena = require("core.3e.arena")

local OPEN = { "..........", "..........", "..........", "..........", ".........." }

local function tordek()
  -- the worked fight's Tordek: BAB +1, Str 15 (+2), Dex 12 (+1), Weapon
  -- Focus, dwarven waraxe 1d10 x3; armour +4, shield +2: AC 17
  return S.build{ id = "tordek", hp = 13, bab = 1, abilities = { str = 15, dex = 12, con = 14 }, speed = 15,
    ac = { armor = 4, shield = 2 }, feats = { "weapon_focus:dwarven waraxe" },
    weapons = { { name = "Dwarven waraxe", damage = "1d10", crit = "x3", type = "slashing" } } }
end

local function orc(id, extra)
  local t = { id = id or "orc", hp = 20, bab = 0, abilities = { str = 15, dex = 10 }, ac = { armor = 4, shield = 2 },
    speed = 20, weapons = { { name = "Battleaxe", damage = "1d8", crit = "x3" },
      { name = "Javelin", damage = "1d6", range = 30, thrown = true } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function duel(a, b, apos, bpos)
  local all = arena(OPEN, { { id = a.id, side = "a", at = apos or { 2, 2 }, stat = a },
    { id = b.id, side = "b", at = bpos or { 3, 2 }, stat = b } }, { acted = true })
  return all[a.id], all[b.id]
end

test("the worked fight's numbers come out of the stat blocks", function()
  local t = tordek()
  eq({ t.ac, t.attacks[1].bonus, t.attacks[1].damage, t.attacks[1].crit_mul }, { 17, 4, "1d10+2", 3 })
  local o = orc()
  eq({ o.ac, o.attacks[1].bonus, o.attacks[1].damage, o.attacks[2].bonus, o.attacks[2].damage }, { 16, 2, "1d8+2", 0, "1d6+2" })
  -- Lidda: BAB +0, Dex 17 (+3), Small (+1): light crossbow +4; short sword +0 (Str 8: -1)
  local lidda = S.build{ id = "lidda", size = "small", hp = 8, bab = 0, abilities = { str = 8, dex = 17 },
    weapons = { { name = "Light crossbow", damage = "1d8", range = 80, group = "crossbow", crit = "19-20/x2" },
      { name = "Short sword", damage = "1d6", crit = "19-20/x2" } } }
  eq({ lidda.attacks[1].bonus, lidda.attacks[1].damage, lidda.attacks[2].bonus, lidda.attacks[2].damage },
    { 4, "1d8", 0, "1d6-1" }, "crossbows add no Str (3E-DMG-04); Small +1 (3E-ATK-04)")
  eq(A.size_mod("large"), -1)
  eq(A.size_mod("fine"), 8)
  fails(function() A.size_mod("Medium-size") end, "unknown size")
end)

test("d20 + bonus >= AC hits; a natural 1 always misses, a natural 20 always hits", function()
  local t, o = duel(tordek(), orc())
  dice.force{ 12, 5 }
  local r = fight.strike(t, o, "Dwarven waraxe")
  eq({ r.hit, r.total, r.needed, r.damage }, { true, 16, 16, 7 }, "12 + 4 = 16 meets AC 16; 5 + 2 = 7")
  dice.force{ 11 }
  eq(fight.strike(t, o, "Dwarven waraxe").hit, false, "15 misses")
  local big = orc("giant", { ac = { armor = 30 } })
  t, o = duel(tordek(), big)
  dice.force{ 20, 1, 3 }
  r = fight.strike(t, o, "Dwarven waraxe")
  eq({ r.hit, r.crit, r.damage }, { true, false, 5 }, "20 hits AC 42 but the confirmation (1) misses")
  local weak = orc("weak", { ac = {}, abilities = { dex = 1 } })
  t, o = duel(tordek(), weak)
  dice.force{ 1 }
  r = fight.strike(t, o, "Dwarven waraxe")
  eq(r.hit, false, "a natural 1 misses AC 5")
end)

test("a threat is confirmed by a second roll with the same modifiers; x3 multiplies the modifiers too", function()
  -- §18 3b-3c: a natural 20, the confirmation 13 + 4 = 17 >= 16: x3 = 3 x (1d10+2)
  local t, o = duel(tordek(), orc("orc", { hp = 30 }))
  dice.force{ 20, 13, 4, 3, 6 }
  local r = fight.strike(t, o, "Dwarven waraxe")
  eq({ r.hit, r.crit, r.confirm_total, r.damage }, { true, true, 17, 19 }, "(4+2) + (3+2) + (6+2) = 19")
  dice.force{ 20, 11, 5 }
  r = fight.strike(t, o, "Dwarven waraxe")
  eq({ r.hit, r.crit, r.confirm_total, r.damage }, { true, false, 15, 7 }, "15 misses AC 16: a normal hit")
  eq(A.damage_expr("1d12", 4, 3), "3d12+12", "EX-05: Krusk's greataxe critical")
end)

test("an expanded threat range threatens only on a hit, and below 20 does not hit by itself", function()
  local s = tordek()
  s.attacks[1].threat = { 19, 20 }
  local t, o = duel(s, orc("orc", { ac = { armor = 14 } }))
  dice.force{ 19 }
  local r = fight.strike(t, o, "Dwarven waraxe")
  eq({ r.hit, r.crit, r.confirm_natural }, { false, false, nil }, "19 + 4 = 23 misses AC 24: no threat")
  t, o = duel(s, orc("orc", { hp = 60 }))
  dice.force{ 19, 15, 1, 1, 1 }
  r = fight.strike(t, o, "Dwarven waraxe")
  eq({ r.hit, r.crit, r.damage }, { true, true, 9 }, "19 threatens; 15 + 4 confirms; 3 x (1+2)")
  eq({ A.crit("19-20/x2") }, { 19, 2 })
  eq({ A.crit("x3") }, { 20, 3 })
  fails(function() A.crit("19/x2") end, "want")
end)

test("extra dice are rolled once on a critical; several multipliers add", function()
  local s = tordek()
  s.attacks[1].extra = "1d6[fire]"
  local t, o = duel(s, orc("orc", { hp = 60 }))
  dice.force{ 20, 16, 1, 1, 1, 6 }
  local r = fight.strike(t, o, "Dwarven waraxe")
  eq(r.damage, 3 * 3 + 6, "3 x (1+2) + 1d6 fire once (3E-DMG-09)")
  dice.force{ 16, 5, 5, 5 }
  r = fight.strike(t, o, "Dwarven waraxe", { mul = 2 })
  eq(r.damage, 7 + 7 + 5, "a weapon set against a charge deals double (3E-INIT-17): 2 x (1d10+2), the fire once")
  eq(A.multiplier({ 2, 2 }), 3, "x2 and x2 make x3 (3E-DMG-10)")
  eq(A.multiplier({ 3, 2 }), 4, "a lance's x2 on a x3 critical: x4 (3E-ATK-18)")
  dice.force{ 20, 16, 1, 1, 1, 1, 6 }
  r = fight.strike(t, o, "Dwarven waraxe", { mul = 2 })
  eq(r.damage, 4 * 3 + 6, "x3 critical and x2: x4 on the weapon, fire once")
end)

test("the least damage is 1", function()
  local weakling = S.build{ id = "w", hp = 4, abilities = { str = 3 }, weapons = { { name = "Club", damage = "1d6" } } }
  eq(weakling.attacks[1].damage, "1d6-4")
  local w, o = duel(weakling, orc())
  dice.force{ 20, 1, 2 }
  local r = fight.strike(w, o, "Club")
  eq(r.damage, 1, "2 - 4 is 1 (3E-DMG-07)")
  dice.force{ 2 }
  eq(A.roll_damage("1d4", -4, 1), 1)
end)

test("Strength to damage: melee and thrown full, off hand half, two hands 1.5 x, bows only a penalty (EX-05)", function()
  eq(A.str_damage(3, "melee"), 3)
  eq(A.str_damage(3, "two_handed"), 4)
  eq(A.str_damage(3, "off_hand"), 1)
  eq(A.str_damage(3, "light_two_handed"), 3, "a light weapon in two hands: no 1.5 x")
  eq(A.str_damage(-1, "off_hand"), -1, "a penalty counts in full")
  eq(A.str_damage(3, "thrown"), 3)
  eq(A.str_damage(3, "bow"), 0)
  eq(A.str_damage(-2, "bow"), -2)
  eq(A.str_damage(-2, "sling"), -2)
  eq(A.str_damage(3, "crossbow"), 0)
  eq(A.str_damage(-2, "crossbow"), 0)
  fails(function() A.str_damage(1, "kick") end, "unknown use")
  local krusk = S.build{ id = "krusk", hp = 30, bab = 3, abilities = { str = 17 }, weapons = {
    { name = "Greataxe", damage = "1d12", crit = "x3", two_handed = true },
    { name = "Shortbow", damage = "1d6", range = 60, crit = "x3" } } }
  eq(krusk.attacks[1].damage, "1d12+4")
  eq(krusk.attacks[2].damage, "1d6", "a bow adds no Str bonus")
  eq(krusk.attacks[2].bonus, 3, "ranged: BAB + Dex + size (3E-ATK-03)")
end)

test("range: -2 per full increment, up to 10 increments (5 thrown) (EX-06)", function()
  eq(A.range_penalty(59, 60), 0)
  eq(A.range_penalty(60, 60), -2)
  eq(A.range_penalty(200, 60), -6)
  eq(A.range_penalty(40, 30), -2)
  eq(A.range_penalty(55, 80), 0)
  eq(A.range_penalty(601, 60), nil, "beyond 10 increments")
  eq(A.range_penalty(151, 30, 5), nil, "a thrown weapon's 5")
  -- the kernel: the orc's javelin at 40 ft: one full increment, -2
  local o, m = duel(orc(), S.build{ id = "mialee", hp = 7, abilities = { dex = 16 }, weapons = {
    { name = "Dagger", damage = "1d4" } } }, { 1, 2 }, { 9, 2 })
  eq(fight.distance(o, m), 40)
  dice.force{ 13 }
  local r = fight.strike(o, m, "Javelin")
  eq({ r.total, r.hit }, { 11, false }, "13 + 0 - 2 = 11 misses AC 13")
  local a = fight.assess(o, m, "Javelin")
  eq(a.bonus, -2)
  fight.place(m, 7, 2)
  eq(fight.distance(o, m), 30)
  eq(fight.assess(o, m, "Javelin").bonus, -2, "exactly one full increment counts")
  fight.place(m, 6, 2)
  eq(fight.assess(o, m, "Javelin").bonus, 0, "25 ft: none")
end)

test("a reach weapon strikes at 10 ft, not adjacent; a Large creature's at 15-20 ft (EX-23)", function()
  local pike = S.build{ id = "pike", hp = 10, bab = 1, abilities = { str = 12 }, weapons = {
    { name = "Longspear", damage = "1d8", reach = true } } }
  eq({ pike.attacks[1].reach, pike.attacks[1].reach_min }, { 10, 10 })
  local p, o = duel(pike, orc(), { 2, 2 }, { 3, 2 })
  eq(fight.reaches(p, o, "Longspear"), false, "adjacent")
  p, o = duel(pike, orc(), { 2, 2 }, { 4, 2 })
  eq(fight.reaches(p, o, "Longspear"), true, "10 ft")
  local ogre = S.build{ id = "ogre", size = "large", hp = 30, bab = 3, abilities = { str = 21 }, weapons = {
    { name = "Longspear", damage = "2d6", reach = true, two_handed = true } } }
  eq({ ogre.attacks[1].reach, ogre.attacks[1].reach_min }, { 20, 15 })
end)

test("shooting into melee: -4 when the target fights an ally within 5 ft; none at 10 ft; Precise Shot", function()
  local archer = S.build{ id = "archer", hp = 10, bab = 2, abilities = { dex = 14 }, weapons = {
    { name = "Shortbow", damage = "1d6", range = 60 } } }
  local all = arena(OPEN, { { id = "archer", side = "a", at = { 0, 2 }, stat = archer },
    { id = "ally", side = "a", at = { 6, 2 }, stat = tordek() }, { id = "orc", side = "b", at = { 7, 2 }, stat = orc() } },
    { acted = true })
  eq(fight.assess(all.archer, all.orc, "Shortbow").bonus, -4)
  fight.place(all.ally, 5, 2)
  eq(fight.assess(all.archer, all.orc, "Shortbow").bonus, 0, "the ally 10 ft away: no penalty")
  fight.place(all.ally, 6, 2)
  all.archer:add_tag("precise_shot")
  eq(fight.assess(all.archer, all.orc, "Shortbow").bonus, 0, "Precise Shot")
end)

test("a touch attack against touch AC: Tordek's 17 is 11 (EX-08); spells with attack rolls can crit", function()
  local mage = S.build{ id = "mage", hp = 6, bab = 0, abilities = { dex = 10 }, weapons = {
    { name = "Shocking grasp", damage = "1d8", touch = true, type = "electricity" } } }
  local m, t = duel(mage, tordek())
  dice.force{ 11, 3 }
  local r = fight.strike(m, t, "Shocking grasp")
  eq({ r.needed, r.hit }, { 11, true }, "armour and shield do not count")
  dice.force{ 20, 12, 2, 5 }
  r = fight.strike(m, t, "Shocking grasp")
  eq({ r.crit, r.damage }, { true, 7 }, "a spell with an attack roll scores a critical")
end)

test("bonuses of one type do not stack but dodge; conditions' typed bonuses count once (3E-ATK-24)", function()
  local total = A.bonus({ bab = 3, str = 2, bonuses = { { value = 1, type = "morale", source = "bless" },
    { value = 2, type = "morale", source = "heroism" }, { value = 1, type = "untyped", source = "Weapon Focus" },
    { value = 1, type = "enhancement", source = "masterwork" } } })
  eq(total, 3 + 2 + 2 + 1 + 1, "the higher morale bonus only")
  fails(function() A.bonus({ bab = 1, bonuses = { { value = 1, type = "holy" } } }) end, "unknown bonus type \"holy\"")
  local mw = S.build{ id = "mw", hp = 5, bab = 1, weapons = { { name = "Sword", damage = "1d8", masterwork = true, enhancement = 2 } } }
  eq(mw.attacks[1].bonus, 3, "a +2 weapon's enhancement does not stack with masterwork's +1")
end)

test("two-weapon fighting (Table 8-2's formula) and the double weapon's light row", function()
  eq({ A.twf({}) }, { -6, -10 })
  eq({ A.twf({ light = true }) }, { -4, -8 })
  eq({ A.twf({ light = true, ambidexterity = true, two_weapon = true }) }, { -2, -2 })
  eq(A.light("small", "medium"), true, "a short sword is light for a human (3E-ATK-21)")
  eq(A.light("tiny", "small"), true, "a dagger for a gnome")
  eq(A.light("medium", "medium"), false)
  eq(A.light(nil, "medium", true), true, "unarmed strikes always are")
  local rogue = S.build{ id = "rogue", hp = 10, bab = 6, abilities = { str = 14 }, feats = { "ambidexterity" }, weapons = {
    { name = "Rapier", damage = "1d6" }, { name = "Short sword", damage = "1d6", off_hand = true, light = true } } }
  local b = {}
  for _, a in ipairs(rogue.attacks) do b[a.name] = a.bonus end
  eq(b["Rapier"], 8, "alone: BAB 6 + Str 2")
  eq(b["Rapier (two weapons)"], 4, "light off hand: -4 primary")
  eq(b["Rapier 2"], -1, "the iterative +1 also -4")
  eq(b["Short sword (off hand)"], 4, "light and Ambidexterity: -4 off hand")
  eq(rogue.multiattack, { "Rapier (two weapons)", "Rapier 2", "Short sword (off hand)" })
  local db = S.build{ id = "db", hp = 10, bab = 1, weapons = { { name = "Two-bladed sword", damage = "1d8" },
    { name = "Two-bladed sword end", damage = "1d8", double = true } } }
  b = {}
  for _, a in ipairs(db.attacks) do b[a.name] = a.bonus end
  eq(b["Two-bladed sword (two weapons)"], -3, "a double weapon: the light row, -4 primary (3E-ATK-22)")
  eq(b["Two-bladed sword end (off hand)"], -7, "-8 off end")
end)

test("iterative attacks: a full attack at +6/+1, +11/+6/+1", function()
  eq(A.iterative(6), { 6, 1 })
  eq(A.iterative(11), { 11, 6, 1 })
  eq(A.iterative(5), { 5 })
  local f = S.build{ id = "f", hp = 40, bab = 11, abilities = { str = 10 }, weapons = { { name = "Sword", damage = "1d8" } } }
  eq(f.multiattack, { "Sword", "Sword 2", "Sword 3" })
  eq({ f.attacks[2].bonus, f.attacks[3].bonus }, { 6, 1 })
end)

test("natural weapons: primary at full bonus, secondary at -5 with half Str (MM 3.0)", function()
  local bear = S.build{ id = "bear", size = "large", hp = 30, bab = 3, abilities = { str = 21 }, natural = {
    { name = "Claw", damage = "1d8" }, { name = "Bite", damage = "2d8", secondary = true } } }
  eq({ bear.attacks[1].bonus, bear.attacks[1].damage }, { 7, "1d8+5" })
  eq({ bear.attacks[2].bonus, bear.attacks[2].damage }, { 2, "2d8+2" })
  eq(bear.multiattack, { "Claw", "Bite" })
end)
