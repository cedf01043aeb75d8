-- D&D 5e (2024), inventory section 5: Advantage, Disadvantage, rerolls,
-- Heroic Inspiration.
-- ruleset: 5e
-- covers: 5E-ADV-01 5E-ADV-02 5E-ADV-03 5E-ADV-04 5E-ADV-05 5E-ADV-06 5E-ADV-07 5E-ADV-08

local ch = require("core.5e.character")
local checks = require("core.5e.checks")
local rest = require("core.5e.rest")

local function pc(id, hi)
  return ch.new{ id = id, max_hp = 10, level = 1, abilities = { str = 10, dex = 10, wis = 10 }, heroic_inspiration = hi }
end

test("Advantage and Disadvantage come from sources: features, conditions, the DM (5E-ADV-01)", function()
  local c = pc("a")
  c:add_condition("poisoned")
  dice.force{ 9 }
  local r = checks.d20_test(c, { ability = "str", dc = 5, adv = { { level = 1, source = "DM: high ground" } } })
  eq(r.adv_up, 1)
  eq(r.adv_down, 1, "Poisoned: Disadvantage on ability checks")
  eq(r.net_adv, 0)
  eq(#r.dice, 1)
  dice.force{ 9, 4 }
  r = checks.d20_test(c, { ability = "str", dc = 5 })
  eq(r.net_adv, -1)
  eq(r.natural, 4)
end)

test("roll two d20s: Disadvantage keeps the lower, Advantage the higher (TV-06, 5E-ADV-02)", function()
  dice.force{ 18, 3, 18, 3 }
  local dis = checks.d20_test(nil, { ability = "dex", adv = -1 })
  eq(#dis.dice, 2)
  eq(dis.natural, 3)
  local adv = checks.d20_test(nil, { ability = "dex", adv = 1 })
  eq(adv.natural, 18)
end)

test("many Advantage sources still roll two dice (5E-ADV-03)", function()
  dice.force{ 5, 14 }
  local r = checks.d20_test(nil, { ability = "wis", adv = { 1, 1, 1 } })
  eq(#r.dice, 2)
  eq(r.net_adv, 1)
  eq(r.natural, 14)
end)

test("2 Advantage + 1 Disadvantage cancel: one d20 (TV-07, 5E-ADV-04)", function()
  dice.force{ 12 }
  local r = checks.d20_test(nil, { ability = "wis", adv = { 1, 1, -1 } })
  eq(#r.dice, 1, "no second die")
  eq(r.natural, 12)
  eq(r.net_adv, 0)
  dice.force{ 7 }
  eq(#checks.d20_test(nil, { ability = "wis", adv = { -1, -1, -1, 1 } }).dice, 1, "3 against 1 cancels too")
end)

test("Heroic Inspiration rerolls only one of the two dice, the roller's pick (TV-08, 5E-ADV-05)", function()
  local c = pc("hero", true)
  dice.force{ 3, 18, 11 }
  local r = checks.d20_test(c, { ability = "dex", adv = 1 })
  eq({ r.dice[1].face, r.dice[2].face }, { 3, 18 })
  local again = checks.reroll(c, r, 1)
  eq({ again.dice[1].face, again.dice[2].face }, { 11, 18 })
  eq(again.natural, 18)
  eq(checks.has_inspiration(c), false, "spent")
  -- The same dice under Disadvantage keep 11.
  local d = pc("dis", true)
  dice.force{ 3, 18, 11 }
  r = checks.d20_test(d, { ability = "dex", adv = -1, dc = 10 })
  eq(r.natural, 3)
  eq(r.success, false)
  again = checks.reroll(d, r, 1)
  eq(again.natural, 11)
  eq(again.total, 11)
  eq(again.success, true)
  -- Rerolling both dice is not allowed.
  local e = pc("both", true)
  dice.force{ 3, 18 }
  r = checks.d20_test(e, { ability = "dex", adv = 1 })
  fails(function() checks.reroll(e, r, { 1, 2 }) end, "rerolls one die")
  eq(checks.has_inspiration(e), true, "nothing spent")
end)

test("Heroic Inspiration rerolls any die, and the new result must be used (5E-ADV-06)", function()
  local c = pc("hero", true)
  dice.force{ 5, 2, 1 }
  local dmg = dice.roll("2d6 + 3")
  eq(dmg.total, 10)
  local again = checks.reroll_die(c, dmg, 1)
  eq(again.dice[1].face, 1)
  eq(again.total, 6, "worse, but it stands")
  eq(checks.has_inspiration(c), false)
  fails(function() checks.reroll_die(c, dmg, 2) end, "no Heroic Inspiration")
  -- An attack roll: the reroll decides hit and crit again.
  local d = pc("archer", true)
  dice.force{ 2, 20 }
  local r = checks.d20_test(d, { kind = "attack", attack = "ranged", ac = 15 })
  eq(r.success, false)
  r = checks.reroll(d, r, 1)
  eq(r.success, true)
  eq(r.crit, true)
end)

test("at most one Heroic Inspiration: pass the extra to a PC lacking it, else it is lost (TV-54, 5E-ADV-07)", function()
  local a, b, npc = pc("a"), pc("b"), ch.new{ id = "npc", max_hp = 5 }
  eq(checks.gain_inspiration(a), "gained")
  eq(checks.gain_inspiration(a, { give_to = b }), "given")
  eq(checks.has_inspiration(b), true)
  eq(a:resource("heroic_inspiration").current, 1, "never 2")
  eq(checks.gain_inspiration(a), "lost")
  fails(function() checks.gain_inspiration(a, { give_to = b }) end, "already has")
  fails(function() checks.gain_inspiration(a, { give_to = npc }) end, "only a player character")
end)

test("Resourceful Humans gain Heroic Inspiration on a Long Rest; NPCs don't use it (5E-ADV-08)", function()
  local human = ch.new{ id = "h", max_hp = 10, level = 1, species = "human", abilities = { con = 10 } }
  eq(checks.has_inspiration(human), false)
  local out = rest.long_rest(human)
  eq(out.inspiration, "gained")
  eq(checks.has_inspiration(human), true)
  local elf = ch.new{ id = "e", max_hp = 10, level = 1, abilities = { con = 10 } }
  rest.long_rest(elf)
  eq(checks.has_inspiration(elf), false)
  local goblin = ch.new{ id = "g", max_hp = 7, cr = "1/4" }
  eq(checks.gain_inspiration(goblin), "npc", "the DM's award has no effect on a monster")
end)
