-- ruleset: 3e
-- variants: 3e.critical_checks
-- covers: DMG-CHK-11
local C = require("core.3e.checks")

test("TV-73: Climb DC 15 with +8: a natural 20 and a second success is critical; a 1 and a second failure too", function()
  local who = { str = 10, ranks = { climb = 8 } }
  dice.force{ 20, 9 }
  local r = C.check{ who = who, skill = "climb", dc = 15 }
  eq({ r.success, r.second, r.critical }, { true, 17, "success" }, "twice the distance (off: no second roll)")
  eq(C.critical_effects.success.climb.distance, 2)
  dice.force{ 1, 4 }
  r = C.check{ who = who, skill = "climb", dc = 15 }
  eq({ r.success, r.second, r.critical }, { false, 12, "failure" })
  eq(C.critical_effects.failure.climb, { extra = "1d6", dc_mod = 5 })
  dice.force{ 20, 2 }
  eq(C.check{ who = who, skill = "climb", dc = 15 }.critical, nil, "a second roll of 10 fails: a plain success")
  dice.force{ 1 }
  eq(C.check{ who = who, skill = "climb", dc = 8 }.critical, nil, "a natural 1 that succeeds (9 >= 8): no second roll")
  eq(C.check{ who = who, skill = "climb", dc = 15, take = 10 }.critical, nil, "taking 10: not at all")
  dice.force{ 20 }
  eq(C.check{ who = { str = 10 }, skill = "climb", dc = 25 }.critical, nil, "a natural 20 that fails (A-50): no reroll")
end)
