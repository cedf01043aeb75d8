-- Energy resistance, energy immunity and the cold and fire subtypes
-- (monsters.abilities.energy_resistance; DMG-SA-38, DMG-SA-13, DMG-SA-23).
-- "Fire resistance 30": the creature ignores the first 30 points of fire
-- damage each round, magical or not; it still saves, and resistance takes
-- what the save left; a running total per round and energy type that
-- resets when the next round starts (A-32; core/3e/damage.lua's setting
-- resistance_reset = "turn" resets it at the start of the creature's own
-- turn). A spell's resistance (the condition energy_resistance, source =
-- the type, level = the amount) does not stack with it: the higher counts.
--
--   apply(stat, {fire = 30, cold = 10})      resistance
--   immune(stat, {"cold"})                   immunity
--   subtype(stat, "cold")                    cold subtype: immune to cold,
--       fire double, but half on a successful save for half and double on a
--       failed one (fire subtype: the other way round)
local rules = require("rules")

local M = rules.get("abilities.energy_resistance")
if M then return M end
M = {}

local function D() return require("core.3e.damage") end

function M.apply(stat, o)
  local p = D().profile(stat)
  for typ, n in pairs(o) do
    if not D().energy[typ] then error(string.format("energy_resistance.apply: %q is no energy type", tostring(typ)), 2) end
    if n > (p.resist[typ] or 0) then p.resist[typ] = n end
  end
  if D().settings.resistance_reset == "turn" then
    require("core.3e.special.hooks").add(stat, "turn.start", function(e) D().reset_resistance(e.fighter) end)
  end
  return stat
end

function M.immune(stat, list)
  local p = D().profile(stat)
  for _, typ in ipairs(list) do p.immune[typ] = true end
  return stat
end

local OPPOSITE = { cold = "fire", fire = "cold" }
function M.subtype(stat, kind)
  local other = OPPOSITE[kind]
  if not other then error(string.format("energy_resistance.subtype: %q (cold or fire)", tostring(kind)), 2) end
  local p = D().profile(stat)
  p.immune[kind] = true
  p.vuln[other] = true
  local tags = stat.tags or {}
  tags[#tags + 1] = kind .. "_subtype"
  stat.tags = tags
  return stat
end

-- M.grant(c, type, n): a spell's resistance (endure elements, protection
-- from elements) on a creature.
function M.grant(c, typ, n)
  c:add_condition("energy_resistance", { source = typ, level = n, stacking = "independent" })
end

rules.define("abilities.energy_resistance", M)
return M
