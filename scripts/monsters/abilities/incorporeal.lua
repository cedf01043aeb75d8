-- Incorporeal, ethereal and gaseous creatures (monsters.abilities.
-- incorporeal; DMG-SA-26, DMG-SA-19, DMG-SA-24).
--
--   apply(stat)  incorporeal: only other incorporeal creatures, +1 or
--     better weapons, spells, Sp and Su harm it, and those 50% of the time
--     from a corporeal source (force effects and ghost touch whole): the
--     damage pipeline's dr step (core/3e/damage.lua); its touches ignore
--     material armour (even magic armour; not force armour, nor ghost
--     touch armour): its attacks are touch attacks; corporeal creatures
--     cannot trip or grapple it; no falling damage, no tracks, no scent,
--     silent unless it wants, no weight.
--   gaseous(stat)  gaseous form: DR 20/+1, no physical attacks, no spells
--     with components, its other Su lost; loses material and natural
--     armour; immune to inhaled effects; Spot DC 15 in natural mist; +20
--     Hide in mist or smoke; cannot run, flies; neither ethereal nor
--     incorporeal.
local rules = require("rules")

local M = rules.get("abilities.incorporeal")
if M then return M end
M = {}

local function tag(stat, t)
  stat.tags = stat.tags or {}
  stat.tags[#stat.tags + 1] = t
end

function M.apply(stat)
  local p = require("core.3e.damage").profile(stat)
  p.incorporeal = true
  tag(stat, "incorporeal")
  tag(stat, "no_trip")
  tag(stat, "no_grapple")
  tag(stat, "no_scent")
  for _, a in ipairs(stat.natural or {}) do a.touch = true end
  for _, a in ipairs(stat.weapons or {}) do a.touch = true end
  return stat
end

-- M.armour_counts(kind): whether a defender's armour counts against an
-- incorporeal touch: force armour (mage armor, bracers of armor) and
-- ghost touch do, material armour does not.
function M.armour_counts(kind) return kind == "force" or kind == "ghost_touch" end

-- M.can_affect(attacker, target): corporeal creatures cannot trip or
-- grapple an incorporeal one.
function M.can_grab(attacker, target)
  return not target:has_tag("incorporeal") or attacker:has_tag("incorporeal")
end

-- DMG-SA-19: ethereal creatures: invisible, inaudible, intangible and
-- scentless to the Material Plane; they see and hear it 60 ft, dimly; they
-- cannot affect it; force effects, gazes and abjurations reach them from
-- the Material Plane, nothing the other way; they never fall.
M.ethereal_sight = 60
M.reaches_ethereal = { force = true, gaze = true, abjuration = true }
function M.affects(from_plane, to_plane, kind)
  if from_plane == to_plane then return true end
  if from_plane == "material" and to_plane == "ethereal" then return M.reaches_ethereal[kind] == true end
  return false
end

function M.gaseous(stat)
  require("monsters.abilities.damage_reduction").apply(stat, { amount = 20, bypass = "+1", spell = true })
  tag(stat, "gaseous")
  tag(stat, "immune_inhaled")
  local ac = stat.ac or {}
  ac.armor, ac.natural, ac.shield = nil, nil, nil
  stat.ac = ac
  return stat
end
M.gaseous_spot_dc = 15
M.gaseous_hide_bonus = 20

rules.define("abilities.incorporeal", M)
return M
