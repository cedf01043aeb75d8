-- DMG-DAM-02 [Variant] (3.0 DMG p.66, 规则变化：重创): clobbered. A single hit
-- that deals damage of at least half the creature's current hit points
-- (A-16: 2 x the hit's damage >= the hit points before it, normal and
-- subdual damage alike) leaves it clobbered: on its next turn it takes
-- only a partial action, then it is back to normal. The check runs after
-- the hit's damage is applied (the damage pipeline's threshold checks:
-- damage.apply, after), on the damage the hit actually dealt.
local rules = require("rules")
local fight = require("fight")

rules.variant{ id = "3e.clobbered", system = "3e", implements = { "DMG-DAM-02" },
               name = { en = "Clobbered", zh = "重创" } }

local M = {}

-- M.clobbers(damage, hp_before): A-16's test.
function M.clobbers(damage, hp_before)
  return damage > 0 and 2 * damage >= hp_before
end

-- partial: the kernel's partial-action limit (turn.lua's M.limited too)
rules.define("condition.clobbered", { name = { en = "clobbered", zh = "重创" }, fight = { partial = true } })
rules.define("condition.clobbered_next", { name = { en = "clobbered (its next turn)", zh = "重创（下一回合）" }, fight = {} })

rules.on("damage.apply", function(e)
  local t = e.target
  local dealt = e.nonlethal and e.damage or e.hp_lost
  local before = t:get("hp") + e.hp_lost
  if fight.is(t, "dead") or not M.clobbers(dealt, before) then return end
  fight.note(string.format("%s is clobbered (%d damage at %d hp): a partial action on its next turn", t:get("id"), dealt, before))
  t:add_condition("clobbered")
  -- its next turn: a hit on its own turn (an attack of opportunity) waits
  -- for the turn after
  t:remove_condition("clobbered_next")
end, { phase = "after" })

rules.on("turn.start", function(e)
  local c = e.fighter
  if c and c:has("clobbered") then c:add_condition("clobbered_next") end
end)

rules.on("turn.end", function(e)
  local c = e.fighter
  if c and c:has("clobbered_next") then
    c:remove_condition("clobbered_next")
    c:remove_condition("clobbered")
  end
end)

rules.define("3e.clobbered", M)
