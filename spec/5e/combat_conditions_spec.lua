-- D&D 5e (2024), inventory section 22: the conditions (T-19, T-20; TV-38,
-- TV-44, TV-55, TV-56) as the kernel compiles them for self-playing fights
-- (advantage on and against the bearer, automatic criticals, lost turns,
-- Exhaustion's penalty) and as 5e.conditions, 5e.attack and 5e.movement
-- apply them with positions. Unconscious (5E-CND-17) and "conditions don't
-- stack" (5E-CND-02) are [K] reconstructions from the published book.
-- ruleset: 5e
-- covers: 5E-CND-00 5E-CND-01 5E-CND-02 5E-CND-03 5E-CND-04 5E-CND-05 5E-CND-06
-- covers: 5E-CND-07 5E-CND-08 5E-CND-09 5E-CND-10 5E-CND-11 5E-CND-12 5E-CND-13
-- covers: 5E-CND-14 5E-CND-15 5E-CND-16 5E-CND-17 5E-CND-18

local C = rules.need("5e.conditions")
local A = rules.need("5e.attack")
local mv = rules.need("5e.movement")
local ch = require("core.5e.character")
local checks = require("core.5e.checks")

local ATTACKS = { { name = "Club", bonus = 4, damage = "1d6+2", type = "bludgeoning" },
                  { name = "Bow", bonus = 4, damage = "1d6+2", type = "piercing", ranged = true } }

-- scene runs fn(all) in the first turn of a fight of "hero" and "foe" (and
-- "ally", on the hero's side), after initiative (forced: the hero first);
-- then the fight ends. They
-- have AC 30, so that an attack roll draws its d20s only (a test that
-- wants a hit lowers the target's AC and forces the damage dice).
local function scene(fn)
  local done = false
  local h = rules.on("turn.act", function(e)
    if done then return end
    done = true
    local all = {}
    for _, c in ipairs(fight.all()) do all[c:get("id")] = c end
    fn(all)
    e.acted = true
    for _, c in ipairs(fight.all()) do
      if c ~= e.fighter and not fight.is(c, "out") then fight.flee(c) end
    end
  end, { phase = "after" })
  local function m(id) return { id = id, stat = { name = id, hp = 50, ac = 30, attacks = ATTACKS } } end
  dice.force{ 15, 10, 5 } -- initiative: hero, ally, foe
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "heroes", members = { m("hero"), m("ally") } }, { name = "foes", members = { m("foe") } } } })
  rules.off(h)
  eq(done, true, "the scene ran")
end

-- kept returns the natural an attack roll kept when its d20s are the
-- faces forced (one face: a straight roll; two: Advantage keeps the higher,
-- Disadvantage the lower), and the strike's result.
local function kept(a, t, attack, faces)
  dice.force(faces)
  local r = fight.strike(a, t, attack or "Club")
  return r.natural, r
end

local function who(id, extra)
  local spec = { id = id, hp = 20, speed = 30, side = "party", pos = { x = 0, y = 0 },
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return creature.new(spec)
end

test("the 15 conditions, with the seed's Chinese names (5E-CND-00)", function()
  eq(C.list(), { "blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated",
    "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned", "unconscious" })
  local zh = {}
  for _, id in ipairs(C.list()) do zh[#zh + 1] = C.def(id).name.zh end
  eq(zh, { "目盲", "魅惑", "耳聾", "力竭", "恐懼", "被擒抱", "無力", "隱形", "麻痺", "石化", "中毒", "倒地", "束縛", "震懾", "昏迷" })
end)

test("a condition lasts as long as its effect says, or until countered (5E-CND-01)", function()
  local c = who("c")
  c:add_condition("frightened", { source = "dragon", duration = 7 })
  c:add_condition("poisoned", { duration = 8 })
  eq(#c:expire(7), 1)
  eq({ c:has("frightened"), c:has("poisoned") }, { false, true })
  c:add_condition("prone")
  mv.stand_up(c)
  eq(c:has("prone"), false, "Prone ends when the creature stands up")
  eq(C.remove(c, "poisoned"), 1)
  eq(C.sources(who("d"), "charmed"), {})
end)

test("a condition doesn't stack with itself; Exhaustion does, in levels (5E-CND-02)", function()
  local c = who("c")
  c:add_condition("poisoned", { source = "spider" })
  c:add_condition("poisoned", { source = "spider" })
  eq(#c:conditions("poisoned"), 1)
  c:add_condition("poisoned", { source = "trap", stacking = "independent" })
  eq(C.d20(c, "attack").dis, 1, "two instances, one Disadvantage")
  C.exhaust(c, 1, "march")
  C.exhaust(c, 1, "march")
  eq(c:level("exhaustion"), 2)
end)

test("Blinded: auto-fail sight checks; its attacks have Disadvantage, attacks on it Advantage (5E-CND-03)", function()
  local c = ch.new{ id = "c", hp = 10, level = 1, abilities = { wis = 10 } }
  c:add_condition("blinded")
  eq(checks.d20_test(c, { skill = "perception", needs = "sight", dc = 5 }).success, false)
  scene(function(all)
    all.hero:add_condition("blinded")
    eq(kept(all.hero, all.foe, "Club", { 15, 5 }), 5)
    eq(kept(all.foe, all.hero, "Club", { 5, 15 }), 15)
  end)
end)

test("Charmed: no attacking the charmer; the charmer has Advantage on social checks (5E-CND-04)", function()
  local vampire, victim = who("vampire", { side = "foes", pos = { x = 1, y = 0 } }), who("victim")
  C.add(victim, "charmed", { source = vampire })
  eq(C.can_target(victim, vampire), false)
  eq(C.can_target(victim, who("other")), true)
  local ctx = A.context(victim, vampire, {})
  eq({ ctx.allowed, ctx.why }, { false, "attacker charmed: can't attack its source" })
  eq(C.social_advantage(vampire, victim), true)
end)

test("Deafened: auto-fail checks that need hearing (5E-CND-05)", function()
  local c = ch.new{ id = "c", hp = 10, level = 1, abilities = { wis = 10 } }
  C.add(c, "deafened")
  eq(checks.d20_test(c, { skill = "perception", needs = "hearing", dc = 5 }).success, false)
  eq(C.d20(c, "check", { hearing = true }).auto_fail, true)
  eq(C.d20(c, "check", { sight = true }).auto_fail, false)
end)

test("TV-38: Exhaustion 3: 15 + 5 vs DC 15 is 14, a failure; Speed 30 -> 15; a Long Rest leaves 2; 6 kills (5E-CND-06)", function()
  local c = ch.new{ id = "c", max_hp = 20, level = 1, speed = 30, abilities = { str = 10 } }
  C.exhaust(c, 3, "forced march")
  dice.force{ 15 }
  local r = checks.d20_test(c, { kind = "check", ability = "str", mods = { 5 }, dc = 15 })
  eq({ r.total, r.success }, { 14, false })
  eq(C.penalty(c), -6)
  eq(mv.speed(c), 15)
  rules.need("5e.rest").long_rest(c)
  eq(c:level("exhaustion"), 2)
  C.exhaust(c, 4, "forced march")
  eq({ c:level("exhaustion"), c:has("dead") }, { 6, true })
  -- attack rolls in a fight: -2 per level
  scene(function(all)
    C.exhaust(all.hero, 3, "hazard")
    local _, r1 = kept(all.hero, all.foe, "Club", { 12 })
    eq(r1.total, 10, "12 + 4 - 6")
    all.foe:add_condition("exhaustion", { level = 1 })
    local _, r2 = kept(all.foe, all.hero, "Club", { 12 })
    eq(r2.total, 14, "one level added by hand: the kernel's data alone")
    local _, r3 = kept(all.ally, all.foe, "Club", { 12 })
    eq(r3.total, 16, "the others' attacks are untouched")
  end)
end)

test("Frightened: Disadvantage on checks and attacks while the source is in sight; never closer to it (5E-CND-07)", function()
  local c = who("c")
  local dragon = who("dragon", { side = "foes", pos = { x = 4, y = 0 } })
  C.add(c, "frightened", { source = dragon })
  eq(C.d20(c, "check").dis, 1)
  eq(C.d20(c, "attack", { source_seen = false }).dis, 0, "out of sight")
  local away = mv.path(c, { { x = 0, y = 0 }, { x = -1, y = 0 } }, { fear_source = dragon })
  eq(away.ok, true)
  local closer = mv.path(c, { { x = 0, y = 0 }, { x = 1, y = 0 } }, { fear_source = dragon })
  eq(closer.ok, false)
  matches(closer.why, "closer")
  scene(function(all)
    all.hero:add_condition("frightened")
    eq(kept(all.hero, all.foe, "Club", { 15, 5 }), 5)
  end)
end)

test("Grappled: Speed 0; Disadvantage against anyone but the grappler; dragging costs extra (5E-CND-08)", function()
  local c = who("c")
  local grappler = who("ogre", { side = "foes" })
  mv.set_size(grappler, "large")
  C.add(c, "grappled", { source = grappler })
  eq(mv.speed(c), 0)
  eq(C.d20(c, "attack", { target = grappler }).dis, 0)
  eq(C.d20(c, "attack", { target = who("other") }).dis, 1)
  eq(mv.cost(10, { drag = c, mover = who("peer") }), 20, "a Medium grappler drags a Medium creature at double cost")
  eq(mv.cost(10, { drag = c, mover = who("titan", { size = "huge", size_rank = 5 }) }), 10, "two sizes smaller: no extra")
end)

test("Incapacitated: no actions or Reactions, no speech, Disadvantage on Initiative (5E-CND-09)", function()
  local c = who("c")
  C.add(c, "incapacitated")
  eq({ C.can_act(c), C.can_speak(c), A.has_reaction(c) }, { false, false, false })
  eq(rules.need("5e.initiative").sources(c), { { level = -1, source = "incapacitated" } })
  eq(mv.speed(c), 30, "Speed unchanged")
  -- in a fight it loses its turns
  local enc = fight.encounter{ max_rounds = 2, sides = {
    { name = "a", members = { { id = "a", stat = { name = "a", hp = 10, ac = 10, attacks = ATTACKS } } } },
    { name = "b", members = { { id = "b", stat = { name = "b", hp = 10, ac = 30, attacks = ATTACKS } } } } } }
  local h = rules.on("encounter.start", function()
    for _, x in ipairs(fight.all()) do x:add_condition("incapacitated") end
  end)
  local res = fight.run(enc, { trace = true })
  rules.off(h)
  eq(#res.log, 2, "two rounds, no attacks")
end)

test("Invisible: Advantage on Initiative and attacks, Disadvantage against, unless seen (5E-CND-10)", function()
  scene(function(all)
    all.hero:add_condition("invisible")
    eq(kept(all.hero, all.foe, "Club", { 5, 15 }), 15)
    eq(kept(all.foe, all.hero, "Club", { 15, 5 }), 5)
  end)
  local ghost = who("ghost", { pos = { x = 1, y = 0 } })
  C.add(ghost, "invisible")
  local seer = who("seer", { side = "foes", senses = { truesight = 30 } })
  eq(A.context(seer, ghost, {}).roll, "normal", "Truesight")
  eq(A.context(who("guard", { side = "foes" }), ghost, {}).roll, "disadvantage")
  eq(rules.need("5e.initiative").sources(ghost), { { level = 1, source = "invisible" } })
end)

test("TV-55: Paralyzed: a melee hit from 5 ft is critical, a ranged one from 30 ft is not; Advantage on both (5E-CND-11)", function()
  scene(function(all)
    all.foe:add_condition("paralyzed")
    all.foe:set("ac", 10)
    local n, r = kept(all.hero, all.foe, "Club", { 4, 12, 1, 1 })
    eq({ n, r.hit, r.crit, r.damage }, { 12, true, true, 4 }, "2d6+2 from the doubled dice")
    n, r = kept(all.hero, all.foe, "Bow", { 4, 12, 3 })
    eq({ n, r.hit, r.crit, r.damage }, { 12, true, false, 5 })
  end)
  local p = who("p")
  C.add(p, "paralyzed")
  eq({ mv.speed(p), C.can_act(p), C.d20(p, "save", { ability = "dex" }).auto_fail, C.d20(p, "save", { ability = "con" }).auto_fail },
    { 0, false, true, false })
  eq(C.defense(p, who("x"), { distance = 30 }).crit, false)
  eq(C.defense(p, who("x"), { distance = 5 }).crit, true)
end)

test("Petrified: Incapacitated, Speed 0, fails Str and Dex saves, resists all damage, immune to Poisoned (5E-CND-12)", function()
  local c = who("c")
  c:add_condition("poisoned")
  C.add(c, "petrified")
  eq({ c:has("poisoned"), c:immune_to("poisoned"), mv.speed(c), C.can_act(c) }, { false, true, 0, false })
  eq(rules.need("5e.damage").apply(c, 10, "bludgeoning").total, 5)
  eq(C.d20(c, "save", { ability = "str" }).auto_fail, true)
  eq(C.defense(c, who("x")).adv, 1)
  C.remove(c, "petrified")
  eq({ c:immune_to("poisoned"), rules.need("5e.damage").apply(c, 10, "bludgeoning").total }, { false, 10 })
end)

test("Poisoned: Disadvantage on attack rolls and ability checks (5E-CND-13)", function()
  local c = ch.new{ id = "c", hp = 10, level = 1, abilities = { dex = 10 } }
  c:add_condition("poisoned")
  dice.force{ 16, 3 }
  eq(checks.d20_test(c, { skill = "stealth" }).natural, 3)
  scene(function(all)
    all.hero:add_condition("poisoned")
    eq(kept(all.hero, all.foe, "Club", { 16, 3 }), 3)
  end)
end)

test("TV-44: Prone: Advantage from 5 ft, Disadvantage from 30 ft; Prone and Blinded from 30 ft: a straight roll (5E-CND-14)", function()
  scene(function(all)
    all.foe:add_condition("prone")
    eq(kept(all.hero, all.foe, "Club", { 5, 15 }), 15, "melee")
    eq(kept(all.hero, all.foe, "Bow", { 15, 5 }), 5, "ranged")
    all.foe:add_condition("blinded")
    eq(kept(all.hero, all.foe, "Bow", { 15 }), 15, "Disadvantage and Advantage cancel")
    all.hero:add_condition("prone")
    eq(kept(all.hero, all.ally, "Club", { 15, 5 }), 5, "a Prone attacker has Disadvantage")
  end)
  local archer, t = who("archer"), who("t", { side = "foes", pos = { x = 6, y = 0 } })
  t:add_condition("prone")
  eq(A.context(archer, t, { ranged = true, range = { 80, 320 } }).roll, "disadvantage")
  t:set("pos", { x = 1, y = 0 })
  eq(A.context(archer, t, {}).roll, "advantage")
  -- a Prone creature crawls (double cost) or stands for half its Speed
  eq(mv.crawl_cost(10), 20)
  eq(mv.stand_cost(t), 15)
end)

test("Restrained: Speed 0, Advantage against, Disadvantage on its attacks and Dex saves (5E-CND-15)", function()
  local c = who("c")
  c:add_condition("restrained")
  eq({ mv.speed(c), C.d20(c, "save", { ability = "dex" }).dis, C.d20(c, "save", { ability = "wis" }).dis }, { 0, 1, 0 })
  scene(function(all)
    all.foe:add_condition("restrained")
    eq(kept(all.hero, all.foe, "Club", { 5, 15 }), 15)
    eq(kept(all.foe, all.hero, "Club", { 15, 5 }), 5)
  end)
end)

test("Stunned: Incapacitated, fails Str and Dex saves, Advantage against, Speed unchanged (5E-CND-16)", function()
  local c = who("c")
  c:add_condition("stunned")
  eq({ C.can_act(c), C.d20(c, "save", { ability = "str" }).auto_fail, mv.speed(c) }, { false, true, 30 })
  scene(function(all)
    all.foe:add_condition("stunned")
    eq(kept(all.hero, all.foe, "Bow", { 5, 15 }), 15)
  end)
end)

test("Unconscious: Incapacitated and Prone, Speed 0, fails Str and Dex saves, criticals from 5 ft; Prone when it ends (5E-CND-17)", function()
  local c = who("c")
  C.add(c, "unconscious")
  eq({ C.has(c, "prone"), C.has(c, "incapacitated"), mv.speed(c), C.d20(c, "save", { ability = "dex" }).auto_fail },
    { true, true, 0, true })
  eq(C.defense(c, who("x"), { distance = 5 }), { adv = 2, dis = 0, crit = true, why = { "prone", "unconscious" } })
  eq(C.defense(c, who("x"), { distance = 30 }).dis, 1, "Prone from afar: Advantage and Disadvantage")
  C.remove(c, "unconscious")
  eq({ c:has("unconscious"), c:has("prone") }, { false, true })
  scene(function(all)
    all.foe:add_condition("unconscious")
    all.foe:set("ac", 10)
    local n, r = kept(all.hero, all.foe, "Club", { 3, 11, 2, 1 })
    eq({ n, r.crit, r.damage }, { 11, true, 5 })
  end)
end)

test("TV-56: Speed 0 locks out every bonus: Grappled with Speed 30, then Dash: 0 ft; it holds for every speed (5E-CND-18)", function()
  local c = who("c", { speed = { walk = 30, fly = 60 } })
  c:add_condition("grappled")
  eq({ mv.speed(c, "walk", { dash = true, bonus = 10 }), mv.speed(c, "fly") }, { 0, 0 })
  local b = mv.budget(c)
  eq({ b:dash(), b:left() }, { 0, 0 })
  c:remove_condition("grappled")
  eq(mv.speed(c, "walk", { dash = true, bonus = 10 }), 80)
end)
