-- Pack Tactics (monsters.abilities.pack_tactics): Advantage on an attack
-- roll against a creature if at least one ally that doesn't have the
-- Incapacitated condition is within 5 feet of it (core.5e.util.ally_near:
-- on a map, by distance; with no map, any such living ally counts).
-- Systems: 5e (the attack's Advantage level, e.adv). No parameters.
--
--   apply(stat) adds the attack.roll hook to a stat block; returns stat.
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")

local M = {}

function M.hook(e)
  if util.ally_near(e.attacker, e.target) then e.adv = e.adv + 1 end
end

function M.apply(stat)
  hooks.add(stat, "attack.roll", M.hook)
  return stat
end

return M
