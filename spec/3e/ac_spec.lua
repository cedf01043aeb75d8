-- ruleset: 3e
-- Armor Class and the attack modifiers of Table 8-8 (inventory §§7, 13):
-- 10 + bonuses by type, Dex capped by armour, touch and flat-footed AC,
-- dodge bonuses that stack and go with the Dex bonus (EX-07), the Dodge
-- feat, uncanny dodge, every row of Table 8-8 through the kernel's
-- assessment, flanking, the helpless defender.
-- covers: 3E-AC-01 3E-AC-02 3E-AC-03 3E-AC-04 3E-AC-05 3E-AC-06 3E-AC-07 3E-AC-08 3E-AC-09 3E-AC-10
-- covers: 3E-AC-11 3E-AC-12 3E-AC-13 3E-INIT-05 3E-INIT-08 3E-MOD-01 3E-MOD-02 3E-MOD-03 3E-MOD-04
-- covers: 3E-MOD-05 3E-MOD-06 3E-MOD-07 3E-MOD-08 3E-MOD-09 3E-MOD-10 3E-MOD-11 3E-MOD-12 3E-MOD-13
-- covers: 3E-MOD-14 3E-ATK-25 3E-ATK-26 3E-POS-01 3E-HELP-01 3E-HP-19
local S = require("core.3e.statblock")
local AC = require("core.3e.ac")
local arena = require("core.3e.arena")

local OPEN = { "........", "........", "........", "........", "........" }

local function tordek(extra)
  local t = { id = "tordek", hp = 13, bab = 1, abilities = { str = 15, dex = 12 }, ac = { armor = 4, shield = 2 },
    weapons = { { name = "Waraxe", damage = "1d10" }, { name = "Crossbow", damage = "1d8", range = 80, group = "crossbow" },
      { name = "Bow", damage = "1d6", range = 60 } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function pair(a, b, apos, bpos, opts)
  local all = arena(OPEN, { { id = a.id, side = "a", at = apos or { 2, 2 }, stat = a },
    { id = b.id, side = "b", at = bpos or { 3, 2 }, stat = b } }, opts or { acted = true })
  return all[a.id], all[b.id]
end

test("AC = 10 + armour + shield + Dex + size + others; touch and flat-footed (EX-08, Mialee 13/10)", function()
  eq(AC.of({ armor = 4, shield = 2, dex = 1 }), { ac = 17, touch = 11, flat_footed = 16, parts = { armor = 4, shield = 2, dex = 1 } })
  local m = AC.of({ dex = 3 })
  eq({ m.ac, m.flat_footed }, { 13, 10 })
  eq(AC.of({}).ac, 10, "an unarmoured ordinary person")
  eq(AC.of({ dex = 4, size = 1 }, { max_dex = 1 }).ac, 12, "armour caps the Dex bonus (3E-AC-03)")
  eq(AC.of({ dex = -1 }, {}).flat_footed, 9, "a Dex penalty stays when flat-footed")
  eq(AC.of({ natural = 3, deflection = 2, dex = 1 }).touch, 13, "deflection counts against touch, natural armour does not")
  fails(function() AC.of({ armour = 4 }) end, "unknown bonus type \"armour\"")
end)

test("dodge bonuses stack, are not capped by armour, and go with the Dex bonus (EX-07)", function()
  local r = AC.of({ dex = 2, dodge = { 4, 2 } }, { max_dex = 1 })
  eq(r.ac, 10 + 1 + 6, "+4 against giants and +2 fighting defensively: +6; the Dex capped at +1")
  eq(r.flat_footed, 10, "flat-footed: both lost")
  eq(AC.of({ deflection = { 2, 1 } }).ac, 12, "two deflection bonuses: the higher only")
end)

test("the stat block's AC parts are the kernel's: touch, flat-footed and typed condition bonuses in fights", function()
  local t = tordek({ ac = { armor = 4, shield = 2, armor_enhancement = 1 } })
  eq({ t.ac, t.ac_types }, { 18, { armor = 5, shield = 2, dex = 1 } }, "chain mail +1: +1 AC (3E-AC-07)")
  local mage = S.build{ id = "mage", hp = 6, weapons = { { name = "Grasp", damage = "1d8", touch = true },
    { name = "Dagger", damage = "1d4" } } }
  local m, x = pair(mage, t)
  eq(fight.assess(m, x, "Grasp").ac, 11, "touch: the +1 chain mail's bonus goes too")
  eq(fight.assess(m, x, "Dagger").ac, 18)
  x:add_condition("fighting_defensively")
  eq(fight.assess(m, x, "Dagger").ac, 20, "+2 dodge (3E-ATK-16)")
  x:add_condition("total_defense")
  eq(fight.assess(m, x, "Dagger").ac, 24, "dodge bonuses stack: +2 and +4")
  x:add_condition("flat_footed")
  eq(fight.assess(m, x, "Dagger").ac, 17, "flat-footed: Dex and every dodge bonus lost")
  x:remove_condition("flat_footed")
  x:remove_condition("total_defense")
  x:remove_condition("fighting_defensively")
  x:add_condition("charging")
  eq(fight.assess(m, x, "Dagger").ac, 16, "a charge's -2 (3E-ATK-17)")
end)

test("the Dodge feat: +1 against the designated opponent only, not when flat-footed", function()
  local t = tordek()
  local all = arena(OPEN, { { id = "tordek", side = "a", at = { 2, 2 }, stat = t },
    { id = "o1", side = "b", at = { 3, 2 }, stat = tordek({ id = "o1" }) },
    { id = "o2", side = "b", at = { 1, 2 }, stat = tordek({ id = "o2" }) } }, { acted = true })
  AC.dodge(all.tordek, all.o1)
  eq(fight.assess(all.o1, all.tordek, "Waraxe").ac, 18)
  eq(fight.assess(all.o2, all.tordek, "Waraxe").ac, 17, "another opponent: no bonus")
  all.tordek:add_condition("flat_footed")
  eq(fight.assess(all.o1, all.tordek, "Waraxe").ac, 16)
end)

test("everyone is flat-footed until its first turn; the unaware stay so; uncanny dodge keeps Dex", function()
  local lidda = S.build{ id = "lidda", hp = 8, abilities = { dex = 17 }, weapons = { { name = "Sword", damage = "1d6" } } }
  local rogue = S.build{ id = "rogue", hp = 8, abilities = { dex = 17 }, feats = { "uncanny_dodge" },
    weapons = { { name = "Sword", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "orc", side = "b", at = { 2, 2 }, stat = tordek({ id = "orc" }) },
    { id = "lidda", side = "a", at = { 3, 2 }, stat = lidda }, { id = "rogue", side = "a", at = { 2, 3 }, stat = rogue } },
    { init = { 20, 5, 1 } }) -- orc 21, Lidda 8, the rogue 4
  ok(all.lidda:has("flat_footed"))
  eq(fight.assess(all.orc, all.lidda, "Waraxe").ac, 10, "Dex +3 lost")
  eq(fight.assess(all.orc, all.rogue, "Waraxe").ac, 13, "uncanny dodge")
  fight.next()
  eq(fight.turn()[1], all.lidda)
  eq(all.lidda:has("flat_footed"), false, "it ends when she first acts")
  eq(fight.assess(all.orc, all.lidda, "Waraxe").ac, 13)
end)

test("a creature that cannot act stays flat-footed", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = tordek({ id = "a" }) },
    { id = "b", side = "b", at = { 3, 2 }, stat = tordek({ id = "b" }) } }, {})
  all.b:add_condition("stunned")
  fight.next()
  ok(all.b:has("flat_footed"), "stunned at its turn")
end)

test("Table 8-8 through the kernel, melee and ranged", function()
  local a, d = pair(tordek({ id = "a" }), tordek({ id = "d" }), { 2, 2 }, { 3, 2 })
  local function mods(cond_a, cond_d)
    if cond_a then a:add_condition(cond_a) end
    if cond_d then d:add_condition(cond_d) end
    local melee = fight.assess(a, d, "Waraxe")
    fight.place(d, 6, 2)
    local ranged = fight.assess(a, d, "Crossbow")
    fight.place(d, 3, 2)
    if cond_a then a:remove_condition(cond_a) end
    if cond_d then d:remove_condition(cond_d) end
    return { melee.bonus, ranged.bonus, melee.ac, ranged.ac }
  end
  eq(mods(), { 0, 0, 17, 17 })
  eq(mods("higher_ground"), { 1, 0, 17, 17 }, "3E-MOD-03")
  eq(mods("prone"), { -4, 0, 17, 17 }, "3E-MOD-04: prone, a crossbow still")
  a:add_condition("prone")
  fight.place(d, 6, 2)
  local bow = fight.assess(a, d, "Bow")
  eq({ bow.allowed, bow.why }, { false, "attacker prone: no ranged attack" })
  a:remove_condition("prone")
  fight.place(d, 3, 2)
  eq(mods(nil, "kneeling"), { 2, -2, 17, 17 }, "3E-MOD-06")
  eq(mods(nil, "prone"), { 4, -4, 17, 17 }, "3E-MOD-07")
  eq(mods(nil, "stunned"), { 2, 2, 16, 16 }, "3E-MOD-08: and no Dex")
  eq(mods(nil, "cowering"), { 2, 2, 16, 16 })
  eq(mods(nil, "off_balance"), { 2, 2, 16, 16 })
  eq(mods(nil, "climbing"), { 2, 2, 14, 14 }, "3E-MOD-09: no shield either")
  eq(mods(nil, "flat_footed"), { 0, 0, 16, 16 }, "3E-MOD-10")
  eq(mods(nil, "surprised"), { 0, 0, 16, 16 })
  eq(mods(nil, "running"), { 0, -2, 16, 16 }, "3E-MOD-11")
  eq(mods(nil, "grappling"), { 0, 0, 16, 16 }, "3E-MOD-12: +0/+0, no Dex against one it does not grapple")
  d:add_condition("grappling", { source = "a" })
  eq(fight.assess(a, d, "Waraxe").ac, 17, "the one it grapples: Dex kept (3E-GRAP-14)")
  d:remove_condition("grappling")
  eq(mods(nil, "pinned"), { 4, -4, 16, 16 }, "3E-MOD-13")
  local inv = mods("invisible")
  eq({ inv[1], inv[2] }, { 2, 2 }, "3E-MOD-05: +2 melee and ranged")
  eq({ inv[3], inv[4] }, { 16, 16 }, "the defender cannot see it: no Dex")
end)

test("flanking: +2 in melee with an ally directly opposite who threatens; not ranged (3E-MOD-02)", function()
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = tordek({ id = "a" }) },
    { id = "ally", side = "a", at = { 4, 2 }, stat = tordek({ id = "ally" }) },
    { id = "d", side = "b", at = { 3, 2 }, stat = tordek({ id = "d" }) } }, { acted = true })
  eq(fight.assess(all.a, all.d, "Waraxe").bonus, 2)
  fight.place(all.ally, 4, 1)
  eq(fight.assess(all.a, all.d, "Waraxe").bonus, 0, "beside, not opposite")
  fight.place(all.ally, 4, 2)
  all.ally:add_condition("stunned")
  eq(fight.assess(all.a, all.d, "Waraxe").bonus, 0, "an ally that cannot act threatens nothing")
end)

test("a helpless defender: +4 melee, nothing ranged, Dex 0 (-5), casting keeps Dex (3E-AC-13)", function()
  local a, d = pair(tordek({ id = "a" }), tordek({ id = "d" }))
  d:add_condition("asleep")
  local m = fight.assess(a, d, "Waraxe")
  eq({ m.bonus, m.ac }, { 4, 10 + 4 + 2 - 5 })
  fight.place(d, 6, 2)
  eq(fight.assess(a, d, "Crossbow").bonus, 0)
  fight.place(d, 3, 2)
  d:remove_condition("asleep")
  local t = rules.need("3e.turn").start(d)
  ok(t:standard("cast"))
  eq(fight.assess(a, d, "Waraxe").ac, 17, "casting a spell keeps the Dex bonus")
end)
