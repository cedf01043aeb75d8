-- Parry (monsters.abilities.parry): "Trigger: the creature is hit by a
-- melee attack roll while holding a weapon. Response: it adds ac to its AC
-- against that attack, possibly causing it to miss." A Reaction (the
-- fight's reaction slot, fight.spend): an attack.roll hook on the creature
-- as the target, in the result phase after the attacker's hooks, that
-- turns a melee hit into a miss when the total is below AC + ac (never a
-- natural 20). Stat blocks with Parry hold weapons. Systems: 5e.
--
--   apply(stat, {ac = 2})
local fight = require("fight")
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  local bonus = p.ac or 2
  hooks.add(stat, "attack.roll", function(e)
    if not e.hit or e.ranged or e.natural == 20 then return end
    local self = e.target
    if e.total >= e.needed + bonus then return end
    if util.incapacitated(self) or fight.is(self, "out") then return end
    if not fight.spend(self, "reaction") then return end
    e.hit, e.crit = false, false
    fight.note(string.format("%s parries (reaction): AC %d against %d", self:get("id"), e.needed + bonus, e.total))
  end, { phase = "result", only = "subject", priority = hooks.LATE })
  return stat
end

return M
