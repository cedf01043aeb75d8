-- ruleset: 1e
-- Turning undead (TBL-TURN), evil clerics, counter-affecting.
-- covers: 1E-TURN-01 1E-TURN-03 1E-TURN-05 1E-TURN-06
local tu = require("core.1e.turning")
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")

test("the matrix: numbers, T, D, D*, and no chance", function()
  eq(tu.cell("skeleton", 1), 10)
  eq(tu.cell("zombie", 4), "T")
  eq(tu.cell("ghoul", 6), "T")
  eq(tu.cell("skeleton", 9), "D*")
  eq(tu.cell("ghast", 1), "—")
  eq(tu.cell("zombie", 6, { paladin = true }), "T", "paladins two levels lower")
  eq(tu.cell("skeleton", 2, { paladin = true }), "—")
  eq({ tu.result(10, 10), tu.result(10, 9), tu.result("T"), tu.result("D"), tu.result("D*"), tu.result("—", 20) },
     { "turned", nil, "turned", "destroyed", "destroyed*", nil })
  fails(function() tu.cell("dracolich", 9) end, "no undead type")
end)

test("undead are affected weakest first until the number is used up", function()
  -- 7th level: skeleton D, zombie D, ghoul D, wight T; roll 3, 1d12 = 5
  dice.force{ 3, 5 }
  local r = tu.attempt(7, { { "wight", 2 }, { "ghoul", 2 }, { "skeleton", 2 } })
  eq(r.affected, { { "skeleton", 2, "destroyed" }, { "ghoul", 2, "destroyed" }, { "wight", 1, "turned" } })
  -- D*: 7-12 affected
  dice.force{ 1, 3 }
  r = tu.attempt(9, { { "skeleton", 12 } })
  eq(r.count, 9)
  dice.force{ 9 }
  r = tu.attempt(1, { { "skeleton", 3 } })
  eq(r.success, false)
end)

test("in a fight a high-level cleric destroys what he can", function()
  enc.setup{ surprise = false, distance = 6, roll_hp = false }
  dice.force{ 6, 1, 5, 3 }
  local r = fight.run(fight.encounter{
    sides = {
      { name = "party", members = { { stat = classes.character{ id = "priest", class = "cleric", level = 6,
                                                                   weapon = "Mace", hp = 40, spells = {} } } } },
      { name = "undead", members = { { monster = "skeleton", count = 2, hp = 6 }, { monster = "ghoul", hp = 9 } } },
    },
    max_rounds = 1,
  }, { trace = true })
  matches(r.log[3], "priest turns undead (d20 5): 3 affected")
  eq({ r.fighters[2].dead, r.fighters[3].dead }, { true, true }, "skeletons D at 6th level")
  eq(r.fighters[4].fled, true, "ghouls T")
  eq(r.winner, "party")
end)

test("an evil cleric commands instead, and the influence ends", function()
  dice.force{ 12, 4 }
  local r = tu.attempt(9, { { "vampire", 1 } }, { evil = true })
  eq(r.affected[1][3], "commanded")
  eq(tu.command_kind("serve", false), "serve")
  eq(tu.command_kind("serve", true), "neutral", "AMB-31")
  eq({ tu.influence_ends("harm") }, { true, "hostile act" })
  eq({ tu.influence_ends("cleric_dead", true) }, { true, "stop" })
  eq({ tu.influence_ends("cleric_unconscious", false) }, { true, "free" })
  eq(tu.influence_ends("cleric_asleep"), false)
end)

test("counter-affecting by a cleric of the opposed alignment", function()
  dice.force{ 16 }
  local r = tu.counter(9, "lich")
  eq({ r.success, r.frozen_rounds }, { true, 1 }, "freed, and cannot act next round")
  dice.force{ 15 }
  eq(tu.counter(9, "lich").success, false)
end)
