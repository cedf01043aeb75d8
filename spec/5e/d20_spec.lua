-- D&D 5e (2024), inventory section 4: D20 Tests (ability checks, saving
-- throws, attack rolls, Armor Class).
-- ruleset: 5e
-- covers: 5E-D20-01 5E-D20-02 5E-D20-03 5E-D20-04 5E-D20-05 5E-D20-06 5E-D20-07
-- covers: 5E-D20-08 5E-D20-09 5E-D20-10 5E-D20-11 5E-D20-12 5E-D20-13 5E-D20-14

local ch = require("core.5e.character")
local checks = require("core.5e.checks")

local function hero()
  return ch.new{ id = "hero", max_hp = 12, level = 1,
    abilities = { str = 16, dex = 14, con = 12, int = 10, wis = 15, cha = 8 },
    skills = { "athletics", "perception" }, saves = { "str", "con" }, weapons = { "martial" },
    spellcasting = "wis" }
end

test("three kinds; d20 + ability modifier + PB when proficient; total >= target succeeds (5E-D20-01)", function()
  local c = hero()
  dice.force{ 10, 9, 10 }
  local r = checks.d20_test(c, { skill = "athletics", dc = 15 })
  eq(r.kind, "check")
  eq(r.total, 15, "10 + Str 3 + PB 2")
  eq(r.success, true, "a tie succeeds")
  r = checks.d20_test(c, { kind = "save", ability = "con", dc = 12 })
  eq(r.total, 12)
  eq(r.success, true)
  r = checks.d20_test(c, { kind = "attack", weapon = "longsword", category = "martial", ac = 16 })
  eq(r.total, 15)
  eq(r.success, false)
  fails(function() checks.d20_test(c, { kind = "contest" }) end, "check, save or attack")
end)

test("an ability check is named after its ability (5E-D20-02, T-04)", function()
  local c = hero()
  dice.force{ 7 }
  local r = checks.d20_test(c, { ability = "str" })
  eq(r.name, { en = "Strength check", zh = "力量檢定" })
  eq(checks.name("check", "str", { "acrobatics", "athletics" }),
     { en = "Strength (Acrobatics or Athletics) check", zh = "力量（特技或運動）檢定" })
  eq(ch.ability.str.check, "lift, push, pull or break something")
end)

test("PB with a relevant skill; either skill of 'Str (Acrobatics or Athletics)' qualifies (5E-D20-03)", function()
  local c = hero()
  dice.force{ 10, 10, 10 }
  eq(checks.d20_test(c, { ability = "str", skill = { "acrobatics", "athletics" } }).total, 15)
  eq(checks.d20_test(c, { ability = "str", skill = "acrobatics" }).total, 13, "not proficient: no PB")
  eq(checks.d20_test(c, { ability = "str" }).total, 13, "no skill named: no PB")
end)

test("typical DCs 5/10/15/20/25/30 (5E-D20-04, T-05)", function()
  local dcs = {}
  for i, d in ipairs(checks.dcs) do dcs[i] = d.dc end
  eq(dcs, { 5, 10, 15, 20, 25, 30 })
  eq(checks.dc.medium, 15)
  eq(checks.dcs[6].zh, "幾乎不可能")
  dice.force{ 12 }
  eq(checks.d20_test(hero(), { ability = "int", dc = checks.dc.hard }).success, false)
end)

test("a creature may choose to fail a save without rolling (5E-D20-05)", function()
  local r = checks.d20_test(hero(), { kind = "save", ability = "wis", dc = 5, voluntary_fail = true })
  eq(r.success, false)
  eq(r.auto, "voluntary")
  eq(#r.dice, 0, "no die was rolled")
end)

test("a save is named after its ability (5E-D20-06, T-06)", function()
  dice.force{ 11 }
  local r = checks.d20_test(hero(), { kind = "save", ability = "con" })
  eq(r.name, { en = "Constitution saving throw", zh = "體質豁免檢定" })
  eq(ch.ability.con.save, "endure a toxic hazard")
end)

test("save proficiency adds PB to saves of that ability only (5E-D20-07)", function()
  local c = hero()
  dice.force{ 10, 10 }
  eq(checks.d20_test(c, { kind = "save", ability = "str" }).total, 15)
  eq(checks.d20_test(c, { kind = "save", ability = "dex" }).total, 12)
end)

test("spell save DC = 8 + spellcasting modifier + PB (5E-D20-08)", function()
  local c = hero()
  eq(checks.spell_save_dc(c), 12, "8 + Wis 2 + PB 2")
  local wiz = ch.new{ id = "wiz", max_hp = 30, level = 9, abilities = { int = 18 } }
  eq(checks.spell_save_dc(wiz, "int"), 16)
end)

test("an attack hits on total >= AC, in or out of combat (5E-D20-09)", function()
  local archer = ch.new{ id = "archer", max_hp = 9, pb = 2, abilities = { dex = 16 }, weapons = { "longbow" } }
  dice.force{ 11, 10 }
  local r = checks.d20_test(archer, { kind = "attack", attack = "ranged", weapon = "longbow", ac = 16 })
  eq(r.total, 16)
  eq(r.success, true, "an archery contest: 16 hits AC 16")
  eq(checks.d20_test(archer, { kind = "attack", attack = "ranged", weapon = "longbow", ac = 16 }).success, false)
end)

test("attack abilities: melee Str, ranged Dex, spells the spellcasting ability, Finesse the better (5E-D20-10, T-07)", function()
  local c = hero()
  local ability = rules.need("5e.attack_ability")
  eq(ability(c, { attack = "melee" }), "str")
  eq(ability(c, { attack = "unarmed" }), "str")
  eq(ability(c, { attack = "ranged" }), "dex")
  eq(ability(c, { attack = "spell" }), "wis")
  local rogue = ch.new{ id = "rogue", max_hp = 9, abilities = { str = 10, dex = 17 } }
  eq(ability(rogue, { attack = "melee", finesse = true }), "dex")
  eq(ability(c, { attack = "melee", finesse = true }), "str")
  fails(function() ability(rogue, { attack = "spell" }) end, "spellcasting ability")
end)

test("PB on attacks with proficient weapons and on every spell attack (5E-D20-11)", function()
  local c = hero()
  dice.force{ 10, 10, 10 }
  eq(checks.d20_test(c, { kind = "attack", weapon = "longsword", category = "martial" }).total, 15)
  eq(checks.d20_test(c, { kind = "attack", weapon = "whip", category = "exotic" }).total, 13, "not proficient")
  eq(checks.d20_test(c, { kind = "attack", attack = "spell" }).total, 14, "spell attack: Wis 2 + PB 2")
end)

test("AC: 10 + Dex; only one base calculation; a shield adds on top (TV-15, 5E-D20-12)", function()
  local monk = ch.new{ id = "monk", max_hp = 9, abilities = { dex = 14, con = 16 } }
  eq(checks.ac(monk), 12)
  local unarmored = { name = "unarmored defense", value = 10 + ch.mod(monk, "dex") + ch.mod(monk, "con") }
  local ac, base = checks.ac(monk, { bases = { unarmored } })
  eq(ac, 15, "12 or 15, not 10 + 2 + 2 + 3 + ...")
  eq(base, "unarmored defense")
  eq(checks.ac(monk, { bases = { unarmored }, base = "base" }), 12, "the creature may pick either")
  eq(checks.ac(monk, { bases = { unarmored }, bonuses = { 2 } }), 17, "a shield adds to the chosen base")
end)

test("natural 20 hits and crits, natural 1 misses, whatever the numbers (TV-14, 5E-D20-13)", function()
  dice.force{ 20, 1, 10 }
  local r = checks.d20_test(nil, { kind = "attack", mods = { 0 }, ac = 30 })
  eq(r.success, true)
  eq(r.crit, true)
  r = checks.d20_test(nil, { kind = "attack", mods = { 15 }, ac = 5 })
  eq(r.success, false)
  eq(r.crit, false)
  r = checks.d20_test(nil, { kind = "attack", mods = { 5 }, ac = 15 })
  eq(r.success, true, "15 >= 15")
  eq(r.crit, false)
end)

test("natural 20 and 1 do nothing special on checks and saves (5E-D20-14)", function()
  dice.force{ 20, 1 }
  local r = checks.d20_test(nil, { ability = "str", mods = { 0 }, dc = 25 })
  eq(r.natural, 20)
  eq(r.success, false)
  r = checks.d20_test(nil, { kind = "save", ability = "dex", mods = { 9 }, dc = 10 })
  eq(r.natural, 1)
  eq(r.success, true)
end)
