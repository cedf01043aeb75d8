-- The modded 5e, inventory section 2: the D20 test, graded advantage,
-- how a level becomes dice, opposed checks, automatic failures, skills,
-- saves and natural 20 / 1 on saves (TV-32).
-- ruleset: mod5e
-- covers: HB-CORE-01 HB-CORE-02 HB-CORE-03 HB-CORE-04 HB-CORE-05 HB-CORE-06 HB-CORE-07 HB-CORE-08

local ch = require("core.5e.character")
local core = rules.need("mod5e.core")

local function pc(id, abilities, opts)
  opts = opts or {}
  return ch.new{ id = id, max_hp = 20, level = 1, abilities = abilities or { str = 10, dex = 10, con = 10, int = 10,
    wis = 10, cha = 10 }, skills = opts.skills, saves = opts.saves }
end

test("a D20 test is d20 + attribute value + proficiency + modifiers, meeting the DC succeeds (HB-CORE-01)", function()
  local c = pc("rogue", { str = 10, dex = 16, con = 10, int = 10, wis = 10, cha = 10 }, { skills = { "stealth" } })
  dice.force{ 12 }
  local r = core.test(c, { skill = "stealth", dc = 17, mods = { 0 } })
  eq(r.total, 17, "12 + Dex 3 + proficiency 2")
  eq(r.success, true, "17 meets DC 17")
  dice.force{ 12 }
  eq(core.test(c, { skill = "stealth", dc = 18 }).success, false)
  dice.force{ 12 }
  eq(core.test(c, { skill = "stealth", dc = 10, mods = { { value = -3, source = "wounded" } } }).total, 14, "other modifiers add")
  -- an attack roll hits when its total equals the AC
  dice.force{ 10 }
  eq(core.test(c, { kind = "attack", attack = "melee", ac = 12, proficient = true }).success, true, "10 + Str 0 + 2 = AC 12")
end)

test("graded advantage: levels add up and cancel one for one, and the dice follow the net level (HB-CORE-02)", function()
  dice.force{ 4, 17 }
  local r = core.test(nil, { ability = "wis", adv = { 1, 1, -1 } })
  eq(r.net_adv, 1, "2 adv + 1 dis = 1 adv, not 5e's cancelling")
  eq(#r.dice, 2)
  eq(r.natural, 17)
  dice.force{ 4, 9, 17 }
  r = core.test(nil, { ability = "wis", adv = { { level = 2, source = "unseen attacker" } } })
  eq(#r.dice, 3, "2 adv rolls three d20s")
  eq(r.natural, 17)
  dice.force{ 15, 9, 3 }
  r = core.test(nil, { ability = "wis", adv = { 1, -1, -1, -1 } })
  eq(r.net_adv, -2)
  eq(#r.dice, 3)
  eq(r.natural, 3, "the lowest of three")
  -- the sources are kept with the net
  local s = core.sources({ { level = 1, source = "help" }, { level = -2, source = "unseen" } })
  eq({ s.net, s.up, s.down, #s.sources, s.sources[2].source }, { -1, 1, 2, 2, "unseen" })
end)

test("a level turns into dice by a rule scripts may change or cap (HB-CORE-03, AMB-01)", function()
  dice.force{ 2, 6, 11, 19 }
  local r = core.test(nil, { ability = "str", adv = -3 })
  eq({ #r.dice, r.natural }, { 4, 2 }, "1 + |net| dice, the lowest kept")
  rules.merge("mod5e.options", { adv_cap = 1 })
  dice.force{ 6, 11 }
  r = core.test(nil, { ability = "str", adv = 3 })
  eq({ r.net_adv, #r.dice, r.natural }, { 1, 2, 11 }, "a cap of 1")
  rules.merge("mod5e.options", { adv_cap = 0 })
  rules.merge("mod5e.advantage", { max_dice = 2, step = 2 })
  dice.force{ 6, 11 }
  r = core.test(nil, { ability = "str", adv = 3 })
  eq({ #r.dice, r.natural, r.total }, { 2, 11, 15 }, "2d20 and +2 for each further level")
  rules.merge("mod5e.advantage", { max_dice = 0, step = 0 })
end)

test("an opposed check: the higher wins, a tie changes nothing so the initiator fails (HB-CORE-04, AMB-11)", function()
  local a = pc("a", { str = 14, dex = 10, con = 10, int = 10, wis = 10, cha = 10 })
  local b = pc("b", { str = 14, dex = 10, con = 10, int = 10, wis = 10, cha = 10 })
  dice.force{ 12, 12 }
  local r = core.opposed(a, { skill = "athletics" }, b, { skill = "athletics" })
  eq({ r.success, r.winner }, { false, nil }, "12 + 2 against 12 + 2")
  dice.force{ 13, 12 }
  eq(core.opposed(a, { skill = "athletics" }, b, { skill = "athletics" }).success, true)
  dice.force{ 11, 12 }
  r = core.opposed(a, { skill = "athletics" }, b, { skill = "athletics" })
  eq({ r.success, r.winner }, { false, "b" })
end)

test("a side that fails automatically loses an opposed check; both failing changes nothing (HB-CORE-05)", function()
  local a = pc("a")
  local b = pc("b")
  b:add_condition("paralyzed")
  dice.force{ 1 }
  local r = core.opposed(a, { skill = "athletics" }, b, { skill = "athletics" })
  eq({ r.success, r.how, r.winner }, { true, "auto", "a" }, "incapacitated: Strength checks fail")
  eq(#dice.pending(), 0, "only the initiator rolled")
  a:add_condition("stunned")
  a:add_condition("incapacitated")
  r = core.opposed(a, { skill = "athletics" }, b, { skill = "athletics" })
  eq({ r.success, r.winner }, { false, nil }, "both fail: nothing changes")
end)

test("skills and their attributes; Str-, Dex- and Int-related checks are grouped by attribute (HB-CORE-06)", function()
  local c = pc("c", { str = 12, dex = 14, con = 10, int = 10, wis = 16, cha = 10 })
  eq({ core.skills.athletics, core.skills.stealth, core.skills.perception, core.skills.insight }, { "str", "dex", "wis", "wis" })
  eq(rules.need("5e.checks").modifier(c, { skill = "perception" }), 3, "Perception is Wisdom")
  eq(rules.need("5e.checks").modifier(c, { skill = "stealth" }), 2, "Stealth is Dexterity")
  c:add_condition("incapacitated")
  eq(core.test(c, { skill = "stealth", dc = 5 }).auto ~= nil, true, "a Dex-related check fails")
  dice.force{ 10 }
  eq(core.test(c, { skill = "perception", dc = 5 }).success, true, "a Wis-related check is rolled")
end)

test("the Reflex save is a Dexterity save; cover and conditions change it (HB-CORE-07, AMB-04)", function()
  local c = pc("c", { str = 10, dex = 14, con = 10, int = 10, wis = 10, cha = 10 }, { saves = { "dex" } })
  eq(core.save_ability("reflex"), "dex")
  dice.force{ 10 }
  local r = core.test(c, { save = "reflex", dc = 14 })
  eq({ r.ability, r.total, r.success }, { "dex", 14, true }, "10 + Dex 2 + proficiency 2")
  dice.force{ 9 }
  eq(core.test(c, { save = "reflex", dc = 15, cover = "three-quarters" }).total, 17, "strong cover +4")
  c:add_condition("restrained")
  dice.force{ 9, 15 }
  r = core.test(c, { save = "reflex", dc = 10 })
  eq({ r.net_adv, r.natural }, { -1, 9 }, "restrained: 1 dis on Reflex")
end)

test("TV-32: a natural 1 fails a save, a natural 20 succeeds; checks have no such rule (HB-CORE-08)", function()
  dice.force{ 1 }
  local r = core.test(nil, { save = "reflex", dc = 20, mods = { 25 } })
  eq({ r.total, r.success }, { 26, false }, "+25 against DC 20, natural 1")
  dice.force{ 20 }
  r = core.test(nil, { save = "reflex", dc = 30, mods = { -5 } })
  eq({ r.total, r.success }, { 15, true }, "-5 against DC 30, natural 20")
  dice.force{ 20 }
  eq(core.test(nil, { ability = "dex", dc = 30 }).success, false, "a check's natural 20 is just 20")
  dice.force{ 1 }
  eq(core.test(nil, { ability = "dex", dc = 5, mods = { 10 } }).success, true, "a check's natural 1 is just 1")
end)
