-- Damage auras (monsters.abilities.damage_aura): Fire Aura, Heat Aura: "At
-- the end (or start) of each of the creature's turns, each creature in a
-- radius-foot Emanation originating from it takes damage". Fights have no
-- positions: the creatures within the radius are as many enemies as a
-- Sphere of that radius catches (core.5e.bestiary.area_targets), the
-- weakest first. System-neutral but for that choice.
--
--   apply(stat, {when = "end" | "start", radius = 5, damage = "2d6", type = "fire"})
local dice = require("dice")
local fight = require("fight")
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  local bestiary = require("core.5e.bestiary")
  local spec = { area = (p.radius or 5) .. "-foot-radius Sphere" }
  local function burn(e)
    local self = e.fighter
    if fight.is(self, "out") then return end
    local targets = bestiary.targets(self, spec)
    if not targets then return end
    for _, t in ipairs(targets) do
      if not fight.is(t, "out") then fight.damage(t, dice.total(p.damage), p.type, self) end
    end
  end
  if p.when == "start" then
    hooks.add(stat, "turn.start", burn)
  else
    hooks.add(stat, "turn.end", burn, { phase = "after" })
  end
  return stat
end

return M
