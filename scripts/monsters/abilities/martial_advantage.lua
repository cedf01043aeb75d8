-- Martial Advantage (monsters.abilities.martial_advantage, SRD 5.1): once
-- per turn, extra damage to a creature the creature hits with a weapon
-- attack if an ally of it that isn't Incapacitated is within 5 feet of the
-- target (core.5e.util.ally_near: on a map, by distance; with no map,
-- any such living ally). A Critical Hit doubles the dice. Systems: 5e.
--
--   apply(stat, {damage = "2d6"})
local dice = require("dice")
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  local crit = (string.gsub(p.damage, "(%d+)d", function(n) return (2 * tonumber(n)) .. "d" end))
  hooks.add(stat, "turn.start", function(e) e.fighter:remove_condition("martial_advantage_used") end)
  hooks.add(stat, "damage.roll", function(e)
    local s = e.attacker
    if s:has("martial_advantage_used") or not util.ally_near(s, e.target) then return end
    s:add_condition("martial_advantage_used")
    e.damage = e.damage + dice.total(e.crit and crit or p.damage)
  end)
  return stat
end

return M
