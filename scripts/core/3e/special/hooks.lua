-- hooks.add(stat, event, fn [, opts]): adds fn to a stat block's `on`
-- table for event, after any hook already there (so several abilities or
-- class features can hook one event of one creature). opts.phase and
-- opts.only as the stat block's `on` takes them.
local rules = require("rules")

local M = rules.get("3e.special.hooks")
if M then return M end
M = {}

function M.add(stat, event, fn, opts)
  stat.on = stat.on or {}
  local old = stat.on[event]
  local phase = opts and opts.phase
  local only = opts and opts.only
  local f = fn
  if old then
    local prev = type(old) == "table" and old.fn or old
    if type(old) == "table" then
      if phase and old.phase and phase ~= old.phase then
        error(string.format("%s: hooks of one event in two phases (%s, %s)", event, old.phase, phase), 2)
      end
      phase, only = phase or old.phase, only or old.only
    end
    f = function(e)
      prev(e)
      fn(e)
    end
  end
  if phase or only then
    stat.on[event] = { fn = f, phase = phase, only = only }
  else
    stat.on[event] = f
  end
  return stat
end

rules.define("3e.special.hooks", M)
return M
