-- D&D 5e (2024), inventory section 8: social interaction (attitudes and the
-- Influence action of appendix A).
-- ruleset: 5e
-- covers: 5E-SOC-01 5E-SOC-02 5E-SOC-03

local ch = require("core.5e.character")
local act = require("core.5e.actions")

local function pc(id, skills, cha)
  return ch.new{ id = id, max_hp = 10, level = 1, abilities = { cha = cha or 14, wis = 10 }, skills = skills }
end

test("attitudes: Indifferent by default; Friendly gives Advantage, Hostile Disadvantage on Influence (5E-SOC-01)", function()
  local bard, guard = pc("bard", { "persuasion" }), creature.new{ id = "guard", hp = 11, abilities = { int = 10 } }
  eq(act.attitude(guard, bard), "indifferent")
  eq(act.attitudes.friendly.zh, "友善")
  dice.force{ 11 }
  local r = act.influence(bard, guard)
  eq(#r.dice, 1)
  eq(r.total, 15, "11 + Cha 2 + PB 2")
  eq(r.success, true, "DC max(15, Int 10) = 15")
  act.set_attitude(guard, bard, "friendly")
  dice.force{ 3, 12 }
  r = act.influence(bard, guard)
  eq(r.net_adv, 1)
  eq(r.natural, 12)
  act.set_attitude(guard, bard, "hostile")
  dice.force{ 3, 12 }
  r = act.influence(bard, guard)
  eq(r.net_adv, -1)
  eq(r.success, false)
  eq(r.wait_hours, 24, "the same urging waits a day")
end)

test("the DM sets each NPC's attitude per character; willing and unwilling need no roll (5E-SOC-02)", function()
  local a, b = pc("a"), pc("b")
  local sage = creature.new{ id = "sage", hp = 9, abilities = { int = 18 } }
  act.set_attitude(sage, a, "friendly")
  eq(act.attitude(sage, a), "friendly")
  eq(act.attitude(sage, b), "indifferent")
  fails(function() act.set_attitude(sage, b, "smitten") end, "friendly, indifferent or hostile")
  eq(act.influence(a, sage, { willing = "willing" }), { success = true, rolled = false })
  eq(act.influence(a, sage, { willing = "unwilling" }).success, false)
  dice.force{ 10, 14 }
  local r = act.influence(a, sage, { skill = "deception" })
  eq(r.target, 18, "DC: the sage's Intelligence 18")
end)

test("Influence is an ability check; the member proficient in the skill leads (5E-SOC-03)", function()
  local fighter, rogue = pc("fighter", nil, 10), pc("rogue", { "deception" }, 12)
  local lead, mod, skill = act.best_for({ fighter, rogue }, { "deception", "persuasion" })
  eq(lead, rogue)
  eq(mod, 3)
  eq(skill, "deception")
  local guard = creature.new{ id = "guard", hp = 11, abilities = { int = 9 } }
  dice.force{ 12 }
  local r = act.influence(rogue, guard, { skill = "deception" })
  eq(r.kind, "check")
  eq(r.name.zh, "魅力（欺騙）檢定")
  eq(r.success, true)
  fails(function() act.influence(rogue, guard, { skill = "stealth" }) end, "Deception, Intimidation")
end)
