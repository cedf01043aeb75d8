-- D&D 5e (2024), inventory section 20: dropping to 0 HP, death, Death
-- Saving Throws, stabilising, knocking out (T-21, TV-30, TV-33a..f, TV-34,
-- TV-35). In self-playing fights the kernel rolls the death saves from
-- combat.lua's data; outside fights 5e.dying plays the same track.
-- ruleset: 5e
-- covers: 5E-ZERO-01 5E-ZERO-02 5E-ZERO-03 5E-ZERO-04 5E-ZERO-05 5E-ZERO-06 5E-ZERO-07
-- covers: 5E-ZERO-08 5E-ZERO-09 5E-ZERO-10 5E-ZERO-11 5E-ZERO-12 5E-ZERO-13

local ch = require("core.5e.character")
local D = rules.need("5e.dying")
local dmg = rules.need("5e.damage")

local function stat(hp, extra)
  local s = { hp = hp, ac = 10, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Club", bonus = 4, damage = "1d6+2", type = "bludgeoning" },
                { name = "Bow", bonus = 4, damage = "1d6+2", type = "piercing", ranged = true } } }
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

-- member is an encounter member with an inline stat block named id.
local function member(id, s, player)
  s.name = s.name or id
  return { id = id, player = player, stat = s }
end

local function by_id()
  local all = {}
  for _, c in ipairs(fight.all()) do all[c:get("id")] = c end
  return all
end

-- dying_fight plays a fight of "pc" and "buddy" (players) against "orc"
-- in which nobody but pc takes turns: at_start(all) runs when round 1
-- starts (after initiative), each(all, round) when each later round
-- starts. Returns fight.run's result and the creatures.
local function dying_fight(pc, rounds, at_start, each, orc)
  local enc = fight.encounter{ max_rounds = rounds, sides = {
    { name = "pcs", members = { member("pc", pc, true), member("buddy", stat(10), true) } },
    { name = "orcs", members = { member("orc", (orc and orc.stat) or stat(15), orc and orc.player) } } } }
  local all
  local h1 = rules.on("round.start", function(e)
    all = by_id()
    if e.round == 1 then at_start(all) elseif each then each(all, e.round) end
  end)
  local h2 = rules.on("turn.start", function(e)
    if e.fighter:get("id") ~= "pc" then e.skip = true end
  end)
  local res = fight.run(enc, { trace = true })
  rules.off(h1)
  rules.off(h2)
  local out = {}
  for _, f in ipairs(res.fighters) do out[f.id] = f end
  return out, all, res
end

local function pc(id, extra)
  local spec = { id = id or "pc", max_hp = 30, level = 3, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return ch.new(spec)
end

test("monsters die at 0 HP; a character falls Unconscious and dies only by the rules (5E-ZERO-01, 02, 06)", function()
  dice.force{ 15, 10, 5 } -- initiative: pc, buddy, orc
  local f = dying_fight(stat(20), 1, function(all)
    fight.damage(all.orc, 15, "slashing", all.pc)
    eq(fight.is(all.orc, "dead"), true, "a monster dies at 0 HP")
    fight.damage(all.pc, 20, "slashing", all.orc)
    eq({ fight.is(all.pc, "out"), fight.is(all.pc, "dead") }, { true, false }, "a character is dying")
    ok(all.pc:has("unconscious"), "Unconscious while at 0 HP")
    eq(D.at_zero(all.pc), true)
    dice.force{ 12 } -- the pc's death save on its turn, the first; then the fight is over
  end)
  eq(f.orc.dead, true)
  eq({ f.pc.out, f.pc.dead, f.pc.hp }, { true, false, 0 })
  -- the DM may treat a monster like a character: player = true
  dice.force{ 15, 10, 5 } -- initiative; the fight is over before the orc's turn
  local g = dying_fight(stat(20), 1, function(all)
    fight.damage(all.orc, 15, "slashing", all.pc)
    eq({ fight.is(all.orc, "out"), fight.is(all.orc, "dead") }, { true, false }, "the exempt orc is dying")
    ok(all.orc:has("unconscious"))
  end, nil, { player = true, stat = stat(15) })
  eq(g.orc.dead, false)
  -- outside fights, a creature tagged pc (or death_saves) is a character
  local hero = pc("hero")
  local ogre = creature.new{ id = "ogre", hp = 10 }
  eq({ D.policy(hero), D.policy(ogre) }, { "dying", "dead" })
  eq(dmg.apply(ogre, 12, "slashing").state, "dead")
  ok(ogre:has("dead"))
  eq(dmg.apply(hero, 31, "slashing").state, "dying")
  ok(hero:has("unconscious") and hero:has("dying"))
end)

test("TV-30 massive damage: max 12, current 6: 18 kills, 17 leaves it Unconscious (5E-ZERO-04)", function()
  local a = dying_fight(stat(6, { max_hp = 12 }), 1, function(all)
    fight.damage(all.pc, 18, "bludgeoning", all.orc)
    eq(fight.is(all.pc, "dead"), true, "12 left over = the maximum")
  end)
  eq(a.pc.dead, true)
  local b = dying_fight(stat(6, { max_hp = 12 }), 1, function(all)
    fight.damage(all.pc, 17, "bludgeoning", all.orc)
    eq({ fight.is(all.pc, "out"), fight.is(all.pc, "dead") }, { true, false }, "11 left over")
    dice.force{ 10 }
  end)
  eq(b.pc.dead, false)
  -- the same outside a fight, temporary hit points absorbing first (AMB-10)
  local c = pc("c", { max_hp = 12 })
  c:set("hp", 6)
  eq(dmg.apply(c, 18, "bludgeoning").state, "dead")
  local d = pc("d", { max_hp = 12 })
  d:set("hp", 6)
  d:gain_temp(1)
  eq(dmg.apply(d, 18, "bludgeoning").state, "dying", "1 absorbed: 11 left over")
end)

test("an HP maximum of 0 kills; a dead character can be raised (5E-ZERO-03, 05)", function()
  local c = pc("c", { max_hp = 10 })
  eq(dmg.reduce_max(c, 4), 6)
  eq(c:get("hp"), 6)
  eq(D.dead(c), false)
  eq(dmg.reduce_max(c, 6), 0)
  eq(D.dead(c), true)
  -- Raise Dead: the effect sets the HP, conditions persist, one fewer
  -- level of Exhaustion
  c:set("max_hp", 10)
  c:add_condition("poisoned")
  rules.need("5e.conditions").exhaust(c, 2, "spell")
  eq(D.raise(c, 1), true)
  eq({ c:get("hp"), c:has("dead"), c:has("poisoned"), c:level("exhaustion") }, { 1, false, true, 1 })
  eq(D.raise(c, 1), false, "only the dead")
end)

test("TV-33a: death saves 15, 9, 10, 19: S1, F1, S2, S3 -> Stable (5E-ZERO-08, 09)", function()
  local seen = {}
  local f = dying_fight(stat(30), 4, function(all)
    fight.damage(all.pc, 30, "slashing", all.orc)
    dice.force{ 15, 9, 10, 19 }
  end, function(all, round)
    seen[round] = { fight.is(all.pc, "stable"), fight.is(all.pc, "dead") }
  end)
  eq(seen, { [2] = { false, false }, [3] = { false, false }, [4] = { false, false } })
  eq({ f.pc.stable, f.pc.dead, f.pc.hp }, { true, false, 0 })
  -- outside a fight, with the counters
  local c = pc()
  dmg.apply(c, 30, "slashing")
  dice.force{ 15, 9, 10, 19 }
  local r = {}
  for i = 1, 4 do
    local s = D.death_save(c)
    r[i] = { s.result, s.successes, s.failures }
  end
  eq(r, { { "success", 1, 0 }, { "failure", 1, 1 }, { "success", 2, 1 }, { "stable", 0, 0 } }, "both counters reset")
  eq({ c:has("stable"), c:has("unconscious"), c:get("hp") }, { true, true, 0 }, "Stable is still Unconscious")
  eq(D.death_save(c), nil, "a Stable creature makes no death saves")
end)

test("TV-33b: death saves 1, 5: F2, F3 -> dead (5E-ZERO-09, 10)", function()
  local alive
  local f = dying_fight(stat(30), 2, function(all)
    fight.damage(all.pc, 30, "slashing", all.orc)
    dice.force{ 1, 5 }
  end, function(all)
    alive = not fight.is(all.pc, "dead")
  end)
  eq(alive, true, "a natural 1 is two failures, not three")
  eq(f.pc.dead, true)
  local c = pc()
  dmg.apply(c, 30, "slashing")
  dice.force{ 1, 5 }
  eq(D.death_save(c).failures, 2)
  eq(D.death_save(c).result, "dead")
  ok(c:has("dead"))
end)

-- covers: 5E-CND-17
test("TV-33c: counters S1/F2, then a natural 20: 1 HP, conscious, counters 0/0, still Prone (5E-ZERO-10, 5E-CND-17)", function()
  local f, all = dying_fight(stat(30), 3, function(a)
    fight.damage(a.pc, 30, "slashing", a.orc)
    -- death saves 10, 1, 20; then the woken pc attacks in the same turn,
    -- Prone: Disadvantage, two d20 (2 and 3 miss)
    dice.force{ 10, 1, 20, 2, 3 }
  end)
  eq({ f.pc.out, f.pc.dead, f.pc.hp }, { false, false, 1 }, "back in the fight")
  eq({ all.pc:has("unconscious"), all.pc:has("prone") }, { false, true }, "Unconscious ends, Prone stays")
  local c = pc()
  dmg.apply(c, 30, "slashing")
  dice.force{ 10, 1, 20 }
  D.death_save(c)
  eq(D.death_save(c).failures, 2)
  local s = D.death_save(c)
  eq({ s.result, s.successes, s.failures, c:get("hp") }, { "revived", 0, 0, 1 })
  eq({ c:has("unconscious"), c:has("prone") }, { false, true }, "awake, still Prone")
  -- AMB-20: a death save is a saving throw: Exhaustion counts on the total,
  -- the face decides 1 and 20
  local t = pc("t")
  dmg.apply(t, 30, "slashing")
  t:add_condition("exhaustion", { level = 1 })
  dice.force{ 11 }
  eq(D.death_save(t).result, "failure", "11 - 2 = 9")
end)

test("a natural 20 in a fight played by hand: 1 HP, awake, still Prone (5E-ZERO-10, 5E-CND-17)", function()
  fight.table()
  local p = fight.add(stat(30, { id = "pc", player = true }), { side = "pcs", player = true })[1]
  local o = fight.add(stat(15, { id = "orc" }))[1]
  dice.force{ 15, 5 }
  fight.begin()
  eq(fight.turn()[1], p)
  fight.damage(p, 30, "slashing", o)
  ok(p:has("unconscious"))
  fight.next()
  dice.force{ 20 }
  fight.next()
  eq({ fight.is(p, "out"), p:get("hp"), p:has("unconscious"), p:has("prone") }, { false, 1, false, true })
  -- Prone: its own attack has Disadvantage (two d20: 19 and 4 keep 4)
  dice.force{ 19, 4 }
  eq(fight.strike(p, o, "Club").natural, 4)
end)

test("TV-33d: Stable at 0 HP takes 4: no longer Stable, one failure (5E-ZERO-11, 13)", function()
  local mid
  local f = dying_fight(stat(30), 2, function(all)
    fight.damage(all.pc, 30, "slashing", all.orc)
    fight.stabilize(all.pc)
    fight.damage(all.pc, 4, "slashing", all.orc)
    eq(fight.is(all.pc, "stable"), false)
    dice.force{ 5, 5 }
  end, function(all)
    mid = fight.is(all.pc, "dead")
  end)
  eq(mid, false, "F1 + F1")
  eq(f.pc.dead, true, "F1 + F1 + F1: the damage counted")
  local c = pc()
  dmg.apply(c, 30, "slashing")
  D.stabilize(c)
  local rec = dmg.apply(c, 4, "slashing")
  eq({ rec.state, c:has("stable"), c:level("death_failure") }, { "failure", false, 1 })
end)

test("TV-33e: a melee hit from 5 ft on an Unconscious creature is a Critical Hit: two failures (5E-ZERO-11)", function()
  local f = dying_fight(stat(30), 1, function(all)
    fight.damage(all.pc, 30, "slashing", all.orc)
    -- Unconscious and Prone: Advantage; 12 + 4 hits AC 10; 2d6+2 = 6
    dice.force{ 12, 3, 2, 2 }
    local r = fight.strike(all.orc, all.pc, "Club")
    eq({ r.hit, r.crit, r.natural, r.damage }, { true, true, 12, 6 })
    eq(fight.is(all.pc, "dead"), false, "F2")
    dice.force{ 5 }
  end)
  eq(f.pc.dead, true, "F2 + F1")
  local c = pc()
  dmg.apply(c, 30, "slashing")
  eq(dmg.apply(c, 6, "bludgeoning", { crit = true }).state, "failure")
  eq(c:level("death_failure"), 2)
end)

test("TV-33f: at 0 HP, max 12, 12 damage kills outright (5E-ZERO-11)", function()
  local f = dying_fight(stat(12), 1, function(all)
    fight.damage(all.pc, 12, "slashing", all.orc)
    eq(fight.is(all.pc, "dead"), false)
    fight.damage(all.pc, 12, "slashing", all.orc)
    eq(fight.is(all.pc, "dead"), true)
  end)
  eq(f.pc.dead, true)
  local c = pc("c", { max_hp = 12 })
  dmg.apply(c, 12, "slashing")
  eq(dmg.apply(c, 11, "slashing").state, "failure")
  eq(dmg.apply(c, 12, "slashing").state, "dead")
end)

test("regaining any HP wakes a dying creature; temporary HP don't (5E-ZERO-06, 09)", function()
  local f, all = dying_fight(stat(30), 1, function(a)
    fight.damage(a.pc, 30, "slashing", a.orc)
    dmg.temp(a.pc, 5)
    eq(fight.is(a.pc, "out"), true, "temporary hit points are not healing")
    eq(dmg.heal(a.pc, 4), 4)
    eq(fight.is(a.pc, "out"), false)
  end)
  eq({ f.pc.out, f.pc.hp }, { false, 4 })
  eq({ all.pc:has("unconscious"), all.pc:has("prone") }, { false, true }, "Unconscious ends, Prone stays")
  local c = pc()
  dmg.apply(c, 30, "slashing")
  dice.force{ 10, 5 }
  D.death_save(c)
  D.death_save(c)
  dmg.heal(c, 1)
  eq({ c:level("death_success"), c:level("death_failure"), c:has("dying") }, { 0, 0, false })
end)

test("TV-34: Help with Wisdom (Medicine) DC 10 stabilises: 10 does, 9 doesn't; Stable regains 1 HP after 1d4 hours (5E-ZERO-12, 13)", function()
  local f = dying_fight(stat(30), 1, function(all)
    fight.damage(all.pc, 30, "slashing", all.orc)
    dice.force{ 9 }
    local r = D.help_stabilize(all.buddy, all.pc)
    eq({ r.total, r.stabilized }, { 9, false })
    dice.force{ 10 }
    r = D.help_stabilize(all.buddy, all.pc)
    eq({ r.total, r.stabilized }, { 10, true })
    eq(fight.is(all.pc, "stable"), true)
  end)
  eq(f.pc.stable, true)
  local c, medic = pc(), pc("medic", { skills = { "medicine" }, abilities = { wis = 8 } })
  dmg.apply(c, 30, "slashing")
  dice.force{ 9 }
  local r = D.help_stabilize(medic, c)
  eq({ r.total, r.stabilized }, { 10, true }, "9, Wis -1, PB +2 for Medicine")
  eq(c:has("stable"), true)
  dice.force{ 3 }
  eq(D.stable_recovery(c), 3, "hours")
  eq({ c:get("hp"), c:has("stable"), c:has("unconscious") }, { 1, false, false })
  local sleeper = pc("sleeper")
  sleeper:add_condition("unconscious")
  eq(D.help_stabilize(sleeper, pc("x")).stabilized, false, "an Incapacitated helper can't, and the target must be at 0 HP")
end)

test("TV-35: a melee attack that would drop a foe may knock it out: 1 HP, Unconscious, a Short Rest (5E-ZERO-07)", function()
  local enc = fight.encounter{ max_rounds = 1, sides = {
    { name = "heroes", members = { member("hero", stat(20, { on = { ["creature.down"] = D.knock_out_hook } }), true) } },
    { name = "foes", members = { member("thug", stat(5)), member("archer", stat(5)) } } } }
  local done = false
  rules.on("turn.act", function(e)
    if done or e.fighter:get("id") ~= "hero" then return end
    done = true
    local all = by_id()
    dice.force{ 15, 6 }
    local r = fight.strike(all.hero, all.thug, "Club")
    eq({ r.hit, r.damage }, { true, 8 })
    eq({ all.thug:get("hp"), all.thug:has("unconscious") }, { 1, true })
    eq({ fight.is(all.thug, "out"), fight.is(all.thug, "dead") }, { true, false }, "out of the fight alive")
    dice.force{ 15, 6 }
    fight.strike(all.hero, all.archer, "Bow")
    eq(fight.is(all.archer, "dead"), true, "only a melee attack knocks out")
    e.acted = true
  end, { phase = "after" })
  rules.on("turn.start", function(e)
    if e.fighter:get("id") ~= "hero" then e.skip = true end
  end)
  local res = fight.run(enc)
  eq(res.winner, "heroes")
  -- the condition ends on healing, on first aid, or when the rest ends
  local a, b, c, medic = pc("a"), pc("b"), pc("c"), pc("medic")
  for _, x in ipairs({ a, b, c }) do D.knock_out(x) end
  eq({ a:get("hp"), a:has("unconscious"), D.knocked_out(a), D.death_save(a) }, { 1, true, true, nil })
  dmg.heal(a, 2)
  eq(a:has("unconscious"), false, "healed")
  dice.force{ 9 }
  eq(D.first_aid(medic, b).woken, false, "first aid: 9 fails DC 10")
  dice.force{ 10 }
  eq(D.first_aid(medic, b).woken, true)
  eq(D.rest_over(c), true, "the Short Rest ends after an hour")
  eq({ c:has("unconscious"), c:has("prone") }, { false, true })
end)
