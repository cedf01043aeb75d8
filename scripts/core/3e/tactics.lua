-- Tactics for 3.0 fights that play themselves (require("core.3e.tactics")).
-- The kernel's default turn already plays the 3.0 way under the combat
-- table: a 5-foot step rather than a move that provokes, a full attack when
-- adjacent (only a 5-foot step goes with it), a charge when the target is
-- 10 ft or more away in a straight line (prefer), a double move when it
-- cannot be reached, a move-only turn's safe start square. What needs a
-- choice is here, for creatures and sides that want it (they cost a Lua
-- call a turn; R1 does without):
--
--   M.target(self, enemies)  a side's `tactics`: an enemy an ally already
--                            threatens first (so the two flank it), then
--                            the fewest hit points
--   M.kit(stat, plan)        adds to a stat block a turn.act hook that falls
--                            back (a move-only turn away from the enemies,
--                            out of the fight) when its hit points are at
--                            or below plan.fall_back_below (a fraction of
--                            the maximum, default 0.25)
local fight = require("fight")

local M = {}

M.defaults = { fall_back_below = 0.25 }

-- threatened reports whether an ally of self (not self) is adjacent to e.
local function threatened(self, e)
  for _, a in ipairs(fight.allies(self)) do
    if a ~= self and not fight.is(a, "out") and fight.reaches(a, e, fight.attacks(a)[1]) then return true end
  end
  return false
end

function M.target(self, enemies)
  local best, best_flank
  for _, e in ipairs(enemies) do
    local fl = threatened(self, e)
    if best == nil or (fl and not best_flank) or (fl == best_flank and e:get("hp") < best:get("hp")) then
      best, best_flank = e, fl
    end
  end
  return best
end

-- M.badly_hurt(c, plan): at or below the fall-back fraction of its hit points.
function M.badly_hurt(c, plan)
  local below = (plan and plan.fall_back_below) or M.defaults.fall_back_below
  return c:get("hp") <= math.floor(c:get("max_hp") * below)
end

function M.kit(stat, plan)
  plan = plan or {}
  stat.on = stat.on or {}
  local prev = stat.on["turn.act"]
  stat.on["turn.act"] = function(e)
    if prev then prev(e) end
    if e.acted or e.fighter == nil then return end
    if M.badly_hurt(e.fighter, plan) then
      fight.note(e.fighter:get("id") .. " falls back, badly hurt")
      fight.flee(e.fighter)
      e.acted = true
    end
  end
  return stat
end

return M
