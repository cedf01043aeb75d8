-- D&D 5e (2024), inventory section 6: proficiency, skills, Expertise, saves,
-- weapons and tools.
-- ruleset: 5e
-- covers: 5E-PROF-01 5E-PROF-02 5E-PROF-03 5E-PROF-04 5E-PROF-05 5E-PROF-06
-- covers: 5E-PROF-07 5E-PROF-08 5E-PROF-09 5E-PROF-10

local ch = require("core.5e.character")
local checks = require("core.5e.checks")

test("key=value tags: the first tag that begins with key= gives the value", function()
  local function of(tags, key)
    local c = ch.new{ id = "t", max_hp = 1 }
    for _, t in ipairs(tags) do c:add_tag(t) end
    return ch.tag_value(c, key)
  end
  eq(of({ "pb=4", "pb=3" }, "pb"), "4")
  eq(of({ "humanoid", "level=7" }, "level"), "7")
  eq(of({ "pb=", "pb=3" }, "pb"), "", "a bare key= comes first: its empty value")
  eq(of({ "pbx=2" }, "pb"), nil)
  eq(of({}, "cr"), nil)
  local c = ch.new{ id = "p", max_hp = 1, level = 9 }
  c:add_tag("pb=")
  eq(ch.pb(c), 4, "an empty pb= is no number: PB by level")
end)

test("PB by level and CR (TV-53, 5E-PROF-01, T-08)", function()
  local function pb(spec)
    spec.id, spec.max_hp = "x", 1
    return ch.pb(ch.new(spec))
  end
  eq({ pb{ level = 1 }, pb{ level = 5 }, pb{ level = 17 } }, { 2, 3, 6 })
  eq({ pb{ cr = "1/4" }, pb{ cr = 9 }, pb{ cr = 30 } }, { 2, 4, 9 })
  eq(pb{ cr = 0 }, 2)
  eq(pb{ pb = 5 }, 5, "a stat block's own PB wins")
  -- PB goes to proficient D20 Tests and to spell save DCs.
  local c = ch.new{ id = "c", max_hp = 1, level = 5, abilities = { int = 16 }, skills = { "arcana" } }
  dice.force{ 10 }
  eq(checks.d20_test(c, { skill = "arcana" }).total, 16)
  eq(checks.spell_save_dc(c, "int"), 14)
end)

test("PB counts once: Cha (Deception or Persuasion) with both is 15, not 17 (TV-10, 5E-PROF-02)", function()
  local c = ch.new{ id = "c", max_hp = 1, pb = 2, abilities = { cha = 16 }, skills = { "deception", "persuasion" } }
  dice.force{ 10 }
  local r = checks.d20_test(c, { ability = "cha", skill = { "deception", "persuasion" } })
  eq(r.total, 15)
  local counted = 0
  for _, m in ipairs(r.mods) do
    if m.type == "proficiency" and m.counted then counted = counted + 1 end
  end
  eq(counted, 1)
end)

test("Expertise doubles PB, once even with another doubling; halving applies once too (TV-11, 5E-PROF-03)", function()
  local c = ch.new{ id = "c", max_hp = 1, pb = 3, abilities = { dex = 12 }, skills = { stealth = "expertise" } }
  dice.force{ 10, 10, 10 }
  eq(checks.d20_test(c, { skill = "stealth", double_pb = true }).total, 17, "10 + 1 + 6")
  eq(checks.d20_test(c, { skill = "stealth", halve_pb = true }).total, 14, "doubled and halved: x1")
  eq(checks.d20_test(c, { skill = "stealth", halve_pb = true, double_pb = true }).total, 14)
end)

test("skills are kinds of check; without proficiency the check is made without PB (5E-PROF-04)", function()
  local climber = ch.new{ id = "a", max_hp = 1, pb = 2, abilities = { str = 14 }, skills = { "athletics" } }
  local other = ch.new{ id = "b", max_hp = 1, pb = 2, abilities = { str = 14 } }
  dice.force{ 10, 10 }
  eq(checks.d20_test(climber, { skill = "athletics", dc = 14 }).total, 14)
  local r = checks.d20_test(other, { skill = "athletics", dc = 14 })
  eq(r.total, 12)
  eq(r.ability, "str", "climbing a cliff: Str (Athletics)")
end)

test("18 skills, each with its default ability and Chinese name (5E-PROF-05, T-09)", function()
  eq(#ch.skills, 18)
  local count = { str = 0, dex = 0, con = 0, int = 0, wis = 0, cha = 0 }
  for _, s in ipairs(ch.skills) do
    count[s.ability] = count[s.ability] + 1
    ok(s.zh ~= nil and s.zh ~= "", s.id)
  end
  eq(count, { str = 1, dex = 3, con = 0, int = 5, wis = 5, cha = 4 })
  eq(ch.skill.stealth.zh, "隱匿")
  eq(ch.skill_id("Sleight of Hand"), "sleight_of_hand")
  eq(ch.skill_id("察覺"), "perception")
end)

test("PCs get skills at creation; monsters from their stat block (5E-PROF-06)", function()
  local pc = ch.new{ id = "pc", max_hp = 10, level = 1, abilities = { wis = 14 }, skills = { "perception" } }
  local goblin = ch.apply(creature.new{ id = "goblin", hp = 7, abilities = { dex = 14 } },
    { cr = "1/4", skills = { "stealth" } })
  ok(ch.proficient(pc, "skill", "perception"))
  ok(ch.proficient(goblin, "skill", "stealth"))
  dice.force{ 10 }
  eq(checks.d20_test(goblin, { skill = "stealth" }).total, 14, "Stealth +4")
  eq(checks.passive(pc, { skill = "perception" }), 14)
end)

test("a skill with another ability: Str (Intimidation) is 9 + 4 + 2 = 15 (TV-12, 5E-PROF-07)", function()
  local c = ch.new{ id = "c", max_hp = 1, pb = 2, abilities = { str = 18, cha = 10 }, skills = { "intimidation" } }
  dice.force{ 9, 9 }
  local r = checks.d20_test(c, { ability = "str", skill = "intimidation" })
  eq(r.total, 15)
  eq(r.name.en, "Strength (Intimidation) check")
  eq(checks.d20_test(c, { skill = "intimidation" }).total, 11, "the default Cha (Intimidation)")
end)

test("save proficiencies: a Wizard adds PB to Int and Wis saves; a monster's come from its stat block (5E-PROF-08)", function()
  local wiz = ch.new{ id = "wiz", max_hp = 8, level = 1, abilities = { int = 16, wis = 12, dex = 14 }, saves = { "int", "wis" } }
  dice.force{ 10, 10, 10 }
  eq(checks.d20_test(wiz, { kind = "save", ability = "int" }).total, 15)
  eq(checks.d20_test(wiz, { kind = "save", ability = "wis" }).total, 13)
  eq(checks.d20_test(wiz, { kind = "save", ability = "dex" }).total, 12)
  local ogre = ch.apply(creature.new{ id = "ogre", hp = 59, abilities = { con = 16 } }, { cr = 2, saves = { "con" } })
  dice.force{ 10 }
  eq(checks.d20_test(ogre, { kind = "save", ability = "con" }).total, 15)
end)

test("anyone can use any weapon; proficiency adds PB (5E-PROF-09)", function()
  local c = ch.new{ id = "c", max_hp = 1, pb = 3, abilities = { str = 14 }, weapons = { "simple", "longsword" } }
  dice.force{ 10, 10, 10 }
  eq(checks.d20_test(c, { kind = "attack", weapon = "longsword" }).total, 15)
  eq(checks.d20_test(c, { kind = "attack", weapon = "mace", category = "simple" }).total, 15)
  local r = checks.d20_test(c, { kind = "attack", weapon = "greataxe", category = "martial" })
  eq(r.total, 12, "usable without proficiency, no PB")
end)

test("tool and skill proficiency together: Advantage, PB once (TV-13, 5E-PROF-10)", function()
  local c = ch.new{ id = "c", max_hp = 1, pb = 2, abilities = { dex = 14 },
    skills = { "sleight_of_hand" }, tools = { "thieves_tools" } }
  dice.force{ 5, 14 }
  local r = checks.d20_test(c, { skill = "sleight_of_hand", tool = "thieves_tools" })
  eq(#r.dice, 2)
  eq(r.net_adv, 1)
  eq(r.total, 18, "14 + 2 + 2")
  local t = ch.new{ id = "t", max_hp = 1, pb = 2, abilities = { dex = 14 }, tools = { "thieves_tools" } }
  dice.force{ 5 }
  r = checks.d20_test(t, { skill = "sleight_of_hand", tool = "thieves_tools" })
  eq(#r.dice, 1, "tool only: PB, no Advantage")
  eq(r.total, 9)
end)
