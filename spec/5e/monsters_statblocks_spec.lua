-- ruleset: 5e
-- The monster files (scripts/monsters/5e): SRD 5.2.1 stat blocks (the orc:
-- SRD 5.1) as transcribed, with names in English and Chinese, and the
-- saving throws and skills the rules compute from them equal to the
-- printed ones.
local ids = { "goblin", "wolf", "hobgoblin", "orc", "ogre", "skeleton", "zombie", "bugbear", "owlbear", "troll",
  "young_red_dragon", "ghoul", "giant_spider" }

-- printed: AC, HP, initiative, CR, and the six saves as printed
local printed = {
  goblin = { 15, 10, 2, "1/4", { -1, 2, 0, 0, -1, -1 } },
  wolf = { 12, 11, 2, "1/4", { 2, 2, 1, -4, 1, -2 } },
  hobgoblin = { 18, 11, 3, "1/2", { 1, 1, 1, 0, 0, -1 } },
  orc = { 13, 15, 1, "1/2", { 3, 1, 3, -2, 0, 0 } },
  ogre = { 11, 68, -1, "2", { 4, -1, 3, -3, -2, -2 } },
  skeleton = { 14, 13, 3, "1/4", { 0, 3, 2, -2, -1, -3 } },
  zombie = { 8, 15, -2, "1/4", { 1, -2, 3, -4, 0, -3 } },
  bugbear = { 14, 33, 2, "1", { 2, 2, 1, -1, 0, -1 } },
  owlbear = { 13, 59, 1, "3", { 5, 1, 3, -4, 1, -2 } },
  troll = { 15, 94, 1, "5", { 4, 1, 5, -2, -1, -2 } },
  young_red_dragon = { 18, 178, 4, "10", { 6, 4, 5, 2, 4, 4 } },
  ghoul = { 12, 22, 2, "1", { 1, 2, 0, -2, 0, -2 } },
  giant_spider = { 14, 26, 3, "1", { 2, 3, 1, -4, 0, -3 } },
}

test("every monster file loads, with English and Chinese names and its transcribed numbers", function()
  for _, id in ipairs(ids) do
    local m = require("monsters.5e." .. id)
    local p = printed[id]
    eq(m.id, id)
    ok(type(m.name.en) == "string" and type(m.name.zh) == "string", id .. ": names")
    eq({ m.ac, m.hp, m.init, m.cr }, { p[1], p[2], p[3], p[4] }, id)
    ok(m.source == "SRD 5.2.1" or (id == "orc" and m.source == "SRD 5.1"), id .. ": source")
    ok(#m.attacks > 0, id .. ": attacks")
  end
end)

test("the saving throws the rules compute are the printed ones", function()
  local checks = rules.need("5e.checks")
  for _, id in ipairs(ids) do
    local c = creature.new(require("monsters.5e." .. id))
    local got = {}
    for i, ab in ipairs({ "str", "dex", "con", "int", "wis", "cha" }) do
      got[i] = checks.modifier(c, { kind = "save", ability = ab })
    end
    eq(got, printed[id][5], id)
  end
end)

test("the fights' fast saving throws (core.5e.util.save) use the same bonuses and condition effects as 5e.d20_test", function()
  local util = require("core.5e.util")
  for _, id in ipairs(ids) do
    local c = creature.new(require("monsters.5e." .. id))
    local got = {}
    for i, ab in ipairs({ "str", "dex", "con", "int", "wis", "cha" }) do got[i] = util.save_bonus(c, ab) end
    eq(got, printed[id][5], id)
  end
  local c = creature.new(require("monsters.5e.troll"))
  c:add_condition("paralyzed")
  eq({ util.save(c, "dex", 1) }, { false, 0, 0 }, "Paralyzed fails Dexterity saves without a roll")
  c:remove_condition("paralyzed")
  c:add_condition("restrained")
  dice.force{ 20, 3 }
  eq({ util.save(c, "dex", 5) }, { false, 4, 3 }, "Restrained: Disadvantage on Dexterity saves")
  dice.force{ 20, 3 }
  local r = rules.need("5e.d20_test")(c, { kind = "save", ability = "dex", dc = 5 })
  eq({ r.success, r.total, r.natural }, { false, 4, 3 }, "the same roll through 5e.d20_test")
end)

test("skills: the rules' bonus is the printed one (Expertise where the SRD doubles the PB)", function()
  local checks = rules.need("5e.checks")
  local skills = {
    { "goblin", "stealth", 6 }, { "wolf", "perception", 5 }, { "wolf", "stealth", 4 }, { "bugbear", "stealth", 6 },
    { "bugbear", "survival", 2 }, { "owlbear", "perception", 5 }, { "troll", "perception", 5 },
    { "young_red_dragon", "perception", 8 }, { "young_red_dragon", "stealth", 4 },
    { "giant_spider", "perception", 4 }, { "giant_spider", "stealth", 7 }, { "orc", "intimidation", 2 },
  }
  for _, s in ipairs(skills) do
    local c = creature.new(require("monsters.5e." .. s[1]))
    eq(checks.modifier(c, { kind = "check", skill = s[2] }), s[3], s[1] .. " " .. s[2])
  end
end)

test("a transcription slip fails loudly", function()
  local util = require("core.5e.util")
  fails(function()
    util.monster{ id = "x", cr = "1", abilities = { str = 10, dex = 14 }, saves = { dex = 5 }, attacks = {} }
  end, "neither the modifier")
  fails(function()
    util.monster{ id = "x", cr = "1", abilities = { dex = 14 }, skills = { stealth = 3 }, attacks = {} }
  end, "neither modifier")
end)

test("Skeleton: Vulnerability to Bludgeoning, Immunity to Poison and to the Poisoned condition", function()
  local s = creature.new(require("monsters.5e.skeleton"))
  eq(s:damage(4, "bludgeoning", { steps = rules.need("combat").damage_steps }).total, 8)
  eq(s:damage(9, "poison").total, 0)
  eq(s:add_condition("poisoned").immune, true)
end)

test("Young Red Dragon: Immunity to Fire; Rend is Slashing plus Fire", function()
  local d = require("monsters.5e.young_red_dragon")
  eq(creature.new(d):damage(30, "fire").total, 0)
  eq({ d.attacks[1].damage, d.attacks[1].type, d.multiattack }, { "2d6+6 + 1d6[fire]", "slashing", { "Rend", "Rend", "Rend" } })
end)

test("Orc (SRD 5.1): Greataxe and Javelin; Aggressive is movement only", function()
  local o = require("monsters.5e.orc")
  eq({ o.attacks[1].name, o.attacks[1].bonus, o.attacks[1].damage }, { "Greataxe", 5, "1d12+3" })
  eq(o.features[1].id, "aggressive")
end)

test("Ogre and Owlbear: plain attacks (the Owlbear's Multiattack is two Rends)", function()
  local ogre, owl = require("monsters.5e.ogre"), require("monsters.5e.owlbear")
  eq({ ogre.attacks[1].damage, owl.attacks[1].damage, owl.multiattack }, { "2d8+4", "2d8+5", { "Rend", "Rend" } })
end)
