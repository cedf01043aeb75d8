-- ruleset: 1e
-- Pursuit and evasion (inventory section 17).
-- covers: 1E-PURSUIT-01 1E-PURSUIT-02 1E-PURSUIT-04 1E-PURSUIT-05 1E-PURSUIT-06
local p = require("core.1e.pursuit")

test("will monsters pursue underground?", function()
  eq(p.chance({ always = true }), 100)
  eq(p.chance({ motivated = true, int = 3 }), 80, "semi-intelligent and hungry")
  eq(p.chance({ motivated = true, int = 6, numbers = "party_more" }), 20)
  eq(p.chance({ motivated = true, int = 6, numbers = "equal" }), 40)
  eq(p.chance({ motivated = true, int = 6, numbers = "party_fewer" }), 80)
  eq(p.chance({ motivated = true, int = 6, numbers = "party_fewer", far_stronger = true }), 100)
  eq(p.chance({ int = 6 }), 0)
  dice.force{ 8, 9 }
  eq(p.pursues({ motivated = true, int = 3 }), true, "1d10: 1-8")
  eq(p.pursues({ motivated = true, int = 3 }), false)
end)

test("when underground pursuit ends", function()
  eq({ p.ends("pursued_faster", { in_sight = true, gap_ft = 110 }) }, { true, "A" })
  eq({ p.ends("pursued_faster", { in_sight = false, gap_when_lost_ft = 60 }) }, { true, "B" })
  eq({ p.ends("pursued_faster", { in_sight = true, gap_ft = 40, rounds_without_gain = 6 }) }, { true, "C" })
  eq(p.ends("pursued_faster", { in_sight = true, gap_ft = 110, special = true }), false, "a ranger keeps on")
  eq(p.ends("same", { in_sight = true, gap_ft = 140 }), false)
  eq({ p.ends("same", { in_sight = false, gap_when_lost_ft = 90 }) }, { true, "B" })
  eq({ p.ends("same", { in_sight = true, gap_ft = 10, rounds_without_gain = 11 }) }, { true, "C" }, "more than 1 turn")
  eq(p.ends("pursuer_faster", { in_sight = false, gap_when_lost_ft = 150 }), false)
  eq({ p.ends("pursuer_faster", { in_sight = false, gap_when_lost_ft = 210 }) }, { true, "A" })
  eq({ p.ends("pursuer_faster", { in_sight = true, gap_ft = 5, exhausted = true }) }, { true, "B" })
end)

test("distractions: food and treasure", function()
  eq(p.food_chance(0), 100, "non-intelligent")
  eq(p.food_chance(3, 50), 70, "+10% per point below 5")
  eq(p.food_chance(9, 50), 0, "average intelligence ignores food")
  dice.force{ 4 }
  eq(p.food_chance(6), 40, "1d10 x 10% when nothing is known")
  eq(p.treasure_chance(3, 100), 0)
  eq(p.treasure_chance(10, 0, 350), 30, "+10% per 100 gp")
  dice.force{ 3, 5 }
  eq(p.distracted(30), true)
  eq(p.distracted(30), false)
  eq(p.distracted(100), true)
end)

test("branching routes", function()
  eq(p.wrong_way(3), 66)
  eq(p.wrong_way("door_or_corridor"), 50)
  eq(p.wrong_way(3, { heard = true }), 0)
  eq(p.heard("metal_armour", 90), true)
  eq(p.heard("quiet", 40), false)
  eq(p.corner_sight_ft, 60)
end)

test("underground evasion in phases", function()
  eq(p.phases_per_round, 3)
  eq(p.units(12), 4)
  eq(p.units(9), 3)
  eq({ p.phase(30, { 12, 9 }, { 12, 15 }) }, { 10, true }, "slowest fugitive 9 (3 units), fastest pursuer 15 (5)")
  eq({ p.phase(50, { 12 }, { 12 }) }, { 50, false })
end)

test("outdoor evasion: 80% adjusted, checked each hour", function()
  eq(p.evade_chance({ speed = "pursued_faster", terrain = "forest", pursued = 4, pursuers = 30, light = "dark" }),
     80 + 10 + 30 + 10 + 10 + 50)
  eq(p.evade_chance({ speed = "pursuer_faster", terrain = "open", pursued = 60, pursuers = 5, light = "daylight" }),
     80 - 20 - 50 - 50 - 20 - 30)
  eq({ p.evade({ party_surprised_them = true }) }, { true, "automatic" })
  eq({ p.evade({ party_surprised = true }) }, { false, "engage" })
  eq({ p.evade({ speed = "pursuer_faster", terrain = "open", pursued = 60, pursuers = 5, light = "daylight" }) },
     { false, "engage", -90 })
  dice.force{ 70 }
  eq({ p.evade({ speed = "same", pursued = 8, pursuers = 20, light = "moonlight" }) }, { true, "evaded", 80, 70 })
end)
