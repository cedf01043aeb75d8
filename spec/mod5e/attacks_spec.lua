-- The modded 5e, inventory section 9: attacks and damage (TV-10, TV-34),
-- and graded advantage in fights.
-- ruleset: mod5e
-- covers: HB-ATTACK-01 HB-ATTACK-02 HB-ATTACK-03 HB-ATTACK-04 HB-ATTACK-05 HB-ATTACK-06
-- covers: HB-ATTACK-07 HB-ATTACK-08 HB-ATTACK-09 HB-ATTACK-10 HB-ATTACK-11

local ch = require("core.5e.character")
local atk = rules.need("mod5e.attack")

local function pc(id, abilities, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = opts.hp or 30, level = 1, abilities = abilities or { str = 14, dex = 16, con = 10,
    int = 10, wis = 10, cha = 10 }, weapons = opts.weapons }
  c:set("ac", opts.ac or 12)
  c:set("pos", opts.pos or { x = 0, y = 0 })
  if opts.side then c:set("side", opts.side) end
  return c
end

local function levels(a) return a.adv - a.dis end

-- scene runs fn(all) inside a fight, after initiative (forced).
local function scene(a, b, fn)
  local done = false
  local h = rules.on("turn.act", function(e)
    if done then return end
    done = true
    local all = {}
    for _, c in ipairs(fight.all()) do all[c:get("id")] = c end
    fn(all)
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
  end, { phase = "after" })
  dice.force{ 15, 5 }
  fight.run(fight.encounter{ max_rounds = 1, sides = { { name = "a", members = { { stat = a } } },
    { name = "b", members = { { stat = b } } } } })
  rules.off(h)
  eq(done, true)
end

test("an attack: choose a target in range, work out the modifiers, roll, then damage on a hit (HB-ATTACK-01)", function()
  local a, t = pc("a"), pc("t", nil, { pos = { x = 3, y = 0 } })
  local r = atk.attack(a, t, { attack = "melee", damage = "1d8", damage_type = "slashing" })
  eq({ r.hit, r.refused }, { false, "out of reach" }, "15 ft away with a sword")
  t:set("pos", { x = 1, y = 0 })
  dice.force{ 9 }
  r = atk.attack(a, t, { attack = "melee", damage = "1d8", damage_type = "slashing", cover = "weak" })
  eq({ r.context.ac_bonus, r.hit }, { 2, false }, "9 + Str 2 = 11 against AC 12 + 2 for weak cover")
  dice.force{ 14, 6 }
  r = atk.attack(a, t, { attack = "melee", damage = "1d8", damage_type = "slashing" })
  eq({ r.hit, r.damage, t:get("hp") }, { true, 8, 22 }, "1d8 = 6 + Str 2")
end)

test("anything with an attack roll is an attack, a spell's too: it gives away a hidden attacker (HB-ATTACK-02)", function()
  local a, t = pc("mage"), pc("t", nil, { pos = { x = 4, y = 0 } })
  a:add_tag("spellcasting=int")
  a:add_condition("hidden", { source = "t", level = 18, stacking = "independent" })
  dice.force{ 11, 4, 8 }
  local r = atk.roll(a, t, { attack = "spell", ranged = true, range = { 120 } })
  eq({ r.kind, r.net_adv, r.natural }, { "attack", 2, 11 }, "the target can't see it: 2 adv")
  eq(a:has("hidden"), false)
end)

test("a total equal to the AC hits (HB-ATTACK-03)", function()
  local a, t = pc("a"), pc("t", nil, { pos = { x = 1, y = 0 } })
  dice.force{ 10 }
  eq(atk.roll(a, t, { attack = "melee" }).hit, true, "10 + Str 2 = 12 = AC 12")
  dice.force{ 9 }
  eq(atk.roll(a, t, { attack = "melee" }).hit, false)
end)

test("melee uses Str, ranged Dex; finesse either, a thrown weapon's throw Str too; spells the key attribute (HB-ATTACK-04)", function()
  local c = pc("c", { str = 14, dex = 18, con = 10, int = 16, wis = 10, cha = 10 })
  local ab = rules.need("5e.attack_ability")
  eq(ab(c, { attack = "melee" }), "str")
  eq(ab(c, { attack = "ranged" }), "dex")
  eq(ab(c, { attack = "melee", finesse = true }), "dex", "the better")
  eq(ab(c, { attack = "melee", finesse = true, use = "str" }), "str", "a choice")
  local brute = pc("brute", { str = 18, dex = 10, con = 10, int = 10, wis = 10, cha = 10 })
  eq(ab(brute, { attack = "ranged", thrown = true }), "str", "a thrown javelin with Str")
  eq(ab(brute, { attack = "ranged" }), "dex", "a bow: Dex only")
  fails(function() ab(c, { attack = "ranged", use = "str" }) end, "may use dex")
  c:add_tag("spellcasting=int")
  eq(ab(c, { attack = "spell" }), "int")
end)

test("the proficiency bonus with a proficient weapon; always with spell attacks (HB-ATTACK-05)", function()
  local a = pc("a", nil, { weapons = { "longsword" } })
  local t = pc("t", nil, { pos = { x = 1, y = 0 } })
  dice.force{ 5 }
  eq(atk.roll(a, t, { attack = "melee", weapon = "longsword" }).total, 9, "5 + 2 + proficiency 2")
  dice.force{ 5 }
  eq(atk.roll(a, t, { attack = "melee", weapon = "greataxe" }).total, 7, "not proficient")
  a:add_tag("spellcasting=int")
  dice.force{ 5 }
  eq(atk.roll(a, t, { attack = "spell" }).total, 7, "5 + Int 0 + 2: always proficient")
end)

test("weapon damage adds the attack roll's attribute (HB-ATTACK-06)", function()
  local a = pc("a", { str = 8, dex = 18, con = 10, int = 10, wis = 10, cha = 10 })
  local t = pc("t", nil, { pos = { x = 1, y = 0 }, hp = 50 })
  dice.force{ 15, 3 }
  local r = atk.attack(a, t, { attack = "melee", finesse = true, damage = "1d4", damage_type = "piercing" })
  eq({ r.ability, r.damage }, { "dex", 7 }, "a rapier with Dex: 3 + 4, not Str's -1")
  eq(rules.need("mod5e.damage").weapon_expr("1d8", 3, 1), "1d8+4")
end)

test("spell damage is the spell's, plus modifiers; a save effect deals it on a failed save (HB-ATTACK-07)", function()
  local t = pc("t", nil, { hp = 50 })
  local dmg = rules.need("mod5e.damage")
  dice.force{ 4, 4 }
  eq(dmg.spell(t, "2d6", "fire", { mods = 2 }).total, 10)
  dice.force{ 4, 4 }
  eq(dmg.spell(t, "2d6", "fire", { saved = true }).total, 4)
end)

test("a natural 20 always hits and is a critical hit (HB-ATTACK-08)", function()
  local a, t = pc("a"), pc("t", nil, { pos = { x = 1, y = 0 }, ac = 40 })
  dice.force{ 20 }
  local r = atk.roll(a, t, { attack = "melee" })
  eq({ r.hit, r.crit }, { true, true })
end)

test("a natural 1 always misses (HB-ATTACK-09)", function()
  local a, t = pc("a"), pc("t", nil, { pos = { x = 1, y = 0 }, ac = 2 })
  dice.force{ 1 }
  eq(atk.roll(a, t, { attack = "melee", mods = { 20 } }).hit, false)
end)

test("TV-10: a critical doubles every damage die, not the modifiers: longsword 1d8+1 on a 20 is 2d8+1 = 13 (HB-ATTACK-10)", function()
  eq(rules.need("5e.damage").crit_expr("1d8+1"), "2d8+1")
  scene({ id = "knight", hp = 20, ac = 10, attacks = { { name = "Longsword", bonus = 3, damage = "1d8+1", type = "slashing" } } },
    { id = "orc", hp = 40, ac = 15, attacks = { { name = "Club", bonus = 0, damage = "1d4" } } },
    function(all)
      dice.force{ 20, 5, 7 }
      local r = fight.strike(all.knight, all.orc, "Longsword")
      eq({ r.crit, r.damage }, { true, 13 })
    end)
end)

test("TV-34: a ranged attack with a hostile within 5 ft that sees the archer and can act: 1 dis (HB-ATTACK-11)", function()
  local archer = pc("archer", nil, { side = "us" })
  local target = pc("target", nil, { side = "them", pos = { x = 6, y = 0 } })
  local brute = pc("brute", nil, { side = "them", pos = { x = 1, y = 0 } })
  local function lv()
    return levels(fight.assess(archer, target, nil, { ranged = true, range = { 80, 320 }, enemies = { brute } }))
  end
  eq(lv(), -1)
  brute:add_condition("incapacitated")
  eq(lv(), 0, "an incapacitated hostile does not hamper it")
  brute:remove_condition("incapacitated")
  brute:add_condition("blinded")
  eq(lv(), 0, "nor one that can't see the archer")
end)

test("graded advantage in a fight: three d20s at 2 adv, the kept face decides the critical", function()
  scene({ id = "knight", hp = 20, ac = 10, attacks = { { name = "Glaive", bonus = 3, damage = "1d10", type = "slashing", reach = 10 } } },
    { id = "orc", hp = 40, ac = 15, attacks = { { name = "Club", bonus = 0, damage = "1d4" } } },
    function(all)
      all.orc:add_condition("paralyzed")
      dice.force{ 4, 20, 9, 6, 5 }
      local r = fight.strike(all.knight, all.orc, "Glaive")
      eq({ r.natural, r.crit, r.damage }, { 20, true, 11 }, "incapacitated: 2 adv; a natural 20 kept")
      all.orc:remove_condition("paralyzed")
      all.knight:add_condition("poisoned")
      all.knight:add_condition("restrained")
      dice.force{ 20, 3, 15 }
      r = fight.strike(all.knight, all.orc, "Glaive")
      eq({ r.natural, r.hit }, { 3, false }, "2 dis: the 20 is dropped")
    end)
end)
