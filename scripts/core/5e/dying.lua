-- Dropping to 0 HP (5E-ZERO-01..13, T-21). In self-playing fights the
-- kernel plays the Death Saving Throws from combat.lua's data (down.
-- dying_save, down.condition): a dying character costs a simulation no Lua
-- call. The functions here are the same rules for creatures outside a
-- fight (the REPL, scripted effects, specs), reading the same numbers, and
-- the rules the kernel does not play: knocking out (5E-ZERO-07),
-- stabilising with the Help action and Wisdom (Medicine) (5E-ZERO-12),
-- the Stable creature's 1 HP after 1d4 hours (5E-ZERO-13), waking on
-- healing, and death when the HP maximum reaches 0 (5E-ZERO-03). Inside a
-- fight they act through the fight module (fight.stabilize, fight.revive,
-- fight.kill), so the kernel's track stays the one that counts.
--
-- Outside a fight the counters are condition levels ("death_success",
-- "death_failure") and the states conditions ("dying", "stable", "dead").
-- Which creatures die at 0 HP is the combat table's `down` (monsters
-- dead, players dying); the DM's exemption of a monster (5E-ZERO-02) is
-- `player = true` on its encounter member, or the tag "death_saves"
-- outside fights (a character has the tag "pc" or "player").
local rules = require("rules")
local dice = require("dice")
local check = require("check")
local fight = require("fight")

local M = {}

-- info returns c's record in the fight being played, or nil.
local function info(c)
  local ok, i = pcall(fight.info, c)
  if ok then return i end
  return nil
end
M.info = info

local function track()
  return rules.need("combat").down.dying_save
end

local function cond()
  return rules.need("5e.conditions")
end

local function reset(c)
  c:remove_condition("death_success")
  c:remove_condition("death_failure")
end

-- M.policy says what 0 HP does to c (AMB-11): "dying" (death saves) or
-- "dead".
function M.policy(c)
  local down = rules.need("combat").down
  local i = info(c)
  if i then
    if i.player then return down.players end
    return down.monsters
  end
  if c:has_tag("pc") or c:has_tag("player") or c:has_tag("death_saves") then return down.players end
  return down.monsters
end

-- M.kill makes c dead (the 3rd failed save, massive damage, an HP maximum
-- of 0, Exhaustion 6).
function M.kill(c, why)
  reset(c)
  c:remove_condition("dying")
  c:remove_condition("stable")
  if c:get("hp") > 0 then c:set("hp", 0) end
  if not c:has("dead") then c:add_condition("dead", { source = why }) end
  local i = info(c)
  if i and not i.dead then fight.kill(c) end
  return "dead"
end

-- M.dead reports a dead creature.
function M.dead(c)
  local i = info(c)
  if i then return i.dead end
  return c:has("dead")
end

-- M.at_zero reports a living creature at 0 HP: dying or Stable.
function M.at_zero(c)
  local i = info(c)
  if i then return i.out and not i.dead and not i.fled and c:get("hp") <= 0 end
  return c:get("hp") <= 0 and (c:has("dying") or c:has("stable"))
end

-- M.stable reports a Stable creature.
function M.stable(c)
  local i = info(c)
  if i then return i.stable end
  return c:has("stable")
end

-- M.drop is what reaching 0 HP outside a fight does (5E-ZERO-01): a monster
-- dies (5E-ZERO-02); a character dies if the damage left over is at least
-- its HP maximum (5E-ZERO-04, TV-30; AMB-10: temporary HP absorb first),
-- else it has the Unconscious condition until it regains HP and makes
-- death saves (5E-ZERO-06). rec is the damage record (past_zero). In a
-- fight the kernel does this. Returns "dead" or "dying".
function M.drop(c, rec)
  if M.policy(c) == "dead" then return M.kill(c, "0 hp") end
  if track().massive and rec and (rec.past_zero or 0) >= c:get("max_hp") then
    return M.kill(c, "massive damage")
  end
  reset(c)
  c:remove_condition("stable")
  cond().add(c, "unconscious", { source = "0 hp" })
  c:add_condition("dying", { source = "0 hp" })
  return "dying"
end

local function fail(c, n)
  c:add_condition("death_failure", { level = n, stacking = "levels", max_level = track().failures })
  if c:level("death_failure") >= track().failures then return M.kill(c, "death saves") end
  return "failure"
end

-- M.stabilize makes c Stable (5E-ZERO-09, 13): no more death saves, the
-- counters reset, still Unconscious at 0 HP.
function M.stabilize(c)
  if not M.at_zero(c) then return false end
  if info(c) then
    fight.stabilize(c)
    return true
  end
  reset(c)
  c:remove_condition("dying")
  c:add_condition("stable", { source = "0 hp" })
  return true
end

-- M.wake is what regaining any HP at 0 does (5E-ZERO-06, 09; 5E-THP-04:
-- only real healing): the counters reset, Unconscious ends and the
-- creature stays Prone (5E-CND-17); in a fight it is back in. It also
-- ends a knock-out.
function M.wake(c)
  reset(c)
  c:remove_condition("dying")
  c:remove_condition("stable")
  for _, why in ipairs({ "0 hp", "down", "knocked out" }) do
    if cond().sources(c, "unconscious")[why] then cond().remove(c, "unconscious", { source = why }) end
  end
  local i = info(c)
  if i and i.out and not i.dead and not i.fled then fight.revive(c) end
end

-- M.damaged is damage taken at 0 HP outside a fight (5E-ZERO-11, 13): dead
-- if it reaches the HP maximum; else a Stable creature is dying again and
-- takes one failure, two from a Critical Hit. Returns the outcome. In a
-- fight the kernel does this.
function M.damaged(c, amount, crit)
  if amount <= 0 or not M.at_zero(c) or info(c) then return nil end
  if track().massive and amount >= c:get("max_hp") then return M.kill(c, "massive damage") end
  if c:has("stable") then
    c:remove_condition("stable")
    c:add_condition("dying", { source = "0 hp" })
  end
  return fail(c, crit and track().crit_failures or track().damage_failures)
end

-- M.death_save rolls c's Death Saving Throw outside a fight (5E-ZERO-08..10,
-- T-21): a d20 with no ability modifier but the modifiers of saves and
-- D20 Tests (AMB-20: Exhaustion, opts.bonus, opts.adv); a total of 10 or
-- more succeeds; the die face decides a natural 1 (two failures) and 20
-- (1 HP). Returns {natural, total, result = success|failure|stable|dead|
-- revived, successes, failures}, or nil when c makes no death save.
function M.death_save(c, opts)
  opts = opts or {}
  if info(c) or not c:has("dying") or not M.at_zero(c) then return nil end
  local t = track()
  local roll = check.roll({ sides = t.die, mods = { cond().penalty(c), opts.bonus or 0 }, adv = opts.adv or 0, target = t.dc })
  local result
  if roll.natural == t.revive then
    c:heal(t.revive_hp)
    M.wake(c)
    result = "revived"
  elseif roll.natural == t.double_fail then
    result = fail(c, 2)
  elseif roll.success then
    c:add_condition("death_success", { level = 1, stacking = "levels", max_level = t.successes })
    result = "success"
    if c:level("death_success") >= t.successes then
      M.stabilize(c)
      result = "stable"
    end
  else
    result = fail(c, 1)
  end
  return { natural = roll.natural, total = roll.total, result = result,
    successes = c:level("death_success"), failures = c:level("death_failure") }
end

-- M.raise brings a dead creature back with hp hit points (a spell such as
-- Raise Dead; 5E-ZERO-05 and the glossary's Dead entry [K✓ SRD 5.2,
-- corrected]): the revival effect sets its HP; conditions still running at
-- its death persist; it has one fewer level of Exhaustion. In a fight it
-- is back in. Returns false when c is not dead.
function M.raise(c, hp)
  if not M.dead(c) then return false end
  c:remove_condition("dead")
  reset(c)
  c:set("hp", math.max(1, math.min(hp or 1, c:get("max_hp"))))
  if c:level("exhaustion") > 0 then rules.need("5e.hazards").remove_exhaustion(c, 1) end
  local i = info(c)
  if i then fight.revive(c) end
  return true
end

-- medicine rolls helper's DC 10 Wisdom (Medicine) check with 5e.d20_test
-- (proficiency from the helper's "skill:medicine" tag; opts are more
-- d20_test options: adv, mods, proficient, pb).
local function medicine(helper, opts)
  local t = { kind = "check", skill = "medicine", dc = 10 }
  for k, v in pairs(opts or {}) do t[k] = v end
  return rules.need("5e.d20_test")(helper, t)
end

-- M.help_stabilize: the Help action's first aid on a creature at 0 HP, a
-- DC 10 Wisdom (Medicine) check (5E-ZERO-12, TV-34); the helper must be
-- able to take actions. Returns the check, with `stabilized`.
function M.help_stabilize(helper, target, opts)
  if not M.at_zero(target) or M.stable(target) or not cond().can_act(helper) then
    return { success = false, stabilized = false }
  end
  local r = medicine(helper, opts)
  r.stabilized = r.success and M.stabilize(target) or false
  return r
end

-- M.stable_recovery: a Stable creature that is not healed regains 1 HP
-- after 1d4 hours (5E-ZERO-13). Returns the hours.
function M.stable_recovery(c)
  if not M.stable(c) or M.dead(c) then return nil end
  local hours = dice.total("1d4")
  c:heal(1)
  M.wake(c)
  return hours
end

-- M.knock_out: a creature reduced to 0 HP by a melee attack whose attacker
-- chooses to knock it out is left at 1 HP and Unconscious, and starts a
-- Short Rest (5E-ZERO-07, TV-35; AMB-21): the condition ends when that rest
-- ends (1 hour, M.rest_over), when it regains HP (M.wake) or on first aid
-- (M.first_aid). At 1 HP it makes no death saves.
function M.knock_out(c)
  reset(c)
  c:remove_condition("dying")
  c:remove_condition("stable")
  c:set("hp", 1)
  cond().add(c, "unconscious", { source = "knocked out" })
  return c
end

function M.knocked_out(c)
  return cond().sources(c, "unconscious")["knocked out"] == true
end

-- M.rest_over ends a knock-out when its Short Rest (1 hour) ends.
function M.rest_over(c)
  if not M.knocked_out(c) then return false end
  cond().remove(c, "unconscious", { source = "knocked out" })
  return true
end

-- M.first_aid: an action and a DC 10 Wisdom (Medicine) check end a
-- knock-out early (5E-ZERO-07). Returns the check, with `woken`.
function M.first_aid(helper, target, opts)
  if not M.knocked_out(target) then return { success = false, woken = false } end
  local r = medicine(helper, opts)
  r.woken = r.success and M.rest_over(target) or false
  return r
end

-- M.knock_out_hook is a fighter's `creature.down` hook for attackers that
-- knock foes out instead of killing them: put it in the stat block as
--   on = { ["creature.down"] = rules.need("5e.dying").knock_out_hook }
-- It acts on melee attacks only. The foe leaves the fight alive: the fight
-- engine has no "knocked out" exit, so it is marked fled.
M.knock_out_hook = {
  only = "actor",
  fn = function(e)
    if e.attack == nil or e.ranged then return end
    local t = e.target
    M.knock_out(t)
    rules.cancel(e, "knocked out")
    fight.flee(t)
  end,
}

rules.define("5e.dying", M)
