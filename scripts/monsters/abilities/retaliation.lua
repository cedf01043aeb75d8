-- Retaliation (monsters.abilities.retaliation): Heated Body, "a creature
-- that touches the creature or hits it with a melee attack while within 5
-- feet of it takes damage": a damage.roll hook on the creature as the
-- target of a melee hit deals the damage to the attacker (its own damage
-- event; the hit's event keeps its fields, core.5e.bestiary.nested).
-- System-neutral but for the hook composer.
--
--   apply(stat, {damage = "1d10", type = "fire"})
local dice = require("dice")
local fight = require("fight")
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  local bestiary = require("core.5e.bestiary")
  local function burn(attacker, self)
    if not fight.is(attacker, "out") then fight.damage(attacker, dice.total(p.damage), p.type, self) end
  end
  hooks.add(stat, "damage.roll", function(e)
    if e.ranged or e.attacker == nil then return end
    bestiary.nested(e, burn, e.attacker, e.target)
  end, { only = "subject" })
  return stat
end

return M
