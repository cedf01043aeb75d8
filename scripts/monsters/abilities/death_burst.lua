-- Death Burst (monsters.abilities.death_burst): when the creature dies it
-- explodes: a save effect (core.5e.bestiary's save spec: save, dc, damage,
-- type, half, effects, area) on the enemies its area catches (fights have
-- no positions: bestiary.targets). A creature.down hook of the creature,
-- run after its other down hooks (Undead Fortitude may cancel the death).
-- Systems: 5e (the save effect).
--
--   apply(stat, {save = "dex", dc = 10, damage = "2d4", type = "fire", half = true,
--                area = "5-foot Emanation"})
local fight = require("fight")
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  local bestiary = require("core.5e.bestiary")
  p.name = p.name or "Death Burst"
  hooks.add(stat, "creature.down", function(e)
    if e.cancelled then return end
    local self = e.target
    local targets = bestiary.targets(self, p)
    if targets then
      fight.note(self:get("id") .. " explodes as it dies")
      bestiary.nested(e, bestiary.resolve, self, p, targets)
    end
  end)
  return stat
end

return M
