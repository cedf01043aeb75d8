-- Attack rolls (inventory §5, 3E-ATK) and damage bonuses (§6, 3E-DMG): the
-- attack bonus of melee and ranged attacks, iterative attacks from the base
-- attack bonus, the range penalty, two-weapon fighting, natural weapons,
-- the Strength bonus to damage, multiplying damage. statblock.lua builds a
-- creature's kernel attacks with these; the kernel rolls them (the combat
-- table: d20 + bonus >= AC, natural 1 and 20, threat and confirmation,
-- multiplied damage, extra dice once).
local rules = require("rules")
local check = require("check")
local dice = require("dice")
local T = require("core.3e.tables")
local ac = require("core.3e.ac")

local M = rules.get("3e.attack")
if M then return M end
M = {}

-- M.mod(score): an ability modifier (floor((score - 10) / 2)).
function M.mod(score)
  return math.floor(((score or 10) - 10) / 2)
end

-- M.size_mod(size): Table X-1 (3E-ATK-04); an unknown size is an error.
function M.size_mod(size)
  local v = T.size_mod[size or "medium"]
  if v == nil then
    error(string.format("unknown size %q (known: %s)", tostring(size), table.concat(T.sizes, ", ")), 2)
  end
  return v
end

-- M.bonus(spec): the attack bonus of one attack (3E-ATK-02/03/24): base
-- attack bonus + Str (melee) or Dex (ranged) + size + the other bonuses,
-- typed ({value, type}: one bonus of a type counts, the highest, dodge and
-- untyped excepted) or plain numbers (untyped). spec: bab, str, dex (the
-- ability modifiers), size, ranged, bonuses = {...}. Returns the bonus and
-- the check modifiers as counted.
function M.bonus(spec)
  local mods = {
    { value = spec.bab or 0, type = "untyped", source = "base attack bonus" },
    { value = spec.ranged and (spec.dex or 0) or (spec.str or 0), type = "untyped",
      source = spec.ranged and "Dex" or "Str" },
    { value = M.size_mod(spec.size), type = "size", source = "size" },
  }
  for _, b in ipairs(spec.bonuses or {}) do
    if type(b) == "number" then
      mods[#mods + 1] = { value = b, type = "untyped" }
    else
      ac.check_type(b.type or "untyped", "attack bonus")
      mods[#mods + 1] = { value = b.value, type = b.type or "untyped", source = b.source }
    end
  end
  return check.stack(mods, ac.stacking)
end

-- M.iterative(bab): the base attack bonuses of a full attack (3E-ATK-13,
-- 3E-ACTION-14): +6 gives +6/+1, +11 gives +11/+6/+1, each 5 lower, while
-- they stay at +1 or more [K: PHB 3.0 Table 3-1]; at least one.
function M.iterative(bab)
  local out = { bab }
  local b = bab - 5
  while b >= 1 do
    out[#out + 1] = b
    b = b - 5
  end
  return out
end

-- M.range_penalty(distance, increment): -2 per full range increment
-- (3E-ATK-05); nil when beyond the maximum of max_increments (10 for
-- projectiles, 5 for thrown weapons: 3E-ATK-06).
function M.range_penalty(distance, increment, max_increments)
  max_increments = max_increments or T.max_increments.projectile
  if distance > increment * max_increments then return nil end
  return T.range_penalty * math.floor(distance / increment)
end

-- M.twf(opts): Table 8-2 (3E-ATK-20/22): the primary and off-hand
-- penalties of fighting with two weapons, opts.light (the off-hand weapon
-- is light, or a double weapon), opts.ambidexterity, opts.two_weapon
-- (the feats). The formula the table follows, row by row.
function M.twf(opts)
  opts = opts or {}
  local l, a, t = opts.light and 1 or 0, opts.ambidexterity and 1 or 0, opts.two_weapon and 1 or 0
  return -6 + 2 * l + 2 * t, -10 + 2 * l + 4 * a + 2 * t
end

-- M.light(weapon_size, wielder_size): a weapon is light when it is one
-- size smaller than its wielder (3E-ATK-21); unarmed strikes always are.
function M.light(weapon_size, wielder_size, unarmed)
  if unarmed then return true end
  local rank = {}
  for i, s in ipairs(T.sizes) do rank[s] = i end
  return rank[weapon_size] ~= nil and rank[wielder_size] ~= nil and rank[weapon_size] < rank[wielder_size]
end

-- M.str_damage(str, how): the Strength modifier to damage (3E-DMG-02..06):
-- "melee" and "thrown" add it; "two_handed" adds 1.5 x a bonus (not for a
-- light weapon: "light_two_handed" adds 1 x); "off_hand" adds 0.5 x a
-- bonus; a penalty always counts in full; "bow" and "sling" add only a
-- penalty; "crossbow" adds nothing. Rounded down.
function M.str_damage(str, how)
  how = how or "melee"
  if how == "crossbow" then return 0 end
  if str < 0 then return str end
  if how == "bow" or how == "sling" then return 0 end
  if how == "two_handed" then return math.floor(str * 3 / 2) end
  if how == "off_hand" then return math.floor(str / 2) end
  if how == "melee" or how == "thrown" or how == "light_two_handed" then return str end
  error(string.format("str_damage: unknown use %q (melee, thrown, two_handed, light_two_handed, off_hand, bow, sling, crossbow)", tostring(how)), 2)
end

-- M.multiplier(list): several damage multipliers combined (3E-DMG-10):
-- each adds what it adds beyond 1, so x2 and x2 make x3, x2 and x3 x4.
function M.multiplier(list)
  local m = 1
  for _, x in ipairs(list) do m = m + (x - 1) end
  return m
end

-- M.damage_expr(dice_expr, mod, times, extra): the damage of a hit as a
-- dice expression: a critical or other multiple rolls the weapon's dice
-- and its modifiers times times (3E-DMG-08: Krusk's greataxe x3 is
-- 3d12+12); extra dice (sneak attack, flaming) are added once (3E-DMG-09).
function M.damage_expr(dice_expr, mod, times, extra)
  times = times or 1
  local n, rest = string.match(dice_expr, "^(%d*)(d%d+)$")
  if not n then error("damage_expr: plain NdX expected, got " .. tostring(dice_expr), 2) end
  n = tonumber(n ~= "" and n or "1") * times
  local s = n .. rest
  if mod ~= 0 then s = s .. string.format("%+d", mod * times) end
  if extra and extra ~= "" then s = s .. "+" .. extra end
  return s
end

-- M.roll_damage(dice_expr, mod, times, extra): rolls M.damage_expr and
-- applies the least damage of 1 (3E-DMG-07).
function M.roll_damage(dice_expr, mod, times, extra)
  return math.max(1, dice.total(M.damage_expr(dice_expr, mod, times, extra)))
end

-- M.crit(spec): the critical range and multiplier of a weapon,
-- "19-20/x2", "x3", "18-20" or {threat = 19, mul = 2} (3E-ATK-09..11);
-- returns the lowest threatening face and the multiplier (20 and x2 when
-- nothing is said).
function M.crit(spec)
  if spec == nil then return 20, 2 end
  if type(spec) == "table" then return spec.threat or 20, spec.mul or 2 end
  local lo, mul = string.match(spec, "^(%d+)%-20/x(%d+)$")
  if lo then return tonumber(lo), tonumber(mul) end
  lo = string.match(spec, "^(%d+)%-20$")
  if lo then return tonumber(lo), 2 end
  mul = string.match(spec, "^x(%d+)$")
  if mul then return 20, tonumber(mul) end
  error(string.format("crit %q: want \"19-20/x2\", \"19-20\" or \"x3\"", spec), 2)
end

-- M.face_value(natural): what a natural face counts as in the total (itself;
-- the variant 3e.no_auto_hits counts 1 as -10 and 20 as 30).
function M.face_value(natural) return natural end

-- M.hits(natural, total, target_ac, threat): the outcome of an attack roll
-- (3E-ATK-01/08/10): a natural 1 misses, a natural 20 hits, else total >=
-- AC; a hit whose natural die is within the threat range threatens (a miss
-- never does). Returns hit, threat.
function M.hits(natural, total, target_ac, threat)
  local hit = natural ~= 1 and (natural == 20 or total >= target_ac)
  return hit, hit and natural >= (threat or 20)
end

-- M.confirmed(natural, total, target_ac): a confirmation roll confirms
-- when it would hit (3E-ATK-09): the same rule as the attack.
function M.confirmed(natural, total, target_ac)
  local hit = M.hits(natural, total, target_ac)
  return hit
end

rules.define("3e.attack", M)
return M
