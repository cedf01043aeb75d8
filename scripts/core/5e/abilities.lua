-- Ability modifiers and the proficiency bonus.
local rules = require("rules")

-- T-03: modifier = floor((score - 10) / 2), rounding down for negative
-- numerators too (5E-GEN-03, TV-09).
rules.define("5e.mod", function(score)
  return math.floor((score - 10) / 2)
end)

-- T-08 Proficiency Bonus by level or challenge rating [K✓ SRD 5.2]:
-- +2 at 1-4, +3 at 5-8, +4 at 9-12, +5 at 13-16, +6 at 17-20.
rules.define("5e.proficiency", function(level)
  if level < 1 then return 2 end
  return 2 + math.floor((level - 1) / 4)
end)
