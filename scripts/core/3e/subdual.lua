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

-- M.recover(c, hours): 3E-SUBD-05: subdual damage heals 1 point an hour
-- per character level (the stat block's level). Returns what healed.
function M.recover(c, hours)
  local level = (c:get("abilities") or {}).level or 1
  local healed = c:heal(level * hours, { nonlethal = true })
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
