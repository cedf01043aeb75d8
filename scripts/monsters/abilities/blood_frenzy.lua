-- Blood Frenzy (monsters.abilities.blood_frenzy): Advantage on attack rolls
-- (melee ones with melee = true, the SRD 5.1 wording) against any creature
-- that doesn't have all its Hit Points. Systems: 5e (e.adv).
--
--   apply(stat, {melee = false})
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  hooks.add(stat, "attack.roll", function(e)
    if p.melee and e.ranged then return end
    local t = e.target
    if t:get("hp") < t:get("max_hp") then e.adv = e.adv + 1 end
  end)
  return stat
end

return M
