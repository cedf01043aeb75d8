-- Regeneration (monsters.abilities.regeneration): the creature regains hp
-- Hit Points at the start of each of its turns. System-neutral (fight and
-- creature functions only); the 5e troll and the imported monsters use it.
--
--   apply(stat, {hp, stopped_by = {"acid", "fire"}, needs_hp, rises})
--     stopped_by  damage types that stop the trait on the creature's next
--                 turn ("If the troll takes Acid or Fire damage, this trait
--                 doesn't function on its next turn"): a damage.apply hook
--                 sets the condition "regeneration_stopped" when any part of
--                 the damage is of those types (base.damage_of)
--     needs_hp    it regenerates only if it has at least 1 Hit Point
--     rises       "dies only if it starts its turn with 0 Hit Points and
--                 doesn't regenerate": at 0 HP it stays in the fight
--                 (condition "regenerating", the tag "regeneration" tells
--                 enemies to look), and at the start of its turn it either
--                 dies (stopped) or heals and gets back up
local rules = require("rules")
local fight = require("fight")
local hooks = require("core.5e.hooks")

local M = {}

function M.apply(stat, p)
  local hp = p.hp
  local stops = {}
  for _, t in ipairs(p.stopped_by or {}) do stops[t] = true end
  stat.regeneration = hp
  stat.tags = stat.tags or {}
  if p.rises then stat.tags[#stat.tags + 1] = "regeneration" end
  if next(stops) then
    local damage_of = rules.need("base.damage_of")
    hooks.add(stat, "damage.apply", function(e)
      if damage_of(e, stops) > 0 then
        local t = e.target
        if not t:has("regeneration_stopped") then t:add_condition("regeneration_stopped") end
      end
    end)
  end
  if p.rises then
    hooks.add(stat, "creature.down", function(e)
      local t = e.target
      if not t:has("regenerating") then
        t:add_condition("regenerating")
        fight.note(t:get("id") .. " falls, but its flesh knits (Regeneration)")
      end
      e.cancelled = true
    end)
  end
  hooks.add(stat, "turn.start", function(e)
    local t = e.fighter
    local stopped = t:has("regeneration_stopped")
    if stopped then t:remove_condition("regeneration_stopped") end
    if stopped then
      if p.rises and t:get("hp") <= 0 then
        fight.note(t:get("id") .. " does not regenerate and dies")
        fight.kill(t)
        e.skip = true
      end
      return
    end
    if p.needs_hp and t:get("hp") < 1 then return end
    if t:get("hp") < t:get("max_hp") then t:heal(hp) end
    if t:has("regenerating") then
      t:remove_condition("regenerating")
      fight.note(t:get("id") .. " regenerates and gets back up")
    end
  end)
  return stat
end

return M
