-- ruleset: 1e
-- The encounter procedure, time, surprise, distance, reactions, avoiding,
-- parley and awaiting (inventory sections 1-3, 5, 6).
-- covers: 1E-SEQ-01 1E-SEQ-02 1E-SURP-01 1E-SURP-05 1E-SURP-06 1E-DIST-01 1E-DIST-02 1E-DIST-03
-- covers: 1E-DIST-05 1E-DIST-07 1E-INIT-02 1E-REACT-01 1E-AVOID-01 1E-AVOID-02 1E-AVOID-03 1E-AVOID-04
local enc = require("core.1e.encounter")
local ini = require("core.1e.initiative")

test("time: a segment is 6 seconds, a round 1 minute, a turn 10 rounds", function()
  eq(enc.seconds(1, "segment"), 6)
  eq(enc.seconds(1, "round"), 60)
  eq(enc.seconds(1, "turn"), 600)
  eq(enc.seconds(10, "segment"), enc.seconds(1, "round"))
  eq(enc.seconds(2, "week"), 1209600)
  fails(function() enc.seconds(1, "moment") end, "unknown time unit")
  eq(rules.need("combat").segments, 10)
end)

test("the encounter procedure: surprise and distance once, then initiative and actions", function()
  local seen = {}
  for _, s in ipairs(enc.steps) do
    rules.on("1e." .. s, function(e) seen[#seen + 1] = s; e.last = s end)
  end
  local e = {}
  local done = enc.procedure(e)
  eq(done, { "surprise", "distance", "initiative", "winner_acts", "loser_acts" })
  e.distance = 3
  eq(enc.procedure(e), { "initiative", "winner_acts", "loser_acts" }, "each melee round")
  local f = { surprised_side = "party", distance = 2 }
  eq(enc.procedure(f), { "surprise", "winner_acts", "loser_acts" }, "one side surprised: no initiative roll")
  eq(#seen, 11)
  eq(enc.options, { "avoid", "parley", "await", "missile", "close", "set", "strike", "grapple_hold" })
  eq(enc.option_letter.turn, "D")
  eq(enc.option_letter.grapple_hold, "H")
end)

test("a side is surprised as its most favourable member", function()
  local ranger = creature.new{ id = "r", hp = 10, abilities = { surprised_on = 1 } }
  local man = creature.new{ id = "m", hp = 10 }
  eq({ enc.side_chance({ man, ranger }) }, { 1, 6 })
  eq({ enc.side_chance({ man }) }, { 2, 6 })
  local eighth = creature.new{ id = "e", hp = 5, abilities = { surprised_on = 1, surprise_die = 8 } }
  eq({ enc.side_chance({ ranger, eighth }) }, { 1, 8 }, "1 in 8 beats 1 in 6 (AMB-04: a d8)")
  dice.force{ 1, 5 }
  local r = enc.roll({ on = 1, die = 8 }, {})
  eq(r.a.roll, 1)
  eq(r.a.lost, 1)
end)

test("surprise segments: missiles three times as fast when ready; 1-segment spells", function()
  eq(enc.surprise_missiles(2, true), 6)
  eq(enc.surprise_missiles(2, false), 2)
  eq(enc.fits_segment(1), true)
  eq(enc.fits_segment(3), false)
  ok(#enc.surprise_actions == 10)
end)

test("a side that cannot be surprised does not roll", function()
  dice.force{ 1 }
  local r = enc.roll({ cannot = true }, { on = 2 })
  eq(r.a.surprised, false)
  eq(r.a.roll, 0)
  eq(r.b.surprised, true)
  eq(r.b.lost, 1, "one-sided surprise: its own roll")
end)

test("surprise gives the initiative to the unsurprised or less surprised side", function()
  eq(ini.surprise_initiative(0, 3), "a")
  eq(ini.surprise_initiative(2, 1), "b")
  eq(ini.surprise_initiative(1, 1), nil)
end)

test("distance: 1d6+4 inches, capped by sight, light and vision", function()
  dice.force{ 3 }
  local d, how = enc.distance()
  eq({ d, how }, { 7, "base" })
  dice.force{ 6 }
  eq(enc.distance({ screened = 4 }), 4, "screening terrain")
  dice.force{ 6 }
  eq(enc.distance({ light_radius = 3 }), 6, "twice the light's radius")
  dice.force{ 6 }
  eq(enc.distance({ vision = 6 }), 6, "infravision 60 ft")
  dice.force{ 4 }
  eq({ enc.distance({ hid_from_noise = true }) }, { 4, "noise" })
  dice.force{ 6 }
  eq({ enc.distance({ sudden = true, room_ft = 100 }) }, { 2, "confined" }, "teleport: as a confined space")
  eq(enc.feet(3, true), 90, "outdoors an inch is 10 yd")
end)

-- covers: 1E-DIST-02 1E-DIST-04
test("distance: clear sight has its own distance; the space the sides are in caps every distance (1E-DIST-02, 04)", function()
  -- with a clear line of sight and light the sides see each other as far
  -- as the sight goes: no 1d6+4 roll (a roll would draw a die)
  eq({ enc.distance({ clear_sight = true, sight_range = 30 }) }, { 30, "sight" })
  eq({ enc.distance({ clear_sight = true }) }, { math.huge, "sight" }, "practically unlimited")
  eq(enc.distance({ clear_sight = true, sight_range = 30, light_radius = 4 }), 8, "at night: twice the light's radius")
  eq(enc.distance({ clear_sight = true, sight_range = 30, screened = 5 }), 5, "screening terrain")
  -- in a 40 ft room the base 1d6+4 (6: 10") is at most the room's 4"
  dice.force{ 6 }
  eq({ enc.distance({ room_ft = 40 }) }, { 4, "base" })
  dice.force{ 1 }
  eq(enc.distance({ room_ft = 40 }), 4, "1d6+4 = 5, still 4")
  dice.force{ 6 }
  eq(enc.distance({ room_ft = 200 }), 10, "a room larger than the roll: no cap")
  -- TV-04: opening a door into a 20 ft room: 1-2 striking range, 3-4 10 ft, 5-6 20 ft
  local got = {}
  for face = 1, 6 do
    dice.force{ face }
    got[face] = enc.distance({ room = true, room_ft = 20 })
  end
  eq(got, { 0, 0, 1, 1, 2, 2 })
  -- a fight's setup reads the sides' clear sight, outdoors in yards
  enc.setup{ surprise = false, clear_sight = true, sight_range = 5, outdoors = true, roll_hp = false }
  local gap
  local h = rules.on("round.start", function() gap = enc.state.distance end)
  dice.force({ 6, 1 }, { mixed = true })
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "party", members = { { stat = require("core.1e.classes").character{ id = "f", class = "fighter", hp = 9 } } } },
    { name = "foes", members = { { monster = "orc", hp = 5 } } } } })
  rules.off(h)
  eq(gap, 150, "5\" outdoors = 50 yd = 150 ft")
end)

test("encounter reactions on TBL-REACT with Charisma and the 55% lean", function()
  dice.force{ 25, 40 }
  local r = enc.reaction(13)
  eq(r.key, 30)
  eq(r.reaction, "Uncertain, but 55% prone toward negative")
  eq(r.lean, "negative")
  dice.force{ 60, 70 }
  r = enc.reaction(10)
  eq(r.reaction, "Uncertain, but 55% prone toward positive")
  eq(r.lean, "neutral", "a second d% above 55")
  dice.force{ 99 }
  r = enc.reaction(18, 10)
  eq(r.key, 144)
  eq(r.reaction, "Enthusiastically friendly, immediate acceptance")
  dice.force{ 3 }
  eq(enc.reaction(3).reaction, "Violently hostile, immediate attack*")
end)

test("avoiding: when fleeing is possible and whether the other side pursues", function()
  eq(enc.can_avoid({ other_surprised = true }), true)
  eq(enc.can_avoid({ has_initiative = true }), true)
  eq(enc.can_avoid({ has_initiative = true, in_striking_range = true }), false)
  eq(enc.can_avoid({}), false)
  eq({ enc.pursues({ dm = false, nature = true }) }, { false, "dm" })
  eq({ enc.pursues({ nature = true }) }, { true, "nature" })
  eq({ enc.pursues({ obstacle = true }) }, { false, "obstacle" })
  eq({ enc.pursues({ noticed = false }) }, { false, "noticed" })
  eq({ enc.pursues({ cannot_catch = true }) }, { false, "speed" })
  dice.force{ 3, 4 }
  eq({ enc.pursues({}) }, { true, "roll", 3 })
  eq({ enc.pursues({}) }, { false, "roll", 4 })
end)

test("parley: the side with the initiative tries; the DM (a hook) rules", function()
  eq(enc.parley({ has_initiative = false }).result, "no chance to parley")
  local h = rules.on("1e.parley", function(e) if e.listener == "red dragon" then e.result = "attacks" end end)
  eq(enc.parley({ has_initiative = true, listener = "red dragon" }).result, "attacks")
  rules.off(h)
  dice.force{ 50 }
  eq(enc.parley({ has_initiative = true, cha = 10 }).result, "Neutral: uninterested / uncertain")
  local a = enc.await()
  eq(a, { acted = false, action = "await" })
end)
