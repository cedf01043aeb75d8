-- ruleset: 3e
-- variants: 3e.skill_abilities
-- covers: DMG-CHK-10
local C = require("core.3e.checks")

test("the DM's other ability: Climb with Dex while weightless; Ride ranks with Int for a horse; Str with Handle Animal", function()
  local lidda = { str = 8, dex = 18, int = 12, ranks = { climb = 2, ride = 3, handle_animal = 1 } }
  dice.force{ 10, 10 }
  local str = C.check{ who = lidda, skill = "climb", dc = 15 }
  local dex = C.check{ who = lidda, skill = "climb", ability = "dex", dc = 15 }
  eq({ str.total, dex.total }, { 11, 16 }, "Str -1 as usual; Dex +4 weightless (off: refused, dmg_checks_spec)")
  dice.force{ 10, 10 }
  eq(C.check{ who = lidda, skill = "ride", ability = "int", dc = 10 }.total, 14, "A-47: Ride ranks + Int, as Appraise")
  eq(C.check{ who = lidda, skill = "handle_animal", ability = "str", dc = 10 }.total, 10, "A-48: Str for Cha")
  fails(function() C.check{ who = lidda, skill = "climb", ability = "luck", dc = 10 } end, "unknown ability")
end)
