-- The fight primitives the special attacks are made of: a touch attack
-- that deals no damage (the grab, the trip), an attack of opportunity and
-- whether it hurt, the melee attack bonus, knocking prone. One place, so
-- every special attack makes these steps the same way.
local rules = require("rules")
local fight = require("fight")
local W = require("core.3e.special.who")

local M = rules.get("3e.special.act")
if M then return M end
M = {}

-- hurt(c): a mark of c's damage so far (hit points lost and subdual), to
-- tell whether something in between hurt it.
function M.hurt(c) return c:get("max_hp") - c:get("hp") + c:get("nonlethal") end

-- touch(attacker, target, opts): a melee touch attack (opts.ranged: a
-- ranged touch attack) through the kernel's attack pipeline, dealing no
-- damage: the attack bonus of attacker's weapon with the situation's
-- modifiers (flanking, prone, Table 8-8), against the target's touch AC
-- (3E-ATK-23). opts.attack names the weapon (default: the first melee
-- one), opts.bonus adds to the roll.
-- Returns the kernel's record {hit, crit, natural, total}.
function M.touch(attacker, target, opts)
  opts = opts or {}
  -- no attack name: the kernel takes attacker's first melee attack
  return fight.strike(attacker, target, opts.attack, { touch = true, no_damage = true, bonus = opts.bonus })
end

-- opportunity(reactor, mover): reactor's attack of opportunity against
-- mover when the rules allow one; returns {made, damage} (damage: what it
-- did to mover, hit points and subdual).
function M.opportunity(reactor, mover)
  local before = M.hurt(mover)
  local made = fight.opportunity(reactor, mover)
  return { made = made == true, damage = M.hurt(mover) - before }
end

-- provoke(c): every enemy threatening c may make its attack of
-- opportunity; returns {by = {handles}, damage}.
function M.provoke(c)
  local before = M.hurt(c)
  local by = fight.provoke(c)
  return { by = by, damage = M.hurt(c) - before }
end

-- prone(c): c falls prone (the core's condition, Table 8-8).
function M.prone(c) c:add_condition("prone") end

function M.note(fmt, ...) fight.note(string.format(fmt, ...)) end

M.id = W.id

rules.define("3e.special.act", M)
return M
