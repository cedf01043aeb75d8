-- Special senses and invisibility (monsters.abilities.senses; DMG-SA-09,
-- DMG-SA-15, DMG-SA-27, DMG-SA-28, DMG-SA-39, DMG-SA-43; T-4, T-5, Table
-- 3-15 [K, recon: SRD 3.5 "Listen Check DCs to Detect Invisible
-- Creatures"]). Functions of plain numbers and of creature tags: the
-- kernel keeps who sees whom (combat.space.sight); these are the rules the
-- scripts ask of it.
local rules = require("rules")
local check = require("check")

local M = rules.get("abilities.senses")
if M then return M end
M = {}

-- ------------------------------------------------------------ vision
-- DMG-SA-15: darkvision sees its range with no light, light does not
-- limit it (60 ft in a 30-ft light radius: 60); black and white; it does
-- not reveal the invisible nor protect from gazes. DMG-SA-28: low-light
-- vision sees twice as far as the light reaches (TV-34).
function M.sight_range(o)
  local lit = o.light or 0
  if o.low_light then lit = 2 * lit end
  return math.max(lit, o.darkvision or 0)
end

-- ------------------------------------------------------------ blindsight
-- DMG-SA-9: it perceives within range by other senses: invisibility and
-- darkness mean nothing; not the ethereal; no colours, no reading; immune
-- to gazes and blinding; deafening stops a hearing-based one; works under
-- water, not in a vacuum. M.blindsight(o) says whether a creature with
-- blindsight of o.range perceives a target at o.distance.
function M.blindsight(o)
  if o.distance > o.range then return false, "out of range" end
  if o.ethereal then return false, "ethereal" end
  if o.vacuum then return false, "vacuum" end
  if o.deafened and o.hearing then return false, "deafened" end
  return true
end
M.blindsight_immune = { gaze = true, blinding = true, invisibility = true, darkness = true }

-- ------------------------------------------------------------ tremorsense
-- DMG-SA-43: it senses what touches the ground within range, the ground
-- continuous between them (the distance along the ground, o.ground_path,
-- when there is no straight path), itself touching the ground, and the
-- target active (any physical activity, a somatic component too).
function M.tremorsense(o)
  if not o.touching_ground or not o.target_on_ground then return false end
  if not o.active then return false end
  local d = o.ground_path or o.distance
  return d ~= nil and d <= o.range
end

-- ------------------------------------------------------------ scent
-- DMG-SA-39 (T-5, TV-44): 30 ft, 60 upwind, 15 downwind; strong scents x2,
-- overpowering x3; it senses presence, a standard action gives the
-- direction (A-56), within 5 ft it pinpoints. Tracking: a Wisdom check (or
-- Wilderness Lore, the better, A-33), DC 10 (20 masked by false odours)
-- +2 an hour; running water ruins the trail for air-breathers.
M.scent_base = { upwind = 60, none = 30, crosswind = 30, downwind = 15 }
M.scent_strength = { normal = 1, strong = 2, overpowering = 3 }
function M.scent_range(wind, strength)
  local b = M.scent_base[wind or "none"]
  local k = M.scent_strength[strength or "normal"]
  if not b or not k then error(string.format("senses.scent_range: wind %q, strength %q", tostring(wind), tostring(strength)), 2) end
  return b * k
end
M.scent_pinpoint = 5
function M.scent(distance, wind, strength)
  if distance <= M.scent_pinpoint then return "pinpointed" end
  if distance <= M.scent_range(wind, strength) then return "sensed" end
  return "none"
end
function M.scent_track_dc(hours, o)
  o = o or {}
  if o.water and not o.water_breather then return nil end
  return (o.masked and 20 or 10) + 2 * hours + (o.adjust or 0)
end
function M.scent_track(bonus, hours, o)
  local dc = M.scent_track_dc(hours, o)
  if not dc then return { success = false, why = "the water ruined the trail" } end
  return check.roll{ mods = { { value = bonus, source = "Wisdom or Wilderness Lore" } }, target = dc }
end

-- ------------------------------------------------------------ invisibility
-- DMG-SA-27 (T-4): Spot notices "something's there" within 30 ft: DC 20
-- active, 30 still, 40 an object, an unliving creature still or an
-- immobile one; +20 to pinpoint (it keeps total concealment). Listen
-- (Table 3-15): its Move Silently result, -4 at full speed, -20 running or
-- charging, 0 in combat or speaking, +1 per 10 ft, +5 behind a door, +15
-- behind stone; +20 to pinpoint.
M.spot_dc = { active = 20, still = 30, immobile = 40 }
function M.spot_invisible(state, pinpoint)
  local dc = M.spot_dc[state]
  if not dc then error(string.format("senses.spot_invisible: state %q (active, still, immobile)", tostring(state)), 2) end
  return dc + (pinpoint and 20 or 0)
end
M.listen_moving = { half = 0, full = -4, running = -20 }
M.listen_obstacle = { none = 0, door = 5, stone = 15 }
function M.listen_invisible(o)
  local dc
  if o.combat or o.speaking then dc = 0 else dc = o.move_silently + (M.listen_moving[o.speed or "half"] or 0) end
  dc = dc + math.floor((o.distance or 0) / 10) + (M.listen_obstacle[o.obstacle or "none"] or 0)
  if o.pinpoint then dc = dc + 20 end
  return dc
end

-- M.locates(sense, target): which senses find an ethereal or incorporeal
-- target: ethereal defeats Spot, Listen, Blind-Fight, scent and
-- blindsight; incorporeal defeats Blind-Fight, scent and blindsight (Spot
-- works, Listen if it makes noise). Scent finds the invisible as if seen.
function M.locates(sense, target)
  if target.ethereal then return false end
  if target.incorporeal then
    if sense == "spot" then return true end
    if sense == "listen" then return target.noisy == true end
    return false
  end
  return true
end

-- Blind-Fight (TV-41): the miss chance rolled twice, a miss only when both
-- say so (M.blind_fight_single: once at half the chance).
function M.blind_fight(chance)
  local a = check.percentile(chance)
  if not a.success then return false, a.roll end
  local b = check.percentile(chance)
  return b.success, a.roll, b.roll
end
function M.blind_fight_single(chance) return math.floor(chance / 2) end

-- M.invisible_miss(where): total concealment (50%) at a known square; in
-- water one-half (20%); at a guessed empty square the DM rolls in secret
-- and says "miss" (the attack cannot hit: nothing is there).
M.invisible_concealment = { known = 50, water = 20 }
M.invisible_gaze = false -- an invisible creature cannot use a gaze attack

rules.define("abilities.senses", M)
return M
