-- Subdual damage (inventory §10, 3E-SUBD): a running total apart from the
-- hit points (the kernel's nonlethal track); equal to the hit points it
-- staggers (partial actions), above them it knocks out (both are the
-- combat table's down.nonlethal states). This file: dealing it, waking up,
-- recovery by the hour, and the -4 for dealing the other kind with a
-- weapon.
local rules = require("rules")
local check = require("check")
local fight = require("fight")
local T = require("core.3e.tables")

local M = rules.get("3e.subdual")
if M then return M end
M = {}

-- M.deal(c, n): n subdual damage to c (3E-SUBD-01): added to the total,
-- the hit points untouched; in a fight, through the kernel's rules of hit
-- points (staggered, unconscious). Returns the total.
function M.deal(c, n, source)
  local ok = pcall(fight.is, c, "out")
  if ok then
    fight.damage(c, n, "", source, { nonlethal = true })
  else
    c:damage(n, nil, { nonlethal = true })
  end
  return c:get("nonlethal")
end

-- M.status(c): "staggered" (subdual = hp), "unconscious" (subdual > hp) or
-- "ok" (3E-SUBD-02/03), from the numbers alone.
function M.status(c)
  local s, hp = c:get("nonlethal"), c:get("hp")
  if s > 0 and s > hp then return "unconscious" end
  if s > 0 and s == hp then return "staggered" end
  return "ok"
end

-- M.wake_minute(c): 3E-SUBD-04: each full minute knocked out by subdual
-- damage, d% 01-10 wakes the creature, staggered until its hit points
-- exceed its subdual damage. Returns whether it woke, and the d%.
function M.wake_minute(c)
  local r = check.percentile(T.stabilize_chance)
  if r.success then
    c:remove_condition("unconscious")
    c:add_condition("staggered", { source = "hp" })
    return true, r.roll
  end
  return false, r.roll
end

-- Subdual damage that cannot be healed while its cause lasts (DMG-ENV-06,
-- -07, -08, -12: thirst, hunger, heat, cold, thin air): each cause's amount
-- is the level of a "subdual_locked" condition of that source (so it goes
-- with the creature); healing never takes the subdual below their sum.
-- M.lock(c, cause, n) adds n; M.unlock(c, cause) frees the cause's
-- (the exposure is over); M.locked(c) is the sum.
function M.lock(c, cause, n)
  if n > 0 then c:add_condition("subdual_locked", { source = cause, level = n, stacking = "levels" }) end
end
function M.unlock(c, cause) return c:remove_condition("subdual_locked", { source = cause }) end
function M.locked(c) return c:level("subdual_locked") end

-- M.heal_subdual(c, n): heals up to n subdual damage, never below what is
-- locked. Returns what healed.
function M.heal_subdual(c, n)
  local room = math.max(0, c:get("nonlethal") - M.locked(c))
  if room <= 0 then return 0 end
  local healed = c:heal(math.min(n, room), { nonlethal = true })
  local E = rules.get("3e.environment") -- a hazard's fatigue ends with its subdual damage
  if E then E.healed(c) end
  return healed
end

-- M.recover(c, hours): 3E-SUBD-05: subdual damage heals 1 point an hour
-- per character level (the stat block's level). Returns what healed.
function M.recover(c, hours)
  local level = (c:get("abilities") or {}).level or 1
  local healed = M.heal_subdual(c, level * hours)
  local ok = pcall(fight.is, c, "out")
  if ok then fight.sync_hp(c) end
  return healed
end

-- M.attack_penalty(weapon_deals, wanted): 3E-SUBD-07/08: dealing subdual
-- damage with a weapon that deals normal damage, or normal damage with one
-- that deals subdual (an unarmed strike), is -4 on the attack roll.
function M.attack_penalty(weapon_deals, wanted)
  if weapon_deals == wanted then return 0 end
  return T.subdual_penalty
end

rules.define("3e.subdual", M)
return M
