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
