-- Dice as the 5e rules use them (inventory sections 1 and 2): NdX +- M
-- through the dice module, percentile dice and d3 entered from physical
-- dice, percentage chances, random tables, damage dice, and rounding down.
--
--   local rolls = require("core.5e.rolls")
--   rolls.d100(7, 1) --> 71          rolls.d3(5) --> 3
--   rolls.chance(5).success          rolls.damage("greataxe", 3)
local rules = require("rules")
local dice = require("dice")
local check = require("check")

local M = rules.get("5e.rolls")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- 5E-DICE-01: the dice of the game (d100 and d3 are rolled with the others).
M.dice = { "d4", "d6", "d8", "d10", "d12", "d20", "d100", "d3" }

-- roll rolls NdX +- M notation ("3d8 + 5") and returns dice.roll's record.
function M.roll(expr)
  return dice.roll(expr)
end

-- 5E-GEN-03 [K✓ SRD 5.2]: a fraction is rounded down, even .5 and above,
-- negative numbers included (floor, not truncation), unless a rule says to
-- round up (5E-DICE-03).
function M.round_down(x)
  return math.floor(x)
end

function M.half(n)
  return math.floor(n / 2)
end

-- 5E-DICE-02: d100 from two ten-sided dice entered by hand. tens is the
-- tens die: a face 0-9, or a number 10-90 or the string "00" from a die
-- marked in tens; ones is 0-9. Two zeros make 100.
function M.d100(tens, ones)
  local t
  if type(tens) == "string" then
    t = tonumber(tens)
  elseif tens <= 9 then
    t = tens * 10
  else
    t = tens
  end
  if t == nil or t < 0 or t > 90 or t % 10 ~= 0 or ones < 0 or ones > 9 or ones ~= math.floor(ones) then
    error("d100: tens 0-9 (or 00, 10 ... 90) and ones 0-9 expected, got " .. tostring(tens) .. ", " .. tostring(ones), 2)
  end
  local v = t + ones
  if v == 0 then return 100 end
  return v
end

-- 5E-DICE-03: 1d3 from a d6 face: divide by 2 and round up (the explicit
-- exception to rounding down).
function M.d3(d6)
  if d6 < 1 or d6 > 6 or d6 ~= math.floor(d6) then error("d3: a d6 face 1-6 expected, got " .. tostring(d6), 2) end
  return math.ceil(d6 / 2)
end

-- roll_d3 rolls a d6 and reads it as a d3 (the way a table without a
-- three-sided die does it).
function M.roll_d3()
  return M.d3(dice.total("1d6"))
end

-- 5E-DICE-05: "an X% chance": roll d100; it happens on X or less.
function M.chance(pct, opts)
  return check.percentile(pct, opts)
end

-- 5E-DICE-04: a random table. The leftmost column's header names the die
-- (d10, d100); roll it and read across the row whose number or range
-- holds the result. src is the table's text or check.table's {die, rows}.
function M.table(src, opts)
  return check.table(src, opts)
end

-- 5E-DICE-06: weapons, spells and monster abilities state their own damage
-- dice. The seed's examples; more are added with rules.merge("5e.rolls",
-- {damage_dice = ...}) or by giving the notation.
M.damage_dice = {
  dagger = { dice = "1d4", type = "piercing", en = "Dagger", zh = "匕首" },
  greataxe = { dice = "1d12", type = "slashing", en = "Greataxe", zh = "大斧" },
  fireball = { dice = "8d6", type = "fire", en = "Fireball", zh = "火球術" },
}

-- damage rolls the damage of a named weapon or spell (or a notation) with
-- an optional modifier; it never goes below 0 (5E-DMG-01).
function M.damage(what, mod)
  local d = M.damage_dice[what]
  local expr = d and d.dice or what
  if mod and mod ~= 0 then
    expr = expr .. (mod > 0 and " + " or " - ") .. math.abs(mod)
  end
  local r = dice.roll(expr)
  r.type = d and d.type
  if r.total < 0 then r.total = 0 end
  return r
end

rules.define("5e.rolls", M)
return M
