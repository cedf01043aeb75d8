-- Trip (inventory 3E-TRIP-01..04, Table X-4; 3E-MON-05), and the trip of
-- an overrun's block (3E-OVER-03).
--
-- A trip replaces a melee attack and provokes nothing (Table 8-4): a melee
-- touch attack, then the tripper's Strength check against the defender's
-- Dexterity or Strength check (whichever is better; Ride for a rider),
-- with +4 per size category the tripper is larger (-4 per smaller) and +4
-- to a stable defender. The winner's opponent falls prone; a tripper who
-- loses may be tripped back once (B-20: one counter-trip, no loop).
local rules = require("rules")
local O = require("core.3e.special.opposed")
local A = require("core.3e.special.act")

local M = rules.get("3e.special.trip")
if M then return M end
M = {}

M.names = {
  trip = { en = "Trip", zh = "绊倒" },
  counter_trip = { en = "Trip back", zh = "反绊" },  -- not in source
  trip_rider = { en = "Trip a rider", zh = "绊倒骑马者" },
}

-- check(tripper, defender, opts): the opposed check alone. opts.ride: the
-- defender's Ride modifier (it is mounted). Returns opposed.roll's record.
function M.check(x, y, opts)
  opts = opts or {}
  return O.roll(O.trip_mods(x, y, "attacker", opts), O.trip_mods(y, x, "defender", opts))
end

-- attempt(tripper, defender, opts): the whole trip in a fight.
--   opts.attack     the weapon the touch attack is made with
--   opts.no_touch   no touch attack (a wolf's bite has hit already)
--   opts.no_counter the defender cannot trip back (a wolf's Trip)
--   opts.ride       the defender's Ride modifier (3E-TRIP-04: a rider
--                   resists with Ride and, tripped, falls off its mount)
--   opts.mods       more {value, source} for the tripper
-- Returns {refused} or {touch, check, tripped, counter, tripped_back}.
function M.attempt(x, y, opts)
  opts = opts or {}
  local ok, why = O.size_ok(x, y)
  if not ok then return { refused = why } end
  local out = {}
  if not opts.no_touch then
    out.touch = A.touch(x, y, { attack = opts.attack })
    if not out.touch.hit then
      A.note("%s tries to trip %s: the touch attack misses", A.id(x), A.id(y))
      return out
    end
  end
  out.check = M.check(x, y, opts)
  if out.check.winner == "attacker" then
    out.tripped = true
    A.prone(y)
    if opts.ride then out.dismounted = true end
    A.note("%s trips %s (%d vs %d)", A.id(x), A.id(y), out.check.a, out.check.b)
    return out
  end
  A.note("%s fails to trip %s (%d vs %d)", A.id(x), A.id(y), out.check.a, out.check.b)
  if opts.no_counter then return out end
  -- 3E-TRIP-02: the defender may trip back at once, a Strength check
  -- against the tripper's Dex or Str; no touch attack, and no further
  -- counter
  out.counter = M.check(y, x)
  if out.counter.winner == "attacker" then
    out.tripped_back = true
    A.prone(x)
    A.note("%s trips %s back (%d vs %d)", A.id(y), A.id(x), out.counter.a, out.counter.b)
  end
  return out
end

rules.define("3e.special.trip", M)
return M
