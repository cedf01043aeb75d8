-- DMG-DAM-03 [Variant] (3.0 DMG p.67, 规则变化：根据体型决定巨创致死): the
-- massive-damage threshold by size: 50 for Medium (3E-HP-04, the Fort save
-- DC 15 of A-17), +10 per size category above, -10 per category below:
-- Fine 10, Diminutive 20, Tiny 30, Small 40, Medium 50, Large 60, Huge 70,
-- Gargantuan 80, Colossal 90. The kernel raises damage.massive from the
-- smallest threshold on, and hp.lua's save looks at the creature's own.
local rules = require("rules")
local T = require("core.3e.tables")

rules.variant{ id = "3e.massive_by_size", system = "3e", implements = { "DMG-DAM-03" },
               name = { en = "Massive damage threshold by size", zh = "根据体型决定巨创致死" } }

local medium
for i, s in ipairs(T.sizes) do
  if s == "medium" then medium = i end
end

local function threshold(size)
  for i, s in ipairs(T.sizes) do
    if s == size then return T.massive_damage + 10 * (i - medium) end
  end
  error(string.format("massive damage by size: unknown size %q", tostring(size)), 3)
end

rules.merge("3e.hp", { massive_threshold = function(c) return threshold(c:get("size") or "medium") end,
                       massive_by_size = threshold })

local down = {}
for k, v in pairs(rules.need("combat").down) do down[k] = v end
down.massive = threshold(T.sizes[1])
rules.merge("combat", { down = down })
