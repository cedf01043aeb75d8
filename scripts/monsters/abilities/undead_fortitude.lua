-- Undead Fortitude (monsters.abilities.undead_fortitude): if damage reduces
-- the creature to 0 Hit Points, it makes a Constitution saving throw (DC
-- dc plus the damage taken) unless the damage is of a type in `except` or
-- from a Critical Hit (crit); on a success it drops to 1 Hit Point instead
-- (a creature.down hook that cancels the down). "The damage taken" is what
-- reached its hit points (hp_lost + past_zero); any part of the damage of
-- an `except` type denies the save (base.damage_of). Systems: 5e
-- (core.5e.util.save).
--
--   apply(stat, {dc = 5, except = {"radiant"}, crit = true})
local rules = require("rules")
local fight = require("fight")
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  local base = p.dc or 5
  local except = {}
  for _, t in ipairs(p.except or {}) do except[t] = true end
  local damage_of = rules.need("base.damage_of")
  hooks.add(stat, "creature.down", function(e)
    if (p.crit ~= false and e.crit) or damage_of(e, except) > 0 then return end
    local z = e.target
    local taken = (e.hp_lost or 0) + (e.past_zero or 0)
    if util.save(z, "con", base + taken) then
      z:set("hp", 1)
      e.cancelled = true
      fight.note(z:get("id") .. " shrugs it off (Undead Fortitude, DC " .. (base + taken) .. ")")
    end
  end)
  return stat
end

return M
