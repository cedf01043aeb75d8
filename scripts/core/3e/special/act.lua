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

-- threatens(h, x): whether one of h's melee attacks reaches x where
-- they stand (h could make an attack of opportunity on it).
function M.threatens(h, x)
  if fight.is(h, "out") or h:has("grappling") then return false end
  for _, n in ipairs(fight.attacks(h)) do
    if not fight.attack(h, n).ranged and fight.reaches(h, x, n) then return true end
  end
  return false
end

-- provoke_some(x, opts): the attacks of opportunity x provokes from its
-- enemies but opts.except (a handle); with opts.misdirect (a handle) and
-- opts.chance (%), each of them may hit that creature instead, rolled
-- before the attack (3E-BULL-02). Returns the damage x took.
function M.provoke_some(x, opts)
  local before = M.hurt(x)
  for _, h in ipairs(fight.enemies(x)) do
    if h ~= opts.except and M.threatens(h, x) then
      local target = x
      if opts.misdirect and not fight.is(opts.misdirect, "out") then
        local r = require("check").percentile(opts.chance or 25)
        if r.success then
          target = opts.misdirect
          M.note("%s's attack of opportunity on %s goes astray at %s (d%% %d)", M.id(h), M.id(x), M.id(target), r.roll)
        end
      end
      if target == x then fight.opportunity(h, x) else fight.strike(h, target, nil) end
      if fight.is(x, "out") then break end
    end
  end
  return M.hurt(x) - before
end

local function sign(n) return n > 0 and 1 or (n < 0 and -1 or 0) end

-- away(from, x): the square one step from x straight away from from
-- (the direction from from's square to x's).
function M.away(from, x)
  local a, b = fight.pos(from), fight.pos(x)
  return { x = b.x + sign(b.x - a.x), y = b.y + sign(b.y - a.y) }
end

-- free(p, except): whether square p is open ground no creature (but
-- except) stands on.
function M.free(p, except)
  local m = fight.map()
  if not m or p.x < 0 or p.y < 0 or p.x >= m.width or p.y >= m.height then return false end
  local row = m.rows[p.y + 1]
  local ch = row and row:sub(p.x + 1, p.x + 1)
  if ch == "#" or ch == "=" then return false end
  for _, c in ipairs(fight.all()) do
    if c ~= except and not fight.is(c, "out") then
      local q = fight.pos(c)
      if q and q.x == p.x and q.y == p.y then return false end
    end
  end
  return true
end

M.id = W.id

rules.define("3e.special.act", M)
return M
