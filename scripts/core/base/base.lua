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
