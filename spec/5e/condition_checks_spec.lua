-- D&D 5e (2024), inventory section 22: what the conditions do to ability
-- checks, saving throws and the action economy outside fights (their
-- effects inside self-playing fights are the combat specs' business).
-- ruleset: 5e
-- covers: 5E-CND-03 5E-CND-04 5E-CND-05 5E-CND-06 5E-CND-07 5E-CND-09 5E-CND-11
-- covers: 5E-CND-12 5E-CND-13 5E-CND-15 5E-CND-16 5E-CND-17

local ch = require("core.5e.character")
local checks = require("core.5e.checks")
local hz = require("core.5e.hazards")
local rest = require("core.5e.rest")
local act = require("core.5e.actions")

local function pc(id)
  return ch.new{ id = id or "pc", max_hp = 20, level = 1, hit_dice = "d8",
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
end

local function auto_fails(c, opts)
  local r = checks.d20_test(c, opts)
  return r.success == false and #r.dice == 0, r
end

test("Blinded: checks needing sight fail; its attacks have Disadvantage, attacks on it Advantage (5E-CND-03)", function()
  local c = pc()
  c:add_condition("blinded")
  local failed, r = auto_fails(c, { skill = "perception", needs = "sight", dc = 1 })
  ok(failed)
  eq(r.auto, "blinded")
  dice.force{ 12 }
  eq(checks.d20_test(c, { skill = "perception", needs = "hearing", dc = 10 }).success, true, "listening still works")
  dice.force{ 15, 4 }
  eq(checks.d20_test(c, { kind = "attack", ac = 10 }).natural, 4)
  local foe = pc("foe")
  dice.force{ 4, 15 }
  eq(checks.d20_test(foe, { kind = "attack", target = c, ac = 10 }).natural, 15)
end)

test("Charmed: the charmer has Advantage on social checks with the charmed creature (5E-CND-04)", function()
  local vampire, victim = pc("vampire"), pc("victim")
  victim:add_condition("charmed", { source = "vampire" })
  dice.force{ 3, 16, 3 }
  local r = checks.d20_test(vampire, { skill = "persuasion", social = true, with = victim })
  eq(r.net_adv, 1)
  eq(r.natural, 16)
  r = checks.d20_test(pc("other"), { skill = "persuasion", social = true, with = victim })
  eq(#r.dice, 1, "only for the charmer")
end)

test("Deafened: checks needing hearing fail (5E-CND-05)", function()
  local c = pc()
  c:add_condition("deafened")
  ok(auto_fails(c, { skill = "perception", needs = "hearing", dc = 1 }))
  dice.force{ 9 }
  eq(checks.d20_test(c, { skill = "perception", needs = "sight", dc = 5 }).success, true)
end)

test("Exhaustion 3: -6 on D20 Tests, -15 ft Speed; a Long Rest leaves 2; 6 kills (TV-38, 5E-CND-06)", function()
  local c = pc()
  hz.gain_exhaustion(c, 3)
  dice.force{ 15 }
  local r = checks.d20_test(c, { ability = "str", mods = { 5 }, dc = 15 })
  eq(r.total, 14)
  eq(r.success, false)
  eq(hz.exhausted_speed(c, 30), 15)
  dice.force{ 15 }
  eq(checks.d20_test(c, { kind = "save", ability = "con" }).total, 9, "saves too")
  rest.long_rest(c)
  eq(c:level("exhaustion"), 2)
  hz.gain_exhaustion(c, 4)
  eq(c:level("exhaustion"), 6, "capped at 6")
  eq(c:has("dead"), true)
end)

test("Frightened: Disadvantage on checks while the source is in sight (5E-CND-07)", function()
  local c = pc()
  c:add_condition("frightened", { source = "dragon" })
  dice.force{ 14, 5, 14 }
  eq(checks.d20_test(c, { ability = "str" }).natural, 5)
  eq(checks.d20_test(c, { ability = "str", fear_in_sight = false }).natural, 14)
end)

test("Incapacitated: no action, Bonus Action or Reaction (5E-CND-09)", function()
  local c = act.setup(pc())
  act.grant_bonus(c, "dash")
  c:add_condition("incapacitated")
  for _, slot in ipairs({ "action", "reaction" }) do
    local okay, why = act.can(c, slot)
    eq(okay, false, slot)
    matches(why, "incapacitated")
  end
  eq(act.can(c, "bonus_action", "dash"), false)
  c:remove_condition("incapacitated")
  eq(act.can(c, "action"), true)
end)

test("Paralyzed, Petrified, Stunned, Unconscious: Str and Dex saves fail (5E-CND-11/12/16/17)", function()
  for _, name in ipairs({ "paralyzed", "petrified", "stunned", "unconscious" }) do
    local c = pc(name)
    c:add_condition(name)
    ok(auto_fails(c, { kind = "save", ability = "str", dc = 1 }), name .. " Str")
    ok(auto_fails(c, { kind = "save", ability = "dex", dc = 1 }), name .. " Dex")
    dice.force{ 10 }
    eq(checks.d20_test(c, { kind = "save", ability = "con", dc = 10 }).success, true, name .. " Con")
  end
end)

test("Poisoned: Disadvantage on ability checks and attack rolls (5E-CND-13)", function()
  local c = pc()
  c:add_condition("poisoned")
  dice.force{ 17, 2, 17, 2, 17 }
  eq(checks.d20_test(c, { skill = "athletics" }).natural, 2)
  eq(checks.d20_test(c, { kind = "attack", ac = 10 }).natural, 2)
  eq(checks.d20_test(c, { kind = "save", ability = "con" }).natural, 17, "saves are not affected")
end)

test("Restrained: Disadvantage on Dex saves (5E-CND-15)", function()
  local c = pc()
  c:add_condition("restrained")
  dice.force{ 16, 3, 16 }
  eq(checks.d20_test(c, { kind = "save", ability = "dex" }).natural, 3)
  eq(checks.d20_test(c, { kind = "save", ability = "str" }).natural, 16)
end)
