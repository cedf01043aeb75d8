-- Miniatures, the grid, areas and movement (DMG 3.0 chapter 3, pages 67-70,
-- inventory dmg-running-the-game.md §7, DMG-GRID). The geometry is the
-- kernel's (runtime/grid); the 3.0 DMG's inside rules for areas are the
-- combat table's space.areas (combat.lua: bursts and emanations "mostly
-- inside", cones and lines counted), so fight.area and grid.area follow
-- them everywhere. This file holds the DMG's numbers and rulings on top:
-- scale, Table 3-10, who may be targeted, splash landings, area aims
-- (intersections), movement modes, squeezing past allies, the
-- pursuit rule and why an attack missed. Flight is flight.lua.
local rules = require("rules")
local T = require("core.3e.tables")
local move = require("core.3e.move")

local M = rules.get("3e.grid")
if M then return M end
M = {}

-- DMG-GRID-01: an inch of map is 5 ft; a 30 mm figure is a human-sized
-- (Medium-size) creature.
M.scale = { square_ft = T.square, inch_ft = 5, figure_mm = 30, figure_size = "medium" }

-- DMG-GRID-02, Table 3-10 [K: reconstructed, verified against the 3.0 PHB
-- Table 8-7, which tables.lua holds as face_rows: one table, read here]:
-- the squares a size fills (a fraction below one square) and its natural
-- reach, tall or long.
function M.table_3_10(size, shape)
  local key = size
  if T.face[size] == nil then key = size .. "_" .. (shape or "tall") end
  local r = T.face[key]
  if not r then error(string.format("table_3_10: no row for %s (%s)", tostring(size), tostring(shape)), 2) end
  local side = T.square
  return { squares = (r.w / side) * (r.l / side), w = r.w, l = r.l, reach = r.reach }
end

-- DMG-GRID-03: what a caster or shooter may do at a target on the map:
-- sight first (a line from centre to centre that nothing blocks); a
-- fully blocked line allows neither spells nor ranged attacks; a partly
-- blocked one leaves spells as they are and gives a ranged attack the
-- target's cover (3E-COVER, the kernel's corner count). kind is "spell"
-- or "ranged". Returns {ok, cover, ac} (ac: the cover's AC bonus against
-- a ranged attack).
function M.targeting(from, target, kind)
  if kind ~= "spell" and kind ~= "ranged" then
    error(string.format("targeting: kind must be \"spell\" or \"ranged\", got %s", tostring(kind)), 2)
  end
  local fight = require("fight")
  local degree, fx = fight.cover(target, from)
  if degree == "total" or not fight.sees(from, target) then return { ok = false, cover = degree or "total", ac = 0 } end
  if kind == "spell" then return { ok = true, cover = degree, ac = 0 } end
  return { ok = true, cover = degree, ac = fx and fx.ac or 0 }
end

-- DMG-GRID-04: a splash weapon that misses lands 1d6 ft (+1 per range
-- increment) off, the splash centred on the square it lands in
-- (special/splash.lua: miss, landing, splashed). landing_square(point):
-- the square {x, y} a landing point in feet lies in.
function M.landing_square(point)
  return { x = math.floor(point.x / T.square), y = math.floor(point.y / T.square) }
end

-- DMG-GRID-05: a burst is centred on a grid intersection the caster
-- picks. corners(c): the intersections at the corners of creature c's
-- space, {x, y, corner = true} each (north-west first, clockwise), the
-- points an aim at c can use.
function M.corners(c)
  local fight = require("fight")
  local p = fight.pos(c)
  if not p then error("corners: the creature is not on the map", 2) end
  local sp = c:get("space") or { w = 1, h = 1 }
  local w, h = math.max(1, sp.w or 1), math.max(1, sp.h or 1)
  return { { x = p.x, y = p.y, corner = true }, { x = p.x + w, y = p.y, corner = true },
           { x = p.x + w, y = p.y + h, corner = true }, { x = p.x, y = p.y + h, corner = true } }
end

-- DMG-GRID-08: special movement uses the ordinary movement actions with
-- the mode's speed: a shark runs while swimming (4 x its swim speed), a
-- creature under fly charges through the air (2 x its fly speed).
-- speeds: {land = 30, swim = 60, fly = 90, climb = ...} (a stat block's
-- speeds, or a number for land).
function M.mode_distance(action, speeds, mode, heavy)
  mode = mode or "land"
  local speed = type(speeds) == "number" and (mode == "land" and speeds or nil) or (speeds or {})[mode]
  if not speed then
    error(string.format("mode_distance: no %s speed (the creature's speeds: land, swim, fly, climb, burrow)",
      tostring(mode)), 2)
  end
  return move.multiple(action, speed, heavy)
end

-- DMG-GRID-08: a move may change mode part way (a rogue climbs down a low
-- wall and walks on): legs {{mode, feet}...} spend one action's movement
-- in turn, each leg a share feet / (that mode's action distance) of it.
-- Returns whether the legs fit and the share used (1 = all of it).
function M.mixed_move(action, speeds, legs)
  local used = 0
  for i, leg in ipairs(legs) do
    if type(leg.feet) ~= "number" or leg.feet < 0 then
      error(string.format("mixed_move: leg %d needs feet >= 0", i), 2)
    end
    used = used + leg.feet / M.mode_distance(action, speeds, leg.mode)
  end
  return used <= 1 + 1e-9, used
end

-- DMG-GRID-11 [DM option]: in a 5-ft corridor the DM may let a creature
-- squeeze past its allies; the kernel lets a creature move through
-- friends' squares (combat.space.pass) but not end there, so a cleric can
-- reach a dying fighter behind its friends. Off, allies block like walls
-- (the DM's other choice): squeeze_past_allies(false) marks every
-- creature of c's side but c as an obstacle for c's next path (the
-- kernel's "fills_space" tag blocks passing).
M.squeeze_past_allies = true
function M.path(c, to, opts)
  local fight = require("fight")
  if M.squeeze_past_allies then return fight.path(c, to, opts) end
  local tagged = {}
  for _, a in ipairs(fight.allies(c)) do
    if a ~= c and not a:has_tag("fills_space") then
      a:add_tag("fills_space")
      tagged[#tagged + 1] = a
    end
  end
  local ok, r = pcall(fight.path, c, to, opts)
  for _, a in ipairs(tagged) do a:remove_tag("fills_space") end
  if not ok then error(r, 0) end
  return r
end

-- DMG-GRID-10 (A-23): a chase. The faster creature always wins; at equal
-- speeds, after opts.rounds (a DM setting, default 3: our suggestion, not
-- the book's) rounds, opposed Dex checks (Con checks for a long chase,
-- opts.long) decide: the fleer wins and escapes, or the pursuer catches
-- up. fleer and pursuer: {speed, dex, con} (scores). Returns {escaped,
-- how ("faster", "slower", "dex", "con"), check}.
M.chase_rounds = 3
function M.chase(fleer, pursuer, opts)
  opts = opts or {}
  for _, who in ipairs({ { fleer, "fleer" }, { pursuer, "pursuer" } }) do
    if type(who[1]) ~= "table" or type(who[1].speed) ~= "number" then
      error(string.format("chase: the %s needs a speed", who[2]), 2)
    end
  end
  if fleer.speed > pursuer.speed then return { escaped = true, how = "faster" } end
  if fleer.speed < pursuer.speed then return { escaped = false, how = "slower" } end
  local ab = opts.long and "con" or "dex"
  local opposed = require("core.3e.special.opposed")
  local attack = require("core.3e.attack")
  local function mods(x)
    if type(x[ab]) ~= "number" then error(string.format("chase: an equal-speed chase needs both %s scores", ab), 3) end
    return { { attack.mod(x[ab]), ab } }
  end
  -- the fleer makes the check, the pursuer opposes it (a tie: the higher
  -- modifier, the kernel's 3.0 rule)
  local r = opposed.roll(mods(fleer), mods(pursuer))
  return { escaped = r.winner == "attacker", how = ab, check = r, rounds = opts.rounds or M.chase_rounds }
end

-- DMG-GRID-12: why an attack missed, for the narration: a total that
-- reaches the target's touch AC but not its AC was stopped by armour,
-- shield or natural armour ("the armour stopped it"), not dodged.
function M.miss_reason(total, ac, touch_ac)
  if total >= ac then return nil end
  if touch_ac and total >= touch_ac then return "armor" end
  return "missed"
end

-- why_missed(r, ac_types): miss_reason for a strike record r (fight.strike)
-- against a target whose armour class by type is ac_types (its 3.0 stat
-- block's, statblock.lua; core/3e/ac.lua gives AC and touch AC); nil when
-- the strike hit, "missed" on a natural 1.
function M.why_missed(r, ac_types)
  if r.hit then return nil end
  if r.natural == 1 then return "missed" end
  if type(ac_types) ~= "table" then error("why_missed: the target's ac_types (its stat block's) expected", 2) end
  local a = require("core.3e.ac").of(ac_types)
  return M.miss_reason(r.total, a.ac, a.touch)
end

rules.define("3e.grid", M)
return M
