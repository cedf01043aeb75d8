-- Mounted combat (inventory 3E-MOUNT-01..11): the Ride checks, what the
-- mount's movement leaves the rider, the modifiers of fighting and
-- casting from the saddle, falling.
--
-- A rider is a creature (its Ride modifier in abilities.ride) or a
-- record {ride}; a mount is a record or creature tagged "war_trained"
-- (warhorses and warponies) or not (light, heavy horses, ponies: they are
-- frightened by combat).
local rules = require("rules")
local check = require("check")
local dice = require("dice")
local creature = require("creature")
local W = require("core.3e.special.who")

local M = rules.get("3e.special.mounted")
if M then return M end
M = {}

M.names = {
  mounted_combat = { en = "Mounted combat", zh = "马上战斗" },
  control_mount = { en = "Control a frightened mount", zh = "控制受惊的坐骑" },
  guide_knees = { en = "Guide with the knees", zh = "以膝盖指挥坐骑" },  -- not in source
  soft_fall = { en = "Fall softly", zh = "软着陆" },
  mount = { en = "Mount or dismount", zh = "上马或下马" },  -- not in source
  lance_charge = { en = "Lance charge", zh = "骑士枪冲锋" },
}

M.dc = { control = 20, knees = 5, soft_fall = 15 }  -- 3E-MOUNT-01, -04, -10
M.fall_damage = "1d6"                                -- 3E-MOUNT-10
M.stay_in_saddle = { normal = 50, military = 75 }    -- 3E-MOUNT-10 (%)
M.higher_ground = 1                                  -- 3E-MOUNT-06
M.ranged_penalty = { double = -4, run = -8 }         -- 3E-MOUNT-08
M.lance_multiplier = 2                               -- 3E-MOUNT-07, 3E-ATK-18

function M.ride_mod(x)
  if creature.is(x) then return x:ability("ride") or W.mod(x, "dex") end
  return x.ride or 0
end

local function ride(x, dc)
  local r = check.roll{ mods = { { value = M.ride_mod(x), source = "Ride" } }, target = dc }
  return r
end

-- frightened(mount): 3E-MOUNT-01, a mount not trained for war.
function M.frightened(mount) return not W.tag(mount, "war_trained") end

-- control(rider, mount): 3E-MOUNT-01. A frightened mount takes a Ride
-- check DC 20, a move-equivalent action that provokes; on a success the
-- rider may take a partial action after it, on a failure its turn ends.
-- A war-trained mount needs none. Returns {needed, success, then =
-- "partial"|"none"|"normal", check}.
function M.control(rider, mount)
  if not M.frightened(mount) then return { needed = false, success = true, after = "normal" } end
  local r = ride(rider, M.dc.control)
  return { needed = true, success = r.success, after = r.success and "partial" or "none", check = r,
           action = "move", provokes = true }
end

-- knees(rider): 3E-MOUNT-04, Ride DC 5 to guide with the knees and keep
-- both hands free.
function M.knees(rider) return ride(rider, M.dc.knees) end

-- melee_attacks(mount_moved): 3E-MOUNT-05, after the mount moves more
-- than 5 ft the rider makes only a single melee attack.
function M.melee_attacks(mount_moved, full)
  if mount_moved > 5 then return 1 end
  return full
end

-- melee_mod(rider_mounted, target): 3E-MOUNT-06, +1 against a creature on
-- foot of Medium-size or smaller (target: {size, mounted}).
function M.melee_mod(target)
  if W.tag(target, "mounted") then return 0 end
  if W.rank(target) <= 0 then return M.higher_ground end
  return 0
end

-- ranged_mod(mount_move): 3E-MOUNT-08, "double" -4, "run" -8, else 0.
function M.ranged_mod(mount_move) return M.ranged_penalty[mount_move] or 0 end

-- damage_multiplier(weapon, charging): 3E-MOUNT-07, a lance on a mounted
-- charge doubles damage (a multiplier: with a critical the multipliers
-- combine as 3E-DMG-10 says).
function M.damage_multiplier(weapon, charging)
  if charging and weapon and weapon.lance then return M.lance_multiplier end
  return 1
end

-- mount_falls(rider): 3E-MOUNT-10, Ride DC 15 to land softly, else 1d6.
-- Returns {check, damage}.
function M.mount_falls(rider)
  local r = ride(rider, M.dc.soft_fall)
  return { check = r, damage = r.success and 0 or dice.total(M.fall_damage) }
end

-- knocked_out(military_saddle): 3E-MOUNT-10, an unconscious rider stays in
-- the saddle on 50% (75% with a military saddle), else falls for 1d6.
-- Returns {stays, roll, damage}.
function M.knocked_out(military)
  local chance = military and M.stay_in_saddle.military or M.stay_in_saddle.normal
  local r = check.percentile(chance)
  return { stays = r.success, roll = r.roll, damage = r.success and 0 or dice.total(M.fall_damage) }
end

-- 3E-MOUNT-03: a horse is Large (long), 5 ft wide and 10 ft long; the
-- rider counts as occupying its rear half (the rider's square is the
-- mount's rear square).
M.horse_face = { w = 5, l = 10 }

rules.define("3e.special.mounted", M)
return M
