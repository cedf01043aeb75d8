-- DMG-ATK-02 [Variant] (3.0 DMG p.64, 规则变化：必然命中与必然失手): no
-- automatic hits or misses: a natural 1 counts as -10 and a natural 20 as
-- 30, and the attack bonus is added as usual (+6 rolling 1: -4, hits
-- nothing; +23 rolling 1: 13; -2 rolling 20: 28). A-12: a threat still
-- needs the natural face in the threat range, and a threat must be a hit
-- (a natural 20 whose 30 + bonus misses threatens nothing); confirmation
-- rolls count the faces the same way.
local rules = require("rules")

rules.variant{ id = "3e.no_auto_hits", system = "3e", implements = { "DMG-ATK-02" },
               name = { en = "No automatic hits or misses", zh = "无必然命中与必然失手" } }

local COUNT = { [1] = -10, [20] = 30 }

local atk = {}
for k, v in pairs(rules.need("combat").attack) do atk[k] = v end
atk.auto_hit, atk.auto_miss = false, false
atk.count = { { 1, COUNT[1] }, { 20, COUNT[20] } }
rules.merge("combat", { attack = atk })

-- the same for scripts (3e.attack): a face's value, and hits / confirmed
-- on totals made with it
rules.merge("3e.attack", {
  face_value = function(natural) return COUNT[natural] or natural end,
  hits = function(natural, total, target_ac, threat)
    local hit = total >= target_ac
    return hit, hit and natural >= (threat or 20)
  end,
  confirmed = function(_, total, target_ac) return total >= target_ac end,
})
