-- Composing a creature's `on` table (require("core.5e.hooks")).
--
-- A stat block's `on` table holds one entry per event name (the fight
-- module registers each entry as one hook scoped to the creature). Class
-- features, weapon masteries and monster abilities often need the same
-- event, so they add their handlers through hooks.add, which chains them
-- into one entry: handlers run in the order they were added, and a handler
-- that cancels the event (e.cancelled = true) stops the chain.
--
-- Handlers chained under one event must agree on its phase and on whom the
-- hook fires for; each event has a default of both, the fight module's:
--
--   attack.roll   modify  actor      damage.roll   result   actor
--   damage.apply  modify  subject    creature.down declare  subject
--   every other event     declare    actor
--
-- turn.act hooks that call fight.strike or fight.damage use the "after"
-- phase (see core.5e.tactics): a fight action raised from an earlier phase
-- would leave the engine's reused event record pointing at the strike's
-- last event when the later phases of turn.act run.
local M = {}

local PHASE = { ["attack.roll"] = "modify", ["damage.apply"] = "modify", ["damage.roll"] = "result" }
local ONLY = { ["damage.apply"] = "subject", ["creature.down"] = "subject" }

M.default_phase = function(event) return PHASE[event] or "declare" end
M.default_only = function(event) return ONLY[event] or "actor" end

-- chain returns one function calling every handler of list in order.
local function chain(list)
  local n = #list
  if n == 1 then return list[1] end
  return function(e)
    for i = 1, n do
      list[i](e)
      if e.cancelled then return end
    end
  end
end

-- add(stat, event, fn [, opts]) adds fn(e) to stat.on[event]; opts.phase
-- and opts.only override the event's defaults. Returns stat.
function M.add(stat, event, fn, opts)
  local phase = opts and opts.phase or M.default_phase(event)
  local only = opts and opts.only or M.default_only(event)
  local on = stat.on
  if on == nil then
    on = {}
    stat.on = on
  end
  local cur = on[event]
  if cur == nil then
    on[event] = { fn = fn, phase = phase, only = only, list = { fn } }
    return stat
  end
  if type(cur) == "function" then
    cur = { fn = cur, phase = M.default_phase(event), only = M.default_only(event) }
  end
  local cphase, conly = cur.phase or M.default_phase(event), cur.only or M.default_only(event)
  if cphase ~= phase or conly ~= only then
    error(string.format("hooks.add: %s already has a hook in phase %s for the %s; cannot add one in phase %s for the %s",
      event, cphase, conly, phase, only), 2)
  end
  local list = {}
  for i, f in ipairs(cur.list or { cur.fn }) do list[i] = f end
  list[#list + 1] = fn
  on[event] = { fn = chain(list), phase = phase, only = only, priority = cur.priority, list = list }
  return stat
end

return M
