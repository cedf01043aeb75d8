-- Underwater combat (inventory section 16, 5E-UW-01..03): hampered
-- weapons and the water's resistance to fire.
local rules = require("rules")

local M = {}

-- M.attack returns what being underwater does to a weapon attack roll by
-- attacker: {dis, auto_miss}. opts: ranged, distance and normal (the
-- weapon's normal range, ranged attacks), damage_type (melee attacks).
-- A melee weapon attack has Disadvantage unless the attacker has a Swim
-- Speed or the weapon deals Piercing damage (5E-UW-01); a ranged weapon
-- attack misses automatically beyond normal range and has Disadvantage
-- within it, Swim Speed or not (5E-UW-02; TV-48).
function M.attack(attacker, opts)
  opts = opts or {}
  if opts.ranged then
    if opts.normal and opts.distance and opts.distance > opts.normal then
      return { dis = false, auto_miss = true }
    end
    return { dis = true, auto_miss = false }
  end
  local swim = (attacker:get("speed") or {}).swim or 0
  return { dis = swim == 0 and opts.damage_type ~= "piercing", auto_miss = false }
end

-- M.submerge: a creature or object fully under water has Resistance to
-- Fire damage (5E-UW-03, AMB-28). It is one more instance of Resistance,
-- so a creature already resistant to fire still halves it once
-- (5E-DMG-08). M.surface takes it away.
function M.submerge(c)
  c:add_tag("underwater")
  c:remove_traits("underwater")
  c:add_trait({ kind = "resist", type = "fire", source = "underwater" })
end

function M.surface(c)
  c:remove_tag("underwater")
  c:remove_traits("underwater")
end

rules.define("5e.underwater", M)
