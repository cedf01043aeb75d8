-- Opposed checks of the 3.0 special attacks (3E-BULL-03, 3E-TRIP-01/02,
-- 3E-DISARM-01, 3E-GRAP-01/10, 3E-SUNDER-01; Table X-4): the modifiers
-- each side adds and the roll. A tie goes to the higher modifier, and
-- with equal modifiers both roll again ([K] PHB 3.0, opposed checks),
-- which is the kernel's "modifier" tie policy.
local rules = require("rules")
local check = require("check")
local T = require("core.3e.special.tables")
local W = require("core.3e.special.who")

local M = rules.get("3e.special.opposed")
if M then return M end
M = {}

M.tie = "modifier"

-- mods(list) -> a check spec's modifier list from {value, source} pairs,
-- dropping zeros (so the record names only what counted).
local function mods(list)
  local out = {}
  for _, m in ipairs(list) do
    if m[1] ~= 0 then out[#out + 1] = { value = m[1], source = m[2] } end
  end
  if #out == 0 then out[1] = { value = 0, source = "none" } end
  return out
end
M.mods = mods

local function sum(list)
  local n = 0
  for _, m in ipairs(list) do n = n + m[1] end
  return n
end
M.sum = sum

-- roll(a, b): an opposed d20 check between two modifier lists
-- ({{value, source}...}). Returns {winner = "attacker"|"defender", margin,
-- a = total, b = total, a_natural, b_natural, a_mod, b_mod}.
function M.roll(a, b)
  local r = check.opposed({ mods = mods(a) }, { mods = mods(b) }, { tie = M.tie })
  return {
    winner = r.winner == "initiator" and "attacker" or "defender",
    margin = r.margin, how = r.how,
    a = r.a and r.a.total, b = r.b and r.b.total,
    a_natural = r.a and r.a.natural, b_natural = r.b and r.b.natural,
    a_mod = sum(a), b_mod = sum(b),
  }
end

-- roll_many(a, list): one side's check against several others'
-- (escaping several grapplers, 3E-GRAP-10): a wins only if it beats every
-- one of them. A tie with one of them goes to the higher modifier; equal
-- modifiers roll that pair again. Returns {winner, beaten = n, a, b = {totals}}.
function M.roll_many(a, list)
  local beaten = 0
  local out = { b = {} }
  local a_total = check.roll{ mods = mods(a) }.total
  out.a = a_total
  local am = sum(a)
  for i, b in ipairs(list) do
    local bm = sum(b)
    local guard = 0
    while true do
      local bt = check.roll{ mods = mods(b) }.total
      out.b[i] = bt
      if a_total ~= bt then
        if a_total > bt then beaten = beaten + 1 end
        break
      end
      if am ~= bm then
        if am > bm then beaten = beaten + 1 end
        break
      end
      guard = guard + 1
      if guard > 100 then error("opposed check still tied after 100 rounds") end
      a_total = check.roll{ mods = mods(a) }.total
      out.a = a_total
    end
  end
  out.beaten = beaten
  out.winner = beaten == #list and "attacker" or "defender"
  return out
end

-- size_ok(attacker, defender [, limit]): whether the defender is small
-- enough for a bull rush, trip or overrun. B-16: at most one category
-- larger; any smaller size is allowed (M.size_reading = "pHB"); with
-- M.size_reading = "seed" the defender must also be at most one smaller.
M.size_reading = "phb"
function M.size_ok(attacker, defender)
  local d = W.rank(defender) - W.rank(attacker)
  if d > 1 then return false, "the defender is more than one size category larger" end
  if M.size_reading == "seed" and d < -1 then return false, "the defender is more than one size category smaller" end
  return true
end

-- 3E-BULL-03: each side's Strength check: Str modifier, +4 per category
-- above Medium-size (-4 per category below), +2 to a charging attacker,
-- +4 to a stable defender.
function M.bull_rush_mods(x, role, opts)
  local list = { { W.mod(x, "str"), "Str" }, { T.opposed.bull_rush(W.size(x)), "size" } }
  if role == "attacker" and opts and opts.charging then list[#list + 1] = { 2, "charging" } end
  if role == "defender" and W.stable(x) then list[#list + 1] = { T.opposed.stability, "stability" } end
  if opts and opts.mods then for _, m in ipairs(opts.mods) do list[#list + 1] = m end end
  return list
end

-- 3E-BULL-04: how far a winning bull rush pushes: 5 ft, and when the
-- attacker follows, 5 ft more per 5 full points of margin, within the
-- attacker's movement left (opts.movement, feet; nil: unlimited).
function M.push_distance(margin, opts)
  opts = opts or {}
  local ft = 5
  if opts.follow then ft = ft + 5 * math.floor(margin / 5) end
  if opts.movement then ft = math.min(ft, math.max(5, opts.movement)) end
  return ft
end

-- 3E-TRIP-01: the tripper's Strength check (+4 per category larger than
-- the defender, -4 per smaller); the defender's Dex or Str check,
-- whichever modifier is higher, +4 when stable, or its Ride check when it
-- is mounted (3E-TRIP-04: opts.ride, the defender's Ride modifier).
function M.trip_mods(x, y, role, opts)
  opts = opts or {}
  if role == "attacker" then
    local list = { { W.mod(x, "str"), "Str" }, { T.opposed.trip(W.size(x), W.size(y)), "size" } }
    if opts.mods then for _, m in ipairs(opts.mods) do list[#list + 1] = m end end
    return list
  end
  if opts.ride then return { { opts.ride, "Ride" } } end
  local s, d = W.mod(x, "str"), W.mod(x, "dex")
  local list = s >= d and { { s, "Str" } } or { { d, "Dex" } }
  if W.stable(x) then list[#list + 1] = { T.opposed.stability, "stability" } end
  return list
end

-- 3E-DISARM-01: each side's attack roll with its weapon: its attack bonus
-- (opts.attack), +4 per size category its weapon is larger than the
-- other's, +4 to a defender wielding its weapon in two hands, +10 to
-- resist with a locked gauntlet (3E-DISARM-02).
function M.disarm_mods(role, o)
  local list = { { o.attack or 0, "attack" }, { T.opposed.disarm(o.weapon_size or "medium", o.other_size or "medium"), "weapon size" } }
  if role == "defender" and o.two_handed then list[#list + 1] = { T.opposed.two_handed, "two-handed" } end
  if role == "defender" and o.locked then list[#list + 1] = { 10, "locked gauntlet" } end
  return list
end

rules.define("3e.special.opposed", M)
return M
