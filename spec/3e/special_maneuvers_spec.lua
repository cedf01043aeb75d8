-- ruleset: 3e
-- The opposed checks of bull rush, trip and disarm (3E-BULL-03/04,
-- 3E-TRIP-01/02/04, 3E-DISARM-01/02, Table X-4; 3E-MON-05) as numbers.
-- The fights that use them are in special_fight_spec.lua.
local O = require("core.3e.special.opposed")

local human = { str = 14, dex = 12, size = "medium" }
local ogre = { str = 21, dex = 8, size = "large" }
local halfling = { str = 8, dex = 17, size = "small" }
local horse = { str = 16, dex = 13, size = "large", stable = true }

test("bull rush: Str, +4 per size above Medium-size for each side, +2 charging, +4 stable defender", function()
  eq(O.sum(O.bull_rush_mods(human, "attacker")), 2)
  eq(O.sum(O.bull_rush_mods(human, "attacker", { charging = true })), 4)
  eq(O.sum(O.bull_rush_mods(ogre, "defender")), 5 + 4, "Large: +4 against anyone (relative to Medium-size)")
  eq(O.sum(O.bull_rush_mods(halfling, "attacker")), -1 - 4)
  eq(O.sum(O.bull_rush_mods(horse, "defender")), 3 + 4 + 4, "stability")
  eq(O.sum(O.bull_rush_mods(horse, "attacker")), 3 + 4, "stability only defends")
end)

test("bull rush push: 5 ft, 5 more per 5 full points when following, within the attacker's movement", function()
  eq({ O.push_distance(4), O.push_distance(12), O.push_distance(4, { follow = true }),
       O.push_distance(5, { follow = true }), O.push_distance(14, { follow = true }),
       O.push_distance(14, { follow = true, movement = 10 }) }, { 5, 5, 5, 10, 15, 10 })
end)

test("trip: Str against the better of Dex or Str, +4 per size relative to the defender, +4 stable, Ride for a rider", function()
  eq(O.sum(O.trip_mods(ogre, human, "attacker")), 5 + 4)
  eq(O.sum(O.trip_mods(human, ogre, "attacker")), 2 - 4)
  eq(O.sum(O.trip_mods(halfling, halfling, "defender")), 3, "Dex 17 beats Str 8")
  eq(O.trip_mods(halfling, halfling, "defender")[1][2], "Dex")
  eq(O.sum(O.trip_mods(ogre, human, "defender")), 5, "Str 21 beats Dex 8")
  eq(O.sum(O.trip_mods(horse, human, "defender")), 3 + 4)
  eq(O.trip_mods(human, human, "defender", { ride = 6 }), { { 6, "Ride" } })
end)

test("size limits: at most one category larger; any smaller (B-16), or the seed's reading", function()
  eq({ O.size_ok(human, ogre), O.size_ok(halfling, ogre), O.size_ok(ogre, halfling) }, { true, false, true })
  eq(select(2, O.size_ok(halfling, ogre)), "the defender is more than one size category larger")
  O.size_reading = "seed"
  local ok, why = O.size_ok({ size = "huge" }, halfling)
  O.size_reading = "phb"
  eq({ ok, why }, { false, "the defender is more than one size category smaller" })
end)

test("disarm: +4 per size of the larger weapon, +4 two-handed, +10 locked gauntlet", function()
  eq(O.sum(O.disarm_mods("attacker", { attack = 5, weapon_size = "large", other_size = "small" })), 5 + 8)
  eq(O.sum(O.disarm_mods("attacker", { attack = 5, weapon_size = "small", other_size = "large" })), 5)
  eq(O.sum(O.disarm_mods("defender", { attack = 3, two_handed = true })), 7)
  eq(O.sum(O.disarm_mods("defender", { attack = 3, locked = true })), 13)
  eq(O.sum(O.disarm_mods("attacker", { attack = 3, two_handed = true, locked = true })), 3, "the attacker gets neither")
end)

test("opposed: the higher total wins; a tie goes to the higher modifier, then both roll again", function()
  dice.force{ 10, 12 }
  local r = O.roll({ { 5, "a" } }, { { 2, "b" } })
  eq({ r.winner, r.a, r.b, r.margin }, { "attacker", 15, 14, 1 })
  dice.force{ 10, 13 }
  eq(O.roll({ { 5, "a" } }, { { 2, "b" } }).winner, "attacker", "15 = 15: +5 beats +2")
  dice.force{ 10, 10, 3, 4 }
  r = O.roll({ { 2, "a" } }, { { 2, "b" } })
  eq({ r.winner, r.a, r.b }, { "defender", 5, 6 }, "equal totals and modifiers roll again")
end)

test("roll_many: one check must beat every opponent's", function()
  dice.force{ 15, 10, 14 }
  local r = O.roll_many({ { 2, "escaper" } }, { { { 3, "a" } }, { { 2, "b" } } })
  eq({ r.winner, r.beaten, r.a, r.b }, { "attacker", 2, 17, { 13, 16 } })
  dice.force{ 15, 10, 18 }
  r = O.roll_many({ { 2, "escaper" } }, { { { 3, "a" } }, { { 2, "b" } } })
  eq({ r.winner, r.beaten }, { "defender", 1 }, "beating one of two is not enough")
  dice.force{ 15, 14 }
  eq(O.roll_many({ { 2, "e" } }, { { { 3, "a" } } }).winner, "defender", "17 = 17: +3 beats +2")
end)
