-- ruleset: 1e
-- variants: 1e.scars
-- covers: 1E-HP-06
local hp = require("core.1e.hp")

test("fallen to -6 or lower before aid: scars", function()
  local c = creature.new{ id = "c", hp = 5 }
  hp.fall(c, 0)
  for _ = 1, 6 do hp.bleed(c) end
  eq(hp.negative_hp(c), -6)
  eq(hp.aid(c), true)
  ok(c:has_tag("scarred"))
  local d = creature.new{ id = "d", hp = 5 }
  hp.fall(d, 0)
  hp.bleed(d)
  hp.aid(d)
  eq(d:has_tag("scarred"), false)
  eq(hp.scarred(-9), true)
end)

test("in a fight: dropped to 0 in round 1 and aided after round 6, it has bled to -5 only: no scars", function()
  local classes = require("core.1e.classes")
  require("core.1e.encounter").setup{ surprise = false, distance = 0, roll_hp = false }
  -- the orc wins every initiative (1 to 6) and drops f with its first
  -- blow (20, 5); then every blow misses
  local faces = { 1, 6, 20, 5, 1 }
  for _ = 2, 6 do
    for _, x in ipairs({ 1, 6, 1, 1 }) do faces[#faces + 1] = x end
  end
  dice.force(faces)
  fight.run(fight.encounter{ max_rounds = 6, sides = {
    { name = "party", members = { { stat = classes.character{ id = "f", class = "fighter", weapon = "Long sword", hp = 5 } },
                                  { stat = classes.character{ id = "g", class = "fighter", weapon = "Long sword", hp = 50 } } } },
    { name = "foes", members = { { monster = "orc", hp = 30 } } } } })
  local f = fight.get("f")
  eq(hp.negative_hp(f), -5)
  hp.aid(f)
  eq(f:has_tag("scarred"), false)
end)
