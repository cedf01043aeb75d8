-- Table commands for spec/transcripts/commands.txt.
local rules = require("rules")

hits = {}

rules.define("command.hit", function(c)
  local who = c.args[1]
  if not who then
    error("hit needs a target: hit NAME DAMAGE [--crit] [--type=TYPE]")
  end
  local dmg = tonumber(c.args[2]) or 1
  if c.flags.crit then dmg = dmg * 2 end
  hits[#hits + 1] = who
  return string.format("%s takes %d %s damage", who, dmg, c.flags.type or "untyped")
end)

rules.define("command.status", function(c)
  return { hits = hits, count = #hits }
end)
