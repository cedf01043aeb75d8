-- ruleset: 3e
-- The class features in fights: rage (EX-14), Power Attack, Cleave, sneak
-- attack, evasion, the cleric's cures, the wizard's spells.
-- covers: 3E-MAGIC-04 3E-MAGIC-10 3E-MAGIC-11 3E-MAGIC-12 3E-MAGIC-13 3E-MAGIC-14 3E-MAGIC-24
local S = require("core.3e.statblock")
local fighter = require("core.3e.classes.fighter")
local rogue = require("core.3e.classes.rogue")
local barbarian = require("core.3e.classes.barbarian")
local magic = require("core.3e.magic")

local function dummy(id, opts)
  opts = opts or {}
  return S.build{ id = id, hp = opts.hp or 30, ac = opts.ac or {}, abilities = opts.abilities, size = opts.size,
    tags = opts.tags, crit_immune = opts.crit_immune, natural = { { name = "Fist", damage = "1d2" } } }
end

local function table_fight(list)
  fight.table()
  local out, faces = {}, {}
  for i, x in ipairs(list) do
    out[i] = fight.add(x[1], { side = x[2] })[1]
    faces[#faces + 1] = 21 - i
  end
  dice.force(faces)
  fight.begin()
  return out
end

test("EX-14: Krusk rages: +6 hp (max and current), and loses them when it ends", function()
  local f = table_fight{ { barbarian.build{ id = "krusk", level = 3, hp = 31, race = "half-orc",
    abilities = { str = 17, dex = 13, con = 14 }, weapons = { { name = "Greataxe", damage = "1d12", crit = "x3", two_handed = true } } },
    "party" }, { dummy("orc"), "foes" } }
  local k = f[1]
  -- his turn started with an enemy near: he raged
  eq({ k:has("raging"), k:get("max_hp"), k:get("hp") }, { true, 37, 37 })
  k:set("hp", 32)
  k:heal(10)
  eq(k:get("hp"), 37, "cure spells can raise him back to 37: these are not temporary hit points")
  k:set("hp", 5)
  barbarian.stop(k)
  eq({ k:get("max_hp"), k:get("hp") }, { 31, -1 })
  ok(fight.is(k, "out"), "at -1 he is dying")
  ok(k:has("fatigued"))
end)

test("rage: +2 to melee attacks, +3 damage with a two-handed weapon, -2 AC", function()
  local f = table_fight{ { barbarian.build{ id = "krusk", level = 1, abilities = { str = 16, con = 14 },
    weapons = { { name = "Greataxe", damage = "1d12", crit = "x3", two_handed = true } } }, "party" },
    { dummy("orc", { ac = { armor = 4 } }), "foes" } }
  local k, orc = f[1], f[2]
  ok(k:has("raging"))
  local ac = k:get("ac")
  -- greataxe +4 (BAB 1, Str 3); raging +2: 8 + 6 = 14 hits AC 14; 1d12 5 + 4 + 3
  dice.force{ 8, 5 }
  local r = fight.strike(k, orc, "Greataxe")
  eq({ r.total, r.hit, r.damage }, { 14, true, 12 })
  dice.force{ 10, 1 }
  r = fight.strike(orc, k, "Fist")
  eq(r.needed, ac - 2, "-2 AC")
end)

test("Power Attack: the same penalty for the round's melee attacks, as much extra damage, multiplied on a critical", function()
  local f = table_fight{ { fighter.build{ id = "tordek", level = 4, abilities = { str = 16 }, feats = { "power_attack" },
    weapons = { { name = "Longsword", damage = "1d8" } } }, "party" }, { dummy("orc", { ac = { armor = 1 } }), "foes" } }
  local t, orc = f[1], f[2]
  -- +7 against AC 11 with 1d8+3: the most damage is at -4: 10 + 3 = 13 hits; 1d8 4 + 3 + 4
  dice.force{ 10, 4 }
  local r = fight.strike(t, orc, "Longsword")
  eq({ r.total, r.damage }, { 13, 11 })
  -- a critical: (1d8 + 3) x 2 + 4 x 2
  dice.force{ 20, 15, 2, 3 }
  r = fight.strike(t, orc, "Longsword")
  eq({ r.crit, r.damage }, { true, 2 + 3 + 3 + 3 + 8 })
end)

test("Cleave: dropping a foe gives one extra attack on another in reach, once a round", function()
  local f = table_fight{ { fighter.build{ id = "tordek", level = 1, abilities = { str = 16 }, feats = { "cleave" },
    weapons = { { name = "Longsword", damage = "1d8" } } }, "party" },
    { dummy("a", { hp = 3 }), "foes" }, { dummy("b", { hp = 3 }), "foes" }, { dummy("c", { hp = 3 }), "foes" } }
  local t, a, b, c = f[1], f[2], f[3], f[4]
  -- drops a (1d8 5 + 3), cleaves into b (hit, 1d8 4 + 3): b drops too, but only once a round
  dice.force{ 15, 5, 15, 4 }
  fight.strike(t, a, "Longsword")
  eq({ fight.is(a, "out"), fight.is(b, "out"), fight.is(c, "out") }, { true, true, false })
end)

test("sneak attack: flat-footed or flanked targets, +1d6 not multiplied on a critical; not on undead", function()
  local f = table_fight{ { rogue.build{ id = "lidda", level = 1, abilities = { dex = 16 },
    weapons = { { name = "Dagger", damage = "1d4", light = true } } }, "party" },
    { dummy("orc", { abilities = { dex = 12 } }), "foes" }, { dummy("skel", { crit_immune = true, tags = { "undead" } }), "foes" } }
  local l, orc, skel = f[1], f[2], f[3]
  -- the orc has not acted yet: flat-footed (3E-INIT-04): +1d6
  ok(orc:has("flat_footed"))
  dice.force{ 15, 3, 4 }
  eq(fight.strike(l, orc, "Dagger").damage, 3 + 4, "flat-footed: +1d6")
  -- not denied Dex, not flanked: no sneak attack: 1d4 3
  orc:remove_condition("flat_footed")
  dice.force{ 15, 3 }
  eq(fight.strike(l, orc, "Dagger").damage, 3)
  orc:add_condition("flat_footed")
  -- a critical: 1d4 x 2, the d6 once
  dice.force{ 20, 18, 3, 2, 4 }
  local r = fight.strike(l, orc, "Dagger")
  eq({ r.crit, r.damage }, { true, 3 + 2 + 4 })
  skel:add_condition("flat_footed")
  dice.force{ 15, 3 }
  eq(fight.strike(l, skel, "Dagger").damage, 3, "immune to critical hits: no sneak attack")
end)

test("evasion: no damage on a successful Reflex save for half, half on a failure", function()
  local r1 = dummy("r1")
  local f = table_fight{ { rogue.build{ id = "lidda", level = 2, abilities = { dex = 16 },
    weapons = { { name = "Dagger", damage = "1d4" } } }, "party" }, { r1, "foes" } }
  local l, other = f[1], f[2]
  eq(l:ability("ref"), 3 + 3)
  dice.force{ 9 }
  eq(magic.reflex_half(l, 20, 15), 0, "9 + 6 = 15 saves: none")
  dice.force{ 8 }
  eq(magic.reflex_half(l, 20, 15), 20, "a failed save: all of it")
  dice.force{ 15 }
  eq(magic.reflex_half(other, 20, 15), 10, "without evasion a success halves")
  dice.force{ 15 }
  eq(magic.reflex_half(other, 21, 15, { cover = "nine_tenths" }), 0, "3E-COVER-03: nine-tenths cover, a success: none")
  dice.force{ 1 }
  eq(magic.reflex_half(other, 21, 15, { cover = "nine_tenths" }), 10, "and half on a failure")
end)

local wizard = require("core.3e.classes.wizard")
local cleric = require("core.3e.classes.cleric")

local function mialee(level)
  return wizard.build{ id = "mialee", level = level or 1, abilities = { dex = 16, con = 10, int = 17 },
    weapons = { { name = "Dagger", damage = "1d4" } } }
end

test("3E-MAGIC-10/11: casting provokes; damage calls for Concentration 10 + damage; casting defensively does not provoke", function()
  local f = table_fight{ { dummy("orc"), "foes" }, { mialee(1), "party" } }
  local orc, m = f[1], f[2]
  local mm = magic.spell.magic_missile
  fight.next() -- the orc's turn is over: it is no longer flat-footed
  eq(m:resource("spell_1").current, 2)
  -- not defensively: the orc's attack of opportunity (12 hits AC 13? 12 + 0
  -- vs 13 misses), so no check; the spell goes off
  dice.force{ 12 }
  eq(magic.begin(m, mm), true)
  eq(fight.remaining(orc, "aoo"), 0, "the orc spent its attack of opportunity")
  -- next round: a hit for 2 (1d2): Concentration (Con 0 + ranks 4) d20 7 + 4 = 11 < 12: lost
  fight.next()
  fight.next()
  dice.force{ 15, 2, 7 }
  local ok, why = magic.begin(m, mm)
  eq({ ok, why, m:resource("spell_1").current }, { false, "lost", 0 }, "the slot is spent")
  m:restore("spell_1")
  -- defensively: no attack of opportunity; DC 16: 12 + 4 keeps it
  fight.next()
  fight.next()
  dice.force{ 12 }
  eq(magic.begin(m, mm, { defensively = true }), true)
  eq(fight.remaining(orc, "aoo"), 1, "casting defensively provokes nothing")
  dice.force{ 11 }
  eq({ magic.begin(m, mm, { defensively = true }) }, { false, "lost" }, "11 + 4 < 16")
end)

test("3E-MAGIC-13/14: a touch spell: cast, then a melee touch attack that provokes nothing; a miss keeps the charge", function()
  local f = table_fight{ { mialee(3), "party" }, { dummy("orc", { ac = { armor = 6 }, abilities = { dex = 12 } }), "foes" } }
  local m, orc = f[1], f[2]
  orc:remove_condition("flat_footed")
  local sg = magic.spell.shocking_grasp
  local st = {}
  magic.hold(st, sg, 1)
  -- the orc's AC 17 is touch 11: d20 10 + 1 (BAB 1, Str 0) misses, the charge is held
  dice.force{ 9 }
  local r = magic.touch(m, orc, sg, st)
  eq({ r.hit, r.needed, st.charge ~= nil, fight.remaining(orc, "aoo") }, { false, 11, true, 1 })
  -- 10 + 1 hits; 3d8 for a 3rd-level caster
  dice.force{ 10, 3, 4, 5 }
  r = magic.touch(m, orc, sg, st)
  eq({ r.hit, r.damage, st.charge, orc:get("hp") }, { true, 12, nil, 18 })
end)

test("magic missile: 1d4+1 a missile, one more every two levels beyond 1st, five at most; it never misses", function()
  eq({ magic.missiles({ caster_level = 1 }, magic.spell.magic_missile), magic.missiles({ caster_level = 3 }, magic.spell.magic_missile),
       magic.missiles({ caster_level = 4 }, magic.spell.magic_missile), magic.missiles({ caster_level = 9 }, magic.spell.magic_missile),
       magic.missiles({ caster_level = 15 }, magic.spell.magic_missile) }, { 1, 2, 2, 5, 5 })
end)

test("the cleric heals a dying ally: cure light wounds, 1d8 + 1; one still below 0 is stable, one at 0 or more is back", function()
  local jozan = cleric.build{ id = "jozan", level = 1, abilities = { wis = 15, cha = 13 },
    weapons = { { name = "Heavy mace", damage = "1d8" } } }
  local ally = S.build{ id = "mialee", hp = 7, player = true, natural = { { name = "Fist", damage = "1d2" } } }
  local f = table_fight{ { jozan, "party" }, { ally, "party" }, { dummy("orc"), "foes" } }
  local j, m = f[1], f[2]
  fight.damage(m, 13, "slashing")
  eq({ m:get("hp"), fight.is(m, "out") }, { -6, true })
  -- with no map the orc threatens everyone: jozan casts defensively,
  -- Concentration 12 + ranks 4 against DC 16; 1d8 2 + 1 = 3: -3, stable
  dice.force{ 12, 2 }
  eq(cleric.heal_ally(j), true)
  eq({ m:get("hp"), fight.is(m, "out"), fight.is(m, "stable") }, { -3, true, true })
  eq(j:resource("spell_1").current, 2)
  -- 1d8 8 + 1 = 9: 6 hp, back in the fight
  m:set("hp", -3)
  dice.force{ 12, 8 }
  cleric.heal_ally(j)
  eq({ m:get("hp"), fight.is(m, "out") }, { 6, false })
end)

test("3E-MAGIC-02/04: sleep takes a round; the damage taken meanwhile calls for Concentration 10 + damage", function()
  fight.table()
  fight.set_map{ rows = { "#########", "#.......#", "#.......#", "#.......#", "#########" } }
  local m = fight.add(mialee(1), { side = "party" })[1]
  -- tordek, 5th level, is beyond sleep: mialee may catch him in it
  local t = fight.add(S.build{ id = "tordek", hp = 40, level = 5, natural = { { name = "Fist", damage = "1d2" } } }, { side = "party" })[1]
  local g1 = fight.add(S.build{ id = "g1", hp = 5, level = 1, saves = { will = 0 }, natural = { { name = "Bite", damage = "1d4" } } }, { side = "foes" })[1]
  local g2 = fight.add(S.build{ id = "g2", hp = 5, level = 1, natural = { { name = "Bite", damage = "1d4" } } }, { side = "foes" })[1]
  fight.place(m, 1, 1)
  fight.place(t, 5, 2)
  fight.place(g1, 6, 2)
  fight.place(g2, 6, 3)
  dice.force{ 20, 19, 18, 17 }
  fight.begin()
  local aim = wizard.area(m, "sleep")
  ok(aim, "two goblins held in melee by tordek (5 HD: sleep spares him)")
  eq(wizard.begin_round(m, "sleep", aim), true)
  ok(m:has("casting:sleep"))
  -- 3 damage before her next turn: Concentration (ranks 4, Con 0) 8 + 4 < 13: lost
  m:set("hp", m:get("hp") - 3)
  dice.force{ 8 }
  eq(wizard.complete(m), "lost")
  -- again, unhurt: it goes off: 2d4 = 2 + 2 HD, fewest HD first; Will DC 10 + 1 + Int 2 = 13
  m:restore("spell_1")
  wizard.begin_round(m, "sleep", aim)
  dice.force{ 2, 2, 5, 15 }
  eq(wizard.complete(m), "sleep")
  eq({ g1:has("asleep"), g2:has("asleep") }, { true, false }, "g1 fails (5), g2 saves (15)")
end)

test("3E-MAGIC-12/24: concentrating (standard, no AoO), dismissing, ceasing (free), quickened (free): Table 8-4's rows", function()
  eq(magic.action("maintain"), { action = "standard", provokes = false })
  eq(magic.action("dismiss"), { action = "standard", provokes = false })
  eq(magic.action("cease"), { action = "free", provokes = false })
  eq(magic.action("quickened"), { action = "free", provokes = false })
  eq(magic.action("touch_six"), { action = "full", provokes = true })
  local st = {}
  magic.maintain(st, { name = "flaming sphere", level = 2 })
  dice.force{ 9 }
  local r = magic.interrupt({ concentration = 5 }, st, 5)
  eq({ r.dc, r.kept, st.maintained }, { 15, false, nil }, "9 + 5 < 15: the spell ends")
  magic.maintain(st, { name = "flaming sphere", level = 2 })
  dice.force{ 10 }
  eq(magic.interrupt({ concentration = 5 }, st, 5).kept, true)
  eq(st.maintained.name, "flaming sphere")
  magic.cease(st)
  eq(st.maintained, nil)
end)
