-- ruleset: 1e
-- Zero hit points, bleeding, aid and revival (inventory section 24).
-- covers: 1E-HP-03 1E-HP-05
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")
local hp = require("core.1e.hp")

test("a blow that leaves exactly 0 knocks out; lower kills (AMB-39)", function()
  eq(hp.knockout(0), "unconscious")
  eq(hp.knockout(-1), "dead")
  local c = creature.new{ id = "c", hp = 6 }
  eq(hp.fall(c, 0), "unconscious")
  ok(c:has("unconscious"))
  eq(hp.negative_hp(c), 0)
end)

test("an unconscious creature loses 1 hp a round until -10, unless aided", function()
  local c = creature.new{ id = "c", hp = 6 }
  hp.fall(c, 0)
  for i = 1, 9 do
    local n, dead = hp.bleed(c)
    eq({ n, dead }, { -i, false })
  end
  eq({ hp.bleed(c) }, { -10, true })
  local d = creature.new{ id = "d", hp = 6 }
  hp.fall(d, 0)
  hp.bleed(d)
  eq(hp.aid(d), true)
  eq({ hp.bleed(d) }, { -1, false }, "the loss stops at once")
  eq(hp.aid(creature.new{ id = "e", hp = 3 }), false, "only the dying need aid")
end)

test("in a fight: down at 0, dead below", function()
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  local function duel(dmg)
    dice.force{ 1, 6, 20, dmg, 1 }
    return fight.run(fight.encounter{
      sides = {
        { name = "party", members = { { stat = classes.character{ id = "f", class = "fighter", weapon = "Long sword", hp = 5 } },
                                      { stat = classes.character{ id = "g", class = "fighter", weapon = "Long sword", hp = 50 } } } },
        { name = "foes", members = { { monster = "orc", hp = 30 } } },
      },
      max_rounds = 1,
    }, { trace = true })
  end
  local r = duel(5)
  matches(r.log[3], "f is down")
  eq({ r.fighters[1].out, r.fighters[1].dead }, { true, false })
  r = duel(6)
  matches(r.log[3], "f dies")
  eq(r.fighters[1].dead, true)
end)

-- the bleeding fighter "f" (5 hp) and "g" against an orc that wins both
-- initiatives (1 to 6): it drops f with its first blow (20, dmg); every
-- other blow misses (d20 1). Returns f's hp after `rounds` rounds.
local function bleeding(dmg, rounds)
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  local faces = { 1, 6, 20, dmg, 1 }
  for _ = 2, rounds do
    for _, x in ipairs({ 1, 6, 1, 1 }) do faces[#faces + 1] = x end
  end
  dice.force(faces)
  fight.run(fight.encounter{
    sides = {
      { name = "party", members = { { stat = classes.character{ id = "f", class = "fighter", weapon = "Long sword", hp = 5 } },
                                    { stat = classes.character{ id = "g", class = "fighter", weapon = "Long sword", hp = 50 } } } },
      { name = "foes", members = { { monster = "orc", hp = 30 } } },
    },
    max_rounds = rounds,
  })
  return hp.negative_hp(fight.get("f"))
end

test("in a fight a creature dropped to 0 loses its first point on the round after the blow (1E-HP-03)", function()
  eq(bleeding(5, 1), 0, "not in the round of the blow, though its turn comes after it")
  eq(bleeding(5, 2), -1)
  eq(bleeding(5, 3), -2)
end)

test("revived: a coma of 1-6 rounds, then a week of bed rest only heal lifts", function()
  local c = creature.new{ id = "c", hp = 6 }
  c:damage(6)
  hp.fall(c, 0)
  dice.force{ 4 }
  eq(hp.revive(c), 4)
  eq(c:level("coma"), 4)
  eq(c:get("hp"), 1)
  ok(c:has("convalescent"))
  eq(hp.cure(c, "cure", 3), true, "cure spells leave the bed rest")
  eq(c:get("hp"), 4)
  eq(hp.cure(c, "heal"), false)
  ok(#hp.bed_rest_forbids == 8)
end)
