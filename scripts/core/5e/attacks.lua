-- Making attacks (inventory section 14, 5E-ATK-01..11, T-17): what an
-- attack gets from cover, range, sight, reach, nearby enemies and
-- conditions, and Opportunity Attacks with the Reaction they spend.
--
-- The rules themselves are data (combat.space in combat.lua and the
-- conditions' fight tables) applied by the kernel's one attack assessment:
-- in fights that play themselves, at the table, and here, where
-- 5e.attack.context asks it about an attack a script or a spec describes
-- (fight.assess). Without a map the same rules hold as its abstraction
-- (everyone in reach, nothing in between); cover markers (set_cover) give
-- a creature a degree of cover against every attack in such a fight.
--
-- The Cover table (T-17, 5E-ATK-03) is missing from the seed: it is a [K]
-- reconstruction from the published book, checked against SRD 5.2.1; so
-- is the Opportunity Attack trigger's list of ways of leaving (5E-ATK-10).
local rules = require("rules")
local grid = require("grid")
local fight = require("fight")

local M = {}

local function cond()
  return rules.need("5e.conditions")
end

local function space()
  return rules.need("combat").space
end

-- T-17 [K✓ SRD 5.2]: the degrees of cover and what they give the target,
-- as combat.space.cover declares them.
-- M.grades_of(cover) reads a combat.space.cover table into the grades
-- (a rule system built on 5e reads its own table the same way).
function M.grades_of(cv)
  local out = {}
  local rank = { none = 0, half = 1, ["three-quarters"] = 2, total = 3 }
  for g, r in pairs(rank) do
    local e = cv[g] or {}
    out[g] = { rank = r, ac = e.ac or 0, dex_save = e.save or 0, targetable = not e.untargetable }
  end
  return out
end
M.cover_grades = M.grades_of(space().cover)

-- M.best_cover returns the best of several degrees of cover: only one
-- applies, they don't add up (5E-ATK-03, TV-47).
function M.best_cover(grades)
  local best = "none"
  for _, g in ipairs(grades) do
    if M.cover_grades[g].rank > M.cover_grades[best].rank then best = g end
  end
  return best
end

-- M.cover_between grades target's cover against attacker on the grid:
-- walls and low walls (opts.obstacles: {{x, y, block = half|full}}) and
-- the creatures in between (opts.creatures, half cover), counted from the
-- attacker's best corner (the effect originates on the far side of what
-- covers the target). In a fight on a map, fight.cover answers from the map.
function M.cover_between(attacker, target, opts)
  opts = opts or {}
  local obs = {}
  for _, o in ipairs(opts.obstacles or {}) do obs[#obs + 1] = o end
  for _, c in ipairs(opts.creatures or {}) do
    if c ~= attacker and c ~= target then
      local p, sp = c:get("pos"), c:get("space")
      for dy = 0, sp.h - 1 do
        for dx = 0, sp.w - 1 do obs[#obs + 1] = { x = p.x + dx, y = p.y + dy, block = "half" } end
      end
    end
  end
  return grid.cover(attacker, target, { obstacles = obs }).grade
end

-- Cover markers for fights without a map: the kernel adds their ac_mod.
rules.define("condition.cover_half", { marker = true, name = { en = "Half Cover", zh = "半掩護" },
  fight = { ac_mod = M.cover_grades.half.ac } })
rules.define("condition.cover_three_quarters", { marker = true, name = { en = "Three-Quarters Cover", zh = "四分之三掩護" },
  fight = { ac_mod = M.cover_grades["three-quarters"].ac } })

-- M.set_cover gives c a degree of cover against every attack of a fight
-- ("none", "half", "three-quarters"; the best one only).
function M.set_cover(c, grade)
  c:remove_condition("cover_half")
  c:remove_condition("cover_three_quarters")
  if grade == "half" then c:add_condition("cover_half") end
  if grade == "three-quarters" then c:add_condition("cover_three_quarters") end
end

-- M.range_band: a ranged attack with one range can't reach beyond it; with
-- two (normal/long), beyond normal has what combat.space.range's first band
-- says (Disadvantage) and beyond long is not allowed (5E-ATK-07, TV-21).
-- Returns "normal", "disadvantage" or "out".
function M.range_band(distance, normal, long)
  if distance <= normal then return "normal" end
  if long and distance <= long then
    local b = space().range.bands[1]
    return (b.adv or 0) < 0 and "disadvantage" or "normal"
  end
  return "out"
end

-- M.reach_of: a creature's melee reach is 5 ft unless its stat block or the
-- attack says more (5E-ATK-09).
function M.reach_of(c, attack)
  if attack and attack.reach then return attack.reach end
  local r = c:get("reach")
  if r and r > 0 then return r end
  return space().square
end

-- M.can_see reports whether viewer can see target (the kernel's sight:
-- Blinded sees only by Blindsight within range; an Invisible target, a
-- hidden one among them, only by Blindsight or Truesight within range;
-- Tremorsense is not sight, AMB-27). opts.distance, else their positions'.
function M.can_see(viewer, target, opts)
  return fight.sees(viewer, target, opts)
end

-- M.melee_threat: a ranged attack roll has Disadvantage while an enemy
-- within 5 ft can see the attacker and is not Incapacitated (5E-ATK-08,
-- TV-45): the first of enemies that does, by the kernel's rule.
function M.melee_threat(attacker, enemies)
  local r = fight.assess(attacker, attacker, nil, { ranged = true, distance = 0, enemies = enemies })
  for _, why in ipairs(r.reasons) do
    local id = why.why:match("^enemy within reach: (.+)$")
    if id then
      for _, e in ipairs(enemies) do
        if e:get("id") == id then return e end
      end
    end
  end
  return nil
end

-- M.context returns what applies to an attack roll by attacker against
-- target (5E-ATK-01: choose a target in range, determine the modifiers):
-- {allowed, why, adv, dis, roll = "advantage"|"disadvantage"|"normal",
-- ac_bonus, crit (a hit is critical), cover, penalty (to hit), reasons =
-- {...}}, from the kernel's assessment (fight.assess) of the attack opts
-- describe: ranged, range = {normal, long}, reach, distance (else their
-- positions'), cover (a grade or a list of grades) or obstacles/creatures
-- for the grid's cover, enemies (for 5E-ATK-08), source_seen (Frightened),
-- underwater (5e.underwater's rules), weapon = {damage_type, ...}, adv/dis
-- (other sources).
function M.context(attacker, target, opts)
  opts = opts or {}
  local grade = opts.cover
  if grade == nil and (opts.obstacles or opts.creatures) then grade = M.cover_between(attacker, target, opts) end
  local a = fight.assess(attacker, target, nil, { ranged = opts.ranged, range = opts.range,
    reach = not opts.ranged and (opts.reach or M.reach_of(attacker)) or nil, distance = opts.distance,
    cover = grade, enemies = opts.enemies, source_seen = opts.source_seen })
  local r = { allowed = a.allowed, why = a.why, adv = opts.adv or 0, dis = opts.dis or 0, ac_bonus = a.ac_bonus,
    crit = a.crit, cover = a.cover, penalty = a.bonus, reasons = {} }
  for _, x in ipairs(a.reasons) do
    if x.kind == "adv" then
      if x.level > 0 then r.adv = r.adv + x.level else r.dis = r.dis - x.level end
    end
    r.reasons[#r.reasons + 1] = x.why
  end
  if r.why == "cover total" then r.why = "total cover" end
  local dist = a.distance
  if opts.underwater then
    local uw = rules.need("5e.underwater").attack(attacker, { ranged = opts.ranged, distance = dist,
      normal = opts.range and (opts.range[1] or opts.range.normal), damage_type = opts.weapon and opts.weapon.damage_type })
    if uw.auto_miss then r.auto_miss = true; r.reasons[#r.reasons + 1] = "underwater: beyond normal range" end
    if uw.dis then r.dis = r.dis + 1; r.reasons[#r.reasons + 1] = "underwater" end
  end
  -- 5E-ADV-03, 04: any advantage and any disadvantage cancel
  if r.adv > 0 and r.dis > 0 then r.roll = "normal"
  elseif r.adv > 0 then r.roll = "advantage"
  elseif r.dis > 0 then r.roll = "disadvantage"
  else r.roll = "normal" end
  return r
end

-- M.attacked: a hidden attacker reveals itself by attacking, hit or miss
-- (5E-ATK-06); the Invisible condition from hiding ends right after the
-- roll, which was made while still Invisible.
function M.attacked(attacker)
  return rules.need("5e.exploration").after(attacker, "attack")
end

-- M.wrong_square: attacking a guessed location where the target isn't
-- misses automatically (5E-ATK-04).
function M.wrong_square(target, square)
  local p = target:get("pos")
  return not (p.x == square.x and p.y == square.y)
end

-- ---- Reactions and Opportunity Attacks (5E-ATK-10, 11; 5E-ACT-05) ----

-- M.ready_reaction gives c its Reaction outside a fight: one, back at the
-- start of each of its turns (c:start_turn()). In a fight the Reaction is
-- the fight's "reaction" slot (combat.slots), which Shield, Uncanny Dodge
-- and Opportunity Attacks all spend and the kernel gives back at the start
-- of the creature's turn (5E-ACT-05).
function M.ready_reaction(c)
  if not c:resource("reaction") then c:set_resource("reaction", { max = 1, recharge = "turn" }) end
end

-- in_fight reports whether c fights in the current fight.
local function in_fight(c)
  local ok, info = pcall(fight.info, c)
  return ok and info ~= nil
end

function M.has_reaction(c)
  if in_fight(c) then return fight.remaining(c, "reaction") > 0 and cond().can_act(c) end
  M.ready_reaction(c)
  return c:resource("reaction").current > 0 and cond().can_act(c)
end

-- M.provokes reports whether mover leaving reactor's reach lets reactor
-- make an Opportunity Attack: only when mover leaves by its own movement,
-- action, Bonus Action or Reaction (how = "move", "action", "bonus",
-- "reaction"), not when pushed or falling ("forced") or teleporting
-- ("teleport"), nor after the Disengage action (tag "disengaged"); the
-- reactor must see it and have its Reaction (TV-50). In a fight the kernel
-- decides (combat.space.opportunity), as it does for every move.
function M.provokes(mover, reactor, how)
  if how ~= "move" and how ~= "action" and how ~= "bonus" and how ~= "reaction" then return false, how end
  local op = space().opportunity
  if mover:has_tag(op.unless) then return false, op.unless end
  if not M.has_reaction(reactor) then return false, "no reaction" end
  if op.sight and not M.can_see(reactor, mover, { distance = space().square }) then return false, "can't see it" end
  return true
end

-- M.disengage: the Disengage action; the mover's moves provoke no
-- Opportunity Attacks this turn (the kernel removes the tag at the end of
-- the turn in fights).
function M.disengage(c)
  c:add_tag(space().opportunity.unless)
end

-- M.opportunity_attack makes reactor's Opportunity Attack on mover, just
-- before it leaves the reach: it spends the Reaction and makes one melee
-- attack, with strike(reactor, mover) (default: the fight's opportunity
-- attack, fight.opportunity, or fight.strike with attack_name). Returns
-- the strike's result, or nil and why not.
function M.opportunity_attack(reactor, mover, how, attack_name, strike)
  local ok, why = M.provokes(mover, reactor, how)
  if not ok then return nil, why end
  if strike == nil and attack_name == nil and in_fight(reactor) then
    local did, not_why = fight.opportunity(reactor, mover)
    if not did then return nil, not_why end
    return { made = true }
  end
  if in_fight(reactor) then fight.spend(reactor, "reaction") else reactor:spend("reaction") end
  strike = strike or function(a, t) return fight.strike(a, t, attack_name) end
  return strike(reactor, mover)
end

-- M.leaving_reach returns the creatures whose reach mover leaves along
-- squares (the kernel reports each at the step it happens), using
-- 5e.movement.path's geometry.
function M.leaving_reach(mover, squares, creatures)
  local res = rules.need("5e.movement").path(mover, squares, { creatures = creatures, budget = 1e9 })
  local out = {}
  for _, e in ipairs(res.events or {}) do
    for _, c in ipairs(creatures) do
      if c:get("id") == e.id then out[#out + 1] = { creature = c, step = e.step } end
    end
  end
  return out
end

rules.define("5e.attack", M)
