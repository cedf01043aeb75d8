-- Special ability types and antimagic (monsters.abilities.types; DMG-SA-01,
-- DMG-SA-08, DMG-SA-34): every special ability is extraordinary (ex),
-- spell-like (sp) or supernatural (su); spells are "spell". Table 3-12
-- [K, recon: SRD 3.0 "Special Ability Types"; the 3.0 rule that Su
-- effects with a duration can be dispelled, A-28]. Psionic powers work as
-- spell-like abilities (DMG-SA-34) unless the variant "psionics are not
-- magic" (scripts/variants/3e/psionics_not_magic.lua) says otherwise.
-- System-neutral (no fight functions): any rule system's scripts may ask.
local rules = require("rules")

local M = rules.get("abilities.types")
if M then return M end
M = {}

-- Table 3-12: dispel (false, true, or "duration": only effects that are
-- not instantaneous), spell resistance, antimagic, provokes an attack of
-- opportunity.
M.table = {
  ex = { dispel = false, sr = false, antimagic = false, provokes = false },
  sp = { dispel = true, sr = true, antimagic = true, provokes = true },
  su = { dispel = "duration", sr = false, antimagic = true, provokes = false },
  spell = { dispel = true, sr = true, antimagic = true, provokes = true },
  psionic = { dispel = true, sr = true, antimagic = true, provokes = true },
}

local function row(kind)
  local r = M.table[kind or "ex"]
  if not r then error(string.format("unknown ability type %q (ex, sp, su, spell, psionic)", tostring(kind)), 3) end
  return r
end

function M.sr_applies(kind) return row(kind).sr end
function M.provokes(kind) return row(kind).provokes end
function M.suppressed_by_antimagic(kind) return row(kind).antimagic end
-- M.dispellable(kind, instantaneous): can dispel magic end the effect?
function M.dispellable(kind, instantaneous)
  local d = row(kind).dispel
  if d == "duration" then return not instantaneous end
  return d
end

-- ------------------------------------------------------------ antimagic
-- M.antimagic(effect, field): DMG-SA-08: what an antimagic area does to an
-- effect: "works" or "suppressed" (not dispelled: it resumes when the
-- field goes, if its duration has not run out), "winks_out" (summoned
-- creatures and incorporeal undead; they come back when the field goes).
--   effect = {kind, origin_inside, partly_inside, summoned, incorporeal,
--             undead, artifact, force_wall}
-- A spell whose point of origin is outside works where it is outside the
-- field (partly_inside: "partial"); one whose origin is inside is
-- suppressed whole. Walls of force, prismatic walls and prismatic spheres
-- (A-27) and some artifacts are not affected. Two fields neither cancel
-- nor stack, so one field decides.
M.unaffected = { wall_of_force = true, prismatic_wall = true, prismatic_sphere = true }
function M.antimagic(effect)
  if effect.artifact or (effect.name and M.unaffected[effect.name]) then return "works" end
  if effect.summoned or (effect.incorporeal and effect.undead) then return "winks_out" end
  if not M.suppressed_by_antimagic(effect.kind) then return "works" end
  if effect.partly_inside and not effect.origin_inside then return "partial" end
  return "suppressed"
end

-- M.creature_in_antimagic(c_tags): golems, elementals, outsiders and
-- corporeal undead go on functioning, their Su, Sp and spells suppressed.
function M.creature_in_antimagic(kind)
  if kind == "summoned" or kind == "incorporeal_undead" then return "winks_out" end
  return "functions"
end

-- M.disjunction_chance(caster_level): Mordenkainen's disjunction destroys
-- an antimagic field 1% a caster level (TV-32); dispel magic, greater
-- dispelling and break enchantment cannot remove it.
function M.disjunction_chance(cl) return cl end
M.removed_by = { mordenkainens_disjunction = true }

rules.define("abilities.types", M)
return M
