-- Reusable special abilities of 3.0 monsters (scripts/monsters/3e/*.lua
-- use them). Each takes its numbers as parameters and adds hooks to a
-- stat block's `on` table, so the hooks are scoped to the creature that
-- has the ability (and can move into a library shared by the rule systems
-- later, issue 14). Numbers not in the seed are [K] Monster Manual 3.0.
local rules = require("rules")

local M = rules.get("3e.abilities")
if M then return M end
M = {}

-- hook(stat, event, fn [, opts]): adds fn to stat.on[event], chaining any
-- hook already there (in the order added).
function M.hook(stat, event, fn, opts)
  stat.on = stat.on or {}
  local old = stat.on[event]
  local phase = opts and opts.phase
  local f = fn
  if old then
    local prev = type(old) == "table" and old.fn or old
    phase = phase or (type(old) == "table" and old.phase or nil)
    f = function(e)
      prev(e)
      fn(e)
    end
  end
  if phase or (opts and opts.only) then
    stat.on[event] = { fn = f, phase = phase, only = opts and opts.only }
  else
    stat.on[event] = f
  end
  return stat
end

-- turnable(stat): an undead that clerics turn and rebuke (3E-TURN-06/08):
-- its turning effects run out after 10 rounds, and while turned it flees
-- or cowers instead of acting.
function M.turnable(stat)
  local turning = require("core.3e.special.turning")
  M.hook(stat, "turn.start", function(e) turning.undead_turn_start(e.fighter) end)
  M.hook(stat, "turn.act", turning.undead_act, { phase = "declare" })
  return stat
end

rules.define("3e.abilities", M)
return M
