-- ruleset: 3e
-- Ability types and antimagic, spell resistance, psionics, charm and
-- compulsion, death attacks, paralysis and hold, polymorph, rays, turn
-- resistance, breath weapons, fast healing (monsters.abilities.types,
-- spell_resistance, effects, regeneration; monsters.abilities.3e's
-- breath weapon through the damage pipeline).
-- covers: DMG-SA-01 DMG-SA-08 DMG-SA-34 DMG-SA-41 DMG-SA-42 DMG-SA-11 DMG-SA-12 DMG-SA-16 DMG-SA-29 DMG-SA-33
-- covers: DMG-SA-36 DMG-SA-44 DMG-SA-10 DMG-SA-21
local S = require("core.3e.statblock")
local TY = require("monsters.abilities.types")
local SR = require("monsters.abilities.spell_resistance")
local FX = require("monsters.abilities.effects")
local REGEN = require("monsters.abilities.regeneration")

test("Table 3-12 [K]: Ex, Sp, Su against dispel, SR, antimagic and attacks of opportunity", function()
  eq({ TY.dispellable("ex"), TY.sr_applies("ex"), TY.suppressed_by_antimagic("ex"), TY.provokes("ex") },
     { false, false, false, false })
  eq({ TY.dispellable("sp"), TY.sr_applies("sp"), TY.suppressed_by_antimagic("sp"), TY.provokes("sp") },
     { true, true, true, true })
  eq({ TY.dispellable("su", false), TY.dispellable("su", true), TY.sr_applies("su"), TY.suppressed_by_antimagic("su"),
       TY.provokes("su") }, { true, false, false, true, false }, "3.0: a Su effect with a duration can be dispelled (A-28)")
  local okk, err = pcall(TY.sr_applies, "xx")
  ok(not okk and string.find(err, "unknown ability type", 1, true))
end)

test("DMG-SA-8, TV-32: antimagic suppresses Su, Sp and spells (not Ex), by point of origin; summoned wink out; 17%", function()
  eq(TY.antimagic{ kind = "ex" }, "works")
  eq(TY.antimagic{ kind = "su" }, "suppressed")
  eq(TY.antimagic{ kind = "spell", partly_inside = true, origin_inside = false }, "partial")
  eq(TY.antimagic{ kind = "spell", partly_inside = true, origin_inside = true }, "suppressed")
  eq(TY.antimagic{ kind = "spell", name = "wall_of_force" }, "works")
  eq(TY.antimagic{ kind = "spell", name = "prismatic_sphere" }, "works")
  eq(TY.antimagic{ kind = "spell", summoned = true }, "winks_out")
  eq(TY.antimagic{ kind = "su", incorporeal = true, undead = true }, "winks_out")
  eq(TY.creature_in_antimagic("golem"), "functions")
  eq(TY.disjunction_chance(17), 17)
  eq(TY.removed_by.dispel_magic, nil)
end)

test("DMG-SA-34: psionic powers work as spell-like abilities: SR and antimagic apply, Will saves", function()
  eq({ TY.sr_applies("psionic"), TY.suppressed_by_antimagic("psionic") }, { true, true })
  eq(FX.psionic_save, "will")
end)

test("TV-45: SR overlaps: 25 against evil casters, 15 against the rest", function()
  local stat = { id = "jozan", hp = 30, level = 5, weapons = { { name = "Mace", damage = "1d8" } } }
  SR.apply(stat, { { value = 15 }, { value = 25, against = "evil" } })
  local c = creature.new(S.build(stat))
  eq(SR.value(c, { evil = true }), 25)
  eq(SR.value(c, {}), 15)
  dice.force{ 11 }
  eq(SR.check({ evil = true, caster_level = 12 }, c, { ability = "spell" }).affected, false, "11 + 12 = 23 < 25")
  dice.force{ 4 }
  eq(SR.check({ caster_level = 12 }, c, { ability = "spell" }).affected, true, "4 + 12 = 16 >= 15")
  eq(SR.check({ caster_level = 1 }, c, { ability = "su" }).affected, true, "a Su ability: no check")
end)

test("TV-46, TV-47: one check per spell instance and creature; lowered SR is checked when it comes back", function()
  local stat = { id = "ogre_mage", hp = 30, hd = 5, natural = { { name = "Fist", damage = "1d8" } } }
  SR.apply(stat, { value = 18 })
  local c = creature.new(S.build(stat))
  local wall = {}
  dice.force{ 9 }
  eq(SR.check({ caster_level = 9 }, c, { instance = wall }).affected, true)
  local r = SR.check({ caster_level = 9 }, c, { instance = wall })
  eq({ r.affected, r.cached }, { true, true }, "no new roll: the result stands")
  local wall2 = {}
  dice.force{ 8 }
  eq(SR.check({ caster_level = 9 }, c, { instance = wall2 }).affected, false)
  eq(SR.check({ caster_level = 9 }, c, { instance = wall2 }).affected, false)
  -- lowered: affected without a check; once it is back, one check
  local barrier = {}
  SR.lower(c)
  eq(SR.check({ caster_level = 9 }, c, { instance = barrier }).lowered, true)
  c:remove_condition("sr_lowered")
  dice.force{ 2 }
  eq(SR.check({ caster_level = 9 }, c, { instance = barrier }).affected, false)
end)

test("DMG-SA-42: when SR applies, by category and school", function()
  eq(SR.applies{ school = "enchantment", category = "targeted" }, true)
  eq(SR.applies{ school = "divination", category = "targeted" }, false)
  eq(SR.applies{ school = "conjuration", category = "targeted", conjures_energy = true }, true)
  eq(SR.applies{ school = "conjuration", category = "effect", summons = true }, false)
  eq(SR.applies{ school = "evocation", category = "area", harms = false }, false)
  eq(SR.applies{ school = "evocation", category = "area" }, true)
  eq(SR.applies{ school = "illusion", category = "targeted" }, false)
  eq(SR.applies{ school = "illusion", category = "targeted", direct_attack = true }, true)
  eq(SR.applies{ school = "transmutation", category = "area", transforms = false }, false)
  eq(SR.applies{ school = "abjuration", category = "targeted", harms = true, protective = true }, false)
  eq(SR.applies{ school = "evocation", category = "area", indirect = true }, false, "daylight on the area around a drow")
  eq(SR.applies{ school = "conjuration", category = "effect", lasting = true, present = false }, false)
  eq(SR.applies{ school = "evocation", sr = true, senses = true }, true, "the spell's own entry wins")
end)

test("TV-78: charm: opposed Cha to refuse, mediates rather than attack friends, broken by the charmer's attack", function()
  local v = creature.new{ id = "v", hp = 10, abilities = { will = 0 } }
  v:add_condition("charmed", { source = "succubus" })
  eq(FX.order(v, { suicidal = true }), "refuses")
  eq(FX.order(v, { attack_friends = true }), "mediates")
  -- opposed Cha: charmer d20 5 + 2, victim d20 12 + 0: it refuses
  dice.force{ 5, 12 }
  eq(FX.order(v, { beyond_friendship = true, cha_charmer = 2, cha_victim = 0 }), "refuses")
  ok(v:has("charmed"), "still charmed")
  -- against its nature: a new save (d20 15 >= 14) breaks it
  dice.force{ 15 }
  eq(FX.order(v, { against_nature = true, dc = 14 }), "breaks")
  v:add_condition("charmed", { source = "succubus" })
  eq(FX.attacked(v, "succubus"), true)
  ok(not v:has("charmed"))
  -- DMG-SA-12: nothing volunteered
  eq(FX.complies({ thing = "wand_of_fire" }, {}), false)
  eq(FX.complies({ class = "most powerful item" }, {}), true)
end)

test("DMG-SA-16: a death attack: Fort or dead at -10 whatever the hit points; death ward protects; power word kill no save", function()
  local c = creature.new{ id = "c", hp = 80, floor = -10, abilities = { fort = 4 } }
  dice.force{ 15 }
  eq(FX.death_attack(c, { dc = 17 }), "saved")
  dice.force{ 2 }
  eq(FX.death_attack(c, { dc = 17 }), "dead")
  eq(c:get("hp"), -10)
  local d = creature.new{ id = "d", hp = 80, floor = -10 }
  eq(FX.death_attack(d, { no_save = true }), "dead")
  local e = creature.new{ id = "e", hp = 80, floor = -10 }
  e:add_condition("death_ward")
  eq(FX.death_attack(e, { no_save = true }), "warded")
end)

test("DMG-SA-29: paralysis resisted by Fortitude, hold by Will; helpless; a winged flier falls", function()
  eq({ FX.paralysis_save("paralysis"), FX.paralysis_save("hold") }, { "fort", "will" })
  local c = creature.new{ id = "c", hp = 10, abilities = { fort = 0, will = 10 }, tags = { "winged_flier", "flying" } }
  dice.force{ 5 }
  eq(FX.paralyze(c, { kind = "paralysis", dc = 14, rounds = 3 }), "falls")
  ok(c:has("paralyzed"))
  dice.force{ 5 }
  eq(FX.paralyze(creature.new{ id = "d", hp = 10, abilities = { will = 10 } }, { kind = "hold", dc = 14 }), "saved")
  eq(FX.paralysis_allows, { mental = true, physical = false, speak = false, move = false })
end)

test("DMG-SA-33: polymorph keeps the type; the dwarf's giant bonus goes by the form", function()
  local form = { type = "giant", shape = "humanoid", recognised = false }
  eq(FX.counts_as(form, "bane"), "giant")
  eq(FX.counts_as(form, "favoured_enemy"), nil)
  eq(FX.counts_as(form, "dwarf_giant_bonus"), "humanoid")
  eq({ FX.disoriented(true), FX.disoriented(false) }, { false, true })
end)

test("DMG-SA-36: a ray: a ranged touch attack, no range increments, never a Reflex save", function()
  local okk, err = pcall(FX.ray, nil, nil, { save = "ref" })
  ok(not okk and string.find(err, "never allows a Reflex save", 1, true))
  eq(FX.ray_range_penalty, 0)
  fight.table()
  local a = fight.add(S.build{ id = "mage", hp = 10, weapons = { { name = "Ray", damage = "1d6", range = 60 } } }, { side = "party" })[1]
  local b = fight.add(S.build{ id = "orc", hp = 10, ac = { armor = 4 }, weapons = { { name = "Axe", damage = "1d8" } } }, { side = "foes" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  -- touch AC 10 (armour ignored): d20 10 hits
  dice.force{ 10 }
  eq(FX.ray(a, b, { attack = "Ray" }).hit, true)
end)

test("TV-48: a shadow's turn resistance +2: 5 HD for turning, 3 for the rest", function()
  local stat = FX.turn_resistance({ id = "shadow", hp = 19, hd = 3, natural = { { name = "Touch", damage = "1d6" } } }, 2)
  local c = creature.new(S.build(stat))
  eq({ FX.turning_hd(c), c:ability("level") }, { 5, 3 })
end)

test("DMG-SA-10: a breath weapon: no attack roll, a save for half, the breather immune; through the pipeline (resistance)", function()
  fight.table()
  local d = fight.add("white_dragon", { side = "foes" })[1]
  local stat = { id = "tordek", hp = 30, saves = { ref = 0 }, weapons = { { name = "Axe", damage = "1d10" } } }
  require("monsters.abilities.energy_resistance").apply(stat, { cold = 5 })
  local t = fight.add(S.build(stat), { side = "party" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  ok(d:resource("breath"))
  -- the packet a breath weapon sends: Su, a save for half, no SR
  dice.force{ 2 }
  local r = require("core.3e.damage").apply(t, { amount = 9, type = "cold", source = d, ability = "su",
    save = { kind = "ref", dc = 14 } })
  eq({ r.saved, r.resisted, r.amount, t:get("hp") }, { false, 5, 4, 26 })
end)

test("TV-37: fast healing 2: 5 subdual and 10 normal -> 3/10 -> 1/10 -> 0/9, subdual first", function()
  local stat = { id = "slaad", hp = 40, weapons = { { name = "Claw", damage = "1d4" } } }
  REGEN.fast_healing(stat, { amount = 2 })
  fight.table()
  local c = fight.add(S.build(stat), { side = "foes" })[1]
  local o = fight.add(S.build{ id = "o", hp = 10, weapons = { { name = "Claw", damage = "1d4" } } }, { side = "party" })[1]
  dice.force{ 1, 20 }
  fight.begin()
  c:set("hp", 30)
  c:damage(5, nil, { nonlethal = true })
  local seen = {}
  for _ = 1, 3 do
    fight.next()
    fight.next()
    seen[#seen + 1] = { c:get("nonlethal"), c:get("max_hp") - c:get("hp") }
  end
  eq(seen, { { 3, 10 }, { 1, 10 }, { 0, 9 } })
  eq(o:get("hp"), 10)
end)
