-- DMG-ATK-08 [Variant] (3.0 DMG p.65, 规则变化：严重失误): critical misses.
-- On a natural 1 on an attack roll the attacker makes a Dexterity check,
-- DC 10; on a failure it fumbles. The effect is the DM's; the default
-- (A-15) is the book's typical one: the character spends its next turn
-- recovering and takes no actions in it, keeping its armour class (the
-- condition recovering, which costs its next turn).
local rules = require("rules")
local check = require("check")
local fight = require("fight")
local A = require("core.3e.attack")

rules.variant{ id = "3e.fumbles", system = "3e", implements = { "DMG-ATK-08" },
               name = { en = "Critical misses (fumbles)", zh = "严重失误" } }

local M = { dc = 10 }

-- M.check(c): the Dex check after a natural 1; returns whether it fumbles.
function M.check(c)
  local dex = A.mod((c:get("abilities") or {}).dex)
  return not check.roll({ mods = { { value = dex, source = "Dex" } }, target = M.dc }).success
end

rules.define("condition.recovering", { name = { en = "recovering from a fumble", zh = "失误后恢复中" }, fight = {} })

rules.on("attack.roll", function(e)
  if e.natural ~= 1 then return end
  local c = e.attacker
  if M.check(c) then
    fight.note(c:get("id") .. " fumbles and spends its next turn recovering")
    c:add_condition("recovering")
  end
end, { phase = "result" })

rules.on("turn.start", function(e)
  local c = e.fighter
  if c and c:has("recovering") then
    c:remove_condition("recovering")
    fight.note(c:get("id") .. " recovers from its fumble (no action this turn)")
    e.skip = true
  end
end)

rules.define("3e.fumbles", M)
