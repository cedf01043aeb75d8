-- ruleset: 1e
-- variants: 1e.minus_three
-- covers: 1E-HP-04
local hp = require("core.1e.hp")

test("a blow to 0 down to -3 only knocks out", function()
  eq(hp.knockout_floor, -3)
  eq(hp.knockout(-3), "unconscious")
  eq(hp.knockout(-4), "dead")
  local c = creature.new{ id = "c", hp = 5 }
  eq(hp.fall(c, -2), "unconscious")
  eq(hp.negative_hp(c), -2)
  eq({ hp.bleed(c) }, { -3, false }, "then it bleeds as usual")
end)

test("in a fight: a blow to -2 knocks out; the bleeding starts the round after it", function()
  local classes = require("core.1e.classes")
  require("core.1e.encounter").setup{ surprise = false, distance = 0, roll_hp = false }
  -- the orc wins initiative (1 to 6) and hits f (5 hp) for 7; then every
  -- blow misses; round 2's initiative 1 to 6 again
  dice.force{ 1, 6, 20, 7, 1, 1, 6, 1, 1 }
  fight.run(fight.encounter{ max_rounds = 2, sides = {
    { name = "party", members = { { stat = classes.character{ id = "f", class = "fighter", weapon = "Long sword", hp = 5 } },
                                  { stat = classes.character{ id = "g", class = "fighter", weapon = "Long sword", hp = 50 } } } },
    { name = "foes", members = { { monster = "orc", hp = 30 } } } } })
  eq(hp.negative_hp(fight.get("f")), -3, "-2 from the blow, -1 in round 2 only")
end)
