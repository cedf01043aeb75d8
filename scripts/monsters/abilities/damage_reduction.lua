-- Damage reduction (monsters.abilities.damage_reduction; DMG-SA-14, Table
-- 3-13 [K, recon: SRD 3.0 "Damage Reduction Rankings"]): "X/qualifier"
-- takes X off each weapon or natural-attack hit (the excess does not carry
-- over); weapons of the qualifier's kind, or ranked higher on Table 3-13,
-- deal full damage; "/-" nothing bypasses. Energy, spells, Sp and Su
-- ignore it. A hit it absorbs whole loses its riders (core/3e/damage.lua,
-- M.rider_blocked). The creature's natural weapons count as what bypasses
-- its own DR (a Large air elemental, 10/+1, hits a werewolf as a +1
-- weapon), unless the DR comes from a spell (M.grant: stoneskin).
--
--   apply(stat, {amount = 15, bypass = "silver"})   bypass: "+1".."+5",
--                a material ("silver", "cold_iron", ...), or "-"
local rules = require("rules")

local M = rules.get("abilities.damage_reduction")
if M then return M end
M = {}

local function D() return require("core.3e.damage") end

local function valid(o, where)
  if type(o.amount) ~= "number" or o.amount < 1 then error(where .. ": amount must be a number of 1 or more", 3) end
  if type(o.bypass) ~= "string" or o.bypass == "" then
    error(where .. ": bypass must be \"+1\"..\"+5\", a material or \"-\"", 3)
  end
end

function M.apply(stat, o)
  valid(o, "damage_reduction.apply")
  local p = D().profile(stat)
  p.dr[#p.dr + 1] = { amount = o.amount, bypass = o.bypass }
  if not o.spell then
    -- DMG-SA-14: its natural weapons count as the bypassing kind (the
    -- best of its own reductions)
    if not p.natural_as or D().rank(o.bypass) > D().rank(p.natural_as) then p.natural_as = o.bypass end
  end
  return stat
end

-- M.reduce(amount, dr, bypass, weapon): one hit's damage after DR
-- "dr/bypass" against weapon ({enhancement, material, counts_as}): the
-- amount left and what was absorbed.
function M.reduce(amount, dr, bypass, weapon)
  if D().bypasses(weapon, bypass) then return amount, 0 end
  local a = math.min(dr, amount)
  return amount - a, a
end

rules.define("abilities.damage_reduction", M)
return M
