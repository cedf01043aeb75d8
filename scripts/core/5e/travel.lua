-- Travel (inventory section 11): marching order, travel pace and its
-- effects, mounted travel, vehicles.
--
--   local tr = require("core.5e.travel")
--   tr.distance("normal", { hours = 8 })          --> 24 (miles)
--   tr.gallop(horse, "normal")                     --> 6 (miles in that hour)
--   tr.check_adv("fast", "wis", {"perception"})    --> -1
local rules = require("rules")

local M = rules.get("5e.travel")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- T-15 Travel pace: distances [K✓ SRD 5.2] (reconstructed from the
-- published book; the seed's table is empty), effects from the seed. The
-- Day column is not 8 x Hour for Fast and Slow: it is data (AMB-17).
M.paces = {
  fast = { en = "Fast", zh = "快速", minute_ft = 400, hour_miles = 4, day_miles = 30,
           adv = { perception = -1, survival = -1, stealth = -1 } },
  normal = { en = "Normal", zh = "正常", minute_ft = 300, hour_miles = 3, day_miles = 24,
             adv = { stealth = -1 } },
  slow = { en = "Slow", zh = "緩慢", minute_ft = 200, hour_miles = 2, day_miles = 18,
           adv = { perception = 1, survival = 1 } },
}

local function pace_of(p)
  local row = M.paces[p]
  if not row then error("unknown travel pace " .. tostring(p) .. " (fast, normal, slow)", 3) end
  return row
end

-- 5E-TRV-06: the DMG limits the paces some terrain allows. This hook
-- returns whether a pace is allowed in a terrain (all of them here); a
-- variant replaces it: rules.wrap("5e.travel.pace_allowed", fn).
rules.define("5e.travel.pace_allowed", function(pace, terrain)
  return true
end)

-- distance returns the miles covered at a pace in {days =, hours =,
-- minutes =} (minutes count in feet / 5280), in the given terrain
-- (opts.terrain, checked by 5e.travel.pace_allowed).
function M.distance(pace, t, opts)
  opts = opts or {}
  local row = pace_of(pace)
  if not rules.need("5e.travel.pace_allowed")(pace, opts.terrain) then
    error("the " .. row.en .. " pace is not possible in " .. tostring(opts.terrain), 2)
  end
  t = t or { days = 1 }
  return (t.days or 0) * row.day_miles + (t.hours or 0) * row.hour_miles
    + (t.minutes or 0) * row.minute_ft / 5280
end

-- feet_per_minute returns the pace's distance in a minute.
function M.feet_per_minute(pace)
  return pace_of(pace).minute_ft
end

-- 5E-TRV-05: the pace's Advantage (+1) or Disadvantage (-1) on the
-- travellers' checks: Fast, Disadvantage on Wis (Perception), Wis
-- (Survival) and Dex (Stealth); Normal, Disadvantage on Dex (Stealth);
-- Slow, Advantage on Wis (Perception) and Wis (Survival).
M.pace_abilities = { perception = "wis", survival = "wis", stealth = "dex" }
function M.check_adv(pace, ability, skills)
  local row = pace_of(pace)
  for _, s in ipairs(skills or {}) do
    local lv = row.adv[s]
    if lv and M.pace_abilities[s] == ability then return lv end
  end
  return 0
end

-- 5E-TRV-04: mounts carry a group twice the distance for one hour (twice
-- the Hour figure, AMB-16); then they need a Short or Long Rest first. The
-- mount's resource "gallop" (refilled by a short rest, and so by a long
-- rest too: see 5e.rest) records it. Returns the miles of that hour.
function M.gallop(mount, pace)
  local row = pace_of(pace)
  local r = mount:resource("gallop")
  if r == nil then
    mount:set_resource("gallop", { max = 1, recharge = "rest", rest = "short" })
    r = mount:resource("gallop")
  end
  if r.current < 1 then
    error("gallop: " .. mount:get("id") .. " needs a Short or Long Rest before doubling its pace again", 2)
  end
  mount:spend("gallop")
  return 2 * row.hour_miles
end

-- 5E-TRV-07: land vehicles choose a pace like walkers. On a waterborne
-- vessel passengers move at its speed, choose no pace (so no pace
-- effects), and it may travel up to 24 hours a day.
M.MAX_VESSEL_HOURS = 24
function M.vessel_distance(mph, hours)
  if hours > M.MAX_VESSEL_HOURS then error("a vessel travels at most 24 hours a day", 2) end
  return mph * hours
end

-- vehicle_pace returns the pace that applies to a vehicle's passengers:
-- the chosen pace on land, nil on water.
function M.vehicle_pace(kind, pace)
  if kind == "water" then return nil end
  pace_of(pace)
  return pace
end

-- 5E-TRV-02: the marching order, an ordered list of the party that
-- scripts read (who is in front meets the trap first). order(list)
-- returns an object with :first(), :last(), :position(c), :move(c, pos),
-- :members().
local Order = {}
Order.__index = Order

function M.order(members)
  local o = setmetatable({ list = {} }, Order)
  for i, m in ipairs(members or {}) do o.list[i] = m end
  return o
end

function Order:members()
  local out = {}
  for i, m in ipairs(self.list) do out[i] = m end
  return out
end
function Order:first() return self.list[1] end
function Order:last() return self.list[#self.list] end
function Order:position(c)
  for i, m in ipairs(self.list) do
    if m == c then return i end
  end
  return nil
end
-- move puts c at position pos (outside combat only).
function Order:move(c, pos, opts)
  if opts and opts.in_combat then error("the marching order changes only outside combat", 2) end
  local i = self:position(c)
  if not i then error("move: not in the marching order", 2) end
  table.remove(self.list, i)
  table.insert(self.list, math.max(1, math.min(pos, #self.list + 1)), c)
  return self
end

rules.define("5e.travel", M)
return M
