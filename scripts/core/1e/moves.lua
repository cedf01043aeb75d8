-- Closing, charging and setting weapons (inventory section 12).
local rules = require("rules")

local M = rules.get("1e.moves")
if M then return M end
M = {}

-- 1E-MOVE-01: closing moves at the base rate (inches per round; 10 ft an
-- inch indoors, 10 yd outdoors) with normal actions allowed, but no melee
-- that round. close(gap_ft, move) -> the new gap in feet.
function M.close(gap, move, outdoors)
  local ft = move * (outdoors and 30 or 10)
  return math.max(0, gap - ft)
end

-- 1E-MOVE-02: charge rate: outdoors a biped +33 1/3% and a quadruped +50%,
-- indoors twice the base rate; an encumbered creature cannot charge.
-- Returns the charge move in inches per round, or nil.
function M.charge_rate(move, o)
  o = o or {}
  if o.encumbered then return nil end
  if o.outdoors then
    if o.quadruped then return move * 3 / 2 end
    return move * 4 / 3
  end
  return move * 2
end

-- To strike in the charge round the charger must end within 10 ft.
M.charge_reach_ft = 10
function M.charge_strikes(gap, move, o)
  local rate = M.charge_rate(move, o)
  if not rate then return false, gap end
  local left = math.max(0, gap - rate * ((o and o.outdoors) and 30 or 10))
  return left <= M.charge_reach_ft, left
end

-- 1E-MOVE-03: a charger loses its Dexterity AC bonus; one without a
-- Dexterity bonus is 1 worse; AC 10 is not worsened. ac and dex_ac are the
-- armour class and its Dexterity part (negative is a bonus).
function M.charge_ac(ac, dex_ac)
  if dex_ac < 0 then return ac - dex_ac end
  if ac >= 10 then return ac end
  return ac + 1
end

-- 1E-MOVE-04: at the end of a charge, no new initiative: the longer weapon
-- (or reach) strikes first; a charger that survives the first blow has +2
-- to hit (AMB-10: in the charge round whenever it strikes); one charge per
-- turn (9 rounds between charges); no weapon speed factors.
M.charge_bonus = 2
function M.first_strike(charger_length, other_length)
  if other_length > charger_length then return "defender" end
  if charger_length > other_length then return "charger" end
  return "simultaneous"
end
function M.can_charge(last_charge_round, round)
  if last_charge_round == nil then return true end
  return round - last_charge_round >= 10
end

-- 1E-MOVE-05: a set piercing weapon strikes first against a creature that
-- charges, leaps, pounces or falls onto it, and does double damage: the
-- damage die once, times 2 (TV-11: d8 = 5 -> 10).
M.set_multiplier = 2
function M.set_damage(roll) return roll * M.set_multiplier end
function M.can_set(weapon) return weapon ~= nil and weapon.pierce == true end
M.set_triggers = { charge = true, leap = true, pounce = true, fall = true, rush = true }

rules.define("1e.moves", M)
return M
