-- D&D 5e (2024), inventory section 7: actions, Bonus Actions, Reactions,
-- and the Help action of appendix A.
-- ruleset: 5e
-- covers: 5E-ACT-01 5E-ACT-02 5E-ACT-03 5E-ACT-04 5E-ACT-05

local ch = require("core.5e.character")
local checks = require("core.5e.checks")
local act = require("core.5e.actions")

local function pc(id, spec)
  spec = spec or {}
  spec.id, spec.max_hp, spec.level = id, 10, 1
  spec.abilities = spec.abilities or { str = 10, dex = 14, int = 12, wis = 14, cha = 10 }
  return act.setup(ch.new(spec))
end

test("the twelve actions, with the checks Search, Study, Hide and Influence call for (5E-ACT-01, T-10)", function()
  local list = act.list()
  eq(#list, 12)
  local ids = {}
  for i, a in ipairs(list) do ids[i] = a.id end
  eq(ids, { "attack", "dash", "disengage", "dodge", "help", "hide", "influence", "magic", "ready", "search", "study", "utilize" })
  eq(list[10].zh, "搜索")
  eq(list[10].ability, "wis")
  eq(list[10].skills, { "insight", "medicine", "perception", "survival" })
  eq(list[11].skills, { "arcana", "history", "investigation", "nature", "religion" })
  -- Help: the ally's next check with the helper's skill has Advantage, once.
  local helper = pc("helper", { skills = { "athletics" } })
  local ally = pc("ally")
  fails(function() checks.help(helper, ally, { skill = "arcana" }) end, "not proficient")
  checks.help(helper, ally, { skill = "athletics" })
  dice.force{ 4, 15, 9 }
  local r = checks.d20_test(ally, { skill = "athletics", dc = 12 })
  eq(r.net_adv, 1)
  eq(r.natural, 15)
  r = checks.d20_test(ally, { skill = "athletics", dc = 12 })
  eq(#r.dice, 1, "the Help is used up")
  -- Help on an attack: the next attack by one of the helper's allies.
  local ogre = creature.new{ id = "ogre", hp = 59, ac = 11 }
  checks.help_attack(helper, ogre)
  dice.force{ 2, 13 }
  r = checks.d20_test(ally, { kind = "attack", attack = "melee", target = ogre, ac = 11 })
  eq(r.net_adv, 1)
  eq(r.success, true)
  eq(ogre:has("help_attack"), false)
end)

test("improvising: the DM rules whether it is possible and which test it needs (5E-ACT-02)", function()
  local c = pc("c")
  dice.force{ 13 }
  local r = act.improvise(c, "swing from the chandelier", { skill = "acrobatics", dc = 15 })
  eq(r.rolled, true)
  eq(r.total, 15)
  eq(r.success, true)
  eq(r.skills, { "acrobatics" })
  eq(act.improvise(c, "talk to the wall", false).possible, false)
  eq(act.improvise(c, "open the unlocked door").rolled, false)
  local last = log.tail(1)[1]
  eq(last.kind, "improvise")
  matches(last.text, "open the unlocked door")
end)

test("one action at a time: no Search while Helping (5E-ACT-03)", function()
  local c = pc("c")
  act.begin(c, "help")
  fails(function() act.begin(c, "search") end, "already doing help")
  eq(act.finish(c), "help")
  ok(act.begin(c, "search"))
  act.take(c, "action")
  fails(function() act.take(c, "action") end, "already used")
end)

test("Bonus Actions only when granted, one per turn, none when Incapacitated (5E-ACT-04)", function()
  local rogue = pc("rogue")
  fails(function() act.take(rogue, "bonus_action", "dash") end, "no feature grants")
  act.grant_bonus(rogue, "dash")
  act.grant_bonus(rogue, "hide")
  ok(act.take(rogue, "bonus_action", "dash"))
  local okay, why = act.can(rogue, "bonus_action", "hide")
  eq(okay, false, "one Bonus Action per turn")
  matches(why, "already used")
  rogue:start_turn()
  rogue:add_condition("stunned")
  okay, why = act.can(rogue, "bonus_action", "hide")
  eq(okay, false)
  matches(why, "incapacitated")
end)

test("a Reaction used on an enemy's turn returns at the start of one's own turn (TV-52, 5E-ACT-05)", function()
  local c = pc("c")
  ok(act.take(c, "reaction"))
  local okay, why = act.can(c, "reaction")
  eq(okay, false)
  matches(why, "start of your next turn")
  c:start_round()
  eq(act.can(c, "reaction"), false, "a new round is not the creature's turn")
  c:start_turn()
  eq(act.can(c, "reaction"), true)
  -- On its own turn a creature takes its action, Bonus Action and Reaction.
  act.grant_bonus(c, "dash")
  ok(act.take(c, "action"))
  ok(act.take(c, "bonus_action", "dash"))
  ok(act.take(c, "reaction"))
end)

-- A fight of a dodger and an attacker next to it; fn(d, a) runs in the
-- dodger's first turn (after initiative: dodger 20, attacker 1); the
-- attacker then makes its attack on its own turn.
local function dodge_fight(fn, rounds)
  local seen = {}
  local h = rules.on("turn.act", function(e)
    if e.fighter:get("id") == "dodger" and not e.acted then
      fn(e.fighter, fight.get("attacker"), e.round)
      e.acted = true
    end
  end, { phase = "after" })
  rules.on("attack.roll", function(e) seen[#seen + 1] = { e.natural, e.adv, e.dis } end, { phase = "result" })
  local function stat(id) return { id = id, name = id, hp = 40, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } } } end
  dice.force{ 20, 1 }
  local r = fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "a", members = { { stat = stat("dodger") } } }, { name = "b", members = { { stat = stat("attacker") } } } } })
  rules.off(h)
  return seen, r
end

test("Dodge: attacks against the dodger have Disadvantage and its Dexterity saves Advantage, until its next turn starts (5E-ACT-01)", function()
  local c = pc("c")
  eq(act.dodge(c), true)
  eq({ c:has("dodging"), (act.can(c, "action")) }, { true, false }, "it is the creature's action")
  dice.force{ 3, 15 }
  eq(checks.d20_test(c, { kind = "save", ability = "dex", dc = 10 }).natural, 15, "Dexterity saves: Advantage")
  dice.force{ 3, 15 }
  eq({ require("core.5e.util").save(c, "dex", 10) }, { true, 17, 15 }, "the fights' fast save too (Dex +2)")
  dice.force{ 3 }
  eq(checks.d20_test(c, { kind = "save", ability = "wis", dc = 10 }).natural, 3, "other saves: no Advantage")
  -- in a fight: the attacker's d20s 15 and 4 keep 4; at the start of the
  -- dodger's next turn the Dodge is over: round 2's attack is a straight 15
  local seen = dodge_fight(function(d, _, round)
    if round == 1 then
      act.dodge(d)
      dice.force{ 15, 4, 15 }
    else
      eq(d:has("dodging"), false, "over at the start of its next turn")
    end
  end, 2)
  eq(seen, { { 4, 0, 1 }, { 15, 0, 0 } })
end)

test("Dodge is lost while the dodger is Incapacitated or its Speed is 0 (5E-ACT-01, 5E-CND-09)", function()
  local c = pc("c")
  act.dodge(c)
  c:add_condition("incapacitated")
  dice.force{ 3 }
  eq(checks.d20_test(c, { kind = "save", ability = "dex", dc = 10 }).natural, 3, "no Advantage while Incapacitated")
  c:remove_condition("incapacitated")
  c:add_condition("grappled", { source = "ogre" })
  dice.force{ 3 }
  eq(require("core.5e.util").save(c, "dex", 10), false, "no Advantage at Speed 0 (Grappled)")
  c:remove_condition("grappled")
  dice.force{ 3, 15 }
  eq(checks.d20_test(c, { kind = "save", ability = "dex", dc = 10 }).natural, 15, "back while the Dodge lasts")
  -- in a fight: a Stunned dodger (Incapacitated) loses the Disadvantage;
  -- the Stunned condition's Advantage is left: 4 and 15 keep 15
  local seen = dodge_fight(function(d)
    act.dodge(d)
    d:add_condition("stunned")
    dice.force{ 4, 15 }
  end)
  eq(seen, { { 15, 1, 0 } })
end)

test("tactics may Dodge: the setting dodge_below (5E-ACT-01, 5E-CMB-11)", function()
  local tactics = require("core.5e.tactics")
  local function stat(id, hp, plan)
    local s = { id = id, name = id, hp = hp, max_hp = 40, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } } }
    tactics.kit(s)
    if plan then tactics.plan(s, plan) end
    return s
  end
  local seen = {}
  rules.on("attack.roll", function(e) seen[#seen + 1] = e.attacker:get("id") .. ":" .. e.natural .. "/" .. e.dis end, { phase = "result" })
  -- initiative: the hurt one 20 (10 of 40 HP, dodge_below 0.25) dodges;
  -- the brute 1 attacks it with Disadvantage (15 and 4 keep 4)
  dice.force{ 20, 1, 15, 4 }
  local r = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = stat("hurt", 10, { dodge_below = 0.25 }) } } },
    { name = "b", members = { { stat = stat("brute", 40) } } } } }, { trace = true })
  eq(seen, { "brute:4/1" })
  matches(r.log[2], "hurt takes the Dodge action")
end)
