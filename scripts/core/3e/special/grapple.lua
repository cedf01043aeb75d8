-- The 3.0 grapple (inventory 3E-GRAP-01..14, Table X-2, EX-21).
--
-- Starting a grapple replaces a melee attack and runs four steps: the
-- target's attack of opportunity (damage ends the attempt), a melee touch
-- attack (the grab), an opposed grapple check (the hold, which deals
-- unarmed damage at once) and moving into the target's space (attacks of
-- opportunity from others). Joining a grapple skips the first two. In a
-- grapple, each attack may be an opposed grapple check that damages, pins,
-- breaks a pin or escapes.
--
-- Who grapples whom is kept on the creatures as conditions, so it is part
-- of the fight's state and never outlives a trial: "grappling" (one
-- instance per opponent, its source the opponent's id), "pinned" (source:
-- the pinner) and "pinning" (source: the pinned creature).
--
-- The pieces that need no fight (the check bonus, the head count, the
-- options' effects on records) are plain functions; M.start, M.act and
-- M.escape play the steps in a fight through the ports the core provides
-- (M.ports: touch attack, opportunity attack, damage).
local rules = require("rules")
local T = require("core.3e.special.tables")
local W = require("core.3e.special.who")
local O = require("core.3e.special.opposed")

local M = rules.get("3e.special.grapple")
if M then return M end
M = {}

M.names = {
  grapple = { en = "Grapple", zh = "擒抱" },
  start = { en = "Start a grapple", zh = "开始擒抱" },
  grab = { en = "Grab (melee touch attack)", zh = "抓拽" },
  hold = { en = "Hold (opposed grapple check)", zh = "扣住敌人" },
  move_in = { en = "Move in", zh = "接近" },
  join = { en = "Join a grapple", zh = "加入擒抱" },
  damage = { en = "Damage your opponent", zh = "伤害你的敌人" },
  pin = { en = "Pin", zh = "限定行动" },
  break_pin = { en = "Break another's pin", zh = "打断别的限定行动" },
  escape = { en = "Escape", zh = "逃跑" },
  escape_pin = { en = "Escape a pin", zh = "从被限制行动状态中解脱" },
  wriggle = { en = "Wriggle free (Escape Artist)", zh = "挣脱" },
  grappling = { en = "Grappling", zh = "擒抱状态" },
  pinned = { en = "Pinned", zh = "被限制行动" },
}

M.capacity = 4            -- 3E-GRAP-13: at most 4 (counted by size) on one opponent
M.normal_damage_penalty = -4  -- 3E-GRAP-08: lethal damage instead of subdual
M.spell_dc = 20           -- 3E-GRAP-12: Concentration DC 20 + spell level

-- 3E-GRAP-01: BAB + Str modifier + the special size modifier (which
-- replaces the normal size modifier). opts.mods adds {value, source}s.
function M.bonus_mods(x, opts)
  local list = { { W.bab(x), "base attack" }, { W.mod(x, "str"), "Str" },
                 { T.grapple_size[W.size(x)], "grapple size" } }
  if opts and opts.mods then for _, m in ipairs(opts.mods) do list[#list + 1] = m end end
  return list
end
function M.bonus(x, opts) return O.sum(M.bonus_mods(x, opts)) end

-- 3E-GRAP-13: how much of the 4 a grappler uses against a defender, by
-- its size relative to the defender's: one smaller 1/2, the same 1, one
-- larger 2, two or more larger 4. Two or more smaller halves again per
-- category (an extrapolation of the seed's example, B-23).
function M.counts_as(grappler_size, defender_size)
  local d = T.rank(grappler_size) - T.rank(defender_size)
  if d >= 2 then return 4 end
  if d == 1 then return 2 end
  if d == 0 then return 1 end
  return 0.5 ^ (-d)
end

-- room(defender_size, sizes): whether grapplers of these sizes fit on one
-- defender, and the count they make.
function M.room(defender_size, sizes)
  local n = 0
  for _, s in ipairs(sizes) do n = n + M.counts_as(s, defender_size) end
  return n <= M.capacity, n
end

-- 3E-GRAP-05 (B-21): no hold on a creature two or more sizes larger.
function M.can_hold(attacker, target)
  if W.rank(target) - W.rank(attacker) >= 2 then
    return false, "cannot hold a creature two or more size categories larger"
  end
  return true
end

-- 3E-GRAP-08, 3E-UNARMED-03: grapple damage is an unarmed strike: 1d3 for
-- Medium-size, 1d2 for Small, plus the Str modifier, subdual unless the
-- grappler takes -4 to deal normal damage (a monk deals its unarmed
-- damage). Sizes beyond those two follow [K] PHB 3.0 Table 7-4's unarmed
-- strike by size.
M.unarmed_die = { fine = "0", diminutive = "1", tiny = "1d1", small = "1d2", medium = "1d3",
                  large = "1d4", huge = "1d6", gargantuan = "1d8", colossal = "2d6" }
function M.damage_expr(x, opts)
  opts = opts or {}
  if opts.damage then return opts.damage end
  local die = M.unarmed_die[W.size(x)] or "1d3"
  local s = W.mod(x, "str")
  if s ~= 0 then return string.format("%s%+d", die, s) end
  return die
end

-- ------------------------------------------------------------ state
-- The grapple's state lives in conditions on the creatures (see above).

local function id_of(x) return W.id(x) end

-- opponents(c) -> the ids of those c grapples, oldest first.
function M.opponents(c)
  local out = {}
  for _, k in ipairs(c:conditions("grappling")) do
    if k.source then out[#out + 1] = k.source end
  end
  return out
end

function M.grappling(c, other)
  if not c:has("grappling") then return false end
  if other == nil then return true end
  local oid = id_of(other)
  for _, s in ipairs(M.opponents(c)) do if s == oid then return true end end
  return false
end

function M.pinned_by(c)
  local k = c:conditions("pinned")[1]
  return k and k.source
end

function M.pinning(c)
  local k = c:conditions("pinning")[1]
  return k and k.source
end

-- link(a, b): a and b are now grappling each other.
function M.link(a, b)
  if not M.grappling(a, b) then a:add_condition("grappling", { source = id_of(b), stacking = "independent" }) end
  if not M.grappling(b, a) then b:add_condition("grappling", { source = id_of(a), stacking = "independent" }) end
end

-- unlink(a, b): a and b no longer grapple each other (and a pin between
-- them ends).
function M.unlink(a, b)
  a:remove_condition("grappling", { source = id_of(b) })
  b:remove_condition("grappling", { source = id_of(a) })
  M.unpin(a, b)
  M.unpin(b, a)
end

-- pin(pinner, target) / unpin(pinner, target).
function M.pin(pinner, target)
  target:add_condition("pinned", { source = id_of(pinner) })
  pinner:add_condition("pinning", { source = id_of(target) })
end
function M.unpin(pinner, target)
  local n = target:remove_condition("pinned", { source = id_of(pinner) })
  pinner:remove_condition("pinning", { source = id_of(target) })
  return n > 0
end

-- dex_denied(target, attacker): 3E-GRAP-14, a grappler loses its Dex bonus
-- to AC against attackers it is not grappling (and a pinned creature
-- against everyone, Table 8-8 #).
function M.dex_denied(target, attacker)
  if target:has("pinned") then return true end
  if not target:has("grappling") then return false end
  return not M.grappling(target, attacker)
end

-- threatens(c): 3E-GRAP-14, a grappling creature threatens no squares.
function M.threatens(c) return not c:has("grappling") end

-- weapon_ok(c, weapon): 3E-GRAP-12, only a light weapon in a grapple,
-- never while pinning or pinned; no two-weapon fighting.
function M.weapon_ok(c, weapon)
  if not c:has("grappling") then return true end
  if c:has("pinned") or c:has("pinning") then return false, "cannot attack with a weapon while pinning or pinned" end
  if weapon and weapon.two_weapon then return false, "cannot fight with two weapons in a grapple" end
  if weapon and not weapon.light and not weapon.natural and not weapon.unarmed then
    return false, "only a light weapon can be used in a grapple"
  end
  return true
end

rules.define("3e.special.grapple", M)
return M
