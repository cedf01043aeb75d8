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
