-- Unarmed attacks (inventory 3E-UNARMED-01..04; 3E-MON-06).
--
-- An unarmed attack provokes an attack of opportunity from an armed
-- target, resolved first; it deals 1d3 (Medium-size) or 1d2 (Small) plus
-- Str, as subdual damage, or normal damage at -4 declared before the roll.
-- Some unarmed attackers count as armed (a monk with Improved Unarmed
-- Strike, a caster delivering a touch spell, a creature with natural
-- weapons): they do not provoke, and they threaten, so they make attacks
-- of opportunity against unarmed attackers.
local rules = require("rules")
local W = require("core.3e.special.who")
local G = require("core.3e.special.grapple")

local M = rules.get("3e.special.unarmed")
if M then return M end
M = {}

M.names = {
  unarmed = { en = "Unarmed attack", zh = "徒手攻击" },
  unarmed_normal = { en = "Unarmed attack for normal damage", zh = "造成普通伤害" },
  armed_unarmed = { en = "Unarmed attack that counts as armed", zh = "被视为“武器”攻击的徒手攻击" },
}

M.normal_damage_penalty = -4   -- 3E-UNARMED-04, 3E-SUBD-08

-- counts_as_armed(x, opts): 3E-UNARMED-02. A creature tagged
-- "improved_unarmed_strike" or "natural_weapons" (3E-MON-06), or one
-- delivering a touch spell (opts.touch_spell).
function M.counts_as_armed(x, opts)
  if opts and opts.touch_spell then return true end
  return W.tag(x, "improved_unarmed_strike") or W.tag(x, "natural_weapons")
end

-- armed(x): whether x holds a melee weapon or counts as armed unarmed,
-- i.e. whether it threatens (a creature with only a bow does not). A
-- creature record says so with armed = true/false; a creature handle with
-- the tag "armed" or "natural_weapons", or, in a fight, a melee attack
-- that is not an unarmed strike (group "unarmed" or named so).
function M.armed(x)
  if type(x) == "table" and x.armed ~= nil then return x.armed end
  if W.tag(x, "armed") or M.counts_as_armed(x) then return true end
  if require("creature").is(x) then
    local fight = require("fight")
    local ok, names = pcall(fight.attacks, x)
    if ok then
      -- what an unarmed strike is: the kernel's rule (combat.space.unarmed)
      local c = rules.get("combat")
      local u = c and c.space and c.space.unarmed or {}
      for _, n in ipairs(names) do
        local a = fight.attack(x, n)
        if not a.ranged and not (u.group and a.group == u.group) and not (u.named and n:lower():find(u.named, 1, true)) then
          return true
        end
      end
    end
  end
  return false
end

-- provokes(attacker, target, opts): 3E-UNARMED-01, whether an unarmed
-- attack draws the target's attack of opportunity (before the blow).
function M.provokes(attacker, target, opts)
  if M.counts_as_armed(attacker, opts) then return false end
  return M.armed(target)
end

-- damage(x, opts): the dice of an unarmed strike and whether the damage
-- is subdual. opts.normal: the attacker takes -4 to deal normal damage
-- (declared before the roll; returns the penalty to apply); a monk
-- (tag "monk_unarmed") deals normal damage or subdual at its choice with
-- no penalty, with its own dice (opts.damage).
function M.damage(x, opts)
  opts = opts or {}
  local expr = G.damage_expr(x, opts)
  if W.tag(x, "monk_unarmed") then
    return { expr = expr, subdual = opts.subdual == true, penalty = 0 }
  end
  if opts.normal then return { expr = expr, subdual = false, penalty = M.normal_damage_penalty } end
  return { expr = expr, subdual = true, penalty = 0 }
end

-- light(): an unarmed strike is a light weapon for two-weapon penalties
-- (3E-UNARMED-03, 3E-ATK-21).
M.light = true

-- attack(x, y, opts): an unarmed attack in a fight with x's unarmed
-- attack (opts.attack, default "Unarmed strike"): an armed target's
-- attack of opportunity first (3E-UNARMED-01, 3E-AOO-09), then the blow,
-- subdual unless opts.normal (-4, declared before the roll). Returns
-- {opportunity, strike}.
-- The attackers whose attack M.attack is making (its own opportunity
-- attack is done): the declare hook below leaves them alone. Empty between
-- calls.
local making = {}

function M.attack(x, y, opts)
  opts = opts or {}
  local A = require("core.3e.special.act")
  local fight = require("fight")
  local out = {}
  if M.provokes(x, y, opts) then
    out.opportunity = A.opportunity(y, x)
    if fight.is(x, "out") then return out end
  end
  local d = M.damage(x, opts)
  making[x:get("id")] = true
  local ok, r = pcall(fight.strike, x, y, opts.attack or "Unarmed strike", { nonlethal = d.subdual, bonus = d.penalty })
  making[x:get("id")] = nil
  if not ok then error(r, 0) end
  out.strike = r
  return out
end

-- M.unarmed_attack(x, name): whether x's attack name is an unarmed strike
-- (group "unarmed" or named so, as M.armed reads it).
function M.unarmed_attack(x, name)
  if name and name:lower():find("unarmed", 1, true) then return true end
  local ok, a = pcall(require("fight").attack, x, name)
  return ok and a ~= nil and a.group == "unarmed"
end

-- 3E-UNARMED-01, 3E-AOO-09: any unarmed attack in a fight (one that plays
-- itself, or fight.strike) draws an armed target's attack of opportunity
-- first, as M.attack does; an attacker it drops makes no attack. The hook
-- is called only for melee attacks of group "unarmed" (the kernel skips
-- the rest without calling it; statblock.lua gives a weapon named
-- "Unarmed strike" that group).
rules.on("attack.declare", function(e)
  local x = e.attacker
  if making[x:get("id")] or not M.provokes(x, e.target) then return end
  local fight = require("fight")
  require("core.3e.special.act").opportunity(e.target, x)
  if fight.is(x, "out") then rules.cancel(e, "the attacker is down") end
end, { phase = "declare", attacks = "melee", group = "unarmed" })

rules.define("3e.special.unarmed", M)
return M
