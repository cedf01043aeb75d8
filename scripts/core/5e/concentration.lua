-- Concentration (appendix A [K✓ SRD 5.2, corrected]): some spells and
-- features last only while their creator concentrates. A creature holds
-- one such effect at a time: starting another ends the first. It ends when
-- the creator takes damage and fails a Constitution saving throw of DC
-- max(10, half the damage, rounded down), at most 30; when the creator has
-- the Incapacitated condition or dies; and whenever the creator drops it
-- (no action needed).
--
--   local conc = rules.need("5e.concentration")
--   conc.start(caster, { name = "bless", ends = function(caster, why) ... end })
--   conc.holds(caster)           -- false (and the effect ends) once broken
--   conc.damaged(caster, 12)     -- the Constitution save; returns held, dc
--
-- The creator has the condition "concentrating" (source: the effect's
-- name) while it holds one; the effect's `ends` undoes what it did. In
-- fights a stat block that may concentrate gets hooks (M.watch: the class
-- features with a Concentration spell call it) that roll the save when the
-- creature takes damage, end the effect when it drops, and check it at the
-- start of its turns; outside fights 5e.damage.apply rolls the save. A
-- condition added to the creator by other means (c:add_condition) is
-- noticed the next time anything asks M.holds or M.effect.
local rules = require("rules")
local fight = require("fight")

local M = rules.get("5e.concentration")
if M then return M end
M = {}

-- The effect each creature holds, by creature handle. A fight that starts
-- again from its base state (a new trial) leaves stale entries: an entry
-- counts only while its creature has the condition "concentrating" of the
-- same source.
local held = {}

local function cond() return rules.need("5e.conditions") end

local function note(c, text)
  local ok, info = pcall(fight.info, c)
  if ok and info then fight.note(c:get("id") .. " " .. text) end
end

local function marker(c)
  local list = c:conditions("concentrating")
  return list[1]
end

-- M.dc is the Constitution save's DC for damage taken: half of it, rounded
-- down, at least 10 and at most 30.
function M.dc(damage)
  return math.min(30, math.max(10, math.floor((damage or 0) / 2)))
end

-- current returns c's effect without checking that it still holds.
local function current(c)
  local e = held[c]
  if e == nil then return nil end
  local m = marker(c)
  if m == nil or m.source ~= e.name then
    held[c] = nil
    return nil
  end
  return e
end

-- M.stop ends c's effect (why: "dropped", "damage", "incapacitated",
-- "dead", "replaced"): its `ends` runs, the marker goes. Returns the
-- effect ended, or nil.
function M.stop(c, why)
  local e = current(c)
  held[c] = nil
  c:remove_condition("concentrating")
  if e == nil then return nil end
  if e.ends then e.ends(c, why or "dropped") end
  note(c, "loses Concentration on " .. e.name .. " (" .. (why or "dropped") .. ")")
  return e
end

-- broken says why c can no longer concentrate, or nil.
local function broken(c)
  if cond().has(c, "incapacitated") then return "incapacitated" end
  local ok, info = pcall(fight.info, c)
  if ok and info then
    if info.dead then return "dead" end
    if info.out and not info.fled then return "incapacitated" end
  elseif c:has("dead") then
    return "dead"
  end
  return nil
end

-- M.holds reports whether c still concentrates on an effect, ending it
-- first when c is Incapacitated (Unconscious at 0 HP included) or dead.
function M.holds(c)
  if current(c) == nil then return false end
  local why = broken(c)
  if why then
    M.stop(c, why)
    return false
  end
  return true
end

-- M.effect returns the effect c concentrates on, or nil (checking it
-- holds).
function M.effect(c)
  if not M.holds(c) then return nil end
  return held[c]
end

-- M.start makes c concentrate on effect {name, ends = function(c, why)}:
-- the effect it held before ends ("replaced"). Returns the effect. A
-- creature that cannot concentrate now (Incapacitated, dead) gets an
-- error.
function M.start(c, effect)
  if type(effect) ~= "table" or type(effect.name) ~= "string" then
    error("5e.concentration.start: an effect {name = ..., ends = function} expected", 2)
  end
  local why = broken(c)
  if why then error("5e.concentration.start: " .. c:get("id") .. " cannot concentrate (" .. why .. ")", 2) end
  if current(c) then M.stop(c, "replaced") end
  c:add_condition("concentrating", { source = effect.name })
  held[c] = effect
  return effect
end

-- M.damaged is what taking damage does to c's Concentration: nothing when
-- it holds none or took none; else a Constitution saving throw (5e's fast
-- fight save, core.5e.util.save) against M.dc(damage); a failure ends the
-- effect. Returns held (whether it still concentrates) and the DC.
function M.damaged(c, damage)
  if damage <= 0 or not M.holds(c) then return M.holds(c), nil end
  local dc = M.dc(damage)
  if require("core.5e.util").save(c, "con", dc) then return true, dc end
  M.stop(c, "damage")
  return false, dc
end

-- taken sums what a damage event's parts came to after the target's traits.
local function taken(e)
  local n = 0
  for _, p in ipairs(e.parts or {}) do n = n + (p.taken or p.amount or 0) end
  return n
end

-- M.watch gives a stat block the fight hooks of Concentration (once).
function M.watch(stat)
  if stat.concentration_watched then return stat end
  stat.concentration_watched = true
  local hooks = require("core.5e.hooks")
  hooks.add(stat, "damage.apply", function(e)
    local c = e.target
    if current(c) == nil then return end
    if c:get("hp") <= 0 then
      M.stop(c, "incapacitated")
    else
      M.damaged(c, taken(e))
    end
  end, { phase = "after", only = "subject" })
  hooks.add(stat, "creature.down", function(e)
    if current(e.target) then M.stop(e.target, "incapacitated") end
  end, { phase = "after", only = "subject" })
  hooks.add(stat, "turn.start", function(e)
    if current(e.fighter) then M.holds(e.fighter) end
  end)
  return stat
end

rules.define("5e.concentration", M)
return M
