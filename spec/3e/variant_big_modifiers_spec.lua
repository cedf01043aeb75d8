-- ruleset: 3e
-- variants: 3e.big_modifiers
-- covers: DMG-CHK-03
local C = require("core.3e.checks")

test("a hopeless task: -20 on the check (or DC +20); 2 to 20 only (off: refused, dmg_checks_spec)", function()
  local who = { str = 10, ranks = { climb = 8 } }
  dice.force{ 20 }
  local r = C.check{ who = who, skill = "climb", dc = 15, circumstances = { { on = "check", good = false, size = 20, why = "hopeless" } } }
  eq({ r.total, r.success }, { 8, false }, "20 + 8 - 20: the same roll that passes without it")
  local _, dc = C.circumstances{ { on = "dc", good = false, size = 5, why = "a demanding task" } }
  eq(dc, { { value = 5, source = "a demanding task" } }, "the DC alone")
  fails(function() C.circumstances{ { on = "check", good = true, size = 21 } } end, "2 to 20")
  fails(function() C.circumstances{ { on = "check", good = true, size = 1 } } end, "2 to 20")
end)
