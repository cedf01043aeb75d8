-- Composing a creature's `on` table (require("core.5e.hooks")).
--
-- A stat block's `on` table holds one entry per event name (the fight
-- module registers each entry as one hook scoped to the creature). Class
-- features, weapon masteries and monster abilities often need the same
-- event, so they add their handlers through hooks.add, which chains them
-- into one entry: handlers run in the order they were added, and a handler
-- that cancels the event (e.cancelled = true) stops the chain.
--
-- Handlers chained under one event must agree on its phase; each event has
-- a default phase and a default of whom the hook fires for (the fight
-- module's):
--
--   attack.roll   modify  actor      damage.roll   result   actor
--   damage.apply  modify  subject    creature.down declare  subject
--   every other event     declare    actor
--
-- Handlers of one phase may fire for different roles: a rogue's Sneak
-- Attack (damage.roll, actor: its own hits) and Uncanny Dodge (damage.roll,
-- subject: the hits it takes). The entry then fires for "either" and each
-- handler runs only when the creature holds its role: the stat block gets
-- a marker tag ("hooks:N") that tells its creatures apart from the others
-- (e.attacker or e.fighter is the actor, e.target the subject). When two
-- creatures of one stat block meet (a mirror match), the hook fires once
-- for each: the first call runs the actor's handlers, the second the
-- subject's.
--
-- opts.priority orders the entry among the other creatures' hooks of the
-- phase (lower runs first; 0 by default; an entry takes the highest its
-- handlers ask for). Reactions use hooks.LATE so that they see what the
-- attacker's hooks made of the roll or the damage.
--
-- opts.types (damage.apply: a list of damage types) says the handler does
-- nothing unless the damage has a part of one of them, opts.has (a
-- condition's name or a list) that it does nothing unless the stat block's
-- creature has one of those conditions: the kernel then skips the entry
-- without calling it (the stat block's `on` entry's types and has). An
-- entry has the types (the has) of all its handlers when every handler
-- gives some, else none.
--
-- turn.act hooks that call fight.strike or fight.damage use the "after"
-- phase (see core.5e.tactics): a fight action raised from an earlier phase
-- would leave the engine's reused event record pointing at the strike's
-- last event when the later phases of turn.act run.
local rules = require("rules")
local M = {}

-- handlers test e.cancelled with rawget: an attack event's table reads its
-- other fields through __index, a call for a field no event has.
local rawget = rawget

local PHASE = { ["attack.roll"] = "modify", ["damage.apply"] = "modify", ["damage.roll"] = "result" }
local ONLY = { ["damage.apply"] = "subject", ["creature.down"] = "subject" }

M.default_phase = function(event) return PHASE[event] or "declare" end
M.default_only = function(event) return ONLY[event] or "actor" end

-- LATE is the priority of reactions (after the other creatures' hooks).
M.LATE = 100

-- chain returns one function calling every handler of list in order
-- (after the last one, a cancelled event has nothing left to stop).
local function chain(list)
  local n = #list
  if n == 1 then return list[1].fn end
  return function(e)
    for i = 1, n - 1 do
      list[i].fn(e)
      if rawget(e, "cancelled") then return end
    end
    list[n].fn(e)
  end
end

-- mixed returns one function calling the handlers of list whose role the
-- stat block's creature (the one with tag) holds in the event.
local function mixed(list, tag)
  local n = #list
  local mine = rules.memo() -- creature handle -> whether it has tag (every trial's the same)
  local function is_mine(c)
    if c == nil then return false end
    local v = mine[c]
    if v == nil then
      v = c:has_tag(tag)
      mine[c] = v
    end
    return v
  end
  local pa, pt -- the actor and subject of a mirror match's first call
  return function(e)
    local a, t = e.attacker or e.fighter, e.target
    local actor, subject = is_mine(a), is_mine(t)
    if actor and subject then
      if pa == a and pt == t then
        actor, pa, pt = false, nil, nil
      else
        subject, pa, pt = false, a, t
      end
    elseif not (actor or subject) then
      return
    end
    for i = 1, n do
      local h = list[i]
      local only = h.only
      if only == "either" or (actor and only == "actor") or (subject and only == "subject") then
        h.fn(e)
        if rawget(e, "cancelled") then
          pa, pt = nil, nil
          return
        end
      end
    end
  end
end

-- union is the list of every handler's field key (types, has), or nil
-- when a handler has none.
local function union(list, key)
  local all
  for i = 1, #list do
    local t = list[i][key]
    if t == nil then return nil end
    all = all or {}
    for _, x in ipairs(t) do all[#all + 1] = x end
  end
  return all
end

local marks = 0

-- mark gives stat its marker tag (once) and returns it.
local function mark(stat)
  if stat.hooks_tag then return stat.hooks_tag end
  marks = marks + 1
  local tag = "hooks:" .. marks
  stat.hooks_tag = tag
  stat.tags = stat.tags or {}
  stat.tags[#stat.tags + 1] = tag
  return tag
end

-- add(stat, event, fn [, opts]) adds fn(e) to stat.on[event]; opts.phase
-- and opts.only override the event's defaults, opts.priority places the
-- entry among other creatures' hooks. Returns stat.
function M.add(stat, event, fn, opts)
  local phase = opts and opts.phase or M.default_phase(event)
  local only = opts and opts.only or M.default_only(event)
  local prio = opts and opts.priority
  local types = opts and opts.types
  local has = opts and opts.has
  if type(has) == "string" then has = { has } end
  local on = stat.on
  if on == nil then
    on = {}
    stat.on = on
  end
  local cur = on[event]
  if cur == nil then
    on[event] = { fn = fn, phase = phase, only = only, priority = prio, types = types, has = has,
      list = { { fn = fn, only = only, types = types, has = has } } }
    return stat
  end
  if type(cur) == "function" then
    cur = { fn = cur, phase = M.default_phase(event), only = M.default_only(event) }
  end
  local cphase = cur.phase or M.default_phase(event)
  if cphase ~= phase then
    error(string.format("hooks.add: %s already has a hook in phase %s; cannot add one in phase %s",
      event, cphase, phase), 2)
  end
  local list = {}
  for i, h in ipairs(cur.list or { { fn = cur.fn, only = cur.only or M.default_only(event), types = cur.types,
    has = cur.has } }) do
    list[i] = h
  end
  list[#list + 1] = { fn = fn, only = only, types = types, has = has }
  local same = true
  for i = 2, #list do same = same and list[i].only == list[1].only end
  if prio == nil or (cur.priority and cur.priority > prio) then prio = cur.priority end
  local all, bear = union(list, "types"), union(list, "has")
  if same then
    on[event] = { fn = chain(list), phase = phase, only = list[1].only, priority = prio, types = all, has = bear,
      list = list }
  else
    on[event] = { fn = mixed(list, mark(stat)), phase = phase, only = "either", priority = prio, types = all,
      has = bear, list = list }
  end
  return stat
end

return M
