-- ruleset: 3e
-- Audit of the special attacks' numbers (inventory §15 and §20's B-16,
-- B-17, B-21, B-23), written from the inventory alone: Table 8-16 at each
-- row's edges, turning that reaches nothing rolls no damage, destruction at
-- exactly twice the HD, the bull rush push at margins 4, 5, 9, 10, the
-- size limits of bull rush and trip at exactly one and two categories, the
-- grapple head count and hold limit.
-- covers: 3E-TURN-04 3E-TURN-05 3E-TURN-07 3E-BULL-01 3E-BULL-04 3E-TRIP-01 3E-GRAP-05 3E-GRAP-13
local tu = require("core.3e.special.turning")
local O = require("core.3e.special.opposed")
local G = require("core.3e.special.grapple")

test("audit Table 8-16: each row at its edges", function()
  local want = { [-3] = -4, [0] = -4, [1] = -3, [3] = -3, [4] = -2, [6] = -2, [7] = -1, [9] = -1, [10] = 0, [12] = 0,
    [13] = 1, [15] = 1, [16] = 2, [18] = 2, [19] = 3, [21] = 3, [22] = 4, [30] = 4 }
  for check, off in pairs(want) do eq(tu.max_hd(5, check), 5 + off, "check " .. check) end
end)

test("audit 3E-TURN-05: a check that reaches no undead in range rolls no turning damage", function()
  dice.force{ 2 } -- 2 + 0 = 2: level 1 - 3 = -2 HD; a 2d6 would fail the strict dice
  local r = tu.attempt{ level = 1, cha = 0, energy = "positive", undead = { { id = "z", hd = 2, distance = 10 } } }
  eq({ r.max_hd, r.damage, #r.affected }, { -2, nil, 0 })
end)

test("audit 3E-TURN-07: a cleric of exactly twice the HD destroys; one level less turns", function()
  dice.force{ 10, 3, 3 }
  local r = tu.attempt{ level = 4, cha = 0, energy = "positive", undead = { { id = "s", hd = 2, distance = 5 } } }
  eq(r.affected, { { "s", 2, "destroyed" } })
  dice.force{ 10, 3, 3 }
  r = tu.attempt{ level = 3, cha = 0, energy = "positive", undead = { { id = "s", hd = 2, distance = 5 } } }
  eq(r.affected, { { "s", 2, "turned" } })
  dice.force{ 10, 3, 3 }
  r = tu.attempt{ level = 4, cha = 0, energy = "negative", undead = { { id = "s", hd = 2, distance = 5 } } }
  eq(r.affected, { { "s", 2, "commanded" } }, "3E-TURN-09: where a good cleric destroys, an evil one commands")
end)

test("audit 3E-TURN-03: nothing beyond 60 ft", function()
  dice.force{ 15, 6, 6 }
  local r = tu.attempt{ level = 5, cha = 0, energy = "positive", undead = {
    { id = "near", hd = 1, distance = 60 }, { id = "far", hd = 1, distance = 65 } } }
  eq(#r.affected, 1)
  eq(r.affected[1][1], "near")
end)

test("audit B-17: the push: 5 ft, +5 per 5 full points of margin when following", function()
  eq(O.push_distance(4, { follow = true }), 5)
  eq(O.push_distance(5, { follow = true }), 10)
  eq(O.push_distance(9, { follow = true }), 10)
  eq(O.push_distance(10, { follow = true }), 15)
  eq(O.push_distance(10), 5, "not following: 5 ft")
end)

test("audit B-16: bull rush and trip reach one size larger, not two; any smaller", function()
  eq((O.size_ok({ size = "small" }, { size = "medium" })), true)
  eq((O.size_ok({ size = "small" }, { size = "large" })), false)
  eq((O.size_ok({ size = "huge" }, { size = "fine" })), true)
  eq((O.size_ok({ size = "large" }, { size = "huge" })), true)
end)

test("audit B-21, B-23: the hold against one size larger works, two fails; the head count by relative size", function()
  eq((G.can_hold({ size = "small" }, { size = "medium" })), true)
  eq((G.can_hold({ size = "small" }, { size = "large" })), false)
  eq((G.can_hold({ size = "large" }, { size = "small" })), true)
  eq(G.counts_as("medium", "large"), 0.5)
  eq(G.counts_as("huge", "large"), 2)
  eq({ G.room("large", { "large", "large", "large", "large" }) }, { true, 4 })
  eq({ G.room("large", { "huge", "huge", "medium" }) }, { false, 4.5 })
end)
