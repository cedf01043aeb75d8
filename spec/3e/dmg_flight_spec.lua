-- ruleset: 3e
-- Tactical aerial movement (DMG 3.0 p.69, Table 3-11, TV-26): the
-- manoeuvrability classes' limits checked step by step, and the stall.
-- covers: DMG-GRID-09
local F = require("core.3e.flight")
local S = require("core.3e.statblock")

test("Table 3-11 [K] cell by cell", function()
  local want = { -- min forward, hover, backward, reverse, turn, in place, max turn, up angle, up speed, down angle, between
    perfect = { 0, true, true, "free", nil, "any", nil, nil, 1, nil, 0 },
    good = { 0, true, true, 5, { 90, 5 }, { 90, 5 }, nil, nil, 0.5, nil, 0 },
    average = { 0.5, false, false, false, { 45, 5 }, { 45, 5 }, 90, 60, 0.5, nil, 5 },
    poor = { 0.5, false, false, false, { 45, 5 }, false, 45, 45, 0.5, 45, 10 },
    clumsy = { 0.5, false, false, false, { 45, 10 }, false, 45, 45, 0.5, 45, 20 },
  }
  for class, w in pairs(want) do
    local k = F.classes[class]
    eq({ k.min_forward, k.hover, k.backward, k.reverse, k.turn, k.turn_in_place, k.max_turn, k.up_angle, k.up_speed,
      k.down_angle, k.between, k.down_speed }, { w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9], w[10], w[11], 2 }, class)
  end
  fails(function() F.new("superb", 60) end, "unknown manoeuvrability")
  fails(function() F.turn(F.new("good", 60, 10), { { forward = 7 } }) end, "5-ft squares")
  fails(function() F.turn(F.new("good", 60, 10), { { forward = 5, up = 5, down = 5 } }) end, "not both")
end)

test("turns: distance flown before turning, the most in one square, turning in place", function()
  local f = F.new("poor", 60, 100)
  eq(F.turn(f, { { forward = 5 }, { turn = 45 }, { forward = 30 } }).ok, true, "45 after 5 ft")
  f = F.new("poor", 60, 100)
  local r = F.turn(f, { { forward = 10 }, { turn = 90 }, { forward = 30 } })
  eq({ r.ok, r.why, r.step }, { false, "max_turn", 2 }, "a poor flier turns at most 45 in a square")
  f = F.new("average", 60, 100)
  eq(F.turn(f, { { forward = 10 }, { turn = 90 }, { forward = 20 } }).ok, true, "average: 90 after 10 ft")
  f = F.new("average", 60, 100)
  eq(F.turn(f, { { forward = 5 }, { turn = 90 }, { forward = 30 } }).why, "turn_distance")
  f = F.new("clumsy", 60, 100)
  eq(F.turn(f, { { forward = 5 }, { turn = 45 }, { forward = 30 } }).why, "turn_distance", "clumsy: 45 per 10 ft")
  f = F.new("good", 60, 100)
  r = F.turn(f, { { turn = 180, in_place = true }, { forward = 30 } })
  eq({ r.ok, r.used, f.heading }, { true, 40, 180 }, "good: +90 for 5 ft of movement, twice")
  eq(F.turn(F.new("poor", 60, 100), { { turn = 45, in_place = true } }).why, "no_turn_in_place")
end)

test("hover, fly backward and reverse (A-22): good fliers pay 5 ft to start backward, perfect none", function()
  eq(F.turn(F.new("average", 60, 50), { { hover = true } }).why, "no_hover")
  local f = F.new("good", 60, 50)
  local r = F.turn(f, { { hover = true }, { back = 20 } })
  eq({ r.ok, r.used }, { true, 25 })
  f = F.new("perfect", 60, 50)
  eq(F.turn(f, { { back = 20 } }).used, 20)
  eq(F.turn(F.new("poor", 60, 50), { { forward = 30 }, { back = 5 } }).why, "no_backward")
end)

test("climbs at half speed and at most the up angle; dives at double speed; level flight between a dive and a climb", function()
  local f = F.new("poor", 60, 100)
  local r = F.turn(f, { { forward = 20, up = 20 }, { forward = 10 } })
  eq({ r.ok, r.why, r.used, f.altitude }, { false, "speed", 70, 100 },
    "a 45-degree climb 20 ft forward is 30 ft of path (5-10-5), 60 ft at half speed: 10 more is over 60")
  r = F.turn(f, { { forward = 10, up = 10 }, { forward = 30 } })
  eq({ r.ok, r.used, f.altitude }, { true, 60, 110 })
  f = F.new("poor", 60, 100)
  eq(F.turn(f, { { forward = 10, up = 15 } }).why, "up_angle", "steeper than 45")
  f = F.new("average", 60, 100)
  eq(F.turn(f, { { forward = 10, up = 15 }, { forward = 20 } }).ok, true, "average climbs up to 60 degrees")
  f = F.new("poor", 60, 200)
  r = F.turn(f, { { forward = 40, down = 40 }, { forward = 5 }, { forward = 10, up = 5 } })
  eq({ r.ok, r.why }, { false, "between_down_and_up" }, "a poor flier flies 10 ft level after a dive")
  f = F.new("poor", 60, 200)
  r = F.turn(f, { { forward = 40, down = 40 }, { forward = 10 }, { forward = 10, up = 5 } })
  eq({ r.ok, f.altitude }, { true, 165 }, "dive 60 ft of path for 30: then 10 level and a climb")
  f = F.new("poor", 60, 200)
  eq(F.turn(f, { { forward = 5, down = 10 } }).why, "down_angle")
  f = F.new("perfect", 60, 200)
  eq(F.turn(f, { { forward = 0, down = 60 }, { forward = 0, up = 10 } }).ok, true, "perfect: any angle, no level flight")
end)

test("TV-26: a poor flier at 400 ft short of its minimum forward speed stalls: 150 ft, then Reflex DC 20 or 300 ft more", function()
  local f = F.new("poor", 60, 400)
  local r = F.turn(f, { { forward = 25 } })
  eq({ r.ok, r.stalled }, { true, true }, "25 ft: under half of 60")
  eq(F.stall(f), { fell = 150, altitude = 250, ground = false })
  local bird = creature.new(S.build{ id = "bird", hp = 200, saves = { ref = 4 }, weapons = { { name = "Claw", damage = "1d4" } } })
  -- (the save is the bird's; the falling damage, the 20d6 most, is
  -- core/3e/environment.lua's fall, DMG-ENV-17, dealt when a creature is
  -- given)
  local function save(dc) return require("core.3e.saves").roll(bird, "ref", dc) end
  dice.force{ 12 }
  r = F.recover(f, nil, save)
  eq({ r.recovered, r.save.total, r.fell, r.ground }, { false, 16, 250, true }, "16 fails: 300 ft, reaching the ground")
  -- had it saved
  f = F.new("poor", 60, 400)
  F.turn(f, { { forward = 25 } })
  F.stall(f)
  dice.force{ 16 }
  r = F.recover(f, bird)
  eq({ r.recovered, f.altitude, f.stalled }, { true, 250, false })
  -- enough forward flight: no stall; a perfect flier may hover
  f = F.new("poor", 60, 400)
  eq(F.turn(f, { { forward = 30 } }).stalled, false)
  f = F.new("perfect", 60, 400)
  eq(F.turn(f, { { hover = true } }).stalled, false)
  fails(function() F.stall(f) end, "has not stalled")
end)
