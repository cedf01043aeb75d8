-- Base layer: definitions every system shares. Systems replace any of them by
-- name with rules.define (the override is logged by `dndsh rules`).
local rules = require("rules")

-- The events of the rules pipelines, in the order a fight raises them.
rules.define("base.events", {
  "encounter.start", "round.start", "initiative.roll", "turn.start",
  "attack.declare", "attack.roll", "damage.roll", "damage.apply", "creature.down",
  "check.roll", "save.roll", "condition.add", "condition.remove", "move", "reaction",
  "turn.end", "round.end", "encounter.end",
})

-- The default tactics of fights that play themselves: attack the living
-- enemy with the fewest hit points. A system, a variant or a session may
-- define another built-in ("first", "random") or a function
-- (self, enemies) -> target; encounter sides and creatures override it.
rules.define("tactics.default", "lowest_hp")

-- base.damage_of(e, types) is how much of an attack or damage event's
-- damage is of one of types (a set {fire = true, acid = true}): every part
-- of the hit counts, not only the first (e.parts; a part's taken amount,
-- after the target's traits, once the damage is applied).
rules.define("base.damage_of", function(e, types)
  local n = 0
  for _, p in ipairs(e.parts or {}) do
    if types[p.type] then n = n + (p.taken or p.amount or 0) end
  end
  return n
end)
