-- D&D 5e (2024), inventory section 14: making attacks (TV-14, TV-21,
-- TV-45, TV-47, TV-50, TV-52): the attack pipeline of self-playing fights
-- under the 5e data, and 5e.attack's modifiers from cover, range, sight,
-- reach and nearby enemies, with Opportunity Attacks.
-- ruleset: 5e
-- covers: 5E-ATK-01 5E-ATK-02 5E-ATK-03 5E-ATK-04 5E-ATK-05 5E-ATK-06
-- covers: 5E-ATK-07 5E-ATK-08 5E-ATK-09 5E-ATK-10 5E-ATK-11

local A = rules.need("5e.attack")
local ch = require("core.5e.character")

local function stat(name, hp, ac, attacks, extra)
  local s = { name = name, hp = hp, ac = ac, attacks = attacks or { { name = "Club", bonus = 4, damage = "1d6+2", type = "bludgeoning" } } }
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

-- scene plays a fight of the members (each {side, id, stat}) and runs
-- fn(all) in the first turn, after initiative; the fight then ends.
local function scene(members, fn)
  local sides, index = {}, {}
  for _, m in ipairs(members) do
    if not index[m.side] then
      sides[#sides + 1] = { name = m.side, members = {} }
      index[m.side] = sides[#sides]
    end
    local list = index[m.side].members
    list[#list + 1] = { id = m.id, stat = m.stat, player = m.player }
  end
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
  local res = fight.run(fight.encounter{ max_rounds = 1, sides = sides })
  rules.off(h)
  eq(done, true, "the scene ran")
  return res
end

local function at(id, x, y, extra)
  local spec = { id = id, hp = 10, side = "party", pos = { x = x, y = y or 0 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return creature.new(spec)
end

test("TV-14: +0 vs AC 30 rolling 20 hits and is critical; +15 vs AC 5 rolling 1 misses; 10 + 5 vs AC 15 hits (5E-ATK-01)", function()
  scene({
    { side = "a", id = "weak", stat = stat("weak", 10, 10, { { name = "Poke", bonus = 0, damage = "1d4" } }) },
    { side = "a", id = "ace", stat = stat("ace", 10, 10, { { name = "Blade", bonus = 15, damage = "1d4" } }) },
    { side = "a", id = "avg", stat = stat("avg", 10, 10, { { name = "Sword", bonus = 5, damage = "1d8" } }) },
    { side = "b", id = "wall", stat = stat("wall", 100, 30) },
    { side = "b", id = "sack", stat = stat("sack", 100, 5) },
    { side = "b", id = "guard", stat = stat("guard", 100, 15) },
  }, function(all)
    dice.force{ 20, 2, 3 }
    local r = fight.strike(all.weak, all.wall, "Poke")
    eq({ r.hit, r.crit, r.total, r.damage }, { true, true, 20, 5 }, "a natural 20 hits AC 30; 1d4 doubled")
    dice.force{ 1 }
    r = fight.strike(all.ace, all.sack, "Blade")
    eq({ r.hit, r.total }, { false, 16 })
    dice.force{ 10, 4 }
    r = fight.strike(all.avg, all.guard, "Sword")
    eq({ r.hit, r.crit, r.total }, { true, false, 15 }, "meeting the AC hits")
  end)
  -- the same three steps for a scripted attack: a target in range, the
  -- modifiers, then the roll
  local archer, orc = at("archer", 0), at("orc", 8, 0, { side = "foes" })
  local ctx = A.context(archer, orc, { ranged = true, range = { 30, 120 } })
  eq({ ctx.allowed, ctx.roll, ctx.ac_bonus }, { true, "disadvantage", 0 })
  eq(A.context(archer, orc, {}).allowed, false, "a melee attack out of reach")
end)

test("the Attack action makes one attack; Extra Attack (a multiattack) more (5E-ATK-02)", function()
  scene({
    { side = "a", id = "pc", stat = stat("pc", 10, 10) },
    { side = "b", id = "dummy", stat = stat("dummy", 100, 10) },
  }, function(all)
    dice.force{ 15, 3 }
    eq(fight.strike(all.pc, all.dummy, "Club").damage, 5, "one attack: 1d6+2")
    eq(all.dummy:get("hp"), 95)
  end)
  -- a fighter whose Attack action is two attacks attacks twice a turn
  local enc = fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { id = "vet", stat = stat("vet", 10, 10,
      { { name = "Sword", bonus = 5, damage = "1d8+3" } }, { multiattack = { "Sword", "Sword" } }) } } },
    { name = "b", members = { { id = "dummy", stat = stat("dummy", 100, 30) } } } } }
  local h = rules.on("turn.act", function(e)
    if e.fighter:get("id") == "dummy" then e.acted = true end
  end)
  dice.force{ 15, 5, 2, 3 }
  local res = fight.run(enc, { trace = true })
  rules.off(h)
  local n = 0
  for _, l in ipairs(res.log) do
    if l:match("^vet attacks") then n = n + 1 end
  end
  eq(n, 2)
end)

test("TV-47: cover behind a creature (half) and a tree trunk (three-quarters): +5 only; total cover can't be targeted (5E-ATK-03)", function()
  eq(A.best_cover({ "half", "three-quarters" }), "three-quarters")
  eq(A.cover_grades["three-quarters"].ac, 5)
  eq({ A.cover_grades.half.ac, A.cover_grades.half.dex_save }, { 2, 2 })
  local archer, target = at("archer", 0), at("target", 4, 0, { side = "foes" })
  eq(A.context(archer, target, { ranged = true, range = { 80 }, cover = { "half", "three-quarters" } }).ac_bonus, 5)
  local total = A.context(archer, target, { ranged = true, range = { 80 }, cover = "total" })
  eq({ total.allowed, total.why }, { false, "total cover" })
  -- on the grid: a creature in between gives half cover; cover only
  -- counts against an attack from the far side of it
  local ally = at("ally", 2, 0)
  eq(A.cover_between(archer, target, { creatures = { ally } }), "half")
  local flanker = at("flanker", 5, 0)
  eq(A.cover_between(flanker, target, { creatures = { ally } }), "none", "the ally is behind the target")
  eq(A.cover_between(archer, target, { obstacles = { { x = 3, y = -1 }, { x = 3, y = 0 }, { x = 3, y = 1 } } }), "total")
  -- in a fight, a cover marker raises the target's AC: 14 + 4 = 18 misses
  -- AC 17 + 2
  scene({
    { side = "a", id = "archer", stat = stat("archer", 10, 10) },
    { side = "b", id = "orc", stat = stat("orc", 10, 17) },
  }, function(all)
    A.set_cover(all.orc, "half")
    dice.force{ 14 }
    eq(fight.strike(all.archer, all.orc, "Club").hit, false)
    A.set_cover(all.orc, "none")
    dice.force{ 14, 1 }
    eq(fight.strike(all.archer, all.orc, "Club").hit, true)
    A.set_cover(all.orc, "three-quarters")
    eq(all.orc:has("cover_half"), false, "only the best degree")
    dice.force{ 17 }
    eq(fight.strike(all.archer, all.orc, "Club").hit, false, "21 vs 22")
  end)
end)

test("an unseen target gives Disadvantage, a wrong guess misses; an unseen attacker has Advantage; both cancel (5E-ATK-04, 05)", function()
  local a, t = at("a", 0), at("t", 1, 0, { side = "foes" })
  t:add_condition("invisible")
  local ctx = A.context(a, t, {})
  eq({ ctx.roll, ctx.dis, ctx.adv }, { "disadvantage", 1, 0 })
  eq(A.wrong_square(t, { x = 2, y = 0 }), true, "guessed the wrong square: an automatic miss")
  eq(A.wrong_square(t, { x = 1, y = 0 }), false)
  local seer = at("seer", 0, 0, { senses = { truesight = 60 } })
  eq(A.context(seer, t, {}).roll, "normal", "Truesight sees it")
  t:remove_condition("invisible")
  t:add_condition("blinded")
  eq(A.context(a, t, {}).roll, "advantage", "the target can't see the attacker")
  a:add_condition("blinded")
  eq(A.context(a, t, {}).roll, "normal", "neither sees the other: they cancel")
  local bat = at("bat", 0, 0, { senses = { blindsight = 60 } })
  bat:add_condition("blinded")
  eq(A.can_see(bat, t), true, "Blindsight works blinded")
end)

test("a hidden attacker gives its position away, hit or miss (5E-ATK-06)", function()
  local rogue = ch.new{ id = "rogue", hp = 10, level = 3, skills = { "stealth" }, abilities = { dex = 16 }, pos = { x = 0, y = 0 } }
  local guard = at("guard", 1, 0, { side = "foes" })
  dice.force{ 15 }
  local hid = rules.need("5e.exploration").hide(rogue, { obscured = "heavy" })
  eq(hid.success, true)
  eq(A.can_see(guard, rogue), false)
  eq(A.context(rogue, guard, {}).roll, "advantage", "the roll is made while still unseen")
  eq(A.attacked(rogue), true)
  eq({ rogue:has("hidden"), rogue:has("invisible"), A.can_see(guard, rogue) }, { false, false, true })
end)

test("TV-21: range 80/320: 60 ft normal, 100 ft Disadvantage, 400 ft not allowed; one range is a hard limit (5E-ATK-07)", function()
  eq({ A.range_band(60, 80, 320), A.range_band(100, 80, 320), A.range_band(400, 80, 320) },
    { "normal", "disadvantage", "out" })
  eq({ A.range_band(120, 120), A.range_band(125, 120) }, { "normal", "out" }, "a spell's single range")
  local bow, target = at("bow", 0), at("target", 20, 0, { side = "foes" })
  local ctx = A.context(bow, target, { ranged = true, range = { 80, 320 } })
  eq({ ctx.allowed, ctx.roll }, { true, "disadvantage" }, "100 ft on the grid")
  target:set("pos", { x = 80, y = 0 })
  eq(A.context(bow, target, { ranged = true, range = { 80, 320 } }).allowed, false)
end)

test("TV-45: a ranged attack with an enemy within 5 ft: Incapacitated no Dis, Blinded no Dis, otherwise Dis (5E-ATK-08)", function()
  local archer, far = at("archer", 0), at("far", 6, 0, { side = "foes" })
  local function roll_with(enemy)
    return A.context(archer, far, { ranged = true, range = { 80, 320 }, enemies = { enemy, far } }).roll
  end
  local dazed = at("dazed", 1, 0, { side = "foes" })
  dazed:add_condition("stunned")
  local blind = at("blind", 1, 1, { side = "foes" })
  blind:add_condition("blinded")
  local orc = at("orc", 0, 1, { side = "foes" })
  eq({ roll_with(dazed), roll_with(blind), roll_with(orc) }, { "normal", "normal", "disadvantage" })
  local away = at("away", 2, 0, { side = "foes" })
  eq(roll_with(away), "normal", "10 ft away")
  eq(A.context(archer, far, { enemies = { orc }, reach = 30 }).roll, "normal", "melee attacks don't care")
end)

test("melee attacks reach 5 ft unless the stat block says more (5E-ATK-09)", function()
  local pc, troll = at("pc", 0), at("troll", 0, 0, { side = "foes", reach = 10 })
  local foe = at("foe", 2, 0, { side = "foes" })
  eq({ A.reach_of(pc), A.reach_of(troll), A.reach_of(pc, { reach = 10 }) }, { 5, 10, 10 })
  eq(A.context(pc, foe, {}).allowed, false, "10 ft away")
  eq(A.context(troll, foe, {}).allowed, true)
  eq(A.context(pc, foe, { reach = 10 }).allowed, true, "a reach weapon")
  local grid = require("grid")
  eq(grid.reach(troll, foe), true)
end)

test("TV-50, TV-52: walking out of reach provokes; an explosion, a teleport or Disengage don't; one Reaction a turn (5E-ATK-10, 11)", function()
  local me, orc = at("me", 0, 0), at("orc", 1, 0, { side = "foes" })
  eq(select(1, A.provokes(me, orc, "move")), true)
  eq({ A.provokes(me, orc, "forced") }, { false, "forced" })
  eq({ A.provokes(me, orc, "teleport") }, { false, "teleport" })
  A.disengage(me)
  eq({ A.provokes(me, orc, "move") }, { false, "disengaged" })
  me:remove_tag("disengaged")
  orc:add_condition("blinded")
  eq({ A.provokes(me, orc, "move") }, { false, "can't see it" })
  orc:remove_condition("blinded")
  -- the kernel reports where the path leaves the orc's reach
  local left = A.leaving_reach(me, { { x = 0, y = 0 }, { x = -1, y = 0 }, { x = -2, y = 0 } }, { orc })
  eq(#left, 1)
  eq({ left[1].creature, left[1].step }, { orc, 1 }, "the first step leaves it")
  -- the Opportunity Attack: the Reaction, one melee attack, before leaving
  scene({
    { side = "a", id = "runner", stat = stat("runner", 30, 10) },
    { side = "b", id = "brute", stat = stat("brute", 30, 10) },
  }, function(all)
    dice.force{ 12, 4 }
    local r = A.opportunity_attack(all.brute, all.runner, "move", "Club")
    eq({ r.hit, r.damage }, { true, 6 })
    eq(all.runner:get("hp"), 24)
    eq({ A.opportunity_attack(all.brute, all.runner, "move", "Club") }, { nil, "no reaction" }, "one Reaction")
    eq(fight.remaining(all.brute, "reaction"), 0, "the fight's Reaction, the one Shield spends")
  end)
end)
