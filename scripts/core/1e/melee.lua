-- Melee (inventory sections 13, 14, 18): attack routines per round, weapon
-- speed factors, subdual, opponents per figure, monks.
local rules = require("rules")
local fight = require("fight")
local lib = require("core.1e.lib")
local T = require("core.1e.tables")

local M = rules.get("1e.melee")
if M then return M end
M = {}

-- 1E-MELEE-01: melee is attacks with body parts and with objects and
-- weapons, unarmed combat included; missiles and spells are not.
function M.is_melee(attack)
  if attack == nil then return false end
  if attack.ranged or attack.spell then return false end
  return true
end

-- 1E-INIT-05 with the [K] PHB fighter table: attack routines per round.
-- Fighters (paladins, rangers) of 1st-6th level make 1, 7th-12th 3 per 2
-- rounds (2 in odd rounds: TV-08), 13th+ 2; haste doubles (3 every round
-- for the 7th-12th level fighter); monsters have their "routines" ability
-- (default 1).
-- routines_of(fighter, level, routines, hasted, round) is the rule on
-- what it reads of a creature: whether it is a fighter, paladin or ranger,
-- its level and routines abilities (nil when it has none) and whether it is
-- hasted. M.routines asks them of one creature, M.routines_each of a list.
local floor = math.floor
local function routines_of(fighter, lvl, routines, hasted, round)
  local n2 -- routines per 2 rounds
  if fighter then
    lvl = lvl or 0 -- lib.level(c)
    if lvl >= 13 then n2 = 4 elseif lvl >= 7 then n2 = 3 else n2 = 2 end
  else
    n2 = 2 * (routines or 1)
  end
  if hasted then n2 = n2 * 2 end
  if n2 % 2 == 0 then return floor(n2 / 2) end
  -- odd per two rounds: the extra one falls in odd rounds
  if round % 2 == 1 then return floor(n2 / 2) + 1 end
  return floor(n2 / 2)
end

local FIGHTERS = { "fighter", "paladin", "ranger" }
function M.routines(c, round, hasted)
  local fighter = fight.has_any_tag_in(c, FIGHTERS)
  local lvl, routines
  if fighter then lvl = c:ability("level") else routines = c:ability("routines") end
  if hasted == nil then hasted = c:has("hasted") end
  return routines_of(fighter, lvl, routines, hasted, round)
end

-- routines_each(list, round, into) -> M.routines(c, round) of each
-- creature of list, written into the table into (its entries past #list
-- left alone): each question asked of the whole list in one call.
local fighter_of, level_of, routines_by, hasted_of = {}, {}, {}, {}
local HASTED = { "hasted" }
function M.routines_each(list, round, into)
  fight.has_any_tag_each(list, FIGHTERS, fighter_of)
  fight.ability_each(list, "level", level_of)
  fight.ability_each(list, "routines", routines_by)
  fight.has_any_each(list, HASTED, hasted_of)
  for i = 1, #list do
    into[i] = routines_of(fighter_of[i], level_of[i], routines_by[i], hasted_of[i], round)
  end
  return into
end

-- [K] PHB: a fighter (not a paladin or ranger) attacks as many times per
-- round as his level against creatures of less than one hit die.
function M.vs_small(c, target)
  if not c:has_tag("fighter") or not lib.is_monster(target) then return nil end
  local d, p = lib.hd(target)
  if d < 1 or (d == 1 and p < 0) then return lib.level(c) end
  return nil
end

-- 1E-STRIKE-01: on tied initiative, blows are simultaneous unless both
-- sides use weapons; then the lower speed factor strikes first. Returns
-- "a", "b" or "simultaneous".
function M.tie_order(wsf_a, wsf_b)
  if not wsf_a or not wsf_b or wsf_a == wsf_b then return "simultaneous" end
  if wsf_a < wsf_b then return "a" end
  return "b"
end

-- 1E-STRIKE-02: the faster weapon's extra blows when speed factors decide
-- the order: lo and hi are the two factors. Returns how many blows the
-- faster wielder strikes before the slower one can (1 or 2) and how many
-- it strikes in all in the round (1, 2 or 3: the 3rd is simultaneous with
-- the slower weapon's blow). Not in a round of closing or charging.
function M.extra(lo, hi, closing)
  if closing then return 1, 1 end
  local d = hi - lo
  if d >= 10 then return 2, 3 end
  if d >= 2 * lo or d >= 5 then return 2, 2 end
  return 1, 1
end

-- 1E-STRIKE-03 (TV-12): a blow against a caster of the side that won
-- initiative. adj = |speed factor - the losing side's die| (the raw factor
-- when initiative was tied): below the casting time the blow lands first,
-- equal is simultaneous, above the spell is done first.
function M.versus_spell(wsf, loser_die, casting_time, tied)
  local adj = wsf
  if not tied then adj = math.abs(wsf - loser_die) end
  if adj < casting_time then return "blow", adj end
  if adj == casting_time then return "simultaneous", adj end
  return "spell", adj
end

-- 1E-MELEE-02, TBL-OPPONENTS: how many attackers of a size can attack one
-- defender of a size at once (ideal conditions; terrain reduces it).
local SIZE_COL = { S = "Max Small attackers", M = "Max Medium attackers", L = "Max Large attackers" }
function M.max_attackers(defender, attacker)
  local v = T["TBL-OPPONENTS"]:lookup(defender, SIZE_COL[attacker])
  if type(v) == "string" then v = tonumber(v:match("^(%d+)")) end
  return v
end

-- 1E-MELEE-03: a monk's stun/kill works only on living creatures (not
-- undead, golems or shape-changers, AMB-44); bare-handed blows on undead
-- that harm by touch hurt the monk.
M.not_living = { "undead", "golem", "shapechanger" }
function M.monk_stun_applies(target)
  for _, t in ipairs(M.not_living) do
    if target:has_tag(t) then return false end
  end
  return true
end
function M.monk_touch_harms(target)
  return target:has_tag("undead") and target:has_tag("touch_harms")
end

-- 1E-SUBDUE-01: subduing damage is 75% temporary, 25% real (TV-13: 40 ->
-- 10 real, 30 temporary; AMB-27: the real part rounds down). Subdual works
-- on humanoids and monsters that allow it (tag "subduable"); never on
-- player characters (AMB-43).
function M.subdue(dmg)
  local real = math.floor(dmg / 4)
  return real, dmg - real
end

function M.can_subdue(target)
  if target:has_tag("pc") then return false end
  return target:has_tag("humanoid") or target:has_tag("subduable")
end

-- subdue_hit(c, dmg): applies subduing damage: the real part to hit points,
-- the rest to the nonlethal track; returns the damage record of the real
-- part and whether the creature is now subdued (nonlethal >= hp).
function M.subdue_hit(c, dmg)
  local real, temp = M.subdue(dmg)
  local rec = c:damage(real)
  c:damage(temp, { nonlethal = true })
  local subdued = c:get("nonlethal") >= c:get("hp")
  if subdued then c:add_condition("subdued", { source = "subdual" }) end
  return rec, subdued
end

-- 1E-SUBDUE-02: grapple and hold are the unarmed procedures (unarmed.lua).
M.grapple_and_hold = "core.1e.unarmed"

rules.define("1e.melee", M)
return M
