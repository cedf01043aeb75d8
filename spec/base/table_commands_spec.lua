-- The REPL's table commands (scripts/core/base/table.lua) as Lua functions
-- and as command lines, under 5e (its combat table, saves and names).
-- ruleset: 5e

local tbl = require("core.base.table")

local function goblin()
  return { id = "goblin", name = { en = "Goblin Warrior", zh = "哥布林戰士" }, hp = 10, ac = 15, init = 2, cr = "1/4",
    abilities = { str = 8, dex = 15, con = 10, int = 10, wis = 8, cha = 8 },
    attacks = { { name = "Scimitar", zh = "彎刀", bonus = 4, damage = "1d6+2", type = "slashing" },
      { name = "Shortbow", bonus = 4, damage = "1d6+2", type = "piercing", ranged = true } } }
end

local function hero()
  return { id = "hero", name = { en = "Hero", zh = "英雄" }, player = true, hp = 20, ac = 16, init = 3, level = 3,
    abilities = { str = 16, dex = 14, con = 14, int = 10, wis = 12, cha = 10 }, saves = { "str", "con" },
    attacks = { { name = "Longsword", bonus = 5, damage = "1d8+3", type = "slashing" } } }
end

local function ember()
  return { id = "ember", name = "Ember Spirit", hp = 15, ac = 13, init = 1, cr = 1,
    abilities = { str = 10, dex = 14, con = 12, int = 6, wis = 10, cha = 6 }, saves = { dex = 5 },
    traits = { { kind = "resist", type = "fire" }, { kind = "vuln", type = "cold" } },
    attacks = { { name = "Burning Touch", bonus = 4, damage = "1d6+2", type = "fire" } } }
end

-- a fight: goblin1, goblin2 (foes), hero (party); initiative goblin1 17,
-- hero 15, goblin2 10.
local function setup()
  tbl.add(goblin(), { count = 2 })
  tbl.add(hero())
  dice.force{ 15, 8, 12 }
  return tbl.init()
end

test("display width: a Chinese character takes two cells; the grid stays aligned", function()
  eq(tbl.width("goblin"), 6)
  eq(tbl.width("哥布林戰士"), 10)
  eq(tbl.width("英雄3/20"), 8)
  eq(tbl.width("（）"), 4, "full-width forms")
  eq(tbl.pad("英雄", 6) .. "|", "英雄  |")
  eq(tbl.pad("7", 3, true), "  7")
  local text = tbl.grid({ "name", "hp" }, { { "哥布林戰士", "10" }, { "hero", "7" } }, { [2] = true })
  local lines = {}
  for l in text:gmatch("[^\n]+") do lines[#lines + 1] = l end
  eq(#lines, 3)
  for _, l in ipairs(lines) do eq(tbl.width(l), 14, l) end
end)

test("words split as the REPL splits them; quotes keep spaces", function()
  eq(tbl.words([[attack "goblin boss" hero --with 'short bow' --adv]]),
    { "attack", "goblin boss", "hero", "--with", "short bow", "--adv" })
  eq(tbl.words("  cond add 英雄 倒地  1r "), { "cond", "add", "英雄", "倒地", "1r" })
  eq(tbl.words("cond　add 英雄　倒地"), { "cond", "add", "英雄", "倒地" }, "an ideographic space separates words")
  fails(function() tbl.words([[attack "goblin]]) end, "unclosed")
end)

test("add numbers creatures, takes overrides and sides; errors name what is wrong", function()
  fails(function() tbl.show() end, "no fight is going on")
  local r = tbl.add(goblin(), { count = 2 })
  eq(#r.creatures, 2)
  eq(r.text, "added goblin1, goblin2 to foes (HP 10, AC 15)")
  r = tbl.add(goblin(), { id = "boss", hp = 12 })
  eq(r.creatures[1]:get("max_hp"), 12)
  eq(tbl.add(hero()).text, "added hero to party (HP 20, AC 16)", "a player's stat block joins the party")
  eq(tbl.find("GOBLIN2"), fight.get("goblin2"), "ids in any case")
  eq(tbl.find("哥布林戰士1"), fight.get("goblin1"), "the Chinese name with the number")
  fails(function() tbl.find("goblin9") end, "no creature called goblin9 (in the fight: goblin1, goblin2, boss, hero)")
  fails(function() tbl.add("nosuch") end, "no monster nosuch for 5e")
end)

test("the add command line reads counts and flags; a bad line prints the usage", function()
  eq(tbl.add(goblin()).text, "added goblin1 to foes (HP 10, AC 15)", "monsters are numbered from the first")
  -- "goblin" has no monster file here: the kind already in the fight is used
  eq(tbl.run("add goblin x2 --side=foes --hp 7"), "added goblin2, goblin3 to foes (HP 7, AC 15)")
  eq(tbl.run("add goblin --id boss --name Grukk"), "added Grukk to foes (HP 10, AC 15)", "shown by the name given")
  eq(tbl.order()[4].name, "Grukk")
  eq(tbl.find("grukk"), fight.get("boss"), "the name given at add is a handle")
  eq(tbl.run("add goblin"), "added goblin4 to foes (HP 10, AC 15)", "numbers go on after the goblins in the fight")
  fails(function() tbl.run("add goblin x0") end, "the count must be a whole number from 1")
  fails(function() tbl.run("add goblin lots") end, "add: no monster is called goblin lots, and lots is not a count")
  fails(function() tbl.run("add goblin --hp many") end, "add: --hp wants a number, got many")
  fails(function() tbl.run("add goblin --colour red") end, "add: unknown flag --colour")
  fails(function() tbl.run("add goblin --side") end, "add: --side needs a value")
end)

test("init rolls initiative once and shows the order; order lists HP, temp HP and conditions", function()
  local r = setup()
  eq(r.order[1].id, "goblin1")
  eq(r.order[1].count, 17)
  eq(r.order[2].id, "hero")
  eq(r.order[3].id, "goblin2")
  eq(r.text, table.concat({
    "round 1",
    "   init  id       name            side   HP     temp  conditions",
    "*    17  goblin1  Goblin Warrior  foes   10/10     0  -",
    "     15  hero     Hero            party  20/20     0  -",
    "     10  goblin2  Goblin Warrior  foes   10/10     0  -",
    "round 1: goblin1's turn" }, "\n"))
  fails(function() tbl.init() end, "initiative has been rolled already")
  fight.get("hero"):gain_temp(4)
  tbl.cond_add("hero", "prone")
  local rows = tbl.order()
  eq(rows[2].temp_hp, 4)
  eq(rows[2].conditions, "prone")
  eq(tbl.run("show"), tbl.run("order"))
end)

test("attack: hits, misses, criticals, advantage and a death", function()
  setup()
  dice.force{ 14, 3 }
  local r = tbl.attack("hero", "goblin1")
  eq({ r.hit, r.crit, r.damage, r.taken }, { true, false, 6, 6 })
  eq(r.text, "hero attacks goblin1 with Longsword: 14 + 5 = 19 vs AC 15: hit, 6 slashing damage\ngoblin1 4/10 HP")
  dice.force{ 5 }
  r = tbl.attack("goblin1", "hero")
  eq(r.hit, false)
  eq(r.text, "goblin1 attacks hero with Scimitar: 5 + 4 = 9 vs AC 16: miss")
  dice.force{ 1 }
  eq(tbl.attack("goblin2", "hero").text, "goblin2 attacks hero with Scimitar: 1 + 4 = 5 vs AC 16: natural 1, miss")
  dice.force{ 3, 20, 6, 4 }
  r = tbl.run("attack hero goblin1 --with LONGSWORD --adv")
  eq(r, "hero attacks goblin1 with Longsword: 2d20kh1 (~~3~~, 20) + 5 = 25 vs AC 15: natural 20, critical hit! 13 slashing damage"
    .. " — Advantage: --adv (the GM's call)\ngoblin1 0/10 HP\ngoblin1 dies")
  eq(fight.is(fight.get("goblin1"), "dead"), true)
  fails(function() tbl.attack("hero", "goblin1") end, "goblin1 is already dead")
  fails(function() tbl.attack("goblin1", "hero") end, "goblin1 is dead and cannot attack")
  fails(function() tbl.attack("goblin2", "hero", { with = "Club" }) end, "goblin2 has no attack Club (attacks: Scimitar, Shortbow)")
  fails(function() tbl.run("attack goblin9 hero") end, "no creature called goblin9 (in the fight: goblin1, goblin2, hero)")
  fails(function() tbl.run("attack hero") end, "usage: attack A B")
  dice.force{ 4, 9 }
  r = tbl.attack("hero", "goblin2", { dis = true })
  eq(r.natural, 4, "disadvantage keeps the lower die")
end)

test("save: 5e adds the ability modifier and the PB of a save the stat block lists", function()
  setup()
  dice.force{ 11 }
  local r = tbl.save("hero", "str", 13)
  eq({ r.total, r.success }, { 16, true })
  eq(r.text, "hero: Strength saving throw, DC 13: 11 + 5 = 16, success")
  dice.force{ 11 }
  eq(tbl.save("hero", "敏捷", 15).text, "hero: Dexterity saving throw, DC 15: 11 + 2 = 13, failure", "no PB in Dexterity")
  dice.force{ 12, 4 }
  eq(tbl.run("save goblin2 Dexterity 12 --adv"), "goblin2: Dexterity saving throw, DC 12, advantage: 2d20kh1 (12, ~~4~~) + 2 = 14, success")
  tbl.add(ember())
  dice.force{ 7 }
  eq(tbl.save("ember1", "dex", 15).total, 12, "a printed save modifier is the whole bonus")
  tbl.cond_add("goblin1", "paralyzed")
  eq(tbl.save("goblin1", "dex", 10).text, "goblin1: Dexterity saving throw, DC 10: fails automatically (paralyzed)")
  fails(function() tbl.save("hero", "luck", 10) end, "unknown ability luck")
  fails(function() tbl.run("save hero dex hard") end, "the DC must be a number, got hard")
end)

test("the base layer's save reads a saves table of bonuses from the stat block", function()
  local c = creature.new{ id = "x", hp = 5 }
  dice.force{ 9 }
  local r = tbl.generic_save(c, "reflex", 12, { stat = { saves = { reflex = 3 } } })
  eq({ r.total, r.success, r.ability }, { 12, true, "reflex" })
  dice.force{ 9, 2 }
  r = tbl.generic_save(c, "will", 12, { adv = -1 })
  eq({ r.total, r.success }, { 2, false })
end)

test("damage: resistance, vulnerability, dice, untyped; a player drops and dies of it", function()
  setup()
  tbl.add(ember())
  local r = tbl.damage("ember", 8, "fire")
  eq({ r.amount, r.taken }, { 8, 4 })
  eq(r.text, "ember1 takes 4 fire damage (reduced from 8); ember1 11/15 HP", "the only ember answers to ember")
  eq(tbl.damage("ember1", 3, "寒冷").text, "ember1 takes 6 cold damage (increased from 3); ember1 5/15 HP")
  dice.force{ 2, 3 }
  eq(tbl.run("damage ember1 2d4+1"), "2d4 (2, 3) + 1 = 6\nember1 takes 5 damage; ember1 0/15 HP\nember1 dies")
  fails(function() tbl.damage("hero", 4, "fyre") end, "unknown damage type fyre (known: acid,")
  fails(function() tbl.damage("hero", "some") end, "damage: the amount must be a number or dice")
  eq(tbl.damage("hero", 25, "piercing").text,
    "hero takes 20 piercing damage; hero 0/20 HP\nhero falls unconscious and is dying\nno party left standing")
  eq(fight.is(fight.get("hero"), "dead"), false)
  eq(tbl.damage("hero", 1).text, "hero takes 0 damage; hero 0/20 HP")
  eq(tbl.damage("hero", 1).text, "hero takes 0 damage; hero 0/20 HP")
  eq(tbl.damage("hero", 1).text, "hero takes 0 damage; hero 0/20 HP\nhero dies", "the third failure")
  fails(function() tbl.heal("hero", 5) end, "hero is dead: healing cannot help")
end)

test("heal brings a dying creature back into the fight", function()
  setup()
  tbl.damage("hero", 20)
  eq(fight.is(fight.get("hero"), "out"), true)
  local r = tbl.heal("hero", 3)
  eq(r.regained, 3)
  eq(r.text, "hero regains 3 HP; hero 3/20 HP\nhero is back in the fight")
  eq(fight.is(fight.get("hero"), "out"), false)
  eq(tbl.heal("hero", 30).regained, 17, "up to the maximum")
end)

test("cond: English or Chinese names, durations that expire at next, remove, list, immunity", function()
  setup()
  local r = tbl.cond_add("goblin2", "倒地", "1r")
  eq({ r.condition, r.due }, { "prone", 2 })
  eq(r.text, "goblin2 is prone until the start of its turn in round 2")
  eq(tbl.run("cond add hero Poisoned"), "hero is poisoned")
  eq(tbl.run("cond list"), "goblin1: none\ngoblin2: prone (until round 2)\nhero: poisoned")
  eq(tbl.run("cond hero"), "hero: poisoned")
  fails(function() tbl.run("cond add hero prome") end, "unknown condition prome")
  eq(tbl.run("cond add hero hexed 2r --custom"), "hero is hexed until the start of its turn in round 3")
  eq(tbl.next().text, "round 1: hero's turn")
  eq(tbl.next().text, "round 1: goblin2's turn", "1r lasts past its turn in this round")
  eq(fight.get("goblin2"):has("prone"), true)
  eq(tbl.next().text, "round 2: goblin1's turn")
  eq(tbl.next().text, "round 2: hero's turn")
  local n = tbl.next()
  eq(n.text, "round 2: goblin2's turn\nprone ends on goblin2")
  eq(fight.get("goblin2"):has("prone"), false)
  eq(tbl.cond_remove("hero", "中毒").text, "hero is no longer poisoned")
  eq(tbl.cond_remove("hero", "poisoned").text, "hero is not poisoned")
  local c = fight.get("goblin1")
  c:set("condition_immune", { "poisoned" })
  eq(tbl.cond_add(c, "poisoned").text, "goblin1 is immune to poisoned")
  fails(function() tbl.cond_add("hero", "prone", "soon") end, "a duration is Nr")
end)

test("next skips the dead, reports death saves; end sums up and ends the fight", function()
  setup()
  tbl.damage("goblin2", 10)
  tbl.damage("hero", 20)
  dice.force{ 5 }
  eq(tbl.next().text, "round 1: hero's turn\nhero: death saving throw 5: failure (0 successes, 1 failure)", "a failed save")
  eq(tbl.next().text, "round 2: goblin1's turn", "goblin2 is dead: its turn is skipped")
  dice.force{ 20 }
  eq(tbl.next().text, "round 2: hero's turn\nhero: death saving throw 20: regains consciousness with hit points", "a natural 20")
  local r = tbl.finish()
  eq(r.rounds, 2)
  eq(r.text, "the fight ends after round 2\nfoes: goblin1 10/10 standing\nparty: hero 1/20 standing")
  fails(function() tbl.show() end, "no fight is going on")
  tbl.add(goblin())
  eq(#fight.all(), 1, "the next add starts a new fight")
end)

test("in Chinese: messages, the aligned order table, Chinese names of creatures and conditions", function()
  rules.define("session.lang", "zh")
  eq(tbl.add(goblin(), { count = 2 }).text, "加入 哥布林戰士1、哥布林戰士2 至 敵方（生命值 10，護甲等級 15）")
  tbl.add(hero())
  dice.force{ 15, 8, 12 }
  tbl.init()
  tbl.cond_add("goblin2", "prone", "1r")
  eq(tbl.show().text, table.concat({
    "第 1 輪",
    "   先攻  代號     名稱        陣營  生命值  臨時  狀態",
    "*    17  goblin1  哥布林戰士  敵方  10/10      0  -",
    "     15  hero     英雄        隊伍  20/20      0  -",
    "     10  goblin2  哥布林戰士  敵方  10/10      0  倒地（至第 2 輪）" }, "\n"))
  dice.force{ 20, 3, 5 }
  eq(tbl.run("attack 哥布林戰士1 英雄 --with 彎刀"),
    "哥布林戰士1 以 彎刀 攻擊 英雄：20 + 4 = 24 對 AC 16：天然 20，重擊！10 點揮砍傷害\n英雄 生命值 10/20")
  fails(function() tbl.run("attack goblin9 英雄") end, "沒有名為 goblin9 的生物")
  dice.force{ 9 }
  eq(tbl.save("英雄", "體質", 10).text, "英雄：體質豁免檢定，DC 10：9 + 4 = 13，成功")
  eq(tbl.damage("hero", 3, "fire").text, "英雄 受到 3 點火焰傷害；英雄 生命值 7/20")
  -- two creatures that would have the same Chinese name get their ids
  tbl.add(goblin(), { id = "boss" })
  tbl.add("boss")
  eq(tbl.name(fight.get("boss1")), "哥布林戰士（boss1）")
  eq(tbl.name(fight.get("goblin1")), "哥布林戰士（goblin1）")
  eq(tbl.find("哥布林戰士（boss1）"), fight.get("boss1"))
  rules.define("session.lang", "en")
  eq(tbl.name(fight.get("goblin1")), "goblin1")
end)
