-- Hit points, injury and death (inventory §9, 3E-HP). The kernel keeps the
-- thresholds (the combat table's down: disabled at 0, dying from -1 to -9,
-- dead at -10 (the floor), bleeding 1 hp a round unless a d% of 01-10
-- stabilises, the states as conditions, a massive hit's damage.massive
-- event). This file is the rest: the massive-damage save, stabilising,
-- healing back into the fight, recovery with and without help, natural
-- healing and bed rest, the 3.0 temporary hit points, and a change of
-- Constitution.
local rules = require("rules")
local check = require("check")
local fight = require("fight")
local T = require("core.3e.tables")
local A = require("core.3e.attack")
local saves = require("core.3e.saves")

local M = rules.get("3e.hp")
if M then return M end
M = {}

-- M.state(hp): 3E-HP-02: "normal" (1 or more), "disabled" (0), "dying"
-- (-1 to -9), "dead" (-10 or less).
function M.state(hp)
  if hp >= 1 then return "normal" end
  if hp == T.disabled then return "disabled" end
  if hp > T.dead then return "dying" end
  return "dead"
end

-- M.massive_threshold(c): the damage of one hit that calls for the save:
-- 50 (3E-HP-04); the variant 3e.massive_by_size makes it depend on size
-- (DMG-DAM-03) and lowers the kernel's threshold to its smallest.
function M.massive_threshold()
  return T.massive_damage
end

-- 3E-HP-04: a hit of 50 or more that its target survives: a Fortitude save
-- DC 15 or it dies, whatever its hit points.
rules.on("damage.massive", function(e)
  local c = e.target
  -- DMG-SA-37: subdual damage (a regenerating creature's) never kills so
  if fight.is(c, "dead") or e.nonlethal or e.damage < M.massive_threshold(c) then return end
  -- only a survivor saves: a hit that took it to -10 killed it outright
  if c:get("hp") <= T.dead then return end
  if not saves.roll(c, "fort", T.massive_dc) then
    fight.note(c:get("id") .. " fails the Fortitude save against massive damage and dies")
    fight.kill(c)
  end
end, { phase = "result" })

-- M.in_fight(c): whether c is in the current fight.
local function in_fight(c)
  local ok, v = pcall(fight.is, c, "out")
  return ok, v
end

-- M.stabilize(healer_heal_bonus, c): 3E-HP-08: a Heal check DC 15 (a
-- standard action that provokes) stabilises a dying creature. Returns
-- whether it did.
function M.stabilize(heal_bonus, c)
  if not check.roll({ mods = { heal_bonus }, target = T.heal_dc }).success then return false end
  local ok, out = in_fight(c)
  if ok and out and not fight.is(c, "dead") then fight.stabilize(c) end
  return true
end

-- M.heal(c, n): healing (3E-HP-09/14/15, 3E-SUBD-06): up to the maximum
-- (never the temporary hit points lost, 3E-HP-17), the same amount of
-- subdual damage too; any healing stabilises a dying creature; one healed
-- to 0 or more is conscious again (disabled at 0). Returns the hit points
-- regained.
function M.heal(c, n)
  -- DMG-COND-11: a dead creature cannot regain hit points.
  if c:has("dead") or c:get("hp") <= T.dead then return 0 end
  local rec = M.temp_of(c)
  local cap = rec and rec.base_max or c:get("max_hp")
  local hp = c:get("hp")
  local gain = math.max(0, math.min(n, cap - hp))
  if gain > 0 then c:set("hp", hp + gain) end
  rules.need("3e.subdual").heal_subdual(c, n) -- not what a hazard's cause locks (DMG-ENV)
  local ok, out = in_fight(c)
  if ok then
    fight.sync_hp(c)
    if out and not fight.is(c, "dead") then
      if c:get("hp") >= T.disabled and not c:has("unconscious") then
        fight.revive(c) -- conscious again (disabled at 0)
      elseif n >= 1 and c:get("hp") < T.disabled then
        fight.stabilize(c)
      end
    end
  end
  return gain
end

-- M.recover_hour(c, tended): one hour of a stable creature's recovery
-- (3E-HP-10/11, B-07): d% 01-10 and it wakes, disabled (as at 0 hp); with
-- nobody tending it, any other roll loses 1 hp (it can die so). Returns
-- "awake", "unconscious" or "dead" and the d%.
function M.recover_hour(c, tended)
  local r = check.percentile(T.stabilize_chance)
  if r.success then return "awake", r.roll end
  if tended then return "unconscious", r.roll end
  c:set("hp", math.max(T.dead, c:get("hp") - 1))
  if c:get("hp") <= T.dead then return "dead", r.roll end
  return "unconscious", r.roll
end

-- M.recover_day(c): 3E-HP-11: a conscious, disabled creature with nobody to
-- tend it rolls d% each day: 01-10 it starts recovering naturally (no more
-- loss), else it loses 1 hp. Returns "recovering", "losing" or "dead".
function M.recover_day(c)
  local r = check.percentile(T.stabilize_chance)
  if r.success then return "recovering", r.roll end
  c:set("hp", math.max(T.dead, c:get("hp") - 1))
  if c:get("hp") <= T.dead then return "dead", r.roll end
  return "losing", r.roll
end

-- M.natural(level, bed_rest): 3E-HP-12/13: a day's rest restores 1 hp per
-- level, complete bed rest 1.5 x level (rounded down) (EX-15).
function M.natural(level, bed_rest)
  if bed_rest then return math.floor(level * 3 / 2) end
  return level
end

-- M.ability_heal(bed_rest): 3E-HP-16 (B-08): temporary ability damage heals
-- 1 point a day of light activity, 2 with complete bed rest.
function M.ability_heal(bed_rest)
  return bed_rest and 2 or 1
end

-- M.con_dead(con): 3E-HP-07: Constitution 0 kills.
function M.con_dead(con) return con <= 0 end

-- M.ability_damage(c, ability, n): 3E-DMG-11: temporary ability damage
-- lowers the score (never below 0; it heals at M.ability_heal's pace);
-- Constitution 0 kills (3E-HP-07). Returns the new score.
function M.ability_damage(c, ability, n)
  local ab = c:get("abilities")
  if ab[ability] == nil then error(string.format("no ability %q", tostring(ability)), 2) end
  local v = math.max(0, ab[ability] - n)
  c:set("abilities", { [ability] = v })
  if ability == "con" and M.con_dead(v) then
    local ok = pcall(fight.is, c, "out")
    if ok then fight.kill(c) end
  end
  return v
end

-- The 3.0 temporary hit points (3E-HP-17, B-33): record the hit points,
-- add the temporary ones to them (the maximum rises with them), and when
-- the effect ends drop to the recorded value if above it; lost temporary
-- hit points cannot be healed back (M.heal caps at the real maximum).
local TEMP = {}

function M.temp_of(c) return TEMP[c:get("id")] end

function M.gain_temp(c, n)
  local rec = TEMP[c:get("id")]
  if not rec then
    rec = { recorded = c:get("hp"), base_max = c:get("max_hp") }
    TEMP[c:get("id")] = rec
  end
  c:set("max_hp", c:get("max_hp") + n)
  c:set("hp", c:get("hp") + n)
  return rec.recorded
end

function M.end_temp(c)
  local rec = TEMP[c:get("id")]
  if not rec then return end
  TEMP[c:get("id")] = nil
  if c:get("hp") > rec.recorded then c:set("hp", rec.recorded) end
  c:set("max_hp", rec.base_max)
end

-- M.con_change(c, old_con, new_con, level): 3E-HP-18: a Constitution
-- change (rage, say) changes maximum and current hit points by the change
-- in modifier x level; these are not temporary hit points. When it ends
-- the same amount goes, which may leave the creature dying or dead.
function M.con_change(c, old_con, new_con, level)
  local d = (A.mod(new_con) - A.mod(old_con)) * level
  if d > 0 then
    c:set("max_hp", c:get("max_hp") + d)
    c:set("hp", c:get("hp") + d)
  elseif d < 0 then
    c:set("hp", math.max(T.dead, c:get("hp") + d))
    c:set("max_hp", c:get("max_hp") + d)
  end
  local ok = in_fight(c)
  if ok then fight.sync_hp(c) end
  return d
end

rules.define("3e.hp", M)
return M
