-- 1E-TURN-04 (optional): in a group of weaker undead that follow or serve
-- a stronger one, failing to affect the strongest turns nothing; mindless
-- undead (skeletons, zombies) are not followers.
local rules = require("rules")
rules.variant{ id = "1e.mixed_undead", system = "1e", implements = { "1E-TURN-04" },
               name = { en = "Undead led by a stronger one", zh = "混合不死生物群体" } }
local turning = require("core.1e.turning")
turning.mixed_rule = true
-- leader(groups): the strongest intelligent type of a group, or nil.
function turning.leader(groups, mindless)
  local best
  for _, g in ipairs(groups) do
    if not (mindless and mindless[g[1]:lower()]) then
      if not best or turning.rank[g[1]:lower()] > turning.rank[best:lower()] then best = g[1] end
    end
  end
  return best
end
turning.mindless = { skeleton = true, zombie = true }
