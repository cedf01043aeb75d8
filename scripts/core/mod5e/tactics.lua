-- Tactics of the modded rules for fights that play themselves
-- (require("core.mod5e.tactics")), on 5e's kits (core.5e.tactics):
--
--   trip(stat [, opts])    the creature's Attack action opens with a trip
--                          (HB-SPECIAL-07) in place of its first attack when
--                          its target stands and is no more than opts.max_larger
--                          sizes larger (default 0); the others then strike a
--                          prone target (1 adv from within 5 ft)
--   grapple(stat [, opts]) opens with a grapple (HB-SPECIAL-08) of a target
--                          it does not hold yet; both are then grappled
--                          (speed 0, non-light attacks 1 dis)
--   obscure(side, level)   every member of a side stands in obscurement from
--                          the start ("light", "heavy" or "dim": see
--                          mod5e.visibility.obscure; an encounter.start
--                          hook: a night raid, a fog bank)
--
-- The 5e monsters keep their own kits (Nimble Escape's Hide is the modded
-- per-observer hide here).
local rules = require("rules")
local fight = require("fight")
local tactics = require("core.5e.tactics")

local M = {}

local function special() return rules.need("mod5e.special") end

local function rest_of_attacks(self, kit, ctx, target)
  local seq = tactics.sequence(kit)
  for i = 2, #seq do
    if fight.is(target, "out") then
      if not tactics.strike(self, kit, ctx, seq[i]) then return end
    else
      tactics.strike_at(self, kit, ctx, target, seq[i])
    end
  end
end

local function target_of(self, kit, pred)
  local enemies = fight.map() and fight.candidates(self) or fight.enemies(self)
  local best
  for _, c in ipairs(enemies) do
    if pred(c) and (best == nil or c:get("hp") < best:get("hp")) then best = c end
  end
  return best
end

-- trip(stat, opts): see above.
function M.trip(stat, opts)
  opts = opts or {}
  local kit = tactics.kit(stat, { lua_attacks = true })
  local mv = rules.need("mod5e.movement")
  tactics.action(kit, { name = "trip",
    when = function(self)
      return target_of(self, kit, function(c)
        return not c:has("prone") and not c:has_tag("no_prone") and mv.rank(c) - mv.rank(self) <= (opts.max_larger or 0)
      end)
    end,
    run = function(self, k, ctx, target)
      if fight.map() and not fight.approach(self, target, tactics.sequence(k)[1], { first = true }) then return end
      local r = special().trip(self, target)
      fight.note(string.format("%s trips %s: %s", self:get("id"), target:get("id"), r.success and "prone" or "fails"))
      rest_of_attacks(self, k, ctx, target)
    end })
  return stat
end

-- grapple(stat, opts): see above.
function M.grapple(stat)
  local kit = tactics.kit(stat, { lua_attacks = true })
  tactics.action(kit, { name = "grapple",
    when = function(self)
      if #special().grappling(self) > 0 then return nil end
      return target_of(self, kit, function(c) return not c:has("grappled") end)
    end,
    run = function(self, k, ctx, target)
      if fight.map() and not fight.approach(self, target, tactics.sequence(k)[1], { first = true }) then return end
      local r = special().grapple(self, target)
      fight.note(string.format("%s grapples %s: %s", self:get("id"), target:get("id"), r.success and "held" or "fails"))
      rest_of_attacks(self, k, ctx, target)
    end })
  return stat
end

-- obscure(side, level) puts every member of the side in obscurement
-- (mod5e.visibility.obscure's levels) when the fight starts.
function M.obscure(side, level)
  rules.on("encounter.start", function()
    for _, c in ipairs(fight.all()) do
      if c:get("side") == side then rules.need("mod5e.visibility").obscure(c, level) end
    end
  end, { phase = "after" })
end

return M
