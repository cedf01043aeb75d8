-- D&D 5e (2024), inventory section 10: burning, dehydration, falling,
-- malnutrition, suffocation.
-- ruleset: 5e
-- covers: 5E-HAZ-01 5E-HAZ-02 5E-HAZ-03 5E-HAZ-04 5E-HAZ-05 5E-HAZ-06

local ch = require("core.5e.character")
local hz = require("core.5e.hazards")
local act = require("core.5e.actions")
local rest = require("core.5e.rest")

local function pc(spec)
  spec = spec or {}
  spec.id = spec.id or "pc"
  spec.max_hp = spec.max_hp or 30
  spec.level = spec.level or 1
  spec.abilities = spec.abilities or { str = 14, dex = 12, con = 14 }
  return act.setup(ch.new(spec))
end

test("burning: 1d4 Fire at the start of each turn; an action, Prone, puts it out (5E-HAZ-01)", function()
  local c = pc()
  hz.ignite(c)
  dice.force{ 3 }
  eq(hz.burn(c), 3)
  eq(c:get("hp"), 27)
  ok(hz.extinguish(c, "action", { in_combat = true }))
  eq(c:has("prone"), true)
  eq(c:has("burning"), false)
  eq(act.can(c, "action"), false, "it took the action")
  eq(hz.burn(c), 0, "no longer burning")
  hz.ignite(c)
  ok(hz.extinguish(c, "doused"))
  fails(function() hz.extinguish(c, "wished") end, "doused")
  -- In a self-playing fight, with the hooks on, the fire burns at the
  -- start of the burning creature's turns (here nothing else can hurt it).
  rules.on("turn.start", function(e)
    if e.round == 1 and e.fighter:get("side") == "b" then hz.ignite(e.fighter) end
  end, { phase = "declare" })
  hz.hooks()
  -- initiative knight 15, blaze 5; round 1: the knight misses (2), blaze
  -- burns for 3 and misses (2); round 2: the knight misses (2), blaze burns
  -- for 2 and is dead
  dice.force{ 15, 5, 2, 3, 2, 2, 2 }
  local res = fight.run({ sides = {
    { name = "a", members = { { stat = { id = "knight", hp = 30, ac = 30, attacks = { { name = "Fist", bonus = -30, damage = "1" } } } } } },
    { name = "b", members = { { stat = { id = "blaze", hp = 4, ac = 30, attacks = { { name = "Fist", bonus = -30, damage = "1" } } } } } },
  }, max_rounds = 10 })
  eq(res.winner, "a")
  local blaze
  for _, f in ipairs(res.fighters) do
    if f.side == "b" then blaze = f end
  end
  eq(blaze.dead, true, "burnt down by 1d4 a turn")
  eq(res.rounds, 2, "the fight ended in round 2")
end)

test("dehydration: less than half the day's water gives Exhaustion, locked until a full day's drink (TV-39, 5E-HAZ-02)", function()
  local c = pc{ size = "medium" }
  eq(hz.water_needed(c), 1)
  eq(hz.end_day_water(c, 0.5), false, "half is not less than half")
  eq(c:level("exhaustion"), 0)
  eq(hz.end_day_water(c, 0.4), true)
  eq(c:level("exhaustion"), 1)
  rest.long_rest(c)
  eq(c:level("exhaustion"), 1, "a Long Rest can't remove it yet")
  hz.end_day_water(c, 1)
  rest.long_rest(c)
  eq(c:level("exhaustion"), 0, "after a full day's water it can")
  local giant = pc{ size = "huge" }
  eq(hz.water_needed(giant), 16)
end)

test("falling: 1d6 per full 10 ft, at most 20d6; Prone unless no damage (TV-36, 5E-HAZ-03)", function()
  eq({ hz.fall_dice(35), hz.fall_dice(200), hz.fall_dice(500), hz.fall_dice(5) }, { 3, 20, 20, 0 })
  local c = pc{ max_hp = 40 }
  dice.force{ 1, 2, 3 }
  local f = hz.fall(c, 35)
  eq(f.damage, 6)
  eq(c:get("hp"), 34)
  eq(f.prone, true)
  eq(c:has("prone"), true)
  local d = pc{ id = "d" }
  f = hz.fall(d, 5)
  eq(f.dice, 0)
  eq(f.prone, false, "no damage, not Prone")
  local golem = pc{ id = "golem", traits = { { kind = "immune", type = "bludgeoning" } } }
  dice.force{ 6, 6 }
  f = hz.fall(golem, 20)
  eq(f.prone, false, "immune: it took no damage")
  local t = pc{ id = "t", temp_hp = 10 }
  dice.force{ 4 }
  f = hz.fall(t, 10)
  eq(t:get("hp"), 30)
  eq(f.prone, true, "temporary hit points absorbing it still count")
end)

test("falling into water: Reaction, DC 15 Str (Athletics) or Dex (Acrobatics), half damage (TV-36, 5E-HAZ-04)", function()
  local c = pc{ max_hp = 40, skills = { "athletics" } }
  dice.force{ 11, 1, 2, 3, 4, 5, 6 }
  local f = hz.fall(c, 60, { water = true })
  eq(f.check.total, 15, "11 + Str 2 + PB 2")
  eq(f.check.skills, { "athletics" }, "the better of the two")
  eq(f.rolled, 21)
  eq(f.damage, 10, "21 halved, rounded down")
  eq(act.can(c, "reaction"), false, "it used the Reaction")
  dice.force{ 6, 6, 6, 6, 6, 6 }
  f = hz.fall(c, 60, { water = true })
  eq(f.check, nil, "no Reaction left: no check")
  eq(f.damage, 36)
end)

test("malnutrition: eats under half, DC 10 Con save or Exhaustion (TV-40, 5E-HAZ-05)", function()
  local ogre = pc{ id = "ogre", size = "large", abilities = { con = 8 } }
  eq(hz.food_needed(ogre), 4)
  dice.force{ 10 }
  local out = hz.end_day_food(ogre, 1.5)
  eq(out.save.total, 9, "10 + Con -1, no save proficiency")
  eq(out.gained, true)
  eq(ogre:level("exhaustion"), 1)
  rest.long_rest(ogre)
  eq(ogre:level("exhaustion"), 1, "locked until a full day's food")
  out = hz.end_day_food(ogre, 4)
  eq(out.gained, false)
  rest.long_rest(ogre)
  eq(ogre:level("exhaustion"), 0)
end)

test("no food at all: nothing on days 1-4, +1 at the end of day 5 and each day after (TV-41, 5E-HAZ-05)", function()
  local c = pc()
  local levels = {}
  for day = 1, 6 do
    hz.end_day_food(c, 0)
    levels[day] = c:level("exhaustion")
  end
  eq(levels, { 0, 0, 0, 0, 1, 2 })
  dice.force{ 12 }
  local out = hz.end_day_food(c, 0.25)
  eq(out.days, 0, "eating something ends the streak")
  eq(out.save.total, 10, "but under half: a DC 10 Con save (12 + Con 2 - Exhaustion 4)")
  eq(out.gained, false)
  eq(c:level("exhaustion"), 2)
  -- The AMB-15 toggle: a save on days 1-4 too.
  local d = pc{ id = "d" }
  dice.force{ 2 }
  out = hz.end_day_food(d, 0, { save_when_nothing = true })
  eq(out.gained, true)
end)

test("suffocation: 1 + Con minutes of breath (min 30 s), then +1 Exhaustion per turn; breathing removes them (TV-37, 5E-HAZ-06)", function()
  local function breath(con)
    return hz.breath_rounds(pc{ abilities = { con = con } })
  end
  eq({ breath(14), breath(8), breath(4) }, { 30, 5, 5 })
  eq(hz.breath_minutes(pc{ abilities = { con = 14 } }), 3)
  local c = pc{ abilities = { con = 8 } }
  c:add_condition("exhaustion", { level = 1, source = "march", stacking = "levels", max_level = 6 })
  hz.hold_breath(c)
  for _ = 1, 5 do eq(hz.suffocation_turn(c), "holding") end
  eq(hz.suffocation_turn(c), 2)
  eq(hz.suffocation_turn(c), 3)
  hz.breathe(c)
  eq(c:level("exhaustion"), 1, "only suffocation's levels go")
  hz.choke(c)
  for _ = 1, 4 do hz.suffocation_turn(c) end
  eq(c:level("exhaustion"), 5)
  eq(c:has("dead"), false)
  hz.suffocation_turn(c)
  eq(c:level("exhaustion"), 6)
  eq(c:has("dead"), true, "Exhaustion 6 kills")
  eq(c:get("hp"), 0)
end)
