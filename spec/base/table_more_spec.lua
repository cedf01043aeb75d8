-- The REPL's table commands at a real table (issue 16): attack lines that
-- say every rule the fight applied, death saves with their die and tally,
-- players described on the command line, lists of targets, durations on
-- the fight's clock, dice entered by hand, names, completion and read-only
-- commands. The reasons are checked against the fight's own assessment
-- (fight.assess), not against fixed wording of the rules.
-- ruleset: 5e

local tbl = require("core.base.table")

local function goblin()
  return { id = "goblin", name = { en = "Goblin Warrior", zh = "哥布林戰士" }, hp = 10, ac = 15, init = 2, cr = "1/4",
    abilities = { str = 8, dex = 15, con = 10, int = 10, wis = 8, cha = 8 },
    attacks = { { name = "Scimitar", zh = "彎刀", bonus = 4, damage = "1d6+2", type = "slashing" } } }
end

-- a fight: goblin1, goblin2 (foes) and Brak (party), Brak first.
local function setup()
  tbl.add(goblin(), { count = 2 })
  tbl.run('add Brak --player --hp 20 --ac 16 --attack "Longsword +5 1d8+3 slashing" --abilities "str 16 dex 14"')
  tbl.set_init("Brak", 20)
  dice.force{ 10, 8 }
  tbl.init()
end

local function has(text, part, what)
  ok(text:find(part, 1, true) ~= nil, (what or "") .. ": " .. part .. " in " .. text)
end

test("an attack line shows both d20s and says each reason the fight's assessment gives", function()
  setup()
  local brak, g2 = fight.get("Brak"), fight.get("goblin2")
  tbl.cond_add("goblin2", "prone")
  tbl.cond_add("Brak", "poisoned")
  local a = fight.assess(brak, g2, "Longsword")
  ok(#a.reasons >= 2, "prone and poisoned both count")
  dice.force{ 4 } -- Advantage and Disadvantage cancel: one d20
  local r = tbl.attack("Brak", "goblin2")
  eq(r.adv, a.adv, "the strike's levels are the assessment's")
  eq(r.dis, a.dis)
  has(r.text, ": 4 + 5 = 9 vs AC 15", "one d20 when they cancel")
  for _, x in ipairs(a.reasons) do has(r.text, tbl.reason(x.why), "reason") end
  has(r.text, "they cancel out")
  tbl.cond_remove("Brak", "poisoned")
  a = fight.assess(brak, g2, "Longsword")
  dice.force{ 4, 16, 7 }
  r = tbl.attack("Brak", "goblin2")
  has(r.text, "2d20kh1 (~~4~~, 16) + 5 = 21", "both d20s, the higher kept")
  for _, x in ipairs(a.reasons) do has(r.text, tbl.reason(x.why), "reason") end
  -- the wrong version: a reason the fight did not give is not shown
  ok(not r.text:find("poisoned", 1, true), "no reason the fight did not apply")
  ok(not r.text:find("cancel", 1, true))
end)

test("a critical hit says why: a natural 20, or the fight's automatic critical", function()
  setup()
  dice.force{ 20, 3, 5 }
  local r = tbl.attack("Brak", "goblin1")
  eq(r.crit, true)
  has(r.text, "natural 20, critical hit!")
  tbl.cond_add("goblin2", "paralyzed")
  local a = fight.assess(fight.get("Brak"), fight.get("goblin2"), "Longsword")
  eq(a.crit, true, "the fight makes a hit on a paralyzed creature critical")
  local why
  for _, x in ipairs(a.reasons) do
    if x.kind == "crit" then why = x.why end
  end
  dice.force{ 12, 9, 2, 2 }
  r = tbl.attack("Brak", "goblin2")
  eq(r.crit, true)
  has(r.text, tbl.reason(why) .. ", critical hit!", "the automatic critical's reason")
  ok(not r.text:find("natural 12", 1, true))
end)

test("a hit says the conditions it added, with their source", function()
  setup()
  local h = rules.on("damage.roll", function(e)
    if e.attack == "Scimitar" then e.target:add_condition("grappled", { source = e.attacker:get("id") }) end
  end)
  dice.force{ 17, 3 }
  local r = tbl.attack("goblin1", "Brak")
  rules.off(h)
  has(r.text, "Brak is now grappled (goblin1's Scimitar)")
end)

test("death saves show the die and the tally, and go into the journal", function()
  setup()
  tbl.damage("Brak", 20)
  tbl.next() -- goblin1
  tbl.next() -- goblin2
  dice.force{ 14 } -- round 2: Brak's turn starts with its death save
  local r = tbl.next()
  has(r.text, "Brak: death saving throw 14: success (1 success, 0 failures)")
  local last = log.tail(1)[1]
  eq(last.kind, "death_save")
  tbl.next()
  tbl.next()
  dice.force{ 1 }
  r = tbl.next()
  has(r.text, "Brak: death saving throw 1: two failures (1 success, 2 failures)")
end)

test("a player described on the line; its attacks parsed; missing parts named", function()
  fight.table()
  local a = tbl.parse_attack("Great Axe +6 1d12+4 slashing reach 10")
  eq({ a.name, a.bonus, a.damage, a.type, a.reach }, { "Great Axe", 6, "1d12+4", "slashing", 10 })
  local b = tbl.parse_attack("-1 1d4 ranged")
  eq({ b.name, b.bonus, b.ranged }, { "Attack", -1, true })
  eq(tbl.parse_attack("Sword 1d8"), nil, "no bonus")
  fails(function() tbl.parse_attack("Sword +5 1d8 slashng") end, "unknown damage type slashng")
  fails(function() tbl.run("add Mira --player --hp 9") end, "needs --ac, --attack")
  tbl.run('add Mira --player --hp 9 --ac 14 --attack "Dagger +4 1d4+2 piercing; Bow +4 1d6+2 piercing ranged" --saves "dex +4"')
  local m = fight.get("Mira")
  eq(fight.attacks(m), { "Dagger", "Bow" })
  eq(m:ability("dex"), 10, "ability scores default to 10")
  dice.force{ 9 }
  eq(tbl.save("Mira", "dex", 13).total, 13, "the save modifier as printed")
end)

test("monsters are numbered from the first; a kind, a given name and a Chinese name are handles", function()
  tbl.add(goblin())
  eq(fight.get("goblin1") ~= nil, true, "one goblin is goblin1")
  eq(tbl.find("goblin"), fight.get("goblin1"), "the only goblin answers to its kind")
  tbl.add(goblin(), { name = "大王" })
  fails(function() tbl.find("goblin") end, "no creature called goblin", "two goblins: the kind is no handle")
  eq(tbl.find("大王"), fight.get("goblin2"))
  eq(tbl.find("哥布林战士1"), fight.get("goblin1"), "a Chinese name in either script")
  eq(tbl.find("ｇｏｂｌｉｎ１"), fight.get("goblin1"), "full-width letters and digits")
  fails(function() tbl.run("cond add goblin1 prone --by nobody") end, "no creature called nobody")
end)

test("a monster by name, or a suggestion", function()
  eq(tbl.run("add 'Goblin Warrior'"), "added goblin_warrior1 to foes (HP 10, AC 15)", "an English name (the imported monster of that name)")
  eq(tbl.run("add 地精戰士"), "added goblin1 to foes (HP 10, AC 15)", "a Chinese name: the hand-written monster first")
  -- the hand-written goblin, hobgoblin and bugbear are SRD 5.2.1's
  -- "... Warrior"; they stand in for the SRD 5.1 stat blocks of their id,
  -- whose names (the importer's) still find them
  eq(tbl.run("add 地精"), "added goblin2 to foes (HP 10, AC 15)", "the imported Goblin's Chinese name finds the hand-written goblin")
  eq(tbl.run("add Goblin"), "added goblin3 to foes (HP 10, AC 15)", "and its English name")
  eq(tbl.run("add 大地精"), "added hobgoblin1 to foes (HP 11, AC 18)", "the hobgoblin likewise")
  eq(tbl.run("add 熊地精"), "added bugbear1 to foes (HP 33, AC 14)", "and the bugbear")
  fails(function() tbl.run("add gobln") end, "did you mean goblin?")
  fails(function() tbl.run("add dragon") end, "monsters lists them")
end)

test("a save against a list: one damage roll, half on a success", function()
  setup()
  dice.force{ 6, 6, 2, 15, 5 } -- 3d6 = 14; goblin1 15 + 2 succeeds, goblin2 5 + 2 fails
  local r = tbl.save({ "goblin1", "goblin2" }, "dex", 13, { damage = "3d6", type = "fire", half = true })
  eq(r.damage, 14)
  eq({ r.results[1].success, r.results[2].success }, { true, false })
  eq(fight.get("goblin1"):get("hp"), 3, "7 of 14")
  eq(fight.get("goblin2"):get("hp"), 0)
  fails(function() tbl.run("save goblin1 dex 10 --half") end, "--half goes with --damage")
end)

test("durations on the fight's clock: until the start or end of a turn, a save at the end of each turn", function()
  setup() -- Brak 20, goblin1 12, goblin2 10: Brak's turn
  local brak, g1, g2 = fight.get("Brak"), fight.get("goblin1"), fight.get("goblin2")
  tbl.run("cond add goblin1 frightened sot:Brak")
  tbl.run("cond add goblin2 poisoned eot")
  tbl.run('cond add Brak restrained --save "str 15"')
  dice.force{ 9 } -- Brak's Strength save at the end of its turn: 9 + 3 = 12, failure
  local r = tbl.next() -- goblin1's turn
  has(r.text, "failure: still restrained")
  eq(g2:has("poisoned"), false, "eot: gone when the turn it was given in ended")
  eq(g1:has("frightened"), true)
  tbl.next() -- goblin2
  dice.force{ 15 } -- Brak's turn starts in round 2 ... the save is at its end
  tbl.next()
  eq(g1:has("frightened"), false, "sot:Brak ends as Brak's next turn starts")
  eq(brak:has("restrained"), true)
  r = tbl.next() -- end of Brak's turn: 15 + 3 = 18 succeeds
  has(r.text, "success: restrained ends")
  eq(brak:has("restrained"), false)
  -- the wrong version: a duration counted by rounds only would have ended
  -- eot with the round, not with the turn
end)

test("Nr counts the bearer's turns: 1r lasts past its turn in this round", function()
  setup()
  tbl.run("cond add goblin2 prone 1r")
  local g2 = fight.get("goblin2")
  tbl.next()
  tbl.next() -- goblin2's turn in round 1
  eq(g2:has("prone"), true)
  tbl.next()
  tbl.next() -- round 2: goblin1
  eq(g2:has("prone"), true)
  local r = tbl.next() -- round 2: goblin2
  has(r.text, "prone ends on goblin2")
end)

test("a bare number of rounds reads as Nr: cond add goblin2 prone 1 ends as 1r does", function()
  setup()
  tbl.run("cond add goblin2 prone 1")
  local g2 = fight.get("goblin2")
  tbl.next()
  tbl.next() -- goblin2's turn in round 1: still prone (not until the end of the round)
  eq(g2:has("prone"), true)
  tbl.next()
  tbl.next()
  local r = tbl.next() -- round 2: goblin2
  has(r.text, "prone ends on goblin2")
  fails(function() tbl.run("cond add goblin1 prone 0") end, "a duration is Nr or N")
end)

test("a condition that lasts while a caster concentrates ends with the Concentration", function()
  setup()
  tbl.run("cond add goblin1 paralyzed --conc Brak")
  eq(fight.get("Brak"):has("concentrating"), true)
  dice.force{ 2 } -- the Constitution save: 2 + 0 against DC 10
  local r = tbl.run("damage Brak 6")
  has(r, "paralyzed ends on goblin1")
  eq(fight.get("goblin1"):has("paralyzed"), false)
end)

test("dice entered by hand are the dice the command rolls; the unused ones are said and dropped", function()
  setup()
  local r = tbl.run("attack goblin1 Brak --dice 3,5")
  has(r, "3 + 4 = 7")
  has(r, "(dice entered and not used: 5)")
  eq(#dice.pending(), 0, "no face left for a later roll")
  dice.force({}, { mixed = true }) -- the damage die is rolled
  r = tbl.run("attack Brak goblin1 --dice 17")
  has(r, "(1 entered by hand; 1 more rolled)")
  fails(function() tbl.run("attack Brak goblin1 --dice 0") end, "faces are whole numbers from 1")
end)

test("completion knows the context; read-only lines are told apart", function()
  setup()
  local function set(l) local s = {} for _, w in ipairs(l) do s[w] = true end return s end
  ok(set(tbl.complete("add ", ""))["goblin"], "after add: monsters")
  ok(set(tbl.complete("save Brak ", ""))["dex"], "after save NAME: abilities")
  ok(set(tbl.complete("cond add Brak ", ""))["prone"], "after cond add NAME: conditions")
  ok(set(tbl.complete("attack ", ""))["goblin1"], "after attack: creatures")
  ok(set(tbl.complete("attack Brak goblin1 ", "--"))["--with"], "flags")
  eq(tbl.readonly("order"), true)
  eq(tbl.readonly("cond list"), true)
  eq(tbl.readonly("cond add Brak prone"), false)
  eq(tbl.readonly("attack Brak goblin1"), false)
end)

test("in Simplified Chinese: the Traditional names and messages are converted", function()
  rules.define("session.lang", "zh-Hans")
  eq(tbl.add(goblin(), { count = 2 }).text, "加入 哥布林战士1、哥布林战士2 至 敌方（生命值 10，护甲等级 15）")
  fails(function() tbl.find("goblin9") end, "没有名为 goblin9 的生物")
  rules.define("session.lang", "en")
end)

test("a monster's name of several words is one name: add Hobgoblin Warrior x2", function()
  eq(tbl.run("add Hobgoblin Warrior x2"), "added hobgoblin_warrior1, hobgoblin_warrior2 to foes (HP 11, AC 18)")
  -- the wrong version read "Warrior" as a count and printed the usage
  fails(function() tbl.run("add hero fighter") end, "no monster is called hero fighter, and fighter is not a count")
end)
