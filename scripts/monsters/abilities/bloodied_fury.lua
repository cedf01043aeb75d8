-- Bloodied Fury (monsters.abilities.bloodied_fury): Advantage on attack
-- rolls (melee ones with melee = true) while the creature is Bloodied (at
-- half its Hit Points or fewer). Systems: 5e (e.adv).
--
--   apply(stat, {melee = false})
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  hooks.add(stat, "attack.roll", function(e)
    if p.melee and e.ranged then return end
    local s = e.attacker
    if s:get("hp") * 2 <= s:get("max_hp") then e.adv = e.adv + 1 end
  end)
  return stat
end

return M
