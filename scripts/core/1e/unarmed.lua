-- Non-lethal and weaponless combat (inventory section 19): pummelling,
-- grappling, overbearing. The modifiers are read from the inventory's
-- tables by factor name (tables.lua); situations are passed as flags.
local rules = require("rules")
local dice = require("dice")
local lib = require("core.1e.lib")
local T = require("core.1e.tables")
local tohit = require("core.1e.tohit")

local M = rules.get("1e.unarmed")
if M then return M end
M = {}

-- The number in a modifier cell ("+1%", "-10%", "+1% (source note ...)").
local function pct(text)
  if type(text) == "number" then return text end
  local n = text:match("^([%+%-]?%d+)")
  return tonumber(n) or 0
end
M.pct = pct

local function f(tbl, row, col)
  return pct(T[tbl]:lookup(row, col))
end

-- ------------------------------------------------------------ the variable
-- 1E-UNARMED-01, AMB-53: a creature's column number in its attack matrix
-- (characters: the level band, counted from 1 at the left; monsters: the
-- TBL-MATRIX-MON column).
local BANDS = {
  ["TBL-MATRIX-IA"] = { 3, 6, 9, 12, 15, 18 },
  ["TBL-MATRIX-IB"] = { 0, 2, 4, 6, 8, 10, 12, 14, 16 },
  ["TBL-MATRIX-IC"] = { 5, 10, 15, 20 },
  ["TBL-MATRIX-ID"] = { 4, 8, 12, 16, 20 },
}
function M.column(c)
  if lib.is_monster(c) then
    local d, p = lib.hd(c)
    local col = tohit.mon_col(d, p)
    for i, name in ipairs(tohit.mon_cols) do
      if name == col then return i end
    end
  end
  local _, _, id = tohit.attacker(c)
  local lvl = lib.level(c)
  local bands = BANDS[id]
  for i, top in ipairs(bands) do
    if lvl <= top then return i end
  end
  return #bands + 1
end

-- variable(c, role): the secret number: column + 1d6 for the attacker,
-- + 1d4 for the defender; an unconscious participant has none.
function M.variable(c, role)
  if c:has("unconscious") then return 0 end
  return M.column(c) + dice.total(role == "attacker" and "1d6" or "1d4")
end

-- apply_variables(chance, a_var, a_use, d_var, d_use) -> chance and the
-- amount to add to the result roll: each side chooses before the attack
-- whether its variable changes the base chance or the result ("chance" or
-- "result").
function M.apply_variables(chance, a_var, a_use, d_var, d_use)
  local result = 0
  if a_use == "chance" then chance = chance + a_var else result = result + a_var end
  if d_use == "chance" then chance = chance - d_var else result = result - d_var end
  return chance, result
end

-- ------------------------------------------------------------ order
-- 1E-UNARMED-03: who attacks first: surprise, then a charging attack, then
-- higher Dexterity, then a higher die. a and b are {surprised, charging,
-- dex}; returns "a" or "b" (an overbearer need not go first).
function M.first(a, b)
  if a.surprised ~= b.surprised then return a.surprised and "b" or "a" end
  if a.charging ~= b.charging then return a.charging and "a" or "b" end
  if (a.dex or 10) ~= (b.dex or 10) then return (a.dex or 10) > (b.dex or 10) and "a" or "b" end
  while true do
    local ra, rb = dice.total("1d6"), dice.total("1d6")
    if ra ~= rb then return ra > rb and "a" or "b" end
  end
end

-- ------------------------------------------------------------ damage
-- 1E-UNARMED-02, -06, -09: the real share of unarmed damage (pummel and
-- grapple 25%, overbear 50%; AMB-27: the real part rounds down); the rest
-- is temporary and recovers 1 hp a round. At 0 hp the opponent is
-- unconscious 1 round plus 1 per hp below 0 (TV-14: -4 -> 5 rounds).
M.real_share = { pummel = 25, grapple = 25, overbear = 50 }
function M.split(form, dmg)
  local real = math.floor(dmg * M.real_share[form] / 100)
  return real, dmg - real
end
function M.knockout_rounds(hp_after)
  if hp_after > 0 then return 0 end
  return 1 - hp_after
end
-- hit(c, form, dmg): applies unarmed damage to a creature (real to hit
-- points, the rest as temporary, nonlethal, damage); returns the rounds of
-- unconsciousness (0 if still up).
function M.hit(c, form, dmg)
  local real, temp = M.split(form, dmg)
  local left = c:get("hp") - c:get("nonlethal") - dmg
  c:damage(real)
  c:damage(temp, { nonlethal = true })
  local rounds = M.knockout_rounds(left)
  if rounds > 0 then c:add_condition("unconscious", { source = form, level = rounds, stacking = "levels" }) end
  return rounds
end
-- Temporary damage recovers 1 hp a round.
function M.recover(c, rounds)
  return c:heal(rounds or 1, { nonlethal = true })
end

-- ------------------------------------------------------------ pummel
-- 1E-UNARMED-04 (TV-22): base chance = the defender's armour AC x 10%
-- (magic protection not counted); AC 0 or less is no chance, or a
-- negative one (the seed): the base stays negative and TBL-PUMMEL-HIT's
-- adjustments work on it; only the final chance stops at 0. o:
-- attacker_dex, attacker_str, attacker_ac (armour type, AMB-21), slowed,
-- stunned, helpless (automatic), fast (opponent move above 12" and free to
-- move), hasted.
function M.pummel_base(ac)
  return ac * 10
end
function M.pummel_chance(def_ac, o)
  if o.helpless then return "auto" end
  local t = "TBL-PUMMEL-HIT"
  local col = "Adjustment to hit chance"
  local ch = M.pummel_base(def_ac)
  ch = ch + f(t, "Attacker Dexterity, per point", col) * (o.attacker_dex or 0)
  ch = ch + f(t, "Attacker Strength, per point above 15", col) * math.max(0, (o.attacker_str or 0) - 15)
  ch = ch + f(t, "Attacker AC, per point", col) * math.max(0, o.attacker_ac or 0)
  if o.slowed then ch = ch + f(t, "Opponent slowed", col) end
  if o.stunned then ch = ch + f(t, "Opponent stunned", col) end
  if o.fast and not o.cannot_move then ch = ch + f(t, "Opponent base move above 12\"*", col) end
  if o.hasted then ch = ch + f(t, "Opponent hasted (incl. potion of speed)", col) end
  return math.max(0, ch)
end

-- TBL-PUMMEL-MOD: the result roll's modifiers. o: str, str_pct (18/xx),
-- wooden (butt, pommel or armoured fist), metal (pommel, hilt), slowed,
-- stunned, helpless, def_dex, shield, armour ("leather", "chain", "plate"),
-- magic_cloak, helm ("open", "nasal", "visored").
function M.pummel_mods(o)
  local t, col = "TBL-PUMMEL-MOD", "Adjustment to d% result roll"
  local n = 0
  n = n + f(t, "Attacker Strength, per point above 12", col) * math.max(0, (o.str or 0) - 12)
  if (o.str or 0) >= 18 and (o.str_pct or 0) > 0 then
    n = n + f(t, "Attacker exceptional Strength, per 10% above 18", col) * math.floor(o.str_pct / 10)
  end
  if o.wooden then n = n + f(t, "Wooden butt/pommel, or armoured (gauntleted) fist", col) end
  if o.metal then n = n + f(t, "Metal pommel / hilt", col) end
  if o.slowed then n = n + f(t, "Opponent slowed", col) end
  if o.stunned then n = n + f(t, "Opponent stunned", col) end
  if o.helpless then n = n + f(t, "Opponent helpless", col) end
  n = n + f(t, "Defender Dexterity, per point above 14", col) * math.max(0, (o.def_dex or 0) - 14)
  if o.shield then n = n + f(t, "Defender has shield", col) end
  if o.armour == "leather" then n = n + f(t, "Defender in leather or padded", col)
  elseif o.armour == "chain" then n = n + f(t, "Defender in chain, ring, scale or studded", col)
  elseif o.armour == "plate" then n = n + f(t, "Defender in banded, plate or splint", col) end
  if o.magic_cloak then n = n + f(t, "Defender has magic cloak or ring", col) end
  if o.helm == "open" then n = n + f(t, "Defender wears open-faced helm", col)
  elseif o.helm == "nasal" then n = n + f(t, "Defender wears nasal-guard (otherwise open) helm", col)
  elseif o.helm == "visored" then n = n + f(t, "Defender wears visored or slit helm", col) end
  return n
end

-- pummel_result(key, str_dmg): TBL-PUMMEL -> {result, damage, continue,
-- off_balance, stunned, counter} (AMB-25: "continue" rolls the next punch
-- at once; "off balance" ends the string and gives +2 to hit).
function M.pummel_result(key, str_dmg)
  local v = T["TBL-PUMMEL"]:lookup(key)
  local result, dmg = v:match("^(.-) | (.*)$")
  local lead = dmg:match("^(%d+)")
  local base = lead and tonumber(lead)
  return {
    result = result,
    damage = base and base + (str_dmg or 0) or 0,
    continue = result:find("continue") ~= nil,
    off_balance = result:find("off balance") ~= nil,
    stunned = result:find("stunned") ~= nil,
    counter = result:find("counter") ~= nil,
  }
end
-- 1E-UNARMED-05: two pummelling attacks a round, each maybe a string of
-- punches: pummel_string(first_key, next_keys, str_dmg) follows the
-- results while they say "continue".
M.pummels_per_round = 2
function M.pummel_string(keys, str_dmg)
  local total, blows = 0, {}
  for _, k in ipairs(keys) do
    local r = M.pummel_result(k, str_dmg)
    blows[#blows + 1] = r
    total = total + r.damage
    if not r.continue then break end
  end
  return total, blows
end

-- ------------------------------------------------------------ grapple
-- 1E-UNARMED-06, AMB-22: base = 10 x the attacker's AC without magic
-- devices and with the magic armour's plus added back, 0-100%; no grapple
-- with anything in hand; then TBL-GRAPPLE-BASE. o: dex, def_armour
-- ("leather", "chain", "plate"), slowed_or_stunned, faster_by (inches
-- per 3" the opponent is faster), hasted.
function M.grapple_base(ac, armour_plus)
  local n = 10 * (ac + (armour_plus or 0))
  if n < 0 then n = 0 elseif n > 100 then n = 100 end
  return n
end
function M.grapple_chance(base, o)
  if o.holding then return nil end
  local t, col = "TBL-GRAPPLE-BASE", "Adjustment to success chance"
  local ch = base + f(t, "Attacker Dexterity, per point", col) * (o.dex or 0)
  if o.def_armour == "leather" then ch = ch + f(t, "Defender in leather or padded", col)
  elseif o.def_armour == "chain" then ch = ch + f(t, "Defender in chain, ring or scale", col)
  elseif o.def_armour == "plate" then ch = ch + f(t, "Defender in banded, plate or splint", col) end
  if o.slowed_or_stunned then ch = ch + f(t, "Opponent slowed or stunned", col) end
  if o.faster_by and o.faster_by > 0 then
    ch = ch + f(t, "Opponent base move, per 3\" faster", col) * math.floor(o.faster_by / 3)
  end
  if o.hasted then ch = ch + f(t, "Opponent hasted (incl. potion of speed)", col) end
  return math.max(0, ch)
end

-- 1E-UNARMED-07: the hold roll: d% + the attacker's factors
-- (TBL-GRAPPLE-HOLD-ATT, AMB-24: full scores) - the defender's
-- (TBL-GRAPPLE-HOLD-DEF, halved when the opponent is prone). Weight and
-- height are signed 10% steps (AMB-23).
function M.hold_mods(a, d)
  local ta, ca = "TBL-GRAPPLE-HOLD-ATT", "Adjustment to d% result roll"
  local n = 0
  n = n + f(ta, "Attacker Dexterity, per point", ca) * (a.dex or 0)
  n = n + f(ta, "Attacker Strength, per point", ca) * (a.str or 0)
  if (a.str or 0) >= 18 and (a.str_pct or 0) > 0 then
    n = n + f(ta, "Attacker exceptional Strength, per 10% above 18", ca) * math.floor(a.str_pct / 10)
  end
  if d.slowed then n = n + f(ta, "Opponent slowed", ca) end
  if d.stunned then n = n + f(ta, "Opponent stunned", ca) end
  if d.helpless then n = n + f(ta, "Opponent helpless", ca) end
  n = n + f(ta, "Attacker weight, per 10% difference", ca) * (a.weight_steps or 0)
  n = n + f(ta, "Attacker height, per 10% difference*", ca) * (a.height_steps or 0)
  local td = "TBL-GRAPPLE-HOLD-DEF"
  local pen = 0
  pen = pen + f(td, "Opponent Dexterity, per point above 14", ca) * math.max(0, (d.dex or 0) - 14)
  pen = pen + f(td, "Opponent Strength, per point above 12", ca) * math.max(0, (d.str or 0) - 12)
  if (d.str or 0) >= 18 and (d.str_pct or 0) > 0 then
    pen = pen + f(td, "Opponent exceptional Strength, per 10% above 18", ca) * math.floor(d.str_pct / 10)
  end
  if d.plate then pen = pen + f(td, "Opponent in banded or plate", ca) end
  if d.gorget then pen = pen + f(td, "Opponent wears gorget and helm", ca) end
  if d.shield then pen = pen + f(td, "Opponent has shield", ca) end
  if d.prone then pen = math.ceil(pen / 2) end
  return n + pen
end

-- grapple_result(key, str_dmg): TBL-GRAPPLE -> {hold, strike, damage,
-- stunned, counter} (AMB-25: before "/" the hold, after it the strike a
-- held creature may still use).
function M.grapple_result(key, str_dmg)
  local v = T["TBL-GRAPPLE"]:lookup(key)
  local result, dmg = v:match("^(.-) | (.*)$")
  local hold, strike = result:match("^(.-) / (.*)$")
  hold = hold or result
  local lead = dmg:match("^(%d+)")
  local base = lead and tonumber(lead)
  return { key = key, hold = hold, strike = strike, damage = base and base + (str_dmg or 0) or 0,
           stunned = dmg:find("stunned") ~= nil, counter = result:find("counter") ~= nil }
end

-- 1E-UNARMED-08: a hold lasts into the next round unless the opponent
-- rolls higher; the holder keeps doing its damage each round; a stunned
-- opponent lets the attacker attack again at once and cannot counter.
function M.hold_persists(hold_key, counter_key) return counter_key <= hold_key end
function M.after_stun(result) return result.stunned and "attack_again" or nil end

-- ------------------------------------------------------------ overbear
-- 1E-UNARMED-09: overbearing may hold items; its base chance is the
-- grapple's; the result roll d% + TBL-OVERBEAR-MOD reads TBL-OVERBEAR.
-- o: str, str_pct, slowed_or_one_foot, charging, stunned_or_both_feet,
-- weight_steps, height_steps, opp_str, opp_str_pct, opp_dex, opp_free
-- (can move freely), braced.
function M.overbear_mods(o)
  local t, col = "TBL-OVERBEAR-MOD", "Adjustment to d% result roll"
  local n = f(t, "Attacker Strength, per point", col) * (o.str or 0)
  if (o.str or 0) >= 18 and (o.str_pct or 0) > 0 then
    n = n + f(t, "Attacker exceptional Strength, per 10% above 18", col) * math.floor(o.str_pct / 10)
  end
  if o.slowed_or_one_foot then n = n + f(t, "Opponent slowed or held by one foot", col) end
  if o.charging then n = n + f(t, "Charging or leaping attack", col) end
  if o.stunned_or_both_feet then n = n + f(t, "Opponent stunned or held by both feet", col) end
  n = n + f(t, "Per 10% weight difference", col) * (o.weight_steps or 0)
  n = n + f(t, "Per 10% height difference", col) * (o.height_steps or 0)
  n = n + f(t, "Opponent Strength, per point above 14", col) * math.max(0, (o.opp_str or 0) - 14)
  if (o.opp_str or 0) >= 18 and (o.opp_str_pct or 0) > 0 then
    n = n + f(t, "Opponent exceptional Strength, per 10% above 18", col) * math.floor(o.opp_str_pct / 10)
  end
  if o.opp_free ~= false then
    n = n + f(t, "Opponent Dexterity, per point above 14*", col) * math.max(0, (o.opp_dex or 0) - 14)
  end
  if o.braced then n = n + f(t, "Opponent braced", col) end
  return n
end
function M.overbear_result(key, str_dmg)
  local v = T["TBL-OVERBEAR"]:lookup(key)
  local result, dmg = v:match("^(.-) | (.*)$")
  local lead = dmg:match("^(%d+)")
  local base = lead and tonumber(lead)
  return { result = result, damage = base and base + (str_dmg or 0) or 0,
           stunned = result:find("stunned") ~= nil, counter = result:find("counter") ~= nil,
           down = key > 40 }
end

-- ------------------------------------------------------------ general notes
-- 1E-UNARMED-10: as many as fit may attack one creature; fix the order,
-- determine all hits, then apply results in order; attacks from behind
-- negate the defender's shield and Dexterity.
function M.rear_ac(ac, shield, dex_ac)
  local n = ac
  if shield then n = n + 1 end
  if dex_ac < 0 then n = n - dex_ac end
  return n
end
function M.resolve_many(attacks)
  local hits = {}
  for i, a in ipairs(attacks) do hits[i] = a.roll() end
  local out = {}
  for i, a in ipairs(attacks) do
    if hits[i] then out[#out + 1] = a.apply() end
  end
  return out
end

-- 1E-UNARMED-12: an armed defender strikes first unless surprised (or the
-- attacker used all the surprise segments to close); its weapon hit does
-- no damage but fends the unarmed attack off.
function M.armed_defender(o)
  if o.surprised and not o.closing_used_surprise then return "no_fend" end
  if o.weapon_hit then return "fended" end
  return "attack_goes_on"
end

-- 1E-UNARMED-13: a monk keeps fighting open-handed while grappled,
-- pummelled or overborne, until stunned or unconscious.
function M.monk_fights(c)
  return c:has_tag("monk") and not c:has("stunned") and not c:has("unconscious")
end

-- 1E-UNARMED-11 (monsters' choice) is monsters/abilities/1e.lua.
function M.monster_choice(c, best)
  return require("monsters.abilities.1e").unarmed_choice(c, best)
end

rules.define("1e.unarmed", M)
return M
