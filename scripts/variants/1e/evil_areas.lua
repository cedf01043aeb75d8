-- 1E-TURN-07 (optional): shrines (about 10x10") and temples (twice that)
-- of evil lower the chance to affect undead by an amount set in advance
-- (a shrine 1 or 2, a temple 3 or 4, AMB-30: off the turning roll) until
-- desecrated; on the lower planes good clerics cannot affect the evil
-- natives, on the upper planes evil clerics cannot affect paladins.
local rules = require("rules")
rules.variant{ id = "1e.evil_areas", system = "1e", implements = { "1E-TURN-07" },
               name = { en = "Evil areas", zh = "邪恶区域" } }
local turning = require("core.1e.turning")
turning.area_penalty = { shrine = 2, temple = 4 }
turning.area_size = { shrine = { 10, 10 }, temple = { 20, 20 } }
turning.desecration = { disrupt_rites = true, holy_water = true, bless = true, prayer = true }
function turning.penalty(area, desecrated)
  if desecrated then return 0 end
  return turning.area_penalty[area] or 0
end
