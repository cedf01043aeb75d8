-- Tactical aerial movement (DMG 3.0 p.69, Table 3-11; inventory DMG-GRID-09,
-- A-22, TV-26). A flier's manoeuvrability class decides its minimum forward
-- speed, whether it hovers or flies backward, how far it must fly to turn
-- and how much it may turn in one square, its climb and dive angles and
-- speeds, and how far it flies level between a dive and a climb. This file
-- checks one turn's flight, step by step, against those limits and
-- carries the flier's state (altitude, the level distance flown since its
-- last dive, a stall) from turn to turn. The steps are a profile: forward
-- feet, climbs and dives with their forward part, turns, backward flight,
-- hovering; headings are multiples of 45 degrees, as on the grid. Not
-- built: a flight path drawn square by square on the battle map (the
-- kernel's squares are one level tall; fights that play themselves do not
-- fly). See spec/left-out.tsv.
local rules = require("rules")
local grid = require("grid")

local M = rules.get("3e.flight")
if M then return M end
M = {}

-- Table 3-11 [K: reconstructed; cells verified against the SRD 3.5
-- "Maneuverability" table, which agrees with the seed's 3.0 definitions].
-- min_forward: the share of speed a flier must fly forward each turn (0:
-- none); turn = {deg, per_ft} (nil: any); turn_in_place = {deg, cost_ft}
-- (false: cannot; "any": freely); max_turn, up_angle, down_angle in degrees
-- (nil: any); up_speed the multiple of speed climbing (1 full, 0.5 half);
-- down_speed the multiple diving; between: the level feet between a dive
-- and a climb; reverse: "free", the feet it costs, or false.
M.classes = {
  perfect = { min_forward = 0, hover = true, backward = true, reverse = "free", turn = nil, turn_in_place = "any",
              max_turn = nil, up_angle = nil, up_speed = 1, down_angle = nil, down_speed = 2, between = 0 },
  good = { min_forward = 0, hover = true, backward = true, reverse = 5, turn = { 90, 5 }, turn_in_place = { 90, 5 },
           max_turn = nil, up_angle = nil, up_speed = 0.5, down_angle = nil, down_speed = 2, between = 0 },
  average = { min_forward = 0.5, hover = false, backward = false, reverse = false, turn = { 45, 5 },
              turn_in_place = { 45, 5 }, max_turn = 90, up_angle = 60, up_speed = 0.5, down_angle = nil, down_speed = 2,
              between = 5 },
  poor = { min_forward = 0.5, hover = false, backward = false, reverse = false, turn = { 45, 5 }, turn_in_place = false,
           max_turn = 45, up_angle = 45, up_speed = 0.5, down_angle = 45, down_speed = 2, between = 10 },
  clumsy = { min_forward = 0.5, hover = false, backward = false, reverse = false, turn = { 45, 10 },
             turn_in_place = false, max_turn = 45, up_angle = 45, up_speed = 0.5, down_angle = 45, down_speed = 2,
             between = 20 },
}

M.stall_first = 150   -- DMG-GRID-09: the first round of a stall
M.stall_later = 300   -- each failed recovery
M.recover_dc = 20     -- Reflex DC to recover

-- new(class, speed, altitude): a flier's state.
function M.new(class, speed, altitude)
  if not M.classes[class] then
    error(string.format("flight: unknown manoeuvrability %q (perfect, good, average, poor, clumsy)", tostring(class)), 2)
  end
  if type(speed) ~= "number" or speed <= 0 then error("flight: a fly speed > 0 expected", 2) end
  return { class = class, speed = speed, altitude = altitude or 0, heading = 0, level = math.huge, stalled = false,
           backward = false }
end

-- tan of the angle limits, exactly: 45 deg is 1; 60 deg is sqrt(3).
local function steep(rise, run, angle)
  if angle == nil then return false end
  if run == 0 then return rise > 0 end
  return rise / run > math.tan(math.rad(angle)) + 1e-9
end

-- path(forward, rise): the feet flown along a climb or dive, by the 3.0
-- grid's 5-10-5 diagonals (the kernel's measure).
local function path(forward, rise)
  return grid.distance({ 0, 0, 0 }, { forward / 5, 0, rise / 5 }, { diagonal = "alternate" })
end

-- turn(f, steps): checks one turn's flight. Each step is one of
-- {forward = ft}, {forward = ft, up = ft}, {forward = ft, down = ft},
-- {turn = deg} (after flying forward), {turn = deg, in_place = true},
-- {back = ft}, {hover = true}. Returns {ok, why, step, used, forward}: the
-- first illegal step (ok false, why naming the rule) or the movement used
-- and the feet flown forward; on success the state f moves on (altitude,
-- heading, level distance since the last dive) and, when the flier fell
-- short of its minimum forward speed in the air, f.stalled (stall() then
-- applies).
function M.turn(f, steps)
  local k = M.classes[f.class]
  if not k then error("flight.turn: a flier from flight.new expected", 2) end
  if f.stalled then return { ok = false, why = "stalled", step = 1, used = 0, forward = 0 } end
  local used, fwd, since, level, alt, heading, back = 0, 0, 0, f.level, f.altitude, f.heading, f.backward
  local hovered = false
  local function fail(i, why) return { ok = false, why = why, step = i, used = used, forward = fwd } end
  for i, s in ipairs(steps) do
    if type(s) ~= "table" then error(string.format("flight.turn: step %d must be a table", i), 2) end
    for _, key in ipairs({ "forward", "up", "down", "back" }) do
      local v = s[key]
      if v ~= nil and (type(v) ~= "number" or v < 0 or v % 5 ~= 0) then
        error(string.format("flight.turn: step %d: %s must be feet >= 0 in 5-ft squares, got %s", i, key, tostring(v)), 2)
      end
    end
    if s.turn then
      if s.turn % 45 ~= 0 then error(string.format("flight.turn: step %d: turns go by 45 degrees", i), 2) end
      local deg = math.abs(s.turn)
      if s.in_place then
        local tip = k.turn_in_place
        if not tip then return fail(i, "no_turn_in_place") end
        if tip ~= "any" then used = used + math.ceil(deg / tip[1]) * tip[2] end
      elseif k.turn then
        if k.max_turn and deg > k.max_turn then return fail(i, "max_turn") end
        if deg > math.floor(since / k.turn[2]) * k.turn[1] then return fail(i, "turn_distance") end
        since = 0
      end
      heading = (heading + s.turn) % 360
    elseif s.hover then
      if not k.hover then return fail(i, "no_hover") end
      hovered = true
    elseif s.back then
      if not k.backward then return fail(i, "no_backward") end
      if not back and type(k.reverse) == "number" then used = used + k.reverse end
      back = true
      used = used + s.back
    else
      local ahead, up, down = s.forward or 0, s.up or 0, s.down or 0
      if up > 0 and down > 0 then
        error(string.format("flight.turn: step %d: up or down, not both", i), 2)
      end
      back = false
      if up > 0 then
        if level < k.between then return fail(i, "between_down_and_up") end
        if steep(up, ahead, k.up_angle) then return fail(i, "up_angle") end
        used = used + path(ahead, up) / k.up_speed
        alt = alt + up
      elseif down > 0 then
        if steep(down, ahead, k.down_angle) then return fail(i, "down_angle") end
        used = used + path(ahead, down) / k.down_speed
        alt = math.max(0, alt - down)
        level = 0
      else
        used = used + ahead
        level = level + ahead
      end
      fwd, since = fwd + ahead, since + ahead
    end
    if used > f.speed + 1e-9 then return fail(i, "speed") end
  end
  f.altitude, f.heading, f.level, f.backward = alt, heading, level, back
  f.hovering = hovered
  if alt > 0 and fwd < k.min_forward * f.speed then f.stalled = true end
  return { ok = true, used = used, forward = fwd, stalled = f.stalled }
end

-- land(f): a flier that cannot keep its minimum forward speed but is low
-- enough lands instead of stalling (altitude 0).
function M.land(f)
  f.altitude, f.stalled = 0, false
end

-- fall(f, feet, c): the flier drops; on reaching the ground a creature c
-- takes falling damage (core/3e/environment.lua's fall, DMG-ENV-17).
local function fall(f, feet, c)
  local from = f.altitude
  f.altitude = math.max(0, from - feet)
  local out = { fell = from - f.altitude, altitude = f.altitude, ground = f.altitude == 0 }
  if out.ground then
    f.stalled = false
    if c then
      local env = rules.get("3e.environment")
      if not env then error("flight: falling damage needs core/3e/environment.lua (DMG-ENV-17)", 3) end
      out.damage = env.fall(c, out.fell)
    end
  end
  return out
end

-- stall(f, c): DMG-GRID-09: the round a flier stalls it falls 150 ft
-- (falling damage if it reaches the ground).
function M.stall(f, c)
  if not f.stalled then error("flight.stall: the flier has not stalled", 2) end
  return fall(f, M.stall_first, c)
end

-- recover(f, c, save): on each later turn a stalled flier makes a Reflex
-- save, DC 20: success, it flies on; failure, it falls another 300 ft.
-- save(dc) makes the save (default: core/3e/saves.lua's roll for creature
-- c). Returns {recovered, fell, altitude, ground, save}.
function M.recover(f, c, save)
  if not f.stalled then error("flight.recover: the flier has not stalled", 2) end
  local ok, r
  if save then ok, r = save(M.recover_dc) else ok, r = require("core.3e.saves").roll(c, "ref", M.recover_dc) end
  if ok then
    f.stalled = false
    return { recovered = true, fell = 0, altitude = f.altitude, ground = false, save = r }
  end
  local out = fall(f, M.stall_later, c)
  out.recovered, out.save = false, r
  return out
end

rules.define("3e.flight", M)
return M
